//! Const-ness: whether a declaration can be evaluated without state.

use tofu_semantic::{Constness, Database, DeclKind, StaticCall, module_instances};

use crate::host::Tree;

/// Whether a variable or local of a module (`""` for the root) can be
/// evaluated without state, as OpenTofu's static evaluator would under
/// the first call path that reaches the module; if not, the chain of
/// references that makes it dynamic. `None` for a module the tree does
/// not reach.
pub(crate) fn is_const(
    db: &Database,
    tree: &Tree,
    module_dir: &str,
    kind: &DeclKind,
) -> Option<Constness> {
    let module = tree.module(module_dir)?;
    let instance = module_instances(db, tree.workspace, module).first()?;
    let call = StaticCall::of_instance(instance);
    Some(tofu_semantic::is_const(db, tree.workspace, call, kind.clone()).clone())
}
