//! The file a body comes from, for messages that cite other places in it.

use std::cell::OnceCell;

use rowan::TextRange;

use crate::LineIndex;

/// The text of a file and its name as the user should see it.
///
/// Some messages (duplicate JSON properties) mention where something else
/// was defined, as `file:line,col-col`; the line index for that is built on
/// first use only.
#[derive(Debug, Clone)]
pub struct SourceText<'a> {
    text: &'a str,
    file_name: &'a str,
    line_index: OnceCell<LineIndex>,
}

impl<'a> SourceText<'a> {
    pub fn new(text: &'a str, file_name: &'a str) -> SourceText<'a> {
        SourceText {
            text,
            file_name,
            line_index: OnceCell::new(),
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    pub fn file_name(&self) -> &'a str {
        self.file_name
    }

    /// `range` as HCL prints it in messages.
    pub fn range_string(&self, range: TextRange) -> String {
        let index = self.line_index.get_or_init(|| LineIndex::new(self.text));
        index.range_string(self.text, self.file_name, range)
    }
}
