//! `yamldecode` and `yamlencode`, as `go-cty-yaml` defines them: libyaml's
//! parser (the C original of go-yaml's port) with go-cty-yaml's tag
//! resolution, and go-yaml's emitter style for the output.

mod decode;
mod emit;
mod events;
mod resolve;
mod timestamp;

use tofu_types::{Type, Value};

use super::super::{Function, FunctionError, Param};
use super::string_arg;

pub(super) fn yamldecode() -> Function {
    Function {
        name: "yamldecode",
        params: vec![Param::new("src", Type::String)],
        var_param: None,
        return_type: |_, args| {
            if !args[0].is_known() {
                return Ok(Type::Dynamic);
            }
            let events = events::Events::parse(string_arg(args, 0)?);
            decode::implied_type(&events).map_err(FunctionError::call)
        },
        implementation: |_, args, ty| {
            let events = events::Events::parse(string_arg(args, 0)?);
            decode::decode(&events, ty).map_err(FunctionError::call)
        },
    }
}

pub(super) fn yamlencode() -> Function {
    Function {
        name: "yamlencode",
        params: vec![
            Param::new("value", Type::Dynamic)
                .allow_null()
                .allow_dynamic_type(),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |_, args, _| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            emit::encode(&args[0])
                .map(Value::string)
                .map_err(FunctionError::call)
        },
    }
}
