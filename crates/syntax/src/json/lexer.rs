//! Tokens of the JSON syntax, cut the way HCL's JSON scanner cuts them.
//!
//! The scanner is lax on purpose: numbers take any run of number-ish bytes,
//! keywords any run of letters, strings run to the closing quote without
//! checking escapes, so that the parser can say precisely what is wrong.

use logos::Logos;
use rowan::{TextRange, TextSize};

use crate::SyntaxKind;

#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tok {
    #[regex("[ \t]+")]
    #[token("\r")]
    Whitespace,
    #[token("\n")]
    #[token("\r\n")]
    Newline,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBrack,
    #[token("]")]
    RBrack,
    #[token(",")]
    Comma,
    #[token(":")]
    Colon,
    /// Not JSON; scanned only to point out native syntax habits.
    #[token("=")]
    Equals,
    #[token("\"", string_rest)]
    String,
    // `e` and `E` may not start a number, so that `e5` reads as a keyword.
    #[regex("[-+.0-9][-+.eE0-9]*")]
    Number,
    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("null")]
    Null,
    /// Any other run of letters, such as `undefined` or `True`.
    #[regex("[A-Za-z][A-Za-z_]*")]
    Keyword,
    /// One character the scanner does not recognise; HCL stops scanning
    /// after it.
    Invalid,
    /// The end of what HCL scans. Never produced by the lexer.
    Eof,
}

impl Tok {
    pub(super) fn is_trivia(self) -> bool {
        matches!(self, Tok::Whitespace | Tok::Newline)
    }

    pub(super) fn syntax_kind(self) -> SyntaxKind {
        match self {
            Tok::Whitespace => SyntaxKind::WHITESPACE,
            Tok::Newline => SyntaxKind::NEWLINE,
            Tok::LBrace => SyntaxKind::JSON_L_BRACE,
            Tok::RBrace => SyntaxKind::JSON_R_BRACE,
            Tok::LBrack => SyntaxKind::JSON_L_BRACK,
            Tok::RBrack => SyntaxKind::JSON_R_BRACK,
            Tok::Comma => SyntaxKind::JSON_COMMA,
            Tok::Colon => SyntaxKind::JSON_COLON,
            Tok::String => SyntaxKind::JSON_STRING,
            Tok::Number => SyntaxKind::JSON_NUMBER,
            Tok::True => SyntaxKind::JSON_TRUE,
            Tok::False => SyntaxKind::JSON_FALSE,
            Tok::Null => SyntaxKind::JSON_NULL,
            Tok::Equals | Tok::Keyword | Tok::Invalid | Tok::Eof => SyntaxKind::JSON_INVALID,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Token {
    pub(super) kind: Tok,
    pub(super) range: TextRange,
}

/// Splits `text` into tokens that cover it exactly.
pub(super) fn lex(text: &str) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(text.len() / 4);
    let mut lexer = Tok::lexer(text);
    while let Some(result) = lexer.next() {
        let span = lexer.span();
        let start = span.start as u32;
        let end = span.end as u32;
        match result {
            Ok(kind) => tokens.push(token(kind, start, end)),
            // An error span may hold several characters; HCL's invalid
            // token is a single one, and the first is all it looks at.
            Err(()) => {
                let mut at = start;
                for c in lexer.slice().chars() {
                    let next = at + c.len_utf8() as u32;
                    tokens.push(token(Tok::Invalid, at, next));
                    at = next;
                }
            }
        }
    }
    tokens
}

fn token(kind: Tok, start: u32, end: u32) -> Token {
    Token {
        kind,
        range: TextRange::new(TextSize::new(start), TextSize::new(end)),
    }
}

/// Extends a string token from its opening quote to its closing one, or to
/// the control character or end of input that cuts it short.
fn string_rest(lex: &mut logos::Lexer<Tok>) {
    let len = string_rest_len(lex.remainder());
    lex.bump(len);
}

/// HCL's scanner minds escapes only to find the closing quote: a backslash
/// toggles escaping and anything else ends it. It steps over non-ASCII text
/// a grapheme cluster at a time, which matters only where a prepended
/// concatenation mark (U+0600 and friends) glues itself to a following quote
/// or backslash and so hides it.
fn string_rest_len(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut i = 0;
    let mut escaping = false;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => {
                escaping = !escaping;
                i += 1;
            }
            b'"' => {
                i += 1;
                if !escaping {
                    break;
                }
                escaping = false;
            }
            0..=0x1f => break,
            0x20..=0x7f => {
                i += 1;
                escaping = false;
            }
            _ => {
                i += cluster_len(&rest[i..]);
                escaping = false;
            }
        }
    }
    i
}

/// The length of the grapheme cluster starting `s`, as far as a quote or a
/// backslash can be part of it: only right after a run of `Prepend`
/// characters.
fn cluster_len(s: &str) -> usize {
    let Some(first) = s.chars().next() else {
        return 0;
    };
    let mut len = first.len_utf8();
    if !is_prepend(first) {
        return len;
    }
    len += s[len..]
        .chars()
        .take_while(|&c| is_prepend(c))
        .map(char::len_utf8)
        .sum::<usize>();
    match s.as_bytes().get(len) {
        Some(b'"' | b'\\') => len + 1,
        _ => len,
    }
}

/// `Grapheme_Cluster_Break=Prepend` as of Unicode 15.0, which HCL's
/// segmentation tables use.
fn is_prepend(c: char) -> bool {
    matches!(
        c,
        '\u{600}'..='\u{605}'
            | '\u{6DD}'
            | '\u{70F}'
            | '\u{890}'..='\u{891}'
            | '\u{8E2}'
            | '\u{D4E}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{111C2}'..='\u{111C3}'
            | '\u{1193F}'
            | '\u{11941}'
            | '\u{11A3A}'
            | '\u{11A84}'..='\u{11A89}'
            | '\u{11D46}'
            | '\u{11F02}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Tok, &str)> {
        lex(text)
            .into_iter()
            .map(|t| (t.kind, &text[t.range]))
            .collect()
    }

    #[test]
    fn punctuation_and_trivia() {
        assert_eq!(
            kinds("{ \"a\":\r\n[1,\t2]\r}="),
            vec![
                (Tok::LBrace, "{"),
                (Tok::Whitespace, " "),
                (Tok::String, "\"a\""),
                (Tok::Colon, ":"),
                (Tok::Newline, "\r\n"),
                (Tok::LBrack, "["),
                (Tok::Number, "1"),
                (Tok::Comma, ","),
                (Tok::Whitespace, "\t"),
                (Tok::Number, "2"),
                (Tok::RBrack, "]"),
                (Tok::Whitespace, "\r"),
                (Tok::RBrace, "}"),
                (Tok::Equals, "="),
            ]
        );
    }

    #[test]
    fn lax_numbers_and_keywords() {
        assert_eq!(
            kinds("-1.2e+3.4 e5 true1 trueish null_x"),
            vec![
                (Tok::Number, "-1.2e+3.4"),
                (Tok::Whitespace, " "),
                (Tok::Keyword, "e"),
                (Tok::Number, "5"),
                (Tok::Whitespace, " "),
                (Tok::True, "true"),
                (Tok::Number, "1"),
                (Tok::Whitespace, " "),
                (Tok::Keyword, "trueish"),
                (Tok::Whitespace, " "),
                (Tok::Keyword, "null_x"),
            ]
        );
    }

    #[test]
    fn strings_end_at_quote_control_or_eof() {
        assert_eq!(kinds(r#""a\"b" x"#)[0], (Tok::String, r#""a\"b""#));
        assert_eq!(kinds(r#""a\\"b"#)[0], (Tok::String, r#""a\\""#));
        assert_eq!(kinds("\"ab\ncd\"")[0], (Tok::String, "\"ab"));
        assert_eq!(kinds("\"ab\\")[0], (Tok::String, "\"ab\\"));
        assert_eq!(kinds("\"é\"")[0], (Tok::String, "\"é\""));
    }

    #[test]
    fn prepend_hides_the_next_quote() {
        assert_eq!(
            kinds("\"\u{600}\" x\"")[0],
            (Tok::String, "\"\u{600}\" x\"")
        );
        assert_eq!(
            kinds("\"\u{600}\u{601}\\\"")[0],
            (Tok::String, "\"\u{600}\u{601}\\\"")
        );
        assert_eq!(kinds("\"\u{600}a\"")[0], (Tok::String, "\"\u{600}a\""));
        // Control characters are never part of a cluster.
        assert_eq!(kinds("\"\u{600}\n\"")[0], (Tok::String, "\"\u{600}"));
        // Only a mark right before the quote hides it.
        assert_eq!(
            kinds("\"\u{600}\u{301}\" x")[0],
            (Tok::String, "\"\u{600}\u{301}\"")
        );
    }

    #[test]
    fn invalid_characters_one_at_a_time() {
        assert_eq!(
            kinds("\u{feff}é/"),
            vec![
                (Tok::Invalid, "\u{feff}"),
                (Tok::Invalid, "é"),
                (Tok::Invalid, "/")
            ]
        );
    }
}
