//! Load-time checks: what OpenTofu's `configs` package reports while it
//! decodes one file's blocks (`parser_config.go` and the `decode*Block`
//! functions), before any module is assembled or any value computed.
//!
//! Each block type has its own module; they share the [`Decoder`], which
//! reads bodies against schemas and collects diagnostics with OpenTofu's
//! summaries and ranges.

mod blocks;
pub(crate) mod common;
mod gohcl;
pub(crate) mod model;
pub(crate) mod module_call;
pub(crate) mod named_values;
pub(crate) mod provider;
pub(crate) mod provider_ref;
pub(crate) mod resource;
pub(crate) mod terraform;

pub use model::{
    BlockItem, BlockType, BodySpan, CheckRuleItem, ExprSpan, FileModel, Instances, ItemBody,
    LocalItem, ModuleCallItem, NestedBlock, OutputItem, ParsingMode, ProviderItem, ProviderRefItem,
    Repeats, RequiredProviderItem, ResourceItem, SourceMap, Span, TerraformItem, VariableDecl,
    VariableItem,
};
use tofu_eval::typeexpr::TypeConstraint;

use std::sync::Arc;

use tofu_diagnostics::{Code, Severity};
use tofu_syntax::body::{
    AnyAttribute, AnyBlock, AnyBody, AnyExpr, BlockSchema, BodyContent, BodySchema, SourceText,
};
use tofu_syntax::{SourceKind, SyntaxError, TextRange};

use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;
use crate::parsing::parse;

/// What decoding one file gives: its diagnostics in source order, its
/// model and the model's positions.
#[derive(Debug, Clone, PartialEq, Default)]
struct FileConfig {
    diagnostics: Vec<Diagnostic>,
    model: Arc<FileModel>,
    source_map: SourceMap,
}

/// Decodes one file's blocks as OpenTofu's `configs` package does.
///
/// Only the model has a memo of its own ([`file_model`]): the other
/// parts change with positions, as the decoding does after nearly every
/// edit, and their readers are per module and compare what they give, so
/// a memo per part would cost memory for every file and spare little.
#[salsa::tracked(returns(ref))]
fn file_config(db: &dyn salsa::Database, file: SourceFile) -> FileConfig {
    if !file.exists(db) {
        return FileConfig::default();
    }
    let parsed = parse(db, file).to_parse();
    let mut decoder = Decoder::new(db, file);
    decoder.decode_file(&AnyBody::of_file(&parsed));
    decoder.mark_nested_blocks_with_errors();
    decoder.out.shrink_to_fit();
    decoder.model.blocks.shrink_to_fit();
    decoder.source_map.shrink_to_fit();
    FileConfig {
        diagnostics: decoder.out,
        model: Arc::new(decoder.model),
        source_map: decoder.source_map,
    }
}

/// One file's model. It holds no positions, so after an edit that only
/// moves text it is equal to what it was, and the queries that read only
/// the model do not run again.
#[salsa::tracked(returns(ref))]
pub fn file_model(db: &dyn salsa::Database, file: SourceFile) -> Arc<FileModel> {
    file_config(db, file).model.clone()
}

/// Where the items of [`file_model`] are.
pub fn file_source_map(db: &dyn salsa::Database, file: SourceFile) -> &SourceMap {
    &file_config(db, file).source_map
}

/// The diagnostics of decoding one file, in source order.
pub fn file_config_diagnostics(db: &dyn salsa::Database, file: SourceFile) -> &[Diagnostic] {
    &file_config(db, file).diagnostics
}

/// The variables a primary file declares, as evaluation reads them
/// (an override file's partial declarations are none): a type with
/// errors is `any`, a default that does not convert is none.
pub fn file_variables(db: &dyn salsa::Database, file: SourceFile) -> Vec<VariableDecl> {
    if is_override_file(file.path(db)) {
        return Vec::new();
    }
    let places = file_source_map(db, file);
    file_model(db, file)
        .of_type(BlockType::Variable)
        .filter_map(|block| {
            let ItemBody::Variable(variable) = &block.body else {
                return None;
            };
            Some(VariableDecl {
                name: block.label(0),
                file,
                range: places.range(block.header),
                constraint: variable
                    .constraint
                    .clone()
                    .unwrap_or_else(TypeConstraint::any),
                default: variable
                    .default
                    .clone()
                    .filter(|v| v.is_known() || !v.ty().is_dynamic()),
                nullable: variable.nullable.unwrap_or(true),
                sensitive: variable.sensitive,
                ephemeral: variable.ephemeral,
                deprecated: variable.deprecated.clone(),
                validations: variable.validations.clone(),
            })
        })
        .collect()
}

/// The top-level blocks of a file, found again in its tree through the
/// model's pointers: no schema is read again.
pub(crate) fn file_blocks(db: &dyn salsa::Database, file: SourceFile) -> Vec<AnyBlock> {
    file_items(db, file).map(|(_, block)| block).collect()
}

/// Each block of a file's model with the block itself, found again in
/// the file's tree by pointer.
pub(crate) fn file_items(
    db: &dyn salsa::Database,
    file: SourceFile,
) -> impl Iterator<Item = (&BlockItem, AnyBlock)> {
    let places = file_source_map(db, file);
    let root = parse(db, file).syntax();
    file_model(db, file)
        .blocks
        .iter()
        .enumerate()
        .filter_map(move |(index, item)| {
            let at = places.block(index);
            let block = AnyBlock {
                type_name: item.ty.name().to_owned(),
                type_range: at.type_range,
                labels: item.labels.to_vec(),
                label_ranges: places.label_ranges(at, item.labels.len()).to_vec(),
                def_range: places.range(item.header),
                body: at.body.to_body(&root)?,
            };
            Some((item, block))
        })
}

/// The settings block (`backend`, `cloud`, `encryption`, ...) of a
/// `terraform` block of `file` whose header is `header`, with its body.
pub(crate) fn terraform_setting(
    db: &dyn salsa::Database,
    file: SourceFile,
    header: TextRange,
) -> Option<(NestedBlock, AnyBody)> {
    let places = file_source_map(db, file);
    let setting = file_model(db, file)
        .of_type(BlockType::Terraform)
        .flat_map(|block| match &block.body {
            ItemBody::Terraform(terraform) => terraform.settings.as_slice(),
            _ => &[],
        })
        .find(|setting| places.range(setting.header) == header)?
        .clone();
    let root = parse(db, file).syntax();
    let body = places.body(setting.body).to_body(&root)?;
    Some((setting, body))
}

/// `override.tf`, `main_override.tf`, and the same for `.tofu` and JSON.
pub fn is_override_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = [".tf.json", ".tofu.json", ".tf", ".tofu"]
        .iter()
        .find_map(|ext| name.strip_suffix(ext));
    stem.is_some_and(|stem| stem == "override" || stem.ends_with("_override"))
}

fn is_tofu_file(path: &str) -> bool {
    path.ends_with(".tofu") || path.ends_with(".tofu.json")
}

/// The top-level block types (`configFileSchema`).
const FILE_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("language", &[]),
    BlockSchema::new("required_providers", &[]),
    BlockSchema::new("provider", &["name"]),
    BlockSchema::new("variable", &["name"]),
    BlockSchema::new("locals", &[]),
    BlockSchema::new("output", &["name"]),
    BlockSchema::new("module", &["name"]),
    BlockSchema::new("resource", &["type", "name"]),
    BlockSchema::new("data", &["type", "name"]),
    BlockSchema::new("ephemeral", &["type", "name"]),
    BlockSchema::new("moved", &[]),
    BlockSchema::new("import", &[]),
    BlockSchema::new("check", &["name"]),
    BlockSchema::new("removed", &[]),
    BlockSchema::new("terraform", &[]),
];

/// OpenTofu's top-level schema of a configuration file.
pub(crate) const FILE_SCHEMA: BodySchema<'static> = BodySchema::new(&[], FILE_BLOCKS);

/// Reads one file's bodies and collects what OpenTofu reports about them.
pub(crate) struct Decoder<'a> {
    pub source: SourceText<'a>,
    pub file: SourceFile,
    /// Override files leave unset what they do not override, and some
    /// blocks may not appear in them.
    pub is_override: bool,
    /// `.tofu` files: `required_version` is honoured only there.
    pub is_tofu_file: bool,
    pub out: Vec<Diagnostic>,
    /// The blocks decoded so far; decoding a block fills in the last.
    pub model: FileModel,
    pub source_map: SourceMap,
}

impl<'a> Decoder<'a> {
    /// A decoder of `file`, with nothing reported yet.
    pub fn new(db: &'a dyn salsa::Database, file: SourceFile) -> Decoder<'a> {
        let path = file.path(db);
        Decoder {
            source: SourceText::new(crate::input::contents(db, file), path),
            file,
            is_override: is_override_file(path),
            is_tofu_file: is_tofu_file(path),
            out: Vec::new(),
            model: FileModel::default(),
            source_map: SourceMap::default(),
        }
    }

    fn decode_file(&mut self, body: &AnyBody) {
        terraform::check_version_requirements(self, body);
        let content = self.content(body, &FILE_SCHEMA);
        for block in &content.blocks {
            if let Some(ty) = BlockType::of(&block.type_name) {
                let header = self.span(block.def_range);
                self.source_map
                    .push_block(block.type_range, &block.label_ranges, block.body.ptr());
                self.model.blocks.push(BlockItem {
                    ty,
                    labels: block.labels.as_slice().into(),
                    header,
                    body: ItemBody::Opaque,
                });
            }
            match block.type_name.as_str() {
                "language" => terraform::decode_language(self, block),
                "terraform" => terraform::decode_terraform(self, block),
                "required_providers" => self.error(
                    Code::InvalidRequiredProvidersBlock,
                    "A \"required_providers\" block must be nested inside a \"terraform\" block.",
                    block.type_range,
                ),
                "provider" => provider::decode(self, block),
                "variable" => named_values::decode_variable(self, block),
                "locals" => named_values::decode_locals(self, block),
                "output" => named_values::decode_output(self, block),
                "module" => module_call::decode(self, block),
                "resource" => resource::decode_managed(self, block),
                "data" => resource::decode_data(self, block),
                "ephemeral" => resource::decode_ephemeral(self, block),
                "moved" => blocks::decode_moved(self, block),
                "import" => blocks::decode_import(self, block),
                "check" => blocks::decode_check(self, block),
                "removed" => blocks::decode_removed(self, block),
                _ => {}
            }
        }
    }

    /// A place for the model.
    pub fn span(&mut self, range: TextRange) -> Span {
        self.source_map.push(range)
    }

    /// A nested block as the model keeps it, its places recorded.
    pub fn nested_block(&mut self, block: &AnyBlock) -> NestedBlock {
        NestedBlock {
            ty: block.type_name.clone(),
            labels: block.labels.as_slice().into(),
            header: self.span(block.def_range),
            body: self.source_map.push_body(block.body.ptr()),
            has_errors: false,
            inner: Box::default(),
        }
    }

    /// Marks the nested blocks the model keeps that the file's decoding
    /// reported an error inside (from the start of the header to the end
    /// of the body), once every diagnostic is in.
    fn mark_nested_blocks_with_errors(&mut self) {
        let errors: Vec<TextRange> = self
            .out
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .filter_map(|d| d.location.map(|l| l.range))
            .collect();
        if errors.is_empty() {
            return;
        }
        let places = &self.source_map;
        for block in &mut self.model.blocks {
            let nested = match &mut block.body {
                ItemBody::Check { data } => data,
                ItemBody::Terraform(terraform) => &mut terraform.settings,
                _ => continue,
            };
            for inner in nested {
                let header = places.range(inner.header);
                let end = places.body(inner.body).text_range().end().max(header.end());
                let whole = TextRange::new(header.start(), end);
                inner.has_errors = errors.iter().any(|e| whole.contains_range(*e));
            }
        }
    }

    /// A check rule as the model keeps it, its expressions' places
    /// recorded.
    pub(in crate::config) fn check_rule_item(
        &mut self,
        block: &AnyBlock,
        rule: &named_values::CheckRule,
    ) -> CheckRuleItem {
        let header = self.span(block.def_range);
        let mut place = |expr: &Option<AnyExpr>| {
            expr.as_ref()
                .map(|expr| self.source_map.push_expr(expr.ptr()))
        };
        CheckRuleItem {
            header,
            condition: place(&rule.condition),
            error_message: place(&rule.error_message),
        }
    }

    /// A provider configuration reference as the model keeps it.
    pub fn provider_ref_item(&mut self, r: &provider_ref::ProviderRef) -> ProviderRefItem {
        ProviderRefItem {
            name: r.name.clone(),
            alias: r.alias.clone(),
            name_at: self.span(r.name_range),
            key_at: r.key_range.map(|range| self.span(range)),
        }
    }

    /// Records what the model keeps of the body of the block being
    /// decoded.
    pub fn set_item_body(&mut self, body: ItemBody) {
        if let Some(item) = self.model.blocks.last_mut() {
            item.body = body;
        }
    }

    /// Whether this is JSON syntax.
    pub fn is_json(&self) -> bool {
        SourceKind::from_file_name(self.source.file_name()) == SourceKind::Json
    }

    pub fn error(&mut self, code: Code, detail: impl Into<String>, range: TextRange) {
        self.push(Severity::Error, code, detail.into(), Some(range));
    }

    pub fn warning(&mut self, code: Code, detail: impl Into<String>, range: TextRange) {
        self.push(Severity::Warning, code, detail.into(), Some(range));
    }

    /// [`Self::error`] for the kinds whose summary names what they are
    /// about (`Duplicate backend block`).
    pub fn error_named(
        &mut self,
        code: Code,
        summary: String,
        detail: impl Into<String>,
        range: TextRange,
    ) {
        self.out
            .push(Diagnostic::error_in(code, detail, self.file, range).with_summary(summary));
    }

    pub fn push(
        &mut self,
        severity: Severity,
        code: Code,
        detail: String,
        range: Option<TextRange>,
    ) {
        let diagnostic = Diagnostic::new(severity, code, detail);
        self.out.push(match range {
            Some(range) => diagnostic.with_location(self.file, range),
            None => diagnostic,
        });
    }

    /// HCL's errors from reading a body.
    pub fn syntax_errors(&mut self, errors: Vec<SyntaxError>) {
        let file = self.file;
        self.out
            .extend(errors.into_iter().map(|error| error.clone().in_file(file)));
    }

    /// Diagnostics from evaluating an expression (`expr.Value(nil)`, type
    /// constraints), with their severities.
    pub fn eval_diagnostics(&mut self, diagnostics: Vec<tofu_eval::Diagnostic>) {
        let file = self.file;
        self.out
            .extend(diagnostics.into_iter().map(|d| d.in_file(file)));
    }

    /// HCL's `body.Content(schema)`.
    pub fn content(&mut self, body: &AnyBody, schema: &BodySchema<'_>) -> BodyContent {
        let (content, errors) = body.content(schema, &self.source);
        self.syntax_errors(errors);
        content
    }

    /// HCL's `body.PartialContent(schema)`.
    pub fn partial_content(
        &mut self,
        body: &AnyBody,
        schema: &BodySchema<'_>,
    ) -> (BodyContent, AnyBody) {
        let (content, remain, errors) = body.partial_content(schema, &self.source);
        self.syntax_errors(errors);
        (content, remain)
    }

    /// HCL's `body.JustAttributes()`.
    pub fn just_attributes(&mut self, body: &AnyBody) -> Vec<AnyAttribute> {
        let (attributes, errors) = body.just_attributes(&self.source);
        self.syntax_errors(errors);
        attributes
    }

    /// An expression's value without variables or functions, HCL's
    /// `expr.Value(nil)`, with its diagnostics reported.
    pub fn constant(&mut self, expr: &AnyExpr) -> tofu_types::Value {
        let (value, diagnostics) = tofu_eval::typeexpr::constant_any_value(expr);
        self.eval_diagnostics(diagnostics);
        value
    }

    /// The range of a block's labels, or of its type when it has none, as
    /// OpenTofu reports problems with a block's name.
    pub fn label_range(block: &AnyBlock, index: usize) -> TextRange {
        block
            .label_ranges
            .get(index)
            .copied()
            .unwrap_or(block.def_range)
    }
}
