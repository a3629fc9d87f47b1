//! What a diagnostic says of the values its expression refers to: HCL
//! diagnostics carry the expression that failed and its evaluation
//! context, from which OpenTofu describes each referenced value under the
//! source snippet (`newDiagnosticExpressionValues` in
//! `command/jsonentities/diagnostic.go`): `local.base is "abc"`.

use tofu_syntax::ast::{AstNode, AttrExpr, Expr, IndexExpr, LegacyIndexExpr};
use tofu_syntax::{SyntaxKind, SyntaxNode};
use tofu_types::{Mark, Number, Type, Value};

use super::access::{get_attr, index};
use super::variables::referenced_roots;
use super::{Evaluator, literal};
use crate::Diagnostic;
use tofu_syntax::quote::go_quote;

/// A static step after a traversal's root name.
enum Step {
    Attr(String),
    Index(Value),
}

impl Evaluator<'_, '_> {
    /// `diagnostic` with the values `expr` refers to, as HCL's
    /// `Expression` and `EvalContext` fields let OpenTofu describe them.
    pub(crate) fn with_values(
        &self,
        mut diagnostic: Diagnostic,
        expr: Option<&Expr>,
    ) -> Diagnostic {
        if let Some(expr) = expr {
            diagnostic.values = self.expression_values(expr);
        }
        diagnostic
    }

    /// For each traversal in `expr` (HCL's `Variables()`), the longest
    /// prefix that the scope resolves without an error, and what can be
    /// said of its value; sorted by traversal, each once.
    pub(crate) fn expression_values(&self, expr: &Expr) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for (name, range) in referenced_roots(expr) {
            let Some(variable) = expr
                .syntax()
                .descendants()
                .find(|n| n.kind() == SyntaxKind::VARIABLE && super::node_range(n) == range)
            else {
                continue;
            };
            let Some(root) = self.root_value(&name) else {
                continue;
            };
            let mut value = root;
            let mut text = name.clone();
            for step in static_steps(&variable, expr.syntax()) {
                let next = match &step {
                    Step::Attr(attr) => get_attr(&value, attr),
                    Step::Index(key) => index(&value, key),
                };
                let Ok(next) = next else {
                    break;
                };
                value = next;
                match &step {
                    Step::Attr(attr) => {
                        text.push('.');
                        text.push_str(attr);
                    }
                    Step::Index(key) => {
                        text.push('[');
                        text.push_str(&compact_value(key));
                        text.push(']');
                    }
                }
            }
            if out.iter().any(|(t, _)| *t == text) {
                continue;
            }
            if let Some(statement) = statement(&value) {
                out.push((text, statement));
            }
        }
        out.sort();
        out
    }

    /// A root name as the evaluation sees it here: `for` names first.
    fn root_value(&self, name: &str) -> Option<Value> {
        match self.locals.iter().rev().find(|(n, _)| n == name) {
            Some((_, value)) => Some(value.clone()),
            None => self.ctx.scope.variable(name),
        }
    }
}

/// The static steps HCL's parser folds into the traversal that starts at
/// `variable`: attribute names and literal index keys, up to the first
/// other step or the edge of `within`.
fn static_steps(variable: &SyntaxNode, within: &SyntaxNode) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut node = variable.clone();
    while node != *within {
        let Some(parent) = node.parent() else {
            break;
        };
        let receiver_is_node =
            |receiver: Option<Expr>| receiver.is_some_and(|r| *r.syntax() == node);
        let step = if let Some(attr) = AttrExpr::cast(parent.clone()) {
            match (receiver_is_node(attr.receiver()), attr.name()) {
                (true, Some(name)) => Step::Attr(name.text().to_owned()),
                _ => break,
            }
        } else if let Some(step) = IndexExpr::cast(parent.clone()) {
            let key = match step.index() {
                Some(Expr::Literal(lit)) => literal(lit.kind()),
                Some(Expr::Template(t)) => match t.as_string_literal() {
                    Some(text) => Value::string(text),
                    None => break,
                },
                _ => break,
            };
            if !receiver_is_node(step.receiver()) {
                break;
            }
            Step::Index(key)
        } else if let Some(step) = LegacyIndexExpr::cast(parent.clone()) {
            let Some(number) = step.index().and_then(|n| Number::parse(n.text()).ok()) else {
                break;
            };
            if !receiver_is_node(step.receiver()) {
                break;
            }
            Step::Index(Value::number(number))
        } else {
            break;
        };
        steps.push(step);
        node = parent;
    }
    steps
}

/// `newDiagnosticSnippetValueDescription` for a diagnostic not caused by
/// unknown or confidential values: nothing of sensitive and ephemeral
/// values, the type of an unknown one.
fn statement(value: &Value) -> Option<String> {
    if value.has_mark(Mark::Sensitive) || value.has_mark(Mark::Ephemeral) {
        return None;
    }
    if !value.is_known() {
        return match value.ty() {
            Type::Dynamic => None,
            ty => Some(format!("is a {}", ty.friendly_name())),
        };
    }
    Some(format!("is {}", compact_value(value)))
}

/// `compactValueStr`: primitives in full, collections and objects by
/// their size.
fn compact_value(value: &Value) -> String {
    let ty = value.ty();
    if value.is_null() {
        return "null".to_owned();
    }
    if !value.is_known() {
        return "(not yet known)".to_owned();
    }
    match ty {
        Type::Bool => value.as_bool().unwrap_or_default().to_string(),
        Type::Number => value
            .as_number()
            .map(|n| n.to_text_g10())
            .unwrap_or_default(),
        Type::String => go_quote(value.as_str().unwrap_or_default()),
        Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) => {
            let length = value.length().unwrap_or_default();
            let name = ty.friendly_name();
            match length {
                0 => format!("empty {name}"),
                1 => format!("{name} with 1 element"),
                n => format!("{name} with {n} elements"),
            }
        }
        Type::Object(object) => match object.attributes().len() {
            0 => "object with no attributes".to_owned(),
            1 => {
                let name = object
                    .attributes()
                    .keys()
                    .next()
                    .map(String::as_str)
                    .unwrap_or_default();
                format!("object with 1 attribute {}", go_quote(name))
            }
            n => format!("object with {n} attributes"),
        },
        Type::Dynamic | Type::TypeCapsule => ty.friendly_name(),
    }
}
