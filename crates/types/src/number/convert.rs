//! Conversions between numbers and machine integers and floats, with the
//! precisions cty's constructors give and the checks its `gocty` package
//! makes.

use num_bigint::{BigInt, BigUint, Sign};

use super::float::{Float, Form, round};
use super::{Number, NumberError};

impl Number {
    /// `cty.NumberIntVal`: exact, with 64-bit precision.
    pub fn from_i64(value: i64) -> Number {
        Number::from_bits64(value < 0, value.unsigned_abs())
    }

    /// `cty.NumberUIntVal`: exact, with 64-bit precision.
    pub fn from_u64(value: u64) -> Number {
        Number::from_bits64(false, value)
    }

    fn from_bits64(neg: bool, magnitude: u64) -> Number {
        let form = if magnitude == 0 {
            Form::Zero
        } else {
            Form::exact(BigUint::from(magnitude), 0)
        };
        Number::new(64, Float { neg, form })
    }

    /// `cty.NumberVal(new(big.Float).SetInt(v))`: exact, with the larger of
    /// 64 bits and the integer's width as precision (as `parseint` makes).
    pub fn from_big_int(value: &BigInt) -> Number {
        let magnitude = value.magnitude();
        let prec = u32::try_from(magnitude.bits()).unwrap_or(u32::MAX).max(64);
        let form = if magnitude.bits() == 0 {
            Form::Zero
        } else {
            Form::exact(magnitude.clone(), 0)
        };
        Number::new(
            prec,
            Float {
                neg: value.sign() == Sign::Minus,
                form,
            },
        )
    }

    /// `cty.NumberFloatVal`: exact, with 53-bit precision. NaN has no cty
    /// number (cty panics).
    pub fn from_f64(value: f64) -> Result<Number, NumberError> {
        if value.is_nan() {
            return Err(NumberError::NotANumber);
        }
        let neg = value.is_sign_negative();
        let form = if value == 0.0 {
            Form::Zero
        } else if value.is_infinite() {
            Form::Inf
        } else {
            let bits = value.to_bits();
            let biased = ((bits >> 52) & 0x7ff) as i64;
            let fraction = bits & ((1 << 52) - 1);
            let (mant, lsb) = if biased == 0 {
                (fraction, -1074)
            } else {
                (fraction | 1 << 52, biased - 1075)
            };
            Form::exact(BigUint::from(mant), lsb)
        };
        Ok(Number::new(53, Float { neg, form }))
    }

    /// The value as an `i64` if it is a whole number in range (`gocty`'s
    /// rule for integer arguments).
    pub fn to_i64(&self) -> Result<i64, NumberError> {
        if !self.is_integer() {
            return Err(NumberError::NotAnInt64);
        }
        let Form::Finite { mant, exp } = &self.value.form else {
            return Ok(0);
        };
        if *exp > 64 {
            return Err(NumberError::NotAnInt64);
        }
        let magnitude = u64::try_from(mant << Form::lsb(mant, *exp) as u64)
            .map_err(|_| NumberError::NotAnInt64)?;
        if self.value.neg {
            0i64.checked_sub_unsigned(magnitude)
                .ok_or(NumberError::NotAnInt64)
        } else {
            i64::try_from(magnitude).map_err(|_| NumberError::NotAnInt64)
        }
    }

    /// The exact integer, as `gocty` decodes `*big.Int` arguments, if the
    /// value is a whole number below `2^max_bits` in magnitude (the bound
    /// keeps values such as `1e400000` from being expanded).
    pub fn to_big_int(&self, max_bits: u64) -> Option<BigInt> {
        let Form::Finite { mant, exp } = &self.value.form else {
            return self.is_zero().then(BigInt::default);
        };
        let lsb = Form::lsb(mant, *exp);
        if lsb < 0 || i64::from(*exp) > i64::try_from(max_bits).unwrap_or(i64::MAX) {
            return None;
        }
        let sign = if self.value.neg {
            Sign::Minus
        } else {
            Sign::Plus
        };
        Some(BigInt::from_biguint(sign, mant << lsb as u64))
    }

    /// The nearest `f64` (halves to even, with subnormals), as `gocty` gives
    /// float arguments; finite values beyond the float64 range are an error,
    /// infinities convert.
    pub fn to_f64(&self) -> Result<f64, NumberError> {
        let sign = if self.value.neg { -1.0 } else { 1.0 };
        let Form::Finite { mant, exp } = &self.value.form else {
            return Ok(if self.is_zero() {
                sign * 0.0
            } else {
                sign * f64::INFINITY
            });
        };
        // Bits available at this magnitude: 53 for normal numbers, fewer
        // for subnormals (whose last bit is 2^-1074).
        let exp = i64::from(*exp);
        let precision = (exp + 1074).min(53);
        if precision < 0 || precision == 0 && mant.bits() == 1 {
            // At most half the smallest subnormal: ties go to even zero.
            return Ok(sign * 0.0);
        }
        if precision == 0 {
            return Ok(sign * f64::from_bits(1));
        }
        let Form::Finite { mant, exp } = round(
            mant.clone(),
            Form::lsb(mant, exp as i32),
            false,
            precision as u32,
        ) else {
            unreachable!("rounding a float64-range value stays finite")
        };
        if exp > 1024 {
            return Err(NumberError::NotAFloat64);
        }
        let lsb = Form::lsb(&mant, exp);
        let mant = u64::try_from(&mant).expect("at most 53 bits") as f64;
        Ok(sign * scale(mant, lsb))
    }

    /// `signum(a)`: -1, 0 or 1 with 64-bit precision; cty only accepts
    /// whole numbers in the `i64` range.
    pub fn signum(&self) -> Result<Number, NumberError> {
        Ok(Number::from_i64(self.to_i64()?.signum()))
    }
}

/// `mant × 2^lsb` for a product known to be representable; scaling in
/// steps that stay between `mant` and the result keeps every step exact.
fn scale(mut value: f64, lsb: i64) -> f64 {
    let mut lsb = lsb;
    while lsb > 0 {
        let step = lsb.min(1000);
        value *= 2f64.powi(step as i32);
        lsb -= step;
    }
    while lsb < 0 {
        let step = lsb.max(-1000);
        value *= 2f64.powi(step as i32);
        lsb -= step;
    }
    value
}
