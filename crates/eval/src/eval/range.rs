//! Source ranges as HCL gives them: without surrounding trivia.

use tofu_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

fn significant(token: &SyntaxToken) -> bool {
    !token.kind().is_trivia() && token.kind() != SyntaxKind::NEWLINE
}

/// The range of `node` from its first to its last significant token.
pub(crate) fn node_range(node: &SyntaxNode) -> TextRange {
    let mut tokens = node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(significant);
    let Some(first) = tokens.next() else {
        let start = node.text_range().start();
        return TextRange::empty(start);
    };
    let last = tokens.last().unwrap_or_else(|| first.clone());
    TextRange::new(first.text_range().start(), last.text_range().end())
}

/// The range of the first significant token of `node` of `kind`.
pub(crate) fn token_range(node: &SyntaxNode, kind: SyntaxKind) -> Option<TextRange> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
        .map(|t| t.text_range())
}
