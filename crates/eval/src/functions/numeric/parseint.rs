// Go port of `big.Int.SetString(s, base)`: bases up to 62 and Go's accepted forms; num-bigint parses radix 36 at most.
//! `parseint`: cty's `ParseIntFunc`, which parses with Go's
//! `big.Int.SetString(s, base)`.

use num_bigint::{BigInt, BigUint, Sign};
use tofu_syntax::quote::go_quote;
use tofu_types::number::MAX_SIGNIFICANT_DIGITS;
use tofu_types::{Number, Type, Value};

use super::super::{Function, FunctionError, Param};
use super::number;

pub(super) fn function() -> Function {
    Function {
        name: "parseint",
        params: vec![
            Param::new("number", Type::Dynamic),
            Param::new("base", Type::Number),
        ],
        var_param: None,
        return_type: |_, args| {
            let ty = args[0].ty();
            if *ty != Type::String {
                return Err(FunctionError::arg(
                    0,
                    format!(
                        "first argument must be a string, not {}",
                        ty.friendly_name()
                    ),
                ));
            }
            Ok(Type::Number)
        },
        implementation: |_, args, _| {
            let text = args[0].as_str().unwrap_or_default();
            let base = number(&args[1])
                .to_i64()
                .map_err(|e| FunctionError::arg(1, e.to_string()))?;
            let base = match u32::try_from(base) {
                Ok(base @ 2..=62) => base,
                _ => {
                    return Err(FunctionError::arg(
                        1,
                        "base must be a whole number between 2 and 62 inclusive",
                    ));
                }
            };
            let cannot_parse = |reason: &str| {
                FunctionError::arg(
                    0,
                    format!(
                        "cannot parse {} as a base {base} integer{reason}",
                        go_quote(text)
                    ),
                )
            };
            let (negative, digits) = scan(text, base).ok_or_else(|| cannot_parse(""))?;
            let significant = digits.iter().skip_while(|&&d| d == 0).count();
            if significant > MAX_SIGNIFICANT_DIGITS {
                return Err(cannot_parse(
                    ": the number has too many digits to be computed",
                ));
            }
            let magnitude = BigUint::from_radix_be(&digits, base).unwrap_or_default();
            let sign = if negative { Sign::Minus } else { Sign::Plus };
            let value = BigInt::from_biguint(sign, magnitude);
            Ok(Value::number(Number::from_big_int(&value)))
        },
    }
}

/// The sign and digit values of `text` in `base`, as Go's `SetString`
/// accepts them: an optional `+` or `-`, then one or more digits and
/// nothing else. Letters are case-insensitive up to base 36; above it
/// `a`-`z` are 10-35 and `A`-`Z` are 36-61. No prefixes or underscores.
fn scan(text: &str, base: u32) -> Option<(bool, Vec<u8>)> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.first() {
        Some(b'-') => (true, &bytes[1..]),
        Some(b'+') => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    if rest.is_empty() {
        return None;
    }
    let digits = rest
        .iter()
        .map(|&c| digit_value(c, base).filter(|&d| u32::from(d) < base))
        .collect::<Option<Vec<u8>>>()?;
    Some((negative, digits))
}

fn digit_value(c: u8, base: u32) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'z' => Some(c - b'a' + 10),
        b'A'..=b'Z' if base <= 36 => Some(c - b'A' + 10),
        b'A'..=b'Z' => Some(c - b'A' + 36),
        _ => None,
    }
}
