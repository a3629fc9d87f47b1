//! Attributes: jsonprovider's `Attribute` and `NestedType`
//! (`internal/command/jsonprovider/attribute.go`), the JSON form of
//! `configschema.Attribute` and `configschema.Object`.

use std::collections::BTreeMap;

use serde_json::Value;
use tofu_types::Type;

use crate::block::{DescriptionKind, NestingMode, description_kind, nesting_mode};
use crate::cty_json::type_from_json;
use crate::error::SchemaError;
use crate::fields::Fields;
use crate::path::Path;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    pub ty: AttributeType,
    /// Empty when absent, as in `configschema`.
    pub description: String,
    pub description_kind: DescriptionKind,
    pub required: bool,
    pub optional: bool,
    pub computed: bool,
    pub sensitive: bool,
    pub deprecated: bool,
    pub deprecation_message: String,
    /// The value is sent to the provider but never stored in state or plan.
    pub write_only: bool,
}

/// What an attribute's value must be: a cty type (`type`), or objects of
/// attributes of their own (`nested_type`, protocol 6 providers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttributeType {
    Type(Type),
    Nested(NestedAttributes),
}

/// `nested_type`: objects of the given attributes, one or many as the
/// nesting mode says (never `group`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedAttributes {
    pub nesting: NestingMode,
    /// By name, in byte order.
    pub attributes: BTreeMap<String, Attribute>,
    /// Terraform writes these (deprecated in the plugin protocol); OpenTofu
    /// does not. 0 when absent.
    pub min_items: u64,
    pub max_items: u64,
}

pub(crate) fn decode_attribute(value: &Value, path: &Path<'_>) -> Result<Attribute, SchemaError> {
    let fields = Fields::of(value, path)?;
    Ok(Attribute {
        ty: attribute_type(&fields)?,
        description: fields.string("description")?,
        description_kind: description_kind(&fields)?,
        required: fields.bool("required")?,
        optional: fields.bool("optional")?,
        computed: fields.bool("computed")?,
        sensitive: fields.bool("sensitive")?,
        deprecated: fields.bool("deprecated")?,
        deprecation_message: fields.string("deprecation_message")?,
        write_only: fields.bool("write_only")?,
    })
}

/// `nested_type` takes priority over `type` when both are present, as the
/// format's documentation says; one of the two is required
/// (`configschema`'s "either Type or NestedType must be defined").
fn attribute_type(fields: &Fields<'_, '_>) -> Result<AttributeType, SchemaError> {
    let path = fields.path();
    if let Some(nested) = fields.get("nested_type") {
        let nested = decode_nested_attributes(nested, &path.field("nested_type"))?;
        return Ok(AttributeType::Nested(nested));
    }
    match fields.get("type") {
        Some(encoding) => type_from_json(encoding)
            .map(AttributeType::Type)
            .map_err(|message| SchemaError::shape(&path.field("type"), message)),
        None => Err(SchemaError::shape(
            path,
            "either type or nested_type must be defined",
        )),
    }
}

fn decode_nested_attributes(
    value: &Value,
    path: &Path<'_>,
) -> Result<NestedAttributes, SchemaError> {
    let fields = Fields::of(value, path)?;
    Ok(NestedAttributes {
        nesting: nesting_mode(&fields, false)?,
        attributes: fields.map("attributes", decode_attribute)?,
        min_items: fields.count("min_items")?,
        max_items: fields.count("max_items")?,
    })
}
