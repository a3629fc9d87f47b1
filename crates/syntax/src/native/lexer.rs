//! The native-syntax lexer: the token grammar of HCL's scanner.
//!
//! HCL's scanner is modal: quoted templates, heredocs and the `${ }` /
//! `%{ }` sequences inside them each have their own rules, and sequences
//! nest. Expression context is lexed with logos; template and heredoc text
//! is scanned by hand, driven by a mode stack. Every byte of the input ends
//! up in exactly one token.

use logos::Logos;

use crate::SyntaxKind::{self, *};

use super::{Token, unicode};

/// Tokens of expression context (HCL's `main` machine).
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum MainToken {
    #[regex(r"[ \t]+")]
    Whitespace,
    #[regex(r"\r?\n")]
    Newline,
    #[regex(r"#[^\r\n]*", allow_greedy = true)]
    #[regex(r"//[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[token("/*")]
    BlockCommentStart,
    #[regex(r"[0-9]")]
    NumberStart,
    #[regex(r"[\p{ID_Start}_][\p{ID_Continue}\-]*")]
    Ident,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("~}")]
    TildeRBrace,
    #[token("[")]
    LBrack,
    #[token("]")]
    RBrack,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("%")]
    Percent,
    #[token("=")]
    Eq,
    #[token("==")]
    Eq2,
    #[token("!=")]
    Neq,
    #[token("<")]
    Lt,
    #[token("<=")]
    Lte,
    #[token(">")]
    Gt,
    #[token(">=")]
    Gte,
    #[token("&&")]
    Amp2,
    #[token("||")]
    Pipe2,
    #[token("!")]
    Bang,
    #[token(".")]
    Dot,
    #[token(",")]
    Comma,
    #[token("::")]
    Colon2,
    #[token("...")]
    Ellipsis,
    #[token("=>")]
    FatArrow,
    #[token("?")]
    Question,
    #[token(":")]
    Colon,
    #[token("\"")]
    Quote,
    #[token("<<")]
    HeredocStart,
}

/// What the lexer is inside of.
#[derive(Debug, Clone, Copy)]
enum Mode<'a> {
    /// Expression context. `ret_braces` is the brace depth at which a `}`
    /// closes the template sequence that opened this context, if any.
    Main { ret_braces: Option<u32> },
    /// Inside `"..."`.
    Quoted,
    /// Inside a heredoc; `marker` is the closing identifier.
    Heredoc {
        marker: &'a str,
        start_of_line: bool,
    },
    /// The top level of a standalone template (HCL's `bareTemplate`).
    BareTemplate,
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    braces: u32,
    modes: Vec<Mode<'a>>,
    tokens: Vec<Token>,
}

/// Splits `text` into tokens whose lengths add up to `text.len()`.
pub fn lex(text: &str) -> Vec<Token> {
    lex_from(text, Mode::Main { ret_braces: None })
}

/// Splits a standalone template (a `templatefile` file, say) into tokens:
/// its text is literal up to the first `${` or `%{`, whose contents are
/// lexed as expressions. The lengths add up to `text.len()`.
pub fn lex_template(text: &str) -> Vec<Token> {
    lex_from(text, Mode::BareTemplate)
}

fn lex_from(text: &str, mode: Mode<'_>) -> Vec<Token> {
    let mut lexer = Lexer {
        text,
        pos: 0,
        braces: 0,
        modes: vec![mode],
        tokens: Vec::with_capacity(text.len() / 4),
    };
    if text.starts_with('\u{feff}') {
        lexer.push(BOM, '\u{feff}'.len_utf8());
    }
    lexer.run();
    lexer.tokens
}

impl<'a> Lexer<'a> {
    fn push(&mut self, kind: SyntaxKind, len: usize) {
        debug_assert!(len > 0);
        self.tokens.push(Token {
            kind,
            len: len as u32,
        });
        self.pos += len;
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn run(&mut self) {
        while self.pos < self.text.len() {
            match self.modes.last().copied() {
                Some(Mode::Main { ret_braces }) => self.lex_main(ret_braces),
                Some(Mode::Quoted) => self.lex_quoted(),
                Some(Mode::Heredoc {
                    marker,
                    start_of_line,
                }) => self.lex_heredoc(marker, start_of_line),
                Some(Mode::BareTemplate) => self.lex_bare_template(),
                None => unreachable!("the first mode is never popped"),
            }
        }
    }

    /// Lexes expression tokens until the mode changes or the input ends.
    fn lex_main(&mut self, ret_braces: Option<u32>) {
        let rest = self.rest();
        let mut lexer = MainToken::lexer(rest);
        let base = self.pos;
        while let Some(result) = lexer.next() {
            let span = lexer.span();
            let len = span.len();
            self.pos = base + span.start;
            let kind = match result {
                Err(()) => {
                    // One character that starts no token.
                    let ch = rest[span.start..].chars().next().unwrap();
                    self.push(INVALID, ch.len_utf8());
                    // logos may have consumed more than one char on error.
                    if self.pos != base + span.end {
                        return;
                    }
                    continue;
                }
                Ok(token) => token,
            };
            let simple = match kind {
                MainToken::Whitespace => WHITESPACE,
                MainToken::Newline => NEWLINE,
                MainToken::LineComment => {
                    // The pattern stops at any `\r`; only a lone one (not
                    // before `\n`) belongs to the comment and needs a rescan.
                    let lone_cr = rest.as_bytes().get(span.end) == Some(&b'\r')
                        && rest.as_bytes().get(span.end + 1) != Some(&b'\n');
                    let len = if lone_cr {
                        line_comment_len(&rest[span.start..])
                    } else {
                        span.len()
                    };
                    self.push(LINE_COMMENT, len);
                    if len != span.len() {
                        return;
                    }
                    continue;
                }
                MainToken::BlockCommentStart => {
                    match rest[span.start + 2..].find("*/") {
                        Some(end) => self.push(BLOCK_COMMENT, end + 4),
                        // An unterminated comment is no comment: HCL's
                        // scanner falls back to the `/` token.
                        None => self.push(SLASH, 1),
                    }
                    return;
                }
                MainToken::NumberStart => {
                    self.push(NUMBER, number_len(&rest[span.start..]));
                    return;
                }
                MainToken::Ident => {
                    // The pattern takes today's Unicode identifier
                    // characters; HCL's scanner takes fewer. The two
                    // agree on ASCII, which is nearly every identifier.
                    let matched = &rest[span.clone()];
                    let ident = if matched.is_ascii() {
                        matched.len()
                    } else {
                        ident_len(&rest[span.start..])
                    };
                    if ident == 0 {
                        let ch = rest[span.start..].chars().next().unwrap();
                        self.push(INVALID, ch.len_utf8());
                    } else {
                        self.push(IDENT, ident);
                    }
                    if self.pos == base + span.end {
                        continue;
                    }
                    return;
                }
                MainToken::LBrace => {
                    self.braces += 1;
                    L_BRACE
                }
                MainToken::RBrace | MainToken::TildeRBrace => {
                    let closes_sequence = ret_braces == Some(self.braces);
                    self.braces = self.braces.saturating_sub(1);
                    if closes_sequence {
                        self.push(TEMPLATE_SEQ_END, len);
                        self.modes.pop();
                        return;
                    }
                    // A stray `~}` is still a sequence end, so that the
                    // parser reports it rather than pairing it with `{`.
                    if kind == MainToken::TildeRBrace {
                        TEMPLATE_SEQ_END
                    } else {
                        R_BRACE
                    }
                }
                MainToken::LBrack => L_BRACK,
                MainToken::RBrack => R_BRACK,
                MainToken::LParen => L_PAREN,
                MainToken::RParen => R_PAREN,
                MainToken::Star => STAR,
                MainToken::Slash => SLASH,
                MainToken::Plus => PLUS,
                MainToken::Minus => MINUS,
                MainToken::Percent => PERCENT,
                MainToken::Eq => EQ,
                MainToken::Eq2 => EQ2,
                MainToken::Neq => NEQ,
                MainToken::Lt => LT,
                MainToken::Lte => LTE,
                MainToken::Gt => GT,
                MainToken::Gte => GTE,
                MainToken::Amp2 => AMP2,
                MainToken::Pipe2 => PIPE2,
                MainToken::Bang => BANG,
                MainToken::Dot => DOT,
                MainToken::Comma => COMMA,
                MainToken::Colon2 => COLON2,
                MainToken::Ellipsis => ELLIPSIS,
                MainToken::FatArrow => FAT_ARROW,
                MainToken::Question => QUESTION,
                MainToken::Colon => COLON,
                MainToken::Quote => {
                    self.push(OPEN_QUOTE, 1);
                    self.modes.push(Mode::Quoted);
                    return;
                }
                MainToken::HeredocStart => {
                    match heredoc_opener(&rest[span.start..]) {
                        Some((len, marker)) => {
                            self.push(HEREDOC_OPEN, len);
                            self.modes.push(Mode::Heredoc {
                                marker,
                                start_of_line: true,
                            });
                        }
                        None => self.push(LT, 1),
                    }
                    return;
                }
            };
            self.push(simple, len);
        }
        self.pos = self.text.len();
    }

    /// Lexes the text of a quoted template (HCL's `stringTemplate`),
    /// splitting it where HCL's scanner does, since token ranges show up
    /// in messages.
    fn lex_quoted(&mut self) {
        let bytes = self.rest().as_bytes();
        match bytes[0] {
            b'"' => {
                self.push(CLOSE_QUOTE, 1);
                self.modes.pop();
                return;
            }
            b'\r' | b'\n' => {
                let len = bytes
                    .iter()
                    .take_while(|b| matches!(b, b'\r' | b'\n'))
                    .count();
                self.push(QUOTED_NEWLINE, len);
                return;
            }
            b'$' | b'%' => {
                if self.sequence_opener().is_none() {
                    match literal_sigil_len(bytes) {
                        Some(len) => self.push(QUOTED_LIT, len),
                        None => self.push(INVALID, 1),
                    }
                }
                return;
            }
            _ => {}
        }
        // A run of text and backslash escapes.
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'"' | b'\r' | b'\n' | b'$' | b'%' => break,
                b'\\' => match bytes.get(i + 1) {
                    None | Some(b'\r' | b'\n') => break,
                    Some(&next) => i += 1 + utf8_len(next),
                },
                b => i += utf8_len(b),
            }
        }
        if i > 0 {
            self.push(QUOTED_LIT, i);
        } else {
            // A backslash before a newline or the end escapes nothing:
            // HCL's scanner makes it an invalid character.
            self.push(INVALID, 1);
        }
    }

    /// Lexes a line, or the part of a line up to a sequence or a `$`/`%`,
    /// of a heredoc (HCL's `heredocTemplate`), splitting it where HCL's
    /// scanner does.
    fn lex_heredoc(&mut self, marker: &str, start_of_line: bool) {
        if self.sequence_opener().is_some() {
            return;
        }
        let bytes = self.rest().as_bytes();
        let (len, ends_line) = match bytes[0] {
            b'$' | b'%' => match literal_sigil_len(bytes) {
                // HCL's scanner backs up one byte after a lone `$` or `%`,
                // except when a `\r` or `\n` follows that byte, which then
                // stays in the sigil's token.
                Some(1) => {
                    let len = if matches!(bytes.get(2), Some(b'\r' | b'\n')) {
                        2
                    } else {
                        1
                    };
                    (len, false)
                }
                // An escaped `${` or `%{` takes a line end that follows it.
                Some(len) => match line_end_len(&bytes[len..]) {
                    0 => (len, false),
                    newline => (len + newline, true),
                },
                None => (0, false),
            },
            _ => {
                let run = bytes
                    .iter()
                    .position(|b| matches!(b, b'$' | b'%' | b'\r' | b'\n'))
                    .unwrap_or(bytes.len());
                match line_end_len(&bytes[run..]) {
                    0 => (run, false),
                    newline => (run + newline, true),
                }
            }
        };
        if len == 0 {
            // A lone `\r`, or a `$` or `%` at the very end, matches no
            // heredoc token: HCL's scanner stops there and makes the rest
            // of the input one invalid token.
            self.push(INVALID, bytes.len());
            return;
        }
        let Some(Mode::Heredoc {
            start_of_line: line_start,
            ..
        }) = self.modes.last_mut()
        else {
            unreachable!("lex_heredoc runs in heredoc mode")
        };
        *line_start = ends_line;
        let line = &self.rest()[..len];
        if ends_line && start_of_line && line.trim() == marker {
            let newline = if line.ends_with("\r\n") { 2 } else { 1 };
            self.push(HEREDOC_CLOSE, len - newline);
            self.push(NEWLINE, newline);
            self.modes.pop();
            return;
        }
        self.push(STRING_LIT, len);
    }

    /// Lexes a line, or the part of a line up to a sequence or a `$`/`%`,
    /// of a standalone template, splitting it where HCL's scanner does:
    /// strip markers trim only the one literal token next to them.
    fn lex_bare_template(&mut self) {
        if self.sequence_opener().is_some() {
            return;
        }
        let bytes = self.rest().as_bytes();
        let len = match bytes[0] {
            b'$' | b'%' => match literal_sigil_len(bytes) {
                // As in heredocs, the byte after a lone sigil stays with it
                // when a line end follows that byte.
                Some(1) if matches!(bytes.get(2), Some(b'\r' | b'\n')) => 2,
                Some(1) => 1,
                Some(len) => len + line_end_len(&bytes[len..]),
                None => 0,
            },
            _ => {
                let run = bytes
                    .iter()
                    .position(|b| matches!(b, b'$' | b'%' | b'\r' | b'\n'))
                    .unwrap_or(bytes.len());
                run + line_end_len(&bytes[run..])
            }
        };
        // A lone `\r`, or a `$` or `%` at the very end, matches no token:
        // HCL's scanner stops there and, at the top level of a template,
        // keeps the rest of the input as literal text.
        let len = if len == 0 { bytes.len() } else { len };
        self.push(STRING_LIT, len);
    }

    /// Lexes `${`, `${~`, `%{` or `%{~` at the current position, entering
    /// expression context; returns `None` if there is none.
    fn sequence_opener(&mut self) -> Option<usize> {
        let bytes = self.rest().as_bytes();
        let kind = match bytes {
            [b'$', b'{', ..] => TEMPLATE_INTERP,
            [b'%', b'{', ..] => TEMPLATE_CONTROL,
            _ => return None,
        };
        let len = if bytes.get(2) == Some(&b'~') { 3 } else { 2 };
        self.push(kind, len);
        self.braces += 1;
        if let Some(Mode::Heredoc { start_of_line, .. }) = self.modes.last_mut() {
            *start_of_line = false;
        }
        self.modes.push(Mode::Main {
            ret_braces: Some(self.braces),
        });
        Some(len)
    }
}

/// The length of the literal token that the `$` or `%` at the start of
/// `bytes` begins, when it begins no sequence: `$${` and `$${~` (and the
/// same with `%`) are one token, any other sigil a token of its own. At the
/// very end of the input it begins none.
fn literal_sigil_len(bytes: &[u8]) -> Option<usize> {
    let sigil = bytes[0];
    match bytes.get(1..) {
        Some([next, b'{', b'~', ..]) if *next == sigil => Some(4),
        Some([next, b'{', ..]) if *next == sigil => Some(3),
        Some([_, ..]) => Some(1),
        _ => None,
    }
}

/// The length of the `\n` or `\r\n` at the start of `bytes`, or 0.
fn line_end_len(bytes: &[u8]) -> usize {
    match bytes {
        [b'\n', ..] => 1,
        [b'\r', b'\n', ..] => 2,
        _ => 0,
    }
}

/// The length of a line comment: everything up to `\n` or `\r\n`; a lone
/// `\r` belongs to the comment.
fn line_comment_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => break,
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => break,
            _ => i += 1,
        }
    }
    i
}

/// The length of the number literal at the start of `text`, following
/// HCL's scanner: digits, dots and exponents, never ending in a dot.
fn number_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 1;
    let mut end = 1;
    loop {
        match bytes.get(i) {
            Some(b'0'..=b'9') => {
                i += 1;
                end = i;
            }
            Some(b'.') => i += 1,
            Some(b'e' | b'E') => {
                let digit_at = if matches!(bytes.get(i + 1), Some(b'+' | b'-')) {
                    i + 2
                } else {
                    i + 1
                };
                if matches!(bytes.get(digit_at), Some(b'0'..=b'9')) {
                    i = digit_at + 1;
                    end = i;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    end
}

/// Recognises `<<ID\n` or `<<-ID\n` (with `\r\n` too) at the start of
/// `text`; returns the opener's length, newline included, and the marker.
fn heredoc_opener(text: &str) -> Option<(usize, &str)> {
    let after = &text[2..];
    let (dash, after) = match after.strip_prefix('-') {
        Some(rest) => (1, rest),
        None => (0, after),
    };
    let ident_len = ident_len(after);
    if ident_len == 0 {
        return None;
    }
    let newline = match &after.as_bytes()[ident_len..] {
        [b'\n', ..] => 1,
        [b'\r', b'\n', ..] => 2,
        _ => return None,
    };
    Some((2 + dash + ident_len + newline, &after[..ident_len]))
}

/// The length of the identifier at the start of `text`, or 0.
pub(crate) fn ident_len(text: &str) -> usize {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, c)) if c == '_' || unicode::is_id_start(c) => {}
        _ => return 0,
    }
    for (i, c) in chars {
        if !(c == '-' || unicode::is_id_continue(c)) {
            return i;
        }
    }
    text.len()
}

fn utf8_len(first_byte: u8) -> usize {
    match first_byte {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, String)> {
        let mut pos = 0;
        lex(text)
            .into_iter()
            .map(|t| {
                let s = text[pos..pos + t.len as usize].to_string();
                pos += t.len as usize;
                (t.kind, s)
            })
            .collect()
    }

    #[test]
    fn numbers_follow_the_scanner() {
        assert_eq!(number_len("1."), 1);
        assert_eq!(number_len("1.5e3"), 5);
        assert_eq!(number_len("1e"), 1);
        assert_eq!(number_len("1.e5"), 4);
        assert_eq!(number_len("1.2.3"), 5);
        assert_eq!(number_len("1e+"), 1);
        assert_eq!(number_len("007"), 3);
    }

    #[test]
    fn heredoc_marker_line() {
        let toks = kinds("a = <<EOT\nx\n  EOT  \n");
        let k: Vec<_> = toks.iter().map(|t| t.0).collect();
        assert_eq!(
            k,
            vec![
                IDENT,
                WHITESPACE,
                EQ,
                WHITESPACE,
                HEREDOC_OPEN,
                STRING_LIT,
                HEREDOC_CLOSE,
                NEWLINE
            ]
        );
    }

    #[test]
    fn nested_braces_in_interpolation() {
        let toks = kinds(r#""${ {a = 1} }""#);
        let k: Vec<_> = toks.iter().map(|t| t.0).collect();
        assert_eq!(
            k,
            vec![
                OPEN_QUOTE,
                TEMPLATE_INTERP,
                WHITESPACE,
                L_BRACE,
                IDENT,
                WHITESPACE,
                EQ,
                WHITESPACE,
                NUMBER,
                R_BRACE,
                WHITESPACE,
                TEMPLATE_SEQ_END,
                CLOSE_QUOTE
            ]
        );
    }

    fn texts(text: &str, kind: SyntaxKind) -> Vec<String> {
        kinds(text)
            .into_iter()
            .filter(|t| t.0 == kind)
            .map(|t| t.1)
            .collect()
    }

    #[test]
    fn literals_split_at_sigils() {
        assert_eq!(
            texts(r#""a$b$${c}%%{~d$""#, QUOTED_LIT),
            ["a", "$", "b", "$${", "c}", "%%{~", "d", "$"]
        );
        // Before a line end, a heredoc keeps the byte after a lone sigil
        // with it, and an escaped `${` takes the line end.
        assert_eq!(
            texts("<<EOT\nx$a\n$${\n$ab\nEOT\n", STRING_LIT),
            ["x", "$a", "\n", "$${\n", "$", "ab\n"]
        );
    }

    #[test]
    fn heredoc_dead_ends() {
        let toks = kinds("<<EOT\nab\rc\nEOT\n");
        assert_eq!(toks.last().unwrap(), &(INVALID, "\rc\nEOT\n".to_string()));
        assert_eq!(
            kinds("<<EOT\nab$").last().unwrap(),
            &(INVALID, "$".to_string())
        );
    }

    fn template_tokens(text: &str) -> Vec<(SyntaxKind, &str)> {
        let mut pos = 0;
        lex_template(text)
            .into_iter()
            .map(|t| {
                let s = &text[pos..pos + t.len as usize];
                pos += t.len as usize;
                (t.kind, s)
            })
            .collect()
    }

    #[test]
    fn standalone_templates_split_where_hcl_does() {
        let literals = |text| -> Vec<&str> {
            template_tokens(text)
                .into_iter()
                .inspect(|t| assert_eq!(t.0, STRING_LIT, "{text:?}"))
                .map(|t| t.1)
                .collect()
        };
        // Lines end tokens, so that a strip marker trims one line only.
        assert_eq!(literals(" a \n\n b\r\nc"), [" a \n", "\n", " b\r\n", "c"]);
        assert_eq!(
            literals("a\\n$b$${c}%%{~d}"),
            ["a\\n", "$", "b", "$${", "c}", "%%{~", "d}"]
        );
        assert_eq!(
            literals("$\n\n$a\n$${\n"),
            ["$\n", "\n", "$a", "\n", "$${\n"]
        );
        // Braces mean nothing outside sequences.
        assert_eq!(literals("} ~} {"), ["} ~} {"]);
        // Where HCL's scanner finds no token the rest of the input is text.
        assert_eq!(literals("a$"), ["a", "$"]);
        assert_eq!(literals("a\rb${x}"), ["a", "\rb${x}"]);
    }

    #[test]
    fn standalone_template_sequences_return_to_text() {
        assert_eq!(
            template_tokens("${ {a = 1} }}%{~ if x ~}\""),
            [
                (TEMPLATE_INTERP, "${"),
                (WHITESPACE, " "),
                (L_BRACE, "{"),
                (IDENT, "a"),
                (WHITESPACE, " "),
                (EQ, "="),
                (WHITESPACE, " "),
                (NUMBER, "1"),
                (R_BRACE, "}"),
                (WHITESPACE, " "),
                (TEMPLATE_SEQ_END, "}"),
                (STRING_LIT, "}"),
                (TEMPLATE_CONTROL, "%{~"),
                (WHITESPACE, " "),
                (IDENT, "if"),
                (WHITESPACE, " "),
                (IDENT, "x"),
                (WHITESPACE, " "),
                (TEMPLATE_SEQ_END, "~}"),
                (STRING_LIT, "\""),
            ]
        );
        assert_eq!(template_tokens("\u{feff}a")[0], (BOM, "\u{feff}"));
    }

    #[test]
    fn lengths_cover_the_input() {
        for text in [
            "\"abc",
            "a = \"x\ny\"",
            "<<EOT\n${",
            "$${a}%%{",
            "\u{feff}a=1",
            "/* x",
            "é\u{2028}",
        ] {
            for tokens in [lex(text), lex_template(text)] {
                let total: u32 = tokens.iter().map(|t| t.len).sum();
                assert_eq!(total as usize, text.len(), "{text:?}");
            }
        }
    }
}
