//! cty's arithmetic operators (`cty/value_ops.go`, `function/stdlib/number.go`).
//!
//! Results take the larger precision of the operands, as Go does for a
//! fresh `big.Float` receiver, except where cty picks one itself:
//! multiplication keeps enough bits for the exact product (up to 512), and
//! the remainder keeps the dividend's precision.

use std::cmp::Ordering;

use num_bigint::BigUint;

use super::float::{Float, Form};
use super::{Number, NumberError};

/// Precision cty multiplies at before trimming the result.
const PRODUCT_PRECISION: u32 = 512;

impl Number {
    /// `a + b`.
    pub fn add(&self, other: &Number) -> Result<Number, NumberError> {
        let prec = self.prec.max(other.prec);
        let value = self
            .value
            .add(&other.value, prec)
            .map_err(|_| NumberError::OpposingInfinities)?;
        Ok(Number::new(prec, value))
    }

    /// `a - b`, which cty computes as `a + (-b)`.
    pub fn sub(&self, other: &Number) -> Result<Number, NumberError> {
        self.add(&other.neg())
            .map_err(|_| NumberError::InfinityMinusInfinity)
    }

    /// `a * b`: rounded to 512 bits, then given the larger of the operand
    /// precisions and the bits the rounded product needs, so two float64
    /// values multiply exactly.
    pub fn mul(&self, other: &Number) -> Result<Number, NumberError> {
        let value = self
            .value
            .mul(&other.value, PRODUCT_PRECISION)
            .map_err(|_| NumberError::ZeroTimesInfinity)?;
        let needed = u32::try_from(value.form.min_prec()).expect("at most 512 bits");
        Ok(Number::new(self.prec.max(other.prec).max(needed), value))
    }

    /// `a / b`; a nonzero number divided by zero is a signed infinity.
    pub fn div(&self, other: &Number) -> Result<Number, NumberError> {
        let prec = self.prec.max(other.prec);
        let value = self
            .value
            .quo(&other.value, prec)
            .map_err(|_| NumberError::IndeterminateQuotient)?;
        Ok(Number::new(prec, value))
    }

    /// `a % b`, the remainder of the quotient truncated toward zero: its
    /// sign is the dividend's, and `a % 0` is `a`.
    ///
    /// Computed as cty does, `a - trunc(a / b) × b`, with the quotient
    /// rounded before truncation and the rest at the dividend's precision.
    ///
    /// cty recognises its own infinity constants by identity (the result of
    /// `min(1/0)` is one) and gives `±∞` for `∞ % b` and `a % ∞` with them;
    /// numbers have no identity, so those are errors here, as they are in
    /// cty for every other infinity.
    pub fn rem(&self, other: &Number) -> Result<Number, NumberError> {
        if other.is_zero() {
            return Ok(self.clone());
        }
        if self.is_infinite() {
            return Err(NumberError::ModuloOfInfinity);
        }
        let prec = self.prec;
        let quotient = self.div(other)?;
        let whole = match quotient.value.form {
            Form::Finite { .. } => truncate(&quotient.value).rounded(prec),
            Form::Zero => Float::zero(false),
            // An overflowing quotient has no integer part in Go either.
            Form::Inf => return Err(NumberError::ModuloOfInfinity),
        };
        let product = other
            .value
            .mul(&whole, prec)
            .map_err(|_| NumberError::ModuloByInfinity)?;
        let value = self.value.sub(&product, prec).expect("finite operands");
        Ok(Number::new(prec, value))
    }

    /// `-a`, keeping the precision; `-0` is distinct from `0`.
    pub fn neg(&self) -> Number {
        Number::new(self.prec, self.value.negated())
    }

    /// `abs(a)`.
    pub fn abs(&self) -> Number {
        Number::new(
            self.prec,
            Float {
                neg: false,
                form: self.value.form.clone(),
            },
        )
    }

    /// `floor(a)`: infinities stay, zero results are `+0`.
    pub fn floor(&self) -> Number {
        self.to_integral(true)
    }

    /// `ceil(a)`: infinities stay, zero results are `+0`.
    pub fn ceil(&self) -> Number {
        self.to_integral(false)
    }

    /// cty's `floor`/`ceil`: truncate, step away from zero on the side the
    /// function rounds to, and store the integer at the input's precision.
    fn to_integral(&self, down: bool) -> Number {
        if self.is_infinite() {
            return self.clone();
        }
        if self.is_integer() {
            // Only the sign of a zero changes: Go's integers have no -0.
            let neg = self.value.neg && !self.is_zero();
            return Number::new(
                self.prec,
                Float {
                    neg,
                    form: self.value.form.clone(),
                },
            );
        }
        let toward_zero = truncate(&self.value);
        let step = if down {
            self.value.neg
        } else {
            !self.value.neg
        };
        let whole = if step {
            let one = Float {
                neg: self.value.neg,
                form: Form::exact(BigUint::from(1u32), 0),
            };
            toward_zero.add(&one, u32::MAX).expect("finite operands")
        } else {
            toward_zero
        };
        let neg = whole.neg && whole.form != Form::Zero;
        Number::new(self.prec, Float { neg, ..whole }.rounded(self.prec))
    }

    /// Compares exact values, as cty's `<` and `>` do: `-0` equals `0`,
    /// infinities are beyond every finite number.
    pub fn cmp_value(&self, other: &Number) -> Ordering {
        self.value.cmp(&other.value)
    }

    /// cty's `<`.
    pub fn less_than(&self, other: &Number) -> bool {
        self.cmp_value(other).is_lt()
    }

    /// cty's `>`.
    pub fn greater_than(&self, other: &Number) -> bool {
        self.cmp_value(other).is_gt()
    }

    /// cty's `<=`: `<` or cty equality, so numbers that print alike are
    /// `<=` each other even when their exact values are ordered.
    pub fn less_than_or_equal(&self, other: &Number) -> bool {
        self.less_than(other) || self == other
    }

    /// cty's `>=`, like [`Number::less_than_or_equal`].
    pub fn greater_than_or_equal(&self, other: &Number) -> bool {
        self.greater_than(other) || self == other
    }
}

/// The integer part of a finite value, exactly (Go's `Float.Int`, whose
/// zero is never negative).
fn truncate(x: &Float) -> Float {
    let Form::Finite { mant, exp } = &x.form else {
        return x.clone();
    };
    let lsb = Form::lsb(mant, *exp);
    if lsb >= 0 {
        return x.clone();
    }
    let drop = lsb.unsigned_abs();
    if drop >= mant.bits() {
        return Float::zero(false);
    }
    Float {
        neg: x.neg,
        form: Form::exact(mant >> drop, 0),
    }
}
