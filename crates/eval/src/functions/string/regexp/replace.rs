// Go port of `regexp.FindAll`/`ReplaceAllString`/`Expand`: empty matches and `$name` differ from the `regex` crate's.
//! Go's iteration over matches (`FindAll…`, `ReplaceAllString`) and its
//! `$name` template expansion, which differ from the `regex` crate's in
//! where empty matches count and how `$` references are read.

use regex::{Captures, Regex};

use super::GoRegexp;
use crate::functions::FunctionError;
use crate::functions::string::{MAX_STRING_BYTES, case, check_length, too_long};

/// Go's `allMatches`: successive matches, skipping an empty match right
/// after the previous match.
pub(super) fn all_matches<'r, 's>(
    regex: &'r Regex,
    s: &'s str,
) -> impl Iterator<Item = Captures<'s>> + use<'r, 's> {
    let mut pos = 0;
    let mut prev_end: Option<usize> = None;
    std::iter::from_fn(move || {
        while pos <= s.len() {
            let captures = regex.captures_at(s, pos)?;
            let whole = captures.get(0)?;
            let mut accept = true;
            if whole.end() == pos {
                // An empty match at the search position.
                if prev_end == Some(whole.start()) {
                    accept = false;
                }
                pos += s[pos..].chars().next().map_or(1, char::len_utf8);
            } else {
                pos = whole.end();
            }
            prev_end = Some(whole.end());
            if accept {
                return Some(captures);
            }
        }
        None
    })
}

/// Go's `Regexp.ReplaceAllString`: every match replaced by the template
/// with `$1`, `${name}` and `$$` expanded, except an empty match right
/// after a match.
pub(crate) fn replace_all(re: &GoRegexp, s: &str, template: &str) -> Result<String, FunctionError> {
    let mut out = String::new();
    let mut last_end = 0;
    let mut search = 0;
    while search <= s.len() {
        let Some(captures) = re.regex.captures_at(s, search) else {
            break;
        };
        let Some(whole) = captures.get(0) else {
            break;
        };
        out.push_str(&s[last_end..whole.start()]);
        if whole.end() > last_end || whole.start() == 0 {
            expand(&mut out, template, re, &captures);
        }
        if out.len() > MAX_STRING_BYTES {
            return Err(too_long());
        }
        last_end = whole.end();
        // Advance past this match, and by at least one character.
        let width = s[search..].chars().next().map_or(0, char::len_utf8);
        search = if search + width > whole.end() {
            search + width
        } else if search + 1 > whole.end() {
            search + 1
        } else {
            whole.end()
        };
    }
    out.push_str(&s[last_end..]);
    check_length(out.len())?;
    Ok(out)
}

/// Go's `Regexp.expand` for string templates.
fn expand(out: &mut String, template: &str, re: &GoRegexp, captures: &Captures<'_>) {
    let mut rest = template;
    while let Some(dollar) = rest.find('$') {
        out.push_str(&rest[..dollar]);
        rest = &rest[dollar + 1..];
        if let Some(after) = rest.strip_prefix('$') {
            out.push('$');
            rest = after;
            continue;
        }
        let Some((name, after)) = reference(rest) else {
            // Malformed: the `$` is text.
            out.push('$');
            continue;
        };
        rest = after;
        let group = match group_number(name) {
            Some(n) => captures.get(n),
            None => re
                .names
                .iter()
                .position(|n| n == name)
                .and_then(|i| captures.get(i + 1)),
        };
        if let Some(m) = group {
            out.push_str(m.as_str());
        }
    }
    out.push_str(rest);
}

/// Go's `extract`: the name after a `$`, braced or not, and the rest.
fn reference(s: &str) -> Option<(&str, &str)> {
    let (braced, s) = match s.strip_prefix('{') {
        Some(s) => (true, s),
        None => (false, s),
    };
    let len: usize = s
        .chars()
        .take_while(|&c| case::is_letter(c) || case::is_digit(c) || c == '_')
        .map(char::len_utf8)
        .sum();
    if len == 0 {
        return None;
    }
    let (name, rest) = s.split_at(len);
    if braced {
        return Some((name, rest.strip_prefix('}')?));
    }
    Some((name, rest))
}

/// A reference by number: ASCII digits without a leading zero, below 10^8
/// as in Go.
fn group_number(name: &str) -> Option<usize> {
    if !name.bytes().all(|b| b.is_ascii_digit()) || name.len() > 1 && name.starts_with('0') {
        return None;
    }
    let mut n: usize = 0;
    for b in name.bytes() {
        if n >= 100_000_000 {
            return None;
        }
        n = n * 10 + usize::from(b - b'0');
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::super::compile;
    use super::replace_all;

    fn replace(pattern: &str, s: &str, template: &str) -> String {
        replace_all(&compile(pattern).unwrap(), s, template).unwrap()
    }

    #[test]
    fn as_go() {
        assert_eq!(replace("a(x*)b", "-ab-axxb-", "${1}W"), "-W-xxW-");
        assert_eq!(replace("a(x*)b", "-ab-axxb-", "$1W"), "---");
        assert_eq!(replace("a(?P<x>x*)b", "-axb-", "[$x]"), "-[x]-");
        assert_eq!(replace("a", "aa", "$$1"), "$1$1");
        assert_eq!(replace("a", "aa", "$"), "$$");
        assert_eq!(replace("a", "a", "${"), "${");
        assert_eq!(replace("a*", "baaac", "x"), "xbxcx");
        assert_eq!(replace("", "ab", "-"), "-a-b-");
        assert_eq!(replace("(a)|b", "ab", "[$1]"), "[a][]");
        assert_eq!(replace("(a)", "a", "$2"), "");
        assert_eq!(replace("(a)", "a", "$01"), "");
    }
}
