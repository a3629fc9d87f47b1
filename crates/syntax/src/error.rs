//! Syntax errors are diagnostics like every other layer's: HCL's summary,
//! detail, subject range and (for some) a wider context range.

pub use tofu_diagnostics::{Code, Severity};

/// A syntax error as HCL reports it: always about a range of the text
/// parsed.
pub type SyntaxError = tofu_diagnostics::Diagnostic;
