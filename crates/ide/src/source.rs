//! The text of a configuration file as the analyzer sees it.

use tofu_syntax::{GreenNode, SourceKind, SyntaxError, SyntaxNode, TextRange, TextSize};

use tofu_syntax::{LineCol, LineIndex};

/// What a byte that is not UTF-8 becomes. One byte for one byte, so that
/// every offset into the text is also an offset into the file.
pub const REPLACEMENT: char = '\u{1a}';

/// A parsed file kept for rendering its diagnostics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedFile {
    /// Relative to the checked directory, with `/` separators.
    pub path: String,
    pub syntax: SourceKind,
    pub text: String,
    pub line_index: LineIndex,
    /// The syntax tree, for naming the block a diagnostic is in.
    pub tree: GreenNode,
    /// Whether OpenTofu has the text to show: not for a value given on
    /// the command line (`<value for var.NAME>`), whose diagnostics it
    /// gives without a snippet.
    pub available: bool,
}

impl CheckedFile {
    pub fn new(path: String, syntax: SourceKind, text: String, tree: GreenNode) -> CheckedFile {
        let line_index = LineIndex::new(&text);
        CheckedFile {
            path,
            syntax,
            text,
            line_index,
            tree,
            available: true,
        }
    }

    /// Text that diagnostics point into but OpenTofu does not show.
    pub fn unavailable(path: String, text: String, tree: GreenNode) -> CheckedFile {
        CheckedFile {
            available: false,
            ..CheckedFile::new(path, SourceKind::Native, text, tree)
        }
    }

    pub fn line_col(&self, offset: TextSize) -> LineCol {
        self.line_index.line_col(&self.text, offset)
    }

    pub fn syntax_tree(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.tree.clone())
    }
}

/// File content turned into text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    /// The first run of bytes that were not UTF-8, if any.
    pub first_invalid: Option<TextRange>,
}

/// Decodes file content as UTF-8, replacing each invalid byte by
/// [`REPLACEMENT`] rather than failing, since HCL reports bad encoding as
/// one error among others and goes on parsing.
pub fn decode(bytes: Vec<u8>) -> Decoded {
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => {
            return Decoded {
                text,
                first_invalid: None,
            };
        }
        Err(err) => err.into_bytes(),
    };
    let mut text = String::with_capacity(bytes.len());
    let mut first_invalid = None;
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        let invalid = chunk.invalid();
        if !invalid.is_empty() && first_invalid.is_none() {
            let start = TextSize::from(text.len() as u32);
            first_invalid = Some(TextRange::at(start, TextSize::from(invalid.len() as u32)));
        }
        text.extend(std::iter::repeat_n(REPLACEMENT, invalid.len()));
    }
    Decoded {
        text,
        first_invalid,
    }
}

/// HCL's error for content that is not UTF-8.
pub fn encoding_error(range: TextRange) -> SyntaxError {
    SyntaxError::error_at(
        tofu_diagnostics::Code::InvalidCharacterEncoding,
        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
        range,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_kept() {
        let decoded = decode("a = \"é\"\n".as_bytes().to_vec());
        assert_eq!(decoded.text, "a = \"é\"\n");
        assert_eq!(decoded.first_invalid, None);
    }

    #[test]
    fn invalid_bytes_are_replaced_one_for_one() {
        // Latin-1 "café", then a lone continuation byte.
        let decoded = decode(b"a = \"caf\xe9\"\nb = \x80\x80\n".to_vec());
        assert_eq!(decoded.text, "a = \"caf\u{1a}\"\nb = \u{1a}\u{1a}\n");
        assert_eq!(decoded.text.len(), 18);
        assert_eq!(
            decoded.first_invalid,
            Some(TextRange::new(8.into(), 9.into()))
        );
    }

    #[test]
    fn truncated_sequence_is_one_run() {
        // The first two bytes of a three-byte sequence.
        let decoded = decode(b"x\xe2\x82".to_vec());
        assert_eq!(decoded.text, "x\u{1a}\u{1a}");
        assert_eq!(
            decoded.first_invalid,
            Some(TextRange::new(1.into(), 3.into()))
        );
    }
}
