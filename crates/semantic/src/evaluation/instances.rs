//! The module instances of an evaluation and what evaluating each one
//! reports.

use std::collections::HashSet;

use super::{
    Evaluation, InstanceAddr, call_expansion, local_value, module_variable_decls, output_value,
    resource_expansion, resource_value, variable_validation_diagnostics, variable_value,
};
use crate::declarations::DeclKind;
use crate::{Diagnostic, ModuleDir, call_targets, module_declarations, module_tree};

/// The module an instance is of, following its calls from its root;
/// `None` where the tree does not follow a call.
#[salsa::tracked(returns(copy))]
pub fn instance_module(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
) -> Option<ModuleDir> {
    let workspace = ev.workspace(db);
    let mut module = addr.root;
    for step in addr.steps.iter() {
        module = call_targets(db, workspace, module)
            .iter()
            .find(|(name, _)| name == &step.call)
            .map(|(_, target)| *target)?;
    }
    Some(module)
}

/// Instances beyond this many in one evaluation are not evaluated: a
/// tree of wide expansions stays bounded.
const MAX_INSTANCES: usize = 100_000;

/// Every module instance of the evaluation, each parent before its
/// children: every root module of the tree, and below it each instance
/// of each call (one with unknown keys where the instances are not known).
#[salsa::tracked(returns(ref))]
pub fn evaluation_instances(db: &dyn salsa::Database, ev: Evaluation) -> Vec<InstanceAddr> {
    let tree = module_tree(db, ev.workspace(db));
    let mut out = Vec::new();
    for root in tree.instances.iter().filter(|i| i.path.is_empty()) {
        let mut stack = vec![(InstanceAddr::root(root.module), vec![root.module])];
        while let Some((addr, ancestors)) = stack.pop() {
            if out.len() >= MAX_INSTANCES {
                return out;
            }
            let module = *ancestors.last().expect("an instance has its module");
            let mut children = Vec::new();
            for (call, target) in call_targets(db, ev.workspace(db), module) {
                // A call back into an ancestor is the tree's error.
                if ancestors.contains(target) {
                    continue;
                }
                let expansion = call_expansion(db, ev, addr.clone(), call.clone());
                for key in expansion.instances() {
                    let mut path = ancestors.clone();
                    path.push(*target);
                    children.push((addr.child(call, key), path));
                }
            }
            out.push(addr);
            // Popped in order: the first call's first instance first.
            stack.extend(children.into_iter().rev());
        }
    }
    out
}

/// What evaluating instance `addr` reports: its variables' values and
/// validations, its locals, outputs, module calls' and resources'
/// instances and arguments, each error once.
#[salsa::tracked(returns(ref))]
pub fn instance_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
) -> Vec<Diagnostic> {
    let Some(module) = instance_module(db, ev, addr.clone()) else {
        return Vec::new();
    };
    if !tree_loads_cleanly(db, ev, addr.root) {
        return Vec::new();
    }
    let mut out: Vec<Diagnostic> = Vec::new();
    for variable in module_variable_decls(db, module) {
        let name = variable.name.clone();
        out.extend(
            variable_value(db, ev, addr.clone(), name.clone())
                .diagnostics
                .iter()
                .cloned(),
        );
        out.extend(
            variable_validation_diagnostics(db, ev, addr.clone(), name)
                .iter()
                .cloned(),
        );
    }
    for decl in module_declarations(db, module) {
        match &decl.kind {
            DeclKind::Local(name) => {
                out.extend(
                    local_value(db, ev, addr.clone(), name.clone())
                        .diagnostics
                        .iter()
                        .cloned(),
                );
            }
            DeclKind::Output(name) => {
                out.extend(
                    output_value(db, ev, addr.clone(), name.clone())
                        .diagnostics
                        .iter()
                        .cloned(),
                );
            }
            DeclKind::ModuleCall(call) => {
                out.extend(
                    call_expansion(db, ev, addr.clone(), call.clone())
                        .diagnostics
                        .iter()
                        .cloned(),
                );
            }
            kind @ (DeclKind::ManagedResource { .. }
            | DeclKind::DataResource { .. }
            | DeclKind::EphemeralResource { .. }) => {
                out.extend(
                    resource_expansion(db, ev, addr.clone(), kind.clone())
                        .diagnostics
                        .iter()
                        .cloned(),
                );
                out.extend(
                    resource_value(db, ev, addr.clone(), kind.clone())
                        .diagnostics
                        .iter()
                        .cloned(),
                );
            }
            _ => {}
        }
    }
    let mut seen = HashSet::new();
    out.retain(|d| seen.insert((d.summary.clone(), d.detail.clone(), d.location)));
    out
}

/// Whether a module loads without errors: its files parse and decode,
/// and go together.
#[salsa::tracked]
pub fn module_loads_cleanly(db: &dyn salsa::Database, module: ModuleDir) -> bool {
    let files_load = module
        .files(db)
        .iter()
        .chain(module.overrides(db))
        .filter(|f| f.exists(db))
        .all(|&f| {
            crate::parse(db, f).errors.is_empty()
                && !crate::file_config_diagnostics(db, f)
                    .iter()
                    .any(|d| d.severity == crate::Severity::Error)
        });
    files_load
        && crate::diagnostics::module_duplicates(db, module).is_empty()
        && !crate::module_settings_diagnostics(db, module)
            .iter()
            .any(|d| d.severity == crate::Severity::Error)
        && !crate::module_override_diagnostics(db, module)
            .iter()
            .any(|d| d.severity == crate::Severity::Error)
}

/// Whether every module of a root module's tree loads without errors:
/// OpenTofu evaluates nothing of a configuration that fails to load.
#[salsa::tracked]
pub fn tree_loads_cleanly(db: &dyn salsa::Database, ev: Evaluation, root: ModuleDir) -> bool {
    let workspace = ev.workspace(db);
    let mut seen = HashSet::from([root]);
    let mut stack = vec![root];
    while let Some(module) = stack.pop() {
        if !module_loads_cleanly(db, module) {
            return false;
        }
        for (_, target) in call_targets(db, workspace, module) {
            if seen.insert(*target) {
                stack.push(*target);
            }
        }
    }
    true
}
