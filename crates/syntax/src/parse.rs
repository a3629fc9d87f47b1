use std::fmt::Write;

use rowan::GreenNode;

use crate::{SyntaxError, SyntaxNode, json, native};

/// Which of the two syntaxes a file is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceKind {
    /// HCL native syntax: `.tf`, `.tofu`, `.tfvars`, `.hcl`.
    Native,
    /// HCL JSON syntax: `.tf.json`, `.tofu.json`, `.tfvars.json`.
    Json,
}

impl SourceKind {
    /// The syntax of a file, judged by its name as OpenTofu does.
    pub fn from_file_name(name: &str) -> SourceKind {
        if name.ends_with(".json") { SourceKind::Json } else { SourceKind::Native }
    }
}

/// The result of parsing one file: a lossless green tree and its errors.
///
/// `GreenNode` is `Send + Sync`, so a `Parse` can cross threads and live in
/// a database; build a [`SyntaxNode`] where it is used.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Parse {
    green: GreenNode,
    errors: Vec<SyntaxError>,
}

impl Parse {
    pub(crate) fn new(green: GreenNode, errors: Vec<SyntaxError>) -> Parse {
        Parse { green, errors }
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }
}

/// Parses `text` in the given syntax.
pub fn parse(text: &str, kind: SourceKind) -> Parse {
    parse_named(text, kind, "")
}

/// Parses `text` in the given syntax; `file_name` (as the user should see
/// it) appears in messages that point at other places in the file.
pub fn parse_named(text: &str, kind: SourceKind, file_name: &str) -> Parse {
    match kind {
        SourceKind::Native => native::parse_named(text, file_name),
        SourceKind::Json => json::parse(text),
    }
}

/// An indented dump of the tree and its errors, for tests and debugging.
pub fn debug_dump(parse: &Parse) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in parse.syntax().preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let range = element.text_range();
                let _ = write!(out, "{:indent$}{:?}@{:?}", "", element.kind(), range, indent = depth * 2);
                if let rowan::NodeOrToken::Token(token) = &element {
                    let _ = write!(out, " {:?}", token.text());
                }
                out.push('\n');
                depth += 1;
            }
            rowan::WalkEvent::Leave(_) => depth -= 1,
        }
    }
    for error in parse.errors() {
        let _ = writeln!(out, "error {:?}: {}: {}", error.range, error.summary, error.detail);
    }
    out
}
