//! Named values in a static scope, each its own query per static call:
//! a local's value, and a variable's (`GetInputVariable` after the call's
//! `vars`): at the root from the values given from outside or its
//! default, in a child from its caller's argument evaluated statically in
//! the caller.

use tofu_diagnostics::Code;
use tofu_syntax::body::SourceText;
use tofu_types::defaults::convert_with_defaults;
use tofu_types::{Mark, Type, Value};

use super::StaticCall;
use super::identifier::{Ident, error};
use super::scope::StaticScope;
use crate::config::model::VariableDecl;
use crate::config::named_values::format_error;
use crate::declarations::DeclKind;
use crate::diagnostics::Diagnostic;
use crate::evaluation::declared::module_variable_decls;
use crate::evaluation::syntax::{block_argument, block_body};
use crate::input::Workspace;
use crate::root_values::root_variable_values;

/// A static value and what computing it reported.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticValue {
    pub value: Value,
    pub diagnostics: Vec<Diagnostic>,
    /// It has no value: something it depends on is not static, or an
    /// error stopped it.
    pub failed: bool,
    /// Whoever asked for it adds "Unable to compute static value" when it
    /// failed (OpenTofu leaves that out for a value that does not convert
    /// to its variable's type).
    pub follow_on: bool,
}

impl StaticValue {
    pub(crate) fn known(value: Value) -> StaticValue {
        StaticValue {
            value,
            diagnostics: Vec::new(),
            failed: false,
            follow_on: true,
        }
    }

    pub(crate) fn failed(diagnostics: Vec<Diagnostic>) -> StaticValue {
        StaticValue {
            value: Value::dynamic(),
            diagnostics,
            failed: true,
            follow_on: true,
        }
    }
}

fn failed_in_cycle(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _workspace: Workspace,
    _call: StaticCall,
    _name: String,
) -> StaticValue {
    StaticValue::failed(Vec::new())
}

/// The static value of local `name` in `call`, evaluated as itself.
#[salsa::tracked(returns(ref), cycle_result = failed_in_cycle)]
pub fn static_local_value(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
    name: String,
) -> StaticValue {
    let scope = StaticScope::new(db, workspace, call);
    let declaration = crate::declarations::module::module_declaration(
        db,
        scope.module,
        &DeclKind::Local(name.clone()),
    );
    let Some(declaration) = declaration else {
        return StaticValue::failed(Vec::new());
    };
    let ident = scope.ident(
        format!("local.{name}"),
        Some((declaration.file, declaration.range(db))),
    );
    scope.local_on_path(
        &name,
        declaration.file,
        declaration.range(db),
        &ident,
        &mut Vec::new(),
    )
}

/// The static value of variable `name` in `call`, converted and marked
/// as declared. What asks for it adds the follow-on when it failed.
#[salsa::tracked(returns(ref), cycle_result = failed_in_cycle)]
pub fn static_variable_value(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
    name: String,
) -> StaticValue {
    let module = call.module();
    let Some(declaration) = module_variable_decls(db, module)
        .iter()
        .find(|v| v.name == name)
    else {
        return StaticValue::failed(Vec::new());
    };
    let given = if call.is_root() {
        root_value(db, workspace, &call, declaration)
    } else {
        caller_value(db, workspace, &call, declaration)
    };
    match given {
        Ok((given, mut diagnostics)) => {
            let mut found = finalize(db, declaration, given);
            diagnostics.append(&mut found.diagnostics);
            found.diagnostics = diagnostics;
            found
        }
        Err(diagnostics) => StaticValue::failed(diagnostics),
    }
}

/// A value given and what evaluating it reported, or why there is none.
type Given = Result<(Option<Value>, Vec<Diagnostic>), Vec<Diagnostic>>;

/// `rootModuleCall`'s `vars`: the value given from outside, else the
/// default; a required variable without one would be asked for, which
/// fails without input.
fn root_value(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: &StaticCall,
    declaration: &VariableDecl,
) -> Given {
    let given = workspace
        .root_inputs(db)
        .filter(|inputs| *inputs.module(db) == call.root)
        .and_then(|inputs| {
            root_variable_values(db, inputs)
                .values
                .get(&declaration.name)
        })
        .map(|assigned| assigned.value.clone());
    if given.is_none() && declaration.default.is_none() {
        return Err(vec![
            error(
                Code::FailedToRequestInput,
                String::new(),
                Some((declaration.file, declaration.range)),
            )
            .with_summary(format!(
                "Failed to request input from user for variable var.{}",
                declaration.name
            )),
        ]);
    }
    Ok((given, Vec::new()))
}

/// `decodeStaticVariables`: the caller's argument evaluated statically in
/// the caller, else the default; a required one missing is an error.
fn caller_value(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: &StaticCall,
    declaration: &VariableDecl,
) -> Given {
    let Some((parent, call_name)) = call.parent() else {
        return Err(Vec::new());
    };
    let caller = StaticScope::new(db, workspace, parent);
    let block = crate::declarations::module::module_declaration(
        db,
        caller.module,
        &DeclKind::ModuleCall(call_name.to_owned()),
    );
    let Some(block) = block else {
        return Err(Vec::new());
    };
    let Some(body) = block_body(db, block.file, block.range(db)) else {
        return Err(Vec::new());
    };
    let source = SourceText::new(crate::input::contents(db, block.file), block.file.path(db));
    let argument = body
        .just_attributes(&source)
        .0
        .into_iter()
        .find(|a| a.name == declaration.name);
    let Some(argument) = argument else {
        if declaration.default.is_none() {
            return Err(vec![error(
                Code::MissingRequiredVariableInModuleCall,
                String::new(),
                Some((block.file, body.missing_item_range())),
            )]);
        }
        return Ok((None, Vec::new()));
    };
    let Some(expr) = &argument.expr else {
        return Err(Vec::new());
    };
    let ident = Ident {
        module: call.module_address(),
        subject: format!("var.{}", declaration.name),
        place: Some((block.file, argument.range)),
    };
    let found = caller.evaluate(block.file, expr, &ident, &mut Vec::new());
    if found.failed {
        return Err(found.diagnostics);
    }
    Ok((Some(found.value), found.diagnostics))
}

/// The rest of `GetInputVariable`: optional-attribute defaults,
/// conversion, the default for null, and the declaration's marks.
fn finalize(
    db: &dyn salsa::Database,
    declaration: &VariableDecl,
    given: Option<Value>,
) -> StaticValue {
    let subject = format!("var.{}", declaration.name);
    let declared_at = SourceText::new(
        crate::input::contents(db, declaration.file),
        declaration.file.path(db),
    )
    .range_string(declaration.range);
    let ty = &declaration.constraint.ty;
    let value = match given {
        None => declaration
            .default
            .clone()
            .unwrap_or_else(|| Value::null(ty.clone())),
        Some(given) => {
            match convert_with_defaults(&given, ty, declaration.constraint.defaults.as_ref()) {
                Ok(value) => value,
                Err(err) => {
                    return StaticValue {
                        follow_on: false,
                        ..StaticValue::failed(vec![error(
                            Code::InvalidValueForInputVariable,
                            format!(
                                "The given value is not suitable for {subject} declared at {declared_at}: {}.",
                                format_error(&err)
                            ),
                            None,
                        )])
                    };
                }
            }
        }
    };
    let value = if value.is_null() && !declaration.nullable {
        match &declaration.default {
            Some(default) => default.clone(),
            None => {
                return StaticValue::failed(vec![error(
                    Code::RequiredVariableNotSet,
                    format!(
                        "The given value is not suitable for {subject} defined at {declared_at}: required variable may not be set to null."
                    ),
                    Some((declaration.file, declaration.range)),
                )]);
            }
        }
    } else {
        value
    };
    let mut value = value;
    if declaration.sensitive {
        value = value.mark(Mark::Sensitive);
    }
    if declaration.ephemeral {
        value = value.mark(Mark::Ephemeral);
    }
    StaticValue::known(value)
}

/// A variable's `const` argument: `Some(true)` or `Some(false)` when it
/// is set, `None` when it is not (or does not decode, which the
/// load-time checks report).
pub(crate) fn declared_const(db: &dyn salsa::Database, declaration: &VariableDecl) -> Option<bool> {
    let expr = block_argument(db, declaration.file, declaration.range, "const")?;
    let (value, _) = tofu_eval::typeexpr::constant_any_value(&expr);
    let value = tofu_types::convert(&value, &Type::Bool).ok()?;
    value.as_bool()
}
