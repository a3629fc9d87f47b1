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

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(text: &str, edits: &[TextEdit]) -> String {
        let mut out = text.to_owned();
        for edit in edits.iter().rev() {
            out.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.new_text);
        }
        out
    }

    #[test]
    fn edits_replace_runs_of_changed_lines() {
        let old = "a=1\nb = 2\nc=3\nd=4\n";
        let new = "a = 1\nb = 2\nc = 3\nd = 4\n";
        let edits = edits(old, new);
        assert_eq!(
            edits,
            [
                TextEdit {
                    range: TextRange::new(0.into(), 4.into()),
                    new_text: "a = 1\n".into()
                },
                TextEdit {
                    range: TextRange::new(10.into(), 18.into()),
                    new_text: "c = 3\nd = 4\n".into()
                },
            ]
        );
        assert_eq!(apply(old, &edits), new);
        assert!(super::edits(new, new).is_empty());
    }

    #[test]
    fn range_formatting_touches_only_the_lines_asked_for() {
        let text = "a=1\nb = 2\nc=3\n";
        let edits = crate::format_range(text, TextRange::new(9.into(), 12.into())).unwrap();
        assert_eq!(apply(text, &edits), "a=1\nb = 2\nc = 3\n");
        assert!(crate::format_range("a = ", TextRange::empty(0.into())).is_err());
    }

    #[test]
    fn unified_diff_is_labelled_as_tofu_fmt_labels_it() {
        assert_eq!(unified_diff("a\n", "a\n", "main.tf"), "");
        expect_test::expect![[r#"
            --- old/main.tf
            +++ new/main.tf
            @@ -1,2 +1,2 @@
             x = 1
            -a=1
            \ No newline at end of file
            +a = 1
            \ No newline at end of file
        "#]]
        .assert_eq(&unified_diff("x = 1\na=1", "x = 1\na = 1", "main.tf"));
    }
}
