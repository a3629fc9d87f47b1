//! Static traversals as HCL reads them from an expression: a root name
//! followed by attribute names and constant index keys
//! (`hcl.AbsTraversalForExpr`, `hclsyntax.ParseTraversalAbs`), and
//! every traversal of a free name in an expression (`Variables()`).
//!
//! Each step has its own range: `.name`, `[0]`, as HCL's traversers do,
//! and an index step its key.

use std::collections::HashSet;

use tofu_syntax::ast::{AstNode, Expr, LegacyIndexExpr, LiteralKind};
use tofu_syntax::body::AnyExpr;
use tofu_syntax::json::JsonValue;
use tofu_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize, trimmed_range};

/// One step of a static traversal, with its own source range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Step {
    Root(String),
    Attr(String),
    Index(Key),
}

impl Step {
    /// The name of a root or attribute step.
    pub fn name(&self) -> Option<&str> {
        match self {
            Step::Root(name) | Step::Attr(name) => Some(name),
            Step::Index(_) => None,
        }
    }
}

/// The constant key of an index step, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Key {
    Str(String),
    /// A number, as written.
    Num(String),
    /// `true`, `false`, or a legacy index without its number: neither a
    /// string nor a number.
    Other,
}

/// A static traversal: a root name and the steps after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Traversal {
    pub steps: Vec<(Step, TextRange)>,
}

impl Traversal {
    pub fn root(&self) -> &str {
        match self.steps.first() {
            Some((Step::Root(name), _)) => name,
            _ => "",
        }
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn range(&self) -> TextRange {
        let first = self.steps.first().map(|(_, r)| *r).unwrap_or_default();
        let last = self.steps.last().map(|(_, r)| *r).unwrap_or(first);
        first.cover(last)
    }
}

/// The range from `start` to `end`, empty if they are out of order.
fn span(start: TextSize, end: TextSize) -> TextRange {
    TextRange::new(start.min(end), end)
}

/// The static traversal an expression is (a name, then attribute names
/// and constant index keys), as `hcl.AbsTraversalForExpr` reads it.
/// With `text`, the expression was parsed from a quoted traversal, where
/// `true`, `false` and `null` are names like any other
/// (`hclsyntax.ParseTraversalAbs`).
pub(crate) fn traversal_of(expr: &Expr, by: TextSize, text: bool) -> Option<Traversal> {
    let mut steps = Vec::new();
    collect_steps(expr, by, text, &mut steps)?;
    Some(Traversal { steps })
}

fn collect_steps(
    expr: &Expr,
    by: TextSize,
    text: bool,
    out: &mut Vec<(Step, TextRange)>,
) -> Option<()> {
    match expr {
        Expr::Literal(l) if text => {
            let name = match l.kind()? {
                LiteralKind::Bool(b) => b.to_string(),
                LiteralKind::Null => "null".to_owned(),
                LiteralKind::Number(_) => return None,
            };
            out.push((Step::Root(name), trimmed_range(l.syntax()) + by));
        }
        Expr::Variable(v) => {
            let name = v.name()?;
            out.push((Step::Root(name.text().to_owned()), name.text_range() + by));
        }
        Expr::Attr(a) => {
            collect_steps(&a.receiver()?, by, text, out)?;
            let name = a.name()?;
            let start = a
                .syntax()
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == SyntaxKind::DOT)
                .map_or(name.text_range(), |t| t.text_range());
            out.push((
                Step::Attr(name.text().to_owned()),
                start.cover(name.text_range()) + by,
            ));
        }
        Expr::LegacyIndex(i) => {
            let receiver = i.receiver()?;
            collect_steps(&receiver, by, text, out)?;
            let end = trimmed_range(i.syntax());
            let start = trimmed_range(receiver.syntax()).end();
            out.push((Step::Index(legacy_key(i)), span(start, end.end()) + by));
        }
        Expr::Index(i) => {
            let receiver = i.receiver()?;
            let key = literal_key(i.index())?;
            collect_steps(&receiver, by, text, out)?;
            let end = trimmed_range(i.syntax());
            let start = trimmed_range(receiver.syntax()).end();
            out.push((Step::Index(key), span(start, end.end()) + by));
        }
        _ => return None,
    }
    Some(())
}

/// A constant index key, which HCL's parser folds into the traversal.
pub(crate) fn literal_key(key: Option<Expr>) -> Option<Key> {
    match key? {
        Expr::Literal(l) => match l.kind()? {
            LiteralKind::Number(n) => Some(Key::Num(n)),
            LiteralKind::Bool(_) => Some(Key::Other),
            LiteralKind::Null => None,
        },
        Expr::Template(t) => t.as_string_literal().map(Key::Str),
        _ => None,
    }
}

/// The key of a legacy index step (`a.0`): its number.
pub(crate) fn legacy_key(index: &LegacyIndexExpr) -> Key {
    index
        .index()
        .map_or(Key::Other, |t| Key::Num(t.text().to_owned()))
}

/// HCL's `Variables()`: every traversal of a free name in the
/// expression.
pub(crate) fn variables(expr: &AnyExpr) -> Vec<Traversal> {
    let mut out = Vec::new();
    match expr {
        AnyExpr::Native(expr) => node_variables(expr.syntax(), TextSize::from(0), &mut out),
        AnyExpr::Json(value) => json_variables(value, &mut out),
    }
    out
}

/// The variables of the strings of a JSON value, each read as a template.
fn json_variables(value: &JsonValue, out: &mut Vec<Traversal>) {
    match value {
        JsonValue::Scalar(scalar) => {
            if let Some(text) = scalar.as_str() {
                let start = scalar.token().text_range().start() + TextSize::from(1);
                template_variables(&text, start, out);
            }
        }
        JsonValue::Array(array) => {
            for element in array.elements() {
                json_variables(&element, out);
            }
        }
        JsonValue::Object(object) => {
            for member in object.members() {
                if let Some(name) = member.name() {
                    let start = member.name_token().text_range().start() + TextSize::from(1);
                    template_variables(&name, start, out);
                }
                if let Some(value) = member.value() {
                    json_variables(&value, out);
                }
            }
        }
    }
}

fn template_variables(text: &str, start: TextSize, out: &mut Vec<Traversal>) {
    if !text.contains("${") && !text.contains("%{") {
        return;
    }
    // HCL's JSON `Variables()` gives nothing for a string that is not a
    // valid template.
    let parse = tofu_syntax::parse_template(text, "");
    if !parse.errors().is_empty() {
        return;
    }
    node_variables(&parse.syntax(), start, out);
}

/// The traversals of the free names under `node`.
pub(crate) fn node_variables(node: &SyntaxNode, by: TextSize, out: &mut Vec<Traversal>) {
    let outermost = node.descendants().filter_map(Expr::cast).filter(|e| {
        if e.syntax() == node {
            return true;
        }
        for above in e.syntax().ancestors().skip(1) {
            if Expr::can_cast(above.kind()) {
                return false;
            }
            if &above == node {
                break;
            }
        }
        true
    });
    for expr in outermost {
        let free: HashSet<TextRange> = tofu_eval::referenced_roots(&expr)
            .into_iter()
            .map(|(_, range)| range)
            .collect();
        for variable in expr.syntax().descendants() {
            if variable.kind() != SyntaxKind::VARIABLE || !free.contains(&trimmed_range(&variable))
            {
                continue;
            }
            out.push(variable_traversal(&variable, by));
        }
    }
}

/// A variable and the static steps applied to it (attribute names and
/// constant keys, up to the first other step), each with its own range,
/// shifted by `by`.
pub(crate) fn variable_traversal(variable: &SyntaxNode, by: TextSize) -> Traversal {
    let root = variable
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == SyntaxKind::IDENT)
        .map(|t| t.text().to_owned())
        .unwrap_or_default();
    let mut before = trimmed_range(variable).end();
    let mut steps = vec![(Step::Root(root), trimmed_range(variable) + by)];
    let mut current = variable.clone();
    while let Some(parent) = current.parent() {
        let is_receiver = parent.first_child().as_ref() == Some(&current);
        let step = match Expr::cast(parent.clone()) {
            Some(Expr::Attr(a)) if is_receiver => a.name().map(|n| Step::Attr(n.text().to_owned())),
            Some(Expr::LegacyIndex(i)) if is_receiver => Some(Step::Index(legacy_key(&i))),
            Some(Expr::Index(i)) if is_receiver => literal_key(i.index()).map(Step::Index),
            _ => None,
        };
        let Some(step) = step else { break };
        let end = trimmed_range(&parent).end();
        steps.push((step, span(before, end) + by));
        before = end;
        current = parent;
    }
    Traversal { steps }
}
