// Go port of `gzip.Reader`/`flate` decompression: OpenTofu shows Go's errors and offsets, which miniz_oxide does not give.
//! Go's `gzip.Reader` read to the end (`io.ReadAll`), with Go's errors:
//! concatenated members, header flags, trailer checks, and flate errors
//! at the input offsets Go's decompressor reports them, as it reads the
//! input one byte at a time.

use super::crc32;

/// Why gunzipping failed, split as OpenTofu reports it.
#[derive(Debug, PartialEq)]
pub(super) enum GunzipError {
    /// From `gzip.NewReader` (the first header).
    Header(String),
    /// From reading the data.
    Read(String),
    /// The output passed the caller's bound.
    TooLarge,
}

const UNEXPECTED_EOF: &str = "unexpected EOF";
const INVALID_HEADER: &str = "gzip: invalid header";

/// A flate or trailer failure while reading.
enum ReadError {
    Message(String),
    TooLarge,
}

fn corrupt(offset: usize) -> ReadError {
    ReadError::Message(format!("flate: corrupt input before offset {offset}"))
}

fn eof() -> ReadError {
    ReadError::Message(UNEXPECTED_EOF.to_owned())
}

struct Input<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = self.data.get(self.pos).copied()?;
        self.pos += 1;
        Some(b)
    }

    /// Go's `io.ReadFull`: `EOF` if nothing was left, `unexpected EOF` if
    /// only part.
    fn read_full(&mut self, n: usize) -> Result<&[u8], &'static str> {
        let rest = &self.data[self.pos..];
        if rest.len() >= n {
            self.pos += n;
            return Ok(&rest[..n]);
        }
        self.pos = self.data.len();
        Err(if rest.is_empty() {
            "EOF"
        } else {
            UNEXPECTED_EOF
        })
    }
}

/// Go's `Reader.readHeader`; `Ok(false)` at a clean end of input.
fn read_header(input: &mut Input<'_>) -> Result<bool, String> {
    let header = match input.read_full(10) {
        Ok(h) => h.to_vec(),
        Err("EOF") => return Ok(false),
        Err(e) => return Err(e.to_owned()),
    };
    if header[..3] != [0x1f, 0x8b, 8] {
        return Err(INVALID_HEADER.to_owned());
    }
    let flags = header[3];
    let mut digest = crc32::checksum(&header);
    let no_eof = |_| UNEXPECTED_EOF.to_owned();
    if flags & 0x04 != 0 {
        let len = input.read_full(2).map_err(no_eof)?.to_vec();
        digest = crc32::update(digest, &len);
        let extra = input
            .read_full(usize::from(u16::from_le_bytes([len[0], len[1]])))
            .map_err(no_eof)?;
        digest = crc32::update(digest, extra);
    }
    for flag in [0x08, 0x10] {
        if flags & flag != 0 {
            // Zero-terminated, at most 512 bytes with the terminator.
            let start = input.pos;
            loop {
                if input.pos - start >= 512 {
                    return Err(INVALID_HEADER.to_owned());
                }
                match input.byte() {
                    None => return Err(UNEXPECTED_EOF.to_owned()),
                    Some(0) => break,
                    Some(_) => {}
                }
            }
            digest = crc32::update(digest, &input.data[start..input.pos]);
        }
    }
    if flags & 0x02 != 0 {
        let crc = input.read_full(2).map_err(no_eof)?;
        if u16::from_le_bytes([crc[0], crc[1]]) != digest as u16 {
            return Err(INVALID_HEADER.to_owned());
        }
    }
    Ok(true)
}

pub(super) fn gunzip(data: &[u8], limit: usize) -> Result<Vec<u8>, GunzipError> {
    let mut input = Input { data, pos: 0 };
    if !read_header(&mut input).map_err(GunzipError::Header)? {
        return Err(GunzipError::Header("EOF".to_owned()));
    }
    let mut out = Vec::new();
    loop {
        let start = out.len();
        let read = Inflater::new(&mut input, &mut out, limit)
            .run()
            .and_then(|()| check_trailer(&mut input, &out[start..]));
        match read {
            Ok(()) => {}
            Err(ReadError::TooLarge) => return Err(GunzipError::TooLarge),
            Err(ReadError::Message(m)) => return Err(GunzipError::Read(m)),
        }
        match read_header(&mut input) {
            Ok(true) => {}
            Ok(false) => return Ok(out),
            Err(e) => return Err(GunzipError::Read(e)),
        }
    }
}

fn check_trailer(input: &mut Input<'_>, member: &[u8]) -> Result<(), ReadError> {
    let trailer = input.read_full(8).map_err(|_| eof())?;
    let digest = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
    let size = u32::from_le_bytes([trailer[4], trailer[5], trailer[6], trailer[7]]);
    if digest != crc32::checksum(member) || size != member.len() as u32 {
        return Err(ReadError::Message("gzip: invalid checksum".to_owned()));
    }
    Ok(())
}

/// A canonical Huffman code as Go's `huffmanDecoder` checks it.
struct Huffman {
    /// Shortest code length: how many bits Go reads before its first
    /// look-up.
    min: u32,
    max: u32,
    /// By the next `max` input bits (least significant first): the symbol
    /// and its code length; length 0 where no code matches.
    table: Vec<(u16, u8)>,
}

impl Huffman {
    /// Go's `huffmanDecoder.init`: `None` for an over-subscribed or
    /// incomplete code (one code of length one is allowed).
    fn new(lengths: &[u8]) -> Option<Huffman> {
        let mut count = [0u32; 16];
        let (mut min, mut max) = (0u32, 0u32);
        for &n in lengths.iter().filter(|&&n| n != 0) {
            let n = u32::from(n);
            if min == 0 || n < min {
                min = n;
            }
            max = max.max(n);
            count[n as usize] += 1;
        }
        if max == 0 {
            return Some(Huffman {
                min: 0,
                max: 0,
                table: vec![(0, 0)],
            });
        }
        let mut code = 0u32;
        let mut next = [0u32; 16];
        for i in min..=max {
            code <<= 1;
            next[i as usize] = code;
            code += count[i as usize];
        }
        if code != 1 << max && !(code == 1 && max == 1) {
            return None;
        }
        let mut table = vec![(0u16, 0u8); 1 << max];
        for (symbol, &len) in lengths.iter().enumerate() {
            if len == 0 {
                continue;
            }
            let len32 = u32::from(len);
            let code = next[len as usize];
            next[len as usize] += 1;
            let reversed = code.reverse_bits() >> (32 - len32);
            let mut i = reversed as usize;
            while i < table.len() {
                table[i] = (symbol as u16, len);
                i += 1 << len32;
            }
        }
        Some(Huffman { min, max, table })
    }

    fn fixed_literals() -> Huffman {
        let mut lengths = [0u8; 288];
        for (i, len) in lengths.iter_mut().enumerate() {
            *len = match i {
                0..=143 => 8,
                144..=255 => 9,
                256..=279 => 7,
                _ => 8,
            };
        }
        Huffman::new(&lengths).expect("the fixed code is complete")
    }
}

const CODE_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];
const WINDOW: usize = 1 << 15;

struct Inflater<'a, 'b> {
    input: &'a mut Input<'b>,
    out: &'a mut Vec<u8>,
    /// Where this member's output starts.
    start: usize,
    /// Where its deflate data starts: Go's decompressor counts its input
    /// offsets from there.
    input_start: usize,
    limit: usize,
    bits: u64,
    nbits: u32,
}

impl<'a, 'b> Inflater<'a, 'b> {
    fn new(input: &'a mut Input<'b>, out: &'a mut Vec<u8>, limit: usize) -> Self {
        let start = out.len();
        let input_start = input.pos;
        Inflater {
            input,
            out,
            start,
            input_start,
            limit,
            bits: 0,
            nbits: 0,
        }
    }

    fn offset(&self) -> usize {
        self.input.pos - self.input_start
    }

    fn more_bits(&mut self) -> Result<(), ReadError> {
        let b = self.input.byte().ok_or_else(eof)?;
        self.bits |= u64::from(b) << self.nbits;
        self.nbits += 8;
        Ok(())
    }

    fn take(&mut self, n: u32) -> Result<u32, ReadError> {
        while self.nbits < n {
            self.more_bits()?;
        }
        let v = (self.bits & ((1u64 << n) - 1)) as u32;
        self.bits >>= n;
        self.nbits -= n;
        Ok(v)
    }

    /// Go's `huffSym`: reads bytes only until the code is complete.
    fn symbol(&mut self, h: &Huffman) -> Result<u16, ReadError> {
        let mut n = h.min;
        loop {
            while self.nbits < n {
                self.more_bits()?;
            }
            let mask = (1u64 << h.max) - 1;
            let (symbol, len) = h.table[(self.bits & mask) as usize];
            let len = u32::from(len);
            if len <= self.nbits {
                if len == 0 {
                    return Err(corrupt(self.offset()));
                }
                self.bits >>= len;
                self.nbits -= len;
                return Ok(symbol);
            }
            n = len;
        }
    }

    fn push(&mut self, b: u8) -> Result<(), ReadError> {
        if self.out.len() >= self.limit {
            return Err(ReadError::TooLarge);
        }
        self.out.push(b);
        Ok(())
    }

    fn run(mut self) -> Result<(), ReadError> {
        loop {
            let header = self.take(3)?;
            let last = header & 1 != 0;
            match header >> 1 {
                0 => self.stored()?,
                1 => {
                    let lit = Huffman::fixed_literals();
                    self.codes(&lit, None)?;
                }
                2 => {
                    let (lit, dist) = self.dynamic_tables()?;
                    self.codes(&lit, Some(&dist))?;
                }
                _ => return Err(corrupt(self.offset())),
            }
            if last {
                return Ok(());
            }
        }
    }

    fn stored(&mut self) -> Result<(), ReadError> {
        self.bits = 0;
        self.nbits = 0;
        let header = self.input.read_full(4).map_err(|_| eof())?;
        let n = u16::from_le_bytes([header[0], header[1]]);
        let nn = u16::from_le_bytes([header[2], header[3]]);
        if nn != !n {
            return Err(corrupt(self.offset()));
        }
        let n = usize::from(n);
        if self.out.len() + n > self.limit {
            return Err(ReadError::TooLarge);
        }
        let rest = &self.input.data[self.input.pos..];
        let available = rest.len().min(n);
        self.out.extend_from_slice(&rest[..available]);
        self.input.pos += available;
        if available < n {
            return Err(eof());
        }
        Ok(())
    }

    fn dynamic_tables(&mut self) -> Result<(Huffman, Huffman), ReadError> {
        while self.nbits < 14 {
            self.more_bits()?;
        }
        let nlit = self.take(5)? as usize + 257;
        if nlit > 286 {
            return Err(corrupt(self.offset()));
        }
        let ndist = self.take(5)? as usize + 1;
        if ndist > 30 {
            return Err(corrupt(self.offset()));
        }
        let nclen = self.take(4)? as usize + 4;
        let mut code_lengths = [0u8; 19];
        for &i in &CODE_ORDER[..nclen] {
            code_lengths[i] = self.take(3)? as u8;
        }
        let code_code = Huffman::new(&code_lengths).ok_or_else(|| corrupt(self.offset()))?;
        let total = nlit + ndist;
        let mut lengths = vec![0u8; total];
        let mut i = 0;
        while i < total {
            let x = self.symbol(&code_code)?;
            if x < 16 {
                lengths[i] = x as u8;
                i += 1;
                continue;
            }
            let (base, extra, value) = match x {
                16 => {
                    if i == 0 {
                        return Err(corrupt(self.offset()));
                    }
                    (3, 2, lengths[i - 1])
                }
                17 => (3, 3, 0),
                _ => (11, 7, 0),
            };
            let rep = base + self.take(extra)? as usize;
            if i + rep > total {
                return Err(corrupt(self.offset()));
            }
            lengths[i..i + rep].fill(value);
            i += rep;
        }
        let lit = Huffman::new(&lengths[..nlit]);
        let dist = Huffman::new(&lengths[nlit..]);
        let (Some(mut lit), Some(dist)) = (lit, dist) else {
            return Err(corrupt(self.offset()));
        };
        // Go reads at least the end-of-block code's bits at a time.
        lit.min = lit.min.max(u32::from(lengths[256]));
        Ok((lit, dist))
    }

    fn codes(&mut self, lit: &Huffman, dist: Option<&Huffman>) -> Result<(), ReadError> {
        loop {
            let v = self.symbol(lit)?;
            let (base, extra) = match v {
                0..=255 => {
                    self.push(v as u8)?;
                    continue;
                }
                256 => return Ok(()),
                257..=264 => (usize::from(v) - 254, 0),
                265..=268 => (usize::from(v) * 2 - 519, 1),
                269..=272 => (usize::from(v) * 4 - 1057, 2),
                273..=276 => (usize::from(v) * 8 - 2149, 3),
                277..=280 => (usize::from(v) * 16 - 4365, 4),
                281..=284 => (usize::from(v) * 32 - 8861, 5),
                285 => (258, 0),
                _ => return Err(corrupt(self.offset())),
            };
            let length = base + self.take(extra)? as usize;
            let code = match dist {
                None => (self.take(5)? as u8).reverse_bits() >> 3,
                Some(h) => self.symbol(h)? as u8,
            };
            let distance = match code {
                0..=3 => usize::from(code) + 1,
                4..=29 => {
                    let nb = u32::from(code - 2) >> 1;
                    let extra = (u32::from(code & 1) << nb) | self.take(nb)?;
                    (1usize << (nb + 1)) + 1 + extra as usize
                }
                _ => return Err(corrupt(self.offset())),
            };
            let history = (self.out.len() - self.start).min(WINDOW);
            if distance > history {
                return Err(corrupt(self.offset()));
            }
            if self.out.len() + length > self.limit {
                return Err(ReadError::TooLarge);
            }
            let from = self.out.len() - distance;
            for k in 0..length {
                let b = self.out[from + k];
                self.out.push(b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::functions::encoding::base64;

    fn gunzip_b64(s: &str) -> Result<Vec<u8>, GunzipError> {
        gunzip(&base64::decode(s.as_bytes()).unwrap(), usize::MAX)
    }

    #[test]
    fn reads_go_streams() {
        assert_eq!(
            gunzip_b64("H4sIAAAAAAAA/wAEAPv/dGVzdAAAAP//AwAMfn/YBAAAAA==").unwrap(),
            b"test"
        );
        assert_eq!(
            gunzip_b64("H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA").unwrap(),
            b"test"
        );
        assert_eq!(
            gunzip_b64("H4sIAAAAAAAA/8pIzcnJV8AgAQAAAP//AQAA///jUT2NFwAAAA==").unwrap(),
            b"hello hello hello hello"
        );
    }

    #[test]
    fn go_errors() {
        assert_eq!(gunzip(b"", 10), Err(GunzipError::Header("EOF".into())));
        assert_eq!(
            gunzip(b"\x1f\x8b", 10),
            Err(GunzipError::Header(UNEXPECTED_EOF.into()))
        );
        assert_eq!(
            gunzip(b"hello world!", 10),
            Err(GunzipError::Header(INVALID_HEADER.into()))
        );
        let mut bad_crc = base64::decode(b"H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA").unwrap();
        let n = bad_crc.len();
        bad_crc[n - 8] ^= 1;
        assert_eq!(
            gunzip(&bad_crc, usize::MAX),
            Err(GunzipError::Read("gzip: invalid checksum".into()))
        );
        let truncated =
            &base64::decode(b"H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA").unwrap()[..14];
        assert_eq!(
            gunzip(truncated, usize::MAX),
            Err(GunzipError::Read(UNEXPECTED_EOF.into()))
        );
    }
}
