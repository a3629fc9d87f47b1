//! HCL native syntax: `.tf`, `.tofu`, `.tfvars` and other HCL files.

mod columns;
mod escapes;
mod invalid_tokens;
mod lexer;
pub(crate) mod parser;
mod template;
pub(crate) mod unicode;

pub use escapes::{unescape_heredoc, unescape_quoted, unescape_template};
pub use lexer::{lex, lex_template};

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
    parse_tokens(text, &tokens, file_name, |parser| parser.parse_file())
}

/// Parses `text` as one expression (HCL's `hclsyntax.ParseExpression`);
/// the root is an `EXPRESSION_FILE`.
pub fn parse_expression(text: &str, file_name: &str) -> Parse {
    let tokens = lex(text);
    parse_tokens(text, &tokens, file_name, |parser| {
        parser.parse_expression_file()
    })
}

/// Parses `text` as a template (HCL's `hclsyntax.ParseTemplate`); the
/// root is a `TEMPLATE_FILE`.
pub fn parse_template(text: &str, file_name: &str) -> Parse {
    let tokens = lex_template(text);
    parse_tokens(text, &tokens, file_name, |parser| {
        parser.parse_template_file()
    })
}

/// HCL's invalid-token errors come first, then the parser's.
fn parse_tokens(
    text: &str,
    tokens: &[Token],
    file_name: &str,
    run: impl FnOnce(parser::Parser<'_>) -> (rowan::GreenNode, Vec<crate::SyntaxError>),
) -> Parse {
    let mut errors = invalid_token_errors(text, tokens);
    let (green, parse_errors) = run(parser::Parser::new(text, file_name, tokens));
    errors.extend(parse_errors);
    Parse::new(green, errors)
}

pub(crate) use parser::MAX_DEPTH;

/// HCL's errors for tokens that are never valid, which come before the
/// parser's.
pub(crate) fn invalid_token_errors(text: &str, tokens: &[Token]) -> Vec<crate::SyntaxError> {
    invalid_tokens::check(text, tokens)
}
