//! Byte offsets to HCL positions.
//!
//! HCL positions are 1-based lines and columns and 0-based bytes; columns
//! count grapheme clusters, and only `\n` (or `\r\n`) starts a new line. A
//! leading byte order mark takes no column.

use rowan::{TextRange, TextSize};
use unicode_segmentation::UnicodeSegmentation;

/// A position as HCL reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
    pub byte: u32,
}

/// The start offsets of the lines of one text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i as u32 + 1),
        );
        LineIndex { line_starts }
    }

    /// The position of `offset` in `text`, which must be the text this
    /// index was built from.
    pub fn pos(&self, text: &str, offset: TextSize) -> Pos {
        let byte = u32::from(offset).min(text.len() as u32);
        let line = self.line_starts.partition_point(|&start| start <= byte) - 1;
        let mut line_start = self.line_starts[line] as usize;
        if line == 0 && text.starts_with('\u{feff}') {
            line_start = line_start.max(3).min(byte as usize);
        }
        let prefix = text.get(line_start..byte as usize).unwrap_or_default();
        let column = prefix.graphemes(true).count() as u32 + 1;
        Pos { line: line as u32 + 1, column, byte }
    }

    /// Formats a range as HCL's `Range.String` does:
    /// `file:line,col-col` or `file:line,col-line,col`.
    pub fn range_string(&self, text: &str, file_name: &str, range: TextRange) -> String {
        let start = self.pos(text, range.start());
        let end = self.pos(text, range.end());
        if start.line == end.line {
            format!("{file_name}:{},{}-{}", start.line, start.column, end.column)
        } else {
            format!("{file_name}:{},{}-{},{}", start.line, start.column, end.line, end.column)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str, offset: u32) -> (u32, u32) {
        let p = LineIndex::new(text).pos(text, offset.into());
        (p.line, p.column)
    }

    #[test]
    fn columns_count_grapheme_clusters() {
        assert_eq!(pos("a = \"é\"", 7), (1, 7));
        assert_eq!(pos("\tx", 1), (1, 2));
        assert_eq!(pos("a\r\nb", 3), (2, 1));
        assert_eq!(pos("a\r\nb", 1), (1, 2));
        assert_eq!(pos("\u{feff}ab", 4), (1, 2));
        assert_eq!(pos("e\u{301}x", 3), (1, 2));
    }

    #[test]
    fn range_strings() {
        let text = "a = 1\na = 2\n";
        let index = LineIndex::new(text);
        let range = TextRange::new(0.into(), 1.into());
        assert_eq!(index.range_string(text, "main.tf", range), "main.tf:1,1-2");
        let range = TextRange::new(0.into(), 7.into());
        assert_eq!(index.range_string(text, "main.tf", range), "main.tf:1,1-2,2");
    }
}
