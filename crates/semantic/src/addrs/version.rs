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
//! OpenTofu has one grammar; this analyzer has read it two ways, and
//! both are kept until each difference is settled: [`parse_constraints`]
//! (required versions and provider versions) and
//! [`parse_module_call_constraints`] (module call versions). [`Syntax`]
//! lists where each departs from go-version.

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

/// How a reading of go-version's grammar departs from it. go-version
/// reads each comma-separated part with
/// `^\s*(<=|>=|!=|~>|<|>|=|)\s*(VERSION)\s*$`, where `\s` is
/// `[\t\n\f\r ]` and `VERSION` is `VersionRegexpRaw`: `v`, dot-separated
/// numbers that `strconv.ParseInt` reads as 64-bit integers, a
/// prerelease (`-` and dot-separated identifiers of `[0-9A-Za-z-~]`, or
/// such identifiers starting with a letter, `-` or `~`) and `+` metadata.
#[derive(Debug, Clone, Copy)]
struct Syntax {
    /// `\s` is any Unicode white space (`\v` and no-break spaces too).
    unicode_space: bool,
    /// `V` is read as `v`.
    upper_v: bool,
    /// A prerelease may follow the numbers after a dot (`1.0.beta`).
    dot_prerelease: bool,
    /// The largest number a segment may be; `None` for no bound (a
    /// larger one reads as `u64::MAX`).
    max_segment: Option<u64>,
    /// The prereleases `-` and `-.` followed by identifiers (`1.0-`,
    /// `1.0-.x`), which go-version's second prerelease form accepts.
    bare_dash: bool,
}

/// How required versions and provider versions have been read: `V`,
/// dotted prereleases and segments up to `u64::MAX` are accepted;
/// `1.0-` and `1.0-.x` are not.
const REQUIREMENTS: Syntax = Syntax {
    unicode_space: false,
    upper_v: true,
    dot_prerelease: true,
    max_segment: Some(u64::MAX),
    bare_dash: false,
};

/// How module call versions have been read: any white space and numbers
/// of any size are accepted; `1.0-` and `1.0-.x` are not.
const MODULE_CALL: Syntax = Syntax {
    unicode_space: true,
    upper_v: false,
    dot_prerelease: false,
    max_segment: None,
    bare_dash: false,
};

/// go-version itself.
#[cfg(test)]
const GO_VERSION: Syntax = Syntax {
    unicode_space: false,
    upper_v: false,
    dot_prerelease: false,
    max_segment: Some(i64::MAX as u64),
    bare_dash: true,
};

/// go-version's `NewConstraint` as `required_version`, `compatible_with`,
/// provider and `required_providers` versions are read (see
/// [`REQUIREMENTS`]): comma-separated constraints, or `None` when one
/// does not parse.
pub(crate) fn parse_constraints(text: &str) -> Option<Vec<Constraint>> {
    parse_with(text, REQUIREMENTS)
}

/// go-version's `NewConstraint` as module call versions are read (see
/// [`MODULE_CALL`]).
pub(crate) fn parse_module_call_constraints(text: &str) -> Option<Vec<Constraint>> {
    parse_with(text, MODULE_CALL)
}

fn parse_with(text: &str, syntax: Syntax) -> Option<Vec<Constraint>> {
    text.split(',')
        .map(|part| parse_single(part, syntax))
        .collect()
}

/// `\s`: Go's `[\t\n\f\r ]`.
fn is_go_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c')
}

/// go-version's `parseSingle`.
fn parse_single(original: &str, syntax: Syntax) -> Option<Constraint> {
    let space = if syntax.unicode_space {
        char::is_whitespace
    } else {
        is_go_space
    };
    let text = original.trim_matches(space);
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
    let version = parse_version(rest.trim_start_matches(space), syntax)?;
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
fn parse_version(text: &str, syntax: Syntax) -> Option<GoVersion> {
    let text = match text.strip_prefix('v') {
        Some(rest) => rest,
        None if syntax.upper_v => text.strip_prefix('V').unwrap_or(text),
        None => text,
    };
    let digits_end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (mut numbers, mut rest) = text.split_at(digits_end);
    if syntax.dot_prerelease
        && let Some(stripped) = numbers.strip_suffix('.')
    {
        numbers = stripped;
        rest = &text[digits_end - 1..];
    }
    if numbers.is_empty() || numbers.split('.').any(str::is_empty) {
        return None;
    }
    let mut segments: Vec<u64> = numbers
        .split('.')
        .map(|s| match (s.parse::<u64>(), syntax.max_segment) {
            (Ok(n), Some(max)) => (n <= max).then_some(n),
            (Ok(n), None) => Some(n),
            (Err(_), Some(_)) => None,
            (Err(_), None) => Some(u64::MAX),
        })
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
            is_dotted_identifiers(body) || (syntax.bare_dash && is_dotted_identifiers(pre))
        } else {
            let body = match syntax.dot_prerelease {
                true => pre.strip_prefix('.').unwrap_or(pre),
                false => pre,
            };
            is_dotted_identifiers(body)
                && body.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-' || c == '~')
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

    /// Whether each reading accepts `text`: go-version (as `NewConstraint`
    /// answers), required and provider versions, module call versions.
    const ACCEPTED: &[(&str, bool, bool, bool)] = &[
        // Operators and spacing.
        ("1.0.0", true, true, true),
        ("= 1", true, true, true),
        ("!=1", true, true, true),
        (">= 1.2, < 2", true, true, true),
        (" > 1.12 , <= 1.13.0 ", true, true, true),
        ("~> 1.2.0", true, true, true),
        ("\t~>\n1.2\r", true, true, true),
        ("\x0c1.0", true, true, true),
        ("<1", true, true, true),
        ("", false, false, false),
        (" ", false, false, false),
        (">=", false, false, false),
        ("=> 1", false, false, false),
        (">> 1", false, false, false),
        ("== 1", false, false, false),
        ("~ 1", false, false, false),
        ("1.0,", false, false, false),
        (">= 1.2,", false, false, false),
        (",1.0", false, false, false),
        ("1.0 2.0", false, false, false),
        ("1.0 ,, 2.0", false, false, false),
        // Versions.
        ("v1.2-beta.1+meta", true, true, true),
        ("1.2.3.4.5", true, true, true),
        ("01.002", true, true, true),
        ("1.0beta", true, true, true),
        ("1.0-1", true, true, true),
        ("1.0-1a.b-c", true, true, true),
        ("1.0~x", true, true, true),
        ("1.0--", true, true, true),
        ("1.0-~", true, true, true),
        ("1.0+a.b", true, true, true),
        ("1.0b+c.d", true, true, true),
        ("9223372036854775807", true, true, true),
        ("x", false, false, false),
        ("one", false, false, false),
        ("v", false, false, false),
        ("1.", false, false, false),
        (".1", false, false, false),
        ("1..0", false, false, false),
        ("1.0+", false, false, false),
        ("1.0+a..b", false, false, false),
        ("1.0-a..b", false, false, false),
        ("1.0_x", false, false, false),
        ("1.0-x_y", false, false, false),
        ("1.0é", false, false, false),
        ("vv1", false, false, false),
        // Where the readings depart from go-version.
        ("V1.0", false, true, false),
        ("1.0.beta", false, true, false),
        ("1.0.-x", false, true, false),
        ("1.0-", true, false, false),
        ("1.0-.x", true, false, false),
        ("1.0-+m", true, false, false),
        ("\x0b1.0", false, false, true),
        ("\u{a0}1.0", false, false, true),
        (">=\u{2003}1.0", false, false, true),
        ("9223372036854775808", false, true, true),
        ("1.18446744073709551615", false, true, true),
        ("1.18446744073709551616", false, false, true),
    ];

    #[test]
    fn accepted_inputs() {
        for &(text, go, requirements, module_call) in ACCEPTED {
            let accepts = |syntax| parse_with(text, syntax).is_some();
            assert_eq!(accepts(GO_VERSION), go, "go-version: {text:?}");
            assert_eq!(
                accepts(REQUIREMENTS),
                requirements,
                "requirements: {text:?}"
            );
            assert_eq!(accepts(MODULE_CALL), module_call, "module call: {text:?}");
            assert_eq!(parse_constraints(text).is_some(), requirements);
            assert_eq!(parse_module_call_constraints(text).is_some(), module_call);
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
