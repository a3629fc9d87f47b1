//! `provisioner` blocks (`provisioner.go`) and the destroy-time rule that
//! they and their connections refer only to their own resource.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::ast::Expr;
use tofu_syntax::body::{AnyBlock, AnyBody, AnyExpr, AttributeSchema, BlockSchema, BodySchema};
use tofu_syntax::json::JsonValue;

use crate::addrs::traversal::{Step, variables};
use crate::config::Decoder;
use crate::config::common::ShimmedTraversal as Shimmed;

const PROVISIONER_ATTRIBUTES: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("when"),
    AttributeSchema::optional("on_failure"),
];

const PROVISIONER_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("_", &[]),
    BlockSchema::new("connection", &[]),
    BlockSchema::new("lifecycle", &[]),
];

/// `decodeProvisionerBlock`, for `resource` and `removed` blocks: whether
/// this is a destroy-time provisioner, None for removed provisioner types.
pub(in crate::config) fn decode_provisioner(d: &mut Decoder<'_>, block: &AnyBlock) -> Option<bool> {
    let (content, config) = d.partial_content(
        &block.body,
        &BodySchema::new(PROVISIONER_ATTRIBUTES, PROVISIONER_BLOCKS),
    );
    let ty = block.labels.first().map(String::as_str).unwrap_or_default();
    if matches!(ty, "chef" | "habitat" | "puppet" | "salt-masterless") {
        d.error_named(
            Code::RemovedProvisioner,
            format!("The \"{ty}\" provisioner has been removed"),
            format!("The \"{ty}\" provisioner is deprecated and has been removed from OpenTofu."),
            Decoder::label_range(block, 0),
        );
        return None;
    }

    let mut destroy = false;
    if let Some(expr) = content.attribute("when").and_then(|a| a.expr.clone()) {
        let (keyword, range) = shimmed_keyword(d, expr);
        match keyword.as_deref() {
            Some("create") => {}
            Some("destroy") => destroy = true,
            _ => d.error(
                Code::InvalidWhenKeyword,
                "The \"when\" argument requires one of the following keywords: create or destroy.",
                range,
            ),
        }
    }
    if destroy {
        only_self_refs(d, &config);
    }

    if let Some(attribute) = content.attribute("on_failure")
        && let Some(expr) = attribute.expr.clone()
    {
        let range = expr.range();
        let (keyword, _) = shimmed_keyword(d, expr);
        if !matches!(keyword.as_deref(), Some("continue" | "fail")) {
            d.error(
                Code::InvalidOnFailureKeyword,
                "The \"on_failure\" argument requires one of the following keywords: continue or fail.",
                range,
            );
        }
    }

    let mut seen_connection: Option<TextRange> = None;
    let mut seen_escape: Option<TextRange> = None;
    for inner in &content.blocks {
        match inner.type_name.as_str() {
            "_" => d.escaping_block_once(
                &mut seen_escape,
                inner,
                "provisioner-type-specific",
                "provisioner",
            ),
            "connection" => {
                let first = d.only_once(
                    &mut seen_connection,
                    inner,
                    Code::DuplicateConnectionBlock,
                    |at| format!("This provisioner already has a connection block at {at}."),
                );
                if first && destroy {
                    only_self_refs(d, &inner.body);
                }
            }
            other => d.error(
                Code::ReservedBlockTypeNameInProvisionerBlock,
                format!(
                    "The block type name {} is reserved for use by OpenTofu in a future version.",
                    tofu_syntax::quote::go_quote(other)
                ),
                inner.type_range,
            ),
        }
    }
    Some(destroy)
}

/// `shimTraversalInString(expr, true)` then `hcl.ExprAsKeyword`: the
/// keyword, and the range to report a wrong one at.
fn shimmed_keyword(d: &mut Decoder<'_>, expr: AnyExpr) -> (Option<String>, TextRange) {
    match d.shim_traversal_in_string(expr, true) {
        Shimmed::Text(text, range) => (text_keyword(&text), range),
        Shimmed::Expr(expr) => {
            let range = expr.range();
            (expr_keyword(&expr), range)
        }
    }
}

/// `hcl.ExprAsKeyword`: a lone name.
pub(super) fn expr_keyword(expr: &AnyExpr) -> Option<String> {
    match expr {
        AnyExpr::Native(Expr::Variable(v)) => Some(v.name()?.text().to_owned()),
        AnyExpr::Native(_) => None,
        AnyExpr::Json(JsonValue::Scalar(scalar)) => text_keyword(&scalar.as_str()?),
        AnyExpr::Json(_) => None,
    }
}

/// The name a text holds when it parses as a lone name.
fn text_keyword(text: &str) -> Option<String> {
    let parse = tofu_syntax::parse_expression(text, "");
    if !parse.errors().is_empty() {
        return None;
    }
    use tofu_syntax::ast::AstNode;
    match tofu_syntax::ast::ExpressionFile::cast(parse.syntax())?.expr()? {
        Expr::Variable(v) => Some(v.name()?.text().to_owned()),
        _ => None,
    }
}

/// `onlySelfRefs`: the attributes of a destroy-time provisioner or
/// connection may refer only to `self`, `count.index`, `each.key`,
/// `path.*`, `terraform.*` and `tofu.*`.
pub(super) fn only_self_refs(d: &mut Decoder<'_>, body: &AnyBody) {
    let (attributes, _) = body.just_attributes(&d.source);
    for attribute in attributes {
        let Some(expr) = &attribute.expr else {
            continue;
        };
        for traversal in variables(expr) {
            let valid = match traversal.root() {
                "self" | "path" | "terraform" | "tofu" => true,
                "count" => {
                    traversal.len() == 2
                        && matches!(&traversal.steps[1].0, Step::Attr(name) if name == "index")
                }
                "each" => {
                    traversal.len() == 2
                        && matches!(&traversal.steps[1].0, Step::Attr(name) if name == "key")
                }
                _ => false,
            };
            if !valid {
                d.error(
                    Code::InvalidReferenceFromDestroyProvisioner,
                    "Destroy-time provisioners and their connection configurations may only reference attributes of the related resource, via 'self', 'count.index', or 'each.key'.\n\nReferences to other resources during the destroy phase can cause dependency cycles and interact poorly with create_before_destroy.",
                    expr.range(),
                );
            }
        }
    }
}
