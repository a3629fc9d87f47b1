//! Parsing, memoised per file.

use tofu_syntax::{GreenNode, Parse, SourceKind, SyntaxError};

use crate::input::SourceFile;

/// A file's syntax tree and syntax errors. The green tree is shared, so
/// clones are cheap; build a `SyntaxNode` where one is needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedFile {
    pub kind: SourceKind,
    pub green: GreenNode,
    pub errors: Vec<SyntaxError>,
}

impl ParsedFile {
    pub fn to_parse(&self) -> Parse {
        Parse::new(self.green.clone(), self.errors.clone())
    }

    /// The root of the tree, where the model's pointers are found again.
    pub fn syntax(&self) -> tofu_syntax::SyntaxNode {
        tofu_syntax::SyntaxNode::new_root(self.green.clone())
    }
}

#[salsa::tracked(returns(ref))]
pub fn parse(db: &dyn salsa::Database, file: SourceFile) -> ParsedFile {
    let path = file.path(db);
    let kind = SourceKind::from_file_name(path);
    let text = crate::input::contents(db, file);
    // Messages that name the file use its path, as `check` reports it.
    let parse = tofu_syntax::parse_named(text, kind, path);
    ParsedFile {
        kind,
        green: parse.green().clone(),
        errors: parse.errors().to_vec(),
    }
}
