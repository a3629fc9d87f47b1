//! `lookup` (OpenTofu's, which makes the default optional).

use tofu_types::render::go_quote;
use tofu_types::{Type, Value, convert};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, missing_arguments};

pub(super) fn functions() -> Vec<Function> {
    vec![Function {
        name: "lookup",
        params: vec![
            Param::new("inputMap", Type::Dynamic).allow_marked(),
            Param::new("key", Type::String).allow_marked(),
        ],
        var_param: Some(
            Param::new("default", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic_type()
                .allow_null()
                .allow_marked(),
        ),
        return_type: lookup_type,
        implementation: lookup,
    }]
}

/// For an object, the type of the attribute (or of the default if there
/// is no such attribute); for a map, its element type, which the default
/// must convert to.
fn lookup_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    if args.is_empty() || args.len() > 3 {
        return Err(FunctionError::call(format!(
            "lookup() takes two or three arguments, got {}",
            args.len()
        )));
    }
    let map = &args[0];
    let key = args.get(1);
    let default = args.get(2);
    match map.ty() {
        Type::Object(_) => {
            let Some(key) = key.filter(|k| k.is_known()).and_then(Value::as_str) else {
                return Ok(Type::Dynamic);
            };
            if let Some(attr) = map.ty().attribute_type(key) {
                Ok(attr.clone())
            } else if let Some(default) = default {
                Ok(default.ty().clone())
            } else {
                Err(FunctionError::arg(
                    0,
                    format!("the given object has no attribute {}", go_quote(key)),
                ))
            }
        }
        Type::Map(ety) => {
            if let Some(default) = default
                && convert(default, ety).is_err()
            {
                return Err(FunctionError::arg(
                    2,
                    "the default value must have the same type as the map elements",
                ));
            }
            Ok(ety.as_ref().clone())
        }
        _ => Err(FunctionError::arg(
            0,
            "lookup() requires a map as the first argument",
        )),
    }
}

/// The element (or the default, converted), with the marks of the map and
/// of the key; the default keeps its own marks.
fn lookup(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let (Some(map), Some(key)) = (args.first(), args.get(1)) else {
        return Err(missing_arguments());
    };
    let (map, map_marks) = map.unmark();
    let (key, key_marks) = key.unmark();
    let marks = map_marks | key_marks;
    let key = key.as_str().unwrap_or_default();
    if !map.is_known() {
        return Ok(Value::unknown(ret.clone()).with_marks(marks));
    }
    if let Some(found) = map.entries().and_then(|e| e.get(key)) {
        return Ok(found.with_marks(marks));
    }
    if let Some(default) = args.get(2) {
        let default = convert(default, ret).map_err(|e| FunctionError::call(e.message))?;
        return Ok(default.with_marks(marks));
    }
    Err(FunctionError::call(format!(
        "lookup failed to find key {}",
        super::super::redact(key, key_marks)
    )))
}
