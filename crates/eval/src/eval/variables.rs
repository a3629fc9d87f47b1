//! The names an expression refers to: HCL's `Variables()`, the roots of
//! the traversals not bound by an enclosing `for`.

use tofu_syntax::TextRange;
use tofu_syntax::ast::{AstNode, Expr, TemplateNode, TemplatePart, template_structure};

use super::node_range;

/// Each free root name, with the range of the name, in source order.
pub fn referenced_roots(expr: &Expr) -> Vec<(String, TextRange)> {
    let mut out = Vec::new();
    walk(expr, &mut Vec::new(), &mut out);
    out
}

/// The free root names of a template's parts.
pub(crate) fn template_roots(parts: &[TemplatePart]) -> Vec<(String, TextRange)> {
    let mut out = Vec::new();
    walk_template(&template_structure(parts), &mut Vec::new(), &mut out);
    out
}

fn walk(expr: &Expr, bound: &mut Vec<String>, out: &mut Vec<(String, TextRange)>) {
    match expr {
        Expr::Variable(v) => {
            if let Some(name) = v.name()
                && !bound.iter().any(|b| b == name.text())
            {
                out.push((name.text().to_owned(), node_range(v.syntax())));
            }
        }
        Expr::Object(o) => {
            for item in o.items() {
                let key = item.key();
                let keyword = key.as_ref().and_then(|k| k.as_keyword());
                if keyword.is_none()
                    && let Some(k) = key.and_then(|k| k.expr())
                {
                    walk(&k, bound, out);
                }
                if let Some(v) = item.value() {
                    walk(&v, bound, out);
                }
            }
        }
        Expr::For(f) => {
            if let Some(c) = f.collection() {
                walk(&c, bound, out);
            }
            let depth = bound.len();
            bound.extend(f.key_var().map(|t| t.text().to_owned()));
            bound.extend(f.value_var().map(|t| t.text().to_owned()));
            for e in [f.key_expr(), f.value_expr(), f.condition()]
                .into_iter()
                .flatten()
            {
                walk(&e, bound, out);
            }
            bound.truncate(depth);
        }
        Expr::Template(t) => walk_template(&template_structure(&t.parts()), bound, out),
        Expr::Heredoc(h) => walk_template(&template_structure(&h.parts()), bound, out),
        _ => {
            for child in expr.syntax().children().filter_map(Expr::cast) {
                walk(&child, bound, out);
            }
            // Arguments and other expressions sit one node down.
            for list in expr
                .syntax()
                .children()
                .filter(|n| Expr::cast(n.clone()).is_none())
            {
                for child in list.children().filter_map(Expr::cast) {
                    walk(&child, bound, out);
                }
            }
        }
    }
}

fn walk_template(
    nodes: &[TemplateNode],
    bound: &mut Vec<String>,
    out: &mut Vec<(String, TextRange)>,
) {
    for node in nodes {
        match node {
            TemplateNode::Literal(_) => {}
            TemplateNode::Interpolation(i) => {
                if let Some(e) = i.expr() {
                    walk(&e, bound, out);
                }
            }
            TemplateNode::If {
                directive,
                then_branch,
                else_branch,
                ..
            } => {
                if let Some(e) = directive.expr() {
                    walk(&e, bound, out);
                }
                walk_template(then_branch, bound, out);
                walk_template(else_branch, bound, out);
            }
            TemplateNode::For {
                directive, body, ..
            } => {
                if let Some(e) = directive.expr() {
                    walk(&e, bound, out);
                }
                let depth = bound.len();
                bound.extend(directive.key_var().map(|t| t.text().to_owned()));
                bound.extend(directive.value_var().map(|t| t.text().to_owned()));
                walk_template(body, bound, out);
                bound.truncate(depth);
            }
        }
    }
}
