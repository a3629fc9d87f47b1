//! What is being evaluated, as OpenTofu names it in its messages
//! (`StaticIdentifier`): `local.a`, `module.x.source`, and in a child
//! module the module's address before a colon (`module.a:var.b`).

use std::fmt;

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;

use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;

#[derive(Debug, Clone)]
pub(crate) struct Ident {
    /// `module.a.module.b`, empty in a root module.
    pub module: String,
    pub subject: String,
    /// Its declaration (`DeclRange`); `None` where OpenTofu's is empty.
    pub place: Option<(SourceFile, TextRange)>,
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.module.is_empty() {
            f.write_str(&self.subject)
        } else {
            write!(f, "{}:{}", self.module, self.subject)
        }
    }
}

/// An error at `place`, or without a place.
pub(crate) fn error(
    code: Code,
    detail: String,
    place: Option<(SourceFile, TextRange)>,
) -> Diagnostic {
    let diagnostic = Diagnostic::error(code, detail);
    match place {
        Some((file, range)) => diagnostic.with_location(file, range),
        None => diagnostic,
    }
}

/// `enhanceDiagnostics`: what `top` reports when `dependency` failed.
pub(crate) fn unavailable(top: &Ident, dependency: &Ident) -> Diagnostic {
    error(
        Code::UnableToComputeStaticValue,
        format!("{top} depends on {dependency} which is not available"),
        top.place,
    )
}
