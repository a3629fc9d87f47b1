//! Validation of the escape sequences of quoted template literals, with
//! HCL's messages (`ParseStringLiteralToken`).

use rowan::{TextRange, TextSize};

use tofu_diagnostics::Code;

use crate::SyntaxError;

/// Checks the escapes of one literal token starting at `start`; `quoted`
/// is false for heredoc text, which has no backslash escapes.
pub(crate) fn check(text: &str, start: TextSize, quoted: bool) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    if !quoted || !text.contains('\\') {
        return errors;
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let (len, problem) = escape_at(&text[i..]);
        if let Some(detail) = problem {
            let range = TextRange::at(start + TextSize::from(i as u32), TextSize::from(len as u32));
            errors.push(SyntaxError::error_at(
                Code::InvalidEscapeSequence,
                detail,
                range,
            ));
        }
        i += len;
    }
    errors
}

/// The length of the escape at the start of `text` and what is wrong with
/// it, if anything.
fn escape_at(text: &str) -> (usize, Option<String>) {
    let mut chars = text[1..].chars();
    let Some(selector) = chars.next() else {
        return (
            1,
            Some("Backslash must be followed by an escape sequence selector character.".into()),
        );
    };
    match selector {
        'n' | 'r' | 't' | '"' | '\\' => (2, None),
        'u' | 'U' => {
            let want = if selector == 'u' { 4 } else { 8 };
            let digits = text[2..]
                .bytes()
                .take(want)
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            let len = 2 + digits;
            if digits != want {
                let detail = if selector == 'u' {
                    "The \\u escape sequence must be followed by four hexadecimal digits."
                } else {
                    "The \\U escape sequence must be followed by eight hexadecimal digits."
                };
                return (len, Some(detail.into()));
            }
            let code = u32::from_str_radix(&text[2..len], 16).unwrap_or(u32::MAX);
            if char::from_u32(code).is_none() {
                return (
                    len,
                    Some(format!("Cannot encode character U+{code:04x} in UTF-8.")),
                );
            }
            (len, None)
        }
        other => (
            1 + other.len_utf8(),
            Some(format!(
                "The symbol {} is not a valid escape sequence selector.",
                crate::quote::go_quote(&other.to_string())
            )),
        ),
    }
}

/// Decodes the escapes of a quoted literal (after validation; invalid
/// escapes decode as HCL does, to their selector).
pub fn unescape_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['\\', '$', '%']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let first = rest.as_bytes()[0];
        if first != b'\\' {
            // `$${` and `%%{` stand for `${` and `%{`.
            if rest.len() >= 3 && rest.as_bytes()[1] == first && rest.as_bytes()[2] == b'{' {
                out.push(first as char);
                out.push('{');
                rest = &rest[3..];
            } else {
                out.push(first as char);
                rest = &rest[1..];
            }
            continue;
        }
        let (len, problem) = escape_at(rest);
        let body = &rest[1..len];
        match body.chars().next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some('u' | 'U') if problem.is_none() => {
                let code = u32::from_str_radix(&body[1..], 16).unwrap_or(0xfffd);
                out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
            }
            Some('u' | 'U') => {}
            Some(_) => out.push_str(body),
            None => out.push('\\'),
        }
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}

/// Decodes the `$${` and `%%{` escapes of heredoc text; the same rules
/// as [`unescape_template`].
pub fn unescape_heredoc(text: &str) -> String {
    unescape_template(text)
}

/// Decodes a `STRING_LIT` of a standalone template (or a heredoc): `$${`
/// stands for `${` and `%%{` for `%{`; backslashes are plain text.
///
/// HCL's escape scanner reads `$$` as one unit whether or not `{`
/// follows, so `$$${` stays as it is rather than becoming `$${`.
pub fn unescape_template(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let sigil = bytes[i];
        if sigil != b'$' && sigil != b'%' {
            i += 1;
            continue;
        }
        match (bytes.get(i + 1), bytes.get(i + 2)) {
            (Some(&second), Some(b'{')) if second == sigil => {
                out.push_str(&text[copied..=i]);
                i += 2;
                copied = i;
                i += 1;
            }
            (Some(&second), _) if second == sigil => i += 2,
            _ => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details(text: &str) -> Vec<String> {
        check(text, 0.into(), true)
            .into_iter()
            .map(|e| e.detail)
            .collect()
    }

    #[test]
    fn escape_errors() {
        assert!(details(r#"a\n\t\"\\\u00e9\U0001F600"#).is_empty());
        assert_eq!(
            details(r"\u12"),
            ["The \\u escape sequence must be followed by four hexadecimal digits."]
        );
        assert_eq!(
            details(r"\ud800"),
            ["Cannot encode character U+d800 in UTF-8."]
        );
        assert_eq!(
            details(r"\x"),
            ["The symbol \"x\" is not a valid escape sequence selector."]
        );
        assert_eq!(
            details("\\\u{1}"),
            ["The symbol \"\\x01\" is not a valid escape sequence selector."]
        );
    }

    #[test]
    fn unescaping() {
        assert_eq!(
            unescape_quoted(r"a\nb\u00e9$${x}%%{y}$$z"),
            "a\nbé${x}%{y}$$z"
        );
        assert_eq!(unescape_heredoc("$${a} %%{b}"), "${a} %{b}");
    }

    #[test]
    fn template_unescaping_keeps_backslashes() {
        assert_eq!(unescape_template(r"hello\nworld"), r"hello\nworld");
        assert_eq!(unescape_template("$${a}%%{~b}$%{"), "${a}%{~b}$%{");
        assert_eq!(unescape_template("$$${x} %%%{y} $$"), "$$${x} %%%{y} $$");
        assert_eq!(unescape_template("é$${é"), "é${é");
    }
}
