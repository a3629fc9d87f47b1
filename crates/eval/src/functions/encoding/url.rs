// Go port of `url.QueryEscape`/`QueryUnescape`: `+` for spaces and Go's error texts; no crate here has both.
//! Go's `url.QueryEscape` and `url.QueryUnescape`.

/// Bytes left alone by `QueryEscape`: RFC 3986 unreserved characters.
fn is_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b'~')
}

pub(super) fn query_escape(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len());
    for &c in s.as_bytes() {
        if is_unreserved(c) {
            out.push(char::from(c));
        } else if c == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(c >> 4)]));
            out.push(char::from(HEX[usize::from(c & 15)]));
        }
    }
    out
}

fn hex_value(c: u8) -> Option<u8> {
    char::from(c).to_digit(16).map(|d| d as u8)
}

/// `QueryUnescape`; the error is Go's `url.EscapeError` text. The bytes
/// may not be UTF-8.
pub(super) fn query_unescape(s: &str) -> Result<Vec<u8>, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let escape = bytes
                    .get(i + 1)
                    .copied()
                    .and_then(hex_value)
                    .and_then(|hi| {
                        bytes
                            .get(i + 2)
                            .copied()
                            .and_then(hex_value)
                            .map(|lo| (hi << 4) | lo)
                    });
                let Some(b) = escape else {
                    // Go quotes up to three bytes from the `%`.
                    let end = (i + 3).min(bytes.len());
                    return Err(format!(
                        "invalid URL escape {}",
                        tofu_syntax::quote::go_quote_bytes(&bytes[i..end])
                    ));
                };
                out.push(b);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_go() {
        assert_eq!(
            query_escape("foo:bar@localhost?foo=bar&bar=baz"),
            "foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz"
        );
        assert_eq!(query_escape("a b~"), "a+b~");
        assert_eq!(
            query_unescape("hello%20%E4%B8%96").unwrap(),
            "hello 世".as_bytes()
        );
        assert_eq!(
            query_unescape("foo% bar").unwrap_err(),
            "invalid URL escape \"% b\""
        );
        assert_eq!(
            query_unescape("ab%4").unwrap_err(),
            "invalid URL escape \"%4\""
        );
    }
}
