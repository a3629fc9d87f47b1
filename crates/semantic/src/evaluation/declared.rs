//! What evaluation reads of a module's declarations: its variables as
//! `configs.Variable` holds them, and the expressions of named values.

use std::sync::Arc;

use tofu_eval::typeexpr::TypeConstraint;
use tofu_syntax::TextRange;
use tofu_types::Value;

use crate::{ModuleDir, SourceFile};

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

/// The variables of a module, the first of duplicates winning, as the
/// load-time decoder read them (whatever it reported is its own: a type
/// with errors is `any`, a default that does not convert is none).
#[salsa::tracked(returns(ref))]
pub fn module_variable_decls(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> Vec<Arc<VariableDecl>> {
    let mut out: Vec<Arc<VariableDecl>> = Vec::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        for variable in &crate::config::file_config(db, file).variables {
            if !out.iter().any(|v| v.name == variable.name) {
                out.push(variable.clone());
            }
        }
    }
    // Override files change types, defaults and nullability.
    let overrides = crate::module_overrides(db, module);
    for variable in &mut out {
        if let Some(merged) = overrides.variable(variable) {
            *variable = Arc::new(merged);
        }
    }
    out
}
