//! The OpenTofu `number` type.
//!
//! OpenTofu numbers are cty numbers, which are Go `*big.Float` values: binary
//! floating point numbers that each carry their own precision in bits. The
//! precision depends on where a number came from and decides how results
//! are rounded and printed, so [`Number`] keeps it:
//!
//! * literals and strings: 512 bits ([`Number::parse`]),
//! * integers from functions such as `length()`: 64 bits ([`Number::from_i64`]),
//! * results of `float64` math such as `pow()`: 53 bits ([`Number::from_f64`]).
//!
//! Arithmetic follows cty's operators exactly, including its precision
//! rules and its infinities; printing ([`Number::to_text`], `Display`) is
//! Go's `Text('f', -1)`: the shortest decimal that identifies the value at
//! its own precision, never with an exponent.

mod arith;
mod convert;
mod float;
mod format;
mod math;
mod parse;

use std::fmt;

use float::{Float, Form};

pub use format::{DecimalDigits, MAX_DECIMAL_EXPONENT};
pub use parse::MAX_SIGNIFICANT_DIGITS;

/// An OpenTofu (cty) number.
///
/// Equality (`==`) is cty's: integers compare by value, other numbers by
/// their printed decimal text, so `0.1` from a literal equals `0.1` from a
/// float64, and `-0 == 0`. Ordering ([`Number::cmp_value`]) compares exact
/// values instead, like cty's `<` and `>`.
#[derive(Clone)]
pub struct Number {
    /// Mantissa bits kept by results computed from this number.
    prec: u32,
    value: Float,
}

/// Why a number could not be produced.
///
/// `Display` gives the message OpenTofu shows, where there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a number in cty's syntax.
    InvalidSyntax,
    /// The exponent is beyond the range Go's parser accepts.
    ExponentOverflow,
    /// The text has more than [`MAX_SIGNIFICANT_DIGITS`] significant digits.
    TooManyDigits,
    /// Printing needs a decimal exponent beyond [`MAX_DECIMAL_EXPONENT`].
    TooLargeToPrint,
    /// `+∞ + -∞`.
    OpposingInfinities,
    /// `∞ - ∞`.
    InfinityMinusInfinity,
    /// `0 × ∞`.
    ZeroTimesInfinity,
    /// `0 / 0` or `∞ / ∞`.
    IndeterminateQuotient,
    /// `x % ∞`.
    ModuloByInfinity,
    /// `∞ % x` for nonzero `x`, where cty fails inside its implementation.
    ModuloOfInfinity,
    /// A float64 function produced NaN, where cty fails inside its
    /// implementation.
    NotANumber,
    /// The value is not a whole number within the 64-bit signed range.
    NotAnInt64,
    /// The value is finite but beyond the float64 range.
    NotAFloat64,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberError::InvalidSyntax | NumberError::ExponentOverflow => "a number is required",
            NumberError::TooManyDigits => "the number has too many digits to be computed",
            NumberError::TooLargeToPrint => "the number is too large or too small to be printed",
            NumberError::OpposingInfinities => "can't compute sum of opposing infinities",
            NumberError::InfinityMinusInfinity => "can't subtract infinity from itself",
            NumberError::ZeroTimesInfinity => "can't multiply zero by infinity",
            NumberError::IndeterminateQuotient => {
                "can't divide zero by zero or infinity by infinity"
            }
            NumberError::ModuloByInfinity => "can't use modulo with zero and infinity",
            NumberError::ModuloOfInfinity => "can't compute the remainder of an infinity",
            NumberError::NotANumber => "the result is not a number",
            NumberError::NotAnInt64 => {
                "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
            }
            NumberError::NotAFloat64 => {
                return write!(
                    f,
                    "value must be between -{MAX_F64_TEXT} and {MAX_F64_TEXT} inclusive"
                );
            }
        })
    }
}

impl std::error::Error for NumberError {}

/// Go's `%f` of `math.MaxFloat64`, as in gocty's range message.
const MAX_F64_TEXT: &str = "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000";

impl Number {
    /// Precision of numbers parsed from text (`cty.ParseNumberVal`).
    pub const PARSE_PRECISION: u32 = 512;

    fn new(prec: u32, value: Float) -> Number {
        Number { prec, value }
    }

    /// `cty.Zero`: zero with float64 precision.
    pub fn zero() -> Number {
        Number::new(53, Float::zero(false))
    }

    /// `cty.PositiveInfinity` / `cty.NegativeInfinity`, which have no
    /// precision of their own.
    pub fn infinity(negative: bool) -> Number {
        Number::new(0, Float::inf(negative))
    }

    /// Precision in bits that results computed from this number keep.
    pub fn precision(&self) -> u32 {
        self.prec
    }

    pub fn is_zero(&self) -> bool {
        self.value.form == Form::Zero
    }

    pub fn is_infinite(&self) -> bool {
        self.value.form == Form::Inf
    }

    pub fn is_finite(&self) -> bool {
        !self.is_infinite()
    }

    /// Whether the sign bit is set; true for `-0` as well.
    pub fn is_sign_negative(&self) -> bool {
        self.value.neg
    }

    /// Whether the value is a whole number; infinities are not.
    pub fn is_integer(&self) -> bool {
        match &self.value.form {
            Form::Zero => true,
            Form::Inf => false,
            Form::Finite { mant, exp } => Form::lsb(mant, *exp) >= 0,
        }
    }

    /// -1, 0 or 1 by the sign of the value (Go's `Sign`), zero for `-0`.
    fn sign(&self) -> i8 {
        match self.value.form {
            Form::Zero => 0,
            _ if self.value.neg => -1,
            _ => 1,
        }
    }
}

impl PartialEq for Number {
    /// cty's `rawNumberEqual`.
    fn eq(&self, other: &Number) -> bool {
        if self.sign() != other.sign() {
            return false;
        }
        match (self.is_integer(), other.is_integer()) {
            (true, true) => self.value.cmp(&other.value).is_eq(),
            (false, false) => match (self.is_infinite(), other.is_infinite()) {
                (true, true) => true,
                (false, false) => format::same_text(self, other),
                _ => false,
            },
            _ => false,
        }
    }
}

impl Eq for Number {}

impl fmt::Display for Number {
    /// Go's `Text('f', -1)`. Values whose plain decimal form would pass
    /// [`MAX_DECIMAL_EXPONENT`] are shown approximately in exponent form,
    /// prefixed with `~`; use [`Number::to_text`] to get an error instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_text() {
            Ok(text) => f.write_str(&text),
            Err(_) => f.write_str(&format::approximate(self)),
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self}, prec = {})", self.prec)
    }
}
