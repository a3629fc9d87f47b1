//! What formatting changed, as editors and `tofu fmt -diff` show it.

use similar::{Algorithm, ChangeTag, TextDiff};
use tofu_syntax::{TextRange, TextSize};

/// Replace `range` of the original text by `new_text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    pub range: TextRange,
    pub new_text: String,
}

/// The edits, whole lines each, that turn `old` into `new`: a run of
/// changed lines is one edit.
pub fn edits(old: &str, new: &str) -> Vec<TextEdit> {
    let diff = TextDiff::configure()
        .algorithm(Algorithm::Myers)
        .diff_lines(old, new);
    let mut out: Vec<TextEdit> = Vec::new();
    let mut offset = 0usize;
    // Whether the last change extended the edit at the end of `out`.
    let mut in_run = false;
    for change in diff.iter_all_changes() {
        let len = change.value().len();
        match change.tag() {
            ChangeTag::Equal => {
                offset += len;
                in_run = false;
            }
            ChangeTag::Delete | ChangeTag::Insert => {
                let deleted = if change.tag() == ChangeTag::Delete {
                    len
                } else {
                    0
                };
                let at = TextSize::from(offset as u32);
                if !in_run {
                    out.push(TextEdit {
                        range: TextRange::empty(at),
                        new_text: String::new(),
                    });
                    in_run = true;
                }
                let edit = out.last_mut().expect("pushed above");
                if deleted > 0 {
                    edit.range = TextRange::new(
                        edit.range.start(),
                        TextSize::from((offset + deleted) as u32),
                    );
                    offset += deleted;
                } else {
                    edit.new_text.push_str(change.value());
                }
            }
        }
    }
    out
}

/// A unified diff of `old` and `new` as `tofu fmt -diff` prints it (GNU
/// `diff -u` with the labels `old/PATH` and `new/PATH`); empty when they
/// are equal.
pub fn unified_diff(old: &str, new: &str, path: &str) -> String {
    if old == new {
        return String::new();
    }
    TextDiff::configure()
        .algorithm(Algorithm::Myers)
        .diff_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .missing_newline_hint(true)
        .header(&format!("old/{path}"), &format!("new/{path}"))
        .to_string()
}
