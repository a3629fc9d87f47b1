// CRC-32 as Go's `hash/crc32.ChecksumIEEE`, by hand: no CRC crate is a dependency and miniz_oxide exposes none.
//! CRC-32 (IEEE), as the gzip trailer needs it.

const fn table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

static TABLE: [u32; 256] = table();

pub(super) fn update(crc: u32, data: &[u8]) -> u32 {
    let mut c = !crc;
    for &b in data {
        c = TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
    }
    !c
}

pub(super) fn checksum(data: &[u8]) -> u32 {
    update(0, data)
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_value() {
        assert_eq!(super::checksum(b"test"), 0xd87f_7e0c);
    }
}
