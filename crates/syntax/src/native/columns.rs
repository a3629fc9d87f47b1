//! HCL's positions of token boundaries, for messages that name another
//! place in the file ("The if directive at main.tf:3,5-12 ...").
//!
//! HCL counts the grapheme clusters of each token on its own, so a cluster
//! that spans two tokens takes two columns, and a leading byte order mark
//! takes none. The column of every token start is worked out once, so that
//! a file with many such messages on one long line costs linear time.

use rowan::{TextRange, TextSize};
use unicode_segmentation::UnicodeSegmentation;

use crate::{LineIndex, SyntaxKind::BOM};

use super::Token;

pub(super) struct TokenColumns {
    lines: LineIndex,
    /// The 1-based column at which each token starts.
    starts_at: Vec<u32>,
}

impl TokenColumns {
    /// `starts` holds the offset of each token and then the end of text.
    pub(super) fn new(text: &str, tokens: &[Token], starts: &[TextSize]) -> TokenColumns {
        let lines = LineIndex::new(text);
        let mut starts_at = Vec::with_capacity(tokens.len());
        let mut column = 1;
        for (i, token) in tokens.iter().enumerate() {
            if i > 0 {
                let line_start = line_start(&lines, text, starts[i]);
                let previous = starts[i - 1];
                column = if previous >= line_start {
                    let width = if tokens[i - 1].kind == BOM {
                        0
                    } else {
                        width(&text[TextRange::new(previous, starts[i])])
                    };
                    column + width
                } else {
                    // The line starts inside the previous token.
                    1 + width(&text[TextRange::new(line_start, starts[i])])
                };
            }
            debug_assert!(token.len > 0);
            starts_at.push(column);
        }
        TokenColumns { lines, starts_at }
    }

    /// The 1-based line and column of `offset`.
    fn line_col(
        &self,
        text: &str,
        tokens: &[Token],
        starts: &[TextSize],
        offset: TextSize,
    ) -> (usize, u32) {
        let line = self.lines.line_of(offset);
        let line_start = line_start(&self.lines, text, offset);
        let containing = starts[..tokens.len()].partition_point(|&start| start <= offset);
        let Some(token) = containing.checked_sub(1) else {
            return (line + 1, 1);
        };
        let column = if starts[token] >= line_start {
            let width = if tokens[token].kind == BOM {
                0
            } else {
                width(&text[TextRange::new(starts[token], offset)])
            };
            self.starts_at[token] + width
        } else {
            1 + width(&text[TextRange::new(line_start, offset)])
        };
        (line + 1, column)
    }

    /// Formats a range of token boundaries as HCL's `Range.String` does:
    /// `file:line,col-col` or `file:line,col-line,col`.
    pub(super) fn range_string(
        &self,
        text: &str,
        tokens: &[Token],
        starts: &[TextSize],
        file_name: &str,
        range: TextRange,
    ) -> String {
        let (line, column) = self.line_col(text, tokens, starts, range.start());
        let (end_line, end_column) = self.line_col(text, tokens, starts, range.end());
        if line == end_line {
            format!("{file_name}:{line},{column}-{end_column}")
        } else {
            format!("{file_name}:{line},{column}-{end_line},{end_column}")
        }
    }
}

fn line_start(lines: &LineIndex, text: &str, offset: TextSize) -> TextSize {
    lines.line_range(text, lines.line_of(offset)).start()
}

/// The number of grapheme clusters in `text`.
fn width(text: &str) -> u32 {
    let count = if text.is_ascii() && !text.contains('\r') {
        text.len()
    } else {
        text.graphemes(true).count()
    };
    count as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::lex;

    /// Each boundary's column, counted from the start of its line as HCL
    /// does, token by token.
    fn slow_line_col(
        text: &str,
        tokens: &[Token],
        starts: &[TextSize],
        offset: TextSize,
    ) -> (usize, u32) {
        let lines = LineIndex::new(text);
        let line = lines.line_of(offset);
        let line_start = line_start(&lines, text, offset);
        let mut column = 1;
        for (i, token) in tokens.iter().enumerate() {
            let (start, end) = (starts[i].max(line_start), starts[i + 1].min(offset));
            if token.kind != BOM && start < end {
                column += width(&text[TextRange::new(start, end)]);
            }
        }
        (line + 1, column)
    }

    #[test]
    fn columns_match_a_token_by_token_count() {
        for text in [
            "",
            "a = 1\nb = \"é${x}\"\r\n",
            "\u{feff}a = <<EOT\nline\n  ${x}\nEOT\n",
            "x = /* a\nb */ 1 # é\n",
            "e\u{301} = \"e\u{301}\"",
        ] {
            let tokens = lex(text);
            let mut starts = vec![TextSize::from(0)];
            for token in &tokens {
                starts.push(*starts.last().unwrap() + TextSize::from(token.len));
            }
            let columns = TokenColumns::new(text, &tokens, &starts);
            for &offset in &starts {
                assert_eq!(
                    columns.line_col(text, &tokens, &starts, offset),
                    slow_line_col(text, &tokens, &starts, offset),
                    "{text:?} at {offset:?}"
                );
            }
        }
    }
}
