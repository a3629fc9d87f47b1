//! The one diagnostic type every layer reports with, from the parser to
//! the command line: OpenTofu's diagnostic data (HCL's `hcl.Diagnostic`
//! with the extras OpenTofu's views show), a [`Severity`] and a stable
//! [`Code`] naming the kind of problem.
//!
//! The crate is a leaf (it depends on nothing of the workspace), so that
//! every layer, the parser included, can report with it.
//!
//! Layers differ only in how they name files, so the type is generic over
//! that: `Diagnostic<()>` below the files (syntax, evaluation: ranges are
//! in the text at hand), `Diagnostic<SourceFile>` in the semantic
//! database, `Diagnostic<FileId>` in a check's report. [`Diagnostic::in_file`]
//! moves a diagnostic up a layer.

mod codes;
pub mod lints;

pub use codes::Code;
pub use text_size::TextRange;

/// How bad a diagnostic is. OpenTofu has errors and warnings; notes are
/// the analyzer's own information (a module not installed, a file
/// ignored), which `tofu validate`'s JSON has no place for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`, as configuration and output formats
    /// spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// Where a diagnostic points: HCL's `Subject`, in the file `file`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Location<F = ()> {
    pub file: F,
    pub range: TextRange,
}

/// A diagnostic as OpenTofu reports it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic<F = ()> {
    /// The kind of problem, stable across releases.
    pub code: Code,
    pub severity: Severity,
    /// One line, as HCL's summaries are; usually the code's own summary.
    pub summary: String,
    /// Full sentences; may be empty.
    pub detail: String,
    /// `None` for a diagnostic about no particular place.
    pub location: Option<Location<F>>,
    /// HCL's `Context`: a wider range around the subject, in the same
    /// file, that snippets show.
    pub context: Option<TextRange>,
    /// What the failed expression's references were, as HCL describes
    /// them under the snippet: `("var.n", "is 20")`.
    pub values: Vec<(String, String)>,
    /// For a failed function call, the function (HCL's
    /// `FunctionCallDiagExtra`, which OpenTofu's JSON describes).
    pub function_call: Option<Box<FunctionCall>>,
    /// For a deprecation warning, what is deprecated: the human output
    /// filters and consolidates these by it.
    pub deprecation: Option<Box<DeprecationCause>>,
}

/// The function a call diagnostic is about: the name it was called by and
/// its signature.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionCall {
    pub called_as: String,
    pub signature: FunctionSignature,
}

/// A function's signature as OpenTofu's `jsonentities.DescribeFunction`
/// describes it: its leaf name, parameters, variadic parameter and the
/// return type for arguments of exactly the parameter types. Types are
/// given in cty's JSON type encoding (`"string"`, `["list","number"]`),
/// which is all OpenTofu's JSON shows of them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionSignature {
    pub name: String,
    pub params: Vec<(String, String)>,
    pub variadic_param: Option<(String, String)>,
    pub return_type: String,
}

/// What a deprecation warning is about (OpenTofu's `DeprecationCause`):
/// the module instance that declares the deprecated object (`module.a`,
/// `module.a[0]`; empty for the root), its name, the author's message,
/// and the source address of the call that loads that module (for
/// filtering and consolidating the warnings). The value model marks
/// values with it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeprecationCause {
    pub module: String,
    pub subject: String,
    pub message: String,
    pub source: Option<String>,
    /// The module comes from a remote source, not a local directory.
    pub remote: bool,
}

impl DeprecationCause {
    /// `module.a.out`, or the name alone in the root module.
    pub fn full_subject(&self) -> String {
        if self.module.is_empty() {
            self.subject.clone()
        } else {
            format!("{}.{}", self.module, self.subject)
        }
    }
}

impl<F> Diagnostic<F> {
    /// A diagnostic of `code` with the code's summary, about no place.
    pub fn new(severity: Severity, code: Code, detail: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity,
            summary: code.summary().to_owned(),
            detail: detail.into(),
            location: None,
            context: None,
            values: Vec::new(),
            function_call: None,
            deprecation: None,
        }
    }

    pub fn error(code: Code, detail: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Error, code, detail)
    }

    pub fn warning(code: Code, detail: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Warning, code, detail)
    }

    pub fn note(code: Code, detail: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Note, code, detail)
    }

    /// An error of `code` about `range` of `file`.
    pub fn error_in(code: Code, detail: impl Into<String>, file: F, range: TextRange) -> Self {
        Diagnostic::error(code, detail).with_location(file, range)
    }

    /// A warning of `code` about `range` of `file`.
    pub fn warning_in(code: Code, detail: impl Into<String>, file: F, range: TextRange) -> Self {
        Diagnostic::warning(code, detail).with_location(file, range)
    }

    /// Replaces the code's summary, for the kinds whose summary names
    /// what they are about (`Ignored main.tf`, `Cycle: ...`).
    pub fn with_summary(mut self, summary: impl Into<String>) -> Self {
        self.summary = summary.into();
        self
    }

    pub fn with_location(mut self, file: F, range: TextRange) -> Self {
        self.location = Some(Location { file, range });
        self
    }

    /// Sets HCL's context range.
    pub fn with_context(mut self, context: TextRange) -> Self {
        self.context = Some(context);
        self
    }

    pub fn with_values(mut self, values: Vec<(String, String)>) -> Self {
        self.values = values;
        self
    }

    pub fn with_function_call(mut self, call: Option<Box<FunctionCall>>) -> Self {
        self.function_call = call;
        self
    }

    pub fn with_deprecation(mut self, cause: Option<Box<DeprecationCause>>) -> Self {
        self.deprecation = cause;
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The subject's range, if the diagnostic has a place.
    pub fn range(&self) -> Option<TextRange> {
        self.location.as_ref().map(|l| l.range)
    }

    /// The same diagnostic with its file named another way, as it moves
    /// from one layer to the next.
    pub fn map_file<G>(self, f: impl FnOnce(F) -> G) -> Diagnostic<G> {
        Diagnostic {
            code: self.code,
            severity: self.severity,
            summary: self.summary,
            detail: self.detail,
            location: self.location.map(|l| Location {
                file: f(l.file),
                range: l.range,
            }),
            context: self.context,
            values: self.values,
            function_call: self.function_call,
            deprecation: self.deprecation,
        }
    }
}

impl Diagnostic<()> {
    /// An error of `code` about `range` of the text at hand.
    pub fn error_at(code: Code, detail: impl Into<String>, range: TextRange) -> Self {
        Diagnostic::error_in(code, detail, (), range)
    }

    pub fn with_subject(self, range: TextRange) -> Self {
        self.with_location((), range)
    }

    /// This diagnostic about `range` of `file`, whatever place it had.
    pub fn placed<G>(self, file: G, range: TextRange) -> Diagnostic<G> {
        self.without_place().with_location(file, range)
    }

    /// This diagnostic about no place (and so no context), in a layer
    /// that names files by `G`.
    pub fn without_place<G>(self) -> Diagnostic<G> {
        Diagnostic {
            location: None,
            context: None,
            ..self
        }
        .map_file(|()| unreachable!("the place was dropped"))
    }

    /// This diagnostic, found in `file`.
    pub fn in_file<G>(self, file: G) -> Diagnostic<G> {
        self.map_file(|()| file)
    }
}
