//! Resources typed by their providers' schemas: the type of a resource's
//! object (`configschema.Block.ImpliedType`), the value `validate` gives
//! a resource it has no state of (`Block.UnknownValue` with the marks of
//! `Block.ValueMarks`: `evaluationStateData.GetResource`'s validate
//! walk), and how a plan without the provider sees each attribute.
//!
//! Without a schema for a resource (no schemas, a provider the schemas
//! do not describe, a type its provider lacks), every function here
//! answers `None` and the resource stays dynamic.

use std::collections::BTreeMap;

use tofu_provider_schema::{Attribute, AttributeType, Block, NestedBlock, NestingMode};
use tofu_types::{Mark, Marks, Type, Value};

use super::checks::spec_type;
use crate::declarations::DeclKind;
use crate::input::{ModuleDir, Workspace};
use crate::provider_validation::module_providers;

/// The schema of resource `kind` of `module` (a managed, data or
/// ephemeral resource), when the workspace's schemas have its provider and
/// its type.
pub(crate) fn resource_schema<'db>(
    db: &'db dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    kind: &DeclKind,
) -> Option<&'db Block> {
    let set = workspace.provider_schemas(db).as_ref()?;
    let (kind_of_schema, ty) = match kind {
        DeclKind::ManagedResource { ty, .. } => (tofu_provider_schema::SchemaKind::Resource, ty),
        DeclKind::DataResource { ty, .. } => (tofu_provider_schema::SchemaKind::DataSource, ty),
        DeclKind::EphemeralResource { ty, .. } => {
            (tofu_provider_schema::SchemaKind::EphemeralResource, ty)
        }
        _ => return None,
    };
    let provider = module_providers(db, module).resource_provider(kind)?;
    let schema = set.provider(&provider)?.schema(kind_of_schema, ty)?.ok()?;
    Some(&schema.block)
}

/// The schema of the block at `path` (nested block type names, outermost
/// first; empty for the resource's own body) of the resource, data
/// source or ephemeral resource `kind` of `module`: what editors complete
/// and describe there. `None` without a schema for it.
pub fn resource_body_schema<'db>(
    db: &'db dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    kind: &DeclKind,
    path: &[String],
) -> Option<&'db Block> {
    path.iter().try_fold(
        resource_schema(db, workspace, module, kind)?,
        |block, name| Some(&block.block_types.get(name)?.block),
    )
}

/// `Attribute.ImpliedType`: its type, or its nested attributes' type
/// without optional attributes.
pub fn attribute_type(attribute: &Attribute) -> Type {
    match &attribute.ty {
        AttributeType::Type(ty) => ty.clone(),
        AttributeType::Nested(_) => spec_type(attribute).without_optional_attributes_deep(),
    }
}

/// `Block.ImpliedType`: an object of its attributes' and nested block
/// types' types.
pub(crate) fn block_type(block: &Block) -> Type {
    let attributes = block
        .attributes
        .iter()
        .map(|(name, attribute)| (name.as_str(), attribute_type(attribute)));
    let blocks = block
        .block_types
        .iter()
        .filter(|(name, _)| !block.attributes.contains_key(*name))
        .map(|(name, nested)| (name.as_str(), nested_block_type(nested)));
    Type::object(attributes.chain(blocks))
}

/// The type of a nested block type's value: one object, or a collection
/// of them as its nesting mode says.
pub(crate) fn nested_block_type(nested: &NestedBlock) -> Type {
    let object = block_type(&nested.block);
    match nested.nesting {
        NestingMode::Single | NestingMode::Group => object,
        NestingMode::List => Type::list(object),
        NestingMode::Set => Type::set(object),
        NestingMode::Map => Type::map(object),
    }
}

/// `Block.UnknownValue` marked as `Block.ValueMarks` marks it: an object
/// of unknown attributes, the sensitive ones sensitive (nested blocks and
/// nested attributes are unknown, so nothing inside them is marked).
pub(crate) fn unknown_value(block: &Block) -> Value {
    let mut attrs: BTreeMap<&str, Value> = BTreeMap::new();
    for (name, attribute) in &block.attributes {
        attrs.insert(
            name,
            sensitive_if(attribute, Value::unknown(attribute_type(attribute))),
        );
    }
    for (name, nested) in &block.block_types {
        if !block.attributes.contains_key(name) {
            attrs.insert(name, Value::unknown(nested_block_type(nested)));
        }
    }
    Value::object(attrs)
}

/// `value`, marked sensitive when `attribute` is.
pub(crate) fn sensitive_if(attribute: &Attribute, value: Value) -> Value {
    if attribute.sensitive {
        value.mark(Mark::Sensitive)
    } else {
        value
    }
}

/// An attribute's value in a plan without the provider, from what the
/// configuration gives it (`None` when it does not set it), converted to
/// its type: a write-only attribute is null (providers keep no value of
/// it); an attribute the provider computes is unknown where the
/// configuration leaves it unset or null; else the configured value, or
/// null. A value that does not convert is unknown (the conversion error is
/// reported where the argument is evaluated).
pub(crate) fn planned_attribute(attribute: &Attribute, configured: Option<Value>) -> Value {
    let ty = attribute_type(attribute);
    let value = match configured {
        _ if attribute.write_only => Value::null(ty),
        Some(value) if !(value.is_null() && attribute.computed) => {
            let marks = value.marks();
            match tofu_types::convert(&value, &spec_type(attribute)) {
                Ok(converted) => converted,
                Err(_) => Value::unknown(ty).with_marks(marks),
            }
        }
        Some(value) => Value::unknown(ty).with_marks(value.marks()),
        None if attribute.computed => Value::unknown(ty),
        None => Value::null(ty),
    };
    sensitive_if(attribute, value)
}

/// `value`, an object of `block`'s type for resource instance `subject`
/// (`test_thing.x`, `data.test_thing.x[0]`) of module instance `module`,
/// with its deprecated attributes marked as `Block.ValueMarks` marks
/// them: reading one gives OpenTofu's deprecation warning where the
/// reading expression is evaluated.
pub(crate) fn with_deprecation_marks(
    block: &Block,
    value: Value,
    module: &str,
    subject: &str,
) -> Value {
    if !block.attributes.values().any(|a| a.deprecated) {
        return value;
    }
    let Some(entries) = value.entries() else {
        return value;
    };
    let attributes: Vec<(String, Value)> = entries
        .iter()
        .map(|(name, v)| match block.attributes.get(name) {
            Some(attribute) if attribute.deprecated => {
                let cause = tofu_types::DeprecationCause {
                    module: module.to_owned(),
                    subject: format!("{subject}.{name}"),
                    message: attribute.deprecation_message.clone(),
                    source: None,
                    remote: false,
                };
                let mut marks = v.marks();
                marks |= Marks::deprecated(cause);
                (name.clone(), v.with_marks(marks))
            }
            _ => (name.clone(), v.clone()),
        })
        .collect();
    Value::object(attributes).with_marks(value.marks())
}
