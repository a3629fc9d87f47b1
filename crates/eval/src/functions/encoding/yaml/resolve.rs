// Go port of go-cty-yaml's `resolveScalar`: YAML 1.1 tag resolution that libyaml-safer (a parser only) leaves to its user.
//! go-cty-yaml's `resolveScalar`: YAML 1.1-style tag resolution of scalars
//! (`yes`/`no`, `~`, `.inf`, integers with `0x`/`0o` prefixes,
//! timestamps) into cty values.

use libyaml_safer::ScalarStyle;
use tofu_syntax::quote::go_quote;
use tofu_types::{Number, Type, Value};

use super::super::base64;
use super::timestamp;

pub(super) const STR_TAG: &str = "tag:yaml.org,2002:str";
pub(super) const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
pub(super) const INT_TAG: &str = "tag:yaml.org,2002:int";
pub(super) const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
pub(super) const NULL_TAG: &str = "tag:yaml.org,2002:null";
pub(super) const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
pub(super) const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
pub(super) const MERGE_TAG: &str = "tag:yaml.org,2002:merge";
pub(super) const SEQ_TAG: &str = "tag:yaml.org,2002:seq";
pub(super) const MAP_TAG: &str = "tag:yaml.org,2002:map";

/// go-cty-yaml's `resolveMap`: the value and its tag.
fn lookup(src: &str) -> Option<(Value, &'static str)> {
    Some(match src {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            (Value::bool(true), BOOL_TAG)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            (Value::bool(false), BOOL_TAG)
        }
        "" | "~" | "null" | "Null" | "NULL" => (Value::null(Type::Dynamic), NULL_TAG),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            (Value::number(Number::infinity(false)), FLOAT_TAG)
        }
        "-.inf" | "-.Inf" | "-.INF" => (Value::number(Number::infinity(true)), FLOAT_TAG),
        _ => return None,
    })
}

fn resolvable(tag: &str) -> bool {
    matches!(
        tag,
        "" | STR_TAG | BOOL_TAG | INT_TAG | FLOAT_TAG | NULL_TAG | TIMESTAMP_TAG | BINARY_TAG
    )
}

/// `resolveTable`: the kind of scalar its first byte hints at.
fn hint(src: &str) -> Option<u8> {
    match src.as_bytes().first() {
        None => Some(b'N'),
        Some(b'+' | b'-') => Some(b'S'),
        Some(b'0'..=b'9') => Some(b'D'),
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => {
            Some(b'M')
        }
        Some(b'.') => Some(b'.'),
        _ => None,
    }
}

fn all(s: &str, f: impl Fn(u8) -> bool) -> bool {
    !s.is_empty() && s.bytes().all(f)
}

/// `\A([-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\z`
fn is_integer_literal(src: &str) -> bool {
    if let Some(octal) = src.strip_prefix("0o") {
        return all(octal, |c| (b'0'..=b'7').contains(&c));
    }
    if let Some(hex) = src.strip_prefix("0x") {
        return all(hex, |c| c.is_ascii_hexdigit());
    }
    let digits = src.strip_prefix(['-', '+']).unwrap_or(src);
    all(digits, |c| c.is_ascii_digit())
}

/// `\A[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\z`
fn is_float_literal(src: &str) -> bool {
    let s = src.strip_prefix(['-', '+']).unwrap_or(src);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some(("", frac)) => all(frac, |c| c.is_ascii_digit()),
        Some((int, frac)) => {
            all(int, |c| c.is_ascii_digit()) && frac.bytes().all(|c| c.is_ascii_digit())
        }
        None => all(mantissa, |c| c.is_ascii_digit()),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let digits = e.strip_prefix(['-', '+']).unwrap_or(e);
        all(digits, |c| c.is_ascii_digit())
    });
    mantissa_ok && exponent_ok
}

/// Go's `strconv.ParseInt(s, 0, 64)` then `ParseUint(s, 0, 64)`: base
/// prefixes `0x`, `0o`, `0b` and a leading `0` for octal.
fn parse_go_int(s: &str) -> Option<Number> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = body.get(..2).map(str::to_ascii_lowercase);
    let (radix, digits) = match lower.as_deref() {
        Some("0x") => (16, &body[2..]),
        Some("0o") => (8, &body[2..]),
        Some("0b") => (2, &body[2..]),
        _ if body.len() > 1 && body.starts_with('0') => (8, &body[1..]),
        _ => (10, body),
    };
    if digits.is_empty() || digits.starts_with(['+', '-']) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    if !negative {
        return Some(match i64::try_from(magnitude) {
            Ok(i) => Number::from_i64(i),
            Err(_) => Number::from_u64(magnitude),
        });
    }
    // Only `ParseInt` takes a sign.
    0i64.checked_sub_unsigned(magnitude).map(Number::from_i64)
}

fn is_quoted(style: ScalarStyle) -> bool {
    matches!(style, ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted)
}

/// go-cty-yaml's `resolveScalar`.
pub(super) fn resolve_scalar(tag: &str, src: &str, style: ScalarStyle) -> Result<Value, String> {
    if !resolvable(tag) {
        return Err(format!("unsupported tag {}", go_quote(tag)));
    }
    let mut tag = tag;
    if let Some(hint) = hint(src)
        && tag != STR_TAG
        && tag != BINARY_TAG
    {
        if is_quoted(style) {
            return Ok(Value::string(src));
        }
        if let Some((value, _)) = lookup(src) {
            return Ok(value);
        }
        if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".to_owned());
        }
        match hint {
            b'.' => {
                if let Ok(n) = Number::parse(src) {
                    return Ok(Value::number(n));
                }
            }
            b'D' | b'S' => {
                if (tag.is_empty() || tag == TIMESTAMP_TAG)
                    && let Some(t) = timestamp::parse(src)
                {
                    return Ok(Value::string(t));
                }
                if is_integer_literal(src) {
                    tag = INT_TAG;
                } else if is_float_literal(src) {
                    tag = FLOAT_TAG;
                }
            }
            _ => {}
        }
    }
    let cannot_parse = || format!("cannot parse {} as {tag}", go_quote(src));
    match tag {
        STR_TAG => Ok(Value::string(src)),
        BINARY_TAG => match base64::decode(src.as_bytes()) {
            Ok(_) => Ok(Value::string(src)),
            Err(_) => Err(format!("{}: not valid base64", cannot_parse())),
        },
        BOOL_TAG => match lookup(src) {
            Some((value, BOOL_TAG)) => Ok(value),
            _ => Err(cannot_parse()),
        },
        FLOAT_TAG | INT_TAG => {
            let plain = src.replace('_', "");
            if let Ok(n) = Number::parse(&plain) {
                return Ok(Value::number(n));
            }
            parse_go_int(&plain)
                .map(Value::number)
                .ok_or_else(cannot_parse)
        }
        TIMESTAMP_TAG => timestamp::parse(src)
            .map(Value::string)
            .ok_or_else(cannot_parse),
        NULL_TAG => Ok(Value::null(Type::Dynamic)),
        _ => Ok(Value::string(src)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(src: &str) -> Value {
        resolve_scalar("", src, ScalarStyle::Plain).unwrap()
    }

    #[test]
    fn yaml_1_1_resolution() {
        assert_eq!(plain("yes"), Value::bool(true));
        assert_eq!(plain("Off"), Value::bool(false));
        assert!(plain("~").is_null());
        assert_eq!(plain("0x1F"), Value::int(31));
        assert_eq!(plain("0o17"), Value::int(15));
        assert_eq!(plain("017"), Value::parse_number("17").unwrap());
        assert_eq!(plain("1_000"), Value::string("1_000"));
        assert_eq!(plain("+.5"), Value::parse_number("0.5").unwrap());
        assert_eq!(plain("2001-12-14"), Value::string("2001-12-14T00:00:00Z"));
        assert_eq!(plain("-"), Value::string("-"));
        assert_eq!(plain("abc"), Value::string("abc"));
        assert_eq!(
            resolve_scalar("", "yes", ScalarStyle::DoubleQuoted).unwrap(),
            Value::string("yes")
        );
        assert_eq!(
            resolve_scalar(INT_TAG, "foo", ScalarStyle::Plain).unwrap_err(),
            "cannot parse \"foo\" as tag:yaml.org,2002:int"
        );
        assert_eq!(
            resolve_scalar(INT_TAG, "1_000", ScalarStyle::Plain).unwrap(),
            Value::parse_number("1000").unwrap()
        );
        assert_eq!(
            resolve_scalar("!", "x", ScalarStyle::Plain).unwrap_err(),
            "unsupported tag \"!\""
        );
        assert_eq!(
            resolve_scalar("", ".nan", ScalarStyle::Plain).unwrap_err(),
            "floating point NaN is not supported"
        );
    }
}
