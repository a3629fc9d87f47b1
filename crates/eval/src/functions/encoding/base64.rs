//! Go's `base64.StdEncoding`: the standard alphabet with `=` padding,
//! line breaks (`\r`, `\n`) skipped anywhere, nonzero trailing bits
//! accepted.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const PAD: u8 = b'=';

/// Go's `base64.CorruptInputError`: the offset of the offending byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct CorruptInput(pub usize);

impl std::fmt::Display for CorruptInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal base64 data at input byte {}", self.0)
    }
}

pub(super) fn encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let sextet = |shift: u32| char::from(ALPHABET[((n >> shift) & 63) as usize]);
        out.push(sextet(18));
        out.push(sextet(12));
        out.push(if chunk.len() > 1 { sextet(6) } else { '=' });
        out.push(if chunk.len() > 2 { sextet(0) } else { '=' });
    }
    out
}

fn sextet(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

fn is_newline(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}

/// Decodes as Go's `DecodeString`, reporting the offset Go reports for the
/// first bad byte.
pub(super) fn decode(src: &[u8]) -> Result<Vec<u8>, CorruptInput> {
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    loop {
        // One quantum of up to four symbols, as Go's `decodeQuantum`.
        let mut dbuf = [0u8; 4];
        let mut dlen = 4;
        let mut j = 0;
        let mut trailing: Option<CorruptInput> = None;
        while j < 4 {
            let Some(&c) = src.get(si) else {
                if j == 0 {
                    return Ok(out);
                }
                return Err(CorruptInput(si - j));
            };
            si += 1;
            if let Some(v) = sextet(c) {
                dbuf[j] = v;
                j += 1;
                continue;
            }
            if is_newline(c) {
                continue;
            }
            if c != PAD {
                return Err(CorruptInput(si - 1));
            }
            // Padding: only after two or three symbols.
            match j {
                0 | 1 => return Err(CorruptInput(si - 1)),
                2 => {
                    while si < src.len() && is_newline(src[si]) {
                        si += 1;
                    }
                    if si == src.len() {
                        return Err(CorruptInput(src.len()));
                    }
                    if src[si] != PAD {
                        return Err(CorruptInput(si - 1));
                    }
                    si += 1;
                }
                _ => {}
            }
            while si < src.len() && is_newline(src[si]) {
                si += 1;
            }
            if si < src.len() {
                trailing = Some(CorruptInput(si));
            }
            dlen = j;
            break;
        }
        let val = (u32::from(dbuf[0]) << 18)
            | (u32::from(dbuf[1]) << 12)
            | (u32::from(dbuf[2]) << 6)
            | u32::from(dbuf[3]);
        let bytes = [(val >> 16) as u8, (val >> 8) as u8, val as u8];
        out.extend_from_slice(&bytes[..dlen - 1]);
        if let Some(err) = trailing {
            return Err(err);
        }
        if dlen < 4 {
            return Ok(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for s in ["", "a", "ab", "abc", "abcd", "abc123!?$*&()'-=@~"] {
            assert_eq!(
                decode(encode(s.as_bytes()).as_bytes()).unwrap(),
                s.as_bytes()
            );
        }
        assert_eq!(encode(b"abc123!?$*&()'-=@~"), "YWJjMTIzIT8kKiYoKSctPUB+");
    }

    #[test]
    fn go_error_offsets() {
        assert_eq!(decode(b"dfg"), Err(CorruptInput(0)));
        assert_eq!(decode(b"<invalid"), Err(CorruptInput(0)));
        assert_eq!(decode(b"YW=="), Ok(b"a".to_vec()));
        assert_eq!(decode(b"YW="), Err(CorruptInput(3)));
        assert_eq!(decode(b"YW==YW=="), Err(CorruptInput(4)));
        assert_eq!(decode(b"Y\nW\r\n=="), Ok(b"a".to_vec()));
        assert_eq!(decode(b"YWJj!"), Err(CorruptInput(4)));
        assert_eq!(decode(b"Y==="), Err(CorruptInput(1)));
        assert_eq!(decode(b"YWJ=x"), Err(CorruptInput(4)));
    }
}
