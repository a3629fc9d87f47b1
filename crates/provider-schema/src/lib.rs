//! Provider schemas as `tofu providers schema -json` prints them (OpenTofu's
//! `internal/command/jsonprovider`), for checking configuration against
//! what providers accept.
//!
//! [`ProviderSchemas::parse`] takes a document's text (the host reads the
//! file) and reads it in one pass, down to each provider's maps of schemas;
//! every resource, data source, ephemeral resource and function schema stays
//! JSON text until it is first asked for, because a large provider's
//! document is tens of megabytes and a configuration uses a few of its
//! types:
//!
//! ```
//! # let text = r#"{"format_version":"1.0","provider_schemas":{"registry.opentofu.org/x/y":
//! #   {"resource_schemas":{"y_thing":{"block":{"attributes":{"name":{"type":"string","required":true}}}}}}}}"#;
//! let schemas = tofu_provider_schema::ProviderSchemas::parse(text)?;
//! let provider = schemas.provider("registry.opentofu.org/x/y").unwrap();
//! let thing = provider.resource("y_thing").unwrap()?;
//! assert!(thing.block.attributes["name"].required);
//! # Ok::<(), tofu_provider_schema::SchemaError>(())
//! ```
//!
//! * `scan.rs`: the one pass; `lazy.rs`: a schema kept as text until asked
//!   for.
//! * `block.rs`, `attribute.rs`, `function.rs`: the decoded schemas, as
//!   jsonprovider's structs describe them; `fields.rs` reads their JSON
//!   objects as Go's `json.Unmarshal` would.
//! * `cty_json.rs`: cty's JSON type encoding read back.
//! * `error.rs`, `path.rs`: errors say where, as a line and column or as a
//!   JSON path.

mod attribute;
mod block;
mod cty_json;
mod error;
mod fields;
mod function;
mod lazy;
mod path;
mod provider;
mod scan;
mod schemas;

pub use attribute::{Attribute, AttributeType, NestedAttributes};
pub use block::{Block, DescriptionKind, NestedBlock, NestingMode, Schema};
pub use cty_json::{type_from_json, type_from_json_text};
pub use error::{Position, SchemaError};
pub use function::{FunctionSignature, Parameter};
pub use provider::{ProviderSchema, SchemaKind};
pub use schemas::ProviderSchemas;
