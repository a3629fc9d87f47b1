//! Functions of maps and objects: `keys`, `values`, `zipmap` and
//! `transpose` (OpenTofu's).

use std::collections::BTreeMap;

use tofu_types::convert::IndexKey;
use tofu_types::{Type, Value};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, format_index_path, list_or_empty, map_or_empty, missing_arguments, panicked};

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "keys",
            params: vec![
                Param::new("inputMap", Type::Dynamic)
                    .allow_unknown()
                    .allow_marked(),
            ],
            var_param: None,
            return_type: keys_type,
            implementation: keys,
        },
        Function {
            name: "values",
            params: vec![Param::new("mapping", Type::Dynamic).allow_marked()],
            var_param: None,
            return_type: values_type,
            implementation: values,
        },
        Function {
            name: "zipmap",
            params: vec![
                Param::new("keys", Type::list(Type::String)).allow_marked(),
                Param::new("values", Type::Dynamic).allow_marked(),
            ],
            var_param: None,
            return_type: zipmap_type,
            implementation: zipmap,
        },
        Function {
            name: "transpose",
            params: vec![Param::new("values", Type::map(Type::list(Type::String)))],
            var_param: None,
            return_type: |_, _| Ok(transposed_type()),
            implementation: transpose,
        },
    ]
}

/// A list of strings for a map; for an object, a tuple with one string
/// per attribute.
fn keys_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    match args.first().map(Value::ty) {
        Some(Type::Map(_)) => Ok(Type::list(Type::String)),
        Some(Type::Object(o)) => Ok(Type::tuple(o.attributes().keys().map(|_| Type::String))),
        _ => Err(FunctionError::arg(0, "must have map or object type")),
    }
}

/// The keys in lexicographic order, carrying the map's own marks; an
/// object's come from its type, so even an unknown object has them.
fn keys(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [map] = args else {
        return Err(missing_arguments());
    };
    let (map, marks) = map.unmark();
    if let Some(attrs) = map.ty().attribute_types() {
        let names = attrs.keys().map(Value::string).collect();
        return Ok(Value::tuple(names).with_marks(marks));
    }
    let Some(entries) = map.entries() else {
        return Ok(Value::unknown(ret.clone()).with_marks(marks));
    };
    let names = entries.keys().map(Value::string).collect();
    Ok(list_or_empty(names, &Type::String)?.with_marks(marks))
}

/// A list of the element type for a map; for an object, a tuple of the
/// attribute types in name order.
fn values_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    match args.first().map(Value::ty) {
        Some(Type::Map(ety)) => Ok(Type::list(ety.as_ref().clone())),
        Some(Type::Object(o)) => Ok(Type::tuple(o.attributes().values().cloned())),
        _ => Err(FunctionError::call(
            "values() requires a map as the first argument",
        )),
    }
}

/// The values in key order, carrying the map's own marks.
fn values(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [map] = args else {
        return Err(missing_arguments());
    };
    let (map, marks) = map.unmark();
    let elements: Vec<Value> = map
        .entries()
        .map(|e| e.values().cloned().collect())
        .unwrap_or_default();
    let result = if ret.is_tuple() {
        Value::tuple(elements)
    } else {
        list_or_empty(elements, ret.element_type().unwrap_or(&Type::Dynamic))?
    };
    Ok(result.with_marks(marks))
}

/// A map of the element type for a list of values; for a tuple, an object
/// whose attributes are the keys, which must then be known.
fn zipmap_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let [keys, values] = args else {
        return Err(missing_arguments());
    };
    match values.ty() {
        Type::List(ety) => Ok(Type::map(ety.as_ref().clone())),
        Type::Tuple(etys) => {
            if !keys.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            let (keys, _) = keys.unmark();
            let keys = keys.elements().unwrap_or_default();
            if keys.len() != etys.len() {
                return Err(count_mismatch(keys.len(), etys.len()));
            }
            let mut attrs = BTreeMap::new();
            for (i, (key, ety)) in keys.iter().zip(etys.iter()).enumerate() {
                let Some(key) = key.as_str() else {
                    return Err(FunctionError::call(format!(
                        "keys list has null value at index {i}"
                    )));
                };
                attrs.insert(key.to_owned(), ety.clone());
            }
            Ok(Type::object(attrs))
        }
        _ => Err(FunctionError::call(
            "values argument must be a list or tuple value",
        )),
    }
}

fn count_mismatch(keys: usize, values: usize) -> FunctionError {
    FunctionError::call(format!(
        "number of keys ({keys}) does not match number of values ({values})"
    ))
}

/// Keys paired with values by position, later duplicates winning. The
/// marks of both lists and of each key go on the result, as keys cannot
/// carry marks.
fn zipmap(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [keys, values] = args else {
        return Err(missing_arguments());
    };
    let (keys, keys_marks) = keys.unmark();
    let (values, values_marks) = values.unmark();
    let mut marks = keys_marks | values_marks;
    if !keys.is_wholly_known() {
        return Ok(Value::unknown(ret.clone()).with_marks(marks));
    }
    let keys = keys.elements().unwrap_or_default();
    let values = values.elements().unwrap_or_default();
    if keys.len() != values.len() {
        return Err(count_mismatch(keys.len(), values.len()));
    }
    let mut zipped = BTreeMap::new();
    for (key, value) in keys.iter().zip(values) {
        let (key, key_marks) = key.unmark();
        marks |= key_marks;
        let Some(key) = key.as_str() else {
            return Err(panicked("value is null"));
        };
        zipped.insert(key.to_owned(), value.clone());
    }
    match ret {
        Type::Map(ety) => Ok(map_or_empty(zipped.into_iter().collect(), ety)?.with_marks(marks)),
        Type::Object(_) => Ok(Value::object(zipped).with_marks(marks)),
        _ => Err(FunctionError::call(format!(
            "internally selected incorrect result type {} (this is a bug)",
            ret.friendly_name()
        ))),
    }
}

fn transposed_type() -> Type {
    Type::map(Type::list(Type::String))
}

/// Each string of the lists becomes a key whose list holds, sorted, the
/// keys whose lists had it.
fn transpose(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [map] = args else {
        return Err(missing_arguments());
    };
    if !map.is_wholly_known() {
        return Ok(Value::unknown(ret.clone()));
    }
    let mut transposed: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (key, list) in map.entries().into_iter().flatten() {
        let key_path = || IndexKey::String(key.clone());
        let Some(elements) = list.elements() else {
            return Err(FunctionError::arg(
                0,
                format!(
                    "cannot use null list for {}",
                    format_index_path(vec![key_path()])
                ),
            ));
        };
        for (i, e) in elements.iter().enumerate() {
            let Some(s) = e.as_str() else {
                let index = IndexKey::Int(i64::try_from(i).unwrap_or(i64::MAX));
                return Err(FunctionError::arg(
                    0,
                    format!(
                        "cannot use null string for {}",
                        format_index_path(vec![key_path(), index])
                    ),
                ));
            };
            let keys = transposed.entry(s.to_owned()).or_default();
            // Keys come in sorted order, so each list stays sorted.
            keys.push(key.clone());
        }
    }
    let entries = transposed
        .into_iter()
        .map(|(k, keys)| {
            let list = list_or_empty(keys.into_iter().map(Value::string).collect(), &Type::String)?;
            Ok((k, list))
        })
        .collect::<Result<Vec<_>>>()?;
    map_or_empty(entries, &Type::list(Type::String))
}
