//! Version constraints: hashicorp/go-version's `NewConstraint` (v1.9.0,
//! `constraint.go` and `version.go`), which OpenTofu applies to every
//! version argument it reads at load time: `decodeVersionConstraint`
//! and `decodeVersionConstraintValue` (`version_constraint.go`) for
//! `required_version`, `compatible_with`, a provider block's and a module
//! call's `version`, and `decodeRequiredProvidersBlock` for
//! `required_providers` versions.
//!
//! A port of go-version's parsing and comparison, since no crate reads its
//! lenient syntax (`semver` reads `1.0` as `^1.0` and has no `~>`, `v`
//! prefix, fourth segment or `1.0beta`).
//!
//! go-version reads each comma-separated part with
//! `^\s*(<=|>=|!=|~>|<|>|=|)\s*(VERSION)\s*$`, where `\s` is
//! `[\t\n\f\r ]` and `VERSION` is `VersionRegexpRaw`: `v`, dot-separated
//! numbers that `strconv.ParseInt` reads as 64-bit integers, a prerelease
//! (`-` and dot-separated identifiers of `[0-9A-Za-z-~]`, or such
//! identifiers starting with a letter, `-` or `~`) and `+` metadata.

use std::cmp::Ordering;

/// A constraint operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Equal,
    NotEqual,
    Greater,
    Less,
    GreaterEqual,
    LessEqual,
    Pessimistic,
}

/// One go-version constraint such as `>= 1.0`.
#[derive(Debug, Clone)]
pub(crate) struct Constraint {
    op: Op,
    version: GoVersion,
    /// The text between commas, as go-version prints it.
    original: String,
}

/// A go-version version: numeric segments (at least three) and whether
/// it has a prerelease part.
#[derive(Debug, Clone)]
struct GoVersion {
    segments: Vec<u64>,
    /// How many segments were written.
    specified: usize,
    prerelease: bool,
}

/// go-version's `NewConstraint`: comma-separated constraints, or `None`
/// when one does not parse.
pub(crate) fn parse_constraints(text: &str) -> Option<Vec<Constraint>> {
    text.split(',').map(parse_single).collect()
}

/// `\s`: Go's `[\t\n\f\r ]`.
fn is_go_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c')
}

/// go-version's `parseSingle`.
fn parse_single(original: &str) -> Option<Constraint> {
    let text = original.trim_matches(is_go_space);
    let ops = [
        (">=", Op::GreaterEqual),
        ("<=", Op::LessEqual),
        ("!=", Op::NotEqual),
        ("~>", Op::Pessimistic),
        (">", Op::Greater),
        ("<", Op::Less),
        ("=", Op::Equal),
    ];
    let (op, rest) = ops
        .iter()
        .find_map(|(prefix, op)| text.strip_prefix(prefix).map(|rest| (*op, rest)))
        .unwrap_or((Op::Equal, text));
    let version = parse_version(rest.trim_start_matches(is_go_space))?;
    Some(Constraint {
        op,
        version,
        original: original.to_owned(),
    })
}

fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '~'
}

/// Dot-separated non-empty identifiers of `[0-9A-Za-z-~]`.
fn is_dotted_identifiers(text: &str) -> bool {
    !text.is_empty()
        && text
            .split('.')
            .all(|part| !part.is_empty() && part.chars().all(is_identifier_char))
}

/// go-version's `NewVersion`.
fn parse_version(text: &str) -> Option<GoVersion> {
    let text = text.strip_prefix('v').unwrap_or(text);
    let digits_end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (numbers, rest) = text.split_at(digits_end);
    if numbers.is_empty() || numbers.split('.').any(str::is_empty) {
        return None;
    }
    // `strconv.ParseInt(s, 10, 64)`.
    let mut segments: Vec<u64> = numbers
        .split('.')
        .map(|s| s.parse::<u64>().ok().filter(|n| *n <= i64::MAX as u64))
        .collect::<Option<_>>()?;
    let specified = segments.len();
    while segments.len() < 3 {
        segments.push(0);
    }
    let (pre, metadata) = match rest.find('+') {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    if let Some(metadata) = metadata
        && !is_dotted_identifiers(metadata)
    {
        return None;
    }
    let prerelease = !pre.is_empty();
    if prerelease {
        let valid = if let Some(body) = pre.strip_prefix('-') {
            // `-` then identifiers, or identifiers starting with `-`
            // (`1.0-`, `1.0-.x`): go-version's two prerelease forms.
            is_dotted_identifiers(body) || is_dotted_identifiers(pre)
        } else {
            is_dotted_identifiers(pre)
                && pre.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-' || c == '~')
        };
        if !valid {
            return None;
        }
    }
    Some(GoVersion {
        segments,
        specified,
        prerelease,
    })
}

impl GoVersion {
    /// go-version's `Compare` of a release version against `other`.
    fn compare_release(version: &[u64; 3], other: &GoVersion) -> Ordering {
        let len = other.segments.len().max(3);
        for i in 0..len {
            let a = version.get(i).copied().unwrap_or(0);
            let b = other.segments.get(i).copied().unwrap_or(0);
            if a != b {
                return a.cmp(&b);
            }
        }
        if other.prerelease {
            // A release sorts after its prereleases.
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }
}

impl Constraint {
    /// The constraint as written, between its commas.
    pub fn original(&self) -> &str {
        &self.original
    }

    /// Whether the constraint's version has a prerelease part.
    pub fn is_prerelease(&self) -> bool {
        self.version.prerelease
    }

    /// Whether a release version (no prerelease) satisfies this.
    pub fn check(&self, version: &[u64; 3]) -> bool {
        use Ordering::*;
        let c = &self.version;
        let cmp = GoVersion::compare_release(version, c);
        match self.op {
            Op::Equal => cmp == Equal,
            Op::NotEqual => cmp != Equal,
            Op::Greater => cmp == Greater,
            Op::Less => cmp == Less,
            Op::GreaterEqual => cmp != Less,
            Op::LessEqual => cmp != Greater,
            Op::Pessimistic => {
                if c.prerelease || cmp == Less {
                    return false;
                }
                let cs = c.segments.len();
                if cs > version.len() {
                    return false;
                }
                let fixed = c.specified.saturating_sub(1);
                if version
                    .iter()
                    .zip(&c.segments)
                    .take(fixed)
                    .any(|(v, c)| v != c)
                {
                    return false;
                }
                c.segments[cs - 1] <= version[cs - 1]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether go-version's `NewConstraint` accepts `text` (checked against
    /// go-version itself).
    const ACCEPTED: &[(&str, bool)] = &[
        // Operators and spacing.
        ("1.0.0", true),
        ("= 1", true),
        ("!=1", true),
        (">= 1.2, < 2", true),
        (" > 1.12 , <= 1.13.0 ", true),
        ("~> 1.2.0", true),
        ("\t~>\n1.2\r", true),
        ("\x0c1.0", true),
        ("<1", true),
        ("", false),
        (" ", false),
        (">=", false),
        ("=> 1", false),
        (">> 1", false),
        ("== 1", false),
        ("~ 1", false),
        ("1.0,", false),
        (">= 1.2,", false),
        (",1.0", false),
        ("1.0 2.0", false),
        ("1.0 ,, 2.0", false),
        // Versions.
        ("v1.2-beta.1+meta", true),
        ("1.2.3.4.5", true),
        ("01.002", true),
        ("1.0beta", true),
        ("1.0-1", true),
        ("1.0-1a.b-c", true),
        ("1.0~x", true),
        ("1.0--", true),
        ("1.0-~", true),
        ("1.0+a.b", true),
        ("1.0b+c.d", true),
        ("9223372036854775807", true),
        ("x", false),
        ("one", false),
        ("v", false),
        ("1.", false),
        (".1", false),
        ("1..0", false),
        ("1.0+", false),
        ("1.0+a..b", false),
        ("1.0-a..b", false),
        ("1.0_x", false),
        ("1.0-x_y", false),
        ("1.0é", false),
        ("vv1", false),
        // Where earlier readings here departed from go-version.
        ("V1.0", false),
        ("1.0.beta", false),
        ("1.0.-x", false),
        ("1.0-", true),
        ("1.0-.x", true),
        ("1.0-+m", true),
        ("\x0b1.0", false),
        ("\u{a0}1.0", false),
        (">=\u{2003}1.0", false),
        ("9223372036854775808", false),
        ("1.18446744073709551615", false),
        ("1.18446744073709551616", false),
    ];

    #[test]
    fn accepted_inputs() {
        for &(text, accepted) in ACCEPTED {
            assert_eq!(parse_constraints(text).is_some(), accepted, "{text:?}");
        }
    }

    #[test]
    fn parts() {
        let constraints = parse_constraints(" >= 1.0 ,~> 2.0-beta").unwrap();
        let parts: Vec<_> = constraints
            .iter()
            .map(|c| (c.original(), c.is_prerelease()))
            .collect();
        assert_eq!(parts, [(" >= 1.0 ", false), ("~> 2.0-beta", true)]);
    }

    /// Whether 1.13.0 satisfies each constraint.
    const CHECKED: &[(&str, bool)] = &[
        (">= 1.0", true),
        ("1.13.0", true),
        ("v1.13", true),
        ("~> 1.13", true),
        ("~> 1.0", true),
        ("~> 1", true),
        ("!= 1.12.0", true),
        (" > 1.12 , <= 1.13.0 ", true),
        (">= 1.13.0-alpha1", true),
        ("> 1.13.0-rc1", true),
        ("1.13.0.0", true),
        ("~> 1.12.0", false),
        ("~> 1.13.1", false),
        ("~> 1.13.0.0", false),
        ("< 1.13.0", false),
        ("= 1.13.1", false),
        ("~> 2", false),
        ("~> 1.13.0-beta", false),
        ("1.13.0-beta", false),
        ("> 1.13", false),
    ];

    #[test]
    fn check() {
        for &(text, expected) in CHECKED {
            let constraints = parse_constraints(text).expect(text);
            let satisfied = constraints.iter().all(|c| c.check(&[1, 13, 0]));
            assert_eq!(satisfied, expected, "{text:?}");
        }
    }
}
