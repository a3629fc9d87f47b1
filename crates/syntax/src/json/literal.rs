// Go port of `encoding/json`'s string and number checks as HCL's JSON parser uses them: Go's offsets; no JSON crate is a dependency.
//! Checking and decoding of scalar tokens.
//!
//! HCL hands each string and number token to Go's `encoding/json` and then
//! parses numbers with `math/big`; the checks here accept exactly what those
//! accept, and report string errors at the offsets Go reports them.

use std::borrow::Cow;
use std::fmt;

/// A string token that `encoding/json` would not accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InvalidString;

impl fmt::Display for InvalidString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid JSON string")
    }
}

impl std::error::Error for InvalidString {}

/// Decodes the text of a string token, quotes included, as `encoding/json`
/// does: escapes are resolved and a lone or misordered UTF-16 surrogate
/// becomes U+FFFD. Borrows from `text` when there is nothing to resolve.
pub fn decode_string(text: &str) -> Result<Cow<'_, str>, InvalidString> {
    if string_error_offset(text).is_some() {
        return Err(InvalidString);
    }
    let content = &text[1..closing_quote(text)];
    if !content.contains('\\') {
        return Ok(Cow::Borrowed(content));
    }
    Ok(Cow::Owned(unescape(content)))
}

/// Where Go's `encoding/json` rejects `text`, in its terms: the number of
/// bytes it had read, counting the offending one, or the whole length when
/// the input ends too soon. `None` for a valid string.
///
/// `text` is a string token, so it starts with a quote.
pub(super) fn string_error_offset(text: &str) -> Option<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        InString,
        Escape,
        Unicode(u8),
        /// After the closing quote, where only whitespace may follow.
        End,
    }
    let mut state = State::InString;
    for (i, &b) in text.as_bytes().iter().enumerate().skip(1) {
        let accepted = match state {
            State::InString => match b {
                b'"' => {
                    state = State::End;
                    true
                }
                b'\\' => {
                    state = State::Escape;
                    true
                }
                _ => b >= 0x20,
            },
            State::Escape => match b {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {
                    state = State::InString;
                    true
                }
                b'u' => {
                    state = State::Unicode(0);
                    true
                }
                _ => false,
            },
            State::Unicode(n) => {
                state = if n == 3 {
                    State::InString
                } else {
                    State::Unicode(n + 1)
                };
                b.is_ascii_hexdigit()
            }
            State::End => matches!(b, b' ' | b'\t' | b'\r' | b'\n'),
        };
        if !accepted {
            return Some(i + 1);
        }
    }
    (state != State::End).then_some(text.len())
}

/// The index of the closing quote of a valid string token. Usually the last
/// byte, but HCL's scanner may have run past it over whitespace.
fn closing_quote(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Resolves the escapes of valid string content.
fn unescape(content: &str) -> String {
    let mut out = String::with_capacity(content.len());
    let mut rest = content;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let escape = &rest[at..];
        let (c, len) = match escape.as_bytes()[1] {
            b'b' => ('\u{8}', 2),
            b'f' => ('\u{c}', 2),
            b'n' => ('\n', 2),
            b'r' => ('\r', 2),
            b't' => ('\t', 2),
            b'u' => unicode_escape(escape),
            other => (char::from(other), 2),
        };
        out.push(c);
        rest = &escape[len..];
    }
    out.push_str(rest);
    out
}

/// Decodes `\uXXXX`, joining it with a following low surrogate escape when
/// it is a high surrogate. Returns the character and the bytes consumed.
fn unicode_escape(escape: &str) -> (char, usize) {
    let Some(first) = hex4(escape) else {
        return (char::REPLACEMENT_CHARACTER, 2);
    };
    if let Some(c) = char::from_u32(first) {
        return (c, 6);
    }
    if (0xD800..0xDC00).contains(&first)
        && let Some(second @ 0xDC00..=0xDFFF) = hex4(&escape[6..])
    {
        let c = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
        return (char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER), 12);
    }
    (char::REPLACEMENT_CHARACTER, 6)
}

/// The value of `\uXXXX` at the start of `s`.
fn hex4(s: &str) -> Option<u32> {
    let digits = s.strip_prefix("\\u")?.get(..4)?;
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}

/// Whether HCL accepts a number token: it must be a JSON number, and
/// `math/big` must be able to parse it, which fails when the exponent does
/// not fit 64 bits or the binary exponent of the result does not fit 32.
pub(super) fn is_valid_number(text: &str) -> bool {
    let Some(parts) = split_number(text) else {
        return false;
    };
    let Some(exponent) = parse_exponent(parts.exponent) else {
        return false;
    };
    // Too few digits and too small an exponent to leave 32 bits.
    if exponent.unsigned_abs() < 1 << 30 && text.len() < 1 << 28 {
        return true;
    }
    let digits = parts.digits();
    let significant = digits.trim_start_matches('0');
    if significant.is_empty() {
        // Zero is special-cased before any exponent arithmetic.
        return true;
    }
    let binary_exponent = bit_length(significant)
        .wrapping_sub(parts.fraction.len() as i64)
        .wrapping_add(exponent);
    i32::try_from(binary_exponent).is_ok()
}

/// A JSON number, split at its parts; `None` if `text` is not one.
struct NumberParts<'a> {
    integer: &'a str,
    fraction: &'a str,
    /// The exponent's digits with its sign, `""` if there is none.
    exponent: &'a str,
}

impl NumberParts<'_> {
    fn digits(&self) -> String {
        let mut digits = String::with_capacity(self.integer.len() + self.fraction.len());
        digits.push_str(self.integer);
        digits.push_str(self.fraction);
        digits
    }
}

fn split_number(text: &str) -> Option<NumberParts<'_>> {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let integer_len = digit_run(unsigned);
    let integer = &unsigned[..integer_len];
    if integer.is_empty() || (integer.len() > 1 && integer.starts_with('0')) {
        return None;
    }
    let mut rest = &unsigned[integer_len..];
    let mut fraction = "";
    if let Some(after_dot) = rest.strip_prefix('.') {
        let len = digit_run(after_dot);
        if len == 0 {
            return None;
        }
        fraction = &after_dot[..len];
        rest = &after_dot[len..];
    }
    let mut exponent = "";
    if let Some(after_e) = rest.strip_prefix(['e', 'E']) {
        let unsigned = after_e.strip_prefix(['+', '-']).unwrap_or(after_e);
        let len = digit_run(unsigned);
        if len == 0 {
            return None;
        }
        exponent = &after_e[..after_e.len() - unsigned.len() + len];
        rest = &unsigned[len..];
    }
    rest.is_empty().then_some(NumberParts {
        integer,
        fraction,
        exponent,
    })
}

fn digit_run(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

fn parse_exponent(exponent: &str) -> Option<i64> {
    if exponent.is_empty() {
        return Some(0);
    }
    exponent.strip_prefix('+').unwrap_or(exponent).parse().ok()
}

/// The number of bits of the integer written with the decimal `digits`
/// (no leading zeros). Exact up to 19 digits; beyond that, estimated from the
/// leading digits, which can be off by one only next to a power of two.
fn bit_length(digits: &str) -> i64 {
    if let Ok(n) = digits.parse::<u64>() {
        return i64::from(64 - n.leading_zeros());
    }
    let lead: f64 = digits[..17].parse().unwrap_or(1.0);
    let log2 = lead.log2() + (digits.len() - 17) as f64 * std::f64::consts::LOG2_10;
    log2.floor() as i64 + 1
}

/// A keyword HCL suggests for a misspelled one: the first of `false`,
/// `true`, `null` within an edit distance of two.
pub(super) fn keyword_suggestion(given: &str) -> Option<&'static str> {
    crate::suggest::name_suggestion(given, ["false", "true", "null"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_string_error_offsets() {
        assert_eq!(string_error_offset(r#""abc""#), None);
        assert_eq!(string_error_offset(r#""a\"\\\/\b\f\n\r\t\u00e9""#), None);
        // One past the offending byte, as Go counts it.
        assert_eq!(string_error_offset(r#""he\llo""#), Some(5));
        assert_eq!(string_error_offset(r#""\u12x4""#), Some(6));
        // Cut short: the whole length.
        assert_eq!(string_error_offset(r#""abc"#), Some(4));
        assert_eq!(string_error_offset(r#""abc\"#), Some(5));
        assert_eq!(string_error_offset(r#""\u12"#), Some(5));
        // A hidden quote ended the string early.
        assert_eq!(string_error_offset("\"\u{600}\" x\""), Some(6));
        assert_eq!(string_error_offset("\"\u{600}\"  "), None);
    }

    #[test]
    fn decodes_like_encoding_json() {
        let decode = |s| decode_string(s).map(Cow::into_owned);
        assert!(matches!(
            decode_string(r#""plain""#),
            Ok(Cow::Borrowed("plain"))
        ));
        assert_eq!(
            decode(r#""a\"b\\c\/d\n\t""#),
            Ok("a\"b\\c/d\n\t".to_owned())
        );
        assert_eq!(decode(r#""\u00e9\u20AC""#), Ok("é€".to_owned()));
        assert_eq!(decode(r#""\ud83d\ude00""#), Ok("😀".to_owned()));
        assert_eq!(decode(r#""\ud83dx""#), Ok("\u{fffd}x".to_owned()));
        assert_eq!(
            decode(r#""\ude00\ud83d""#),
            Ok("\u{fffd}\u{fffd}".to_owned())
        );
        assert_eq!(decode(r#""\ud83d\u0041""#), Ok("\u{fffd}A".to_owned()));
        assert_eq!(decode("\"\u{600}\"  "), Ok("\u{600}".to_owned()));
        assert_eq!(decode(r#""\x""#), Err(InvalidString));
        assert_eq!(decode(r#""open"#), Err(InvalidString));
    }

    #[test]
    fn numbers() {
        for valid in [
            "0",
            "-0",
            "1",
            "-12",
            "1.5",
            "0.25",
            "1e5",
            "1E+5",
            "2.5e-10",
            "1e2147483646",
        ] {
            assert!(is_valid_number(valid), "{valid}");
        }
        for invalid in [
            "",
            "-",
            "+1",
            ".5",
            "01",
            "-01",
            "1.",
            "1.e5",
            "1e",
            "1e+",
            "1.2.3",
            "1-2",
            "--1",
            "1e2147483647",
            "1e99999999999999999999",
            "0e99999999999999999999",
        ] {
            assert!(!is_valid_number(invalid), "{invalid}");
        }
        // Zero is never out of range, however large its exponent.
        assert!(is_valid_number("0.000e9223372036854775807"));
        assert!(is_valid_number("1e-2147483649"));
        assert!(!is_valid_number("1e-2147483650"));
    }

    #[test]
    fn bit_lengths() {
        assert_eq!(bit_length("1"), 1);
        assert_eq!(bit_length("255"), 8);
        assert_eq!(bit_length("256"), 9);
        assert_eq!(bit_length("18446744073709551615"), 64);
        assert_eq!(bit_length("18446744073709551616"), 65);
        assert_eq!(bit_length("99999999999999999999"), 67);
    }

    #[test]
    fn suggestions() {
        assert_eq!(keyword_suggestion("True"), Some("true"));
        assert_eq!(keyword_suggestion("flase"), Some("false"));
        assert_eq!(keyword_suggestion("nul"), Some("null"));
        assert_eq!(keyword_suggestion("nil"), Some("null"));
        assert_eq!(keyword_suggestion("yes"), None);
    }
}
