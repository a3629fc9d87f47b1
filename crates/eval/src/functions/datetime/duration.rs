// Go port of `time.ParseDuration`: its float64 fraction arithmetic and error texts; no Rust crate matches them.
//! Go's `time.ParseDuration`, with its arithmetic (fractions through
//! float64) and its error texts.

use super::parse::time_quote;

const UNITS: [(&str, u64); 8] = [
    ("ns", 1),
    ("us", 1_000),
    ("µs", 1_000), // U+00B5 micro sign
    ("μs", 1_000), // U+03BC Greek mu
    ("ms", 1_000_000),
    ("s", 1_000_000_000),
    ("m", 60_000_000_000),
    ("h", 3_600_000_000_000),
];

const LIMIT: u64 = 1 << 63;

/// Go's `leadingInt`: the leading digits, `None` past `2^63`.
fn leading_int(s: &[u8]) -> Option<(u64, &[u8])> {
    let mut x: u64 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if x > LIMIT / 10 {
            return None;
        }
        x = x * 10 + u64::from(s[i] - b'0');
        if x > LIMIT {
            return None;
        }
        i += 1;
    }
    Some((x, &s[i..]))
}

/// Go's `leadingFraction`: the leading digits and their power of ten,
/// ignoring digits once more would overflow.
fn leading_fraction(s: &[u8]) -> (u64, f64, &[u8]) {
    let mut x: u64 = 0;
    let mut scale = 1.0;
    let mut overflow = false;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if !overflow {
            if x > (LIMIT - 1) / 10 {
                overflow = true;
            } else {
                let y = x * 10 + u64::from(s[i] - b'0');
                if y > LIMIT {
                    overflow = true;
                } else {
                    x = y;
                    scale *= 10.0;
                }
            }
        }
        i += 1;
    }
    (x, scale, &s[i..])
}

/// A duration in nanoseconds, such as `"300ms"`, `"-1.5h"` or `"2h45m"`.
pub(super) fn parse_duration(text: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(text));
    let mut s = text.as_bytes();
    let mut negative = false;
    if let Some(&sign @ (b'-' | b'+')) = s.first() {
        negative = sign == b'-';
        s = &s[1..];
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        let before = s.len();
        let (mut v, rest) = leading_int(s).ok_or_else(invalid)?;
        s = rest;
        let pre = before != s.len();
        let (mut f, mut scale, mut post) = (0, 1.0, false);
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let before = s.len();
            let rest;
            (f, scale, rest) = leading_fraction(s);
            s = rest;
            post = before != s.len();
        }
        if !pre && !post {
            return Err(invalid());
        }
        let unit_len = s
            .iter()
            .position(|&c| c == b'.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if unit_len == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                time_quote(text)
            ));
        }
        let unit_text = String::from_utf8_lossy(&s[..unit_len]);
        s = &s[unit_len..];
        let Some(&(_, unit)) = UNITS.iter().find(|(name, _)| *name == unit_text) else {
            return Err(format!(
                "time: unknown unit {} in duration {}",
                time_quote(&unit_text),
                time_quote(text)
            ));
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            // Go truncates the float64 product toward zero.
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return Err(invalid());
            }
        }
        // Go's unsigned sum wraps, as here.
        total = total.wrapping_add(v);
        if total > LIMIT {
            return Err(invalid());
        }
    }
    if negative {
        return Ok((total as i64).wrapping_neg());
    }
    i64::try_from(total).map_err(|_| invalid())
}
