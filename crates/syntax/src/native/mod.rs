//! HCL native syntax.

use rowan::GreenNodeBuilder;

use crate::{Parse, SyntaxKind};

/// One token of the native lexer: its kind and its length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub len: u32,
}

/// Splits `text` into tokens whose lengths add up to `text.len()`.
pub fn lex(text: &str) -> Vec<Token> {
    if text.is_empty() {
        return Vec::new();
    }
    vec![Token { kind: SyntaxKind::ERROR_TOKEN, len: text.len() as u32 }]
}

pub fn parse(text: &str) -> Parse {
    let mut builder = GreenNodeBuilder::new();
    builder.start_node(SyntaxKind::SOURCE_FILE.into());
    if !text.is_empty() {
        builder.token(SyntaxKind::ERROR_TOKEN.into(), text);
    }
    builder.finish_node();
    Parse::new(builder.finish(), Vec::new())
}
