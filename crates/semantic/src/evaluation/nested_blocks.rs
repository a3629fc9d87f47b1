//! The nested blocks of a resource, evaluated as OpenTofu evaluates them
//! once the provider's schema has decoded the body: their arguments like
//! the resource's own, and `dynamic` blocks expanded as HCL's `dynblock`
//! expands them. Without a schema every block is taken to be one the
//! resource has; JSON bodies need a schema to tell blocks from arguments,
//! so only native bodies have nested blocks here.

use tofu_diagnostics::{Code, Severity};
use tofu_syntax::ast::{self, AstNode, Expr};
use tofu_syntax::body::{AnyBody, AnyExpr, AttributeSchema, BlockSchema, BodySchema, SourceText};
use tofu_types::Value;

use super::scope::{KeyData, Reading, evaluate_as};
use super::{Evaluation, InstanceAddr};
use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;

/// Blocks of a resource that are OpenTofu's own, or evaluated only when
/// it applies.
const NOT_EVALUATED: &[&str] = &["lifecycle", "provisioner", "connection"];

/// Blocks generated from `dynamic` blocks at most, for one resource
/// instance: nested expansions of large collections stay bounded.
const MAX_GENERATED: usize = 1000;

/// What evaluating the nested blocks of `body` (a resource's, with the
/// instance data `keys`) reports.
pub(crate) fn nested_block_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    body: &ast::Body,
    keys: &KeyData,
    wanted: &dyn Fn(&str) -> bool,
) -> Vec<Diagnostic> {
    let mut walk = Walk {
        db,
        ev,
        addr,
        file,
        generated: 0,
        out: Vec::new(),
        wanted,
    };
    walk.blocks(body, keys, true);
    walk.out
}

/// The type of the blocks `block` stands for: its own, or for a
/// `dynamic` block the type it generates.
pub(crate) fn generated_block_type(block: &ast::Block) -> Option<String> {
    let ty = block.block_type()?;
    match ty.text() {
        "dynamic" => block.labels().next().map(|l| l.value()),
        other => Some(other.to_owned()),
    }
}

struct Walk<'a> {
    db: &'a dyn salsa::Database,
    ev: Evaluation,
    addr: &'a InstanceAddr,
    file: SourceFile,
    generated: usize,
    out: Vec<Diagnostic>,
    /// Which types of the top level's blocks to evaluate (those an
    /// override file does not replace); a `dynamic` block is of the type
    /// it generates.
    wanted: &'a dyn Fn(&str) -> bool,
}

impl Walk<'_> {
    fn evaluate(&mut self, expr: Expr, keys: &KeyData) -> (Value, bool) {
        let (value, found) = evaluate_as(
            self.db,
            self.ev,
            self.addr,
            self.file,
            &AnyExpr::Native(expr),
            keys,
            Reading::BodyArgument,
        );
        let failed = found.iter().any(|d| d.severity == Severity::Error);
        self.out.extend(found);
        (value, failed)
    }

    fn blocks(&mut self, body: &ast::Body, keys: &KeyData, top: bool) {
        for block in body.blocks() {
            let Some(type_name) = block.block_type() else {
                continue;
            };
            let Some(inner) = block.body() else {
                continue;
            };
            if top && !generated_block_type(&block).is_some_and(|ty| (self.wanted)(&ty)) {
                continue;
            }
            match type_name.text() {
                name if top && NOT_EVALUATED.contains(&name) => {}
                "dynamic" => self.dynamic(&block, &inner, keys),
                _ => self.contents(&inner, keys),
            }
        }
    }

    /// A block's arguments, then its own nested blocks.
    fn contents(&mut self, body: &ast::Body, keys: &KeyData) {
        for attribute in body.attributes() {
            if let Some(expr) = attribute.expr() {
                self.evaluate(expr, keys);
            }
        }
        self.blocks(body, keys, false);
    }

    /// `dynamic "NAME" { for_each, iterator, labels, content }`: the spec
    /// decoded as `decodeSpec` decodes it, then the content once per
    /// element with the iterator bound to the element's key and value. An
    /// unknown `for_each` makes the blocks unknown, content unevaluated.
    fn dynamic(&mut self, block: &ast::Block, body: &ast::Body, keys: &KeyData) {
        let Some(label) = block.labels().next().map(|l| l.value()) else {
            return;
        };
        const ATTRIBUTES: &[AttributeSchema] = &[
            AttributeSchema::required("for_each"),
            AttributeSchema::optional("iterator"),
            AttributeSchema::optional("labels"),
        ];
        const BLOCKS: &[BlockSchema] = &[BlockSchema::new("content", &[])];
        let source = SourceText::new(
            crate::input::contents(self.db, self.file),
            self.file.path(self.db),
        );
        let (content, errors) =
            AnyBody::native(body.clone()).content(&BodySchema::new(ATTRIBUTES, BLOCKS), &source);
        if !errors.is_empty() {
            let file = self.file;
            self.out
                .extend(errors.into_iter().map(|error| error.clone().in_file(file)));
            return;
        }
        let native = |name: &str| match content.attribute(name).and_then(|a| a.expr.clone()) {
            Some(AnyExpr::Native(expr)) => Some(expr),
            _ => None,
        };
        let Some(for_each) = native("for_each") else {
            return;
        };
        let range = tofu_syntax::trimmed_range(for_each.syntax());
        let (each, failed) = self.evaluate(for_each, keys);
        if failed {
            return;
        }
        if !each.ty().can_iterate_elements() && *each.ty() != tofu_types::Type::Dynamic {
            self.error(
                Code::InvalidDynamicForEachValue,
                format!(
                    "Cannot use a {} value in for_each. An iterable collection is required.",
                    each.ty().friendly_name()
                ),
                range,
            );
            return;
        }
        if each.is_null() {
            self.error(
                Code::InvalidDynamicForEachValue,
                "Cannot use a null value in for_each.".to_owned(),
                range,
            );
            return;
        }
        let iterator = match native("iterator") {
            None => label,
            Some(Expr::Variable(variable)) => match variable.name() {
                Some(name) => name.text().to_owned(),
                None => return,
            },
            Some(other) => {
                let range = tofu_syntax::trimmed_range(other.syntax());
                if crate::config::common::is_static_traversal(&other) {
                    self.error(
                        Code::InvalidDynamicIteratorName,
                        "Dynamic iterator must be a single variable name.".to_owned(),
                        range,
                    );
                } else {
                    self.error(
                        Code::InvalidExpression,
                        crate::config::common::STATIC_TRAVERSAL_REQUIRED.to_owned(),
                        range,
                    );
                }
                return;
            }
        };
        if content.blocks.len() > 1 {
            self.error(
                Code::ExtraneousDynamicContentBlock,
                "Only one nested content block is allowed for each dynamic block.".to_owned(),
                content.blocks[1].def_range,
            );
            return;
        }
        let Some(content_body) = content
            .blocks
            .first()
            .and_then(|b| b.body.as_native().cloned())
        else {
            self.error(
                Code::MissingDynamicContentBlock,
                "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.".to_owned(),
                content.missing_item_range,
            );
            return;
        };
        if !each.is_known() {
            return;
        }
        let (each, marks) = each.unmark();
        for (key, value) in each.element_pairs() {
            if self.generated >= MAX_GENERATED {
                return;
            }
            self.generated += 1;
            let element = Value::object([("key", key), ("value", value)]).with_marks(marks);
            let mut inner = keys.clone();
            inner.iterators.push((iterator.clone(), element));
            self.contents(&content_body, &inner);
        }
    }

    fn error(&mut self, summary: Code, detail: String, range: tofu_syntax::TextRange) {
        self.out
            .push(Diagnostic::error_in(summary, detail, self.file, range));
    }
}
