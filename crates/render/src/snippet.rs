//! The `range` and `snippet` of a diagnostic in `tofu validate -json`,
//! computed the way OpenTofu's `jsonentities.NewDiagnostic` does,
//! quirks included, so that consumers of its output see the same numbers.

use tofu_syntax::{TextRange, TextSize};

use crate::context::context_string;
use tofu_ide::source::CheckedFile;

/// An HCL position: 1-based line and column, 0-based byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: u32,
    pub column: u32,
    pub byte: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Snippet {
    pub context: Option<String>,
    pub code: String,
    pub start_line: u32,
    /// Byte offsets into `code`.
    pub highlight_start_offset: usize,
    pub highlight_end_offset: usize,
}

/// The highlighted positions. An empty range is widened by one byte and
/// one column, even past the end of the file, as OpenTofu does so that
/// there is something to underline.
pub(crate) fn highlight(source: &CheckedFile, range: TextRange) -> (Pos, Pos) {
    let pos = |offset: TextSize| {
        let line_col = source.line_col(offset);
        Pos {
            line: line_col.line,
            column: line_col.column,
            byte: offset.into(),
        }
    };
    let start = pos(range.start());
    let mut end = pos(range.end());
    if range.is_empty() {
        end.byte += 1;
        end.column += 1;
    }
    (start, end)
}

/// The snippet shows the lines of the context range, widened to hold the
/// subject `range`, or of the subject alone.
pub(crate) fn snippet(
    source: &CheckedFile,
    range: TextRange,
    context_range: Option<TextRange>,
) -> Snippet {
    let (start, end) = highlight(source, range);
    let shown = context_range.map_or(range, |context| context.cover(range));
    let (shown_start, shown_end) = highlight(source, shown);
    let context = start
        .byte
        .checked_sub(1)
        .and_then(|offset| context_string(source, offset.into()));

    // The lines of the file without their line breaks; an empty line never
    // overlaps anything, so it is left out even in the middle of the code.
    let text = source.text.as_str();
    let (hl_start, hl_end) = (start.byte as usize, end.byte as usize);
    let mut code_start = None;
    let mut lines = Vec::new();
    let mut line_start = 0;
    while line_start < text.len() {
        let rest = &text[line_start..];
        let (content_len, advance) = match rest.find('\n') {
            Some(newline) => (
                rest[..newline].strip_suffix('\r').map_or(newline, str::len),
                newline + 1,
            ),
            None => (
                rest.strip_suffix('\r').map_or(rest.len(), str::len),
                rest.len(),
            ),
        };
        let line = line_start..line_start + content_len;
        if overlaps(&line, &(shown_start.byte as usize..shown_end.byte as usize)) {
            code_start.get_or_insert(line.start);
            lines.push(&text[line]);
        }
        line_start += advance;
    }
    let code = lines.join("\n");

    let clamp = |offset: i64| offset.clamp(0, code.len() as i64) as usize;
    let relative_start = hl_start as i64 - code_start.unwrap_or(0) as i64;
    let relative_end = relative_start + (hl_end - hl_start) as i64;
    Snippet {
        context,
        start_line: shown_start.line,
        highlight_start_offset: clamp(relative_start),
        highlight_end_offset: clamp(relative_end),
        code,
    }
}

/// HCL's `Range.Overlaps`: end offsets are tested with the exclusive
/// containment test too, so a range ending where a line starts overlaps
/// that line.
fn overlaps(a: &std::ops::Range<usize>, b: &std::ops::Range<usize>) -> bool {
    let contains = |r: &std::ops::Range<usize>, offset: usize| r.start <= offset && offset < r.end;
    !a.is_empty()
        && !b.is_empty()
        && (contains(a, b.start)
            || contains(a, b.end)
            || contains(b, a.start)
            || contains(b, a.end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tofu_syntax::SourceKind;

    fn file(text: &str) -> CheckedFile {
        // An empty tree: these tests are about positions, not context.
        let tree = tofu_syntax::parse("", SourceKind::Json).green().clone();
        CheckedFile::new("test.tf".into(), SourceKind::Native, text.to_owned(), tree)
    }

    fn range(start: u32, end: u32) -> TextRange {
        TextRange::new(start.into(), end.into())
    }

    fn check(text: &str, r: TextRange, code: &str, start_line: u32, offsets: (usize, usize)) {
        let snippet = snippet(&file(text), r, None);
        assert_eq!(snippet.code, code);
        assert_eq!(snippet.start_line, start_line);
        assert_eq!(
            (snippet.highlight_start_offset, snippet.highlight_end_offset),
            offsets
        );
    }

    const TEST_TF: &str = "resource \"test_resource\" \"test\" {\n  foo = var.boop[\"hello!\"]\n  bar = {\n    baz = maybe\n  }\n}\n";

    // The cases below are those of OpenTofu's own tests of this output.

    #[test]
    fn one_line_subject() {
        check(TEST_TF, range(81, 86), "    baz = maybe", 4, (10, 15));
        let (start, end) = highlight(&file(TEST_TF), range(81, 86));
        assert_eq!(
            start,
            Pos {
                line: 4,
                column: 11,
                byte: 81
            }
        );
        assert_eq!(
            end,
            Pos {
                line: 4,
                column: 16,
                byte: 86
            }
        );
    }

    #[test]
    fn empty_range_at_end_of_source() {
        let text = "bad source code";
        check(text, range(15, 15), text, 1, (15, 15));
        let (_, end) = highlight(&file(text), range(15, 15));
        assert_eq!(
            end,
            Pos {
                line: 1,
                column: 17,
                byte: 16
            }
        );
    }

    #[test]
    fn empty_range_mid_line() {
        check(
            TEST_TF,
            range(15, 15),
            "resource \"test_resource\" \"test\" {",
            1,
            (15, 16),
        );
    }

    #[test]
    fn range_starting_at_a_newline() {
        let text = "foo\n\n#\n";
        check(text, range(4, 6), "#", 2, (0, 1));
        let (start, end) = highlight(&file(text), range(4, 6));
        assert_eq!(
            start,
            Pos {
                line: 2,
                column: 1,
                byte: 4
            }
        );
        assert_eq!(
            end,
            Pos {
                line: 3,
                column: 2,
                byte: 6
            }
        );
    }

    #[test]
    fn multi_line_subject() {
        check(
            TEST_TF,
            range(63, 90),
            "  bar = {\n    baz = maybe\n  }",
            3,
            (2, 29),
        );
    }

    #[test]
    fn blank_lines_are_left_out_and_crlf_is_dropped() {
        let text = "a = [\r\n\r\n  1,\r\n]\r\n";
        check(text, range(4, 17), "a = [\n  1,\n]", 1, (4, 12));
    }

    #[test]
    fn range_ending_where_a_line_starts_takes_that_line() {
        check("ab\ncd\n", range(0, 3), "ab\ncd", 1, (0, 3));
    }

    #[test]
    fn no_overlapping_line() {
        check("a\n", range(2, 2), "", 2, (0, 0));
    }

    #[test]
    fn columns_count_graphemes() {
        let text = "x = \"é\" é";
        let (start, end) = highlight(&file(text), range(9, 11));
        assert_eq!(
            start,
            Pos {
                line: 1,
                column: 9,
                byte: 9
            }
        );
        assert_eq!(
            end,
            Pos {
                line: 1,
                column: 10,
                byte: 11
            }
        );
    }
}
