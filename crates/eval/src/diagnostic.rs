//! Evaluation diagnostics are the one diagnostic type, with ranges in the
//! text the expression was parsed from.

pub use tofu_diagnostics::{Code, FunctionCall, FunctionSignature, Severity};

/// An evaluation diagnostic as HCL reports it.
pub type Diagnostic = tofu_diagnostics::Diagnostic;
