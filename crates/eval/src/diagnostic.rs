use tofu_syntax::TextRange;
use tofu_types::Type;

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
    /// The function whose call failed, for the diagnostics of calls.
    pub function_call: Option<Box<FunctionCall>>,
}

/// The function a call diagnostic is about (HCL's `FunctionCallDiagExtra`):
/// the name it was called by and its signature, which OpenTofu's JSON
/// diagnostics describe.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionCall {
    pub called_as: String,
    pub signature: FunctionSignature,
}

/// A function's signature as `jsonentities.DescribeFunction` describes it:
/// its leaf name, parameters, variadic parameter and the return type for
/// arguments of exactly the parameter types.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionSignature {
    pub name: String,
    pub params: Vec<(String, Type)>,
    pub variadic_param: Option<(String, Type)>,
    pub return_type: Type,
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
            function_call: None,
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
