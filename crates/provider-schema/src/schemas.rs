//! A whole `tofu providers schema -json` document: jsonprovider's
//! `Providers` (`internal/command/jsonprovider/provider.go`), read in one
//! pass that keeps each schema's text for later (`scan.rs`).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::error::SchemaError;
use crate::fields::wrong_type;
use crate::path::Path;
use crate::provider::ProviderSchema;
use crate::scan::{format_version_only, scan};

#[derive(Debug)]
pub struct ProviderSchemas {
    format_version: String,
    providers: BTreeMap<String, ProviderSchema>,
}

impl ProviderSchemas {
    /// Reads a document. Fails on text that is not JSON, on a
    /// `format_version` other than 1.x, and on objects of the wrong shape
    /// down to each provider's maps of schemas; the schemas in those maps
    /// are checked when first asked for.
    pub fn parse(text: &str) -> Result<ProviderSchemas, SchemaError> {
        let document = match scan(text) {
            Ok(document) => document,
            // A document of another major version may well have another
            // shape: say that rather than what the shape lacks.
            Err(error @ SchemaError::Shape { .. }) => {
                return Err(match format_version_only(text) {
                    Some(version) => check_format_version(Some(&version)).err().unwrap_or(error),
                    None => error,
                });
            }
            Err(error) => return Err(error),
        };
        let format_version = check_format_version(document.format_version.as_ref())?;
        Ok(ProviderSchemas {
            format_version,
            providers: document.providers,
        })
    }

    /// The document's `format_version`, such as `1.0`.
    pub fn format_version(&self) -> &str {
        &self.format_version
    }

    /// A provider by the address the document keys it with, such as
    /// `registry.opentofu.org/hashicorp/local` (`addrs.Provider.String()`).
    pub fn provider(&self, address: &str) -> Option<&ProviderSchema> {
        self.providers.get(address)
    }

    /// The providers in byte order of their addresses.
    pub fn providers(&self) -> impl ExactSizeIterator<Item = &ProviderSchema> + '_ {
        self.providers.values()
    }
}

/// The format's versioning rule: a new minor version only adds, so any 1.x
/// is read (ignoring what it adds); another major version is rejected.
fn check_format_version(found: Option<&Value>) -> Result<String, SchemaError> {
    match found {
        Some(Value::String(version)) if is_major_version_one(version) => Ok(version.clone()),
        Some(Value::String(_)) => Err(SchemaError::FormatVersion {
            found: found.map(Value::to_string),
        }),
        Some(other) => Err(wrong_type(
            &Path::ROOT.field("format_version"),
            "a string",
            other,
        )),
        None => Err(SchemaError::FormatVersion { found: None }),
    }
}

/// `1`, `1.0`, `1.12`, `1.0.1`: numbers separated by dots, the first 1.
fn is_major_version_one(version: &str) -> bool {
    let mut parts = version.split('.');
    parts.next() == Some("1")
        && parts.all(|part| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::{ProviderSchemas, is_major_version_one};

    /// Hosts share loaded schemas between threads (and a database).
    #[test]
    fn shareable_between_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<ProviderSchemas>();
    }

    #[test]
    fn major_version_one() {
        for version in ["1", "1.0", "1.1", "1.12", "1.0.3"] {
            assert!(is_major_version_one(version), "{version}");
        }
        for version in [
            "", "0.1", "2.0", "10.0", "1.", "1.x", "01.0", " 1.0", "1.0-beta", "v1.0",
        ] {
            assert!(!is_major_version_one(version), "{version}");
        }
    }
}
