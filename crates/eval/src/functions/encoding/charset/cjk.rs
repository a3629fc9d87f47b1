// Go port of x/text's Japanese and Big5 encoders: `encoding_rs` encodes some characters differently (see below).
//! The Japanese and Big5 encoders of Go's `golang.org/x/text`, which
//! differ from the WHATWG encoders `encoding_rs` implements: Go's encode
//! tables are the WHATWG indexes reversed by its own rules (JIS X 0212
//! included for EUC-JP, the last Big5 pointer, no special cases for
//! `¥`, `‾` or U+2212). The indexes themselves are read back from
//! `encoding_rs`'s decoders, which hold the same WHATWG data.

use std::collections::HashMap;
use std::sync::OnceLock;

use encoding_rs::{BIG5, EUC_JP, Encoding, SHIFT_JIS};

#[derive(Clone, Copy)]
enum Jis {
    X0208(u16),
    X0212(u16),
}

/// The single character some bytes decode to, if any.
fn decode_one(encoding: &'static Encoding, bytes: &[u8]) -> Option<char> {
    let text = encoding.decode_without_bom_handling_and_without_replacement(bytes)?;
    let mut chars = text.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// JIS X 0208 rows that EUC-JP reaches, then the IBM extensions past
/// them that only Shift_JIS reaches.
const JIS_ROWS: u16 = 94;
const IBM_EXTENSIONS: std::ops::Range<u16> = 10716..11280;

fn shift_jis_bytes(pointer: u16) -> [u8; 2] {
    let (lead, trail) = (pointer / 188, pointer % 188);
    let lead = lead + if lead < 0x1f { 0x81 } else { 0xc1 };
    let trail = trail + if trail < 0x3f { 0x40 } else { 0x41 };
    [lead as u8, trail as u8]
}

/// x/text's Japanese reverse table: each character's first pointer in
/// JIS X 0208, else its first in JIS X 0212.
fn jis_table() -> &'static HashMap<char, Jis> {
    static TABLE: OnceLock<HashMap<char, Jis>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashMap::new();
        let euc = |p: u16| [0xa1 + (p / 94) as u8, 0xa1 + (p % 94) as u8];
        let x0208 = (0..JIS_ROWS * 94)
            .filter_map(|p| decode_one(EUC_JP, &euc(p)).map(|c| (p, c)))
            .chain(
                IBM_EXTENSIONS
                    .filter_map(|p| decode_one(SHIFT_JIS, &shift_jis_bytes(p)).map(|c| (p, c))),
            );
        for (p, c) in x0208 {
            table.entry(c).or_insert(Jis::X0208(p));
        }
        for p in 0..JIS_ROWS * 94 {
            let [a, b] = euc(p);
            if let Some(c) = decode_one(EUC_JP, &[0x8f, a, b]) {
                table.entry(c).or_insert(Jis::X0212(p));
            }
        }
        table
    })
}

fn halfwidth_katakana(c: char) -> Option<u8> {
    let v = c as u32;
    (0xff61..0xffa0).contains(&v).then(|| (v - 0xff61) as u8)
}

/// Go writes a code's two seven-bit halves with byte arithmetic, which
/// wraps for the IBM extension rows.
fn halves(pointer: u16) -> (u8, u8) {
    ((pointer / 94) as u8, (pointer % 94) as u8)
}

pub(super) fn euc_jp(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else if let Some(k) = halfwidth_katakana(c) {
            out.extend_from_slice(&[0x8e, 0xa1 + k]);
        } else {
            match jis_table().get(&c)? {
                Jis::X0208(p) => {
                    let (j1, j2) = halves(*p);
                    out.extend_from_slice(&[0xa1u8.wrapping_add(j1), 0xa1 + j2]);
                }
                Jis::X0212(p) => {
                    let (j1, j2) = halves(*p);
                    out.extend_from_slice(&[0x8f, 0xa1u8.wrapping_add(j1), 0xa1 + j2]);
                }
            }
        }
    }
    Some(out)
}

fn jis0208(c: char) -> Option<u16> {
    match jis_table().get(&c)? {
        Jis::X0208(p) => Some(*p),
        Jis::X0212(_) => None,
    }
}

pub(super) fn shift_jis(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else if let Some(k) = halfwidth_katakana(c) {
            out.push(0xa1 + k);
        } else {
            let (j1, j2) = halves(jis0208(c)?);
            let lead = if j1 <= 61 { 129 + j1 / 2 } else { 193 + j1 / 2 };
            let trail = if j1 & 1 == 0 {
                j2 + j2 / 63 + 64
            } else {
                j2 + 159
            };
            out.extend_from_slice(&[lead, trail]);
        }
    }
    Some(out)
}

pub(super) fn iso_2022_jp(s: &str) -> Option<Vec<u8>> {
    #[derive(PartialEq)]
    enum State {
        Ascii,
        Jis0208,
        Katakana,
    }
    let mut out = Vec::with_capacity(s.len());
    let mut state = State::Ascii;
    let mut switch = |out: &mut Vec<u8>, to: State, escape: &[u8]| {
        if state != to {
            state = to;
            out.extend_from_slice(escape);
        }
    };
    for c in s.chars() {
        if c.is_ascii() {
            switch(&mut out, State::Ascii, b"\x1b(B");
            out.push(c as u8);
        } else if let Some(k) = halfwidth_katakana(c) {
            switch(&mut out, State::Katakana, b"\x1b(I");
            out.push(0x21 + k);
        } else {
            let (j1, j2) = halves(jis0208(c)?);
            switch(&mut out, State::Jis0208, b"\x1b$B");
            out.extend_from_slice(&[0x21u8.wrapping_add(j1), 0x21 + j2]);
        }
    }
    switch(&mut out, State::Ascii, b"\x1b(B");
    Some(out)
}

/// x/text's Big5 reverse table: each character's last pointer, the
/// Hong Kong extensions below lead byte 0xA1 included.
fn big5_table() -> &'static HashMap<char, [u8; 2]> {
    static TABLE: OnceLock<HashMap<char, [u8; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashMap::new();
        for p in 0..126 * 157u16 {
            let (lead, trail) = (p / 157, p % 157);
            let trail = trail + if trail < 0x3f { 0x40 } else { 0x62 };
            let bytes = [(0x81 + lead) as u8, trail as u8];
            if let Some(c) = decode_one(BIG5, &bytes) {
                table.insert(c, bytes);
            }
        }
        table
    })
}

pub(super) fn big5(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else {
            out.extend_from_slice(big5_table().get(&c)?);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_encodings() {
        assert_eq!(euc_jp("é").unwrap(), [0x8f, 0xab, 0xb1]);
        assert_eq!(euc_jp("日本").unwrap(), [0xc6, 0xfc, 0xcb, 0xdc]);
        assert_eq!(shift_jis("日本").unwrap(), [0x93, 0xfa, 0x96, 0x7b]);
        assert_eq!(shift_jis("\u{80}"), None);
        assert_eq!(shift_jis("¥"), None);
        assert_eq!(big5("é").unwrap(), [0x88, 0x6d]);
        assert_eq!(big5("者").unwrap(), [0xaa, 0xcc]);
        assert_eq!(iso_2022_jp("a日b").unwrap(), b"a\x1b$BF|\x1b(Bb");
    }
}
