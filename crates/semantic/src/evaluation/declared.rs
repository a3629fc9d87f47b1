//! What evaluation reads of a module's declarations: its variables as
//! `configs.Variable` holds them, and the expressions of named values.

use std::sync::Arc;

use crate::input::ModuleDir;

pub use crate::config::model::VariableDecl;

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
        for variable in crate::config::file_variables(db, file) {
            if !out.iter().any(|v| v.name == variable.name) {
                out.push(Arc::new(variable));
            }
        }
    }
    // Override files change types, defaults and nullability.
    let overrides = crate::overrides::module_overrides(db, module);
    for variable in &mut out {
        if let Some(merged) = overrides.variable(variable) {
            *variable = Arc::new(merged);
        }
    }
    out
}
