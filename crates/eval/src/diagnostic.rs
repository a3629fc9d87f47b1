use tofu_syntax::TextRange;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

/// An evaluation diagnostic as HCL reports it: ranges are byte ranges in
/// the text the expression was parsed from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub summary: String,
    pub detail: String,
    /// HCL's `Subject`: what the diagnostic is about.
    pub subject: Option<TextRange>,
    /// HCL's `Context`: a wider range shown around the subject.
    pub context: Option<TextRange>,
    /// What can be said of the values the failed expression refers to:
    /// each traversal with its statement (`local.base`, `is "abc"`).
    pub values: Vec<(String, String)>,
}

impl Diagnostic {
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject: None,
            context: None,
            values: Vec::new(),
        }
    }

    pub fn with_subject(mut self, subject: TextRange) -> Diagnostic {
        self.subject = Some(subject);
        self
    }

    pub fn with_context(mut self, context: TextRange) -> Diagnostic {
        self.context = Some(context);
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
