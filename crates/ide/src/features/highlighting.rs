//! What each token of a native file is, for an editor's semantic
//! highlighting: block types and meta-arguments as keywords, labels by
//! what they name, arguments as properties, references' roots and names,
//! functions, strings, numbers, comments and operators. JSON files have
//! none: every JSON string would need its template parsed.

use tofu_semantic::Database;
use tofu_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, ast, ast::AstNode};

use crate::{features::navigation::native_root, host::Tree};

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    /// A block type, a meta-argument, `for`/`in`/`if`, `true`/`false`/`null`.
    Keyword,
    /// A label naming a type (a resource's, a data source's).
    Type,
    /// A label naming what a block declares (a variable's, a resource's).
    Declaration,
    /// An argument's name or an object key.
    Property,
    /// A reference's root (`var`, `local`, `module`, ...).
    Namespace,
    /// A named value: `var.NAME`'s name, a `for` expression's symbols.
    Variable,
    Function,
    String,
    Number,
    Comment,
    Operator,
}

/// One highlighted range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Highlight {
    pub range: TextRange,
    pub kind: HighlightKind,
}

/// Block types whose first label is a type and second a name.
const TYPED_BLOCKS: [&str; 3] = ["resource", "data", "ephemeral"];

/// Arguments with a meaning of their own in any block.
const META_ARGUMENTS: [&str; 7] = [
    "count",
    "for_each",
    "depends_on",
    "provider",
    "providers",
    "source",
    "version",
];

/// The roots a reference starts with.
const ROOTS: [&str; 12] = [
    "var",
    "local",
    "module",
    "data",
    "ephemeral",
    "count",
    "each",
    "path",
    "terraform",
    "tofu",
    "self",
    "run",
];

/// The highlights of the native file at `path`, in text order.
pub(crate) fn highlights(db: &Database, tree: &Tree, path: &str) -> Vec<Highlight> {
    let Some(root) = tree.file(path).and_then(|f| native_root(db, f)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for token in root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if let Some(kind) = kind_of(&token) {
            out.push(Highlight {
                range: token.text_range(),
                kind,
            });
        }
    }
    out
}

fn kind_of(token: &SyntaxToken) -> Option<HighlightKind> {
    use HighlightKind::*;
    let parent = token.parent()?;
    Some(match token.kind() {
        SyntaxKind::LINE_COMMENT | SyntaxKind::BLOCK_COMMENT => Comment,
        SyntaxKind::NUMBER => Number,
        SyntaxKind::QUOTED_LIT
        | SyntaxKind::STRING_LIT
        | SyntaxKind::OPEN_QUOTE
        | SyntaxKind::CLOSE_QUOTE
        | SyntaxKind::HEREDOC_OPEN
        | SyntaxKind::HEREDOC_CLOSE => match parent.kind() {
            SyntaxKind::BLOCK_LABEL => label_kind(&parent)?,
            _ => String,
        },
        SyntaxKind::EQ2
        | SyntaxKind::NEQ
        | SyntaxKind::LT
        | SyntaxKind::LTE
        | SyntaxKind::GT
        | SyntaxKind::GTE
        | SyntaxKind::AMP2
        | SyntaxKind::PIPE2
        | SyntaxKind::BANG
        | SyntaxKind::PLUS
        | SyntaxKind::MINUS
        | SyntaxKind::STAR
        | SyntaxKind::SLASH
        | SyntaxKind::PERCENT
        | SyntaxKind::QUESTION
        | SyntaxKind::FAT_ARROW
        | SyntaxKind::ELLIPSIS => Operator,
        SyntaxKind::IDENT => ident_kind(token, &parent)?,
        _ => return None,
    })
}

/// A label's kind: the type label of a resource, or the name of what the
/// block declares.
fn label_kind(label: &SyntaxNode) -> Option<HighlightKind> {
    let block = ast::Block::cast(label.parent()?)?;
    let block_type = block.block_type()?;
    let first = block.labels().next().map(|l| l.syntax().clone());
    if TYPED_BLOCKS.contains(&block_type.text()) && first.as_ref() == Some(label) {
        return Some(HighlightKind::Type);
    }
    Some(HighlightKind::Declaration)
}

fn ident_kind(token: &SyntaxToken, parent: &SyntaxNode) -> Option<HighlightKind> {
    use HighlightKind::*;
    let text = token.text();
    Some(match parent.kind() {
        SyntaxKind::BLOCK => match ast::Block::cast(parent.clone())?.block_type() {
            Some(block_type) if block_type == *token => Keyword,
            _ => label_kind(parent)?,
        },
        SyntaxKind::BLOCK_LABEL => label_kind(parent)?,
        SyntaxKind::ATTRIBUTE if META_ARGUMENTS.contains(&text) => Keyword,
        SyntaxKind::ATTRIBUTE => Property,
        SyntaxKind::OBJECT_KEY => Property,
        SyntaxKind::FUNCTION_NAME | SyntaxKind::FUNCTION_CALL => Function,
        SyntaxKind::LITERAL => Keyword,
        SyntaxKind::FOR_INTRO
        | SyntaxKind::FOR_COND
        | SyntaxKind::FOR_TUPLE
        | SyntaxKind::FOR_OBJECT => match text {
            "for" | "in" | "if" => Keyword,
            _ => Variable,
        },
        SyntaxKind::TEMPLATE_IF | SyntaxKind::TEMPLATE_FOR | SyntaxKind::TEMPLATE_BRANCH => {
            match text {
                "if" | "else" | "endif" | "for" | "in" | "endfor" => Keyword,
                _ => Variable,
            }
        }
        SyntaxKind::VARIABLE if ROOTS.contains(&text) => Namespace,
        SyntaxKind::VARIABLE => Variable,
        SyntaxKind::TRAVERSE_ATTR | SyntaxKind::ATTR_EXPR => Property,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::features::fixture::{fixture, snippet};

    fn check(text: &str, expect: Expect) {
        let fixture = fixture(text);
        let analysis = fixture.analysis();
        let actual: String = analysis
            .highlights("main.tf")
            .unwrap()
            .iter()
            .map(|h| format!("{:?} {}\n", h.kind, snippet(&analysis, "main.tf", h.range)))
            .collect();
        expect.assert_eq(&actual);
    }

    #[test]
    fn blocks_references_and_literals() {
        check(
            "# a comment\nresource \"aws_instance\" \"web\" {\n  count = 2\n  ami   = upper(var.image.id)\n  tags  = { for k, v in local.tags : k => v if v != null }\n  size  = \"x${1 + 2}\"\n}\n",
            expect![[r#"
                Comment # a comment
                Keyword resource
                Type "
                Type aws_instance
                Type "
                Declaration "
                Declaration web
                Declaration "
                Keyword count
                Number 2
                Property ami
                Function upper
                Namespace var
                Property image
                Property id
                Property tags
                Keyword for
                Variable k
                Variable v
                Keyword in
                Namespace local
                Property tags
                Variable k
                Operator =>
                Variable v
                Keyword if
                Variable v
                Operator !=
                Keyword null
                Property size
                String "
                String x
                Number 1
                Operator +
                Number 2
                String "
            "#]],
        );
    }
}
