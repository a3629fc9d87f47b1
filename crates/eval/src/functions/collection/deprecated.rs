//! `list` and `map`, removed in Terraform v0.12 but still in OpenTofu's
//! table so that calls get a helpful error.

use tofu_types::{Type, Value};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::Result;

pub(super) fn functions() -> Vec<Function> {
    vec![
        removed("list", |_, _| Err(FunctionError::call(LIST_REMOVED))),
        removed("map", |_, _| Err(FunctionError::call(MAP_REMOVED))),
    ]
}

const LIST_REMOVED: &str = "the \"list\" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tolist([ ... ]) syntax to write a literal list";
const MAP_REMOVED: &str = "the \"map\" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tomap({ ... }) syntax to write a literal map";

fn removed(
    name: &'static str,
    return_type: fn(&FunctionContext<'_>, &[Value]) -> Result<Type>,
) -> Function {
    Function {
        name,
        params: Vec::new(),
        var_param: Some(
            Param::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic_type()
                .allow_null(),
        ),
        return_type,
        // The return type always fails first.
        implementation: |_, _, _| Ok(Value::dynamic()),
    }
}
