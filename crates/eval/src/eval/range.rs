//! Source ranges as HCL gives them: without surrounding trivia.

use tofu_syntax::{SyntaxKind, SyntaxNode, TextRange};

pub(crate) use tofu_syntax::trimmed_range as node_range;

/// The range of the first significant token of `node` of `kind`.
pub(crate) fn token_range(node: &SyntaxNode, kind: SyntaxKind) -> Option<TextRange> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
        .map(|t| t.text_range())
}
