//! Resource, data source, ephemeral resource and provider bodies checked
//! against their providers' schemas, as `tofu validate` checks them with
//! the providers installed.
//!
//! OpenTofu decodes each body with `hcldec` against the spec a
//! `configschema.Block` implies (`DecoderSpec`, `decoder_spec.go`), after
//! `dynblock` has expanded its `dynamic` blocks and `blocktoattr` has let
//! list-of-object attributes be written as blocks
//! (`lang/eval.go`: `ExpandBlock`, `EvalBlock`). That is, per body:
//! HCL's `Content` (unsupported arguments and blocks, missing required
//! arguments, labels), then per name of the spec the attribute's
//! conversion to its type ("Incorrect attribute value type") and the
//! nested blocks' counts (`BlockSpec`: one at most, `BlockListSpec` and
//! `BlockSetSpec`: `min_items` and `max_items`, `BlockMapSpec`: unique
//! labels), each nested body decoded the same way. Before decoding a
//! resource, `node_resource_validate.go` checks that the provider has its
//! type at all.
//!
//! Where this differs from OpenTofu:
//! - Values are only checked where they are statically known (constants
//!   and built-in functions of constants): the rest is evaluated with the
//!   module, without the schema.
//! - A type with `dynamic` blocks generating it is not counted: their
//!   `for_each` is rarely known at validate, which makes OpenTofu's count
//!   unknown too. Their `content` bodies are checked as blocks.
//! - `hcldec` decodes an object spec's names in Go's map order, which
//!   varies; here attributes come in source order and block types by name.
//! - Deprecated arguments and blocks: OpenTofu itself reports them only
//!   when a reference reads them; setting one gets the provider's warning,
//!   here terraform-plugin-sdk's ("Argument is deprecated"), at the place
//!   OpenTofu gives a provider's diagnostic about that path.
//! - Blocks that an override file overrides, and bodies with a `_`
//!   escaping block, are not checked; nor are `data` blocks nested in
//!   `check` blocks.

use std::collections::HashSet;

use tofu_diagnostics::Code;
use tofu_provider_schema::{
    Attribute, AttributeType, Block, DescriptionKind, NestedAttributes, NestedBlock, NestingMode,
    ProviderSchema, SchemaKind,
};
use tofu_syntax::TextRange;
use tofu_syntax::body::{AnyBlock, AnyBody, AttributeSchema, BlockSchema, BodySchema, SourceText};
use tofu_syntax::name_suggestion;
use tofu_syntax::quote::go_quote;
use tofu_types::Type;

use super::references::reference_schema_problem;
use crate::config::file_items;
use crate::config::model::BlockType;
use crate::config::module_call::static_value;
use crate::declarations::{DeclKind, file_declarations};
use crate::diagnostics::{Diagnostic, range_string};
use crate::input::{ModuleDir, SourceFile, Workspace};
use crate::parsing::parse;
use crate::provider_validation::module_providers;

/// What checking `module`'s resources and provider configurations against
/// the workspace's provider schemas reports, file by file; nothing
/// without schemas, or for a provider the schemas do not describe.
pub fn module_schema_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<Diagnostic> {
    if workspace.provider_schemas(db).is_none() {
        return Vec::new();
    }
    module
        .files(db)
        .iter()
        .flat_map(|&file| {
            file_schema_diagnostics(db, workspace, module, file)
                .iter()
                .cloned()
        })
        .collect()
}

/// [`module_schema_diagnostics`] of one file of `module`.
#[salsa::tracked(returns(ref))]
fn file_schema_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    file: SourceFile,
) -> Vec<Diagnostic> {
    let Some(set) = workspace.provider_schemas(db) else {
        return Vec::new();
    };
    // OpenTofu validates nothing of a module that fails to load.
    let providers = module_providers(db, module);
    if providers.has_errors() || !file.exists(db) || !parse(db, file).errors.is_empty() {
        return Vec::new();
    }
    let overridden: HashSet<DeclKind> = module
        .overrides(db)
        .iter()
        .flat_map(|&f| file_declarations(db, f).declarations.iter())
        .map(|d| match &d.kind {
            // Any configuration of the provider, whatever its alias.
            DeclKind::Provider { name, .. } => DeclKind::Provider {
                name: name.clone(),
                alias: None,
            },
            kind => kind.clone(),
        })
        .collect();
    let mut checker = Checker {
        db,
        file,
        source: SourceText::new(crate::input::contents(db, file), file.path(db)),
        out: Vec::new(),
    };
    for (item, block) in file_items(db, file) {
        let mode = match item.ty {
            BlockType::Resource => Mode::Managed,
            BlockType::Data => Mode::Data,
            BlockType::Ephemeral => Mode::Ephemeral,
            BlockType::Provider => {
                let Some(name) = item.labels.first() else {
                    continue;
                };
                let key = DeclKind::Provider {
                    name: name.clone(),
                    alias: None,
                };
                if overridden.contains(&key) {
                    continue;
                }
                let provider = providers.provider_for_local_name(name);
                if let Some(Ok(schema)) = set.provider(&provider).map(|p| p.provider_config()) {
                    checker.provider_config(&block, &schema.block);
                }
                continue;
            }
            _ => continue,
        };
        let [ty, name] = &*item.labels else {
            continue;
        };
        let kind = mode.decl_kind(ty, name);
        if overridden.contains(&kind) {
            continue;
        }
        let Some(provider) = providers.resource_provider(&kind) else {
            continue;
        };
        let Some(schemas) = set.provider(&provider) else {
            continue;
        };
        match schemas.schema(mode.schema_kind(), ty) {
            None => checker.invalid_type(&block, mode, ty, &provider, schemas),
            // A schema the document has but that cannot be read: the
            // host reports broken documents.
            Some(Err(_)) => {}
            Some(Ok(schema)) => checker.resource(&block, mode, &schema.block),
        }
    }
    for reference in crate::references::file_references(db, file) {
        if reference.remaining.rest.is_some()
            && let Some(problem) = reference_schema_problem(db, workspace, module, reference)
        {
            checker.out.push(problem);
        }
    }
    checker.out
}

/// A resource block's mode (`addrs.ResourceMode`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Managed,
    Data,
    Ephemeral,
}

impl Mode {
    const ALL: [Mode; 3] = [Mode::Managed, Mode::Data, Mode::Ephemeral];

    fn decl_kind(self, ty: &str, name: &str) -> DeclKind {
        let (ty, name) = (ty.to_owned(), name.to_owned());
        match self {
            Mode::Managed => DeclKind::ManagedResource { ty, name },
            Mode::Data => DeclKind::DataResource { ty, name },
            Mode::Ephemeral => DeclKind::EphemeralResource { ty, name },
        }
    }

    fn schema_kind(self) -> SchemaKind {
        match self {
            Mode::Managed => SchemaKind::Resource,
            Mode::Data => SchemaKind::DataSource,
            Mode::Ephemeral => SchemaKind::EphemeralResource,
        }
    }

    /// `addrs.ResourceModeBlockName`.
    fn block_name(self) -> &'static str {
        match self {
            Mode::Managed => "resource",
            Mode::Data => "data",
            Mode::Ephemeral => "ephemeral",
        }
    }
}

struct Checker<'a> {
    db: &'a dyn salsa::Database,
    file: SourceFile,
    source: SourceText<'a>,
    out: Vec<Diagnostic>,
}

impl Checker<'_> {
    /// `validateResource` when the provider lacks the type: "Invalid
    /// resource type" and its kin, with `noResourceSchemaSuggestion`.
    fn invalid_type(
        &mut self,
        block: &AnyBlock,
        mode: Mode,
        ty: &str,
        provider: &crate::addrs::provider::Provider,
        schemas: &ProviderSchema,
    ) {
        let other_mode = Mode::ALL
            .into_iter()
            .filter(|other| *other != mode)
            .find(|other| schemas.schema(other.schema_kind(), ty).is_some());
        let suggestion = match other_mode {
            Some(other) => format!(
                "\n\nDid you intend to use a block of type {} {}? If so, declare this using a block of type {} instead of one of type {}.",
                go_quote(other.block_name()),
                go_quote(ty),
                go_quote(other.block_name()),
                go_quote(mode.block_name()),
            ),
            // OpenTofu suggests among managed resource types whatever the
            // block's mode.
            None => name_suggestion(ty, schemas.resource_types())
                .map(|s| format!(" Did you mean {}?", go_quote(s)))
                .unwrap_or_default(),
        };
        let (code, summary, what) = match mode {
            Mode::Managed => (
                Code::InvalidResourceType,
                "Invalid resource type",
                "resource type",
            ),
            Mode::Data => (
                Code::InvalidDataSource,
                "Invalid data source",
                "data source",
            ),
            Mode::Ephemeral => (
                Code::InvalidEphemeralResource,
                "Invalid ephemeral resource",
                "ephemeral resource",
            ),
        };
        let range = block
            .label_ranges
            .first()
            .copied()
            .unwrap_or(block.type_range);
        let detail = format!(
            "The provider {} does not support {what} {}.{suggestion}",
            provider.for_display(),
            go_quote(ty)
        );
        self.out
            .push(Diagnostic::error_in(code, detail, self.file, range).with_summary(summary));
    }

    /// A resource's configuration: its body without the meta-arguments
    /// (`decodeResourceBlock` and its kin), decoded against `schema`.
    fn resource(&mut self, block: &AnyBlock, mode: Mode, schema: &Block) {
        let blocks = match mode {
            Mode::Data => crate::config::resource::DATA_BLOCKS,
            Mode::Managed | Mode::Ephemeral => crate::config::resource::RESOURCE_BLOCKS,
        };
        let meta = BodySchema::new(crate::config::resource::COMMON_ATTRIBUTES, blocks);
        let (content, remain, _) = block.body.partial_content(&meta, &self.source);
        if content.blocks.iter().any(|b| b.type_name == "_") {
            return;
        }
        self.body(&remain, schema);
    }

    /// A provider configuration: its body without `alias`, `version` and
    /// the other names OpenTofu keeps (`decodeProviderBlock`), decoded
    /// against `schema` unless it is empty (`ValidateProvider`).
    fn provider_config(&mut self, block: &AnyBlock, schema: &Block) {
        let meta = BodySchema::new(
            crate::config::provider::ATTRIBUTES,
            crate::config::provider::BLOCKS,
        );
        let (content, remain, _) = block.body.partial_content(&meta, &self.source);
        if content.blocks.iter().any(|b| b.type_name == "_") {
            return;
        }
        let (_, errors) = remain.content(&BodySchema::default(), &self.source);
        if errors.is_empty() {
            return;
        }
        self.body(&remain, schema);
    }

    /// One body decoded against `schema`, nested bodies included.
    fn body(&mut self, body: &AnyBody, schema: &Block) {
        let as_blocks = self.attributes_as_blocks(body, schema);
        let attributes: Vec<AttributeSchema<'_>> = schema
            .attributes
            .iter()
            .filter(|(name, _)| !as_blocks.iter().any(|(n, _)| n == name))
            .map(|(name, attribute)| AttributeSchema {
                name,
                required: attribute.required,
            })
            .collect();
        // A block type of an attribute's name is not in the spec.
        let nested: Vec<(&str, &NestedBlock)> = schema
            .block_types
            .iter()
            .filter(|(name, _)| !schema.attributes.contains_key(*name))
            .map(|(name, nested)| (name.as_str(), nested))
            .collect();
        let mut block_schemas: Vec<BlockSchema<'_>> = nested
            .iter()
            .map(|(name, nested)| BlockSchema::new(name, nested_block_labels(nested)))
            .collect();
        block_schemas.extend(
            as_blocks
                .iter()
                .map(|(name, _)| BlockSchema::new(name, &[])),
        );
        let types: Vec<&str> = block_schemas.iter().map(|b| b.type_name).collect();
        // `dynblock` reads `dynamic` blocks as the body's own.
        block_schemas.push(BlockSchema::new("dynamic", &["type"]));
        let (content, errors) =
            body.content(&BodySchema::new(&attributes, &block_schemas), &self.source);
        self.out
            .extend(errors.into_iter().map(|error| error.in_file(self.file)));
        for dynamic in content.blocks.iter().filter(|b| b.type_name == "dynamic") {
            let Some(label) = dynamic.labels.first() else {
                continue;
            };
            if !types.contains(&label.as_str()) {
                self.out.push(Diagnostic::error_in(
                    Code::UnsupportedBlockType,
                    format!("Blocks of type {} are not expected here.", go_quote(label)),
                    self.file,
                    dynamic.label_ranges[0],
                ));
            }
        }

        for attribute in &content.attributes {
            let Some(attribute_schema) = schema.attributes.get(&attribute.name) else {
                continue;
            };
            if attribute_schema.deprecated {
                self.deprecated(
                    &attribute.name,
                    &attribute_schema.deprecation_message,
                    attribute
                        .expr
                        .as_ref()
                        .map_or(attribute.range, |e| e.range()),
                );
            }
            let Some(expr) = &attribute.expr else {
                continue;
            };
            let Some(value) = static_value(expr) else {
                continue;
            };
            if let Err(error) = tofu_types::convert(&value, &spec_type(attribute_schema)) {
                self.out.push(
                    Diagnostic::error_in(
                        Code::IncorrectAttributeValueType,
                        format!(
                            "Inappropriate value for attribute {}: {}.",
                            go_quote(&attribute.name),
                            error.message
                        ),
                        self.file,
                        expr.range(),
                    )
                    .with_context(attribute.name_range.cover(expr.range())),
                );
            }
        }

        let synthetic: Vec<(&str, NestedBlock)> = as_blocks
            .iter()
            .map(|(name, ty)| (*name, block_for_object_collection(ty)))
            .collect();
        let all = nested
            .iter()
            .copied()
            .chain(synthetic.iter().map(|(name, nested)| (*name, nested)));
        for (name, nested) in all {
            let statics: Vec<&AnyBlock> = content
                .blocks
                .iter()
                .filter(|b| b.type_name == name)
                .collect();
            let dynamics: Vec<&AnyBlock> = content
                .blocks
                .iter()
                .filter(|b| b.type_name == "dynamic" && b.labels.first().is_some_and(|l| l == name))
                .collect();
            if nested.block.deprecated && !(statics.is_empty() && dynamics.is_empty()) {
                self.deprecated(
                    name,
                    &nested.block.deprecation_message,
                    content.missing_item_range,
                );
            }
            let decoded = if dynamics.is_empty() {
                self.count(name, nested, &statics, content.missing_item_range)
            } else {
                statics.len()
            };
            for block in statics.iter().take(decoded) {
                self.body(&block.body, &nested.block);
            }
            for dynamic in dynamics {
                self.dynamic_content(dynamic, &nested.block);
            }
        }
    }

    /// The nested blocks of type `name`'s count checked as the nesting mode's
    /// spec checks it; how many of them the spec decodes.
    fn count(
        &mut self,
        name: &str,
        nested: &NestedBlock,
        blocks: &[&AnyBlock],
        missing_item_range: TextRange,
    ) -> usize {
        let error = |summary: String, detail: String, code: Code, range: TextRange| {
            Diagnostic::error_in(code, detail, self.file, range).with_summary(summary)
        };
        match nested.nesting {
            NestingMode::Single | NestingMode::Group => {
                if let [first, second, ..] = blocks {
                    let detail = format!(
                        "Only one block of type {} is allowed. Previous definition was at {}.",
                        go_quote(name),
                        range_string(self.db, self.file, first.def_range)
                    );
                    let summary = format!("Duplicate {name} block");
                    self.out.push(error(
                        summary,
                        detail,
                        Code::DuplicateBlock,
                        second.def_range,
                    ));
                }
                if blocks.is_empty() && nested.min_items == 1 {
                    self.out.push(error(
                        format!("Missing {name} block"),
                        format!("A block of type {} is required here.", go_quote(name)),
                        Code::MissingBlock,
                        missing_item_range,
                    ));
                }
                blocks.len().min(1)
            }
            NestingMode::List | NestingMode::Set => {
                let count = blocks.len() as u64;
                if count < nested.min_items {
                    self.out.push(error(
                        format!("Insufficient {name} blocks"),
                        format!(
                            "At least {} {} blocks are required.",
                            nested.min_items,
                            go_quote(name)
                        ),
                        Code::InsufficientBlocks,
                        missing_item_range,
                    ));
                } else if nested.max_items > 0 && count > nested.max_items {
                    let extra = blocks[nested.max_items as usize];
                    self.out.push(error(
                        format!("Too many {name} blocks"),
                        format!(
                            "No more than {} {} blocks are allowed",
                            nested.max_items,
                            go_quote(name)
                        ),
                        Code::TooManyBlocks,
                        extra.body.missing_item_range(),
                    ));
                }
                blocks.len()
            }
            NestingMode::Map => {
                let mut seen = HashSet::new();
                for block in blocks {
                    let Some(key) = block.labels.first() else {
                        continue;
                    };
                    if !seen.insert(key) {
                        self.out.push(error(
                            format!("Duplicate {name} block"),
                            format!(
                                "A block for {name} {} was already defined. The {name} labels must be unique.",
                                go_quote(key)
                            ),
                            Code::DuplicateBlock,
                            block.def_range,
                        ));
                    }
                }
                blocks.len()
            }
        }
    }

    /// A `dynamic` block's `content` body, checked as a block of the type
    /// it generates. The `dynamic` block's own arguments are checked where
    /// it is expanded.
    fn dynamic_content(&mut self, dynamic: &AnyBlock, schema: &Block) {
        let content_schema = [BlockSchema::new("content", &[])];
        let (content, _, _) = dynamic
            .body
            .partial_content(&BodySchema::new(&[], &content_schema), &self.source);
        if let [content] = &*content.blocks {
            self.body(&content.body, schema);
        }
    }

    /// The attributes of list or set of object types that the body writes
    /// as blocks (`blocktoattr`'s `effectiveSchema`): not set as an
    /// argument, and with blocks or `dynamic` blocks of the name.
    fn attributes_as_blocks<'s>(
        &self,
        body: &AnyBody,
        schema: &'s Block,
    ) -> Vec<(&'s str, &'s Type)> {
        let ambiguous: Vec<(&str, &Type)> = schema
            .attributes
            .iter()
            .filter_map(|(name, attribute)| match &attribute.ty {
                AttributeType::Type(ty)
                    if (ty.is_list() || ty.is_set())
                        && ty.element_type().is_some_and(Type::is_object) =>
                {
                    Some((name.as_str(), ty))
                }
                _ => None,
            })
            .collect();
        if ambiguous.is_empty() {
            return Vec::new();
        }
        let dynamic_schema = [BlockSchema::new("dynamic", &["type"])];
        let (dynamics, _, _) =
            body.partial_content(&BodySchema::new(&[], &dynamic_schema), &self.source);
        ambiguous
            .into_iter()
            .filter(|(name, _)| {
                if body.attribute(name, &self.source).is_some() {
                    return false;
                }
                let probe = [BlockSchema::new(name, &[])];
                let (found, _, _) =
                    body.partial_content(&BodySchema::new(&[], &probe), &self.source);
                !found.blocks.is_empty()
                    || dynamics
                        .blocks
                        .iter()
                        .any(|d| d.labels.first().is_some_and(|l| l == name))
            })
            .collect()
    }

    /// terraform-plugin-sdk's warning for a deprecated argument or block
    /// that the configuration sets.
    fn deprecated(&mut self, name: &str, message: &str, range: TextRange) {
        let detail = if message.is_empty() {
            format!("The argument {} is deprecated.", go_quote(name))
        } else {
            message.to_owned()
        };
        self.out.push(
            Diagnostic::warning_in(Code::DeprecatedArgument, detail, self.file, range)
                .with_summary("Argument is deprecated"),
        );
    }
}

/// The labels of a nested block type's blocks: a map's blocks have their
/// key (`hcldec.BlockMapSpec`), the others none.
pub(crate) fn nested_block_labels(nested: &NestedBlock) -> &'static [&'static str] {
    if nested.nesting == NestingMode::Map {
        &["key"]
    } else {
        &[]
    }
}

/// The type an attribute's value converts to: its type, or the type its
/// nested attributes imply (`Object.SpecType`: attributes optional or
/// computed are optional).
pub(crate) fn spec_type(attribute: &Attribute) -> Type {
    match &attribute.ty {
        AttributeType::Type(ty) => ty.clone(),
        AttributeType::Nested(nested) => nested_spec_type(nested),
    }
}

fn nested_spec_type(nested: &NestedAttributes) -> Type {
    let object = Type::object_with_optional(
        nested
            .attributes
            .iter()
            .map(|(name, attribute)| (name, spec_type(attribute))),
        nested
            .attributes
            .iter()
            .filter(|(_, attribute)| attribute.optional || attribute.computed)
            .map(|(name, _)| name),
    );
    match nested.nesting {
        NestingMode::Single | NestingMode::Group => object,
        NestingMode::List => Type::list(object),
        NestingMode::Set => Type::set(object),
        NestingMode::Map => Type::map(object),
    }
}

/// `blocktoattr.SchemaForCtyContainerType`: blocks for a list or set of
/// objects, each attribute of the object an optional argument.
fn block_for_object_collection(ty: &Type) -> NestedBlock {
    let attributes = ty
        .element_type()
        .and_then(Type::attribute_types)
        .into_iter()
        .flatten()
        .map(|(name, ty)| {
            let attribute = Attribute {
                ty: AttributeType::Type(ty.clone()),
                description: String::new(),
                description_kind: DescriptionKind::Plain,
                required: false,
                optional: true,
                computed: false,
                sensitive: false,
                deprecated: false,
                deprecation_message: String::new(),
                write_only: false,
            };
            (name.clone(), attribute)
        })
        .collect();
    NestedBlock {
        nesting: if ty.is_set() {
            NestingMode::Set
        } else {
            NestingMode::List
        },
        block: Block {
            attributes,
            ..Block::default()
        },
        min_items: 0,
        max_items: 0,
    }
}
