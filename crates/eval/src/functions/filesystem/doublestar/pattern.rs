//! doublestar's pattern syntax, byte for byte: `*`, `**`, `?`, `[...]`
//! classes, `{a,b}` alternatives and `\` escapes, with `/` as separator.
//!
//! Positions are byte offsets, as in Go; they only ever land on ASCII
//! delimiters or just after an escaping backslash, so slicing is safe on
//! bytes and runes are decoded where Go decodes them.

use super::{Budget, GlobError};

const SEPARATOR: u32 = '/' as u32;
const MAX_RUNE: u32 = 0x10FFFF;
const RUNE_ERROR: u32 = 0xFFFD;

/// `utf8.DecodeRune`: the rune at the start and its width; invalid bytes
/// decode as U+FFFD of width one, nothing as U+FFFD of width zero.
fn decode_rune(bytes: &[u8]) -> (u32, usize) {
    let Some(&first) = bytes.first() else {
        return (RUNE_ERROR, 0);
    };
    if first < 0x80 {
        return (u32::from(first), 1);
    }
    let width = match first {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return (RUNE_ERROR, 1),
    };
    match bytes.get(..width).and_then(|b| std::str::from_utf8(b).ok()) {
        Some(text) => (text.chars().next().map_or(RUNE_ERROR, u32::from), width),
        None => (RUNE_ERROR, 1),
    }
}

/// The first unescaped meta character (`*?[{`).
pub(super) fn index_meta(s: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'*' | b'?' | b'[' | b'{' => return Some(i),
            b'\\' => i += 1,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The last `/` or `}` not preceded by a backslash.
pub(super) fn last_index_slash_or_alt(s: &[u8]) -> Option<usize> {
    (0..s.len())
        .rev()
        .find(|&i| (s[i] == b'/' || s[i] == b'}') && (i == 0 || s[i - 1] != b'\\'))
}

/// The last `/` not preceded by a backslash.
pub(super) fn last_index_slash(s: &[u8]) -> Option<usize> {
    (0..s.len())
        .rev()
        .find(|&i| s[i] == b'/' && (i == 0 || s[i - 1] != b'\\'))
}

/// The `{` matching a `}` just past the end of `s`.
pub(super) fn index_matched_opening_alt(s: &[u8]) -> Option<usize> {
    let mut depth = 1;
    for i in (0..s.len()).rev() {
        let escaped = i > 0 && s[i - 1] == b'\\';
        if s[i] == b'}' && !escaped {
            depth += 1;
        } else if s[i] == b'{' && !escaped {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// The `}` matching a `{` just before the start of `s`.
pub(super) fn index_matched_closing_alt(s: &[u8]) -> Option<usize> {
    let mut depth = 1;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The next `,` at the top level of an alternative list.
pub(super) fn index_next_alt(s: &[u8]) -> Option<usize> {
    let mut depth = 1;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 1 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

fn index_unescaped_byte(s: &[u8], c: u8) -> Option<usize> {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' {
            i += 1;
        } else if s[i] == c {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Escaped meta characters (`\*`, `\?`, `\[`, `\]`, `\{`, `\}`) unescaped;
/// other backslashes stay.
pub(super) fn unescape_meta(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        match (s[i], s.get(i + 1)) {
            (b'\\', Some(&next @ (b'*' | b'?' | b'[' | b']' | b'{' | b'}'))) => {
                out.push(next);
                i += 2;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

/// `ValidatePattern`: escapes complete, classes closed and non-empty,
/// alternatives balanced.
pub(super) fn validate(s: &[u8]) -> bool {
    let mut alt_depth = 0usize;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'\\' => {
                i += 1;
                if i >= s.len() {
                    return false;
                }
            }
            b'[' => {
                i += 1;
                if i >= s.len() {
                    return false;
                }
                if s[i] == b'^' || s[i] == b'!' {
                    i += 1;
                }
                if i >= s.len() || s[i] == b']' {
                    return false;
                }
                loop {
                    if i >= s.len() {
                        return false;
                    }
                    if s[i] == b'\\' {
                        i += 1;
                    } else if s[i] == b']' {
                        break;
                    }
                    i += 1;
                }
            }
            b'{' => alt_depth += 1,
            b'}' => {
                if alt_depth == 0 {
                    return false;
                }
                alt_depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    alt_depth == 0
}

/// One alternative spelled out: `prefix/` (unless empty or `.`), the text
/// between `start` and the `{`, the alternative, and what follows the `}`.
pub(super) fn build_alt(
    prefix: &[u8],
    pattern: &[u8],
    start: usize,
    opening: usize,
    current: usize,
    next: usize,
    after: usize,
) -> Vec<u8> {
    let mut out = Vec::new();
    if !prefix.is_empty() && prefix != b"." {
        out.extend_from_slice(prefix);
        out.push(b'/');
    }
    out.extend_from_slice(&pattern[start..opening]);
    out.extend_from_slice(&pattern[current..next]);
    if after < pattern.len() {
        out.extend_from_slice(&pattern[after..]);
    }
    out
}

fn concat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// Where a `*` or `**` can resume matching after a mismatch.
#[derive(Clone, Copy)]
struct Backtrack {
    doublestar: Option<(usize, usize)>,
    star: Option<(usize, usize)>,
}

/// `matchWithSeparator(pattern, name, '/', validate=false)`, as the globber
/// calls it for each directory entry.
pub(super) fn matches(pattern: &[u8], name: &[u8], budget: &mut Budget) -> Result<bool, GlobError> {
    let none = Backtrack {
        doublestar: None,
        star: None,
    };
    match_from(pattern, name, none, 0, 0, budget)
}

fn match_from(
    pattern: &[u8],
    name: &[u8],
    mut backtrack: Backtrack,
    mut pat_idx: usize,
    mut name_idx: usize,
    budget: &mut Budget,
) -> Result<bool, GlobError> {
    let pat_len = pattern.len();
    let name_len = name.len();
    let mut start_of_segment = true;
    'matching: while name_idx < name_len {
        budget.step()?;
        if pat_idx < pat_len {
            match pattern[pat_idx] {
                b'*' => {
                    pat_idx += 1;
                    if pat_idx < pat_len && pattern[pat_idx] == b'*' {
                        pat_idx += 1;
                        if start_of_segment {
                            if pat_idx >= pat_len {
                                return Ok(true);
                            }
                            // `**` counts only as a whole segment; else it is `*`.
                            let (rune, width) = decode_rune(&pattern[pat_idx..]);
                            if rune == SEPARATOR {
                                pat_idx += width;
                                backtrack.doublestar = Some((pat_idx, name_idx));
                                backtrack.star = None;
                                continue;
                            }
                        }
                    }
                    start_of_segment = false;
                    backtrack.star = Some((pat_idx, name_idx));
                    continue;
                }
                b'?' => {
                    start_of_segment = false;
                    let (rune, width) = decode_rune(&name[name_idx..]);
                    if rune != SEPARATOR {
                        pat_idx += 1;
                        name_idx += width;
                        continue;
                    }
                }
                b'[' => {
                    start_of_segment = false;
                    pat_idx += 1;
                    if pat_idx >= pat_len {
                        return Err(GlobError::BadPattern);
                    }
                    let (name_rune, name_width) = decode_rune(&name[name_idx..]);
                    let negate = pattern[pat_idx] == b'!' || pattern[pat_idx] == b'^';
                    if negate {
                        pat_idx += 1;
                    }
                    if pat_idx >= pat_len || pattern[pat_idx] == b']' {
                        return Err(GlobError::BadPattern);
                    }
                    let mut matched = false;
                    let mut last = MAX_RUNE;
                    while pat_idx < pat_len && pattern[pat_idx] != b']' {
                        let (mut rune, mut width) = decode_rune(&pattern[pat_idx..]);
                        pat_idx += width;
                        if last < MAX_RUNE
                            && rune == u32::from(b'-')
                            && pat_idx < pat_len
                            && pattern[pat_idx] != b']'
                        {
                            if pattern[pat_idx] == b'\\' {
                                pat_idx += 1;
                            }
                            (rune, width) = decode_rune(pattern.get(pat_idx..).unwrap_or_default());
                            pat_idx += width;
                            if last <= name_rune && name_rune <= rune {
                                matched = true;
                                break;
                            }
                            last = MAX_RUNE;
                            continue;
                        }
                        if rune == u32::from(b'\\') {
                            (rune, width) = decode_rune(pattern.get(pat_idx..).unwrap_or_default());
                            pat_idx += width;
                        }
                        if rune == name_rune {
                            matched = true;
                            break;
                        }
                        last = rune;
                    }
                    if matched == negate {
                        if pat_idx >= pat_len {
                            return Err(GlobError::BadPattern);
                        }
                    } else {
                        let rest = pattern.get(pat_idx..).unwrap_or_default();
                        let Some(closing) = index_unescaped_byte(rest, b']') else {
                            return Err(GlobError::BadPattern);
                        };
                        pat_idx += closing + 1;
                        name_idx += name_width;
                        continue;
                    }
                }
                b'{' => {
                    let before = pat_idx;
                    pat_idx += 1;
                    let Some(closing) = index_matched_closing_alt(&pattern[pat_idx..]) else {
                        return Err(GlobError::BadPattern);
                    };
                    let closing = closing + pat_idx;
                    // Each alternative is tried in place of the braces, from the
                    // same position, with a fresh segment state, as Go recurses.
                    while let Some(comma) = index_next_alt(&pattern[pat_idx..closing]) {
                        let comma = comma + pat_idx;
                        let alternative = concat(&[
                            &pattern[..before],
                            &pattern[pat_idx..comma],
                            &pattern[closing + 1..],
                        ]);
                        if match_from(&alternative, name, backtrack, before, name_idx, budget)? {
                            return Ok(true);
                        }
                        pat_idx = comma + 1;
                    }
                    let alternative = concat(&[
                        &pattern[..before],
                        &pattern[pat_idx..closing],
                        &pattern[closing + 1..],
                    ]);
                    return match_from(&alternative, name, backtrack, before, name_idx, budget);
                }
                byte => {
                    if byte == b'\\' {
                        pat_idx += 1;
                        if pat_idx >= pat_len {
                            return Err(GlobError::BadPattern);
                        }
                    }
                    let (pat_rune, pat_width) = decode_rune(&pattern[pat_idx..]);
                    let (name_rune, name_width) = decode_rune(&name[name_idx..]);
                    if pat_rune == name_rune {
                        pat_idx += pat_width;
                        name_idx += name_width;
                        start_of_segment = pat_rune == SEPARATOR;
                        continue;
                    }
                    // Go steps back over an escaping backslash here, which
                    // only matters to validation, never done when globbing.
                }
            }
        }

        if let Some((star_pat, star_name)) = backtrack.star {
            let (rune, width) = decode_rune(&name[star_name..]);
            if rune != SEPARATOR {
                backtrack.star = Some((star_pat, star_name + width));
                pat_idx = star_pat;
                name_idx = star_name + width;
                start_of_segment = false;
                continue;
            }
        }
        if let Some((ds_pat, ds_name)) = backtrack.doublestar {
            // `**` swallows one more segment of the name.
            name_idx = ds_name;
            while name_idx < name_len {
                let (rune, width) = decode_rune(&name[name_idx..]);
                name_idx += width;
                if rune == SEPARATOR {
                    backtrack.doublestar = Some((ds_pat, name_idx));
                    pat_idx = ds_pat;
                    start_of_segment = true;
                    continue 'matching;
                }
            }
        }
        return Ok(false);
    }
    is_zero_length_pattern(pattern.get(pat_idx..).unwrap_or_default(), budget)
}

/// Whether what is left of a pattern can match the empty rest of a name:
/// nothing, `*`, `**` with slashes around it, or alternatives of those.
fn is_zero_length_pattern(pattern: &[u8], budget: &mut Budget) -> Result<bool, GlobError> {
    budget.step()?;
    if matches!(pattern, b"" | b"*" | b"**" | b"/**" | b"**/" | b"/**/") {
        return Ok(true);
    }
    if pattern.first() != Some(&b'{') {
        return Ok(false);
    }
    let Some(closing) = index_matched_closing_alt(&pattern[1..]) else {
        return Err(GlobError::BadPattern);
    };
    let closing = closing + 1;
    let mut pat_idx = 1;
    while let Some(comma) = index_next_alt(&pattern[pat_idx..closing]) {
        let comma = comma + pat_idx;
        let alternative = concat(&[&pattern[pat_idx..comma], &pattern[closing + 1..]]);
        if is_zero_length_pattern(&alternative, budget)? {
            return Ok(true);
        }
        pat_idx = comma + 1;
    }
    let alternative = concat(&[&pattern[pat_idx..closing], &pattern[closing + 1..]]);
    is_zero_length_pattern(&alternative, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &str, name: &str) -> Result<bool, GlobError> {
        matches(pattern.as_bytes(), name.as_bytes(), &mut Budget::default())
    }

    #[test]
    fn stars_and_questions() {
        assert_eq!(m("*", "abc"), Ok(true));
        assert_eq!(m("*.txt", "a.txt"), Ok(true));
        assert_eq!(m("*.txt", "a.txt2"), Ok(false));
        assert_eq!(m("a?c", "abc"), Ok(true));
        assert_eq!(m("a?c", "ac"), Ok(false));
        assert_eq!(m("**", "x"), Ok(true));
        assert_eq!(m("*", ".hidden"), Ok(true));
        assert_eq!(m("a**b", "axxb"), Ok(true));
        assert_eq!(m("a/**/b", "a/x/y/b"), Ok(true));
        assert_eq!(m("a/**/b", "a/b"), Ok(true));
        assert_eq!(m("a/*", "a/b/c"), Ok(false));
        assert_eq!(m("é?", "éü"), Ok(true));
    }

    #[test]
    fn classes() {
        assert_eq!(m("[abc]", "b"), Ok(true));
        assert_eq!(m("[a-c]x", "cx"), Ok(true));
        assert_eq!(m("[!a-c]", "d"), Ok(true));
        assert_eq!(m("[^a-c]", "a"), Ok(false));
        assert_eq!(m("[\\]]", "]"), Ok(true));
        assert_eq!(m("[", "a"), Err(GlobError::BadPattern));
        assert_eq!(m("[]", "a"), Err(GlobError::BadPattern));
        assert_eq!(m("[a", "b"), Err(GlobError::BadPattern));
    }

    #[test]
    fn alternatives_and_escapes() {
        assert_eq!(m("{a,b}.txt", "b.txt"), Ok(true));
        assert_eq!(m("{a,b}.txt", "c.txt"), Ok(false));
        assert_eq!(m("x{,y}", "x"), Ok(true));
        assert_eq!(m("{a,{b,c}}", "c"), Ok(true));
        assert_eq!(m("\\*", "*"), Ok(true));
        assert_eq!(m("\\*", "a"), Ok(false));
        assert_eq!(m("{a", "a"), Err(GlobError::BadPattern));
        assert_eq!(m("a{,*}", "a"), Ok(true));
    }

    #[test]
    fn validation() {
        assert!(validate(b"a/{b,c}/[x-z]*"));
        assert!(!validate(b"a\\"));
        assert!(!validate(b"[]"));
        assert!(!validate(b"[a"));
        assert!(!validate(b"{a"));
        assert!(!validate(b"a}"));
        assert!(validate(b"[\\]]"));
    }

    #[test]
    fn helpers() {
        assert_eq!(unescape_meta(b"a\\*b\\\\c\\x"), b"a*b\\\\c\\x");
        assert_eq!(index_meta(b"a\\*b*"), Some(4));
        assert_eq!(last_index_slash_or_alt(b"a/b\\/c"), Some(1));
        assert_eq!(index_matched_opening_alt(b"x{a{b}"), Some(1));
        assert_eq!(decode_rune(&[0xff, 0x41]), (RUNE_ERROR, 1));
        assert_eq!(decode_rune(b""), (RUNE_ERROR, 0));
    }
}

#[cfg(test)]
mod robustness {
    use super::*;

    #[test]
    fn arbitrary_patterns_never_panic() {
        let alphabet = b"ab*?[]{},\\/-!^\xc3\xa9";
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..20_000 {
            let pattern: Vec<u8> = (0..next(12))
                .map(|_| alphabet[next(alphabet.len())])
                .collect();
            let name: Vec<u8> = (0..next(8))
                .map(|_| alphabet[next(alphabet.len())])
                .collect();
            let _ = matches(&pattern, &name, &mut Budget::default());
            let _ = validate(&pattern);
            let _ = unescape_meta(&pattern);
        }
    }
}
