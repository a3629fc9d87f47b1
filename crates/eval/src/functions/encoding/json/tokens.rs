// Go port of `json.Decoder.Token`: OpenTofu shows its error texts and offsets, which serde_json words differently.
//! JSON tokens as Go's `json.Decoder.Token` reads them, with its error
//! texts: delimiters are checked by the token state machine, scalars by
//! the scanner as `Decoder.Decode` reads them.

/// A token; numbers keep their text.
#[derive(Debug, PartialEq)]
pub(super) enum Token<'a> {
    ArrayStart,
    ArrayEnd,
    ObjectStart,
    ObjectEnd,
    Null,
    Bool(bool),
    Number(&'a str),
    String(String),
}

/// Go's `tokenState`: what the decoder expects next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    TopValue,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

pub(super) struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    state: State,
    stack: Vec<State>,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// Go's `quoteChar`: a byte as the scanner names it in messages.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => r"'\''".to_owned(),
        b'"' => "'\"'".to_owned(),
        // Go converts the byte itself to a rune, so UTF-8 lead bytes
        // show as Latin-1 characters.
        _ => {
            let quoted = tofu_syntax::quote::go_quote(&char::from(c).to_string());
            format!("'{}'", &quoted[1..quoted.len() - 1])
        }
    }
}

fn invalid(c: u8, context: &str) -> String {
    format!("invalid character {}{context}", quote_char(c))
}

const UNEXPECTED_EOF: &str = "unexpected EOF";

impl<'a> Tokens<'a> {
    pub(super) fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            text,
            pos: 0,
            state: State::TopValue,
            stack: Vec::new(),
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The next byte that is not white space, left unread.
    fn peek(&mut self) -> Option<u8> {
        while let Some(&c) = self.bytes().get(self.pos) {
            if !is_space(c) {
                return Some(c);
            }
            self.pos += 1;
        }
        None
    }

    /// Go's `Decoder.More`.
    pub(super) fn more(&mut self) -> bool {
        self.peek().is_some_and(|c| c != b']' && c != b'}')
    }

    fn value_allowed(&self) -> bool {
        matches!(
            self.state,
            State::TopValue | State::ArrayStart | State::ArrayValue | State::ObjectValue
        )
    }

    fn value_end(&mut self) {
        match self.state {
            State::ArrayStart | State::ArrayValue => self.state = State::ArrayComma,
            State::ObjectValue => self.state = State::ObjectComma,
            _ => {}
        }
    }

    fn token_error(&self, c: u8) -> String {
        let context = match self.state {
            State::TopValue | State::ArrayStart | State::ArrayValue | State::ObjectValue => {
                " looking for beginning of value"
            }
            State::ArrayComma => " after array element",
            State::ObjectKey => " looking for beginning of object key string",
            State::ObjectColon => " after object key",
            State::ObjectComma => " after object key:value pair",
            // Go names no context here.
            State::ObjectStart => "",
        };
        invalid(c, context)
    }

    fn close(&mut self) {
        self.pos += 1;
        self.state = self.stack.pop().unwrap_or(State::TopValue);
        self.value_end();
    }

    /// Go's `Decoder.Token`; at the end of the input the error is `EOF`.
    pub(super) fn next(&mut self) -> Result<Token<'a>, String> {
        loop {
            let Some(c) = self.peek() else {
                return Err("EOF".to_owned());
            };
            match c {
                b'[' | b'{' => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.stack.push(self.state);
                    if c == b'[' {
                        self.state = State::ArrayStart;
                        return Ok(Token::ArrayStart);
                    }
                    self.state = State::ObjectStart;
                    return Ok(Token::ObjectStart);
                }
                b']' => {
                    if !matches!(self.state, State::ArrayStart | State::ArrayComma) {
                        return Err(self.token_error(c));
                    }
                    self.close();
                    return Ok(Token::ArrayEnd);
                }
                b'}' => {
                    if !matches!(self.state, State::ObjectStart | State::ObjectComma) {
                        return Err(self.token_error(c));
                    }
                    self.close();
                    return Ok(Token::ObjectEnd);
                }
                b':' => {
                    if self.state != State::ObjectColon {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.state = State::ObjectValue;
                }
                b',' => {
                    self.state = match self.state {
                        State::ArrayComma => State::ArrayValue,
                        State::ObjectComma => State::ObjectKey,
                        _ => return Err(self.token_error(c)),
                    };
                    self.pos += 1;
                }
                b'"' if matches!(self.state, State::ObjectStart | State::ObjectKey) => {
                    let key = self.scalar()?;
                    self.state = State::ObjectColon;
                    return Ok(key);
                }
                _ => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    let token = self.scalar()?;
                    self.value_end();
                    return Ok(token);
                }
            }
        }
    }

    /// One scalar value from the current position, as Go's scanner reads
    /// it in `Decoder.readValue`.
    fn scalar(&mut self) -> Result<Token<'a>, String> {
        let start = self.pos;
        let bytes = self.bytes();
        let first = bytes[start];
        let end = match first {
            b'"' => scan_string(bytes, start)?,
            b'-' | b'0'..=b'9' => scan_number(bytes, start)?,
            b't' => scan_literal(bytes, start, "true")?,
            b'f' => scan_literal(bytes, start, "false")?,
            b'n' => scan_literal(bytes, start, "null")?,
            _ => return Err(invalid(first, " looking for beginning of value")),
        };
        self.pos = end;
        // Scalars end on ASCII bytes, so these are char boundaries.
        let text = self.text.get(start..end).unwrap_or_default();
        Ok(match first {
            b'"' => Token::String(unquote(text)),
            b't' => Token::Bool(true),
            b'f' => Token::Bool(false),
            b'n' => Token::Null,
            _ => Token::Number(text),
        })
    }
}

/// The end of the string literal starting at `start`.
fn scan_string(bytes: &[u8], start: usize) -> Result<usize, String> {
    let mut i = start + 1;
    loop {
        let Some(&c) = bytes.get(i) else {
            return Err(UNEXPECTED_EOF.to_owned());
        };
        i += 1;
        match c {
            b'"' => return Ok(i),
            b'\\' => {
                let Some(&e) = bytes.get(i) else {
                    return Err(UNEXPECTED_EOF.to_owned());
                };
                i += 1;
                match e {
                    b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => {}
                    b'u' => {
                        for _ in 0..4 {
                            let Some(&h) = bytes.get(i) else {
                                return Err(UNEXPECTED_EOF.to_owned());
                            };
                            if !h.is_ascii_hexdigit() {
                                return Err(invalid(h, " in \\u hexadecimal character escape"));
                            }
                            i += 1;
                        }
                    }
                    _ => return Err(invalid(e, " in string escape code")),
                }
            }
            c if c < 0x20 => return Err(invalid(c, " in string literal")),
            _ => {}
        }
    }
}

/// The end of the number starting at `start`: Go's `stateNeg` through
/// `stateE0`. The number ends at the first byte that cannot continue it.
fn scan_number(bytes: &[u8], start: usize) -> Result<usize, String> {
    let at = |i: usize| bytes.get(i).copied();
    let digits_from = |mut i: usize| {
        while at(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        i
    };
    let mut i = start;
    if at(i) == Some(b'-') {
        i += 1;
    }
    match at(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = digits_from(i + 1),
        Some(c) => return Err(invalid(c, " in numeric literal")),
        None => return Err(UNEXPECTED_EOF.to_owned()),
    }
    if at(i) == Some(b'.') {
        i += 1;
        match at(i) {
            Some(c) if c.is_ascii_digit() => i = digits_from(i),
            Some(c) => return Err(invalid(c, " after decimal point in numeric literal")),
            None => return Err(UNEXPECTED_EOF.to_owned()),
        }
    }
    if matches!(at(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(at(i), Some(b'+' | b'-')) {
            i += 1;
        }
        match at(i) {
            Some(c) if c.is_ascii_digit() => i = digits_from(i),
            Some(c) => return Err(invalid(c, " in exponent of numeric literal")),
            None => return Err(UNEXPECTED_EOF.to_owned()),
        }
    }
    Ok(i)
}

fn scan_literal(bytes: &[u8], start: usize, word: &str) -> Result<usize, String> {
    for (offset, expected) in word.bytes().enumerate().skip(1) {
        match bytes.get(start + offset) {
            Some(&c) if c == expected => {}
            Some(&c) => {
                return Err(invalid(
                    c,
                    &format!(" in literal {word} (expecting {})", quote_char(expected)),
                ));
            }
            None => return Err(UNEXPECTED_EOF.to_owned()),
        }
    }
    Ok(start + word.len())
}

fn hex4(s: &[u8]) -> Option<u32> {
    let digits = s.get(..4)?;
    let text = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(text, 16).ok()
}

/// Go's `unquote` of a scanned string literal: bad surrogates become
/// U+FFFD.
fn unquote(literal: &str) -> String {
    let inner = literal
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or_default();
    if !inner.contains('\\') {
        return inner.to_owned();
    }
    let bytes = inner.as_bytes();
    let mut out = String::with_capacity(inner.len());
    let mut rest = inner;
    while let Some(backslash) = rest.find('\\') {
        out.push_str(&rest[..backslash]);
        let offset = inner.len() - rest.len() + backslash;
        let escape = bytes.get(offset + 1).copied().unwrap_or(b'\\');
        let mut consumed = 2;
        match escape {
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let first = hex4(&bytes[offset + 2..]).unwrap_or(0xfffd);
                consumed = 6;
                let c = if (0xd800..0xe000).contains(&first) {
                    let second = bytes
                        .get(offset + 6..offset + 8)
                        .filter(|p| *p == b"\\u")
                        .and_then(|_| hex4(&bytes[offset + 8..]));
                    match second {
                        Some(low)
                            if (0xd800..0xdc00).contains(&first)
                                && (0xdc00..0xe000).contains(&low) =>
                        {
                            consumed = 12;
                            char::from_u32(0x10000 + ((first - 0xd800) << 10) + (low - 0xdc00))
                        }
                        _ => None,
                    }
                } else {
                    char::from_u32(first)
                };
                out.push(c.unwrap_or('\u{fffd}'));
            }
            other => out.push(char::from(other)),
        }
        rest = inner.get(offset + consumed..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Result<Vec<Token<'_>>, String> {
        let mut t = Tokens::new(text);
        let mut out = Vec::new();
        loop {
            match t.next() {
                Ok(tok) => out.push(tok),
                Err(e) if e == "EOF" => return Ok(out),
                Err(e) => return Err(e),
            }
        }
    }

    #[test]
    fn go_messages() {
        let err = |s| tokens(s).unwrap_err();
        assert_eq!(err("{1:2}"), "invalid character '1'");
        assert_eq!(err("[1 2]"), "invalid character '2' after array element");
        assert_eq!(err("{\"a\" 1}"), "invalid character '1' after object key");
        assert_eq!(
            err("{\"a\":1 \"b\"}"),
            "invalid character '\"' after object key:value pair"
        );
        assert_eq!(
            err("{\"a\":1,}"),
            "invalid character '}' looking for beginning of object key string"
        );
        assert_eq!(
            err("[tru]"),
            "invalid character ']' in literal true (expecting 'e')"
        );
        assert_eq!(err("tru"), "unexpected EOF");
        assert_eq!(err("\"a\nb\""), "invalid character '\\n' in string literal");
        assert_eq!(
            err("\"\\x\""),
            "invalid character 'x' in string escape code"
        );
        assert_eq!(err("-a"), "invalid character 'a' in numeric literal");
        assert_eq!(
            err("1.e"),
            "invalid character 'e' after decimal point in numeric literal"
        );
        assert_eq!(err("1e+"), "unexpected EOF");
        assert_eq!(
            err("é"),
            "invalid character 'Ã' looking for beginning of value"
        );
        assert_eq!(
            err("'a'"),
            "invalid character '\\'' looking for beginning of value"
        );
    }

    #[test]
    fn unquotes_like_go() {
        assert_eq!(
            unquote(r#""a\u00e9\ud83d\ude00\ud800x\/""#),
            "aé😀\u{fffd}x/"
        );
        assert_eq!(unquote(r#""\udc00\u0041""#), "\u{fffd}A");
    }
}
