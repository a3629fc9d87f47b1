//! `alltrue` and `anytrue` (OpenTofu's own).

use tofu_types::{Type, Value};

use super::super::{Function, FunctionContext, Param};
use super::{Result, missing_arguments};

pub(super) fn functions() -> Vec<Function> {
    vec![
        bool_list_function("alltrue", all_true),
        bool_list_function("anytrue", any_true),
    ]
}

fn bool_list_function(
    name: &'static str,
    implementation: fn(&FunctionContext<'_>, &[Value], &Type) -> Result<Value>,
) -> Function {
    Function {
        name,
        params: vec![Param::new("list", Type::list(Type::Bool))],
        var_param: None,
        return_type: |_, _| Ok(Type::Bool),
        implementation,
    }
}

/// True when every element is; an unknown element before any false one
/// makes the result unknown, a null one makes it false.
fn all_true(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    for e in list.elements().unwrap_or_default() {
        if !e.is_known() {
            return Ok(Value::unknown(Type::Bool));
        }
        if e.as_bool() != Some(true) {
            return Ok(Value::bool(false));
        }
    }
    Ok(Value::bool(true))
}

/// True when any element is; otherwise unknown if any element is unknown.
/// Nulls count as false.
fn any_true(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    let mut has_unknown = false;
    for e in list.elements().unwrap_or_default() {
        if !e.is_known() {
            has_unknown = true;
        } else if e.as_bool() == Some(true) {
            return Ok(Value::bool(true));
        }
    }
    if has_unknown {
        return Ok(Value::unknown(Type::Bool));
    }
    Ok(Value::bool(false))
}
