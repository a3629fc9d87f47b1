//! Byte offsets to the line and column positions HCL reports.
//!
//! Lines are 1-based and only `\n` starts one, so the `\r` of a CRLF ends
//! the line before it. Columns are 1-based and count grapheme clusters, as
//! HCL's scanner does: a tab, an `é` or an emoji with modifiers is one
//! column each. A leading byte order mark takes no column because HCL
//! strips it before scanning.
//!
//! Editors and SARIF count columns in UTF-16 code units instead
//! ([`LineIndex::utf16_pos`], [`LineIndex::offset_of_utf16`]): the
//! Language Server Protocol's default position encoding. An `é` is one
//! unit, a character outside the Basic Multilingual Plane (`🗻`) two.

use rowan::{TextRange, TextSize};
use unicode_segmentation::UnicodeSegmentation;

const BOM: char = '\u{feff}';

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineCol {
    pub line: u32,
    pub column: u32,
}

/// The start offsets of the lines of one text. It does not keep the text:
/// every query takes the text the index was built from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<TextSize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let newlines = text
            .match_indices('\n')
            .map(|(at, _)| TextSize::from(at as u32 + 1));
        LineIndex {
            line_starts: std::iter::once(TextSize::from(0)).chain(newlines).collect(),
        }
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The 0-based line holding `offset`; offsets past the end belong to
    /// the last line.
    pub fn line_of(&self, offset: TextSize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset) - 1
    }

    /// The range of a 0-based line, including its line break.
    pub fn line_range(&self, text: &str, line: usize) -> TextRange {
        let end = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(text_len(text));
        let start = self.line_starts.get(line).copied().unwrap_or(end);
        TextRange::new(start, end)
    }

    /// The position of `offset` in `text`. Offsets past the end are
    /// clamped to it, and an offset inside a character counts as the
    /// start of that character.
    pub fn line_col(&self, text: &str, offset: TextSize) -> LineCol {
        let offset = floor_char_boundary(text, offset.min(text_len(text)));
        let line = self.line_of(offset);
        let mut start = usize::from(self.line_starts[line]);
        if line == 0 && text.starts_with(BOM) {
            start = BOM.len_utf8().min(usize::from(offset));
        }
        let prefix = &text[start..usize::from(offset)];
        LineCol {
            line: line as u32 + 1,
            column: prefix.graphemes(true).count() as u32 + 1,
        }
    }
}

impl LineIndex {
    /// The position of `offset` with its byte offset, as HCL's `Pos`.
    pub fn pos(&self, text: &str, offset: TextSize) -> Pos {
        let LineCol { line, column } = self.line_col(text, offset);
        Pos {
            line,
            column,
            byte: u32::from(offset.min(text_len(text))),
        }
    }

    /// Formats a range as HCL's `Range.String` does:
    /// `file:line,col-col` or `file:line,col-line,col`.
    pub fn range_string(&self, text: &str, file_name: &str, range: TextRange) -> String {
        let start = self.line_col(text, range.start());
        let end = self.line_col(text, range.end());
        if start.line == end.line {
            format!("{file_name}:{},{}-{}", start.line, start.column, end.column)
        } else {
            format!(
                "{file_name}:{},{}-{},{}",
                start.line, start.column, end.line, end.column
            )
        }
    }
}

/// A 0-based line and a 0-based column in UTF-16 code units, as the
/// Language Server Protocol counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Utf16Pos {
    pub line: u32,
    pub column: u32,
}

impl LineIndex {
    /// The UTF-16 position of `offset` in `text`. As for
    /// [`LineIndex::line_col`], offsets past the end are clamped to it, an
    /// offset inside a character counts as that character's start, and a
    /// leading byte order mark takes no column.
    pub fn utf16_pos(&self, text: &str, offset: TextSize) -> Utf16Pos {
        let offset = floor_char_boundary(text, offset.min(text_len(text)));
        let line = self.line_of(offset);
        let start = self.content_start(text, line).min(usize::from(offset));
        let column = text[start..usize::from(offset)].encode_utf16().count();
        Utf16Pos {
            line: line as u32,
            column: column as u32,
        }
    }

    /// The offset of a UTF-16 position in `text`. A line past the last is
    /// the end of the text; a column past the end of its line is the end
    /// of the line (before its line break); a column inside a character
    /// (between the two units of a surrogate pair) is that character's
    /// start.
    pub fn offset_of_utf16(&self, text: &str, pos: Utf16Pos) -> TextSize {
        let line = pos.line as usize;
        if line >= self.line_count() {
            return text_len(text);
        }
        let start = self.content_start(text, line);
        let end = usize::from(self.line_range(text, line).end());
        let content = text[start..end].trim_end_matches(['\n', '\r']);
        let mut units = 0u32;
        for (at, c) in content.char_indices() {
            let next = units + c.len_utf16() as u32;
            if next > pos.column {
                return TextSize::from((start + at) as u32);
            }
            units = next;
        }
        TextSize::from((start + content.len()) as u32)
    }

    /// Where the columns of a 0-based line start: after a leading byte
    /// order mark on the first line.
    fn content_start(&self, text: &str, line: usize) -> usize {
        let start = usize::from(self.line_starts[line]);
        if line == 0 && text.starts_with(BOM) {
            BOM.len_utf8()
        } else {
            start
        }
    }
}

/// A position as HCL reports it: 1-based line and column, 0-based byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
    pub byte: u32,
}

fn text_len(text: &str) -> TextSize {
    TextSize::from(text.len() as u32)
}

fn floor_char_boundary(text: &str, offset: TextSize) -> TextSize {
    let mut at = usize::from(offset);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    TextSize::from(at as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_col(text: &str, offset: u32) -> (u32, u32) {
        let LineCol { line, column } = LineIndex::new(text).line_col(text, offset.into());
        (line, column)
    }

    #[test]
    fn first_position_is_one_one() {
        assert_eq!(line_col("", 0), (1, 1));
        assert_eq!(line_col("a = 1", 0), (1, 1));
    }

    #[test]
    fn lines_start_after_newlines() {
        let text = "a = 1\nb = 2\n\nc";
        assert_eq!(line_col(text, 5), (1, 6));
        assert_eq!(line_col(text, 6), (2, 1));
        assert_eq!(line_col(text, 12), (3, 1));
        assert_eq!(line_col(text, 13), (4, 1));
        assert_eq!(line_col(text, 14), (4, 2));
    }

    #[test]
    fn tab_is_one_column() {
        assert_eq!(line_col("\t\tx", 2), (1, 3));
    }

    #[test]
    fn multibyte_characters_are_one_column() {
        // "é" is two bytes, "🗻" four.
        assert_eq!(line_col("a = \"é\"", 7), (1, 7));
        assert_eq!(line_col("🗻x", 4), (1, 2));
    }

    #[test]
    fn grapheme_clusters_are_one_column() {
        // e + combining acute accent; a family emoji joined by ZWJs.
        assert_eq!(line_col("e\u{301}x", 3), (1, 2));
        let family = "👨\u{200d}👩\u{200d}👧";
        assert_eq!(line_col(&format!("{family}x"), family.len() as u32), (1, 2));
    }

    #[test]
    fn crlf_ends_the_line_before_it() {
        let text = "a\r\nb";
        assert_eq!(line_col(text, 1), (1, 2));
        assert_eq!(line_col(text, 3), (2, 1));
        assert_eq!(line_col(text, 4), (2, 2));
    }

    #[test]
    fn bom_takes_no_column() {
        let text = "\u{feff}ab\ncd";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 3), (1, 1));
        assert_eq!(line_col(text, 4), (1, 2));
        assert_eq!(line_col(text, 7), (2, 2));
    }

    #[test]
    fn offsets_are_clamped() {
        assert_eq!(line_col("ab", 10), (1, 3));
        // Inside the two bytes of "é".
        assert_eq!(line_col("é", 1), (1, 1));
    }

    fn utf16(text: &str, offset: u32) -> (u32, u32) {
        let Utf16Pos { line, column } = LineIndex::new(text).utf16_pos(text, offset.into());
        (line, column)
    }

    #[test]
    fn utf16_columns_count_code_units() {
        // "é" is one unit; "🗻" (outside the BMP) two; a ZWJ family five
        // characters of which three need two units each: eight.
        assert_eq!(utf16("a = \"é\"", 7), (0, 6));
        assert_eq!(utf16("🗻x", 4), (0, 2));
        assert_eq!(utf16("🗻x", 5), (0, 3));
        let family = "👨\u{200d}👩\u{200d}👧";
        assert_eq!(utf16(&format!("{family}x"), family.len() as u32), (0, 8));
        assert_eq!(utf16("a\r\n🗻b", 7), (1, 2));
        // Inside "🗻", past the end, and after a byte order mark.
        assert_eq!(utf16("🗻", 2), (0, 0));
        assert_eq!(utf16("ab", 10), (0, 2));
        assert_eq!(utf16("\u{feff}ab", 4), (0, 1));
    }

    #[test]
    fn utf16_positions_map_back_to_offsets() {
        let text = "x = \"🗻é\"\r\n\u{1F600}y\n";
        let index = LineIndex::new(text);
        for offset in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
            let offset = TextSize::from(offset as u32);
            let pos = index.utf16_pos(text, offset);
            // The line break's `\r` and `\n` map to the line's end.
            let back = index.offset_of_utf16(text, pos);
            let line_end = index.line_range(text, pos.line as usize).end();
            assert!(
                back == offset || (back < offset && offset <= line_end),
                "{offset:?} -> {pos:?} -> {back:?}"
            );
        }
        let at = |line, column| u32::from(index.offset_of_utf16(text, Utf16Pos { line, column }));
        // Between the two units of "🗻": its start.
        assert_eq!(at(0, 6), 5);
        assert_eq!(at(0, 7), 9);
        // Past the line's end: before its line break; past the last line:
        // the end of the text.
        assert_eq!(at(0, 99), 12);
        assert_eq!(at(1, 1), 14);
        assert_eq!(at(1, 2), 18);
        assert_eq!(at(1, 3), 19);
        assert_eq!(at(9, 0), text.len() as u32);
    }

    #[test]
    fn range_strings() {
        let text = "a = 1\na = 2\n";
        let index = LineIndex::new(text);
        let range = TextRange::new(0.into(), 1.into());
        assert_eq!(index.range_string(text, "main.tf", range), "main.tf:1,1-2");
        let range = TextRange::new(0.into(), 7.into());
        assert_eq!(
            index.range_string(text, "main.tf", range),
            "main.tf:1,1-2,2"
        );
    }

    #[test]
    fn line_ranges_include_the_line_break() {
        let text = "ab\r\ncd\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 3);
        assert_eq!(
            index.line_range(text, 0),
            TextRange::new(0.into(), 4.into())
        );
        assert_eq!(
            index.line_range(text, 1),
            TextRange::new(4.into(), 7.into())
        );
        assert_eq!(
            index.line_range(text, 2),
            TextRange::new(7.into(), 7.into())
        );
        assert_eq!(
            index.line_range(text, 9),
            TextRange::new(7.into(), 7.into())
        );
        assert_eq!(index.line_of(5.into()), 1);
        assert_eq!(index.line_of(100.into()), 2);
    }
}
