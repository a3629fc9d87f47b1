//! References from declarations to named values, collected from their
//! expressions as HCL's `Variables()` collects them (names bound by `for`
//! expressions and `dynamic` block iterators skipped) and read as
//! OpenTofu's `addrs.ParseRef` reads them.
//!
//! Native bodies are walked here; JSON bodies in [`json`], where strings
//! are templates parsed on their own and their ranges mapped back into
//! the file. Both read their block's scope ([`BlockScope`]) the same way.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_syntax::body::{AnyExpr, SourceText};
use tofu_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize, trimmed_range};

use crate::addrs::reference::{self, ResourceMode};
use crate::addrs::traversal::{Traversal, variable_traversal};

use crate::config::file_items;
use crate::config::model::{BlockItem, BlockType, ItemBody, Span};
use crate::declarations::DeclKind;
use crate::input::{ModuleDir, SourceFile};

mod json;

/// What a reference names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Subject {
    /// A variable, local, module call or resource of the module.
    Declared(DeclKind),
    /// `count.index`, `each.key`, `path.module`, `terraform.workspace`
    /// and the like: the object and the attribute, which name no
    /// declaration.
    Builtin { object: String, attribute: String },
    /// `self`, whose meaning depends on where it is used.
    SelfObject,
    /// A type keyword alone (`string`), as in a type constraint.
    TypeKeyword,
    /// A traversal OpenTofu cannot read as a reference (`var` alone,
    /// `var[0]`), with `addrs.ParseRef`'s error.
    Invalid(Box<InvalidReference>),
}

/// A traversal OpenTofu cannot read as a reference (rare: boxed, so that
/// it does not widen every reference).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InvalidReference {
    pub code: Code,
    pub detail: String,
    pub range: TextRange,
    /// The traversal's root name (`var` of `var["x"]`).
    pub root: String,
}

/// Where a reference is, as far as the objects in scope go: what the
/// instance key data and `self` of its evaluation are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ReferenceContext {
    /// `count.index` is available (a counted resource or module call).
    pub count: bool,
    /// `each.key` and `each.value` are available.
    pub for_each: bool,
    /// `self` is available (provisioners, connections, postconditions).
    pub self_object: bool,
    /// The reference is an element of `depends_on`, which must name whole
    /// objects.
    pub depends_on: bool,
    /// The reference is inside an argument of `try` or `can`, which catch
    /// what evaluating it reports (not what OpenTofu checks before it
    /// evaluates: undeclared names, instance keys, unavailable objects).
    pub caught: bool,
}

pub use crate::addrs::reference::Remaining;

/// One reference: what it names, from which declaration, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub subject: Subject,
    /// The declaration the reference is made in, shared by all of its
    /// references (a copy each would be most of their memory).
    pub from: Arc<DeclKind>,
    pub file: SourceFile,
    /// What the reference covers: `var.name`, `aws_instance.a`,
    /// `module.m.out`.
    pub range: TextRange,
    /// For `module.NAME.OUTPUT`: the output's name and the range of the
    /// `.OUTPUT` step.
    pub module_output: Option<Box<(String, TextRange)>>,
    /// For resources: what follows the name.
    pub remaining: Remaining,
    pub context: ReferenceContext,
}

/// Every reference made in a file's declarations, in source order.
#[salsa::tracked(returns(ref))]
pub fn file_references(db: &dyn salsa::Database, file: SourceFile) -> Vec<Reference> {
    let text = crate::input::contents(db, file);
    let source = SourceText::new(text, file.path(db));
    let mut out = Vec::new();
    // Blocks that declare nothing (a misplaced `required_providers`)
    // have no declaration: look each block's up by its header.
    let decls: HashMap<Span, Arc<DeclKind>> = crate::declarations::file_declarations(db, file)
        .declarations
        .iter()
        .map(|d| (d.at, Arc::new(d.kind.clone())))
        .collect();
    for (item, block) in file_items(db, file) {
        if block.type_name == "locals" {
            for attribute in block.body.just_attributes(&source).0 {
                let from = Arc::new(DeclKind::Local(attribute.name.clone()));
                let scope = BlockScope::default();
                match &attribute.expr {
                    Some(AnyExpr::Native(expr)) => {
                        let scope = NativeScope { scope, body: None };
                        collect(expr.syntax(), &from, &scope, file, &mut out);
                    }
                    Some(AnyExpr::Json(value)) => {
                        json::collect_expression(value, &from, &scope, file, &mut out);
                    }
                    None => {}
                }
            }
            // The locals' declarations were pushed one per attribute.
            continue;
        }
        let Some(from) = decls.get(&item.header) else {
            continue;
        };
        let scope = BlockScope::of(item);
        if let Some(body) = block.body.as_native() {
            let node = body.syntax().clone();
            let scope = NativeScope {
                scope,
                body: Some(node.clone()),
            };
            collect(&node, from, &scope, file, &mut out);
        } else if let Some(value) = block.body.as_json() {
            json::collect_body(value, &block.type_name, from, &scope, file, &mut out);
        }
    }
    // Blocks are visited in the model's order, which for JSON is by block
    // type: sorted, the references of an expression are found by binary
    // search (`references_within`).
    out.sort_by_key(|r| r.range.start());
    out.shrink_to_fit();
    out
}

/// Every reference made in a module, file by file: borrowed from each
/// file's memo (a module-wide copy would double their memory).
pub fn module_references(db: &dyn salsa::Database, module: ModuleDir) -> Vec<&Reference> {
    module
        .files(db)
        .iter()
        .filter(|f| f.exists(db))
        .flat_map(|f| file_references(db, *f).iter())
        .collect()
}

/// The references of the module's files and of its override files, whose
/// expressions the merged configuration evaluates: what the reference
/// checks read.
pub fn module_checked_references(db: &dyn salsa::Database, module: ModuleDir) -> Vec<&Reference> {
    let mut out = module_references(db, module);
    out.extend(
        module
            .overrides(db)
            .iter()
            .filter(|f| f.exists(db))
            .flat_map(|f| file_references(db, *f).iter()),
    );
    out
}

/// What a top-level block puts in scope for the expressions in it,
/// whatever its syntax.
#[derive(Default)]
struct BlockScope {
    /// Its `count` and `for_each` arguments make instance keys.
    count: bool,
    for_each: bool,
    /// Only the arguments of a `variable`'s nested blocks are expressions
    /// evaluated in the module's scope (`type`, `default` and the rest are
    /// read without one).
    nested_blocks_only: bool,
    /// In a `terraform` block only `backend` and `cloud` blocks hold
    /// expressions over the module's values (encryption configuration
    /// has names of its own, `required_providers` holds addresses).
    backend_blocks_only: bool,
}

impl BlockScope {
    fn of(block: &BlockItem) -> BlockScope {
        let (count, for_each) = match &block.body {
            ItemBody::Resource(resource) => (resource.repeats.count, resource.repeats.for_each),
            ItemBody::ModuleCall(call) => (call.repeats.count, call.repeats.for_each),
            ItemBody::Provider(provider) => (false, provider.for_each),
            ItemBody::Import { for_each } => (false, *for_each),
            // The provisioners of a `removed` block run for each instance
            // that was removed, whatever its key.
            _ if block.ty == BlockType::Removed => (true, true),
            _ => (false, false),
        };
        BlockScope {
            count,
            for_each,
            nested_blocks_only: block.ty == BlockType::Variable,
            backend_blocks_only: block.ty == BlockType::Terraform,
        }
    }

    /// The context of an expression in this block: `meta_argument` when it
    /// is the block's own `count` or `for_each` (evaluated without
    /// instance keys), `self_object` inside a provisioner, connection or
    /// postcondition, `depends_on` for an element of the block's
    /// `depends_on`.
    fn context(
        &self,
        meta_argument: bool,
        self_object: bool,
        depends_on: bool,
    ) -> ReferenceContext {
        ReferenceContext {
            count: self.count && !meta_argument,
            for_each: self.for_each && !meta_argument,
            self_object,
            depends_on,
            caught: false,
        }
    }
}

/// Nested block types in which `self` is available.
fn has_self_object(block_type: &str) -> bool {
    matches!(block_type, "provisioner" | "connection" | "postcondition")
}

/// A native block's scope and its body.
#[derive(Default)]
struct NativeScope {
    scope: BlockScope,
    /// The block's body; `None` for a local value.
    body: Option<SyntaxNode>,
}

impl NativeScope {
    /// The context of an expression in this block.
    fn context_of(&self, expr: &SyntaxNode) -> ReferenceContext {
        let Some(body) = &self.body else {
            return ReferenceContext::default();
        };
        let top_argument = expr
            .parent()
            .and_then(tofu_syntax::ast::Attribute::cast)
            .filter(|a| a.syntax().parent().as_ref() == Some(body))
            .and_then(|a| a.name());
        let meta_argument = top_argument
            .as_ref()
            .is_some_and(|n| matches!(n.text(), "count" | "for_each"));
        let self_object = expr
            .ancestors()
            .take_while(|n| n != body)
            .filter_map(tofu_syntax::ast::Block::cast)
            .filter_map(|b| b.block_type())
            .any(|t| has_self_object(t.text()));
        let depends_on = top_argument.is_some_and(|n| n.text() == "depends_on");
        self.scope.context(meta_argument, self_object, depends_on)
    }

    /// Whether `expr` is read without the module's scope.
    fn skips(&self, expr: &SyntaxNode) -> bool {
        if self.scope.backend_blocks_only {
            let in_backend = expr
                .ancestors()
                .take_while(|n| Some(n) != self.body.as_ref())
                .filter_map(tofu_syntax::ast::Block::cast)
                .filter_map(|b| b.block_type())
                .any(|t| matches!(t.text(), "backend" | "cloud"));
            return !in_backend;
        }
        self.scope.nested_blocks_only
            && expr
                .parent()
                .and_then(|attribute| attribute.parent())
                .as_ref()
                == self.body.as_ref()
    }
}

/// The references under `node`: each free root name of each outermost
/// expression, with its static traversal.
fn collect(
    node: &SyntaxNode,
    from: &Arc<DeclKind>,
    scope: &NativeScope,
    file: SourceFile,
    out: &mut Vec<Reference>,
) {
    // Expressions with no expression above them (up to `node`), so that
    // names bound by an enclosing `for` are seen as bound.
    let outermost = node.descendants().filter_map(Expr::cast).filter(|e| {
        for above in e.syntax().ancestors().skip(1) {
            if Expr::can_cast(above.kind()) {
                return false;
            }
            if &above == node {
                break;
            }
        }
        !is_address_argument(e.syntax()) && !scope.skips(e.syntax())
    });
    for expr in outermost {
        let context = scope.context_of(expr.syntax());
        for parsed in expr_references(&expr, &bound_by_dynamic_block) {
            out.push(parsed.into_reference(from, file, context));
        }
    }
}

/// The references of one expression: each free root name (unless `bound`
/// says the name is bound there) read with its static traversal. Ranges
/// are those of `expr`'s tree.
fn expr_references(expr: &Expr, bound: &dyn Fn(&SyntaxNode, &str) -> bool) -> Vec<Parsed> {
    let free: HashSet<TextRange> = tofu_eval::referenced_roots(expr)
        .into_iter()
        .map(|(_, range)| range)
        .collect();
    let mut out = Vec::new();
    for variable in expr
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_node())
    {
        if variable.kind() != SyntaxKind::VARIABLE || !free.contains(&trimmed_range(&variable)) {
            continue;
        }
        let traversal = variable_traversal(&variable, TextSize::from(0));
        if bound(&variable, traversal.root()) {
            continue;
        }
        let mut parsed = parse_ref(&traversal);
        parsed.caught = in_try_or_can(&variable, expr.syntax());
        if let Some((_, last)) = traversal.steps.last()
            && last.end() > parsed.range.end()
        {
            parsed.remaining.rest = Some(TextRange::new(parsed.range.end(), last.end()));
        }
        out.push(parsed);
    }
    out
}

/// Whether `node` is inside an argument of a call to `try` or `can` (or
/// `core::try`, `core::can`) within `expr`: what evaluating it reports,
/// those functions catch.
fn in_try_or_can(node: &SyntaxNode, expr: &SyntaxNode) -> bool {
    for ancestor in node.ancestors().skip(1) {
        let at_expr = &ancestor == expr;
        if let Some(call) = tofu_syntax::ast::FunctionCall::cast(ancestor)
            && matches!(
                call.name().as_deref(),
                Some("try" | "can" | "core::try" | "core::can")
            )
        {
            return true;
        }
        // `expr` itself is the last node looked at.
        if at_expr {
            break;
        }
    }
    false
}

/// Arguments whose values are addresses, attribute paths or keywords
/// rather than expressions: `provider`, `providers`, `lifecycle`'s
/// `ignore_changes` and `replace_triggered_by` (checked when the
/// configuration is loaded), a provisioner's `when` and `on_failure`, a
/// dynamic block's `iterator` (a name it binds), and `from`/`to` of
/// `moved`, `removed` and `import` blocks.
fn is_address_argument(expr: &SyntaxNode) -> bool {
    let Some(attribute) = expr.parent().and_then(tofu_syntax::ast::Attribute::cast) else {
        return false;
    };
    let Some(name) = attribute.name() else {
        return false;
    };
    let block_type = attribute
        .syntax()
        .ancestors()
        .find_map(tofu_syntax::ast::Block::cast)
        .and_then(|b| b.block_type())
        .map(|t| t.text().to_owned())
        .unwrap_or_default();
    is_address_argument_name(name.text(), &block_type)
}

/// Whether an argument `name` of a block of `block_type` is an address
/// argument (see [`is_address_argument`]).
fn is_address_argument_name(name: &str, block_type: &str) -> bool {
    match name {
        "provider" | "providers" => true,
        "ignore_changes" | "replace_triggered_by" => block_type == "lifecycle",
        "when" | "on_failure" => block_type == "provisioner",
        "iterator" => block_type == "dynamic",
        "from" | "to" => matches!(block_type, "moved" | "removed" | "import"),
        _ => false,
    }
}

/// A reference as `addrs.ParseRef` reads a traversal.
struct Parsed {
    subject: Subject,
    /// What the reference covers: the steps it consumed.
    range: TextRange,
    module_output: Option<Box<(String, TextRange)>>,
    remaining: Remaining,
    /// Inside an argument of `try` or `can`.
    caught: bool,
}

impl Parsed {
    fn into_reference(
        self,
        from: &Arc<DeclKind>,
        file: SourceFile,
        context: ReferenceContext,
    ) -> Reference {
        let context = ReferenceContext {
            caught: self.caught,
            ..context
        };
        Reference {
            subject: self.subject,
            from: Arc::clone(from),
            file,
            range: self.range,
            module_output: self.module_output,
            remaining: self.remaining,
            context,
        }
    }

    /// The same reference with every range passed through `map` (from a
    /// string's own text to the file's).
    fn map_ranges(mut self, map: &dyn Fn(TextRange) -> TextRange) -> Parsed {
        self.range = map(self.range);
        if let Some(output) = &mut self.module_output {
            output.1 = map(output.1);
        }
        if let Some(rest) = &mut self.remaining.rest {
            *rest = map(*rest);
        }
        if let Subject::Invalid(invalid) = &mut self.subject {
            invalid.range = map(invalid.range);
        }
        self
    }
}

/// `addrs.ParseRef` over a traversal, its subject read as a declaration
/// where it names one.
fn parse_ref(traversal: &Traversal) -> Parsed {
    let parsed = match reference::parse_ref(traversal) {
        Ok(parsed) => parsed,
        Err(error) => {
            return Parsed {
                subject: Subject::Invalid(Box::new(InvalidReference {
                    code: error.code,
                    detail: error.detail,
                    range: error.range,
                    root: traversal.root().to_owned(),
                })),
                range: error.range,
                module_output: None,
                remaining: Remaining::default(),
                caught: false,
            };
        }
    };
    let subject = match parsed.subject {
        reference::Subject::Variable(name) => Subject::Declared(DeclKind::Variable(name)),
        reference::Subject::Local(name) => Subject::Declared(DeclKind::Local(name)),
        reference::Subject::ModuleCall(name) => Subject::Declared(DeclKind::ModuleCall(name)),
        reference::Subject::Resource { mode, ty, name } => Subject::Declared(match mode {
            ResourceMode::Managed => DeclKind::ManagedResource { ty, name },
            ResourceMode::Data => DeclKind::DataResource { ty, name },
            ResourceMode::Ephemeral => DeclKind::EphemeralResource { ty, name },
        }),
        reference::Subject::Builtin { object, attribute } => Subject::Builtin { object, attribute },
        reference::Subject::SelfObject => Subject::SelfObject,
        reference::Subject::TypeKeyword => Subject::TypeKeyword,
    };
    Parsed {
        subject,
        range: parsed.range,
        module_output: parsed.module_output,
        remaining: parsed.remaining,
        caught: false,
    }
}

/// Inside `dynamic "NAME" { ... }` the iterator (NAME, or the `iterator`
/// argument) names the current element, not a resource.
fn bound_by_dynamic_block(node: &SyntaxNode, root: &str) -> bool {
    node.ancestors()
        .filter(|n| n.kind() == SyntaxKind::BLOCK)
        .filter_map(tofu_syntax::ast::Block::cast)
        .filter(|b| b.block_type().is_some_and(|t| t.text() == "dynamic"))
        .any(|b| {
            let label = b.labels().next().map(|l| l.value());
            let iterator = b
                .body()
                .and_then(|body| body.attribute("iterator"))
                .and_then(|a| a.expr())
                .and_then(|e| match e {
                    Expr::Variable(v) => v.name().map(|n| n.text().to_owned()),
                    _ => None,
                });
            iterator.as_deref().or(label.as_deref()) == Some(root)
        })
}

/// The references of an expression parsed on its own (a console line),
/// stamped with `file`.
pub(crate) fn standalone_references(expr: &Expr, file: SourceFile) -> Vec<Reference> {
    let mut out = Vec::new();
    collect(
        expr.syntax(),
        &Arc::new(DeclKind::Terraform),
        &NativeScope::default(),
        file,
        &mut out,
    );
    out
}

/// The references of an expression of either syntax read on its own (a
/// static context's), stamped with `file`.
pub(crate) fn expression_references(expr: &AnyExpr, file: SourceFile) -> Vec<Reference> {
    match expr {
        AnyExpr::Native(expr) => standalone_references(expr, file),
        AnyExpr::Json(value) => {
            let mut out = Vec::new();
            json::collect_expression(
                value,
                &Arc::new(DeclKind::Terraform),
                &BlockScope::default(),
                file,
                &mut out,
            );
            out
        }
    }
}
