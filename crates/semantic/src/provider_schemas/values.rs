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

use tofu_provider_schema::{
    Attribute, AttributeType, Block, NestedAttributes, NestedBlock, NestingMode,
};
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
/// with what the schema deprecates marked as `Block.ValueMarks` marks it:
/// a deprecated block (the resource's own or a nested one) as a whole,
/// deprecated attributes, and within nested attributes and nested blocks
/// theirs, each element of a collection with its own path. Reading one
/// gives OpenTofu's deprecation warning where the reading expression is
/// evaluated.
pub(crate) fn with_deprecation_marks(
    block: &Block,
    value: Value,
    module: &str,
    subject: &str,
) -> Value {
    if !block_contains_deprecated(block) {
        return value;
    }
    DeprecationMarker { module }.block(block, value, subject)
}

/// `value` with each attribute of a known object replaced by what `f`
/// makes of it; anything else as it is.
fn map_attributes(value: Value, f: impl Fn(&str, Value) -> Value) -> Value {
    if value.is_null() || !value.ty().is_object() {
        return value;
    }
    let Some(entries) = value.entries() else {
        return value;
    };
    let attributes: Vec<(String, Value)> = entries
        .iter()
        .map(|(name, v)| (name.clone(), f(name, v.clone())))
        .collect();
    Value::object(attributes).with_marks(value.marks())
}

/// `Block.ContainsDeprecated`.
fn block_contains_deprecated(block: &Block) -> bool {
    block.deprecated
        || block.attributes.values().any(attribute_contains_deprecated)
        || block
            .block_types
            .values()
            .any(|nested| block_contains_deprecated(&nested.block))
}

fn attribute_contains_deprecated(attribute: &Attribute) -> bool {
    attribute.deprecated || nested_contains_deprecated(attribute)
}

/// `Object.ContainsDeprecated` of an attribute's nested type.
fn nested_contains_deprecated(attribute: &Attribute) -> bool {
    match &attribute.ty {
        AttributeType::Nested(nested) => nested
            .attributes
            .values()
            .any(attribute_contains_deprecated),
        AttributeType::Type(_) => false,
    }
}

struct DeprecationMarker<'a> {
    module: &'a str,
}

impl DeprecationMarker<'_> {
    fn mark(&self, value: Value, by: &str, message: &str) -> Value {
        let cause = tofu_types::DeprecationCause {
            module: self.module.to_owned(),
            subject: by.to_owned(),
            message: message.to_owned(),
            source: None,
            remote: false,
        };
        value.with_marks(Marks::deprecated(cause))
    }

    /// `Block.ValueMarks` of `value` at `path`.
    fn block(&self, block: &Block, value: Value, path: &str) -> Value {
        let value = if block.deprecated {
            self.mark(value, path, &block.deprecation_message)
        } else {
            value
        };
        map_attributes(value, |name, v| {
            let at = format!("{path}.{name}");
            match block.attributes.get(name) {
                Some(attribute) => {
                    let v = if attribute.deprecated {
                        self.mark(v, &at, &attribute.deprecation_message)
                    } else {
                        v
                    };
                    match &attribute.ty {
                        AttributeType::Nested(nested) if nested_contains_deprecated(attribute) => {
                            self.object(nested, v, &at)
                        }
                        _ => v,
                    }
                }
                None => match block.block_types.get(name) {
                    // `ValueMarks` passes over unknown and null blocks.
                    Some(nested)
                        if block_contains_deprecated(&nested.block)
                            && v.is_known()
                            && !v.is_null() =>
                    {
                        self.nested_blocks(nested, v, &at)
                    }
                    _ => v,
                },
            }
        })
    }

    /// The blocks of one nested block type, by its nesting mode.
    fn nested_blocks(&self, nested: &NestedBlock, value: Value, path: &str) -> Value {
        match nested.nesting {
            NestingMode::Single | NestingMode::Group => self.block(&nested.block, value, path),
            _ => self.elements(value, path, |element, at| {
                self.block(&nested.block, element, at)
            }),
        }
    }

    /// `Object.ValueMarks`: the attributes of a nested attribute's objects.
    fn object(&self, nested: &NestedAttributes, value: Value, path: &str) -> Value {
        let attributes = |object: Value, at: &str| -> Value {
            map_attributes(object, |name, v| match nested.attributes.get(name) {
                Some(attribute) if attribute.deprecated => {
                    self.mark(v, &format!("{at}.{name}"), &attribute.deprecation_message)
                }
                Some(
                    attribute @ Attribute {
                        ty: AttributeType::Nested(inner),
                        ..
                    },
                ) if nested_contains_deprecated(attribute) => {
                    self.object(inner, v, &format!("{at}.{name}"))
                }
                _ => v,
            })
        };
        match nested.nesting {
            NestingMode::Single | NestingMode::Group => attributes(value, path),
            _ => self.elements(value, path, attributes),
        }
    }

    /// Each element of a known list, set or map, marked by `each` with
    /// its path (`[0]`, `["key"]`, or `[...]` in a set, as
    /// `tfdiags.FormatCtyPath` writes an index it cannot show).
    fn elements(&self, value: Value, path: &str, each: impl Fn(Value, &str) -> Value) -> Value {
        if value.is_null() || !value.is_known() {
            return value;
        }
        let marks = value.marks();
        let ty = value.ty().clone();
        if let Some(entries) = value.entries().filter(|_| ty.is_map()) {
            let marked: Vec<(String, Value)> = entries
                .iter()
                .map(|(key, v)| {
                    let at = format!("{path}[{}]", tofu_syntax::quote::go_quote(key));
                    (key.clone(), each(v.clone(), &at))
                })
                .collect();
            return Value::map(marked).with_marks(marks);
        }
        let Some(elements) = value.elements() else {
            return value;
        };
        if elements.is_empty() {
            return value;
        }
        let marked: Vec<Value> = elements
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let at = if ty.is_set() {
                    format!("{path}[...]")
                } else {
                    format!("{path}[{i}]")
                };
                each(v.clone(), &at)
            })
            .collect();
        let rebuilt = if ty.is_set() {
            Value::set(marked)
        } else if ty.is_list() {
            Value::list(marked)
        } else {
            Value::tuple(marked)
        };
        rebuilt.with_marks(marks)
    }
}
