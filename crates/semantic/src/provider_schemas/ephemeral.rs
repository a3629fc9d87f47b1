//! OpenTofu's `validEphemeralReferences` (`lang/eval.go`), for the
//! arguments of a resource or data source body with a schema: an
//! ephemeral value anywhere in an argument's value is an error unless
//! the attribute holding it, or the nearest one above it in the schema
//! (`Block.AttributeByPath`), is write-only. Ephemeral resources and
//! provider configurations take any value.

use tofu_provider_schema::{Attribute, AttributeType};
use tofu_syntax::TextRange;
use tofu_syntax::ast::{self, AstNode};
use tofu_syntax::body::{AnyBody, AnyExpr};
use tofu_syntax::json::JsonValue;
use tofu_types::convert::{IndexKey, PathStep, format_path};
use tofu_types::{Mark, Value};

use super::checks::spec_type;

/// The paths (`.password`, `.settings.mode`, `.tags`), as OpenTofu
/// writes them, of the attributes under argument `name` that hold an
/// ephemeral value without being write-only, in order, each once.
pub(crate) fn non_write_only_ephemeral_paths(
    name: &str,
    attribute: &Attribute,
    value: &Value,
) -> Vec<String> {
    if !value.has_mark_deep(Mark::Ephemeral) {
        return Vec::new();
    }
    // `hcldec` gives the body's value its schema's type; marks stay where
    // they were.
    let value = tofu_types::convert(value, &spec_type(attribute)).unwrap_or_else(|_| value.clone());
    let mut marked = Vec::new();
    ephemeral_steps(&value, &mut Vec::new(), &mut marked);
    let mut out: Vec<String> = Vec::new();
    for steps in marked {
        let (found, length) = attribute_by_path(attribute, &steps);
        if found.write_only {
            continue;
        }
        let mut path = vec![Step::Path(PathStep::Attr(name.to_owned()))];
        path.extend(steps[..length].iter().cloned());
        let path = format(&path);
        if !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

/// A step of a path into a value: cty's, or an element of a set (whose
/// key OpenTofu writes as `...` unless it is a string or a number).
#[derive(Clone)]
enum Step {
    Path(PathStep),
    SetElement(Value),
}

fn format(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Path(step) => out.push_str(&format_path(std::slice::from_ref(step))),
            Step::SetElement(value) => match (value.as_str(), value.as_number()) {
                (Some(s), _) => out.push_str(&format_path(&[PathStep::Index(IndexKey::String(
                    s.to_owned(),
                ))])),
                (_, Some(n)) => out.push_str(&format!("[{n}]")),
                _ => out.push_str("[...]"),
            },
        }
    }
    out
}

/// The paths inside `value` of each value marked ephemeral, top down.
fn ephemeral_steps(value: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    if value.has_mark(Mark::Ephemeral) {
        out.push(path.clone());
    }
    if !value.has_mark_deep(Mark::Ephemeral) {
        return;
    }
    if let Some(entries) = value.entries() {
        let object = value.ty().is_object();
        for (key, element) in entries.iter() {
            path.push(Step::Path(if object {
                PathStep::Attr(key.clone())
            } else {
                PathStep::Index(IndexKey::String(key.clone()))
            }));
            ephemeral_steps(element, path, out);
            path.pop();
        }
    } else if let Some(elements) = value.elements() {
        let set = value.ty().is_set();
        for (i, element) in elements.iter().enumerate() {
            path.push(if set {
                Step::SetElement(element.unmark_deep().0)
            } else {
                Step::Path(PathStep::Index(IndexKey::Int(i as i64)))
            });
            ephemeral_steps(element, path, out);
            path.pop();
        }
    }
}

/// `Block.AttributeByPath` from an argument's attribute, walked up to the
/// nearest attribute the schema has: the attribute and how many of
/// `steps` lead to it.
fn attribute_by_path<'a>(attribute: &'a Attribute, steps: &[Step]) -> (&'a Attribute, usize) {
    let mut length = steps.len();
    loop {
        if let Some(found) = by_path(attribute, &steps[..length]) {
            return (found, length);
        }
        length -= 1;
    }
}

/// The attribute at `steps` below `attribute`: only nested attributes
/// have attributes below them; index steps are passed over.
fn by_path<'a>(attribute: &'a Attribute, steps: &[Step]) -> Option<&'a Attribute> {
    let Some((first, rest)) = steps.split_first() else {
        return Some(attribute);
    };
    let AttributeType::Nested(nested) = &attribute.ty else {
        return None;
    };
    match first {
        Step::Path(PathStep::Attr(name)) => by_path(nested.attributes.get(name)?, rest),
        _ => {
            // `Object.AttributeByPath` skips index steps; an attribute
            // name must follow.
            let position = rest
                .iter()
                .position(|s| matches!(s, Step::Path(PathStep::Attr(_))))?;
            let Step::Path(PathStep::Attr(name)) = &rest[position] else {
                return None;
            };
            by_path(nested.attributes.get(name)?, &rest[position + 1..])
        }
    }
}

/// Where OpenTofu reports an ephemeral value of the argument `expr`
/// (`attributeDiagnostic.ElaborateFromConfigBody`): at the argument when
/// the attribute is the argument itself; for an attribute nested in it,
/// which no body has, where an item missing from the argument's body
/// would be (the start of its block's body; in JSON, the closing brace of
/// the object that holds the argument).
pub(crate) fn subject(expr: &AnyExpr, at_argument: bool) -> TextRange {
    let range = expr.range();
    if at_argument {
        return range;
    }
    match expr {
        AnyExpr::Native(native) => native
            .syntax()
            .ancestors()
            .find_map(ast::Block::cast)
            .and_then(|block| block.open_brace())
            .map_or(range, |brace| TextRange::empty(brace.text_range().start())),
        AnyExpr::Json(value) => value
            .syntax()
            .parent()
            .and_then(|member| member.parent())
            .and_then(JsonValue::cast)
            .map_or(range, |object| AnyBody::json(object).missing_item_range()),
    }
}
