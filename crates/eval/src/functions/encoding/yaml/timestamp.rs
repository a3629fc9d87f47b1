// Go port of go-cty-yaml's `parseTimestamp` (`time.Parse` with its layouts): its accepted forms must match.
//! go-cty-yaml's `parseTimestamp`: Go's `time.Parse` with the layouts
//! `2006-1-2T15:4:5.999999999Z07:00` (also with `t`),
//! `2006-1-2 15:4:5.999999999` and `2006-1-2`, printed as RFC 3339.

/// Go's `getnum`: one or two digits.
fn number(s: &mut &[u8]) -> Option<u32> {
    let first = *s.first().filter(|c| c.is_ascii_digit())?;
    let mut n = u32::from(first - b'0');
    *s = &s[1..];
    if let Some(&c) = s.first().filter(|c| c.is_ascii_digit()) {
        n = n * 10 + u32::from(c - b'0');
        *s = &s[1..];
    }
    Some(n)
}

fn literal(s: &mut &[u8], c: u8) -> Option<()> {
    (s.first() == Some(&c)).then(|| *s = &s[1..])
}

fn days_in_month(month: u32, year: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `Z` or `±hh:mm`, as seconds east of UTC.
fn zone(s: &mut &[u8]) -> Option<i32> {
    if literal(s, b'Z').is_some() {
        return Some(0);
    }
    let z = s.get(..6)?;
    if z[3] != b':' || !z[1..3].iter().chain(&z[4..6]).all(u8::is_ascii_digit) {
        return None;
    }
    let hours = i32::from(z[1] - b'0') * 10 + i32::from(z[2] - b'0');
    let minutes = i32::from(z[4] - b'0') * 10 + i32::from(z[5] - b'0');
    if hours > 24 || minutes > 60 {
        return None;
    }
    let offset = (hours * 60 + minutes) * 60;
    *s = &s[6..];
    match z[0] {
        b'+' => Some(offset),
        b'-' => Some(-offset),
        _ => None,
    }
}

/// Parses as the first of the layouts that accepts `text`.
pub(super) fn parse(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    // All layouts start with four digits and a dash.
    if bytes.len() < 5 || !bytes[..4].iter().all(u8::is_ascii_digit) || bytes[4] != b'-' {
        return None;
    }
    let year: u32 = text[..4].parse().ok()?;
    let mut s = &bytes[5..];
    let month = number(&mut s).filter(|m| (1..=12).contains(m))?;
    literal(&mut s, b'-')?;
    let day = number(&mut s)?;
    if day < 1 || day > days_in_month(month, year) {
        return None;
    }
    let date = format!("{year:04}-{month:02}-{day:02}");
    if s.is_empty() {
        return Some(format!("{date}T00:00:00Z"));
    }
    let with_zone = match s[0] {
        b'T' | b't' => true,
        b' ' => false,
        _ => return None,
    };
    s = &s[1..];
    let hour = number(&mut s).filter(|&h| h < 24)?;
    literal(&mut s, b':')?;
    let minute = number(&mut s).filter(|&m| m < 60)?;
    literal(&mut s, b':')?;
    let second = number(&mut s).filter(|&m| m < 60)?;
    // Optional fraction, any number of digits, after `.` or `,`.
    if s.len() >= 2 && matches!(s[0], b'.' | b',') && s[1].is_ascii_digit() {
        let digits = s[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        s = &s[1 + digits..];
    }
    let offset = if with_zone { zone(&mut s)? } else { 0 };
    if !s.is_empty() {
        return None;
    }
    let zone_text = if offset == 0 {
        "Z".to_owned()
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        let minutes = offset.unsigned_abs() / 60;
        format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60)
    };
    Some(format!(
        "{date}T{hour:02}:{minute:02}:{second:02}{zone_text}"
    ))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn go_layouts() {
        assert_eq!(parse("2001-12-14").as_deref(), Some("2001-12-14T00:00:00Z"));
        assert_eq!(
            parse("2001-12-14t21:59:43.10-05:00").as_deref(),
            Some("2001-12-14T21:59:43-05:00")
        );
        assert_eq!(
            parse("2001-12-14 21:59:43.10").as_deref(),
            Some("2001-12-14T21:59:43Z")
        );
        assert_eq!(
            parse("2002-1-2T3:4:5Z").as_deref(),
            Some("2002-01-02T03:04:05Z")
        );
        assert_eq!(parse("2001-12-14 21:59:43.10 -5"), None);
        assert_eq!(parse("2001-02-29"), None);
        assert_eq!(parse("2000-02-29").as_deref(), Some("2000-02-29T00:00:00Z"));
        assert_eq!(
            parse("2001-12-14T21:59:43+00:00").as_deref(),
            Some("2001-12-14T21:59:43Z")
        );
    }
}
