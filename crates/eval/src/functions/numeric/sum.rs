//! `sum`: OpenTofu's `SumFunc` (`internal/lang/funcs/collection.go`).

use tofu_types::{Type, Value, convert};

use super::super::{Function, FunctionError, Param};
use super::{NUMBER, number};

pub(super) fn function() -> Function {
    Function {
        name: "sum",
        params: vec![Param::new("list", Type::Dynamic)],
        var_param: None,
        return_type: NUMBER,
        implementation: |_, args, _| sum(&args[0]),
    }
}

fn sum(list: &Value) -> Result<Value, FunctionError> {
    let ty = list.ty();
    let iterable = ty.is_collection() || ty.is_object() || ty.is_tuple();
    if !iterable {
        return Err(FunctionError::arg(0, "cannot sum noniterable"));
    }
    if list.length() == Some(0) {
        return Err(FunctionError::arg(0, "cannot sum an empty list"));
    }
    if !(ty.is_list() || ty.is_set() || ty.is_tuple()) {
        return Err(FunctionError::arg(
            0,
            format!(
                "argument must be list, set, or tuple. Received {}",
                ty.friendly_name()
            ),
        ));
    }
    if !list.is_wholly_known() {
        return Ok(Value::unknown(Type::Number));
    }
    let mut total = None;
    for element in list.elements().unwrap_or_default() {
        let addend = element_number(element)?;
        total = Some(match total {
            None => addend,
            Some(total) => number(&total)
                .add(&number(&addend))
                .map(Value::number)
                .map_err(|_| FunctionError::call("can't compute sum of opposing infinities"))?,
        });
    }
    Ok(total.unwrap_or_else(|| Value::unknown(Type::Number)))
}

fn element_number(element: &Value) -> Result<Value, FunctionError> {
    let not_numbers =
        || FunctionError::arg(0, "argument must be list, set, or tuple of number values");
    if element.is_null() {
        return Err(not_numbers());
    }
    convert(element, &Type::Number).map_err(|_| not_numbers())
}
