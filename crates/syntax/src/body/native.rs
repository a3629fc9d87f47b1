//! Native bodies, read as HCL's `hclsyntax.Body` reads them.
//!
//! HCL reports the extraneous items of a body in map order, which varies
//! from run to run; here they come in source order.

use std::collections::HashSet;
use std::iter::successors;

use rowan::TextRange;

use tofu_diagnostics::Code;

use super::{
    AnyAttribute, AnyBlock, AnyBody, AnyExpr, BodyContent, BodySchema, Hidden, missing_argument,
    trimmed_range,
};
use crate::SyntaxKind::{
    ATTRIBUTE, BLOCK_BODY, BLOCK_COMMENT, BOM, IDENT, LINE_COMMENT, NEWLINE, WHITESPACE,
};
use crate::ast::{self, AstNode, BodyItem};
use crate::quote::go_quote;
use crate::suggest::name_suggestion;
use crate::{SyntaxError, SyntaxToken};

/// The items of a body as HCL's parser keeps them: the first definition of
/// each attribute (the parser reported the others) and every block.
#[derive(Default)]
pub(super) struct Items {
    attributes: Vec<AnyAttribute>,
    blocks: Vec<Block>,
}

struct Block {
    block: AnyBlock,
    /// Where a missing label is reported: the opening brace, or the type
    /// when the header is broken.
    open_brace_range: TextRange,
}

impl Items {
    pub(super) fn of(body: &ast::Body) -> Items {
        let mut items = Items::default();
        let mut seen = HashSet::new();
        for item in body.items() {
            match item {
                BodyItem::Attribute(attr) => {
                    let attr = attribute(&attr).filter(|attr| seen.insert(attr.name.clone()));
                    items.attributes.extend(attr);
                }
                BodyItem::Block(block) => items.blocks.extend(self::block(&block)),
            }
        }
        items
    }
}

fn attribute(attr: &ast::Attribute) -> Option<AnyAttribute> {
    let name = attr.name()?;
    let name_range = name.text_range();
    Some(AnyAttribute {
        name: name.text().to_string(),
        name_range,
        range: name_range.cover(trimmed_range(attr.syntax())),
        expr: attr.expr().map(AnyExpr::Native),
    })
}

fn block(block: &ast::Block) -> Option<Block> {
    let type_token = block.block_type()?;
    let type_range = type_token.text_range();
    let (labels, label_ranges): (Vec<_>, Vec<_>) = block
        .labels()
        .map(|label| (label.value(), trimmed_range(label.syntax())))
        .unzip();
    let def_range = label_ranges
        .last()
        .map_or(type_range, |last| type_range.cover(*last));
    let open_brace = block.open_brace().map(|brace| brace.text_range());
    // A broken header leaves HCL with an empty body placed at the type.
    let body = match block.body() {
        Some(body) => AnyBody::native(body),
        None => AnyBody::empty(TextRange::empty(open_brace.unwrap_or(type_range).start())),
    };
    Some(Block {
        block: AnyBlock {
            type_name: type_token.text().to_string(),
            type_range,
            labels,
            label_ranges,
            def_range,
            body,
        },
        open_brace_range: open_brace.unwrap_or(type_range),
    })
}

/// Where HCL's native body starts: at the opening brace of a block, at the
/// attribute of a single-line block `{ name = value }`, and at the first
/// token HCL's parser sees in a file.
pub(super) fn missing_item_range(body: &ast::Body) -> TextRange {
    let node = body.syntax();
    let braces = node.parent().filter(|parent| parent.kind() == BLOCK_BODY);
    let Some(open_brace) = braces.and_then(|braces| braces.first_token()) else {
        return TextRange::empty(first_token_start(node));
    };
    let first = successors(open_brace.next_token(), SyntaxToken::next_token)
        .find(|t| !matches!(t.kind(), WHITESPACE | BLOCK_COMMENT));
    let single_line_attr = first.filter(|t| {
        t.kind() == IDENT
            && t.parent().is_some_and(|attr| {
                attr.kind() == ATTRIBUTE && attr.parent().as_ref() == Some(node)
            })
    });
    TextRange::empty(single_line_attr.unwrap_or(open_brace).text_range().start())
}

/// The start of the first token HCL's peeker yields in the file of `node`:
/// spaces, block comments and a byte order mark are skipped, and so is a
/// line comment without a newline, which HCL's comment token would end.
fn first_token_start(node: &crate::SyntaxNode) -> rowan::TextSize {
    let root = node.ancestors().last().unwrap_or_else(|| node.clone());
    let mut tokens = successors(root.first_token(), SyntaxToken::next_token).peekable();
    while let Some(token) = tokens.next() {
        match token.kind() {
            WHITESPACE | BLOCK_COMMENT | BOM => {}
            LINE_COMMENT if tokens.peek().is_none_or(|next| next.kind() != NEWLINE) => {}
            _ => return token.text_range().start(),
        }
    }
    root.text_range().end()
}

pub(super) fn content(
    items: &Items,
    schema: &BodySchema<'_>,
    hidden: &Hidden,
    missing_item_range: TextRange,
) -> (BodyContent, Vec<SyntaxError>) {
    let (content, remain, mut errors) = partial_content(items, schema, hidden, missing_item_range);

    for attr in &items.attributes {
        let name = attr.name.as_str();
        if remain.attributes.contains(name) {
            continue;
        }
        let unused = schema
            .attributes
            .iter()
            .map(|it| it.name)
            .filter(|candidate| content.attribute(candidate).is_none());
        let suggestion = match name_suggestion(name, unused) {
            Some(suggestion) => format!(" Did you mean {}?", go_quote(suggestion)),
            None if schema.block(name).is_some() => {
                format!(
                    " Did you mean to define a block of type {}?",
                    go_quote(name)
                )
            }
            None => String::new(),
        };
        errors.push(SyntaxError::error_at(
            Code::UnsupportedArgument,
            format!(
                "An argument named {} is not expected here.{suggestion}",
                go_quote(name)
            ),
            attr.name_range,
        ));
    }

    for Block { block, .. } in &items.blocks {
        let type_name = block.type_name.as_str();
        if remain.blocks.contains(type_name) {
            continue;
        }
        let types = schema.blocks.iter().map(|it| it.type_name);
        let suggestion = match name_suggestion(type_name, types) {
            Some(suggestion) => format!(" Did you mean {}?", go_quote(suggestion)),
            None if schema.attribute(type_name).is_some() => format!(
                " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
                go_quote(type_name)
            ),
            None => String::new(),
        };
        errors.push(SyntaxError::error_at(
            Code::UnsupportedBlockType,
            format!(
                "Blocks of type {} are not expected here.{suggestion}",
                go_quote(type_name)
            ),
            block.type_range,
        ));
    }

    (content, errors)
}

pub(super) fn partial_content(
    items: &Items,
    schema: &BodySchema<'_>,
    hidden: &Hidden,
    missing_item_range: TextRange,
) -> (BodyContent, Hidden, Vec<SyntaxError>) {
    let mut errors = Vec::new();
    let mut remain = hidden.clone();

    for attr_schema in schema.attributes {
        let name = attr_schema.name;
        let found = !hidden.attributes.contains(name)
            && items.attributes.iter().any(|attr| attr.name == name);
        if found {
            remain.attributes.insert(name.to_string());
        } else if attr_schema.required {
            errors.push(missing_argument(name, missing_item_range));
        }
    }
    let attributes = items
        .attributes
        .iter()
        .filter(|attr| {
            !hidden.attributes.contains(&attr.name) && schema.attribute(&attr.name).is_some()
        })
        .cloned()
        .collect();

    let mut blocks = Vec::new();
    for Block {
        block,
        open_brace_range,
    } in &items.blocks
    {
        if hidden.blocks.contains(&block.type_name) {
            continue;
        }
        let Some(block_schema) = schema.block(&block.type_name) else {
            continue;
        };
        match label_count_error(block, block_schema.labels, *open_brace_range) {
            Some(error) => errors.push(error),
            None => blocks.push(block.clone()),
        }
    }
    // Every block type of the schema is consumed, found or not, so that a
    // later reading cannot see blocks this one rejected.
    remain
        .blocks
        .extend(schema.blocks.iter().map(|it| it.type_name.to_string()));

    (
        BodyContent {
            attributes,
            blocks,
            missing_item_range,
        },
        remain,
        errors,
    )
}

fn label_count_error(
    block: &AnyBlock,
    wanted: &[&str],
    open_brace_range: TextRange,
) -> Option<SyntaxError> {
    let name = &block.type_name;
    let count = block.labels.len();
    let expected = wanted.join(", ");
    if count > wanted.len() {
        let detail = if wanted.is_empty() {
            format!("No labels are expected for {name} blocks.")
        } else {
            format!(
                "Only {} labels ({expected}) are expected for {name} blocks.",
                wanted.len()
            )
        };
        return Some(
            SyntaxError::error_at(
                Code::ExtraneousLabel,
                detail,
                block.label_ranges[wanted.len()],
            )
            .with_summary(format!("Extraneous label for {name}")),
        );
    }
    if count < wanted.len() {
        return Some(
            SyntaxError::error_at(
                Code::MissingLabel,
                format!(
                    "All {name} blocks must have {} labels ({expected}).",
                    wanted.len()
                ),
                open_brace_range,
            )
            .with_summary(format!("Missing {} for {name}", wanted[count])),
        );
    }
    None
}

pub(super) fn just_attributes(
    items: &Items,
    hidden: &Hidden,
) -> (Vec<AnyAttribute>, Vec<SyntaxError>) {
    // Only the first block is reported; the attributes are still returned
    // so that analysis can go on.
    let errors = items
        .blocks
        .first()
        .map(|Block { block, .. }| {
            SyntaxError::error_at(
                Code::UnexpectedBlock,
                "Blocks are not allowed here.",
                block.type_range,
            )
            .with_summary(format!("Unexpected {} block", go_quote(&block.type_name)))
        })
        .into_iter()
        .collect();
    let attributes = items
        .attributes
        .iter()
        .filter(|attr| !hidden.attributes.contains(&attr.name))
        .cloned()
        .collect();
    (attributes, errors)
}
