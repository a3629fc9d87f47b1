//! Typed views over the native tree.
//!
//! Each view is a cheap wrapper around a `SyntaxNode` of one kind; its
//! accessors return `None` where the source is incomplete, because the tree
//! of broken input has holes.

mod expr;
mod template;

pub use expr::*;
pub use template::*;

use crate::{SyntaxKind, SyntaxNode, SyntaxToken};

/// A typed view over a node of one or more kinds.
pub trait AstNode: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(node: SyntaxNode) -> Option<Self>;
    fn syntax(&self) -> &SyntaxNode;
}

macro_rules! ast_node {
    ($(#[$meta:meta])* $name:ident, $kind:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(pub(crate) crate::SyntaxNode);

        impl crate::ast::AstNode for $name {
            fn can_cast(kind: crate::SyntaxKind) -> bool {
                kind == crate::SyntaxKind::$kind
            }
            fn cast(node: crate::SyntaxNode) -> Option<Self> {
                Self::can_cast(node.kind()).then(|| $name(node))
            }
            fn syntax(&self) -> &crate::SyntaxNode {
                &self.0
            }
        }
    };
}
pub(crate) use ast_node;

/// The first child of `parent` that casts to `N`.
pub(crate) fn child<N: AstNode>(parent: &SyntaxNode) -> Option<N> {
    parent.children().find_map(N::cast)
}

/// The children of `parent` that cast to `N`.
pub(crate) fn children<N: AstNode>(parent: &SyntaxNode) -> impl Iterator<Item = N> + use<N> {
    parent.children().filter_map(N::cast)
}

/// The first child token of `parent` of the given kind.
pub(crate) fn token(parent: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    parent
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

ast_node!(
    /// The root of a native file.
    SourceFile,
    SOURCE_FILE
);
ast_node!(
    /// The root of a standalone expression ([`crate::parse_expression`]).
    ExpressionFile,
    EXPRESSION_FILE
);
ast_node!(
    /// Attributes and blocks, at the top of a file or inside a block.
    Body,
    BODY
);
ast_node!(
    /// `name = expr`
    Attribute,
    ATTRIBUTE
);
ast_node!(
    /// `type label... { body }`
    Block,
    BLOCK
);
ast_node!(
    /// A block label, quoted or bare.
    BlockLabel,
    BLOCK_LABEL
);

impl SourceFile {
    pub fn body(&self) -> Option<Body> {
        child(&self.0)
    }
}

impl ExpressionFile {
    /// The expression; `None` when the input does not start with one
    /// (HCL's placeholder for a missing expression has no node).
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

/// An item of a body.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BodyItem {
    Attribute(Attribute),
    Block(Block),
}

impl Body {
    /// Attributes and blocks in source order.
    pub fn items(&self) -> impl Iterator<Item = BodyItem> + use<> {
        self.0.children().filter_map(|node| match node.kind() {
            SyntaxKind::ATTRIBUTE => Some(BodyItem::Attribute(Attribute(node))),
            SyntaxKind::BLOCK => Some(BodyItem::Block(Block(node))),
            _ => None,
        })
    }

    pub fn attributes(&self) -> impl Iterator<Item = Attribute> + use<> {
        children(&self.0)
    }

    /// The first attribute named `name`.
    pub fn attribute(&self, name: &str) -> Option<Attribute> {
        self.attributes()
            .find(|a| a.name().is_some_and(|n| n.text() == name))
    }

    pub fn blocks(&self) -> impl Iterator<Item = Block> + use<> {
        children(&self.0)
    }
}

impl Attribute {
    pub fn name(&self) -> Option<SyntaxToken> {
        token(&self.0, SyntaxKind::IDENT)
    }

    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl Block {
    /// The block type, such as `resource`.
    pub fn block_type(&self) -> Option<SyntaxToken> {
        token(&self.0, SyntaxKind::IDENT)
    }

    pub fn labels(&self) -> impl Iterator<Item = BlockLabel> + use<> {
        children(&self.0)
    }

    /// The body between the braces, absent when the header is broken.
    pub fn body(&self) -> Option<Body> {
        let braces = self
            .0
            .children()
            .find(|n| n.kind() == SyntaxKind::BLOCK_BODY)?;
        child(&braces)
    }

    pub fn open_brace(&self) -> Option<SyntaxToken> {
        let braces = self
            .0
            .children()
            .find(|n| n.kind() == SyntaxKind::BLOCK_BODY)?;
        token(&braces, SyntaxKind::L_BRACE)
    }

    pub fn close_brace(&self) -> Option<SyntaxToken> {
        let braces = self
            .0
            .children()
            .find(|n| n.kind() == SyntaxKind::BLOCK_BODY)?;
        token(&braces, SyntaxKind::R_BRACE)
    }
}

impl BlockLabel {
    pub fn is_quoted(&self) -> bool {
        token(&self.0, SyntaxKind::OPEN_QUOTE).is_some()
    }

    /// The label's value: the identifier, or the decoded string up to the
    /// first error in it.
    pub fn value(&self) -> String {
        if let Some(ident) = token(&self.0, SyntaxKind::IDENT) {
            return ident.text().to_string();
        }
        // A template sequence, which is an error in a label, stands in the
        // value as `${ ... }` or `%{ ... }`, as HCL writes it.
        let mut value = String::new();
        let mut open_sequences = 0usize;
        let tokens = self
            .0
            .descendants_with_tokens()
            .filter_map(|e| e.into_token());
        for token in tokens {
            match token.kind() {
                SyntaxKind::TEMPLATE_INTERP | SyntaxKind::TEMPLATE_CONTROL => {
                    if open_sequences == 0 {
                        value.push_str(if token.kind() == SyntaxKind::TEMPLATE_INTERP {
                            "${ ... }"
                        } else {
                            "%{ ... }"
                        });
                    }
                    open_sequences += 1;
                }
                SyntaxKind::TEMPLATE_SEQ_END => open_sequences = open_sequences.saturating_sub(1),
                SyntaxKind::QUOTED_LIT if open_sequences == 0 => {
                    value.push_str(&crate::native::unescape_quoted(token.text()))
                }
                SyntaxKind::OPEN_QUOTE | SyntaxKind::CLOSE_QUOTE => {}
                // Anything else ends the label where HCL stops reading it.
                _ if open_sequences == 0 => break,
                _ => {}
            }
        }
        value
    }
}

#[cfg(test)]
mod tests;
