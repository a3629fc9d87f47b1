//! The nesting of template directives, checked as HCL's template parser
//! checks it after the sequences themselves have been parsed.

use rowan::TextRange;

use tofu_diagnostics::Code;

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
///
/// HCL checks this by recursive descent; an explicit stack of the open
/// `if` and `for` directives gives the same errors in the same order
/// however deeply they nest.
pub(crate) fn check_structure(
    directives: &[Directive],
    end: TextRange,
    errors: &mut Vec<SyntaxError>,
    mut range_string: impl FnMut(TextRange) -> String,
) {
    // Some kinds name the directive in their summary.
    let mut error = |code: Code, summary: Option<String>, detail: String, range: TextRange| {
        let error = SyntaxError::error_at(code, detail, range);
        errors.push(match summary {
            Some(summary) => error.with_summary(summary),
            None => error,
        });
    };
    // Each open block with whether its `else` has been seen.
    let mut open: Vec<(Directive, bool)> = Vec::new();
    let mut too_deep = false;
    for &next in directives {
        let closing = match next.kind {
            DirectiveKind::If | DirectiveKind::For => {
                // Evaluation walks directives recursively, so their nesting
                // is bounded as expressions are.
                if open.len() == super::MAX_DEPTH as usize && !too_deep {
                    too_deep = true;
                    error(
                        Code::TemplateDirectivesTooDeeplyNested,
                        None,
                        format!(
                            "Template directives may be nested at most {} levels deep.",
                            super::MAX_DEPTH
                        ),
                        next.range,
                    );
                }
                open.push((next, false));
                continue;
            }
            closing => closing,
        };
        let Some((block, in_else)) = open.last_mut() else {
            error(
                Code::UnexpectedDirective,
                Some(format!("Unexpected {} directive", name(closing))),
                "The control directives within this template are unbalanced.".into(),
                next.range,
            );
            continue;
        };
        let is_if = block.kind == DirectiveKind::If;
        let started = block.range;
        match (is_if, closing) {
            (true, DirectiveKind::EndIf) | (false, DirectiveKind::EndFor) => {}
            (true, DirectiveKind::Else) if !*in_else => {
                *in_else = true;
                continue;
            }
            (true, DirectiveKind::Else) => error(
                Code::UnexpectedElseDirective,
                None,
                format!(
                    "Already in the else clause for the if started at {}.",
                    range_string(started)
                ),
                next.range,
            ),
            (false, DirectiveKind::Else) => error(
                Code::UnexpectedElseDirective,
                None,
                "An else clause is not expected for a for directive.".into(),
                next.range,
            ),
            (true, _) => error(
                Code::UnexpectedDirective,
                Some(format!("Unexpected {} directive", name(closing))),
                format!(
                    "Expecting an endif directive for the if started at {}.",
                    range_string(started)
                ),
                next.range,
            ),
            (false, _) => error(
                Code::UnexpectedDirective,
                Some(format!("Unexpected {} directive", name(closing))),
                format!(
                    "Expecting an endfor directive corresponding to the for directive at {}.",
                    range_string(started)
                ),
                next.range,
            ),
        }
        open.pop();
    }
    // The end of the template closes every block still open, innermost
    // first, each with an error.
    while let Some((block, _)) = open.pop() {
        let (which, closer) = if block.kind == DirectiveKind::If {
            ("if", "endif")
        } else {
            ("for", "endfor")
        };
        let at = range_string(block.range);
        error(
            Code::UnexpectedEndOfTemplate,
            None,
            format!(
                "The {which} directive at {at} is missing its corresponding {closer} directive."
            ),
            end,
        );
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

#[cfg(test)]
mod tests {
    use super::*;

    fn directive(kind: DirectiveKind, at: u32) -> Directive {
        Directive {
            kind,
            range: TextRange::at(at.into(), 1.into()),
        }
    }

    #[test]
    fn deep_nesting_needs_no_recursion_and_is_reported_once() {
        let depth = 1_000_000;
        let mut directives: Vec<_> = (0..depth)
            .map(|at| directive(DirectiveKind::If, at))
            .collect();
        let mut errors = Vec::new();
        check_structure(
            &directives,
            TextRange::empty(depth.into()),
            &mut errors,
            |_| String::new(),
        );
        // One "too deeply nested" and one "missing end" per open block.
        assert_eq!(errors.len(), depth as usize + 1);
        assert_eq!(errors[0].summary, "Template directives too deeply nested");
        directives.extend((0..depth).map(|at| directive(DirectiveKind::EndIf, depth + at)));
        errors.clear();
        check_structure(
            &directives,
            TextRange::empty(depth.into()),
            &mut errors,
            |_| String::new(),
        );
        let summaries: Vec<&str> = errors.iter().map(|e| e.summary.as_str()).collect();
        assert_eq!(summaries, ["Template directives too deeply nested"]);
    }

    #[test]
    fn unclosed_blocks_are_reported_innermost_first() {
        let directives = [
            directive(DirectiveKind::For, 0),
            directive(DirectiveKind::If, 1),
            directive(DirectiveKind::Else, 2),
            directive(DirectiveKind::Else, 3),
            directive(DirectiveKind::If, 4),
            directive(DirectiveKind::EndFor, 5),
        ];
        let mut errors = Vec::new();
        check_structure(
            &directives,
            TextRange::empty(9.into()),
            &mut errors,
            |range| format!("{:?}", range.start()),
        );
        let messages: Vec<_> = errors
            .iter()
            .map(|e| format!("{:?} {}: {}", e.range().unwrap(), e.summary, e.detail))
            .collect();
        assert_eq!(
            messages,
            [
                "3..4 Unexpected else directive: Already in the else clause for the if started at 1.",
                "5..6 Unexpected endfor directive: Expecting an endif directive for the if started at 4.",
                "9..9 Unexpected end of template: The for directive at 0 is missing its corresponding endfor directive.",
            ]
        );
    }
}
