//! Reading the properties of one JSON object of a schema, as Go's
//! `json.Unmarshal` reads them into OpenTofu's `jsonprovider` structs:
//! unknown properties are ignored, and `null` is the same as absent (Go leaves
//! the zero value). A property of the wrong JSON type is an error at its
//! path.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::error::SchemaError;
use crate::path::Path;

/// One JSON object (or `null`, read as an empty one) and where it is.
pub(crate) struct Fields<'v, 'p> {
    object: Option<&'v Map<String, Value>>,
    path: &'p Path<'p>,
}

impl<'v, 'p> Fields<'v, 'p> {
    pub(crate) fn of(value: &'v Value, path: &'p Path<'p>) -> Result<Self, SchemaError> {
        let object = match value {
            Value::Object(object) => Some(object),
            Value::Null => None,
            other => return Err(wrong_type(path, "an object", other)),
        };
        Ok(Fields { object, path })
    }

    pub(crate) fn path(&self) -> &'p Path<'p> {
        self.path
    }

    /// The property `name`, unless it is absent or `null`.
    pub(crate) fn get(&self, name: &str) -> Option<&'v Value> {
        self.object?.get(name).filter(|value| !value.is_null())
    }

    /// A string property; empty when absent, as Go's zero value.
    pub(crate) fn string(&self, name: &str) -> Result<String, SchemaError> {
        match self.get(name) {
            None => Ok(String::new()),
            Some(Value::String(text)) => Ok(text.clone()),
            Some(other) => Err(wrong_type(&self.path.field(name), "a string", other)),
        }
    }

    pub(crate) fn bool(&self, name: &str) -> Result<bool, SchemaError> {
        match self.get(name) {
            None => Ok(false),
            Some(Value::Bool(flag)) => Ok(*flag),
            Some(other) => Err(wrong_type(&self.path.field(name), "a boolean", other)),
        }
    }

    /// A Go `uint64` property (a schema version, `min_items`): a
    /// non-negative integer, 0 when absent.
    pub(crate) fn count(&self, name: &str) -> Result<u64, SchemaError> {
        match self.get(name) {
            None => Ok(0),
            Some(value) => value
                .as_u64()
                .ok_or_else(|| wrong_type(&self.path.field(name), "a non-negative integer", value)),
        }
    }

    /// A map property, each entry decoded by `decode` at its own path;
    /// empty when absent. Ordered by key, as OpenTofu orders schema maps.
    pub(crate) fn map<T>(
        &self,
        name: &str,
        decode: impl Fn(&Value, &Path<'_>) -> Result<T, SchemaError>,
    ) -> Result<BTreeMap<String, T>, SchemaError> {
        let path = self.path.field(name);
        let Some(value) = self.get(name) else {
            return Ok(BTreeMap::new());
        };
        let Value::Object(entries) = value else {
            return Err(wrong_type(&path, "an object", value));
        };
        entries
            .iter()
            .map(|(key, value)| Ok((key.clone(), decode(value, &path.key(key))?)))
            .collect()
    }

    /// An array property, each element decoded by `decode` at its own path;
    /// empty when absent.
    pub(crate) fn list<T>(
        &self,
        name: &str,
        decode: impl Fn(&Value, &Path<'_>) -> Result<T, SchemaError>,
    ) -> Result<Vec<T>, SchemaError> {
        let path = self.path.field(name);
        let Some(value) = self.get(name) else {
            return Ok(Vec::new());
        };
        let Value::Array(elements) = value else {
            return Err(wrong_type(&path, "an array", value));
        };
        elements
            .iter()
            .enumerate()
            .map(|(index, element)| decode(element, &path.index(index)))
            .collect()
    }
}

/// "expected a string, found a number".
pub(crate) fn wrong_type(path: &Path<'_>, expected: &str, found: &Value) -> SchemaError {
    SchemaError::shape(path, format!("expected {expected}, found {}", kind(found)))
}

/// A JSON value's kind, with its article.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
