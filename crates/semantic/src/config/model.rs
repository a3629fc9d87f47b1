//! The configuration as decoded: what load-time decoding keeps of each
//! block for every later query, so that none decodes it again. This is
//! where OpenTofu's `configs` types (`configs.Variable`, ...) live here.

use tofu_syntax::TextRange;
use tofu_types::Value;

use crate::SourceFile;
use tofu_eval::typeexpr::TypeConstraint;

/// A variable declaration, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct VariableDecl {
    pub name: String,
    pub file: SourceFile,
    /// The block header, OpenTofu's `DeclRange`.
    pub range: TextRange,
    pub constraint: TypeConstraint,
    /// The default, converted to the type; `None` without one (the
    /// variable is required).
    pub default: Option<Value>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
    pub deprecated: Option<String>,
    /// Whether it has `validation` blocks (read from its block when they
    /// are checked).
    pub has_validations: bool,
}
