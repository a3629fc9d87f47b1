//! The nested blocks of a resource, evaluated as OpenTofu evaluates them
//! once the provider's schema has decoded the body: their arguments like
//! the resource's own, and `dynamic` blocks expanded as HCL's `dynblock`
//! expands them. Without a schema every block of a native body is taken to
//! be one the resource has; JSON bodies need the schema to tell blocks
//! from arguments (`hcldec` decodes them with it), so a JSON body's nested
//! blocks are evaluated only with one.

use tofu_diagnostics::{Code, Severity};
use tofu_syntax::ast::{self, AstNode, Expr};
use tofu_syntax::body::{AnyBody, AnyExpr, AttributeSchema, BlockSchema, BodySchema, SourceText};
use tofu_types::Value;

use super::scope::{KeyData, Reading, evaluate_as};
use super::{Evaluation, InstanceAddr};
use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;
use crate::provider_schemas::checks::nested_block_labels;
use crate::provider_schemas::ephemeral::{non_write_only_ephemeral_paths, subject};
use tofu_provider_schema::{Block, NestedBlock, NestingMode};

/// Blocks of a resource that are OpenTofu's own, or evaluated only when
/// it applies.
const NOT_EVALUATED: &[&str] = &["lifecycle", "provisioner", "connection"];

/// What a `dynamic` block's body holds (`dynblock`'s `dynamicBlockBodySchema`).
const DYNAMIC_SPEC: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::required("for_each"),
        AttributeSchema::optional("iterator"),
        AttributeSchema::optional("labels"),
    ],
    &[BlockSchema::new("content", &[])],
);

/// Blocks generated from `dynamic` blocks at most, for one resource
/// instance: nested expansions of large collections stay bounded.
const MAX_GENERATED: usize = 1000;

/// The nested blocks of a resource's body to evaluate.
pub(crate) struct NestedBlocks<'a> {
    pub body: &'a AnyBody,
    /// Which types of the top level's blocks to evaluate.
    pub wanted: &'a dyn Fn(&str) -> bool,
    /// The resource's schema, which JSON bodies need.
    pub schema: Option<&'a Block>,
    /// Whether the blocks' ephemeral values are checked against the
    /// schema (not for an ephemeral resource's).
    pub check_ephemeral: bool,
}

/// What evaluating the nested `blocks` of a resource's body in `file`,
/// with the instance data `keys`, reports, and the values of the
/// arguments of its static blocks (those no `dynamic` block generates),
/// by their range, for the planned value to take instead of evaluating
/// them again.
pub(crate) fn nested_block_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    blocks: NestedBlocks<'_>,
    keys: &KeyData,
) -> (Vec<Diagnostic>, ArgumentValues) {
    let NestedBlocks {
        body,
        wanted,
        schema,
        check_ephemeral,
    } = blocks;
    let mut walk = Walk {
        db,
        ev,
        addr,
        file,
        generated: 0,
        out: Vec::new(),
        wanted,
        check_ephemeral,
        values: ArgumentValues::default(),
    };
    match (body.as_native(), schema) {
        (Some(native), _) => walk.blocks(native, keys, true, schema, ""),
        (None, Some(schema)) => walk.json_blocks(body, keys, true, schema, ""),
        (None, None) => {}
    }
    (walk.out, walk.values)
}

/// The values of static nested blocks' arguments, by the range of their
/// expression in the walked file.
pub(crate) type ArgumentValues = std::collections::HashMap<tofu_syntax::TextRange, Value>;

/// The block types a JSON body of a block with `schema` writes, as
/// `hcldec` reads them there: each nested block type of the schema, and
/// `dynamic` blocks (`dynblock`) with the type they generate.
pub(crate) fn json_block_types(
    db: &dyn salsa::Database,
    file: SourceFile,
    body: &AnyBody,
    schema: &Block,
) -> Vec<String> {
    let source = SourceText::new(crate::input::contents(db, file), file.path(db));
    let (content, _, _) = body.partial_content(&json_block_schema(schema).body(), &source);
    content
        .blocks
        .iter()
        .filter_map(|b| match b.type_name.as_str() {
            "dynamic" => b.labels.first().cloned(),
            other => Some(other.to_owned()),
        })
        .collect()
}

/// The schema of the nested blocks of a block with `schema`, `dynamic`
/// blocks included, as `hcldec` and `dynblock` read a body.
struct JsonBlockSchema<'s> {
    attributes: Vec<AttributeSchema<'s>>,
    blocks: Vec<BlockSchema<'s>>,
}

impl JsonBlockSchema<'_> {
    fn body(&self) -> BodySchema<'_> {
        BodySchema::new(&self.attributes, &self.blocks)
    }
}

fn json_block_schema(schema: &Block) -> JsonBlockSchema<'_> {
    let attributes = schema
        .attributes
        .keys()
        .map(|name| AttributeSchema::optional(name))
        .collect();
    let mut blocks: Vec<BlockSchema<'_>> = schema
        .block_types
        .iter()
        .filter(|(name, _)| !schema.attributes.contains_key(*name))
        .map(|(name, nested)| BlockSchema::new(name, nested_block_labels(nested)))
        .collect();
    blocks.push(BlockSchema::new("dynamic", &["type"]));
    JsonBlockSchema { attributes, blocks }
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

/// The blocks a `dynamic` block generates, where their ephemeral values
/// are checked: their schema and their place in the resource's value.
struct Generated<'a> {
    schema: &'a Block,
    /// `.outer.name`, before the step.
    path: String,
    step: Step,
}

impl Generated<'_> {
    /// The blocks a `dynamic` block generates of the nested block type
    /// `nested` named `name`, in a block at `path` where `sources` blocks
    /// (static or `dynamic`) are of that type: `None` where their place is
    /// not known (a list's indices are known only where the `dynamic`
    /// block is the type's one source; a map's keys are not known).
    fn of<'s>(
        nested: &'s NestedBlock,
        path: &str,
        name: &str,
        sources: usize,
    ) -> Option<Generated<'s>> {
        let step = match nested.nesting {
            NestingMode::Single | NestingMode::Group => Step::None,
            NestingMode::List if sources == 1 => Step::Index,
            NestingMode::Set => Step::Set,
            NestingMode::List | NestingMode::Map => return None,
        };
        Some(Generated {
            schema: &nested.block,
            path: format!("{path}.{name}"),
            step,
        })
    }

    /// The place of the generated block at `index`.
    fn path_of(&self, index: usize) -> String {
        match self.step {
            Step::None => self.path.clone(),
            Step::Index => format!("{}[{index}]", self.path),
            Step::Set => format!("{}[...]", self.path),
        }
    }
}

/// The step after its type's name to a static nested block of `nested`,
/// the `index`th of its type, with its `label` (map blocks): `None` where
/// it is not known, in a list that `dynamic` blocks add to.
fn static_step(
    nested: &NestedBlock,
    index: usize,
    also_generated: bool,
    label: Option<&str>,
) -> Option<String> {
    match nested.nesting {
        NestingMode::Single | NestingMode::Group => Some(String::new()),
        NestingMode::List if !also_generated => Some(format!("[{index}]")),
        NestingMode::List => None,
        NestingMode::Set => Some("[...]".to_owned()),
        NestingMode::Map => label.map(|l| format!("[{}]", tofu_syntax::quote::go_quote(l))),
    }
}

/// How a generated block's place follows its type's name.
#[derive(Clone, Copy)]
enum Step {
    /// One block (single and group nesting).
    None,
    /// The generated element's position in the list.
    Index,
    /// An element of a set, which has no index.
    Set,
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
    /// Whether ephemeral values are checked (JSON bodies are walked with
    /// the schema either way).
    check_ephemeral: bool,
    values: ArgumentValues,
}

impl Walk<'_> {
    fn source(&self) -> SourceText<'_> {
        SourceText::new(
            crate::input::contents(self.db, self.file),
            self.file.path(self.db),
        )
    }

    fn evaluate(&mut self, expr: Expr, keys: &KeyData) -> (Value, bool) {
        self.evaluate_any(&AnyExpr::Native(expr), keys)
    }

    fn evaluate_any(&mut self, expr: &AnyExpr, keys: &KeyData) -> (Value, bool) {
        let (value, found) = evaluate_as(
            self.db,
            self.ev,
            self.addr,
            self.file,
            expr,
            keys,
            Reading::BodyArgument,
        );
        let failed = found.iter().any(|d| d.severity == Severity::Error);
        self.out.extend(found);
        (value, failed)
    }

    /// The blocks of `body`, a block at `path` (`""` for the resource's
    /// own body) whose schema is `schema` where the block's place in the
    /// resource's value is known.
    fn blocks(
        &mut self,
        body: &ast::Body,
        keys: &KeyData,
        top: bool,
        schema: Option<&Block>,
        path: &str,
    ) {
        // Where the blocks of a list are generated too, their indices
        // are not known here.
        let generated: Vec<String> = body
            .blocks()
            .filter(|b| b.block_type().is_some_and(|t| t.text() == "dynamic"))
            .filter_map(|b| generated_block_type(&b))
            .collect();
        let mut seen: std::collections::HashMap<String, usize> = Default::default();
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
                "dynamic" => {
                    // The generated blocks' schema and place, as far as
                    // they are known: a list's indices only where this
                    // `dynamic` block is the type's one source.
                    let generated_type = generated_block_type(&block).unwrap_or_default();
                    let sources = body
                        .blocks()
                        .filter(|b| generated_block_type(b).as_deref() == Some(&generated_type))
                        .count();
                    let generated = schema
                        .and_then(|s| s.block_types.get(&generated_type))
                        .and_then(|nested| Generated::of(nested, path, &generated_type, sources));
                    self.dynamic(&block, &inner, keys, generated.as_ref())
                }
                name => {
                    let index = seen.entry(name.to_owned()).or_default();
                    let nested = schema.and_then(|s| s.block_types.get(name));
                    let label = block.labels().next().map(|l| l.value());
                    let step = nested.and_then(|nested| {
                        static_step(
                            nested,
                            *index,
                            generated.iter().any(|g| g == name),
                            label.as_deref(),
                        )
                    });
                    *index += 1;
                    let inner_path = step.map(|step| format!("{path}.{name}{step}"));
                    let inner_schema = nested.map(|n| &n.block).filter(|_| inner_path.is_some());
                    self.contents(
                        &inner,
                        keys,
                        inner_schema,
                        inner_path.as_deref().unwrap_or(""),
                    );
                }
            }
        }
    }

    /// A block's arguments, then its own nested blocks; with its schema,
    /// each argument's ephemeral values checked (`validEphemeralReferences`).
    fn contents(&mut self, body: &ast::Body, keys: &KeyData, schema: Option<&Block>, path: &str) {
        for attribute in body.attributes() {
            let Some(expr) = attribute.expr() else {
                continue;
            };
            let any = AnyExpr::Native(expr.clone());
            let (value, _) = self.evaluate(expr, keys);
            if keys.iterators.is_empty() {
                self.values.insert(any.range(), value.clone());
            }
            let name = attribute.name().map(|n| n.text().to_owned());
            let Some((name, attribute)) =
                name.and_then(|n| Some((n.clone(), schema?.attributes.get(&n)?)))
            else {
                continue;
            };
            if self.check_ephemeral {
                self.check_ephemeral(&any, &name, attribute, &value, path);
            }
        }
        self.blocks(body, keys, false, schema, path);
    }

    /// `validEphemeralReferences` for the argument `name` of a nested
    /// block at `path`.
    fn check_ephemeral(
        &mut self,
        expr: &AnyExpr,
        name: &str,
        attribute: &tofu_provider_schema::Attribute,
        value: &Value,
        path: &str,
    ) {
        for found in non_write_only_ephemeral_paths(name, attribute, value) {
            let range = subject(expr, found == format!(".{name}"));
            self.error(
                Code::EphemeralValueUsedInNonEphemeralContext,
                format!(
                    "Attribute \"{path}{found}\" is referencing an ephemeral value but ephemeral values can be referenced only by other ephemeral attributes or by write-only ones."
                ),
                range,
            );
        }
    }

    /// The nested blocks of a JSON body of a block with `schema` at `path`
    /// (`""` for the resource's own body), and below the top its
    /// arguments, told apart by the schema as `hcldec` does.
    fn json_blocks(
        &mut self,
        body: &AnyBody,
        keys: &KeyData,
        top: bool,
        schema: &Block,
        path: &str,
    ) {
        let source = self.source();
        let (content, _, _) = body.partial_content(&json_block_schema(schema).body(), &source);
        if !top {
            for attribute in &content.attributes {
                let (Some(expr), Some(attribute_schema)) =
                    (&attribute.expr, schema.attributes.get(&attribute.name))
                else {
                    continue;
                };
                let (value, _) = self.evaluate_any(expr, keys);
                if self.check_ephemeral {
                    self.check_ephemeral(expr, &attribute.name, attribute_schema, &value, path);
                }
            }
        }
        let generated: Vec<&str> = content
            .blocks
            .iter()
            .filter(|b| b.type_name == "dynamic")
            .filter_map(|b| b.labels.first().map(String::as_str))
            .collect();
        let mut seen: std::collections::HashMap<&str, usize> = Default::default();
        for block in &content.blocks {
            let type_name = match block.type_name.as_str() {
                "dynamic" => block.labels.first().map_or("", String::as_str),
                other => other,
            };
            if top && !(self.wanted)(type_name) {
                continue;
            }
            let Some(nested) = schema.block_types.get(type_name) else {
                continue;
            };
            if block.type_name == "dynamic" {
                let sources = content
                    .blocks
                    .iter()
                    .filter(|b| {
                        b.type_name == type_name
                            || (b.type_name == "dynamic"
                                && b.labels.first().is_some_and(|l| l == type_name))
                    })
                    .count();
                let generated = Generated::of(nested, path, type_name, sources);
                self.json_dynamic(
                    &block.body,
                    keys,
                    type_name,
                    &nested.block,
                    generated.as_ref(),
                );
                continue;
            }
            let index = seen.entry(type_name).or_default();
            let step = static_step(
                nested,
                *index,
                generated.contains(&type_name),
                block.labels.first().map(String::as_str),
            );
            *index += 1;
            // Where the place is not known, the values are still evaluated
            // for what that reports, but not checked.
            let checking = self.check_ephemeral;
            self.check_ephemeral = checking && step.is_some();
            let inner_path = format!("{path}.{type_name}{}", step.unwrap_or_default());
            self.json_blocks(&block.body, keys, false, &nested.block, &inner_path);
            self.check_ephemeral = checking;
        }
    }

    /// A JSON `dynamic` block (`"dynamic": {"TYPE": {"for_each": ...,
    /// "iterator": "NAME", "content": {...}}}`): its content once per
    /// element, as [`Walk::dynamic`] does for a native one. Its errors are
    /// the schema checks' to report.
    fn json_dynamic(
        &mut self,
        body: &AnyBody,
        keys: &KeyData,
        type_name: &str,
        schema: &Block,
        generated: Option<&Generated<'_>>,
    ) {
        let source = self.source();
        let (content, _, _) = body.partial_content(&DYNAMIC_SPEC, &source);
        let Some(for_each) = content.attribute("for_each").and_then(|a| a.expr.clone()) else {
            return;
        };
        let Some(iterator) = (match content.attribute("iterator").and_then(|a| a.expr.clone()) {
            None => Some(type_name.to_owned()),
            Some(AnyExpr::Json(value)) => value
                .as_scalar()
                .and_then(|s| s.as_str())
                .map(|s| s.trim().to_owned())
                .filter(|s| tofu_types::is_identifier(s)),
            Some(AnyExpr::Native(_)) => None,
        }) else {
            return;
        };
        let [content_block] = &*content.blocks else {
            return;
        };
        let (each, failed) = self.evaluate_any(&for_each, keys);
        if failed || !each.is_known() || each.is_null() || !each.ty().can_iterate_elements() {
            return;
        }
        // Where the blocks' place is not known, their values are still
        // evaluated for what that reports, but not checked.
        let checking = self.check_ephemeral;
        self.check_ephemeral = checking && generated.is_some();
        for (index, inner) in self.generated_instances(&each, &iterator, keys) {
            let path = generated.map(|g| g.path_of(index)).unwrap_or_default();
            self.json_blocks(&content_block.body, &inner, false, schema, &path);
        }
        self.check_ephemeral = checking;
    }

    /// The instance data of each block a `dynamic` block's known
    /// `for_each` value generates, with its index: the iterator bound to
    /// the element's key and value. At most [`MAX_GENERATED`] blocks in
    /// all are generated for one resource instance.
    fn generated_instances(
        &mut self,
        each: &Value,
        iterator: &str,
        keys: &KeyData,
    ) -> Vec<(usize, KeyData)> {
        let (each, marks) = each.unmark();
        let mut out = Vec::new();
        for (index, (key, value)) in each.element_pairs().into_iter().enumerate() {
            if self.generated >= MAX_GENERATED {
                break;
            }
            self.generated += 1;
            let element = Value::object([("key", key), ("value", value)]).with_marks(marks);
            let mut inner = keys.clone();
            inner.iterators.push((iterator.to_owned(), element));
            out.push((index, inner));
        }
        out
    }

    /// `dynamic "NAME" { for_each, iterator, labels, content }`: the spec
    /// decoded as `decodeSpec` decodes it, then the content once per
    /// element with the iterator bound to the element's key and value. An
    /// unknown `for_each` makes the blocks unknown, content unevaluated.
    fn dynamic(
        &mut self,
        block: &ast::Block,
        body: &ast::Body,
        keys: &KeyData,
        generated: Option<&Generated<'_>>,
    ) {
        let Some(label) = block.labels().next().map(|l| l.value()) else {
            return;
        };
        let source = self.source();
        let (content, errors) = AnyBody::native(body.clone()).content(&DYNAMIC_SPEC, &source);
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
        for (index, inner) in self.generated_instances(&each, &iterator, keys) {
            match generated {
                Some(generated) => {
                    let path = generated.path_of(index);
                    self.contents(&content_body, &inner, Some(generated.schema), &path);
                }
                None => self.contents(&content_body, &inner, None, ""),
            }
        }
    }

    fn error(&mut self, summary: Code, detail: String, range: tofu_syntax::TextRange) {
        self.out
            .push(Diagnostic::error_in(summary, detail, self.file, range));
    }
}
