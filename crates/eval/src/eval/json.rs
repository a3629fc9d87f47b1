//! Expressions in the JSON syntax (HCL's `json` `expression.Value`):
//! strings are templates when interpolation is on, numbers are parsed at
//! 512 bits, arrays are tuples and objects objects, their keys templates
//! too.

use std::collections::BTreeMap;

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, TemplateFile};
use tofu_syntax::json::{JsonScalarKind, JsonValue};
use tofu_syntax::{LineIndex, TextRange, TextSize};
use tofu_types::convert::convert;
use tofu_types::render::go_quote;
use tofu_types::{Type, Value};

use super::{EvalContext, budgeted, evaluate_template};
use crate::Diagnostic;

/// Evaluates a JSON value as an expression. With `interpolate` false
/// (HCL's nil context), strings are taken literally.
pub fn evaluate_json(
    value: &JsonValue,
    ctx: &EvalContext<'_>,
    interpolate: bool,
) -> (Value, Vec<Diagnostic>) {
    budgeted(|| {
        let mut diagnostics = Vec::new();
        let value = json_value(value, ctx, interpolate, &mut diagnostics);
        (value, diagnostics)
    })
}

fn json_value(
    value: &JsonValue,
    ctx: &EvalContext<'_>,
    interpolate: bool,
    diags: &mut Vec<Diagnostic>,
) -> Value {
    match value {
        JsonValue::Scalar(scalar) => match scalar.kind() {
            JsonScalarKind::String => {
                let text = scalar.as_str().unwrap_or_default();
                string(&text, scalar.token().text_range(), ctx, interpolate, diags)
            }
            JsonScalarKind::Number => scalar
                .number_text()
                .and_then(|t| Value::parse_number(t).ok())
                .unwrap_or_else(|| Value::unknown(Type::Number)),
            JsonScalarKind::Bool => Value::bool(scalar.as_bool().unwrap_or(false)),
            JsonScalarKind::Null => Value::null(Type::Dynamic),
        },
        JsonValue::Array(array) => Value::tuple(
            array
                .elements()
                .map(|e| json_value(&e, ctx, interpolate, diags))
                .collect(),
        ),
        JsonValue::Object(object) => {
            let mut attrs: BTreeMap<String, Value> = BTreeMap::new();
            let mut ranges: BTreeMap<String, TextRange> = BTreeMap::new();
            let mut known = true;
            for member in object.members() {
                let name_range = member.name_token().text_range();
                let name_text = member.name().unwrap_or_default();
                let name = string(&name_text, name_range, ctx, interpolate, diags);
                let value = match member.value() {
                    Some(v) => json_value(&v, ctx, interpolate, diags),
                    None => Value::dynamic(),
                };
                let key_error = |detail: String| {
                    Diagnostic::error(Code::InvalidObjectKeyExpression, detail)
                        .with_subject(name_range)
                };
                let name = match convert(&name, &Type::String) {
                    Ok(n) => n,
                    Err(err) => {
                        diags.push(key_error(format!(
                            "Cannot use this expression as an object key: {}.",
                            err.message
                        )));
                        continue;
                    }
                };
                if name.is_null() {
                    diags.push(key_error(
                        "Cannot use null value as an object key.".to_owned(),
                    ));
                    continue;
                }
                if !name.is_known() {
                    known = false;
                    continue;
                }
                let key = name.unmark().0.as_str().unwrap_or_default().to_owned();
                if let Some(first) = ranges.get(&key) {
                    let at = range_string(ctx, *first);
                    diags.push(
                        Diagnostic::error(
                            Code::DuplicateObjectAttribute,
                            format!(
                                "An attribute named {} was already defined at {at}.",
                                go_quote(&key)
                            ),
                        )
                        .with_subject(name_range),
                    );
                    continue;
                }
                ranges.insert(key.clone(), name_range);
                attrs.insert(key, value);
            }
            if !known {
                return Value::dynamic();
            }
            Value::object(attrs)
        }
    }
}

/// A JSON string: a template parsed from its decoded text, whose ranges
/// are mapped back past the opening quote (exact when the string has no
/// escapes, as in HCL).
fn string(
    text: &str,
    token_range: TextRange,
    ctx: &EvalContext<'_>,
    interpolate: bool,
    diags: &mut Vec<Diagnostic>,
) -> Value {
    if !interpolate {
        return Value::string(text);
    }
    let shift = token_range.start() + TextSize::from(1);
    let moved = |d: Diagnostic| Diagnostic {
        location: d.location.map(|l| tofu_diagnostics::Location {
            range: l.range + shift,
            ..l
        }),
        context: d.context.map(|r| r + shift),
        ..d
    };
    let parse = tofu_syntax::parse_template(text, ctx.file_name);
    if !parse.errors().is_empty() {
        diags.extend(parse.errors().iter().map(|e| moved(e.clone())));
        return Value::dynamic();
    }
    let Some(template) = TemplateFile::cast(parse.syntax()) else {
        return Value::string("");
    };
    let inner = EvalContext {
        source_text: text,
        ..*ctx
    };
    let (value, inner_diags) = evaluate_template(&template.parts(), &inner, template.syntax());
    diags.extend(inner_diags.into_iter().map(moved));
    value
}

fn range_string(ctx: &EvalContext<'_>, range: TextRange) -> String {
    LineIndex::new(ctx.source_text).range_string(ctx.source_text, ctx.file_name, range)
}
