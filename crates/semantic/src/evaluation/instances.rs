//! The module instances of an evaluation and what evaluating each one
//! reports.

use super::variables::{validation_diagnostics_of, variable_value_of};
use super::{
    Evaluation, InstanceAddr, InstanceKey, call_expansion, local_value, module_variable_decls,
    output_value, resource_expansion, resource_value, variable_validation_diagnostics,
    variable_value,
};
use std::collections::HashSet;
use std::sync::Arc;

use crate::call_tree::{module_graph, module_targets};
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::diagnostics::Diagnostic;
use crate::input::ModuleDir;
use crate::references::Subject;
use crate::static_eval::{StaticCall, static_call_target};

/// The module call `call` of instance `parent` loads: through the calling
/// module's place when its source is a local path as written (the same
/// under every call path), else by the source as the call path from the
/// root gives it (an installed module, or an expression evaluated
/// statically); `None` where it cannot be followed.
pub(crate) fn called_module(
    db: &dyn salsa::Database,
    ev: Evaluation,
    parent: &InstanceAddr,
    call: &str,
) -> Option<ModuleDir> {
    let caller = parent.module()?;
    if let Some(target) = crate::call_tree::local_call_target(db, caller, call) {
        return Some(target);
    }
    let steps: Option<Vec<_>> = (parent.steps.iter())
        .map(|step| Some((step.call.clone(), step.module?)))
        .collect();
    let caller = StaticCall::from_steps(parent.root, steps?);
    static_call_target(db, ev.workspace(db), caller, call.to_owned())
}

/// The instance `key` of call `call` of instance `parent`, with the
/// module it loads.
pub(crate) fn child_instance(
    db: &dyn salsa::Database,
    ev: Evaluation,
    parent: &InstanceAddr,
    call: &str,
    key: InstanceKey,
) -> InstanceAddr {
    parent.child(call, key, called_module(db, ev, parent, call))
}

/// The declaration `kind` of the module of instance `addr`.
pub(crate) fn instance_declaration<'db>(
    db: &'db dyn salsa::Database,
    addr: &InstanceAddr,
    kind: &DeclKind,
) -> Option<&'db crate::declarations::Declaration> {
    let module = addr.module()?;
    let primary =
        crate::declarations::module::module_declaration(db, module, kind).map(|d| &**d)?;
    // An override file replaces a local's whole definition.
    match kind {
        DeclKind::Local(name) => crate::overrides::module_overrides(db, module)
            .local(name)
            .or(Some(primary)),
        _ => Some(primary),
    }
}

/// Instances beyond this many in one evaluation are not evaluated: a
/// tree of wide expansions stays bounded.
const MAX_INSTANCES: usize = 100_000;

/// Every module instance of the evaluation, each parent before its
/// children: every root module of the tree, and below it each instance
/// of each call (one with unknown keys where the instances are not known).
///
/// Gathered from one memo per instance ([`instance_subtree`]) rather than
/// in one walk: the list reads every module's calls, so once a module
/// with calls has been edited it is low-durability and verified after
/// every edit, and verifying it then asks its roots' subtrees alone, and
/// below them only the subtrees that hold what changed.
#[salsa::tracked(returns(ref))]
pub fn evaluation_instances(db: &dyn salsa::Database, ev: Evaluation) -> Vec<InstanceAddr> {
    let tree = module_graph(db, ev.workspace(db));
    let mut out = Vec::new();
    for root in tree.instances.iter().filter(|i| i.path.is_empty()) {
        let subtree = instance_subtree(db, ev, InstanceAddr::root(root.module));
        // In order: each instance, then its children's subtrees.
        let mut stack = vec![&**subtree];
        while let Some(node) = stack.pop() {
            if out.len() >= MAX_INSTANCES {
                return out;
            }
            out.push(node.addr.clone());
            stack.extend(node.children.iter().rev().map(|child| &**child));
        }
    }
    out
}

/// A module instance and the instances below it.
#[derive(Debug, PartialEq, Eq)]
pub struct InstanceSubtree {
    pub addr: InstanceAddr,
    /// The subtree of each instance of each of its calls, in order.
    pub children: Vec<Arc<InstanceSubtree>>,
    /// How many instances it holds, itself included.
    size: usize,
}

/// Instance `addr` of evaluation `ev` and every instance below it, each
/// call's instances in order. A call back into a module the path to
/// `addr` passes through is the tree's error, and is not followed. A
/// subtree holds at most about [`MAX_INSTANCES`]: once its children hold
/// that many, its later calls are not expanded, so the instances
/// [`evaluation_instances`] lists are the first of the whole walk.
#[salsa::tracked(returns(ref))]
pub fn instance_subtree(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
) -> Arc<InstanceSubtree> {
    let mut size = 1;
    let mut children = Vec::new();
    if let Some(module) = addr.module() {
        let ancestors: Vec<ModuleDir> = std::iter::once(addr.root)
            .chain(addr.steps.iter().filter_map(|step| step.module))
            .collect();
        // The calls the graph resolves somewhere: a module's calls read
        // from the graph do not make this memo depend on its files.
        'calls: for (call, _) in module_targets(db, ev.workspace(db), module) {
            let Some(target) = called_module(db, ev, &addr, call) else {
                continue;
            };
            if ancestors.contains(&target) {
                continue;
            }
            let expansion = call_expansion(db, ev, addr.clone(), call.clone());
            for key in expansion.instances() {
                if size >= MAX_INSTANCES {
                    break 'calls;
                }
                let child = addr.child(call, key, Some(target));
                let subtree = Arc::clone(instance_subtree(db, ev, child));
                size += subtree.size;
                children.push(subtree);
            }
        }
    }
    Arc::new(InstanceSubtree {
        addr,
        children,
        size,
    })
}

/// What evaluating instance `addr` reports: its variables' values and
/// validations, its locals, outputs, module calls' and resources'
/// instances and arguments, each error once. (OpenTofu evaluates nothing
/// of a tree that fails to load: ask [`tree_loads_cleanly`] first.)
#[salsa::tracked(returns(ref))]
pub fn instance_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
) -> Vec<Diagnostic> {
    instance_report(db, ev, &addr, false)
}

/// What `validate` evaluates of a child instance whose module's static
/// types are reported (see `job_diagnostics`): its arguments, and the
/// declarations whose values depend on `path.*`, which the static types
/// do not know (nor the files found through them).
#[salsa::tracked(returns(ref))]
pub fn typed_instance_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
) -> Vec<Diagnostic> {
    instance_report(db, ev, &addr, true)
}

/// The instance's arguments' diagnostics, then those of its module's
/// declarations: all of them, or only those that depend on `path.*`.
fn instance_report(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    only_paths: bool,
) -> Vec<Diagnostic> {
    let Some(module) = addr.module() else {
        return Vec::new();
    };
    let mut out: Vec<Diagnostic> = instance_argument_diagnostics(db, ev, addr.clone()).clone();
    let kinds: Vec<&DeclKind> = if only_paths {
        path_dependent_declarations(db, module).iter().collect()
    } else {
        module_declarations(db, module)
            .iter()
            .map(|d| &d.kind)
            .collect()
    };
    for kind in kinds {
        declaration_diagnostics(db, ev, addr, kind, &mut out);
    }
    crate::diagnostics::dedupe(&mut out);
    out
}

/// The declarations of `module` whose expressions refer to `path.*`,
/// directly or through its locals, in declaration order.
#[salsa::tracked(returns(ref))]
pub fn path_dependent_declarations(db: &dyn salsa::Database, module: ModuleDir) -> Vec<DeclKind> {
    let references = crate::references::module_references(db, module);
    let mut dependent: HashSet<&DeclKind> = references
        .iter()
        .filter(|r| matches!(&r.subject, Subject::Builtin { object, .. } if object == "path"))
        .map(|r| &*r.from)
        .collect();
    loop {
        let before = dependent.len();
        for reference in &references {
            if let Subject::Declared(to @ DeclKind::Local(_)) = &reference.subject
                && dependent.contains(to)
            {
                dependent.insert(&*reference.from);
            }
        }
        if dependent.len() == before {
            break;
        }
    }
    module_declarations(db, module)
        .iter()
        .filter(|d| dependent.contains(&d.kind))
        .map(|d| d.kind.clone())
        .collect()
}

/// What evaluating declaration `kind` of instance `addr` reports.
fn declaration_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    kind: &DeclKind,
    out: &mut Vec<Diagnostic>,
) {
    let addr = addr.clone();
    match kind {
        DeclKind::Local(name) => {
            out.extend_from_slice(&local_value(db, ev, addr, name.clone()).diagnostics);
        }
        DeclKind::Output(name) => {
            out.extend_from_slice(&output_value(db, ev, addr, name.clone()).diagnostics);
        }
        DeclKind::ModuleCall(call) => {
            out.extend_from_slice(&call_expansion(db, ev, addr, call.clone()).diagnostics);
        }
        kind @ (DeclKind::ManagedResource { .. }
        | DeclKind::DataResource { .. }
        | DeclKind::EphemeralResource { .. }) => {
            let expansion = resource_expansion(db, ev, addr.clone(), kind.clone());
            out.extend_from_slice(&expansion.diagnostics);
            out.extend_from_slice(&resource_value(db, ev, addr, kind.clone()).diagnostics);
        }
        _ => {}
    }
}

/// What evaluating an instance's variables reports: its caller's
/// arguments converted and checked, and its validation rules. In
/// `validate` this is all that differs between the instances of a module
/// (everything else sees its variables as unknown), so the rest is
/// evaluated once per module and root ([`instance_diagnostics`] of one
/// instance).
#[salsa::tracked(returns(ref))]
pub fn instance_argument_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
) -> Vec<Diagnostic> {
    let Some(module) = addr.module() else {
        return Vec::new();
    };
    let mut out: Vec<Diagnostic> = Vec::new();
    // Where inputs are unknown, nothing else reads the instance's
    // variables' values: evaluated here, without a memo each (see
    // `variable_value_of`).
    let unknown_inputs = ev.mode(db).is_unknown_inputs();
    for variable in module_variable_decls(db, module) {
        let name = variable.name.clone();
        if unknown_inputs {
            let value = variable_value_of(db, ev, &addr, &name);
            out.extend_from_slice(&value.diagnostics);
            if !variable.validations.is_empty() {
                out.extend(validation_diagnostics_of(
                    db,
                    ev,
                    &addr,
                    &name,
                    &value.value,
                ));
            }
            continue;
        }
        out.extend_from_slice(&variable_value(db, ev, addr.clone(), name.clone()).diagnostics);
        if !variable.validations.is_empty() {
            out.extend_from_slice(variable_validation_diagnostics(db, ev, addr.clone(), name));
        }
    }
    out
}

/// Whether a module loads without errors: its files parse and decode,
/// and go together.
#[salsa::tracked(returns(copy))]
pub fn module_loads_cleanly(db: &dyn salsa::Database, module: ModuleDir) -> bool {
    let files_load = module
        .files(db)
        .iter()
        .chain(module.overrides(db))
        .filter(|f| f.exists(db))
        .all(|&f| {
            crate::parsing::parse(db, f).errors.is_empty()
                && !crate::config::file_config_diagnostics(db, f)
                    .iter()
                    .any(|d| d.severity == tofu_diagnostics::Severity::Error)
        });
    files_load
        && crate::module_checks::module_duplicates(db, module).is_empty()
        && !crate::settings::module_settings_diagnostics(db, module)
            .iter()
            .any(|d| d.severity == tofu_diagnostics::Severity::Error)
        && !crate::overrides::module_override_diagnostics(db, module)
            .iter()
            .any(|d| d.severity == tofu_diagnostics::Severity::Error)
}
