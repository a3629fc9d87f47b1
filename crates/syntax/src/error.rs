use rowan::TextRange;

/// A syntax error as HCL reports it: a summary, a detail sentence, the
/// byte range of the subject and, for some errors, a wider context range
/// (HCL's `Context`) that tools show around the subject.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub summary: String,
    pub detail: String,
    pub range: TextRange,
    pub context: Option<TextRange>,
}

impl SyntaxError {
    pub fn new(summary: impl Into<String>, detail: impl Into<String>, range: TextRange) -> Self {
        SyntaxError {
            summary: summary.into(),
            detail: detail.into(),
            range,
            context: None,
        }
    }

    pub fn with_context(mut self, context: TextRange) -> Self {
        self.context = Some(context);
        self
    }
}
