use rowan::TextRange;

/// A syntax error as HCL reports it: a summary, a detail sentence and the
/// byte range of the subject.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub summary: String,
    pub detail: String,
    pub range: TextRange,
}

impl SyntaxError {
    pub fn new(summary: impl Into<String>, detail: impl Into<String>, range: TextRange) -> Self {
        SyntaxError { summary: summary.into(), detail: detail.into(), range }
    }
}
