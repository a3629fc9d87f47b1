//! Local values, output values and module calls' values.

use std::collections::BTreeMap;

use tofu_diagnostics::Code;
use tofu_types::{Mark, Marks, Value};

use super::instances::instance_declaration;
use super::scope::{KeyData, evaluate_in};
use super::syntax::{attribute_expression, merged_argument};
use super::{Evaluated, Evaluation, InstanceAddr, InstanceKey, call_expansion};
use crate::config::model::Instances;
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;

/// The value of local `name` of instance `addr`. A local in a cycle (an
/// error the module's diagnostics report) is unknown, and so is one above
/// a chain of references too long to evaluate ([`crate::reference_chains`]).
#[salsa::tracked(returns(ref), cycle_result = super::unknown_in_cycle)]
pub fn local_value(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    name: String,
) -> Evaluated {
    let kind = DeclKind::Local(name.clone());
    let Some(decl) = instance_declaration(db, &addr, &kind) else {
        return Evaluated::unknown();
    };
    if addr
        .module()
        .is_some_and(|module| crate::chains::reference_chains(db, module).skips(&kind))
    {
        return Evaluated::unknown();
    }
    let Some(expr) = attribute_expression(db, decl.file, decl.range(db), &name) else {
        return Evaluated::unknown();
    };
    let (value, diagnostics) = evaluate_in(db, ev, &addr, decl.file, &expr, &KeyData::default());
    Evaluated { value, diagnostics }
}

/// The value of output `name` of instance `addr`, marked as its
/// declaration says (`sensitive`, `ephemeral`) for the callers.
#[salsa::tracked(returns(ref), cycle_result = super::unknown_in_cycle)]
pub fn output_value(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    name: String,
) -> Evaluated {
    let Some(decl) = instance_declaration(db, &addr, &DeclKind::Output(name.clone())) else {
        return Evaluated::unknown();
    };
    let Some(module) = addr.module() else {
        return Evaluated::unknown();
    };
    let argument = |argument: &str| merged_argument(db, module, decl, argument);
    let Some((file, expr)) = argument("value") else {
        return Evaluated::unknown();
    };
    let (mut value, mut diagnostics) = evaluate_in(db, ev, &addr, file, &expr, &KeyData::default());
    let flag = |name: &str| {
        argument(name).is_some_and(|(_, e)| {
            tofu_eval::typeexpr::constant_any_value(&e).0.as_bool() == Some(true)
        })
    };
    let (sensitive, ephemeral) = (flag("sensitive"), flag("ephemeral"));
    // The static types evaluate every module as a root: the checks of
    // root outputs are not theirs, those of every output are.
    let types = ev.mode(db) == super::EvalMode::Types;
    if !diagnostics
        .iter()
        .any(|d| d.severity == tofu_diagnostics::Severity::Error)
    {
        diagnostics.extend(output_checks(
            db,
            decl,
            addr.is_root() && !types,
            &value,
            expr.range(),
            sensitive,
            ephemeral,
        ));
    }
    if sensitive {
        value = value.mark(Mark::Sensitive);
    }
    if ephemeral {
        value = value.mark(Mark::Ephemeral);
    }
    Evaluated { value, diagnostics }
}

/// What OpenTofu checks of an output once it has its value
/// (`NodeApplyableOutput`): `validateEphemerality` (no ephemeral outputs
/// in a root module, ephemeral values only in ephemeral outputs), then,
/// in a root module, that sensitive values are declared sensitive. Unknown
/// values keep their marks, so `validate` finds these too.
fn output_checks(
    db: &dyn salsa::Database,
    decl: &crate::declarations::Declaration,
    root: bool,
    value: &Value,
    value_range: tofu_syntax::TextRange,
    sensitive: bool,
    ephemeral: bool,
) -> Option<crate::diagnostics::Diagnostic> {
    use crate::diagnostics::Diagnostic;
    if root && ephemeral {
        return Some(Diagnostic::error_in(
            Code::InvalidOutputConfiguration,
            "Root modules are not allowed to have outputs defined as ephemeral".to_owned(),
            decl.file,
            decl.range(db),
        ));
    }
    if !ephemeral && value.has_mark_deep(Mark::Ephemeral) {
        return Some(Diagnostic::error_in(
            Code::OutputDoesNotAllowEphemeralValue,
            "The value that was generated for the output is ephemeral, but it is not configured to allow one.".to_owned(),
            decl.file,
            value_range,
        ));
    }
    (root && !sensitive && value.has_mark_deep(Mark::Sensitive)).then(|| {
        Diagnostic::error_in(
            Code::OutputRefersToSensitiveValues,
            "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, OpenTofu requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true".to_owned(),
            decl.file,
            decl.range(db),
        )
    })
}

fn cycle_call_value(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _ev: Evaluation,
    _addr: InstanceAddr,
    _call: String,
) -> Value {
    Value::dynamic()
}

/// The value of module call `call` of instance `addr`: an object of each
/// instance's outputs, in a tuple with `count`, in an object with
/// `for_each`; unknown when the instances are not known or the called
/// module is not (an uninstalled or unresolved source).
#[salsa::tracked(returns(ref), cycle_result = cycle_call_value)]
pub fn module_call_value(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    call: String,
) -> Value {
    let Some(child_module) = super::instances::called_module(db, ev, &addr, &call) else {
        return Value::dynamic();
    };
    let expansion = call_expansion(db, ev, addr.clone(), call.clone());
    let Some(keys) = &expansion.keys else {
        return Value::dynamic();
    };
    let outputs: Vec<String> = module_declarations(db, child_module)
        .iter()
        .filter_map(|d| match &d.kind {
            DeclKind::Output(name) => Some(name.clone()),
            _ => None,
        })
        .collect();
    let instance = |key: &InstanceKey| {
        let child = addr.child(&call, key.clone(), Some(child_module));
        let values: BTreeMap<String, Value> = outputs
            .iter()
            .map(|name| (name.clone(), output_for_caller(db, ev, &child, name)))
            .collect();
        Value::object(values)
    };
    match expansion.kind {
        Instances::Single => instance(&InstanceKey::None),
        Instances::Count => Value::tuple(keys.iter().map(|(k, _)| instance(k)).collect()),
        Instances::ForEach => Value::object(
            keys.iter()
                .map(|(k, _)| match k {
                    InstanceKey::Str(s) => (s.clone(), instance(k)),
                    other => (other.to_string(), instance(k)),
                })
                .collect::<Vec<_>>(),
        ),
    }
}

/// The one instance of a call without `count` or `for_each`.
pub(crate) fn single_child(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    call: &str,
) -> Option<InstanceAddr> {
    let module = super::instances::called_module(db, ev, addr, call)?;
    Some(addr.child(call, InstanceKey::None, Some(module)))
}

/// Output `name` of instance `child` as its caller sees it: in the plan
/// (the one mode that gives outputs values), marked when it is
/// `deprecated` (OpenTofu's `marks.DeprecatedOutput`).
pub(super) fn output_for_caller(
    db: &dyn salsa::Database,
    ev: Evaluation,
    child: &InstanceAddr,
    name: &str,
) -> Value {
    let value = &super::output_value(db, ev, child.clone(), name.to_owned()).value;
    if ev.mode(db) != super::EvalMode::Plan {
        return value.clone();
    }
    match output_deprecation(db, child, name) {
        Some(message) => value.with_marks(Marks::deprecated(super::variables::deprecation_cause(
            db, child, name, &message,
        ))),
        None => value.clone(),
    }
}

/// The message of the `deprecated` argument of output `name` of instance
/// `addr`, when it has one.
fn output_deprecation(db: &dyn salsa::Database, addr: &InstanceAddr, name: &str) -> Option<String> {
    let decl = instance_declaration(db, addr, &DeclKind::Output(name.to_owned()))?;
    let module = addr.module()?;
    let (_, expr) = merged_argument(db, module, decl, "deprecated")?;
    tofu_eval::typeexpr::constant_any_value(&expr)
        .0
        .as_str()
        .map(str::to_owned)
}
