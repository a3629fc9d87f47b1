//! Inline ignore annotations, as tflint's `tflint-ignore` comments work:
//!
//! ```hcl
//! # tofu-analyzer-ignore: deprecated-variable, undeclared-local
//! value = var.old # tofu-analyzer-ignore: deprecated-variable
//! ```
//!
//! An annotation ignores the diagnostics of the codes it lists (or `all`)
//! whose subject starts on the line it ends (a comment after code) or on
//! the next line (a comment on a line of its own).
//! `# tofu-analyzer-ignore-file: code` among the comments at the top of a
//! file ignores them in the whole file. A reason may follow the list
//! after `#` or `//`. An annotation that ignores nothing, names an unknown
//! code or is misplaced is itself a warning, so that annotations do not
//! outlive what they were written for.

use tofu_diagnostics::{Code, Diagnostic};
use tofu_syntax::{GreenNode, LineIndex, SyntaxKind, SyntaxNode, TextRange, TextSize};

use crate::policy::{code_named, unknown_code_detail};

/// What every annotation starts with, for a cheap test of whether a file
/// has any.
const MARKER: &str = "tofu-analyzer-ignore";
const LINE_PREFIX: &str = "tofu-analyzer-ignore:";
const FILE_PREFIX: &str = "tofu-analyzer-ignore-file:";

/// One code an annotation lists, with where it is written.
#[derive(Debug, Clone)]
struct Entry {
    /// `None` for `all`.
    code: Option<Code>,
    range: TextRange,
    used: bool,
}

#[derive(Debug, Clone)]
struct Annotation {
    /// The 0-based line whose diagnostics it ignores; `None` for a
    /// file-wide one.
    line: Option<usize>,
    entries: Vec<Entry>,
}

/// The annotations of one file.
#[derive(Debug, Default)]
pub struct Ignores {
    annotations: Vec<Annotation>,
    line_index: Option<LineIndex>,
    /// Problems with the annotations themselves, found while reading them.
    problems: Vec<Diagnostic>,
}

impl Ignores {
    /// Whether `text` may hold annotations: the cheap test [`Ignores::read`]
    /// starts with.
    pub fn has_marker(text: &str) -> bool {
        text.contains(MARKER)
    }

    /// The annotations in the comments of `tree`, the syntax tree of
    /// `text`. Files without the marker cost one substring search.
    pub fn read(text: &str, tree: impl FnOnce() -> GreenNode) -> Ignores {
        if !Ignores::has_marker(text) {
            return Ignores::default();
        }
        let tree = tree();
        let line_index = LineIndex::new(text);
        let mut out = Ignores::default();
        // File-wide annotations must come before the first thing that is
        // not a comment, as tflint requires.
        let mut at_top = true;
        for token in SyntaxNode::new_root(tree)
            .descendants_with_tokens()
            .filter_map(|element| element.into_token())
        {
            let kind = token.kind();
            if !matches!(kind, SyntaxKind::LINE_COMMENT | SyntaxKind::BLOCK_COMMENT) {
                if !kind.is_trivia() {
                    at_top = false;
                }
                continue;
            }
            let Some((body, body_start)) = comment_body(token.text()) else {
                continue;
            };
            let start = token.text_range().start() + TextSize::from(body_start as u32);
            let (file_wide, list, list_start) = if let Some(rest) = body.strip_prefix(FILE_PREFIX) {
                (true, rest, FILE_PREFIX.len())
            } else if let Some(rest) = body.strip_prefix(LINE_PREFIX) {
                (false, rest, LINE_PREFIX.len())
            } else {
                continue;
            };
            let whole = TextRange::at(start, TextSize::of(body.trim_end()));
            if file_wide && !at_top {
                out.problems.push(
                    Diagnostic::warning(
                        Code::MisplacedIgnoreAnnotation,
                        "A tofu-analyzer-ignore-file annotation must be among the comments at the top of the file, before any block or argument; this one ignores nothing.",
                    )
                    .with_location((), whole),
                );
                continue;
            }
            let entries = out.entries(list, start + TextSize::from(list_start as u32));
            let line = line_index.line_of(token.text_range().start());
            let line_start = usize::from(line_index.line_range(text, line).start());
            let alone = text[line_start..usize::from(token.text_range().start())]
                .trim()
                .is_empty();
            out.annotations.push(Annotation {
                line: (!file_wide).then_some(if alone { line + 1 } else { line }),
                entries,
            });
        }
        out.line_index = Some(line_index);
        out
    }

    /// The codes of an annotation's list, which starts at `at`; unknown
    /// ones are reported and left out.
    fn entries(&mut self, list: &str, at: TextSize) -> Vec<Entry> {
        // A reason may follow the list.
        let end = [list.find('#'), list.find("//")]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(list.len());
        let mut entries = Vec::new();
        let mut offset = 0;
        for item in list[..end].split(',') {
            let name = item.trim();
            let leading = item.len() - item.trim_start().len();
            let range = TextRange::at(
                at + TextSize::from((offset + leading) as u32),
                TextSize::of(name),
            );
            offset += item.len() + 1;
            if name.is_empty() {
                continue;
            }
            if name == "all" {
                entries.push(Entry {
                    code: None,
                    range,
                    used: false,
                });
                continue;
            }
            match code_named(name) {
                Ok(code) => entries.push(Entry {
                    code: Some(code),
                    range,
                    used: false,
                }),
                Err(suggestion) => self.problems.push(
                    Diagnostic::warning(Code::UnknownCode, unknown_code_detail(name, suggestion))
                        .with_location((), range),
                ),
            }
        }
        entries
    }

    /// Whether an annotation ignores `code` at `range`; the annotation
    /// counts as used if so.
    pub fn ignores(&mut self, code: Code, range: TextRange) -> bool {
        let Some(line_index) = &self.line_index else {
            return false;
        };
        let line = line_index.line_of(range.start());
        for annotation in &mut self.annotations {
            let applies = annotation.line.is_none_or(|at| at == line);
            if !applies {
                continue;
            }
            if let Some(entry) = annotation
                .entries
                .iter_mut()
                .find(|entry| entry.code.is_none_or(|c| c == code))
            {
                entry.used = true;
                return true;
            }
        }
        false
    }

    /// Drops from `diagnostics` (of this file) those an annotation ignores.
    pub fn filter<F>(&mut self, diagnostics: &mut Vec<Diagnostic<F>>) {
        if self.annotations.is_empty() {
            return;
        }
        diagnostics.retain(|d| match d.range() {
            Some(range) => !self.ignores(d.code, range),
            None => true,
        });
    }

    /// What is wrong with the annotations: unknown codes, misplaced
    /// file-wide ones, and every listed code that ignored nothing.
    pub fn problems(self) -> Vec<Diagnostic> {
        let mut out = self.problems;
        for annotation in self.annotations {
            for entry in annotation.entries.into_iter().filter(|e| !e.used) {
                let what = entry.code.map_or("all", Code::name);
                out.push(
                    Diagnostic::warning(
                        Code::UnusedIgnore,
                        format!(
                            "This annotation ignores {what:?}, but no such diagnostic is reported where it applies. Remove it, or the code from its list."
                        ),
                    )
                    .with_location((), entry.range),
                );
            }
        }
        out
    }
}

/// A comment's text without its markers, trimmed at the start, and the
/// offset where that text starts.
fn comment_body(comment: &str) -> Option<(&str, usize)> {
    let (inner, lead) = if let Some(rest) = comment.strip_prefix('#') {
        (rest, 1)
    } else if let Some(rest) = comment.strip_prefix("//") {
        (rest, 2)
    } else if let Some(rest) = comment.strip_prefix("/*") {
        (rest.strip_suffix("*/").unwrap_or(rest), 2)
    } else {
        return None;
    };
    let inner = inner.trim_end_matches(['\r', '\n']);
    let trimmed = inner.trim_start();
    Some((trimmed, lead + inner.len() - trimmed.len()))
}
