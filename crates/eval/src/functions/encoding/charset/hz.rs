// Go port of x/text's `simplifiedchinese.HZGB2312`: `encoding_rs` has no HZ-GB-2312.
//! HZ-GB-2312 (RFC 1843) as Go's `simplifiedchinese.HZGB2312` converts it:
//! GB2312 byte pairs with the high bits cleared between `~{` and `~}`.

use encoding_rs::GBK;

/// Decodes; U+FFFD wherever Go's decoder reports an error.
pub(super) fn decode(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut gb = false;
    let mut i = 0;
    while i < bytes.len() {
        let c0 = bytes[i];
        if c0 >= 0x80 {
            out.push('\u{fffd}');
            i += 1;
            continue;
        }
        if c0 == b'~' {
            match bytes.get(i + 1) {
                None => {
                    out.push('\u{fffd}');
                    i += 1;
                }
                Some(b'{') => {
                    gb = true;
                    i += 2;
                }
                Some(b'}') => {
                    gb = false;
                    i += 2;
                }
                Some(b'~') => {
                    out.push('~');
                    i += 2;
                }
                Some(b'\n') => i += 2,
                Some(_) => {
                    out.push('\u{fffd}');
                    i += 2;
                }
            }
            continue;
        }
        if !gb {
            out.push(char::from(c0));
            i += 1;
            continue;
        }
        let Some(&c1) = bytes.get(i + 1) else {
            out.push('\u{fffd}');
            i += 1;
            continue;
        };
        let pair_ok = (0x21..0x7e).contains(&c0) && (0x21..0x7f).contains(&c1);
        let gbk = [c0 | 0x80, c1 | 0x80];
        let decoded = if pair_ok {
            GBK.decode_without_bom_handling_and_without_replacement(&gbk)
                .and_then(|s| s.chars().next())
        } else {
            None
        };
        out.push(decoded.unwrap_or('\u{fffd}'));
        i += 2;
    }
    out
}

/// Encodes; `None` for a character outside GB2312. Like Go's encoder, it
/// does not switch back to ASCII at the end.
pub(super) fn encode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut gb = false;
    for c in s.chars() {
        if c.is_ascii() {
            if c == '~' {
                out.extend_from_slice(b"~~");
                continue;
            }
            if gb {
                out.extend_from_slice(b"~}");
                gb = false;
            }
            out.push(c as u8);
            continue;
        }
        let mut buf = [0u8; 4];
        let (bytes, _, unmappable) = GBK.encode(c.encode_utf8(&mut buf));
        let pair = match *bytes {
            [b0, b1] if !unmappable => (b0.wrapping_sub(0x80), b1.wrapping_sub(0x80)),
            // WHATWG's GBK writes the euro sign as 0x80; Go's tables keep
            // its GB2312 code A2E3.
            [0x80] if !unmappable => (0x22, 0x63),
            _ => return None,
        };
        if !(0x21..0x7e).contains(&pair.0) || !(0x21..0x7f).contains(&pair.1) {
            return None;
        }
        if !gb {
            out.extend_from_slice(b"~{");
            gb = true;
        }
        out.extend_from_slice(&[pair.0, pair.1]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let encoded = encode("a中~").unwrap();
        assert_eq!(encoded, b"a~{VP~~");
        assert_eq!(decode(&encoded), "a中~");
        assert_eq!(encode("€").unwrap(), b"~{\"c");
        assert_eq!(encode("😀"), None);
    }
}
