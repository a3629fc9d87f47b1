//! One schema kept as the JSON text the document had for it, decoded the
//! first time it is asked for. A large provider (AWS's schema is tens of MB)
//! describes thousands of resource types and a configuration uses a few.

use std::sync::OnceLock;

use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::{SchemaError, message_without_position};
use crate::path::Path;

pub(crate) struct Lazy<T> {
    raw: Box<RawValue>,
    decoded: OnceLock<Result<T, SchemaError>>,
}

impl<T> Lazy<T> {
    pub(crate) fn new(raw: Box<RawValue>) -> Self {
        Lazy {
            raw,
            decoded: OnceLock::new(),
        }
    }

    /// The decoded value, decoded now by `decode` if this is the first
    /// access; a failure is kept too, and given again.
    pub(crate) fn get(
        &self,
        path: &Path<'_>,
        decode: fn(&Value, &Path<'_>) -> Result<T, SchemaError>,
    ) -> Result<&T, SchemaError> {
        self.decoded
            .get_or_init(|| {
                // The document's reader checked that this is JSON, but not
                // how deep it nests: serde_json's own limit may still stop
                // it here. Its position would be within this schema's text,
                // so the path says where instead.
                let value: Value = serde_json::from_str(self.raw.get())
                    .map_err(|error| SchemaError::shape(path, message_without_position(&error)))?;
                decode(&value, path)
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

impl<T> std::fmt::Debug for Lazy<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = if self.decoded.get().is_some() {
            "decoded"
        } else {
            "raw"
        };
        write!(f, "Lazy({state}, {} bytes)", self.raw.get().len())
    }
}
