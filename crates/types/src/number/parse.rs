// Go port of `big.ParseFloat(s, 10, 512, ToNearestEven)`: its double roundings must match bit for bit.
//! Text to number, as `cty.ParseNumberVal`: Go's
//! `big.ParseFloat(s, 10, 512, big.ToNearestEven)`.
//!
//! Accepted: `[+-]` then decimal digits with at most one `.` (at least one
//! digit), then optionally `e`/`E` (power of ten) or `p`/`P` (power of two)
//! with an optional sign and decimal digits; or exactly `inf`/`Inf` with an
//! optional sign. Nothing else: no spaces, underscores, hex or `NaN`.
//!
//! The value is computed the way Go computes it, not correctly rounded:
//! the exact digit integer is multiplied or divided by a power of five that
//! was itself rounded to 576 bits, so results agree with OpenTofu bit for
//! bit, including the rare double roundings.

use num_bigint::BigUint;

use super::float::{Float, Form, MAX_EXP, MIN_EXP};
use super::{Number, NumberError};

/// Most significant mantissa digits [`Number::parse`] accepts; converting
/// longer digit strings exactly would take quadratic time.
pub const MAX_SIGNIFICANT_DIGITS: usize = 100_000;

/// Extra bits Go uses for the power of five (`z.Prec() + 64`).
const POW5_EXTRA: u32 = 64;

impl Number {
    /// Parses a number as cty does for literals and string conversion.
    pub fn parse(text: &str) -> Result<Number, NumberError> {
        let prec = Number::PARSE_PRECISION;
        match text {
            "Inf" | "inf" | "+Inf" | "+inf" => return Ok(Number::new(prec, Float::inf(false))),
            "-Inf" | "-inf" => return Ok(Number::new(prec, Float::inf(true))),
            _ => {}
        }
        let scanned = scan(text.as_bytes())?;
        let neg = scanned.neg;
        let leading_zeros = scanned.digits.iter().take_while(|&&c| c == b'0').count();
        let digits = &scanned.digits[leading_zeros..];
        if digits.is_empty() {
            return Ok(Number::new(prec, Float::zero(neg)));
        }
        if digits.len() > MAX_SIGNIFICANT_DIGITS {
            return Err(NumberError::TooManyDigits);
        }
        let mant = BigUint::parse_bytes(digits, 10).expect("ASCII digits");

        // value = mant × 10^frac × (10 or 2)^exp = mant × 2^(frac + exp) × 5^exp5,
        // and Go bounds the binary exponent before the power of five.
        let frac = i128::from(scanned.frac_digits.min(0));
        let exp = i128::from(scanned.exp);
        let exp2 = mant.bits() as i128 + frac + exp;
        let exp5 = frac + if scanned.binary_exp { 0 } else { exp };
        if !(i128::from(MIN_EXP)..=i128::from(MAX_EXP)).contains(&exp2) {
            return Err(NumberError::ExponentOverflow);
        }
        let lsb = (exp2 - mant.bits() as i128) as i64;
        let z = Float {
            neg,
            form: Form::exact(mant, lsb),
        };

        let value = if exp5 == 0 {
            z.rounded(prec)
        } else {
            let p = pow5(exp5.unsigned_abs() as u64, prec + POW5_EXTRA);
            let result = if exp5 < 0 {
                z.quo(&p, prec)
            } else {
                z.mul(&p, prec)
            };
            result.expect("finite operands")
        };
        Ok(Number::new(prec, value))
    }
}

/// What the scanner found in `[sign] mantissa [exponent]`.
struct Scanned {
    neg: bool,
    /// Mantissa digits without the radix point.
    digits: Vec<u8>,
    /// Minus the number of digits after the radix point, or a positive
    /// digit count when there is no radix point.
    frac_digits: i64,
    exp: i64,
    binary_exp: bool,
}

fn scan(text: &[u8]) -> Result<Scanned, NumberError> {
    let (neg, rest) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    let int_len = count_digits(rest);
    let mut digits = rest[..int_len].to_vec();
    let (frac_digits, after) = match rest[int_len..].split_first() {
        Some((b'.', tail)) => {
            let frac_len = count_digits(tail);
            digits.extend_from_slice(&tail[..frac_len]);
            (-(frac_len as i64), &tail[frac_len..])
        }
        _ => (int_len as i64, &rest[int_len..]),
    };
    if digits.is_empty() {
        return Err(NumberError::InvalidSyntax);
    }
    let (exp, binary_exp, after) = scan_exponent(after)?;
    if !after.is_empty() {
        return Err(NumberError::InvalidSyntax);
    }
    Ok(Scanned {
        neg,
        digits,
        frac_digits,
        exp,
        binary_exp,
    })
}

fn count_digits(text: &[u8]) -> usize {
    text.iter().take_while(|c| c.is_ascii_digit()).count()
}

/// `e`/`E`/`p`/`P`, an optional sign, then at least one decimal digit
/// fitting an `i64`.
fn scan_exponent(text: &[u8]) -> Result<(i64, bool, &[u8]), NumberError> {
    let binary = match text.first() {
        Some(b'e' | b'E') => false,
        Some(b'p' | b'P') => true,
        _ => return Ok((0, false, text)),
    };
    let (neg, rest) = match text[1..].split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, &text[1..]),
    };
    let len = count_digits(rest);
    if len == 0 {
        return Err(NumberError::InvalidSyntax);
    }
    let mut exp: i64 = 0;
    for &c in &rest[..len] {
        let digit = i64::from(c - b'0');
        exp = exp
            .checked_mul(10)
            .and_then(|e| {
                if neg {
                    e.checked_sub(digit)
                } else {
                    e.checked_add(digit)
                }
            })
            .ok_or(NumberError::ExponentOverflow)?;
    }
    Ok((exp, binary, &rest[len..]))
}

/// `5^n` computed as Go's `Float.pow5` does: exactly up to `5^27`, then by
/// repeated squaring with the accumulator rounded to `prec` bits and the
/// square to `prec + 64` bits. The squares may overflow to infinity.
fn pow5(n: u64, prec: u32) -> Float {
    const TABLE_MAX: u64 = 27;
    let small = |k: u64| Float {
        neg: false,
        form: Form::exact(BigUint::from(5u32).pow(k as u32), 0),
    };
    if n <= TABLE_MAX {
        return small(n);
    }
    let mut z = small(TABLE_MAX);
    let mut n = n - TABLE_MAX;
    let square_prec = prec + POW5_EXTRA;
    let mut f = small(1);
    while n > 0 {
        if n & 1 != 0 {
            z = z.mul(&f, prec).expect("no zeros");
        }
        f = f.mul(&f, square_prec).expect("no zeros");
        n >>= 1;
    }
    z
}
