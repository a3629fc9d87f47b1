//! The atoms of Go's syntax: escapes and the class escapes `\d`,
//! `[:alpha:]` and `\p{…}`.

use super::super::tree::{ClassItem, UnicodeClass};
use super::{
    INVALID_CHAR_RANGE, INVALID_ESCAPE, MISSING_BRACKET, SyntaxError, TRAILING_BACKSLASH, before,
    error,
};

/// Go's `parseClassChar`: one character of a class, maybe escaped.
pub(super) fn class_char<'t>(s: &'t str, whole_class: &str) -> Result<(u32, &'t str), SyntaxError> {
    if s.is_empty() {
        return Err(error(MISSING_BRACKET, whole_class));
    }
    if s.starts_with('\\') {
        return escape(s);
    }
    let c = s.chars().next().unwrap_or_default();
    Ok((c as u32, &s[c.len_utf8()..]))
}

/// Go's `parseEscape`: `s` starts with a backslash. Characters are code
/// points, since Go accepts escapes of surrogates.
pub(super) fn escape(s: &str) -> Result<(u32, &str), SyntaxError> {
    let mut t = &s[1..];
    let Some(c) = t.chars().next() else {
        return Err(error(TRAILING_BACKSLASH, ""));
    };
    t = &t[c.len_utf8()..];
    let invalid = |t: &str| Err(error(INVALID_ESCAPE, before(s, t)));
    let octal = |b: &u8| (b'0'..=b'7').contains(b);
    match c {
        '1'..='7' if !t.as_bytes().first().is_some_and(octal) => invalid(t),
        '0'..='7' => {
            // Up to three octal digits; a lone nonzero digit would be a
            // backreference, which Go does not support.
            let mut r = c as u32 - '0' as u32;
            for _ in 1..3 {
                match t.as_bytes().first() {
                    Some(&b) if octal(&b) => {
                        r = r * 8 + u32::from(b - b'0');
                        t = &t[1..];
                    }
                    _ => break,
                }
            }
            Ok((r, t))
        }
        'x' => {
            let Some(c) = t.chars().next() else {
                return invalid(t);
            };
            t = &t[c.len_utf8()..];
            if c == '{' {
                let mut digits = 0;
                let mut r: u32 = 0;
                loop {
                    let Some(c) = t.chars().next() else {
                        return invalid(t);
                    };
                    t = &t[c.len_utf8()..];
                    if c == '}' {
                        break;
                    }
                    let Some(v) = c.to_digit(16) else {
                        return invalid(t);
                    };
                    r = r * 16 + v;
                    if r > 0x10FFFF {
                        return invalid(t);
                    }
                    digits += 1;
                }
                if digits == 0 {
                    return invalid(t);
                }
                return Ok((r, t));
            }
            let x = c.to_digit(16);
            // Go reads the second digit even at the end of the pattern.
            let second = t.chars().next();
            if let Some(c) = second {
                t = &t[c.len_utf8()..];
            }
            match (x, second.and_then(|c| c.to_digit(16))) {
                (Some(x), Some(y)) => Ok((x * 16 + y, t)),
                _ => invalid(t),
            }
        }
        'a' => Ok((7, t)),
        'f' => Ok((12, t)),
        'n' => Ok((10, t)),
        'r' => Ok((13, t)),
        't' => Ok((9, t)),
        'v' => Ok((11, t)),
        _ if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c as u32, t)),
        _ => invalid(t),
    }
}

/// Go's `parsePerlClassEscape`: `\d`, `\s`, `\w` and their negations.
pub(super) fn perl_class(s: &str) -> Option<(ClassItem, &str)> {
    let name = s.strip_prefix('\\')?.bytes().next()?;
    let ranges: &'static [(u32, u32)] = match name.to_ascii_lowercase() {
        b'd' => DIGIT,
        b's' => PERL_SPACE,
        b'w' => WORD,
        _ => return None,
    };
    Some((
        ClassItem::Ranges {
            ranges,
            negated: name.is_ascii_uppercase(),
        },
        &s[2..],
    ))
}

const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];
const PERL_SPACE: &[(u32, u32)] = &[(0x09, 0x0a), (0x0c, 0x0d), (0x20, 0x20)];
const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5a), (0x5f, 0x5f), (0x61, 0x7a)];

/// Go's `parseNamedClass`: `[:alpha:]` and `[:^alpha:]` inside a class.
pub(super) fn posix_class(s: &str) -> Result<Option<(ClassItem, &str)>, SyntaxError> {
    let Some(i) = s[2..].find(":]") else {
        return Ok(None);
    };
    let (name, rest) = s.split_at(i + 4);
    let (negated, bare) = match name.strip_prefix("[:^") {
        Some(bare) => (true, bare),
        None => (false, &name[2..]),
    };
    let ranges: &'static [(u32, u32)] = match bare.strip_suffix(":]").unwrap_or_default() {
        "alnum" => &[(0x30, 0x39), (0x41, 0x5a), (0x61, 0x7a)],
        "alpha" => &[(0x41, 0x5a), (0x61, 0x7a)],
        "ascii" => &[(0x00, 0x7f)],
        "blank" => &[(0x09, 0x09), (0x20, 0x20)],
        "cntrl" => &[(0x00, 0x1f), (0x7f, 0x7f)],
        "digit" => DIGIT,
        "graph" => &[(0x21, 0x7e)],
        "lower" => &[(0x61, 0x7a)],
        "print" => &[(0x20, 0x7e)],
        "punct" => &[(0x21, 0x2f), (0x3a, 0x40), (0x5b, 0x60), (0x7b, 0x7e)],
        "space" => &[(0x09, 0x0d), (0x20, 0x20)],
        "upper" => &[(0x41, 0x5a)],
        "word" => WORD,
        "xdigit" => &[(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)],
        _ => return Err(error(INVALID_CHAR_RANGE, name)),
    };
    Ok(Some((ClassItem::Ranges { ranges, negated }, rest)))
}

/// Go's `parseUnicodeClass`: `\pL`, `\p{Greek}`, `\P{…}`, `\p{^…}`.
pub(super) fn unicode_class(s: &str) -> Result<Option<(ClassItem, &str)>, SyntaxError> {
    let mut negated = match s.as_bytes() {
        [b'\\', b'p', ..] => false,
        [b'\\', b'P', ..] => true,
        _ => return Ok(None),
    };
    let after = &s[2..];
    let (seq, name, rest) = match after.chars().next() {
        Some('{') => {
            let Some(end) = s.find('}') else {
                return Err(error(INVALID_CHAR_RANGE, s));
            };
            (&s[..=end], &s[3..end], &s[end + 1..])
        }
        // At the end of the pattern Go reads an empty name.
        c => {
            let len = 2 + c.map_or(0, char::len_utf8);
            (&s[..len], &s[2..len], &s[len..])
        }
    };
    let name = match name.strip_prefix('^') {
        Some(bare) => {
            negated = !negated;
            bare
        }
        None => name,
    };
    let Some(class) = UnicodeClass::from_go_name(name) else {
        return Err(error(INVALID_CHAR_RANGE, seq));
    };
    Ok(Some((ClassItem::Unicode { class, negated }, rest)))
}
