//! The token stream the formatter works on: HCL's `hclsyntax` tokens, each
//! with the number of spaces before it, as `hclwrite` lexes a file
//! (`writerTokens` in its `parser.go`).
//!
//! Our lexer and HCL's cut the text at the same places but for two things,
//! which this module evens out: HCL's `#` and `//` comments take the newline
//! that ends them, and HCL skips whitespace (and a byte order mark) where we
//! keep it as tokens, so it becomes the next token's `spaces_before`,
//! counted in bytes as `hclwrite` counts it (a tab is one space).

use std::borrow::Cow;

use tofu_syntax::SyntaxKind::{self, *};

/// HCL's token types, as far as formatting tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Ident,
    NumberLit,
    OBrace,
    CBrace,
    OBrack,
    CBrack,
    OParen,
    CParen,
    OQuote,
    CQuote,
    OHeredoc,
    CHeredoc,
    Star,
    Slash,
    Plus,
    Minus,
    Percent,
    Equal,
    EqualOp,
    NotEqual,
    LessThan,
    LessThanEq,
    GreaterThan,
    GreaterThanEq,
    And,
    Or,
    Bang,
    Dot,
    Comma,
    DoubleColon,
    Ellipsis,
    FatArrow,
    Question,
    Colon,
    TemplateInterp,
    TemplateControl,
    TemplateSeqEnd,
    QuotedLit,
    StringLit,
    Comment,
    Newline,
    Eof,
    /// Tokens only files with syntax errors have; never formatted.
    Invalid,
}

impl Kind {
    fn of(kind: SyntaxKind) -> Kind {
        match kind {
            IDENT => Kind::Ident,
            NUMBER => Kind::NumberLit,
            L_BRACE => Kind::OBrace,
            R_BRACE => Kind::CBrace,
            L_BRACK => Kind::OBrack,
            R_BRACK => Kind::CBrack,
            L_PAREN => Kind::OParen,
            R_PAREN => Kind::CParen,
            OPEN_QUOTE => Kind::OQuote,
            CLOSE_QUOTE => Kind::CQuote,
            HEREDOC_OPEN => Kind::OHeredoc,
            HEREDOC_CLOSE => Kind::CHeredoc,
            STAR => Kind::Star,
            SLASH => Kind::Slash,
            PLUS => Kind::Plus,
            MINUS => Kind::Minus,
            PERCENT => Kind::Percent,
            EQ => Kind::Equal,
            EQ2 => Kind::EqualOp,
            NEQ => Kind::NotEqual,
            LT => Kind::LessThan,
            LTE => Kind::LessThanEq,
            GT => Kind::GreaterThan,
            GTE => Kind::GreaterThanEq,
            AMP2 => Kind::And,
            PIPE2 => Kind::Or,
            BANG => Kind::Bang,
            DOT => Kind::Dot,
            COMMA => Kind::Comma,
            COLON2 => Kind::DoubleColon,
            ELLIPSIS => Kind::Ellipsis,
            FAT_ARROW => Kind::FatArrow,
            QUESTION => Kind::Question,
            COLON => Kind::Colon,
            TEMPLATE_INTERP => Kind::TemplateInterp,
            TEMPLATE_CONTROL => Kind::TemplateControl,
            TEMPLATE_SEQ_END => Kind::TemplateSeqEnd,
            QUOTED_LIT => Kind::QuotedLit,
            STRING_LIT => Kind::StringLit,
            LINE_COMMENT | BLOCK_COMMENT => Kind::Comment,
            NEWLINE => Kind::Newline,
            _ => Kind::Invalid,
        }
    }

    /// `hclwrite`'s `tokenBracketChange`: template sequences open and
    /// close like brackets.
    pub(crate) fn bracket_change(self) -> i32 {
        match self {
            Kind::OBrace
            | Kind::OBrack
            | Kind::OParen
            | Kind::TemplateControl
            | Kind::TemplateInterp => 1,
            Kind::CBrace | Kind::CBrack | Kind::CParen | Kind::TemplateSeqEnd => -1,
            _ => 0,
        }
    }
}

/// One token with the spaces `hclwrite` writes before it.
#[derive(Debug, Clone)]
pub(crate) struct Token<'a> {
    pub(crate) kind: Kind,
    pub(crate) text: Cow<'a, str>,
    pub(crate) spaces_before: usize,
}

impl<'a> Token<'a> {
    pub(crate) fn new(kind: Kind, text: &'static str) -> Token<'a> {
        Token {
            kind,
            text: Cow::Borrowed(text),
            spaces_before: 0,
        }
    }

    /// `hclsyntax`'s newline tokens, and the single-line comments that
    /// took their newline.
    pub(crate) fn ends_line(&self) -> bool {
        match self.kind {
            Kind::Newline => true,
            Kind::Comment => self.text.ends_with('\n'),
            _ => false,
        }
    }
}

/// The tokens of `text` (as our lexer cut it: `raw`) with the byte offset
/// each starts at, ending with an end-of-file token whose spaces are the
/// whitespace after the last token (which `hclwrite` writes back as it
/// found it).
pub(crate) fn from_lexed<'a>(
    text: &'a str,
    raw: &[tofu_syntax::native::Token],
) -> (Vec<Token<'a>>, Vec<u32>) {
    let mut tokens: Vec<Token<'_>> = Vec::with_capacity(raw.len());
    let mut starts = Vec::with_capacity(raw.len());
    let mut offset = 0usize;
    let mut last_end = 0usize;
    for &token in raw {
        let start = offset;
        offset += token.len as usize;
        match token.kind {
            WHITESPACE | BOM => continue,
            NEWLINE if last_end == start && tokens.last().is_some_and(is_line_comment) => {
                // HCL's single-line comments end with their newline.
                let comment = tokens.last_mut().expect("checked above");
                let comment_start = start - comment.text.len();
                comment.text = Cow::Borrowed(&text[comment_start..offset]);
                last_end = offset;
                continue;
            }
            _ => {}
        }
        tokens.push(Token {
            kind: Kind::of(token.kind),
            text: Cow::Borrowed(&text[start..offset]),
            spaces_before: start - last_end,
        });
        starts.push(start as u32);
        last_end = offset;
    }
    tokens.push(Token {
        kind: Kind::Eof,
        text: Cow::Borrowed(""),
        spaces_before: text.len() - last_end,
    });
    starts.push(text.len() as u32);
    (tokens, starts)
}

/// A `#` or `//` comment that has not taken its newline yet.
fn is_line_comment(token: &Token<'_>) -> bool {
    token.kind == Kind::Comment && !token.text.starts_with("/*") && !token.text.ends_with('\n')
}
