//! Defaults of optional object attributes (`optional(T, default)`), applied
//! as HCL's `typeexpr.Defaults.Apply` before a value is converted to its
//! type constraint.
//!
//! Application is top-down: nested values get their own defaults first,
//! then each absent or null attribute gets its default value, to which the
//! defaults nested under that attribute are applied in turn.

use std::collections::BTreeMap;

use crate::convert::{ConversionError, convert, unify};
use crate::{Type, Value};

/// The defaults found in a type constraint, shaped like the constraint.
/// Entries are kept sorted in vectors: a constraint has a few of them,
/// and a variable declaration keeps its defaults as long as the analysis
/// runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// The constraint at this level.
    pub ty: Type,
    /// Default values of this object's optional attributes, already
    /// converted to the attribute types, by name.
    values: Vec<(String, Value)>,
    /// Defaults nested inside: by attribute name for objects, by index
    /// (`"0"`, `"1"`…) for tuples, under `""` for the element of a
    /// collection.
    children: Vec<(String, Defaults)>,
}

impl Defaults {
    pub fn new(ty: Type) -> Defaults {
        Defaults {
            ty,
            values: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Sets the default value of optional attribute `name`.
    pub fn insert_value(&mut self, name: String, value: Value) {
        insert_sorted(&mut self.values, name, value);
    }

    /// Sets the defaults nested under `key`.
    pub fn insert_child(&mut self, key: String, child: Defaults) {
        insert_sorted(&mut self.children, key, child);
    }

    /// The default values, by attribute name.
    pub fn values(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }

    fn nested(&self, key: &str) -> Option<&Defaults> {
        self.children
            .binary_search_by(|(k, _)| k.as_str().cmp(key))
            .ok()
            .map(|i| &self.children[i].1)
    }

    /// Fills in defaults; nulls and unknowns are left alone, marks kept.
    pub fn apply(&self, value: &Value) -> Value {
        if !value.is_known() || value.is_null() {
            return value.clone();
        }
        if self.values.is_empty() && self.children.is_empty() {
            return value.clone();
        }
        let (v, marks) = value.unmark();
        let ty = v.ty().clone();
        let result = match &ty {
            Type::Set(_) | Type::List(_) | Type::Tuple(_) => {
                let values = v
                    .elements()
                    .unwrap_or_default()
                    .iter()
                    .enumerate()
                    .map(|(i, e)| match self.child(&i.to_string()) {
                        Some(d) => d.apply(e),
                        None => e.clone(),
                    })
                    .collect();
                rebuild_sequence(&ty, values)
            }
            Type::Object(_) | Type::Map(_) => {
                let mut values: BTreeMap<String, Value> = v
                    .entries()
                    .into_iter()
                    .flatten()
                    .map(|(k, e)| {
                        let e = match self.child(k) {
                            Some(d) => d.apply(e),
                            None => e.clone(),
                        };
                        (k.clone(), e)
                    })
                    .collect();
                for (name, default) in &self.values {
                    if values.get(name).is_none_or(Value::is_null) {
                        let filled = match self.nested(name) {
                            Some(d) => d.apply(default),
                            None => default.clone(),
                        };
                        values.insert(name.clone(), filled);
                    }
                }
                rebuild_mapping(&ty, values)
            }
            _ => v,
        };
        result.with_marks(marks)
    }

    /// HCL's `getChild`: by index in tuples and by name in objects,
    /// otherwise the collection element's defaults.
    fn child(&self, key: &str) -> Option<&Defaults> {
        if self.ty.is_tuple() || self.ty.is_object() {
            self.nested(key)
        } else {
            self.nested("")
        }
    }
}

/// Inserts or replaces `key`'s entry, keeping `entries` sorted by key.
fn insert_sorted<T>(entries: &mut Vec<(String, T)>, key: String, value: T) {
    match entries.binary_search_by(|(k, _)| k.cmp(&key)) {
        Ok(i) => entries[i].1 = value,
        Err(i) => entries.insert(i, (key, value)),
    }
}

/// A list or set again if its elements still unify, else a tuple.
fn rebuild_sequence(ty: &Type, values: Vec<Value>) -> Value {
    match ty {
        Type::Set(ety) | Type::List(ety) if values.is_empty() => {
            if ty.is_set() {
                Value::set_empty((**ety).clone())
            } else {
                Value::list_empty((**ety).clone())
            }
        }
        Type::Set(_) | Type::List(_) => match unify_all(&values) {
            Some(unified) if ty.is_set() => Value::set(unified),
            Some(unified) => Value::list(unified),
            None => Value::tuple(values),
        },
        _ => Value::tuple(values),
    }
}

fn rebuild_mapping(ty: &Type, values: BTreeMap<String, Value>) -> Value {
    if ty.is_map() {
        if values.is_empty() {
            return Value::map_empty(ty.element_type().cloned().unwrap_or(Type::Dynamic));
        }
        let keys: Vec<String> = values.keys().cloned().collect();
        let elements: Vec<Value> = values.values().cloned().collect();
        if let Some(unified) = unify_all(&elements) {
            return Value::map(keys.into_iter().zip(unified));
        }
    }
    Value::object(values)
}

/// The values converted to their unified type, as HCL's `unifyAsSlice`.
fn unify_all(values: &[Value]) -> Option<Vec<Value>> {
    let types: Vec<Type> = values.iter().map(|v| v.ty().clone()).collect();
    let (_, conversions) = unify(&types)?;
    values
        .iter()
        .zip(conversions)
        .map(|(v, c)| match c {
            Some(c) => c.apply(v).ok(),
            None => Some(v.clone()),
        })
        .collect()
}

/// OpenTofu's `TypeConversionConstraint.ConvertValue`: defaults (for
/// non-null values), then conversion to the constraint.
pub fn convert_with_defaults(
    value: &Value,
    ty: &Type,
    defaults: Option<&Defaults>,
) -> Result<Value, ConversionError> {
    match defaults {
        Some(d) if !value.is_null() => convert(&d.apply(value), ty),
        _ => convert(value, ty),
    }
}
