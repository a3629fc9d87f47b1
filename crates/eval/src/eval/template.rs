//! Templates: quoted strings, heredocs and template-mode text.
//!
//! Literal values are computed as HCL's parser computes them (unescaping,
//! then `~` strip markers, then `<<-` de-indentation), then the directives
//! are nested and evaluated as HCL's `TemplateExpr`, `ConditionalExpr`
//! (for `if`) and `TemplateJoinExpr` over a `for` (for `for`).

use std::collections::HashMap;

use tofu_diagnostics::Code;
use tofu_syntax::ast::{
    AstNode, Heredoc, Template, TemplateDirective, TemplateNode, TemplatePart, template_structure,
};
use tofu_syntax::{TextRange, TextSize};
use tofu_types::convert::convert;
use tofu_types::{Marks, Type, Value};
use unicode_segmentation::UnicodeSegmentation;

use super::ops::{condition_type, null_condition};
use super::{Evaluator, node_range};
use crate::Diagnostic;

/// Literal texts after unescaping, stripping and de-indentation, by the
/// start offset of their token.
type Literals = HashMap<TextSize, String>;

impl Evaluator<'_, '_> {
    pub(super) fn quoted_template(&mut self, t: &Template) -> Value {
        let parts = t.parts();
        self.template_parts(&parts, false, node_range(t.syntax()))
    }

    pub(super) fn heredoc(&mut self, h: &Heredoc) -> Value {
        let parts = h.parts();
        self.template_parts(&parts, h.is_flush(), node_range(h.syntax()))
    }

    /// Evaluates the parts of one template.
    pub(crate) fn template_parts(
        &mut self,
        parts: &[TemplatePart],
        flush: bool,
        range: TextRange,
    ) -> Value {
        let literals = literal_values(parts, flush);
        // One interpolation alone gives its value unconverted.
        if let [TemplatePart::Interpolation(i)] = parts {
            return self.eval_opt(i.expr());
        }
        let nodes = template_structure(parts);
        self.template_nodes(&nodes, &literals, range)
    }

    fn template_nodes(
        &mut self,
        nodes: &[TemplateNode],
        literals: &Literals,
        range: TextRange,
    ) -> Value {
        let before = self.diagnostics.len();
        let mut buf = String::new();
        let mut known = true;
        let mut marks = Marks::NONE;
        for node in nodes {
            let (value, part_range) = self.template_node(node, literals, range);
            if value.is_null() {
                self.error(
                    Diagnostic::error(
                        Code::InvalidTemplateInterpolationValue,
                        "The expression result is null. Cannot include a null value in a string template.",
                    )
                    .with_subject(part_range)
                    .with_context(range),
                );
                continue;
            }
            let (value, part_marks) = value.unmark();
            marks |= part_marks;
            if !value.is_known() {
                known = false;
                continue;
            }
            let text = match convert(&value, &Type::String) {
                Ok(v) => v,
                Err(err) => {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidTemplateInterpolationValue,
                            format!(
                                "Cannot include the given value in a string template: {}.",
                                err.message
                            ),
                        )
                        .with_subject(part_range)
                        .with_context(range),
                    );
                    continue;
                }
            };
            let errors = self.diagnostics[before..].iter().any(Diagnostic::is_error);
            if known && !errors {
                buf.push_str(text.as_str().unwrap_or_default());
                if let Err(d) = self.check_string_size(buf.len(), part_range) {
                    self.error(d);
                    return Value::unknown(Type::String);
                }
            }
        }
        let value = if known {
            Value::string(buf)
        } else {
            Value::unknown(Type::String)
        };
        value.with_marks(marks)
    }

    fn template_node(
        &mut self,
        node: &TemplateNode,
        literals: &Literals,
        range: TextRange,
    ) -> (Value, TextRange) {
        match node {
            TemplateNode::Literal(t) => {
                let text = literals
                    .get(&t.text_range().start())
                    .cloned()
                    .unwrap_or_default();
                (Value::string(text), t.text_range())
            }
            TemplateNode::Interpolation(i) => {
                let expr = i.expr();
                let part_range = expr
                    .as_ref()
                    .map_or(node_range(i.syntax()), |e| node_range(e.syntax()));
                (self.eval_opt(expr), part_range)
            }
            TemplateNode::If {
                directive,
                then_branch,
                else_branch,
                ..
            } => {
                let value = self.template_if(directive, then_branch, else_branch, literals, range);
                (value, node_range(directive.syntax()))
            }
            TemplateNode::For {
                directive, body, ..
            } => {
                let value = self.template_for(directive, body, literals, range);
                (value, node_range(directive.syntax()))
            }
        }
    }

    /// `%{ if }` as HCL's conditional over two templates: both branches
    /// are evaluated, only the chosen one's diagnostics are kept.
    fn template_if(
        &mut self,
        directive: &TemplateDirective,
        then_branch: &[TemplateNode],
        else_branch: &[TemplateNode],
        literals: &Literals,
        range: TextRange,
    ) -> Value {
        let (then_value, then_diags) =
            self.isolated(|ev| ev.template_nodes(then_branch, literals, range));
        let (else_value, else_diags) =
            self.isolated(|ev| ev.template_nodes(else_branch, literals, range));
        let cond_expr = directive.expr();
        let cond_range = cond_expr.as_ref().map_or(range, |c| node_range(c.syntax()));
        let condition = self.eval_opt(cond_expr);
        if condition.is_null() {
            self.error(null_condition(cond_range, range));
            return Value::unknown(Type::String);
        }
        let (condition, cond_marks) = condition.unmark();
        let (then_value, then_marks) = then_value.unmark();
        let (else_value, else_marks) = else_value.unmark();
        let marks = cond_marks | then_marks | else_marks;
        if !condition.is_known() {
            return Value::unknown(Type::String).with_marks(marks);
        }
        let Ok(condition) = convert(&condition, &Type::Bool) else {
            self.error(condition_type(cond_range, range));
            return Value::unknown(Type::String);
        };
        if condition.as_bool() == Some(true) {
            self.diagnostics.extend(then_diags);
            then_value.with_marks(marks)
        } else {
            self.diagnostics.extend(else_diags);
            else_value.with_marks(marks)
        }
    }

    /// `%{ for }` as HCL's `TemplateJoinExpr` over a tuple `for`.
    fn template_for(
        &mut self,
        directive: &TemplateDirective,
        body: &[TemplateNode],
        literals: &Literals,
        range: TextRange,
    ) -> Value {
        let directive_range = node_range(directive.syntax());
        let coll_expr = directive.expr();
        let coll_range = coll_expr
            .as_ref()
            .map_or(directive_range, |c| node_range(c.syntax()));
        let collection = self.eval_opt(coll_expr);
        let Some((collection, marks)) = self.for_collection(collection, coll_range, range) else {
            return Value::unknown(Type::String);
        };
        let key_var = directive.key_var().map(|t| t.text().to_owned());
        let Some(value_var) = directive.value_var().map(|t| t.text().to_owned()) else {
            return Value::unknown(Type::String);
        };
        if !collection.is_known() {
            if self.ctx.assume_non_empty {
                // The body once with an unknown element, for its errors.
                let element = collection.ty().element_type().cloned();
                let element = element.unwrap_or(Type::Dynamic);
                let mut bindings = vec![(value_var, Value::unknown(element))];
                if let Some(name) = key_var {
                    bindings.insert(0, (name, Value::dynamic()));
                }
                self.with_locals(bindings, |ev| ev.template_nodes(body, literals, range));
            }
            return Value::unknown(Type::String).with_marks(marks);
        }
        let mut out = String::new();
        let mut all_marks = marks;
        for (k, v) in collection.element_pairs() {
            let mut bindings = vec![(value_var.clone(), v)];
            if let Some(name) = &key_var {
                bindings.insert(0, (name.clone(), k));
            }
            let value = self.with_locals(bindings, |ev| ev.template_nodes(body, literals, range));
            if !value.is_known() {
                return Value::unknown(Type::String).with_marks(marks);
            }
            let (value, value_marks) = value.unmark();
            all_marks |= value_marks;
            out.push_str(value.as_str().unwrap_or_default());
            if let Err(d) = self.check_string_size(out.len(), directive_range) {
                self.error(d);
                return Value::unknown(Type::String);
            }
        }
        Value::string(out).with_marks(all_marks)
    }

    fn check_string_size(&self, len: usize, range: TextRange) -> Result<(), Diagnostic> {
        if len <= crate::limits::MAX_STRING_BYTES {
            return Ok(());
        }
        Err(Diagnostic::error(
            Code::ResultTooLarge,
            format!(
                "This template produces a string longer than {} bytes, beyond what can be evaluated.",
                crate::limits::MAX_STRING_BYTES
            ),
        )
        .with_subject(range))
    }
}

/// The value of every literal of `parts`, as HCL's template parser leaves
/// them.
fn literal_values(parts: &[TemplatePart], flush: bool) -> Literals {
    let mut values: Vec<Option<String>> = parts.iter().map(TemplatePart::literal_value).collect();
    for (i, part) in parts.iter().enumerate() {
        let (strip_before, strip_after) = match part {
            TemplatePart::Interpolation(x) => (x.strip_before(), x.strip_after()),
            TemplatePart::Directive(x) => (x.strip_before(), x.strip_after()),
            TemplatePart::Literal(_) => continue,
        };
        if strip_before
            && i > 0
            && let Some(prev) = values[i - 1].as_mut()
        {
            *prev = prev.trim_end_matches(is_go_space).to_owned();
        }
        if strip_after && let Some(Some(next)) = values.get_mut(i + 1) {
            *next = next.trim_start_matches(is_go_space).to_owned();
        }
    }
    if flush {
        flush_heredoc(&mut values);
    }
    parts
        .iter()
        .zip(values)
        .filter_map(|(p, v)| match p {
            TemplatePart::Literal(t) => Some((t.text_range().start(), v.unwrap_or_default())),
            _ => None,
        })
        .collect()
}

/// `<<-`: removes the smallest indentation, counted in grapheme clusters,
/// of the lines that start with literal text; blank lines do not count
/// and a line starting with an interpolation counts as unindented.
fn flush_heredoc(values: &mut [Option<String>]) {
    let mut min_spaces = usize::MAX;
    let mut newline = true;
    let mut adjust = Vec::new();
    for (i, value) in values.iter().enumerate() {
        if newline {
            newline = false;
            let spaces = match value {
                Some(text) => {
                    let trimmed = text.trim_start_matches(is_go_space);
                    if trimmed.is_empty() && text.ends_with('\n') {
                        usize::MAX
                    } else {
                        adjust.push(i);
                        text[..text.len() - trimmed.len()].graphemes(true).count()
                    }
                }
                None => 0,
            };
            min_spaces = min_spaces.min(spaces);
        }
        if value.as_ref().is_some_and(|t| t.ends_with('\n')) {
            newline = true;
        }
    }
    if min_spaces == usize::MAX {
        return;
    }
    for i in adjust {
        if let Some(text) = values[i].as_mut() {
            let cut: usize = text.graphemes(true).take(min_spaces).map(str::len).sum();
            text.drain(..cut);
        }
    }
}

/// Go's `unicode.IsSpace`.
pub(crate) fn is_go_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ' | '\u{85}' | '\u{A0}'
    ) || (c as u32 > 0xFF && c.is_whitespace())
}
