//! Diagnostics as plain data, for every renderer to present its own way.

use tofu_syntax::TextRange;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    /// Informational; shown by the human renderer only, since the JSON
    /// schema of `tofu validate` has no place for it.
    Note,
}

/// An index into [`crate::check::CheckReport::sources`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// Where in a source file a diagnostic points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Location {
    pub file: FileId,
    pub range: TextRange,
    /// The wider range HCL names as the diagnostic's context, if any;
    /// snippets show its lines around the subject.
    pub context: Option<TextRange>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    /// One line, as HCL's summaries are.
    pub summary: String,
    /// Full sentences; may be empty.
    pub detail: String,
    /// `None` for a diagnostic about no particular place in a file.
    pub location: Option<Location>,
    /// What the expression's references were, as HCL describes them for
    /// the snippet: `("module.network", "is a object")`.
    pub values: Vec<(String, String)>,
    /// For a deprecation warning, what is deprecated (the human output
    /// filters and consolidates these by it).
    pub deprecation: Option<tofu_semantic::DeprecationCause>,
    /// For a failed function call, the function the JSON snippet describes.
    pub function_call: Option<Box<tofu_eval::FunctionCall>>,
}

impl Diagnostic {
    pub fn new(severity: Severity, summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            summary: summary.into(),
            detail: detail.into(),
            location: None,
            values: Vec::new(),
            deprecation: None,
            function_call: None,
        }
    }

    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Error, summary, detail)
    }

    pub fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Warning, summary, detail)
    }

    pub fn note(summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Note, summary, detail)
    }

    pub fn at(mut self, file: FileId, range: TextRange) -> Self {
        self.location = Some(Location {
            file,
            range,
            context: None,
        });
        self
    }

    /// Sets what the snippet says of the expression's values.
    pub fn with_values(mut self, values: Vec<(String, String)>) -> Self {
        self.values = values;
        self
    }

    pub fn with_function_call(mut self, call: Option<Box<tofu_eval::FunctionCall>>) -> Self {
        self.function_call = call;
        self
    }

    pub fn with_deprecation(mut self, cause: Option<tofu_semantic::DeprecationCause>) -> Self {
        self.deprecation = cause;
        self
    }

    pub fn with_context(mut self, context: Option<TextRange>) -> Self {
        if let Some(location) = &mut self.location {
            location.context = context;
        }
        self
    }
}
