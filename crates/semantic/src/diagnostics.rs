//! The semantic crate's diagnostic type and what every layer of it uses
//! to make and tidy diagnostics.

use tofu_diagnostics::Code;
use tofu_syntax::{LineIndex, TextRange};

use crate::input::SourceFile;

/// A semantic diagnostic: the one diagnostic type, with places named by
/// the database's source files.
pub type Diagnostic = tofu_diagnostics::Diagnostic<SourceFile>;

/// Drops the diagnostics that repeat an earlier one exactly (severity,
/// summary, detail and place), keeping the order.
pub fn dedupe(diagnostics: &mut Vec<Diagnostic>) {
    let mut seen = std::collections::HashSet::new();
    diagnostics
        .retain(|d| seen.insert((d.severity, d.summary.clone(), d.detail.clone(), d.location)));
}

/// What a deprecation warning is about (OpenTofu's `DeprecationCause`):
/// the value model's, since deprecated outputs mark their values with it.
pub use tofu_types::DeprecationCause;

/// A failure of the analyzer itself while analysing `what` (a module
/// directory or a module instance): the rest of the report stands, but
/// nothing of `what` is reported.
pub fn internal_error(what: &str, message: &str) -> Diagnostic {
    Diagnostic::error(
        Code::InternalError,
        format!(
            "The analysis of {what} failed: {message}. Its diagnostics are missing from this report; the rest is complete. This is a bug in tofu-analyzer, not in the configuration."
        ),
    )
}

/// Where something is, as OpenTofu writes it: `main.tf:3,1-15`.
pub(crate) fn range_string(db: &dyn salsa::Database, file: SourceFile, range: TextRange) -> String {
    let text = file.text(db);
    let path = file.path(db);
    let name = path.rsplit('/').next().unwrap_or(path);
    LineIndex::new(text).range_string(text, name, range)
}
