//! The one pass over a whole document: checks that it is JSON, reads the
//! objects down to each provider's maps of schemas, and keeps every schema
//! in them as its JSON text, unread.
//!
//! As Go's `json.Unmarshal` into jsonprovider's `Providers`: unknown
//! properties are ignored, `null` is an empty object, a later duplicate
//! provider replaces an earlier one, and a second `resource_schemas` (or
//! other map) of one provider adds to the first, as Go decodes into the map
//! it already made. Any other value where an object belongs is a shape
//! error, reported with its path.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::{Position, SchemaError};
use crate::lazy::Lazy;
use crate::path::Path;
use crate::provider::ProviderSchema;

/// What the pass read: the top level's two properties.
pub(crate) struct Document {
    /// `None` when absent or `null`.
    pub(crate) format_version: Option<Value>,
    pub(crate) providers: BTreeMap<String, ProviderSchema>,
}

pub(crate) fn scan(text: &str) -> Result<Document, SchemaError> {
    let mut document = Document {
        format_version: None,
        providers: BTreeMap::new(),
    };
    read_object(
        text,
        DocumentEntries {
            format_version: &mut document.format_version,
            providers: Some(&mut document.providers),
        },
    )?;
    Ok(document)
}

/// Only `format_version`, read past any shape error elsewhere; `None` when
/// that cannot be read either.
pub(crate) fn format_version_only(text: &str) -> Option<Value> {
    let mut format_version = None;
    read_object(
        text,
        DocumentEntries {
            format_version: &mut format_version,
            providers: None,
        },
    )
    .ok()?;
    format_version
}

/// Reads `text` as one object whose entries `entries` takes.
fn read_object<'de>(text: &'de str, entries: impl Entries<'de>) -> Result<(), SchemaError> {
    let failure = Cell::new(None);
    let mut reader = serde_json::Deserializer::from_str(text);
    let object = Object {
        at: At {
            path: Path::ROOT,
            failure: &failure,
        },
        entries,
    };
    let result = object.deserialize(&mut reader).and_then(|()| reader.end());
    result.map_err(|error| match failure.take() {
        Some(ShapeFailure { path, message }) => SchemaError::Shape {
            path,
            message,
            position: Some(Position {
                line: error.line(),
                column: error.column(),
            }),
        },
        // Nothing of ours failed: the text is not JSON, or is nested
        // deeper than serde_json reads.
        None => SchemaError::syntax(&error),
    })
}

/// A shape error, left beside the `serde_json::Error` that stops the reader,
/// which can only carry a message.
struct ShapeFailure {
    path: String,
    message: String,
}

/// Where the reader is.
struct At<'a> {
    path: Path<'a>,
    failure: &'a Cell<Option<ShapeFailure>>,
}

impl At<'_> {
    fn child<'b>(&'b self, path: Path<'b>) -> At<'b> {
        At {
            path,
            failure: self.failure,
        }
    }

    /// Stops the reader: `found` is where an object belongs.
    fn not_an_object<E: de::Error>(&self, found: &str) -> E {
        let message = format!("expected an object, found {found}");
        self.failure.set(Some(ShapeFailure {
            path: self.path.to_string(),
            message: message.clone(),
        }));
        E::custom(message)
    }
}

/// How the entries of one object are read.
trait Entries<'de> {
    /// Reads the value of `key`: the reader stands before it.
    fn entry<A: MapAccess<'de>>(
        &mut self,
        key: String,
        map: &mut A,
        at: &At<'_>,
    ) -> Result<(), A::Error>;
}

/// An object whose entries go to `entries`, or `null`.
struct Object<'a, E> {
    at: At<'a>,
    entries: E,
}

impl<'de, E: Entries<'de>> DeserializeSeed<'de> for Object<'_, E> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, E: Entries<'de>> Visitor<'de> for Object<'_, E> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            self.entries.entry(key, &mut map, &self.at)?;
        }
        Ok(())
    }

    fn visit_unit<Er: de::Error>(self) -> Result<(), Er> {
        Ok(())
    }

    fn visit_bool<Er: de::Error>(self, _: bool) -> Result<(), Er> {
        Err(self.at.not_an_object("a boolean"))
    }

    fn visit_i64<Er: de::Error>(self, _: i64) -> Result<(), Er> {
        Err(self.at.not_an_object("a number"))
    }

    fn visit_u64<Er: de::Error>(self, _: u64) -> Result<(), Er> {
        Err(self.at.not_an_object("a number"))
    }

    fn visit_f64<Er: de::Error>(self, _: f64) -> Result<(), Er> {
        Err(self.at.not_an_object("a number"))
    }

    fn visit_str<Er: de::Error>(self, _: &str) -> Result<(), Er> {
        Err(self.at.not_an_object("a string"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<(), A::Error> {
        Err(self.at.not_an_object("an array"))
    }
}

/// The top level: `format_version` and `provider_schemas`, or only
/// `format_version` when there is nowhere to put providers.
struct DocumentEntries<'d> {
    format_version: &'d mut Option<Value>,
    providers: Option<&'d mut BTreeMap<String, ProviderSchema>>,
}

impl<'de> Entries<'de> for DocumentEntries<'_> {
    fn entry<A: MapAccess<'de>>(
        &mut self,
        key: String,
        map: &mut A,
        at: &At<'_>,
    ) -> Result<(), A::Error> {
        match (key.as_str(), &mut self.providers) {
            ("format_version", _) => {
                let value: Value = map.next_value()?;
                *self.format_version = Some(value).filter(|value| !value.is_null());
            }
            ("provider_schemas", Some(providers)) => map.next_value_seed(Object {
                at: at.child(at.path.field("provider_schemas")),
                entries: ProvidersEntries { providers },
            })?,
            _ => {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// `provider_schemas`: providers by address.
struct ProvidersEntries<'d> {
    providers: &'d mut BTreeMap<String, ProviderSchema>,
}

impl<'de> Entries<'de> for ProvidersEntries<'_> {
    fn entry<A: MapAccess<'de>>(
        &mut self,
        address: String,
        map: &mut A,
        at: &At<'_>,
    ) -> Result<(), A::Error> {
        let mut provider = ProviderSchema::empty(address.clone());
        map.next_value_seed(Object {
            at: at.child(at.path.key(&address)),
            entries: ProviderEntries {
                provider: &mut provider,
            },
        })?;
        self.providers.insert(address, provider);
        Ok(())
    }
}

/// One provider: its configuration's schema and its maps of schemas.
struct ProviderEntries<'d> {
    provider: &'d mut ProviderSchema,
}

impl<'de> Entries<'de> for ProviderEntries<'_> {
    fn entry<A: MapAccess<'de>>(
        &mut self,
        key: String,
        map: &mut A,
        at: &At<'_>,
    ) -> Result<(), A::Error> {
        let provider = &mut *self.provider;
        let at = at.child(at.path.field(&key));
        match key.as_str() {
            "provider" => provider.config = Lazy::new(map.next_value()?),
            "resource_schemas" => read_raw_map(map, at, &mut provider.resources)?,
            "data_source_schemas" => read_raw_map(map, at, &mut provider.data_sources)?,
            "ephemeral_resource_schemas" => {
                read_raw_map(map, at, &mut provider.ephemeral_resources)?
            }
            "functions" => read_raw_map(map, at, &mut provider.functions)?,
            _ => {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

fn read_raw_map<'de, A: MapAccess<'de>, T>(
    map: &mut A,
    at: At<'_>,
    into: &mut BTreeMap<String, Lazy<T>>,
) -> Result<(), A::Error> {
    map.next_value_seed(Object {
        at,
        entries: RawEntries { into },
    })
}

/// A map of schemas (or functions) by name, each kept as its text.
struct RawEntries<'d, T> {
    into: &'d mut BTreeMap<String, Lazy<T>>,
}

impl<'de, T> Entries<'de> for RawEntries<'_, T> {
    fn entry<A: MapAccess<'de>>(
        &mut self,
        name: String,
        map: &mut A,
        _: &At<'_>,
    ) -> Result<(), A::Error> {
        let raw: Box<RawValue> = map.next_value()?;
        self.into.insert(name, Lazy::new(raw));
        Ok(())
    }
}
