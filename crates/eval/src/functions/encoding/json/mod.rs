//! `jsondecode` and `jsonencode`, as cty's `stdlib` defines them.

mod decode;
mod encode;
mod tokens;

pub(super) use decode::{MAX_VALUE_DEPTH, too_deep};
pub(in crate::functions) use encode::{encode, quote_into};

use tofu_types::{Type, Value};

use super::super::{Function, FunctionError, Param};
use super::string_arg;

pub(super) fn jsonencode() -> Function {
    Function {
        name: "jsonencode",
        params: vec![
            Param::new("val", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic_type()
                .allow_null(),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |_, args, _| {
            let value = &args[0];
            if !value.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            encode::encode(value)
                .map(Value::string)
                .map_err(FunctionError::call)
        },
    }
}

pub(super) fn jsondecode() -> Function {
    Function {
        name: "jsondecode",
        params: vec![Param::new("str", Type::String)],
        var_param: None,
        return_type: |_, args| {
            if !args[0].is_known() {
                return Ok(Type::Dynamic);
            }
            let value = decode::decode(string_arg(args, 0)?).map_err(FunctionError::call)?;
            Ok(value.ty().clone())
        },
        implementation: |_, args, _| {
            decode::decode(string_arg(args, 0)?).map_err(FunctionError::call)
        },
    }
}
