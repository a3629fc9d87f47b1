// Go port of cty's `FormatDateFunc`: its format language and error texts; no crate implements it.
//! `formatdate`'s format language (cty's `FormatDateFunc`): runs of one
//! ASCII letter are verbs, `'...'` quotes literal text (`''` is a quote),
//! everything else is copied.
//!
//! cty reads the format through a `bufio.Scanner`, whose tokens are at
//! most 64 KiB: at a longer verb run or quoted section the scanner stops
//! and the output so far is the result, as in cty.

use tofu_syntax::quote::go_quote;

use super::time::{DAY_NAMES, MONTH_NAMES, Time, ZoneStyle};

/// `bufio.MaxScanTokenSize`.
const MAX_TOKEN: usize = 64 * 1024;

const QUOTE: u8 = b'\'';

fn starts_verb(b: u8) -> bool {
    b.is_ascii_alphabetic()
}

/// cty's `splitDateFormat`: the length of the next token of `data`, or
/// `None` when it needs more input than `data` (only when not `at_eof`).
fn split(data: &[u8], at_eof: bool) -> Option<usize> {
    let first = *data.first()?;
    if first == QUOTE {
        if data.get(1) == Some(&QUOTE) {
            return Some(2);
        }
        let mut i = 1;
        while i < data.len() {
            if data[i] == QUOTE {
                if i + 1 == data.len() {
                    return at_eof.then_some(data.len());
                }
                if data[i + 1] == QUOTE {
                    i += 2;
                    continue;
                }
                return Some(i + 1);
            }
            i += 1;
        }
        return at_eof.then_some(data.len());
    }
    if starts_verb(first) {
        return match data.iter().position(|&b| b != first) {
            Some(end) => Some(end),
            None => at_eof.then_some(data.len()),
        };
    }
    Some(
        data.iter()
            .skip(1)
            .position(|&b| b == QUOTE || starts_verb(b))
            .map_or(data.len(), |p| p + 1),
    )
}

/// The format's tokens as cty's scanner yields them.
fn tokens(format: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = format;
    std::iter::from_fn(move || {
        let window = &rest[..rest.len().min(MAX_TOKEN)];
        let len = split(window, rest.len() < MAX_TOKEN)?;
        let (token, tail) = rest.split_at(len);
        rest = tail;
        Some(token)
    })
}

/// Formats `t`; an error is a message about the format argument.
pub(super) fn format_date(format: &str, t: &Time) -> Result<String, String> {
    let c = t.civil();
    let mut out: Vec<u8> = Vec::with_capacity(format.len());
    for tok in tokens(format.as_bytes()) {
        let verb = tok[0];
        if verb == QUOTE {
            if tok.len() == 1 || tok[tok.len() - 1] != QUOTE {
                return Err("unterminated literal '".to_owned());
            }
            if tok.len() == 2 {
                out.push(QUOTE);
            } else {
                let mut raw = tok[1..tok.len() - 1].iter();
                while let Some(&b) = raw.next() {
                    out.push(b);
                    if b == QUOTE {
                        raw.next();
                    }
                }
            }
            continue;
        }
        if !starts_verb(verb) {
            out.extend_from_slice(tok);
            continue;
        }
        let text = String::from_utf8_lossy(tok);
        let invalid = |detail: &str| {
            if detail.is_empty() {
                format!("invalid date format verb {}", go_quote(&text))
            } else {
                format!("invalid date format verb {}: {detail}", go_quote(&text))
            }
        };
        let n = tok.len();
        let two = |value: u32| format!("{value:02}");
        let piece = match verb {
            b'Y' => match n {
                2 => format!("{:02}", c.year % 100),
                4 => format!("{:04}", c.year),
                _ => return Err(invalid("year must either be \"YY\" or \"YYYY\"")),
            },
            b'M' => {
                let name = MONTH_NAMES[c.month as usize - 1];
                match n {
                    1 => c.month.to_string(),
                    2 => two(c.month),
                    3 => name[..3].to_owned(),
                    4 => name.to_owned(),
                    _ => {
                        return Err(invalid("month must be \"M\", \"MM\", \"MMM\", or \"MMMM\""));
                    }
                }
            }
            b'D' => match n {
                1 => c.day.to_string(),
                2 => two(c.day),
                _ => return Err(invalid("day of month must either be \"D\" or \"DD\"")),
            },
            b'E' => match n {
                3 => DAY_NAMES[c.weekday][..3].to_owned(),
                4 => DAY_NAMES[c.weekday].to_owned(),
                _ => return Err(invalid("day of week must either be \"EEE\" or \"EEEE\"")),
            },
            b'h' => match n {
                1 => c.hour.to_string(),
                2 => two(c.hour),
                _ => return Err(invalid("24-hour must either be \"h\" or \"hh\"")),
            },
            b'H' => {
                let hour = match c.hour % 12 {
                    0 => 12,
                    h => h,
                };
                match n {
                    1 => hour.to_string(),
                    2 => two(hour),
                    _ => return Err(invalid("12-hour must either be \"H\" or \"HH\"")),
                }
            }
            b'A' | b'a' => {
                if n != 2 {
                    let letter = char::from(verb);
                    return Err(invalid(&format!("must be \"{letter}{letter}\"")));
                }
                match (c.hour < 12, verb == b'A') {
                    (true, true) => "AM",
                    (true, false) => "am",
                    (false, true) => "PM",
                    (false, false) => "pm",
                }
                .to_owned()
            }
            b'm' => match n {
                1 => c.minute.to_string(),
                2 => two(c.minute),
                _ => return Err(invalid("minute must either be \"m\" or \"mm\"")),
            },
            b's' => match n {
                1 => c.second.to_string(),
                2 => two(c.second),
                _ => return Err(invalid("second must either be \"s\" or \"ss\"")),
            },
            b'Z' => match n {
                1 => t.format_zone(ZoneStyle::IsoColon),
                3 => match t.format_zone(ZoneStyle::Numeric).as_str() {
                    "+0000" => "UTC".to_owned(),
                    other => other.to_owned(),
                },
                4 => t.format_zone(ZoneStyle::Numeric),
                5 => t.format_zone(ZoneStyle::NumericColon),
                _ => return Err(invalid("timezone must be Z, ZZZZ, or ZZZZZ")),
            },
            _ => return Err(invalid("")),
        };
        out.extend_from_slice(piece.as_bytes());
    }
    // Tokens split only at ASCII bytes, so the text stays UTF-8.
    Ok(String::from_utf8_lossy(&out).into_owned())
}
