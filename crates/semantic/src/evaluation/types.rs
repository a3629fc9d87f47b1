//! Static types: every module evaluated once, on its own, as
//! [`EvalMode::Types`](super::EvalMode::Types) describes. Its variables
//! are unknown values of their declared types, so every value it computes
//! is the most a plan could know of it whatever the callers pass, and an
//! error it reports is one that every plan would report.

use std::collections::BTreeMap;

use tofu_syntax::TextSize;
use tofu_types::{Type, Value};

use super::instances::instance_declaration;
use super::scope::{KeyData, evaluate_in};
use super::{
    Evaluation, InstanceAddr, call_expansion, instance_diagnostics, module_variable_decls,
    output_value, variable_value,
};
use crate::calls::module_calls;
use crate::config::model::Instances;
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, SourceFile, Workspace};
use crate::provider_schemas::values::{resource_schema, unknown_value};

/// Where a module's static types are computed: the module as a root of
/// its own, whichever roots call it.
pub fn types_addr(module: ModuleDir) -> InstanceAddr {
    InstanceAddr::root(module)
}

/// The static type of output `name` of `module` (dynamic when it has
/// none).
pub fn output_type(
    db: &dyn salsa::Database,
    ev: Evaluation,
    module: ModuleDir,
    name: &str,
) -> Type {
    output_value(db, ev, types_addr(module), name.to_owned())
        .value
        .ty()
        .clone()
}

/// `module.<call>` as the static types see it: an object of unknown
/// values of the called module's output types, in a list with `count`
/// and a map with `for_each` (how many instances there are is not a
/// type); unknown when the called module is not known.
pub(crate) fn module_call_type(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    call: &str,
) -> Value {
    let Some(child) = super::instances::called_module(db, ev, addr, call) else {
        return Value::dynamic();
    };
    let outputs: BTreeMap<String, Value> = module_declarations(db, child)
        .iter()
        .filter_map(|d| match &d.kind {
            DeclKind::Output(name) => {
                let value = output_value(db, ev, types_addr(child), name.clone());
                Some((name.clone(), value.value.as_unknown()))
            }
            _ => None,
        })
        .collect();
    let kind = DeclKind::ModuleCall(call.to_owned());
    let instances = instance_declaration(db, addr, &kind).map(|d| d.instances);
    repeated(instances, Value::object(outputs))
}

/// A resource as the static types see it: with its provider's schema,
/// an instance is the schema's unknown object (its sensitive attributes
/// marked); without, its attributes are not known, so an instance is
/// dynamic; a list of them with `count`, a map with `for_each`.
pub(crate) fn resource_type(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    kind: &DeclKind,
) -> Value {
    let instances =
        crate::declarations::module::module_declaration(db, module, kind).map(|d| d.instances);
    let one = match resource_schema(db, workspace, module, kind) {
        Some(schema) => unknown_value(schema),
        None => Value::dynamic(),
    };
    repeated(instances, one)
}

/// The value of an object repeated as `instances` says, one instance
/// being `one`: OpenTofu makes a tuple of them with `count` and an
/// object with `for_each`, whose types depend on how many there are and
/// their keys; so the static type is dynamic, summarised as a list or a
/// map of `one`.
fn repeated(instances: Option<Instances>, one: Value) -> Value {
    match instances.unwrap_or(Instances::Single) {
        Instances::Single => one,
        Instances::Count => Value::dynamic_conforming_to(Type::list(one.ty().clone())),
        Instances::ForEach => Value::dynamic_conforming_to(Type::map(one.ty().clone())),
    }
}

/// What the static types of `module` find: its own expressions
/// evaluated with values of their static types, and each of its calls'
/// arguments converted to the called module's declared types.
#[salsa::tracked(returns(ref))]
pub fn module_type_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    module: ModuleDir,
) -> Vec<Diagnostic> {
    let addr = types_addr(module);
    let mut out = instance_diagnostics(db, ev, addr.clone()).clone();
    let mut seen = std::collections::HashSet::new();
    for call in module_calls(db, module) {
        if !seen.insert(&call.name) {
            continue;
        }
        let Some(child) = super::instances::called_module(db, ev, &addr, &call.name) else {
            continue;
        };
        let expansion = call_expansion(db, ev, addr.clone(), call.name.clone());
        for key in expansion.instances() {
            let instance = addr.child(&call.name, key, Some(child));
            for variable in module_variable_decls(db, child) {
                let value = variable_value(db, ev, instance.clone(), variable.name.clone());
                out.extend_from_slice(&value.diagnostics);
            }
        }
    }
    crate::diagnostics::dedupe(&mut out);
    out
}

/// The static type of a declaration of `module`: a variable's declared
/// type, a local's or output's value's, a module call's or resource's
/// value's as references see them; `None` for what has no value.
pub fn declaration_type(
    db: &dyn salsa::Database,
    ev: Evaluation,
    module: ModuleDir,
    kind: &DeclKind,
) -> Option<Type> {
    let addr = types_addr(module);
    Some(match kind {
        DeclKind::Variable(name) => module_variable_decls(db, module)
            .iter()
            .find(|v| &v.name == name)?
            .constraint
            .ty
            .clone(),
        DeclKind::Local(name) => super::local_value(db, ev, addr, name.clone())
            .value
            .ty()
            .clone(),
        DeclKind::Output(name) => output_type(db, ev, module, name),
        DeclKind::ModuleCall(call) => module_call_type(db, ev, &addr, call).ty().clone(),
        DeclKind::ManagedResource { .. }
        | DeclKind::DataResource { .. }
        | DeclKind::EphemeralResource { .. } => resource_type(db, ev.workspace(db), module, kind)
            .ty()
            .clone(),
        _ => return None,
    })
}

/// The static type of the innermost expression at `offset` of `file` (a
/// file of `module`), evaluated as the static types evaluate the module.
/// Names a `for` expression binds around it are dynamic; `None` outside
/// expressions and in JSON files.
pub fn expression_type(
    db: &dyn salsa::Database,
    ev: Evaluation,
    module: ModuleDir,
    file: SourceFile,
    offset: TextSize,
) -> Option<Type> {
    let expr = super::syntax::expression_at(db, file, offset)?;
    let keys = KeyData::unknown(true, true);
    let (value, _) = evaluate_in(db, ev, &types_addr(module), file, &expr, &keys);
    Some(value.ty().clone())
}
