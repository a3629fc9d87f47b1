//! The nesting of template directives, checked as HCL's template parser
//! checks it after the sequences themselves have been parsed.

use rowan::TextRange;

use crate::SyntaxError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DirectiveKind {
    If,
    Else,
    EndIf,
    For,
    EndFor,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Directive {
    pub kind: DirectiveKind,
    pub range: TextRange,
}

/// Reports unbalanced directives. `end` is the range of the template's
/// closing marker; `range_string` formats a range for messages.
pub(crate) fn check_structure(
    directives: &[Directive],
    end: TextRange,
    errors: &mut Vec<SyntaxError>,
    mut range_string: impl FnMut(TextRange) -> String,
) {
    let mut checker = Checker {
        directives,
        pos: 0,
        end,
        errors,
        range_string: &mut range_string,
    };
    while checker.pos < directives.len() {
        checker.parse_item();
    }
}

struct Checker<'a, F> {
    directives: &'a [Directive],
    pos: usize,
    end: TextRange,
    errors: &'a mut Vec<SyntaxError>,
    range_string: &'a mut F,
}

impl<F: FnMut(TextRange) -> String> Checker<'_, F> {
    fn error(&mut self, summary: &str, detail: String, range: TextRange) {
        self.errors.push(SyntaxError::new(summary, detail, range));
    }

    fn parse_item(&mut self) {
        let directive = self.directives[self.pos];
        match directive.kind {
            DirectiveKind::If | DirectiveKind::For => self.parse_block(directive),
            closing => {
                self.pos += 1;
                self.error(
                    &format!("Unexpected {} directive", name(closing)),
                    "The control directives within this template are unbalanced.".into(),
                    directive.range,
                );
            }
        }
    }

    /// An `if` or `for` and everything up to its closing directive.
    fn parse_block(&mut self, open: Directive) {
        self.pos += 1;
        let is_if = open.kind == DirectiveKind::If;
        let mut in_else = false;
        loop {
            let Some(&next) = self.directives.get(self.pos) else {
                let (which, closer) = if is_if {
                    ("if", "endif")
                } else {
                    ("for", "endfor")
                };
                let at = (self.range_string)(open.range);
                self.error(
                    "Unexpected end of template",
                    format!("The {which} directive at {at} is missing its corresponding {closer} directive."),
                    self.end,
                );
                return;
            };
            match next.kind {
                DirectiveKind::If | DirectiveKind::For => self.parse_block(next),
                closing => {
                    self.pos += 1;
                    let at = (self.range_string)(open.range);
                    match (is_if, closing) {
                        (true, DirectiveKind::EndIf) | (false, DirectiveKind::EndFor) => return,
                        (true, DirectiveKind::Else) if !in_else => {
                            in_else = true;
                            continue;
                        }
                        (true, DirectiveKind::Else) => self.error(
                            "Unexpected else directive",
                            format!("Already in the else clause for the if started at {at}."),
                            next.range,
                        ),
                        (false, DirectiveKind::Else) => self.error(
                            "Unexpected else directive",
                            "An else clause is not expected for a for directive.".into(),
                            next.range,
                        ),
                        (true, _) => self.error(
                            &format!("Unexpected {} directive", name(closing)),
                            format!("Expecting an endif directive for the if started at {at}."),
                            next.range,
                        ),
                        (false, _) => self.error(
                            &format!("Unexpected {} directive", name(closing)),
                            format!(
                                "Expecting an endfor directive corresponding to the for directive at {at}."
                            ),
                            next.range,
                        ),
                    }
                    return;
                }
            }
        }
    }
}

fn name(kind: DirectiveKind) -> &'static str {
    match kind {
        DirectiveKind::If => "if",
        DirectiveKind::Else => "else",
        DirectiveKind::EndIf => "endif",
        DirectiveKind::For => "for",
        DirectiveKind::EndFor => "endfor",
    }
}

/// The suggestion for a misspelt directive keyword, as HCL makes it.
pub(crate) fn keyword_suggestion(given: &str) -> Option<&'static str> {
    crate::suggest::name_suggestion(given, ["if", "for", "else", "endif", "endfor"])
}
