//! HCL's `hclwrite` formatting rules (`format.go`): only the spaces before
//! tokens change.
//!
//! The tokens are cut into lines, and each line into up to three cells:
//! the lead, an attribute's `=` and value when they close every bracket
//! they open ("assign"), and a trailing single-line comment. Then three
//! passes: indentation by bracket nesting, spaces between the tokens of a
//! cell, and alignment of the assign and comment cells of consecutive
//! lines.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;

use crate::tokens::{Kind, Token};

/// One line's cells, as ranges of token indices.
#[derive(Debug, Clone)]
struct Line {
    lead: Range<usize>,
    assign: Option<Range<usize>>,
    comment: Option<Range<usize>>,
}

/// Adjusts `spaces_before` of every token as `hclwrite.format` does.
pub(crate) fn format(tokens: &mut [Token<'_>]) {
    let lines = lines(tokens);
    indent(tokens, &lines);
    space(tokens, &lines);
    align(tokens, &lines);
}

/// `linesForFormat`.
fn lines(tokens: &[Token<'_>]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut line_start = 0;
    let mut ended = false;
    for (index, token) in tokens.iter().enumerate() {
        if token.kind == Kind::Eof {
            lines.push(line_start..index);
            ended = true;
            break;
        }
        if token.ends_line() {
            lines.push(line_start..index + 1);
            line_start = index + 1;
        }
    }
    if !ended {
        lines.push(line_start..tokens.len());
    }
    lines.into_iter().map(|lead| cells(tokens, lead)).collect()
}

/// Picks a line's trailing comment and its assignment off its lead.
fn cells(tokens: &[Token<'_>], mut lead: Range<usize>) -> Line {
    let mut line = Line {
        lead: lead.clone(),
        assign: None,
        comment: None,
    };
    if lead.is_empty() {
        return line;
    }
    if lead.len() > 1 && tokens[lead.end - 1].kind == Kind::Comment {
        line.comment = Some(lead.end - 1..lead.end);
        lead.end -= 1;
    }
    if let Some(equals) = (lead.start + 1..lead.end).find(|&i| tokens[i].kind == Kind::Equal) {
        // Only a whole expression goes into the assign cell: one that
        // opens a multi-line bracket stays in the lead.
        let net: i32 = tokens[equals..lead.end]
            .iter()
            .map(|t| t.kind.bracket_change())
            .sum();
        if net == 0 {
            line.assign = Some(equals..lead.end);
            lead.end = equals;
        }
    }
    line.lead = lead;
    line
}

/// `formatIndent`: two spaces per level of brackets still open, where a
/// line that opens several brackets at once indents by one level only.
fn indent(tokens: &mut [Token<'_>], lines: &[Line]) {
    let mut indents: Vec<i32> = Vec::with_capacity(10);
    for line in lines {
        if line.lead.is_empty() {
            continue;
        }
        let first = line.lead.start;
        if tokens[first].kind == Kind::Newline {
            tokens[first].spaces_before = 0;
            continue;
        }
        // The lead counts up to a heredoc's opening: what the heredoc holds
        // (its interpolations) does not indent what follows it.
        let lead = &tokens[line.lead.clone()];
        let lead_end = lead
            .iter()
            .position(|t| t.kind == Kind::OHeredoc)
            .map_or(lead.len(), |at| at + 1);
        let net: i32 = lead[..lead_end]
            .iter()
            .chain(line.assign.clone().map_or(&[][..], |r| &tokens[r]))
            .map(|t| t.kind.bracket_change())
            .sum();
        if net > 0 {
            tokens[first].spaces_before = 2 * indents.len();
            indents.push(net);
        } else {
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = indents.last_mut() else { break };
                if closed >= *top {
                    closed -= *top;
                    indents.pop();
                } else {
                    *top -= closed;
                    closed = 0;
                }
            }
            tokens[first].spaces_before = 2 * indents.len();
        }
    }
}

/// `formatSpaces`: the spaces between the tokens of the lead and of the
/// assign cell.
fn space(tokens: &mut [Token<'_>], lines: &[Line]) {
    for line in lines {
        space_cell(tokens, line.lead.clone());
        if let Some(assign) = line.assign.clone() {
            // One space separates the `=` from what it assigns to; the
            // alignment pass widens it.
            tokens[assign.start].spaces_before = 1;
            space_cell(tokens, assign);
        }
    }
}

fn space_cell(tokens: &mut [Token<'_>], cell: Range<usize>) {
    for i in cell.start + 1..cell.end {
        let before = (i >= cell.start + 2).then(|| &tokens[i - 2]);
        let spaced = space_after(&tokens[i - 1], before, Some(&tokens[i]));
        tokens[i].spaces_before = usize::from(spaced);
    }
}

/// `spaceAfterToken`: whether `subject` is followed by a space, given the
/// tokens around it (`None` at the edges of a cell).
fn space_after(subject: &Token<'_>, before: Option<&Token<'_>>, after: Option<&Token<'_>>) -> bool {
    let Some(after) = after else { return false };
    let before = before.map(|t| t.kind);
    let (s, a) = (subject.kind, after.kind);
    use Kind::*;
    if a == Newline {
        return false;
    }
    if s == Ident && a == OParen {
        return false;
    }
    if (s == Ident && a == DoubleColon) || (s == DoubleColon && a == Ident) {
        return false;
    }
    if s == Dot || a == Dot {
        return false;
    }
    if a == Comma || a == Ellipsis {
        return false;
    }
    if s == Comma {
        return true;
    }
    if matches!(s, QuotedLit | StringLit | OQuote | OHeredoc)
        || matches!(a, QuotedLit | StringLit | CQuote | CHeredoc)
    {
        return false;
    }
    if s == Ident && subject.text == "in" && before == Some(Ident) {
        // `[for x in [foo]: x]`: `in` is a keyword here, not a reference
        // being indexed.
        return true;
    }
    if a == OBrack && (s == Ident || s == NumberLit || s.bracket_change() < 0) {
        return false;
    }
    if s == Bang {
        return false;
    }
    if s == Minus {
        // Negation when what comes before cannot end an expression.
        return !matches!(
            before,
            None | Some(
                OParen
                    | OBrace
                    | OBrack
                    | Equal
                    | Colon
                    | Comma
                    | Question
                    | Plus
                    | Star
                    | Slash
                    | Percent
                    | Minus
                    | EqualOp
                    | NotEqual
                    | GreaterThan
                    | GreaterThanEq
                    | LessThan
                    | LessThanEq
                    | And
                    | Or
                    | Bang
            )
        );
    }
    if s == OBrace || a == CBrace {
        // Braces have spaces inside them, except an empty pair.
        return !(s == OBrace && a == CBrace);
    }
    if (s == TemplateInterp || s == TemplateControl) && a == OBrace {
        return true;
    }
    if s == CBrace && a == TemplateSeqEnd {
        return true;
    }
    if s == TemplateSeqEnd && (a == TemplateInterp || a == TemplateControl) {
        return false;
    }
    if s.bracket_change() > 0 || a.bracket_change() < 0 {
        return false;
    }
    true
}

/// `formatCells`: the `=` of consecutive assignment lines in one column,
/// then their trailing comments in another.
fn align(tokens: &mut [Token<'_>], lines: &[Line]) {
    align_column(
        tokens,
        lines,
        |line| line.assign.clone(),
        |line| line.lead.clone(),
    );
    align_column(
        tokens,
        lines,
        |line| line.comment.clone(),
        |line| line.lead.start..line.assign.as_ref().map_or(line.lead.end, |a| a.end),
    );
}

/// Aligns the cell `cell` picks of each run of consecutive lines that have
/// one, one space after the widest of what `before` picks.
fn align_column(
    tokens: &mut [Token<'_>],
    lines: &[Line],
    cell: impl Fn(&Line) -> Option<Range<usize>>,
    before: impl Fn(&Line) -> Range<usize>,
) {
    let mut run = Vec::new();
    let mut widest = 0;
    for line in lines.iter().chain([&Line {
        lead: 0..0,
        assign: None,
        comment: None,
    }]) {
        match cell(line) {
            Some(cell) => {
                let width = columns(&tokens[before(line)]);
                widest = widest.max(width);
                run.push((cell.start, width));
            }
            None => {
                for (start, width) in run.drain(..) {
                    tokens[start].spaces_before = widest - width + 1;
                }
                widest = 0;
            }
        }
    }
}

/// `Tokens.Columns`: spaces and grapheme clusters.
fn columns(tokens: &[Token<'_>]) -> usize {
    tokens
        .iter()
        .map(|t| {
            let width = if t.text.is_ascii() {
                // Every ASCII character is a cluster of its own but `\r\n`,
                // which no token of a line's cells holds.
                t.text.len()
            } else {
                t.text.graphemes(true).count()
            };
            t.spaces_before + width
        })
        .sum()
}
