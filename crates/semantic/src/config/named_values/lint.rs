//! `lintVariableDefaultValue` (`internal/lang/lint`): attributes of a
//! default's object constructors that its type constraint discards.

use tofu_diagnostics::Code;
use tofu_eval::Severity;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_syntax::trimmed_range;
use tofu_types::Type;
use tofu_types::convert::convert;

use crate::config::Decoder;
use crate::diagnostics::Diagnostic;

/// A step of a path into a default value, for `tfdiags.FormatCtyPath`.
#[derive(Clone)]
enum PathStep {
    Attr(String),
    Key(String),
    Index(usize),
    /// All elements at once: `[(not yet known)]`.
    Unknown,
}

fn format_path(path: &[PathStep]) -> String {
    path.iter()
        .map(|step| match step {
            PathStep::Attr(name) => format!(".{name}"),
            PathStep::Key(key) => format!("[{}]", tofu_types::render::go_quote(key)),
            PathStep::Index(i) => format!("[{i}]"),
            PathStep::Unknown => "[(not yet known)]".to_owned(),
        })
        .collect()
}

/// `lintVariableDefaultValue`: a warning for each attribute of an object
/// constructor in the default that its type constraint discards
/// (`lint.DiscardedObjectConstructorAttrs`; native syntax only).
pub(super) fn lint_default_value(d: &mut Decoder<'_>, expr: &Expr, ty: &Type) {
    if ty.is_primitive() || ty.is_dynamic() {
        return;
    }
    lint_discarded(d, expr, ty, &mut Vec::new());
}

fn lint_discarded(d: &mut Decoder<'_>, expr: &Expr, ty: &Type, path: &mut Vec<PathStep>) {
    match (ty, expr) {
        (Type::Object(_), Expr::Object(object)) => {
            for item in object.items() {
                let Some(key) = item.key() else { continue };
                let Some(name) = object_key_name(&key) else {
                    continue;
                };
                match ty.attribute_type(&name) {
                    Some(attribute_ty) => {
                        if let Some(value) = item.value() {
                            path.push(PathStep::Attr(name));
                            lint_discarded(d, &value, attribute_ty, path);
                            path.pop();
                        }
                    }
                    None => {
                        let key_range = key.expr().map_or_else(
                            || trimmed_range(key.syntax()),
                            |e| trimmed_range(e.syntax()),
                        );
                        let attributes = ty.attribute_types().into_iter().flat_map(|a| a.keys());
                        let suggestion =
                            tofu_syntax::name_suggestion(&name, attributes.map(String::as_str))
                                .map(|s| format!(" Did you mean to set attribute \"{s}\" instead?"))
                                .unwrap_or_default();
                        let noun = if path.is_empty() {
                            "The object type for this variable".to_owned()
                        } else {
                            format!("The object type for {}", format_path(path))
                        };
                        d.out.push(Diagnostic {
                            severity: Severity::Warning,
                            code: Code::ObjectAttributeIsIgnored,
                            summary: "Object attribute is ignored".to_owned(),
                            detail: format!(
                                "{noun} does not include an attribute named {}, so this definition is unused.{suggestion}",
                                tofu_types::render::go_quote(&name)
                            ),
                            location: Some(tofu_diagnostics::Location { file: d.file, range: key_range }),
                            context: Some(trimmed_range(object.syntax())),
                            values: Vec::new(),
                            deprecation: None,
                            function_call: None,
                        });
                    }
                }
            }
        }
        (Type::Map(element), Expr::Object(object)) => {
            for item in object.items() {
                let (Some(key), Some(value)) = (item.key(), item.value()) else {
                    continue;
                };
                let Some(name) = object_key_name(&key) else {
                    continue;
                };
                path.push(PathStep::Key(name));
                lint_discarded(d, &value, element, path);
                path.pop();
            }
        }
        (Type::Map(element), Expr::For(for_expr)) if for_expr.is_object() => {
            if let Some(value) = for_expr.value_expr() {
                path.push(PathStep::Unknown);
                lint_discarded(d, &value, element, path);
                path.pop();
            }
        }
        (Type::List(element) | Type::Set(element), Expr::Tuple(tuple)) => {
            for (i, value) in tuple.elements().enumerate() {
                path.push(PathStep::Index(i));
                lint_discarded(d, &value, element, path);
                path.pop();
            }
        }
        (Type::List(element) | Type::Set(element), Expr::For(for_expr))
            if !for_expr.is_object() =>
        {
            if let Some(value) = for_expr.value_expr() {
                path.push(PathStep::Unknown);
                lint_discarded(d, &value, element, path);
                path.pop();
            }
        }
        (Type::Tuple(elements), Expr::Tuple(tuple)) => {
            let values: Vec<Expr> = tuple.elements().collect();
            if values.len() != elements.len() {
                return;
            }
            for (i, (value, element)) in values.iter().zip(elements.iter()).enumerate() {
                path.push(PathStep::Index(i));
                lint_discarded(d, value, element, path);
                path.pop();
            }
        }
        _ => {}
    }
}

/// `attributeNameFromObjectConsKey`: a key's constant string value, if it
/// has one.
fn object_key_name(key: &tofu_syntax::ast::ObjectKey) -> Option<String> {
    if let Some(keyword) = key.as_keyword() {
        return Some(keyword);
    }
    let (value, diagnostics) = tofu_eval::typeexpr::constant_value(&key.expr()?);
    if diagnostics.iter().any(tofu_eval::Diagnostic::is_error)
        || !value.is_known()
        || value.is_null()
    {
        return None;
    }
    let (value, _) = value.unmark();
    convert(&value, &Type::String)
        .ok()?
        .as_str()
        .map(str::to_owned)
}
