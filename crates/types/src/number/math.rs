// Go port of `math.Pow`, `math.Log` and friends: results must match Go bit for bit; Rust's `f64` calls the platform libm.
//! cty's float64 functions: arguments are converted to `f64` (an error if
//! a finite value is beyond the float64 range), computed with Go's `math`
//! algorithms, and the result is a 53-bit number.
//!
//! `pow` follows Go's `math.Pow` step for step and `log` is Go's
//! FreeBSD-derived `math.Log`. Go's `math.Exp` (used by fractional powers)
//! is assembly on amd64, with a fused multiply-add variant on CPUs that
//! have FMA; that variant is reproduced here, since it is what OpenTofu
//! runs on current x86-64 machines.

use super::{Number, NumberError};

impl Number {
    /// `pow(a, b)`.
    pub fn pow(&self, power: &Number) -> Result<Number, NumberError> {
        Number::from_f64(go_pow(self.to_f64()?, power.to_f64()?))
    }

    /// `log(a, base)`: `ln(a) / ln(base)`.
    pub fn log(&self, base: &Number) -> Result<Number, NumberError> {
        Number::from_f64(go_log(self.to_f64()?) / go_log(base.to_f64()?))
    }

    /// Square root through `f64`, correctly rounded; negative numbers have
    /// none.
    pub fn sqrt(&self) -> Result<Number, NumberError> {
        Number::from_f64(self.to_f64()?.sqrt())
    }
}

/// Go's `math.Pow`, special cases in Go's order.
fn go_pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        return if y < 0.0 {
            if is_odd_int(y) {
                f64::INFINITY.copysign(x)
            } else {
                f64::INFINITY
            }
        } else if is_odd_int(y) {
            x
        } else {
            0.0
        };
    }
    if y.is_infinite() {
        return huge_power(x, y);
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }

    let (mut yi, mut yf) = (y.abs().trunc(), y.abs().fract());
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if yi >= (1u64 << 63) as f64 {
        // An even integer power this large over- or underflows.
        return huge_power(x, y);
    }

    // ans = a1 × 2^ae
    let mut a1 = 1.0;
    let mut ae: i64 = 0;
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = go_exp(yf * go_log(x));
    }
    let (mut x1, mut xe) = frexp(x);
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&xe) {
            // The exponent is past any float64 already; finish in ldexp.
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }
    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(a1, ae)
}

/// `x^y` for an exponent so large (or infinite) that the result is 1, 0 or
/// infinity, as Go's `math.Pow` decides it.
fn huge_power(x: f64, y: f64) -> f64 {
    if x == -1.0 {
        1.0
    } else if (x.abs() < 1.0) == (y > 0.0) {
        0.0
    } else {
        f64::INFINITY
    }
}

fn is_odd_int(x: f64) -> bool {
    // Floats this large are even integers.
    x.abs() < (1u64 << 53) as f64 && x.fract() == 0.0 && (x as i64) & 1 == 1
}

/// Go's `math.Frexp`: `x = frac × 2^exp` with `0.5 <= |frac| < 1`.
fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || x.is_infinite() || x.is_nan() {
        return (x, 0);
    }
    let (x, mut exp) = normalize(x);
    let bits = x.to_bits();
    exp += ((bits >> 52) & 0x7ff) as i64 - 1022;
    let frac = f64::from_bits(bits & !(0x7ff << 52) | 1022 << 52);
    (frac, exp)
}

/// Go's `math.Ldexp`: `frac × 2^exp`, rounding once for subnormals.
fn ldexp(frac: f64, exp: i64) -> f64 {
    if frac == 0.0 || frac.is_infinite() || frac.is_nan() {
        return frac;
    }
    let (frac, e) = normalize(frac);
    let bits = frac.to_bits();
    let mut exp = exp + e + ((bits >> 52) & 0x7ff) as i64 - 1023;
    if exp < -1075 {
        return 0.0f64.copysign(frac);
    }
    if exp > 1023 {
        return f64::INFINITY.copysign(frac);
    }
    let mut m = 1.0;
    if exp < -1022 {
        exp += 53;
        m = 1.0 / (1u64 << 53) as f64;
    }
    m * f64::from_bits(bits & !(0x7ff << 52) | ((exp + 1023) as u64) << 52)
}

/// Scales subnormals up to normal numbers: `x = y × 2^exp`.
fn normalize(x: f64) -> (f64, i64) {
    if x.abs() < f64::MIN_POSITIVE {
        (x * (1u64 << 52) as f64, -52)
    } else {
        (x, 0)
    }
}

/// Go's `math.Log` (FreeBSD `e_log.c`).
fn go_log(x: f64) -> f64 {
    const LN2_HI: f64 = f64::from_bits(0x3fe62e42_fee00000); // 6.93147180369123816490e-01
    const LN2_LO: f64 = f64::from_bits(0x3dea39ef_35793c76); // 1.90821492927058770002e-10
    const L1: f64 = f64::from_bits(0x3fe55555_55555593); // 6.666666666666735130e-01
    const L2: f64 = f64::from_bits(0x3fd99999_9997fa04); // 3.999999999940941908e-01
    const L3: f64 = f64::from_bits(0x3fd24924_94229359); // 2.857142874366239149e-01
    const L4: f64 = f64::from_bits(0x3fcc71c5_1d8e78af); // 2.222219843214978396e-01
    const L5: f64 = f64::from_bits(0x3fc74664_96cb03de); // 1.818357216161805012e-01
    const L6: f64 = f64::from_bits(0x3fc39a09_d078c69f); // 1.531383769920937332e-01
    const L7: f64 = f64::from_bits(0x3fc2f112_df3e5244); // 1.479819860511658591e-01

    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    let (mut f1, mut ki) = frexp(x);
    if f1 < std::f64::consts::SQRT_2 / 2.0 {
        f1 *= 2.0;
        ki -= 1;
    }
    let f = f1 - 1.0;
    let k = ki as f64;
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let t1 = s2 * (L1 + s4 * (L3 + s4 * (L5 + s4 * L7)));
    let t2 = s4 * (L2 + s4 * (L4 + s4 * L6));
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

/// Go's amd64 `math.Exp` on CPUs with FMA: argument reduction by a rounded
/// multiple of ln 2, a Taylor series on a sixteenth of the rest, four
/// squarings, and a scale by a power of two that flushes subnormal results
/// to zero.
fn go_exp(x: f64) -> f64 {
    const LOG2E: f64 = f64::from_bits(0x3ff71547_652b82fe); // 1.4426950408889634073599246810018920
    const LN2U: f64 = f64::from_bits(0x3fe62e42_fefa3000); // 0.69314718055966295651160180568695068359375
    const LN2L: f64 = f64::from_bits(0x3d53de6a_f278ece6); // 0.28235290563031577122588448175013436025525412068e-12
    const OVERFLOW: f64 = f64::from_bits(0x40862e42_fefa39ef); // 7.09782712893384e+02
    const TAYLOR: [f64; 6] = [
        f64::from_bits(0x3efa01a0_1a01a01a), // 2.4801587301587301587e-5
        f64::from_bits(0x3f2a01a0_1a01a01a), // 1.9841269841269841270e-4
        f64::from_bits(0x3f56c16c_16c16c17), // 1.3888888888888888889e-3
        f64::from_bits(0x3f811111_11111111), // 8.3333333333333333333e-3
        f64::from_bits(0x3fa55555_55555555), // 4.1666666666666666667e-2
        f64::from_bits(0x3fc55555_55555555), // 1.6666666666666666667e-1
    ];

    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    if x > OVERFLOW {
        return f64::INFINITY;
    }
    // CVTSD2SL: round to nearest even, out of range gives i32::MIN.
    let t = LOG2E * x;
    let k = if t.abs() < 2147483648.0 {
        t.round_ties_even() as i32
    } else {
        i32::MIN
    };
    let kf = f64::from(k);
    let mut r = (-kf).mul_add(LN2U, x);
    r = (-kf).mul_add(LN2L, r);
    r *= 0.0625;
    let mut p = TAYLOR[0];
    for c in &TAYLOR[1..] {
        p = p.mul_add(r, *c);
    }
    p = p.mul_add(r, 0.5);
    p = p.mul_add(r, 1.0);
    // e^r - 1, then (e^r - 1)(e^r + 1) = e^2r - 1 four times.
    let mut y = r * p;
    for _ in 0..3 {
        y *= y + 2.0;
    }
    y = y.mul_add(y + 2.0, 1.0);
    let biased = k.wrapping_add(0x3ff);
    if biased <= 0 {
        return 0.0;
    }
    if biased >= 0x7ff {
        return f64::INFINITY;
    }
    y * f64::from_bits((biased as u64) << 52)
}
