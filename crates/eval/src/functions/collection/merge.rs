//! `merge` of maps and objects.

use std::collections::BTreeMap;

use tofu_types::render::go_quote;
use tofu_types::{Marks, Type, Value};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, map_or_empty, panicked};

pub(super) fn functions() -> Vec<Function> {
    vec![Function {
        name: "merge",
        params: Vec::new(),
        var_param: Some(
            Param::new("maps", Type::Dynamic)
                .allow_dynamic_type()
                .allow_null()
                .allow_marked(),
        ),
        return_type: merge_type,
        implementation: merge,
    }]
}

/// With no arguments an empty object; dynamic as soon as an argument is of
/// unknown type; the arguments' type when they all have the same;
/// otherwise an object of all their attributes (and known map keys), later
/// ones winning.
fn merge_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
    let mut first: Option<Type> = None;
    let mut matching = true;
    let mut attrs_known = true;
    for arg in args {
        let mut ty = arg.ty().clone();
        if ty.is_dynamic() {
            return Ok(Type::Dynamic);
        }
        match &ty {
            Type::Object(o) => {
                if arg.is_null() {
                    // A null object counts as one without attributes.
                    ty = Type::empty_object();
                } else {
                    attrs.extend(o.attributes().iter().map(|(k, t)| (k.clone(), t.clone())));
                }
            }
            Type::Map(ety) => {
                if let Some(entries) = arg.entries() {
                    for k in entries.keys() {
                        attrs.insert(k.clone(), ety.as_ref().clone());
                    }
                } else if !arg.is_null() {
                    attrs_known = false;
                }
            }
            _ => {
                return Err(FunctionError::call(format!(
                    "arguments must be maps or objects, got {}",
                    go_quote(&ty.friendly_name())
                )));
            }
        }
        match &first {
            None => first = Some(ty),
            Some(first) => matching &= &ty == first,
        }
    }
    match first {
        None => Ok(Type::empty_object()),
        Some(first) if matching => Ok(first),
        Some(_) if !attrs_known => Ok(Type::Dynamic),
        Some(_) => Ok(Type::object(attrs)),
    }
}

/// All elements and attributes, later arguments winning, with the marks
/// of every non-null argument.
fn merge(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let mut merged: BTreeMap<String, Value> = BTreeMap::new();
    let mut marks = Marks::NONE;
    for arg in args {
        if arg.is_null() {
            continue;
        }
        let (arg, arg_marks) = arg.unmark();
        marks |= arg_marks;
        merge_elements(&arg, &mut merged)?;
    }
    match ret {
        Type::Map(ety) => Ok(map_or_empty(merged.into_iter().collect(), ety)?.with_marks(marks)),
        Type::Object(_) | Type::Dynamic => Ok(Value::object(merged).with_marks(marks)),
        _ => Err(panicked("unexpected return type")),
    }
}

/// Adds the elements of one argument as cty iterates them. Only maps and
/// objects get here by their type; with a dynamic result type anything
/// may, and cty then fails where its iteration does.
fn merge_elements(arg: &Value, merged: &mut BTreeMap<String, Value>) -> Result<()> {
    if let Some(entries) = arg.entries() {
        merged.extend(entries.iter().map(|(k, v)| (k.clone(), v.clone())));
        return Ok(());
    }
    let Some(elements) = arg.elements() else {
        return Err(panicked(
            "attempt to iterate on non-collection, non-tuple type",
        ));
    };
    for e in elements {
        // The key of a list or tuple element is its index, that of a set
        // element the element itself.
        if !arg.ty().is_set() || e.ty() != &Type::String {
            return Err(panicked("not a string"));
        }
        let Some(key) = e.as_str() else {
            let what = if e.is_null() { "null" } else { "unknown" };
            return Err(panicked(&format!("value is {what}")));
        };
        merged.insert(key.to_owned(), e.clone());
    }
    Ok(())
}
