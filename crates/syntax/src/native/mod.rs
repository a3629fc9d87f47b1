//! HCL native syntax: `.tf`, `.tofu`, `.tfvars` and other HCL files.

mod escapes;
mod invalid_tokens;
mod lexer;
mod parser;
mod template;
pub(crate) mod unicode;

pub use escapes::{unescape_heredoc, unescape_quoted};
pub use lexer::lex;

use crate::Parse;

/// One token of the native lexer: its kind and its length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: crate::SyntaxKind,
    pub len: u32,
}

/// Parses a native-syntax file. `file_name` appears in messages that
/// point at other places in the file, as HCL's do.
pub fn parse_named(text: &str, file_name: &str) -> Parse {
    let tokens = lex(text);
    let mut errors = invalid_tokens::check(text, &tokens);
    let (green, parse_errors) = parser::Parser::new(text, file_name, &tokens).parse_file();
    errors.extend(parse_errors);
    Parse::new(green, errors)
}
