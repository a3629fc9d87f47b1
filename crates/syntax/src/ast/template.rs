//! Template views: quoted templates and heredocs, their literal parts,
//! interpolations and directives.

use crate::{
    SyntaxKind::{self, *},
    SyntaxNode, SyntaxToken,
};

use super::{Expr, ast_node, child, token};

ast_node!(
    /// A quoted template `"..."`.
    Template,
    TEMPLATE
);
ast_node!(
    /// The root of a standalone template ([`crate::parse_template`]).
    TemplateFile,
    TEMPLATE_FILE
);
ast_node!(
    /// A heredoc template `<<EOT ... EOT`.
    Heredoc,
    HEREDOC
);
ast_node!(
    /// `${ expr }`
    TemplateInterpolation,
    TEMPLATE_INTERPOLATION
);
ast_node!(
    /// `%{ keyword ... }`
    TemplateDirective,
    TEMPLATE_DIRECTIVE
);

/// One part of a template, in source order.
///
/// Literal text comes one token at a time, split where HCL splits it,
/// because strip markers (`~}`, `${~`) trim only the token next to them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TemplatePart {
    /// Literal text: `QUOTED_LIT` (escapes still encoded) in quoted
    /// templates, `STRING_LIT` in heredocs and standalone templates.
    Literal(SyntaxToken),
    Interpolation(TemplateInterpolation),
    Directive(TemplateDirective),
}

impl TemplatePart {
    /// The decoded text of a literal part, as its token kind asks:
    /// backslash escapes only in `QUOTED_LIT`, `$${` and `%%{` in both.
    /// `None` for other parts. (Flush heredocs also lose their common
    /// indentation, which is the caller's to remove.)
    pub fn literal_value(&self) -> Option<String> {
        match self {
            TemplatePart::Literal(token) if token.kind() == QUOTED_LIT => {
                Some(crate::native::unescape_quoted(token.text()))
            }
            TemplatePart::Literal(token) => Some(crate::native::unescape_template(token.text())),
            _ => None,
        }
    }
}

fn parts(node: &SyntaxNode) -> Vec<TemplatePart> {
    node.children_with_tokens()
        .filter_map(|element| match element {
            rowan::NodeOrToken::Token(t) if matches!(t.kind(), QUOTED_LIT | STRING_LIT) => {
                Some(TemplatePart::Literal(t))
            }
            rowan::NodeOrToken::Node(n) => match n.kind() {
                TEMPLATE_INTERPOLATION => {
                    Some(TemplatePart::Interpolation(TemplateInterpolation(n)))
                }
                TEMPLATE_DIRECTIVE => Some(TemplatePart::Directive(TemplateDirective(n))),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

impl Template {
    pub fn parts(&self) -> Vec<TemplatePart> {
        parts(&self.0)
    }

    /// The decoded string if the template is one literal without
    /// sequences (HCL's `IsStringLiteral`), as block labels and index keys
    /// need.
    pub fn as_string_literal(&self) -> Option<String> {
        let mut out = String::new();
        for part in self.parts() {
            match part {
                TemplatePart::Literal(t) => out.push_str(&crate::native::unescape_quoted(t.text())),
                _ => return None,
            }
        }
        Some(out)
    }
}

impl TemplateFile {
    pub fn parts(&self) -> Vec<TemplatePart> {
        parts(&self.0)
    }

    /// The interpolation when it is the whole template, as in `${x}`:
    /// HCL then gives its value as it is (`TemplateWrapExpr`) rather than
    /// converted to a string.
    pub fn sole_interpolation(&self) -> Option<TemplateInterpolation> {
        match <[TemplatePart; 1]>::try_from(self.parts()) {
            Ok([TemplatePart::Interpolation(interpolation)]) => Some(interpolation),
            _ => None,
        }
    }
}

impl Heredoc {
    pub fn parts(&self) -> Vec<TemplatePart> {
        parts(&self.0)
    }

    /// Whether this is a `<<-` heredoc, whose lines are de-indented.
    pub fn is_flush(&self) -> bool {
        token(&self.0, HEREDOC_OPEN).is_some_and(|t| t.text().starts_with("<<-"))
    }

    /// The closing marker named by the opener.
    pub fn marker(&self) -> Option<String> {
        let opener = token(&self.0, HEREDOC_OPEN)?;
        let text = opener
            .text()
            .trim_start_matches("<<")
            .trim_start_matches('-');
        Some(text.trim_end_matches(['\r', '\n']).to_string())
    }
}

/// Whether a `${~`/`%{~` opener or `~}` closer strips whitespace.
fn strips(node: &SyntaxNode, kind: SyntaxKind, at_start: bool) -> bool {
    token(node, kind).is_some_and(|t| {
        if at_start {
            t.text().ends_with('~')
        } else {
            t.text().starts_with('~')
        }
    })
}

impl TemplateInterpolation {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }

    /// `${~`: trims trailing whitespace of the literal before.
    pub fn strip_before(&self) -> bool {
        strips(&self.0, TEMPLATE_INTERP, true)
    }

    /// `~}`: trims leading whitespace of the literal after.
    pub fn strip_after(&self) -> bool {
        strips(&self.0, TEMPLATE_SEQ_END, false)
    }
}

/// The keyword of a directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DirectiveKind {
    If,
    Else,
    EndIf,
    For,
    EndFor,
}

impl TemplateDirective {
    fn idents(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == IDENT)
    }

    pub fn kind(&self) -> Option<DirectiveKind> {
        Some(match self.idents().next()?.text() {
            "if" => DirectiveKind::If,
            "else" => DirectiveKind::Else,
            "endif" => DirectiveKind::EndIf,
            "for" => DirectiveKind::For,
            "endfor" => DirectiveKind::EndFor,
            _ => return None,
        })
    }

    /// The condition of `if`, or the collection of `for`.
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }

    /// The key variable of `%{ for k, v in ... }`.
    pub fn key_var(&self) -> Option<SyntaxToken> {
        let names = self.for_names();
        (names.len() == 2).then(|| names[0].clone())
    }

    /// The value variable of a `for` directive.
    pub fn value_var(&self) -> Option<SyntaxToken> {
        self.for_names().last().cloned()
    }

    fn for_names(&self) -> Vec<SyntaxToken> {
        if self.kind() != Some(DirectiveKind::For) {
            return Vec::new();
        }
        self.idents()
            .skip(1)
            .take_while(|t| t.text() != "in")
            .collect()
    }

    pub fn strip_before(&self) -> bool {
        strips(&self.0, TEMPLATE_CONTROL, true)
    }

    pub fn strip_after(&self) -> bool {
        strips(&self.0, TEMPLATE_SEQ_END, false)
    }
}

/// A template part with its directives nested: what evaluation walks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateNode {
    Literal(SyntaxToken),
    Interpolation(TemplateInterpolation),
    If {
        directive: TemplateDirective,
        then_branch: Vec<TemplateNode>,
        else_branch: Vec<TemplateNode>,
        /// The `else` and `endif` directives, for their strip markers.
        else_directive: Option<TemplateDirective>,
        end_directive: Option<TemplateDirective>,
    },
    For {
        directive: TemplateDirective,
        body: Vec<TemplateNode>,
        end_directive: Option<TemplateDirective>,
    },
}

/// Nests the directives of `parts`. Unbalanced directives (already
/// reported by the parser) are dropped.
///
/// Directives nested deeper than the parser allows (an error it reports)
/// are dropped too, so that walking the result cannot exhaust the stack.
pub fn template_structure(parts: &[TemplatePart]) -> Vec<TemplateNode> {
    let mut pos = 0;
    let mut out = Vec::new();
    while pos < parts.len() {
        if let Some(node) = structure_item(parts, &mut pos, 0) {
            out.push(node);
        }
    }
    out
}

fn structure_item(parts: &[TemplatePart], pos: &mut usize, depth: u32) -> Option<TemplateNode> {
    let part = parts[*pos].clone();
    *pos += 1;
    if depth >= crate::native::MAX_DEPTH && matches!(part, TemplatePart::Directive(_)) {
        return None;
    }
    match part {
        TemplatePart::Literal(t) => Some(TemplateNode::Literal(t)),
        TemplatePart::Interpolation(i) => Some(TemplateNode::Interpolation(i)),
        TemplatePart::Directive(d) => match d.kind()? {
            DirectiveKind::If => {
                let mut then_branch = Vec::new();
                let mut else_branch = Vec::new();
                let mut else_directive = None;
                let mut end_directive = None;
                while *pos < parts.len() {
                    if let TemplatePart::Directive(next) = &parts[*pos] {
                        match next.kind() {
                            Some(DirectiveKind::Else) if else_directive.is_none() => {
                                else_directive = Some(next.clone());
                                *pos += 1;
                                continue;
                            }
                            Some(DirectiveKind::EndIf) => {
                                end_directive = Some(next.clone());
                                *pos += 1;
                                break;
                            }
                            Some(DirectiveKind::Else | DirectiveKind::EndFor) => break,
                            _ => {}
                        }
                    }
                    let branch = if else_directive.is_some() {
                        &mut else_branch
                    } else {
                        &mut then_branch
                    };
                    if let Some(node) = structure_item(parts, pos, depth + 1) {
                        branch.push(node);
                    }
                }
                Some(TemplateNode::If {
                    directive: d,
                    then_branch,
                    else_branch,
                    else_directive,
                    end_directive,
                })
            }
            DirectiveKind::For => {
                let mut body = Vec::new();
                let mut end_directive = None;
                while *pos < parts.len() {
                    if let TemplatePart::Directive(next) = &parts[*pos] {
                        match next.kind() {
                            Some(DirectiveKind::EndFor) => {
                                end_directive = Some(next.clone());
                                *pos += 1;
                                break;
                            }
                            Some(DirectiveKind::Else | DirectiveKind::EndIf) => break,
                            _ => {}
                        }
                    }
                    if let Some(node) = structure_item(parts, pos, depth + 1) {
                        body.push(node);
                    }
                }
                Some(TemplateNode::For {
                    directive: d,
                    body,
                    end_directive,
                })
            }
            DirectiveKind::Else | DirectiveKind::EndIf | DirectiveKind::EndFor => None,
        },
    }
}
