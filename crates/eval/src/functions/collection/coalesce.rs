//! `coalesce` (OpenTofu's, which also skips empty strings) and
//! `coalescelist` (cty's).

use tofu_types::{Type, Value, convert, unify};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, length_int};

pub(super) fn functions() -> Vec<Function> {
    let vals = Param::new("vals", Type::Dynamic)
        .allow_unknown()
        .allow_dynamic_type()
        .allow_null();
    vec![
        Function {
            name: "coalesce",
            params: Vec::new(),
            var_param: Some(vals.clone()),
            return_type: coalesce_type,
            implementation: coalesce,
        },
        Function {
            name: "coalescelist",
            params: Vec::new(),
            var_param: Some(vals),
            return_type: coalescelist_type,
            implementation: coalescelist,
        },
    ]
}

/// The unified type of all arguments.
fn coalesce_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let types: Vec<Type> = args.iter().map(|a| a.ty().clone()).collect();
    unify(&types)
        .map(|(ty, _)| ty)
        .ok_or_else(|| FunctionError::call("all arguments must have the same type"))
}

/// The first argument that is neither null nor the empty string, once
/// converted to the result type; an unknown one before it makes the result
/// unknown.
fn coalesce(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    for arg in args {
        // cty's failed conversion yields its nil value, which counts as null.
        let Ok(arg) = convert(arg, ret) else {
            continue;
        };
        if !arg.is_known() {
            return Ok(Value::unknown(ret.clone()));
        }
        if arg.is_null() || (ret == &Type::String && arg == Value::string("")) {
            continue;
        }
        return Ok(arg);
    }
    Err(FunctionError::call(
        "no non-null, non-empty-string arguments",
    ))
}

/// The arguments' common type when they all have the same type, else
/// dynamic; dynamic too as soon as one argument is unknown.
fn coalescelist_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let Some(first) = args.first() else {
        return Err(FunctionError::call("at least one argument is required"));
    };
    for arg in args {
        if !arg.is_known() {
            return Ok(Type::Dynamic);
        }
        if !arg.ty().is_list() && !arg.ty().is_tuple() {
            return Err(FunctionError::call(
                "coalescelist arguments must be lists or tuples",
            ));
        }
    }
    if args.iter().all(|a| a.ty() == first.ty()) {
        Ok(first.ty().clone())
    } else {
        Ok(Type::Dynamic)
    }
}

/// The first argument with at least one element.
fn coalescelist(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    for arg in args {
        if !arg.is_known() {
            return Ok(Value::unknown(ret.clone()));
        }
        if !arg.is_null() && length_int(arg) > 0 {
            return Ok(arg.clone());
        }
    }
    Err(FunctionError::call("no non-null arguments"))
}
