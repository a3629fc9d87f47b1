// Go port of `strconv.Quote`: Rust's `{:?}` escapes differently (combining marks, `\u{..}` syntax).
//! Strings quoted for messages as Go's `%q` quotes them, as HCL and
//! OpenTofu do for names in diagnostics.

/// `value` in double quotes with Go's escapes. Go leaves every printable
/// character alone, combining marks included (where Rust's `{:?}` escapes
/// them), by its own Unicode table of printable characters.
pub fn go_quote(value: &str) -> String {
    let mut quoted = String::with_capacity(value.len() + 2);
    quoted.push('"');
    for c in value.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\u{7}' => quoted.push_str("\\a"),
            '\u{8}' => quoted.push_str("\\b"),
            '\u{c}' => quoted.push_str("\\f"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            '\u{b}' => quoted.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                quoted.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if is_go_printable(c) => quoted.push(c),
            c if (c as u32) < 0x10000 => quoted.push_str(&format!("\\u{:04x}", c as u32)),
            c => quoted.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    quoted.push('"');
    quoted
}

/// `strconv.Quote` of bytes that may not be UTF-8, as Go's `%q` of a byte
/// slice: each invalid byte as `\xNN`.
pub fn go_quote_bytes(bytes: &[u8]) -> String {
    let mut quoted = String::from("\"");
    for chunk in bytes.utf8_chunks() {
        let valid = go_quote(chunk.valid());
        quoted.push_str(&valid[1..valid.len() - 1]);
        for b in chunk.invalid() {
            quoted.push_str(&format!("\\x{b:02x}"));
        }
    }
    quoted.push('"');
    quoted
}

/// Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols
/// and the ASCII space, by the Unicode table current Go releases carry.
pub fn is_go_printable(c: char) -> bool {
    crate::native::unicode::is_printable(c)
}

#[cfg(test)]
mod tests {
    use super::{go_quote, go_quote_bytes};

    #[test]
    fn quotes_like_go() {
        assert_eq!(go_quote("a b"), r#""a b""#);
        assert_eq!(go_quote("\"\\\n\t\u{1}\u{7f}"), r#""\"\\\n\t\x01\x7f""#);
        assert_eq!(go_quote("e\u{301}é→"), "\"e\u{301}é→\"");
        assert_eq!(
            go_quote("\u{a0}\u{200b}\u{feff}"),
            r#""\u00a0\u200b\ufeff""#
        );
        assert_eq!(go_quote("\u{f0000}"), r#""\U000f0000""#);
        assert_eq!(go_quote("a\"b\\c\n"), r#""a\"b\\c\n""#);
        assert_eq!(
            go_quote("\u{7f}\u{a0}\u{301}\u{1F600}\u{E0001}'"),
            "\"\\x7f\\u00a0\u{301}\u{1F600}\\U000e0001'\""
        );
        assert_eq!(go_quote_bytes(b"ab\"c"), "\"ab\\\"c\"");
        assert_eq!(go_quote_bytes(&[b'a', 0xc3, b'\n']), "\"a\\xc3\\n\"");
    }
}
