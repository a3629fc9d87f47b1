//! The configuration as decoded: what load-time decoding keeps of each
//! block for every later query, so that none decodes it again. This is
//! where OpenTofu's `configs` types (`configs.File`, `configs.Variable`,
//! ...) live here.
//!
//! A file's model ([`FileModel`]) holds no positions: each place it needs
//! is a [`Span`], an index into the file's [`SourceMap`]. An edit that
//! only moves text (a longer expression above, a new comment) gives an
//! equal model, so no query that reads only the model runs again; the
//! queries that report places read the source map too.

use tofu_syntax::TextRange;
use tofu_syntax::body::{BodyContent, BodyPtr, ExprPtr};
use tofu_types::Value;

use crate::input::SourceFile;
use tofu_eval::typeexpr::TypeConstraint;

/// A variable declaration, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct VariableDecl {
    pub name: String,
    pub file: SourceFile,
    /// The block header, OpenTofu's `DeclRange`.
    pub range: TextRange,
    pub constraint: TypeConstraint,
    /// The default, converted to the type; `None` without one (the
    /// variable is required).
    pub default: Option<Value>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
    pub deprecated: Option<String>,
    /// Its `validation` blocks.
    pub validations: Box<[CheckRuleItem]>,
}

/// A place in a file: an index into its [`SourceMap`], the same for the
/// same item as long as the blocks before it are the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Span(u32);

/// The positions of one file's model, by [`Span`], and where each
/// top-level block's parts are.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourceMap {
    ranges: Vec<TextRange>,
    /// The places of [`FileModel::blocks`], one for one.
    blocks: Vec<BlockPlaces>,
    /// The bodies of nested blocks, by [`BodySpan`].
    bodies: Vec<BodyPtr>,
    /// The expressions the model names, by [`ExprSpan`].
    exprs: Vec<ExprPtr>,
}

/// An expression: an index into its file's [`SourceMap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExprSpan(u32);

/// A nested block's body: an index into its file's [`SourceMap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BodySpan(u32);

/// Where the parts of a top-level block are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockPlaces {
    pub type_range: TextRange,
    /// The span of its first label; the others follow it.
    labels: Span,
    /// Its body, to read again where a query needs more than the model.
    pub body: BodyPtr,
}

impl SourceMap {
    pub(crate) fn push(&mut self, range: TextRange) -> Span {
        let span = Span(self.ranges.len() as u32);
        self.ranges.push(range);
        span
    }

    pub fn range(&self, span: Span) -> TextRange {
        self.ranges[span.0 as usize]
    }

    /// Records where the next top-level block's parts are.
    pub(crate) fn push_block(
        &mut self,
        type_range: TextRange,
        labels: &[TextRange],
        body: BodyPtr,
    ) {
        let first = Span(self.ranges.len() as u32);
        self.ranges.extend_from_slice(labels);
        self.blocks.push(BlockPlaces {
            type_range,
            labels: first,
            body,
        });
    }

    pub(crate) fn push_body(&mut self, body: BodyPtr) -> BodySpan {
        self.bodies.push(body);
        BodySpan(self.bodies.len() as u32 - 1)
    }

    pub(crate) fn push_expr(&mut self, expr: ExprPtr) -> ExprSpan {
        self.exprs.push(expr);
        ExprSpan(self.exprs.len() as u32 - 1)
    }

    /// Where an expression is.
    pub fn expr(&self, span: ExprSpan) -> &ExprPtr {
        &self.exprs[span.0 as usize]
    }

    /// Where a nested block's body is.
    pub fn body(&self, span: BodySpan) -> &BodyPtr {
        &self.bodies[span.0 as usize]
    }

    /// Where the parts of block `index` of the model are.
    pub fn block(&self, index: usize) -> &BlockPlaces {
        &self.blocks[index]
    }

    /// The label ranges of `block`, which has `count` labels.
    pub fn label_ranges(&self, block: &BlockPlaces, count: usize) -> &[TextRange] {
        let first = block.labels.0 as usize;
        &self.ranges[first..first + count]
    }

    /// Drops the room left for growth: one source map lives per file.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.ranges.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.bodies.shrink_to_fit();
        self.exprs.shrink_to_fit();
    }
}

/// One file's top-level blocks as decoding read them (`configs.File`),
/// in source order, without positions.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FileModel {
    pub blocks: Vec<BlockItem>,
}

impl FileModel {
    /// The blocks of type `ty`, in source order.
    pub fn of_type(&self, ty: BlockType) -> impl Iterator<Item = &BlockItem> {
        self.blocks.iter().filter(move |b| b.ty == ty)
    }
}

/// The top-level block types of a configuration file
/// (`configFileSchema`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockType {
    Language,
    RequiredProviders,
    Provider,
    Variable,
    Locals,
    Output,
    Module,
    Resource,
    Data,
    Ephemeral,
    Moved,
    Import,
    Check,
    Removed,
    Terraform,
}

impl BlockType {
    /// The block type's keyword.
    pub fn name(self) -> &'static str {
        match self {
            BlockType::Language => "language",
            BlockType::RequiredProviders => "required_providers",
            BlockType::Provider => "provider",
            BlockType::Variable => "variable",
            BlockType::Locals => "locals",
            BlockType::Output => "output",
            BlockType::Module => "module",
            BlockType::Resource => "resource",
            BlockType::Data => "data",
            BlockType::Ephemeral => "ephemeral",
            BlockType::Moved => "moved",
            BlockType::Import => "import",
            BlockType::Check => "check",
            BlockType::Removed => "removed",
            BlockType::Terraform => "terraform",
        }
    }

    pub fn of(name: &str) -> Option<BlockType> {
        Some(match name {
            "language" => BlockType::Language,
            "required_providers" => BlockType::RequiredProviders,
            "provider" => BlockType::Provider,
            "variable" => BlockType::Variable,
            "locals" => BlockType::Locals,
            "output" => BlockType::Output,
            "module" => BlockType::Module,
            "resource" => BlockType::Resource,
            "data" => BlockType::Data,
            "ephemeral" => BlockType::Ephemeral,
            "moved" => BlockType::Moved,
            "import" => BlockType::Import,
            "check" => BlockType::Check,
            "removed" => BlockType::Removed,
            "terraform" => BlockType::Terraform,
            _ => return None,
        })
    }
}

/// One top-level block: its type, labels and header, and what decoding
/// keeps of its body.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockItem {
    pub ty: BlockType,
    pub labels: Box<[String]>,
    /// The header, OpenTofu's `DeclRange`.
    pub header: Span,
    pub body: ItemBody,
}

impl BlockItem {
    /// Label `index`, empty where it is missing.
    pub fn label(&self, index: usize) -> String {
        label(&self.labels, index)
    }
}

fn label(labels: &[String], index: usize) -> String {
    labels.get(index).cloned().unwrap_or_default()
}

/// What decoding keeps of a block's body, by block type. The larger parts
/// are boxed: the model keeps one per block of every file.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum ItemBody {
    /// Nothing yet (a block decoding stopped early for, or one no later
    /// query reads the body of).
    #[default]
    Opaque,
    /// Boxed, as the larger parts are.
    Variable(Box<VariableItem>),
    Output(OutputItem),
    /// A `locals` block's definitions, in source order.
    Locals(Vec<LocalItem>),
    /// A resource, data source or ephemeral resource.
    Resource(ResourceItem),
    /// Boxed: the model keeps a block per block of every file, and most
    /// blocks are not module calls.
    ModuleCall(Box<ModuleCallItem>),
    Provider(Box<ProviderItem>),
    Import {
        for_each: bool,
    },
    Check {
        /// The `data` blocks nested in it.
        data: Vec<NestedBlock>,
    },
    Terraform(Box<TerraformItem>),
}

/// A `variable` block as decoded (`configs.Variable`), where the file
/// has one. Override files keep only what they set: the merge reads them.
#[derive(Debug, Clone, PartialEq)]
pub struct VariableItem {
    pub has_default: bool,
    /// How its `type` has root values read, where it has one.
    pub parsing_mode: Option<ParsingMode>,
    /// Its `type`, where it sets one (`any` where that has errors).
    pub constraint: Option<TypeConstraint>,
    /// Its `default`, converted to its own type where it sets one (the
    /// dynamic unknown when that fails).
    pub default: Option<Value>,
    /// Its `nullable`, where it sets one (false when that does not
    /// decode, Go's zero value).
    pub nullable: Option<bool>,
    pub sensitive: bool,
    pub ephemeral: bool,
    pub deprecated: Option<String>,
    /// Its `validation` blocks.
    pub validations: Box<[CheckRuleItem]>,
}

/// A condition and its message (`configs.CheckRule`): a `validation`,
/// `precondition`, `postcondition` or `assert` block's arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRuleItem {
    /// The block's header, `CheckRule.DeclRange`.
    pub header: Span,
    pub condition: Option<ExprSpan>,
    pub error_message: Option<ExprSpan>,
}

/// `VariableParsingMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParsingMode {
    /// The string is the value (`VariableParseLiteral`): primitive types
    /// and variables without a type.
    Literal,
    /// The string is an expression (`VariableParseHCL`): every other type
    /// constraint, `any` included, and types with errors.
    Expression,
}

/// One local value's definition.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalItem {
    pub name: String,
    /// The whole definition, OpenTofu's `Local.DeclRange`.
    pub definition: Span,
}

/// What later queries read of an `output` block.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OutputItem {
    pub depends_on: DependsOn,
}

/// Where a block's `depends_on` starts: the place of its first
/// reference (the traversal's own range, inside the quotes of a quoted
/// one), `None` when it has none.
pub type DependsOn = Option<Span>;

/// What later queries read of a `terraform` block.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TerraformItem {
    /// The settings blocks nested in it (`backend`, `cloud`,
    /// `required_providers`, `encryption`, `provider_meta`).
    pub settings: Vec<NestedBlock>,
    /// The entries of its first `required_providers` block, if it has
    /// one.
    pub required_providers: Option<Vec<RequiredProviderItem>>,
}

/// What later queries read of a `provider` block.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProviderItem {
    /// The `alias` as written: a string's value, or the text of any other
    /// expression.
    pub alias: Option<String>,
    /// The `alias` when it is a constant string.
    pub alias_value: Option<String>,
    /// The alias as `decodeProviderBlock` decodes it (`""` for none);
    /// `None` when it gives no provider, its name not being normalised.
    pub decoded_alias: Option<String>,
    pub for_each: bool,
    /// Whether it has arguments or blocks of its own, or a `version`.
    pub configured: bool,
}

/// What later queries read of a resource, data source or ephemeral
/// resource.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ResourceItem {
    pub repeats: Repeats,
    /// Its `provider` argument: `None` when absent, `Some(None)` when it
    /// is not a provider configuration reference.
    pub provider: Option<Option<Box<ProviderRefItem>>>,
    pub depends_on: DependsOn,
}

/// A provider configuration reference (`addrs.LocalProviderConfig`):
/// local name and alias, with the places of the name and of an instance
/// key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderRefItem {
    pub name: String,
    pub alias: Option<String>,
    pub name_at: Span,
    pub key_at: Option<Span>,
}

/// An entry of a `required_providers` block (`configs.RequiredProvider`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredProviderItem {
    pub name: String,
    /// Its source address, when given and valid.
    pub source: Option<String>,
    /// The aliases of its `configuration_aliases`.
    pub aliases: Vec<String>,
    /// False when OpenTofu rejects (and leaves out) the entry.
    pub valid: bool,
    /// Its value.
    pub value: Span,
}

/// The repetition meta-argument a resource or module call has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Instances {
    /// One instance (or none, with `enabled`).
    #[default]
    Single,
    /// `count`: instances keyed by index.
    Count,
    /// `for_each`: instances keyed by string.
    ForEach,
}

/// Which repetition meta-arguments a resource or module call sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Repeats {
    pub count: bool,
    pub for_each: bool,
}

impl Repeats {
    /// What a block's content sets.
    pub(crate) fn of(content: &BodyContent) -> Repeats {
        Repeats {
            count: content.attribute("count").is_some(),
            for_each: content.attribute("for_each").is_some(),
        }
    }

    /// How the block makes instances: `count` wins when both are set
    /// (which OpenTofu reports as an invalid combination).
    pub fn instances(self) -> Instances {
        if self.count {
            Instances::Count
        } else if self.for_each {
            Instances::ForEach
        } else {
            Instances::Single
        }
    }
}

/// What later queries read of a `module` block.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModuleCallItem {
    pub repeats: Repeats,
    /// Its `source`, where it is a literal string.
    pub source: Option<String>,
    /// The definitions of its meta-arguments that decide its instances
    /// (`count`, `for_each`, `depends_on`, `providers`, and the
    /// arguments of its `lifecycle` blocks).
    pub meta_arguments: Vec<Span>,
    /// The definitions of its arguments (the called module's variables),
    /// those in escaping blocks last.
    pub arguments: Vec<(String, Span)>,
    /// Its `source` when it is a constant string (what messages quote).
    pub source_value: Option<String>,
    /// The first of its `count`, `for_each`, `enabled` and `depends_on`
    /// values (where a call's expansion begins).
    pub repetition: Option<Span>,
    /// The provider configurations its `providers` argument passes,
    /// `(in the child, in the caller)`, the first for each child name.
    pub providers: Vec<(ProviderRefItem, ProviderRefItem)>,
    pub depends_on: DependsOn,
}

/// A block nested in a top-level block, by type and labels.
#[derive(Debug, Clone, PartialEq)]
pub struct NestedBlock {
    pub ty: String,
    pub labels: Box<[String]>,
    pub header: Span,
    pub body: BodySpan,
    /// Whether the file's decoding reported an error inside it (where
    /// OpenTofu's decoding of it gives nothing).
    pub has_errors: bool,
    /// The blocks nested in it that the model keeps: an `encryption`
    /// block's `key_provider` and `method` blocks, in the order HCL
    /// reads them.
    pub inner: Box<[NestedBlock]>,
}

impl NestedBlock {
    /// Label `index`, empty where it is missing.
    pub fn label(&self, index: usize) -> String {
        label(&self.labels, index)
    }
}
