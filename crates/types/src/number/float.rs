// Go port of `math/big.Float` arithmetic: per-value precision and 32-bit exponent; no crate has these semantics.
//! Correctly rounded binary floating point with Go `math/big.Float`
//! semantics: a per-value precision in bits, round-to-nearest-even, a 32-bit
//! exponent that overflows to infinity and underflows to zero, and no NaN.
//!
//! Every operation here takes the precision of its result explicitly; the
//! cty-level rules for choosing it live in `arith.rs`.

use std::cmp::Ordering;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Exponent range of a finite value `0.1xxx₂ × 2^exp` (Go's `MinExp`/`MaxExp`).
pub(crate) const MIN_EXP: i64 = i32::MIN as i64;
pub(crate) const MAX_EXP: i64 = i32::MAX as i64;

/// The magnitude of a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    Zero,
    /// `mant × 2^(exp - bits(mant))`, so that `2^(exp-1) <= value < 2^exp`.
    /// `mant` is odd: trailing zero bits are always stripped, which makes
    /// `bits(mant)` the minimum precision that represents the value exactly.
    Finite {
        mant: BigUint,
        exp: i32,
    },
    Inf,
}

/// A signed magnitude; the sign is kept for zeros and infinities too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Float {
    pub(crate) neg: bool,
    pub(crate) form: Form,
}

/// Marker for Go's `ErrNaN` panics (`0 × ∞`, `∞ - ∞`, `0/0`, `∞/∞`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NaN;

impl Form {
    /// Builds a finite form from an exact `mant × 2^lsb` that needs no
    /// rounding (callers guarantee the range).
    pub(crate) fn exact(mant: BigUint, lsb: i64) -> Form {
        round(mant, lsb, false, u32::MAX)
    }

    /// Exponent of the least significant bit: the value is `mant × 2^lsb`.
    pub(crate) fn lsb(mant: &BigUint, exp: i32) -> i64 {
        i64::from(exp) - mant.bits() as i64
    }

    /// Minimum precision representing the value exactly (Go's `MinPrec`).
    pub(crate) fn min_prec(&self) -> u64 {
        match self {
            Form::Finite { mant, .. } => mant.bits(),
            Form::Zero | Form::Inf => 0,
        }
    }
}

/// Rounds the magnitude `mant × 2^lsb` to `prec` bits, nearest-even.
///
/// `sticky` says the true magnitude is a little larger than `mant × 2^lsb`
/// (less than one unit of `lsb`); callers only pass it when `mant` has more
/// than `prec` bits. As in Go's `setExpAndRound`, the exponent range is
/// checked on the unrounded value, and a carry out of `MaxExp` overflows.
pub(crate) fn round(mant: BigUint, lsb: i64, sticky: bool, prec: u32) -> Form {
    if mant.is_zero() {
        return Form::Zero;
    }
    let bits = mant.bits();
    let mut exp = lsb + bits as i64;
    if exp < MIN_EXP {
        return Form::Zero;
    }
    if exp > MAX_EXP {
        return Form::Inf;
    }
    let prec = u64::from(prec);
    let mut mant = mant;
    if bits > prec {
        let cut = bits - prec;
        let round_bit = mant.bit(cut - 1);
        let below = sticky || mant.trailing_zeros().is_some_and(|tz| tz < cut - 1);
        mant >>= cut;
        if round_bit && (below || mant.bit(0)) {
            mant += 1u32;
            if mant.bits() > prec {
                // All ones rounded up to the next power of two.
                if exp >= MAX_EXP {
                    return Form::Inf;
                }
                exp += 1;
            }
        }
    } else {
        debug_assert!(!sticky, "sticky bit without rounding");
    }
    let tz = mant.trailing_zeros().unwrap_or(0);
    mant >>= tz;
    Form::Finite {
        mant,
        exp: exp as i32,
    }
}

impl Float {
    pub(crate) fn zero(neg: bool) -> Float {
        Float {
            neg,
            form: Form::Zero,
        }
    }

    pub(crate) fn inf(neg: bool) -> Float {
        Float {
            neg,
            form: Form::Inf,
        }
    }

    /// Go's `z.Set(x)` into a receiver of precision `prec`.
    pub(crate) fn rounded(&self, prec: u32) -> Float {
        let form = match &self.form {
            Form::Finite { mant, exp } if mant.bits() > u64::from(prec) => {
                round(mant.clone(), Form::lsb(mant, *exp), false, prec)
            }
            form => form.clone(),
        };
        Float {
            neg: self.neg,
            form,
        }
    }

    pub(crate) fn negated(&self) -> Float {
        Float {
            neg: !self.neg,
            form: self.form.clone(),
        }
    }

    /// Go's `Add`: the result has precision `prec`; exact cancellation gives
    /// `+0`, and `-0 + -0` is `-0`.
    pub(crate) fn add(&self, y: &Float, prec: u32) -> Result<Float, NaN> {
        match (&self.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                let x_mag = Mag {
                    mant: xm,
                    lsb: Form::lsb(xm, *xe),
                };
                let y_mag = Mag {
                    mant: ym,
                    lsb: Form::lsb(ym, *ye),
                };
                if self.neg == y.neg {
                    return Ok(Float {
                        neg: self.neg,
                        form: add_mags(x_mag, y_mag, false, prec),
                    });
                }
                Ok(match cmp_mags(x_mag, y_mag) {
                    Ordering::Greater => Float {
                        neg: self.neg,
                        form: add_mags(x_mag, y_mag, true, prec),
                    },
                    Ordering::Less => Float {
                        neg: y.neg,
                        form: add_mags(y_mag, x_mag, true, prec),
                    },
                    Ordering::Equal => Float::zero(false),
                })
            }
            (Form::Inf, Form::Inf) if self.neg != y.neg => Err(NaN),
            (Form::Zero, Form::Zero) => Ok(Float::zero(self.neg && y.neg)),
            (Form::Inf, _) | (_, Form::Zero) => Ok(self.rounded(prec)),
            (Form::Zero, _) | (_, Form::Inf) => Ok(y.rounded(prec)),
        }
    }

    /// Go's `Sub`, which agrees with adding the negation in every case.
    pub(crate) fn sub(&self, y: &Float, prec: u32) -> Result<Float, NaN> {
        self.add(&y.negated(), prec)
    }

    /// Go's `Mul`: the sign is the exclusive or of the operand signs, even
    /// for zero results.
    pub(crate) fn mul(&self, y: &Float, prec: u32) -> Result<Float, NaN> {
        let neg = self.neg != y.neg;
        let form = match (&self.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => round(
                xm * ym,
                Form::lsb(xm, *xe) + Form::lsb(ym, *ye),
                false,
                prec,
            ),
            (Form::Zero, Form::Inf) | (Form::Inf, Form::Zero) => return Err(NaN),
            (Form::Inf, _) | (_, Form::Inf) => Form::Inf,
            _ => Form::Zero,
        };
        Ok(Float { neg, form })
    }

    /// Go's `Quo`: `x/±0` is an infinity, `±0/y` and `x/±∞` are zeros.
    pub(crate) fn quo(&self, y: &Float, prec: u32) -> Result<Float, NaN> {
        let neg = self.neg != y.neg;
        let form = match (&self.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                // Enough quotient bits for the rounding bit; the remainder
                // supplies the sticky bit.
                let shift = (u64::from(prec) + 2 + ym.bits()).saturating_sub(xm.bits());
                let (q, r) = (xm << shift).div_rem(ym);
                let lsb = Form::lsb(xm, *xe) - Form::lsb(ym, *ye) - shift as i64;
                round(q, lsb, !r.is_zero(), prec)
            }
            (Form::Zero, Form::Zero) | (Form::Inf, Form::Inf) => return Err(NaN),
            (Form::Zero, _) | (_, Form::Inf) => Form::Zero,
            _ => Form::Inf,
        };
        Ok(Float { neg, form })
    }

    /// Go's `Cmp`: `-0 == +0`, infinities equal themselves.
    pub(crate) fn cmp(&self, y: &Float) -> Ordering {
        let (ox, oy) = (self.order_class(), y.order_class());
        if ox != oy {
            return ox.cmp(&oy);
        }
        let mags = match (&self.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => cmp_mags(
                Mag {
                    mant: xm,
                    lsb: Form::lsb(xm, *xe),
                },
                Mag {
                    mant: ym,
                    lsb: Form::lsb(ym, *ye),
                },
            ),
            _ => Ordering::Equal,
        };
        if self.neg { mags.reverse() } else { mags }
    }

    /// -2 for -∞, -1 for negative finite, 0 for zeros, 1, 2 for +∞.
    fn order_class(&self) -> i8 {
        let class = match self.form {
            Form::Zero => return 0,
            Form::Finite { .. } => 1,
            Form::Inf => 2,
        };
        if self.neg { -class } else { class }
    }
}

/// An exact magnitude `mant × 2^lsb`.
#[derive(Clone, Copy)]
struct Mag<'a> {
    mant: &'a BigUint,
    lsb: i64,
}

impl Mag<'_> {
    fn msb(self) -> i64 {
        self.lsb + self.mant.bits() as i64
    }
}

fn cmp_mags(x: Mag<'_>, y: Mag<'_>) -> Ordering {
    x.msb().cmp(&y.msb()).then_with(|| {
        // Same leading bit position, so the alignment shift is bounded by
        // the operand sizes.
        let base = x.lsb.min(y.lsb);
        let xs = x.mant << (x.lsb - base) as u64;
        let ys = y.mant << (y.lsb - base) as u64;
        xs.cmp(&ys)
    })
}

/// `x + y`, or `x - y` when `subtract` (then `x > y`), rounded to `prec`.
fn add_mags(x: Mag<'_>, y: Mag<'_>, subtract: bool, prec: u32) -> Form {
    let (hi, lo) = if x.msb() >= y.msb() { (x, y) } else { (y, x) };
    // An operand far below the other's last bit and below the result's
    // rounding position only acts as a sticky bit: stand it in by a single
    // bit under `cut`, so the work stays bounded for any exponent gap.
    let cut = hi.lsb.min(hi.msb() - i64::from(prec) - 3) - 1;
    if lo.msb() <= cut {
        let shifted = hi.mant << (hi.lsb - cut + 1) as u64;
        let mant = if subtract {
            shifted - 1u32
        } else {
            shifted + 1u32
        };
        return round(mant, cut - 1, false, prec);
    }
    let base = hi.lsb.min(lo.lsb);
    let a = hi.mant << (hi.lsb - base) as u64;
    let b = lo.mant << (lo.lsb - base) as u64;
    let mant = if subtract { a - b } else { a + b };
    round(mant, base, false, prec)
}

/// `2^n` as a `BigUint`.
pub(crate) fn pow2(n: u64) -> BigUint {
    BigUint::one() << n
}
