// Go port of `unicode.ToUpper`/`ToLower`/`ToTitle`: Rust's case mappings are full (`ß` to `SS`) and of a newer Unicode.
//! Go's `unicode` character classes and simple case mappings, which
//! `strings.ToUpper`, `ToLower`, `Title` and `TrimSpace` are built on.
//! Rust's own case mappings differ: they map `ß` to `SS` and follow a newer
//! Unicode version.

use unicode_general_category::{GeneralCategory, get_general_category};

use super::case_table::{ALTERNATING, CASE_RANGES};

#[derive(Clone, Copy)]
enum Case {
    Upper = 0,
    Lower = 1,
    Title = 2,
}

/// Go's `unicode.To`: the mapping from `CaseRanges`, or the character.
fn to(case: Case, c: char) -> char {
    let code = c as u32;
    let Ok(i) = CASE_RANGES.binary_search_by(|&(lo, hi, _)| {
        if hi < code {
            std::cmp::Ordering::Less
        } else if lo > code {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    }) else {
        return c;
    };
    let (lo, _, deltas) = CASE_RANGES[i];
    let delta = deltas[case as usize];
    let mapped = if delta == ALTERNATING {
        // Even offsets are upper case, odd ones lower; title is upper.
        lo + (((code - lo) & !1) | (case as u32 & 1))
    } else {
        code.wrapping_add_signed(delta)
    };
    char::from_u32(mapped).unwrap_or(c)
}

pub(super) fn to_upper(c: char) -> char {
    to(Case::Upper, c)
}

pub(super) fn to_lower(c: char) -> char {
    to(Case::Lower, c)
}

pub(super) fn to_title(c: char) -> char {
    to(Case::Title, c)
}

/// Go's `unicode.IsSpace`.
pub(super) fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{85}' | '\u{a0}'
    ) || (c > '\u{ff}' && c.is_whitespace())
}

/// Go's `unicode.IsLetter`: general category L.
pub(super) fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    matches!(
        get_general_category(c),
        GeneralCategory::UppercaseLetter
            | GeneralCategory::LowercaseLetter
            | GeneralCategory::TitlecaseLetter
            | GeneralCategory::ModifierLetter
            | GeneralCategory::OtherLetter
    )
}

/// Go's `unicode.IsDigit`: general category Nd.
pub(super) fn is_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    get_general_category(c) == GeneralCategory::DecimalNumber
}

/// Go's `strings.Title`: the first letter of each word to title case, a
/// word starting after any character that is not a letter, digit or `_`.
pub(super) fn title(s: &str) -> String {
    let mut prev = ' ';
    s.chars()
        .map(|c| {
            let mapped = if is_separator(prev) { to_title(c) } else { c };
            prev = c;
            mapped
        })
        .collect()
}

/// Go's `isSeparator` in `strings.Title`.
fn is_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    if is_letter(c) || is_digit(c) {
        return false;
    }
    is_space(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_mappings_as_go() {
        assert_eq!(to_upper('a'), 'A');
        assert_eq!(to_upper('ß'), 'ß');
        assert_eq!(to_lower('İ'), 'i');
        assert_eq!(to_upper('ᾳ'), 'ᾼ');
        assert_eq!(to_title('ǆ'), 'ǅ');
        assert_eq!(to_upper('ǆ'), 'Ǆ');
        assert_eq!(to_lower('ǅ'), 'ǆ');
        assert_eq!(to_title('ა'), 'ა');
        assert_eq!(to_upper('ა'), 'Ა');
        assert_eq!(to_upper('ā'), 'Ā');
        assert_eq!(to_lower('Ā'), 'ā');
        assert_eq!(to_title('ā'), 'Ā');
        assert_eq!(to_upper('ɤ'), 'ɤ');
        assert_eq!(to_upper('\u{10FFFF}'), '\u{10FFFF}');
    }

    #[test]
    fn title_as_go() {
        assert_eq!(title("hello wORLD_x a.b 1c"), "Hello WORLD_x A.B 1c");
        assert_eq!(title("ǆa ǉ ᾳx ა"), "ǅa ǈ ᾼx ა");
        // Punctuation other than ASCII is not a separator.
        assert_eq!(title("a«b c"), "A«b C");
    }
}
