//! Schemas and blocks: jsonprovider's `Schema`, `Block` and `BlockType`
//! (`internal/command/jsonprovider/schema.go`, `block.go`), the JSON form of
//! `configschema.Block` and `configschema.NestedBlock`.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::attribute::{Attribute, decode_attribute};
use crate::error::SchemaError;
use crate::fields::{Fields, wrong_type};
use crate::path::Path;

/// The schema of a provider's configuration, a resource type, a data source
/// or an ephemeral resource type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schema {
    /// The schema's version (a resource's, for upgrading state), not the
    /// provider's.
    pub version: u64,
    /// Empty when the document has none, as OpenTofu writes a schema
    /// without a block.
    pub block: Block,
}

/// What a block's body may hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block {
    /// By name, in byte order.
    pub attributes: BTreeMap<String, Attribute>,
    /// Nested block types by name, in byte order.
    pub block_types: BTreeMap<String, NestedBlock>,
    /// Empty when absent, as in `configschema`.
    pub description: String,
    pub description_kind: DescriptionKind,
    pub deprecated: bool,
    pub deprecation_message: String,
}

/// A nested block type: `configschema.NestedBlock`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedBlock {
    pub nesting: NestingMode,
    pub block: Block,
    /// Bounds on the number of blocks, for the list and set modes; 0 when
    /// absent (no bound).
    pub min_items: u64,
    pub max_items: u64,
}

/// How nested blocks, or the objects of a nested attribute, repeat:
/// `configschema.NestingMode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NestingMode {
    /// At most one block, an object value (null when absent).
    Single,
    /// Exactly one block, never null: absent is an object of nulls. Only
    /// for blocks, not nested attributes.
    Group,
    List,
    Set,
    /// Blocks with one label each, a map of objects.
    Map,
}

/// How a description is meant to be shown: `configschema.StringKind`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DescriptionKind {
    #[default]
    Plain,
    Markdown,
}

impl NestingMode {
    /// The name the format writes (`nestingModeString`).
    pub fn as_str(self) -> &'static str {
        match self {
            NestingMode::Single => "single",
            NestingMode::Group => "group",
            NestingMode::List => "list",
            NestingMode::Set => "set",
            NestingMode::Map => "map",
        }
    }

    fn from_name(name: &str) -> Option<NestingMode> {
        [
            NestingMode::Single,
            NestingMode::Group,
            NestingMode::List,
            NestingMode::Set,
            NestingMode::Map,
        ]
        .into_iter()
        .find(|mode| mode.as_str() == name)
    }
}

pub(crate) fn decode_schema(value: &Value, path: &Path<'_>) -> Result<Schema, SchemaError> {
    let fields = Fields::of(value, path)?;
    Ok(Schema {
        version: fields.count("version")?,
        block: match fields.get("block") {
            Some(block) => decode_block(block, &path.field("block"))?,
            None => Block::default(),
        },
    })
}

pub(crate) fn decode_block(value: &Value, path: &Path<'_>) -> Result<Block, SchemaError> {
    let fields = Fields::of(value, path)?;
    Ok(Block {
        attributes: fields.map("attributes", decode_attribute)?,
        block_types: fields.map("block_types", decode_nested_block)?,
        description: fields.string("description")?,
        description_kind: description_kind(&fields)?,
        deprecated: fields.bool("deprecated")?,
        deprecation_message: fields.string("deprecation_message")?,
    })
}

fn decode_nested_block(value: &Value, path: &Path<'_>) -> Result<NestedBlock, SchemaError> {
    let fields = Fields::of(value, path)?;
    Ok(NestedBlock {
        nesting: nesting_mode(&fields, true)?,
        block: match fields.get("block") {
            Some(block) => decode_block(block, &path.field("block"))?,
            None => Block::default(),
        },
        min_items: fields.count("min_items")?,
        max_items: fields.count("max_items")?,
    })
}

/// The required `nesting_mode`. `group` is for blocks only: a nested
/// attribute cannot be one (`configschema`'s `InternalValidate`).
pub(crate) fn nesting_mode(
    fields: &Fields<'_, '_>,
    allow_group: bool,
) -> Result<NestingMode, SchemaError> {
    let path = fields.path().field("nesting_mode");
    let expected = if allow_group {
        "single, group, list, set or map"
    } else {
        "single, list, set or map"
    };
    match fields.get("nesting_mode") {
        None => Err(SchemaError::shape(
            &path,
            format!("missing: expected one of {expected}"),
        )),
        Some(Value::String(name)) => NestingMode::from_name(name)
            .filter(|mode| allow_group || *mode != NestingMode::Group)
            .ok_or_else(|| {
                SchemaError::shape(
                    &path,
                    format!(
                        "unknown nesting mode {}: expected one of {expected}",
                        serde_json::Value::from(name.as_str())
                    ),
                )
            }),
        Some(other) => Err(wrong_type(&path, "a string", other)),
    }
}

/// `description_kind`: OpenTofu writes `"markdown"` for markdown and
/// `"plain"` for every other kind (`marshalStringKind`), so any other word
/// is plain.
pub(crate) fn description_kind(fields: &Fields<'_, '_>) -> Result<DescriptionKind, SchemaError> {
    Ok(match fields.string("description_kind")?.as_str() {
        "markdown" => DescriptionKind::Markdown,
        _ => DescriptionKind::Plain,
    })
}
