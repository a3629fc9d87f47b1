// Go port of `time.Parse(time.RFC3339, ...)` and cty's strict parser: their accepted forms and `time.ParseError` texts.
//! RFC 3339 timestamps as the functions read them.
//!
//! * [`parse_strict`]: cty's `parseTimestamp` over its own strict parser
//!   (`formatdate`, `timeadd`).
//! * [`parse_lenient`]: OpenTofu's `parseTimestamp` over Go's
//!   `time.Parse(time.RFC3339, s)` (`timecmp`), which also accepts a
//!   one-digit hour, a comma before the fraction and zone offsets up to
//!   `24:60`.
//!
//! Both turn Go's `time.ParseError` into messages naming the timestamp's
//! parts, each in its own way.

use tofu_syntax::quote::go_quote;

use super::time::{Time, days_in};

const RFC3339: &str = "2006-01-02T15:04:05Z07:00";

/// Go's `time.ParseError`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ParseError {
    value: String,
    layout_elem: &'static str,
    value_elem: String,
    message: String,
}

impl ParseError {
    fn new(value: &[u8], layout_elem: &'static str, value_elem: &[u8], message: String) -> Self {
        ParseError {
            value: String::from_utf8_lossy(value).into_owned(),
            layout_elem,
            value_elem: String::from_utf8_lossy(value_elem).into_owned(),
            message,
        }
    }

    /// `ParseError.Error()`, which quotes with the `time` package's own
    /// quoting.
    fn text(&self) -> String {
        if self.message.is_empty() {
            format!(
                "parsing time {} as {}: cannot parse {} as {}",
                time_quote(&self.value),
                time_quote(RFC3339),
                time_quote(&self.value_elem),
                time_quote(self.layout_elem)
            )
        } else {
            format!("parsing time {}{}", time_quote(&self.value), self.message)
        }
    }
}

/// The `time` package's `quote`: non-ASCII and control bytes as `\xNN`.
pub(super) fn time_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if !c.is_ascii() || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

fn is_digit(s: &[u8], i: usize) -> bool {
    s.get(i).is_some_and(u8::is_ascii_digit)
}

/// Go's `getnum`: one or two digits (exactly two when `fixed`).
fn getnum(s: &[u8], fixed: bool) -> Option<(u32, &[u8])> {
    if !is_digit(s, 0) {
        return None;
    }
    if !is_digit(s, 1) {
        if fixed {
            return None;
        }
        return Some((u32::from(s[0] - b'0'), &s[1..]));
    }
    Some((
        u32::from(s[0] - b'0') * 10 + u32::from(s[1] - b'0'),
        &s[2..],
    ))
}

/// Go's `parseNanoseconds` for a separator and at least one digit: the
/// first nine digits count, the rest are dropped.
fn parse_nanoseconds(value: &[u8]) -> i64 {
    let digits = &value[1..value.len().min(10)];
    let ns = digits
        .iter()
        .fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0'));
    ns * 10i64.pow(9 - digits.len() as u32)
}

/// The fast path of `time.Parse` for RFC 3339 (also cty's own strict
/// parser): fixed positions, every field in range.
fn parse_fast(s: &[u8]) -> Option<Time> {
    if s.len() < "2006-01-02T15:04:05".len() {
        return None;
    }
    let number = |range: std::ops::Range<usize>, min: u32, max: u32| -> Option<u32> {
        let mut x: u32 = 0;
        for &c in &s[range] {
            if !c.is_ascii_digit() {
                return None;
            }
            x = x * 10 + u32::from(c - b'0');
        }
        (min..=max).contains(&x).then_some(x)
    };
    let year = number(0..4, 0, 9999)?;
    let month = number(5..7, 1, 12)?;
    let day = number(8..10, 1, days_in(month, year.into()))?;
    let hour = number(11..13, 0, 23)?;
    let minute = number(14..16, 0, 59)?;
    let second = number(17..19, 0, 59)?;
    if !(s[4] == b'-' && s[7] == b'-' && s[10] == b'T' && s[13] == b':' && s[16] == b':') {
        return None;
    }
    let mut rest = &s[19..];
    let mut nanos = 0;
    if rest.len() >= 2 && rest[0] == b'.' && is_digit(rest, 1) {
        let n = 2 + rest[2..].iter().take_while(|c| c.is_ascii_digit()).count();
        nanos = parse_nanoseconds(&rest[..n]);
        rest = &rest[n..];
    }
    let offset = if rest == b"Z" {
        0
    } else {
        if rest.len() != "-07:00".len() {
            return None;
        }
        let hours = number_in(rest, 1..3, 23)?;
        let minutes = number_in(rest, 4..6, 59)?;
        if !((rest[0] == b'-' || rest[0] == b'+') && rest[3] == b':') {
            return None;
        }
        let offset = i64::from(hours * 60 + minutes) * 60;
        if rest[0] == b'-' { -offset } else { offset }
    };
    Some(Time::from_civil(
        year.into(),
        month,
        day,
        hour,
        minute,
        second,
        nanos,
        offset,
    ))
}

/// Two-digit field of `s` within `0..=max`.
fn number_in(s: &[u8], range: std::ops::Range<usize>, max: u32) -> Option<u32> {
    let field = &s[range];
    if !field.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let x = field
        .iter()
        .fold(0u32, |acc, d| acc * 10 + u32::from(d - b'0'));
    (x <= max).then_some(x)
}

/// Go's general `time.Parse` loop for the RFC 3339 layout.
fn parse_general(original: &[u8]) -> Result<Time, ParseError> {
    let range_error = |elem: &'static str, rest: &[u8], what: &str| {
        ParseError::new(original, elem, rest, format!(": {what} out of range"))
    };
    let bad =
        |elem: &'static str, hold: &[u8]| ParseError::new(original, elem, hold, String::new());
    let skip = |value: &[u8], prefix: &'static str| -> Result<usize, ParseError> {
        if value.first() == prefix.as_bytes().first() {
            Ok(1)
        } else {
            Err(ParseError::new(original, prefix, value, String::new()))
        }
    };

    let mut value = original;
    // "2006"
    if value.len() < 4 || !is_digit(value, 0) || !value[..4].iter().all(u8::is_ascii_digit) {
        return Err(bad("2006", value));
    }
    let year = value[..4]
        .iter()
        .fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0'));
    value = &value[4..];

    // "-01"
    value = &value[skip(value, "-")?..];
    let (month, rest) = getnum(value, true).ok_or_else(|| bad("01", value))?;
    if !(1..=12).contains(&month) {
        return Err(range_error("01", rest, "month"));
    }
    value = rest;

    // "-02"
    value = &value[skip(value, "-")?..];
    let (day, rest) = getnum(value, true).ok_or_else(|| bad("02", value))?;
    value = rest;

    // "T15"
    value = &value[skip(value, "T")?..];
    let (hour, rest) = getnum(value, false).ok_or_else(|| bad("15", value))?;
    if hour >= 24 {
        return Err(range_error("15", rest, "hour"));
    }
    value = rest;

    // ":04"
    value = &value[skip(value, ":")?..];
    let (minute, rest) = getnum(value, true).ok_or_else(|| bad("04", value))?;
    if minute >= 60 {
        return Err(range_error("04", rest, "minute"));
    }
    value = rest;

    // ":05", with a fraction the layout does not mention.
    value = &value[skip(value, ":")?..];
    let (second, rest) = getnum(value, true).ok_or_else(|| bad("05", value))?;
    if second >= 60 {
        return Err(range_error("05", rest, "second"));
    }
    value = rest;
    let mut nanos = 0;
    if value.len() >= 2 && (value[0] == b'.' || value[0] == b',') && is_digit(value, 1) {
        let n = 2 + value[2..].iter().take_while(|c| c.is_ascii_digit()).count();
        nanos = parse_nanoseconds(&value[..n]);
        value = &value[n..];
    }

    // "Z07:00"
    let hold = value;
    let offset = if value.first() == Some(&b'Z') {
        value = &value[1..];
        0
    } else {
        if value.len() < 6 || value[3] != b':' {
            return Err(bad("Z07:00", hold));
        }
        let (sign, hours, minutes) = (value[0], &value[1..3], &value[4..6]);
        value = &value[6..];
        let hr = getnum(hours, true);
        let mm = hr.and_then(|_| getnum(minutes, true));
        let (hr, mm) = (hr.map_or(0, |h| h.0), mm.map_or(0, |m| m.0));
        let mut range = None;
        if hr > 24 {
            range = Some("time zone offset hour");
        }
        if mm > 60 {
            range = Some("time zone offset minute");
        }
        if let Some(what) = range {
            return Err(range_error("Z07:00", value, what));
        }
        let digits_ok = getnum(hours, true).is_some() && getnum(minutes, true).is_some();
        let offset = i64::from(hr * 60 + mm) * 60;
        match sign {
            b'+' if digits_ok => offset,
            b'-' if digits_ok => -offset,
            _ => return Err(bad("Z07:00", hold)),
        }
    };

    if !value.is_empty() {
        let rest = String::from_utf8_lossy(value);
        return Err(ParseError::new(
            original,
            "",
            value,
            format!(": extra text: {}", time_quote(&rest)),
        ));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(ParseError::new(
            original,
            "",
            b"",
            ": day out of range".to_owned(),
        ));
    }
    Ok(Time::from_civil(
        year, month, day, hour, minute, second, nanos, offset,
    ))
}

/// cty's strict RFC 3339 parser: Go's fast path, and where that fails,
/// the error of Go's general parser or of cty's checks for what the
/// general parser lets through.
fn parse_strict_rfc3339(s: &str) -> Result<Time, ParseError> {
    let bytes = s.as_bytes();
    if let Some(t) = parse_fast(bytes) {
        return Ok(t);
    }
    parse_general(bytes)?;
    let num2 = |b: &[u8]| {
        10u8.wrapping_mul(b[0].wrapping_sub(b'0'))
            .wrapping_add(b[1].wrapping_sub(b'0'))
    };
    let n = bytes.len();
    let message = |elem: &'static str, value_elem: &[u8], message: &str| {
        ParseError::new(bytes, elem, value_elem, message.to_owned())
    };
    if bytes[12] == b':' {
        return Err(message("15", &bytes[11..12], ": hour must have two digits"));
    }
    if bytes[19] == b',' {
        return Err(message(
            ".",
            b",",
            ": sub-second separator must be a period",
        ));
    }
    if bytes[n - 1] != b'Z' {
        if num2(&bytes[n - 5..]) >= 24 {
            return Err(message(
                "Z07:00",
                &bytes[n - 6..],
                ": timezone hour out of range",
            ));
        }
        if num2(&bytes[n - 2..]) >= 60 {
            return Err(message(
                "Z07:00",
                &bytes[n - 6..],
                ": timezone minute out of range",
            ));
        }
        // cty falls through here with its parser's zero result.
        return Ok(Time::zero());
    }
    Err(message(RFC3339, bytes, ""))
}

/// The timestamp part a layout element of RFC 3339 stands for.
fn part_name(layout_elem: &str) -> &'static str {
    match layout_elem {
        "2006" => "year",
        "01" => "month",
        "02" => "day of month",
        "15" => "hour",
        "04" => "minute",
        "05" => "second",
        "Z07:00" => "UTC offset",
        _ => "timestamp segment",
    }
}

/// The messages both mappings share, for the separators.
fn separator_message(err: &ParseError) -> Option<String> {
    match err.layout_elem {
        "T" => {
            Some("not a valid RFC3339 timestamp: missing required time introducer 'T'".to_owned())
        }
        ":" | "-" if err.value_elem.is_empty() => Some(format!(
            "not a valid RFC3339 timestamp: end of string where {} is expected",
            go_quote(err.layout_elem)
        )),
        ":" | "-" => Some(format!(
            "not a valid RFC3339 timestamp: found {} where {} is expected",
            go_quote(&err.value_elem),
            go_quote(err.layout_elem)
        )),
        _ => None,
    }
}

/// cty's `parseTimestamp`.
pub(super) fn parse_strict(s: &str) -> Result<Time, String> {
    parse_strict_rfc3339(s).map_err(|err| {
        if err.layout_elem.is_empty() && err.value_elem.is_empty() && !err.message.is_empty() {
            return format!("not a valid RFC3339 timestamp{}", err.message);
        }
        if let Some(message) = separator_message(&err) {
            return message;
        }
        let what = part_name(err.layout_elem);
        if err.value_elem.is_empty() {
            return format!("not a valid RFC3339 timestamp: end of string before {what}");
        }
        match what {
            "hour" if err.value_elem.contains(':') => {
                "not a valid RFC3339 timestamp: hour must be between 0 and 23 inclusive".to_owned()
            }
            "hour" if err.value_elem.len() != 2 => {
                "not a valid RFC3339 timestamp: hour must have exactly two digits".to_owned()
            }
            "minute" if err.value_elem.len() != 2 => {
                "not a valid RFC3339 timestamp: minute must have exactly two digits".to_owned()
            }
            _ => format!(
                "not a valid RFC3339 timestamp: cannot use {} as {what}",
                go_quote(&err.value_elem)
            ),
        }
    })
}

/// OpenTofu's `parseTimestamp` (`internal/lang/funcs/datetime.go`).
pub(super) fn parse_lenient(s: &str) -> Result<Time, String> {
    let bytes = s.as_bytes();
    if let Some(t) = parse_fast(bytes) {
        return Ok(t);
    }
    parse_general(bytes).map_err(|err| {
        if err.layout_elem.is_empty() && err.value_elem.is_empty() && !err.message.is_empty() {
            return format!("not a valid RFC3339 timestamp: {}", err.text());
        }
        if let Some(message) = separator_message(&err) {
            return message;
        }
        let what = part_name(err.layout_elem);
        if err.value_elem.is_empty() {
            format!("not a valid RFC3339 timestamp: end of string before {what}")
        } else {
            format!(
                "not a valid RFC3339 timestamp: cannot use {} as {what}",
                go_quote(&err.value_elem)
            )
        }
    })
}
