// Go port (only `corrupt_offset`) of `base64.Encoding.decodeQuantum`'s error offset; the crate's errors give other offsets.
//! Go's `base64.StdEncoding`: the standard alphabet with `=` padding,
//! line breaks (`\r`, `\n`) skipped anywhere, nonzero trailing bits
//! accepted. The `base64` crate does the work; only the offset Go reports
//! for bad input is computed here.

use base64::Engine;
use base64::alphabet::STANDARD;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};

const GO_STD: GeneralPurpose = GeneralPurpose::new(
    &STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireCanonical),
);

/// Go's `base64.CorruptInputError`: the offset of the offending byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::functions) struct CorruptInput(pub usize);

impl std::fmt::Display for CorruptInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal base64 data at input byte {}", self.0)
    }
}

pub(in crate::functions) fn encode(data: &[u8]) -> String {
    GO_STD.encode(data)
}

fn is_newline(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}

/// Decodes as Go's `DecodeString`, reporting the offset Go reports for the
/// first bad byte.
pub(in crate::functions) fn decode(src: &[u8]) -> Result<Vec<u8>, CorruptInput> {
    let decoded = if src.iter().copied().any(is_newline) {
        let joined: Vec<u8> = src.iter().copied().filter(|&c| !is_newline(c)).collect();
        GO_STD.decode(joined)
    } else {
        GO_STD.decode(src)
    };
    decoded.map_err(|_| CorruptInput(corrupt_offset(src)))
}

/// Where Go's `decodeQuantum` stops on input it rejects: a byte outside
/// the alphabet, misplaced or missing padding, data after the padding, or
/// an incomplete last quantum (reported at its start, counting only its
/// symbols back from the end, as Go does).
fn corrupt_offset(src: &[u8]) -> usize {
    let skip_newlines = |mut i: usize| {
        while src.get(i).copied().is_some_and(is_newline) {
            i += 1;
        }
        i
    };
    let mut symbols = 0;
    let mut i = 0;
    while let Some(&c) = src.get(i) {
        i += 1;
        match c {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'+' | b'/' => symbols = (symbols + 1) % 4,
            b'\n' | b'\r' => {}
            b'=' if symbols >= 2 => {
                if symbols == 2 {
                    i = skip_newlines(i);
                    match src.get(i) {
                        None => return src.len(),
                        Some(b'=') => i += 1,
                        Some(_) => return i - 1,
                    }
                }
                return skip_newlines(i);
            }
            _ => return i - 1,
        }
    }
    src.len() - symbols
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
        assert_eq!(decode(b"YR=="), Ok(b"a".to_vec()));
        assert_eq!(decode(b"YW="), Err(CorruptInput(3)));
        assert_eq!(decode(b"YW==YW=="), Err(CorruptInput(4)));
        assert_eq!(decode(b"Y\nW\r\n=="), Ok(b"a".to_vec()));
        assert_eq!(decode(b"YWJj!"), Err(CorruptInput(4)));
        assert_eq!(decode(b"Y==="), Err(CorruptInput(1)));
        assert_eq!(decode(b"YWJ=x"), Err(CorruptInput(4)));
        assert_eq!(decode(b"YW=\nx"), Err(CorruptInput(3)));
        assert_eq!(decode(b"YW\nJ"), Err(CorruptInput(1)));
    }
}
