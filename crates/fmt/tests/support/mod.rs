//! What the formatter's tests share: inputs made worse, and what
//! formatting must keep.

use tofu_syntax::{SyntaxKind, native::lex};

/// `text` with every run of spaces between tokens made one space and the
/// indentation of every line removed: what formatting must undo alone.
/// Whitespace at the very end stays, as `tofu fmt` keeps it.
pub fn scramble(text: &str) -> String {
    let tokens = lex(text);
    let mut out = String::with_capacity(text.len());
    let mut offset = 0;
    let mut line_start = true;
    for (index, token) in tokens.iter().enumerate() {
        let piece = &text[offset..offset + token.len as usize];
        offset += token.len as usize;
        match token.kind {
            SyntaxKind::WHITESPACE if index + 1 == tokens.len() => out.push_str(piece),
            SyntaxKind::WHITESPACE if line_start => {}
            SyntaxKind::WHITESPACE => out.push(' '),
            _ => out.push_str(piece),
        }
        line_start = token.kind == SyntaxKind::NEWLINE
            || (line_start && token.kind == SyntaxKind::WHITESPACE);
    }
    out
}

/// The tokens of `text` but whitespace: what formatting must not change.
pub fn significant(text: &str) -> Vec<(SyntaxKind, &str)> {
    let mut offset = 0;
    lex(text)
        .into_iter()
        .map(|token| {
            let piece = &text[offset..offset + token.len as usize];
            offset += token.len as usize;
            (token.kind, piece)
        })
        .filter(|(kind, _)| !matches!(kind, SyntaxKind::WHITESPACE | SyntaxKind::BOM))
        .collect()
}
