// Go port of `net.ParseCIDR`/`ParseIP` (OpenTofu's Go 1.16 `ipaddr` fork): `std::net` rejects leading-zero octets.
//! The parts of Go's `net` package the CIDR functions use, with the
//! parsing of OpenTofu's `internal/ipaddr` fork (Go 1.16's, which accepts
//! IPv4 octets with leading zeros as decimal).
//!
//! Addresses and masks are byte strings as in Go: 4 or 16 bytes, empty for
//! Go's `nil`, and the odd lengths Go's own functions can produce. IPv4
//! addresses parse to their 16-byte IPv4-mapped form; a network parsed from
//! IPv4 CIDR notation has 4-byte address and mask.

use std::fmt::Write;

/// An address (`net.IP`) or mask (`net.IPMask`).
pub(super) type Bytes = Vec<u8>;

/// `net.IPNet`.
#[derive(Debug, Clone)]
pub(super) struct IpNet {
    pub(super) ip: Bytes,
    pub(super) mask: Bytes,
}

const V4_IN_V6_PREFIX: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/// Beyond any octet or group; Go's parsers stop counting here.
const BIG: u32 = 0xFF_FFFF;

/// `net.IPv4`: the 16-byte IPv4-mapped form.
pub(super) fn ipv4(octets: [u8; 4]) -> Bytes {
    let mut ip = V4_IN_V6_PREFIX.to_vec();
    ip.extend_from_slice(&octets);
    ip
}

/// Leading decimal digits: value, digits consumed, success (at least one
/// digit and the value below [`BIG`]).
fn dtoi(s: &[u8]) -> (u32, usize, bool) {
    let mut n = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        n = n * 10 + u32::from(s[i] - b'0');
        if n >= BIG {
            return (BIG, i, false);
        }
        i += 1;
    }
    (n, i, i > 0)
}

/// Leading hexadecimal digits, as [`dtoi`].
fn xtoi(s: &[u8]) -> (u32, usize, bool) {
    let mut n = 0;
    let mut i = 0;
    while i < s.len() {
        let Some(d) = char::from(s[i]).to_digit(16) else {
            break;
        };
        n = n * 16 + d;
        if n >= BIG {
            return (0, i, false);
        }
        i += 1;
    }
    (n, i, i > 0)
}

/// `d.d.d.d`, each part decimal up to 255, leading zeros allowed.
fn parse_ipv4(mut s: &[u8]) -> Option<Bytes> {
    let mut octets = [0u8; 4];
    for (i, octet) in octets.iter_mut().enumerate() {
        if s.is_empty() {
            return None;
        }
        if i > 0 {
            s = s.strip_prefix(b".")?;
        }
        let (n, consumed, ok) = dtoi(s);
        if !ok || n > 0xff {
            return None;
        }
        s = &s[consumed..];
        *octet = n as u8;
    }
    s.is_empty().then(|| ipv4(octets))
}

/// RFC 4291 text: hex groups, at most one `::`, an optional trailing
/// dotted IPv4 part.
fn parse_ipv6(mut s: &[u8]) -> Option<Bytes> {
    let mut ip = vec![0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if s.starts_with(b"::") {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Some(ip);
        }
    }
    let mut i = 0;
    while i < 16 {
        let (n, c, ok) = xtoi(s);
        if !ok || n > 0xffff {
            return None;
        }
        if s.get(c) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                return None;
            }
            if i + 4 > 16 {
                return None;
            }
            let ip4 = parse_ipv4(s)?;
            ip[i..i + 4].copy_from_slice(&ip4[12..]);
            s = &[];
            i += 4;
            break;
        }
        ip[i] = (n >> 8) as u8;
        ip[i + 1] = n as u8;
        i += 2;
        s = &s[c..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' || s.len() == 1 {
            return None;
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return None;
    }
    if i < 16 {
        let e = ellipsis?;
        let n = 16 - i;
        ip.copy_within(e..i, e + n);
        ip[e..e + n].fill(0);
    } else if ellipsis.is_some() {
        // The ellipsis must stand for at least one group.
        return None;
    }
    Some(ip)
}

/// `ipaddr.ParseIP`: the first `.` or `:` decides the family.
pub(super) fn parse_ip(s: &str) -> Option<Bytes> {
    let bytes = s.as_bytes();
    match bytes.iter().find(|&&c| c == b'.' || c == b':')? {
        b'.' => parse_ipv4(bytes),
        _ => parse_ipv6(bytes),
    }
}

/// `ipaddr.ParseCIDR`: the network (address masked); the error is Go's
/// `net.ParseError` text.
pub(super) fn parse_cidr(s: &str) -> Result<IpNet, String> {
    let error = || format!("invalid CIDR address: {s}");
    let bytes = s.as_bytes();
    let slash = bytes.iter().position(|&c| c == b'/').ok_or_else(error)?;
    let (addr, mask) = (&bytes[..slash], &bytes[slash + 1..]);
    let (ip, bits) = match parse_ipv4(addr) {
        Some(ip) => (ip, 32),
        None => (parse_ipv6(addr).ok_or_else(error)?, 128),
    };
    let (n, consumed, ok) = dtoi(mask);
    if !ok || consumed != mask.len() || n > bits {
        return Err(error());
    }
    let mask = cidr_mask(i64::from(n), bits.into());
    Ok(IpNet {
        ip: apply_mask(&ip, &mask),
        mask,
    })
}

/// `net.CIDRMask`: empty unless `bits` is 32 or 128 and `ones` fits.
pub(super) fn cidr_mask(ones: i64, bits: i64) -> Bytes {
    if (bits != 32 && bits != 128) || ones < 0 || ones > bits {
        return Vec::new();
    }
    let mut remaining = ones as u32;
    (0..bits / 8)
        .map(|_| {
            let take = remaining.min(8);
            remaining -= take;
            !(0xffu8.checked_shr(take).unwrap_or(0))
        })
        .collect()
}

/// `net.IP.To4`.
pub(super) fn to4(ip: &[u8]) -> Option<&[u8]> {
    match ip.len() {
        4 => Some(ip),
        16 if ip[..12] == V4_IN_V6_PREFIX => Some(&ip[12..]),
        _ => None,
    }
}

/// `net.IP.Mask`: empty when the lengths do not fit together.
pub(super) fn apply_mask(ip: &[u8], mask: &[u8]) -> Bytes {
    let mut mask = mask;
    let mut ip = ip;
    if mask.len() == 16 && ip.len() == 4 && mask[..12].iter().all(|&b| b == 0xff) {
        mask = &mask[12..];
    }
    if mask.len() == 4 && ip.len() == 16 && ip[..12] == V4_IN_V6_PREFIX {
        ip = &ip[12..];
    }
    if ip.len() != mask.len() {
        return Vec::new();
    }
    ip.iter().zip(mask).map(|(a, m)| a & m).collect()
}

/// `net.IP.Equal`: an IPv4 address equals its IPv4-mapped form.
pub(super) fn ip_equal(a: &[u8], b: &[u8]) -> bool {
    match (a.len(), b.len()) {
        (x, y) if x == y => a == b,
        (4, 16) => b[..12] == V4_IN_V6_PREFIX && a == &b[12..],
        (16, 4) => a[..12] == V4_IN_V6_PREFIX && &a[12..] == b,
        _ => false,
    }
}

/// Leading one bits of a mask of the form `1*0*`, if it has that form.
fn simple_mask_length(mask: &[u8]) -> Option<u32> {
    let ones: u32 = mask.iter().map(|b| b.leading_ones()).sum();
    let canonical = mask.iter().enumerate().all(|(i, &b)| {
        let expected = ones.saturating_sub(8 * i as u32).min(8);
        b.leading_ones() == expected && b.count_ones() == expected
    });
    canonical.then_some(ones)
}

/// `net.IPMask.Size`: leading ones and total bits, `(0, 0)` for masks
/// that are not of the form `1*0*`.
pub(super) fn mask_size(mask: &[u8]) -> (i64, i64) {
    match simple_mask_length(mask) {
        Some(ones) => (ones.into(), 8 * mask.len() as i64),
        None => (0, 0),
    }
}

/// Go's `networkNumberAndMask`: the address (4 bytes for IPv4) and a mask
/// of the same length, if they fit.
fn network_number_and_mask(net: &IpNet) -> Option<(&[u8], &[u8])> {
    let ip = match to4(&net.ip) {
        Some(ip) => ip,
        None if net.ip.len() == 16 => &net.ip,
        None => return None,
    };
    let mask = match net.mask.len() {
        4 if ip.len() == 4 => &net.mask[..],
        16 if ip.len() == 4 => &net.mask[12..],
        16 => &net.mask[..],
        _ => return None,
    };
    Some((ip, mask))
}

impl IpNet {
    /// `net.IPNet.Contains`.
    pub(super) fn contains(&self, ip: &[u8]) -> bool {
        let Some((network, mask)) = network_number_and_mask(self) else {
            return false;
        };
        let ip = to4(ip).unwrap_or(ip);
        ip.len() == network.len() && (0..ip.len()).all(|i| network[i] & mask[i] == ip[i] & mask[i])
    }
}

impl std::fmt::Display for IpNet {
    /// `net.IPNet.String`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Some((ip, mask)) = network_number_and_mask(self) else {
            return f.write_str("<nil>");
        };
        match simple_mask_length(mask) {
            Some(ones) => write!(f, "{}/{ones}", ip_string(ip)),
            None => write!(f, "{}/{}", ip_string(ip), hex(mask)),
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// `net.IP.String`: dotted decimal for IPv4 (and IPv4-mapped) addresses,
/// RFC 5952 text otherwise.
pub(super) fn ip_string(ip: &[u8]) -> String {
    if ip.is_empty() {
        return "<nil>".to_owned();
    }
    if ip.len() != 4 && ip.len() != 16 {
        return format!("?{}", hex(ip));
    }
    if let Some(v4) = to4(ip) {
        return format!("{}.{}.{}.{}", v4[0], v4[1], v4[2], v4[3]);
    }
    let groups: Vec<u16> = ip
        .chunks(2)
        .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
        .collect();
    // The first longest run of at least two zero groups becomes `::`.
    let mut zeros = (8, 8);
    let mut i = 0;
    while i < 8 {
        let run = groups[i..].iter().take_while(|&&g| g == 0).count();
        if run >= 2 && run > zeros.1 - zeros.0 {
            zeros = (i, i + run);
        }
        i += run.max(1);
    }
    let mut out = String::new();
    let mut i = 0;
    while i < 8 {
        if i == zeros.0 {
            out.push_str("::");
            i = zeros.1;
            if i >= 8 {
                break;
            }
        } else if i > 0 {
            out.push(':');
        }
        let _ = write!(out, "{:x}", groups[i]);
        i += 1;
    }
    out
}
