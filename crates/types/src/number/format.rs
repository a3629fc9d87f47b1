// Go port of `big.Float.Text('f', -1)`: its digit walk decides some outputs; no crate reproduces it.
//! Number to text, as Go's `big.Float.Text('f', -1)`: the shortest decimal
//! that identifies the value among its neighbours at the value's own
//! precision, printed without an exponent (`1e21` is
//! `1000000000000000000000`).
//!
//! Go takes the exact decimal expansions of the value and of the two
//! midpoints to its neighbours and walks their digits until they differ.
//! Its walk indexes the three digit strings in step even when their decimal
//! exponents differ; that is reproduced, because it decides some outputs.
//! The midpoints are taken half an ulp either side even when the value is a
//! power of two, also as Go does.
//!
//! Unlike Go, only a prefix of each expansion is computed (with a flag for
//! whether nonzero digits follow), and it is lengthened only when the walk
//! needs more, so numbers with huge exponents cost time in proportion to
//! their printed size rather than to their full binary expansion.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

use super::float::{Form, pow2};
use super::{Number, NumberError};

/// Largest decimal exponent magnitude printed exactly: plain decimal text
/// of values beyond `10^±MAX_DECIMAL_EXPONENT` would be megabytes long.
pub const MAX_DECIMAL_EXPONENT: i64 = 1_000_000;

impl Number {
    /// The number as OpenTofu prints it (`tostring`, `jsonencode`, the
    /// console): `+Inf`, `-Inf`, `-0`, or plain decimal digits.
    pub fn to_text(&self) -> Result<String, NumberError> {
        let mut out = String::new();
        if self.value.neg {
            out.push('-');
        }
        match &self.value.form {
            Form::Inf => {
                if !self.value.neg {
                    out.push('+');
                }
                out.push_str("Inf");
            }
            Form::Zero => out.push('0'),
            Form::Finite { mant, exp } => {
                let d = shortest(mant, *exp, self.prec)?;
                push_plain(&mut out, &d);
            }
        }
        Ok(out)
    }
}

/// Decimal digits `0.d₁d₂… × 10^exp` of a finite nonzero number, the form
/// Go's `big.Float` formats from (`%e`, `%f`, `%g`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecimalDigits {
    /// ASCII digits, the first nonzero; no trailing zeros unless truncated.
    pub digits: Vec<u8>,
    pub exp: i64,
    /// Nonzero digits follow those given.
    pub truncated: bool,
}

impl Number {
    /// At least `want` leading digits of the exact decimal expansion (all
    /// of them if it has fewer); `None` for zeros and infinities.
    pub fn decimal_prefix(&self, want: usize) -> Result<Option<DecimalDigits>, NumberError> {
        let Form::Finite { mant, exp } = &self.value.form else {
            return Ok(None);
        };
        let lsb = Form::lsb(mant, *exp);
        // The expansion of mant × 2^lsb has fewer digits than this (a digit
        // per log10(2) bits of the integer part, per log10(5) bits of the
        // fraction), so asking for more only computes trailing zeros.
        let total = (mant.bits() + lsb.unsigned_abs()) * 7 / 10 + 2;
        let want = want.clamp(1, usize::try_from(total).unwrap_or(usize::MAX));
        let d = prefix(mant, lsb, want)?;
        Ok(Some(DecimalDigits {
            digits: d.digits,
            exp: d.exp,
            truncated: d.truncated,
        }))
    }

    /// The shortest digits that identify the value at its precision (Go's
    /// `roundShortest`, as `Text('g', -1)` uses); `None` for zeros and
    /// infinities.
    pub fn shortest_decimal(&self) -> Result<Option<DecimalDigits>, NumberError> {
        let Form::Finite { mant, exp } = &self.value.form else {
            return Ok(None);
        };
        let d = shortest(mant, *exp, self.prec)?;
        Ok(Some(DecimalDigits {
            digits: d.digits,
            exp: d.exp,
            truncated: false,
        }))
    }
}

/// Whether two finite non-integers print the same (cty's equality rule);
/// the caller has checked that the signs agree.
pub(crate) fn same_text(a: &Number, b: &Number) -> bool {
    let (Form::Finite { mant: am, exp: ae }, Form::Finite { mant: bm, exp: be }) =
        (&a.value.form, &b.value.form)
    else {
        return false;
    };
    match (shortest(am, *ae, a.prec), shortest(bm, *be, b.prec)) {
        (Ok(x), Ok(y)) => x.digits == y.digits && x.exp == y.exp,
        // Too far out to print: compare what the text is a function of.
        // This only misses texts shared by neighbouring values of
        // different precisions beyond 10^±MAX_DECIMAL_EXPONENT.
        _ => a.prec == b.prec && a.value == b.value,
    }
}

/// An approximate rendering in exponent form for numbers too large or too
/// small to print exactly, e.g. `~1.000000e+1000000000`.
pub(crate) fn approximate(n: &Number) -> String {
    let Form::Finite { mant, exp } = &n.value.form else {
        unreachable!("only finite numbers can be too long to print")
    };
    // log10 of the value from its leading 64 bits and its binary exponent.
    let bits = mant.bits();
    let top = if bits > 64 {
        mant >> (bits - 64)
    } else {
        mant << (64 - bits)
    };
    let top = top.iter_u64_digits().next().unwrap_or(0) as f64 / 2f64.powi(64);
    let log10 = top.log10() + *exp as f64 * std::f64::consts::LOG10_2;
    let decade = log10.floor();
    let sign = if n.value.neg { "-" } else { "" };
    format!(
        "~{sign}{:.6}e{:+}",
        10f64.powf(log10 - decade),
        decade as i64
    )
}

/// A decimal `0.d₁d₂… × 10^exp`, or a prefix of one when `truncated`
/// (nonzero digits follow those kept). Exact decimals have no trailing
/// zeros; an exact zero has no digits.
#[derive(Debug)]
struct Decimal {
    digits: Vec<u8>,
    exp: i64,
    truncated: bool,
}

/// Signals that a digit prefix was too short to decide.
struct NeedMoreDigits;

impl Decimal {
    /// Digit `i`, `'0'` past the end of an exact decimal.
    fn at(&self, i: usize) -> Result<u8, NeedMoreDigits> {
        match self.digits.get(i) {
            Some(&d) => Ok(d),
            None if self.truncated => Err(NeedMoreDigits),
            None => Ok(b'0'),
        }
    }

    /// The number of digits of the complete expansion is known to be
    /// larger than `n`, known to be `n`, or unknown.
    fn len_is(&self, n: usize) -> Ordering3 {
        if self.truncated {
            if n <= self.digits.len() {
                Ordering3::Longer
            } else {
                Ordering3::Unknown
            }
        } else {
            match self.digits.len().cmp(&n) {
                std::cmp::Ordering::Greater => Ordering3::Longer,
                std::cmp::Ordering::Equal => Ordering3::Equal,
                std::cmp::Ordering::Less => Ordering3::Shorter,
            }
        }
    }

    /// Go's `decimal.round`: to `n` digits, halves to even.
    fn round(&mut self, n: usize) -> Result<(), NeedMoreDigits> {
        if self.truncated && n >= self.digits.len() {
            // The decision needs digit `n`.
            return Err(NeedMoreDigits);
        }
        match self.len_is(n) {
            Ordering3::Unknown => Err(NeedMoreDigits),
            Ordering3::Equal | Ordering3::Shorter => Ok(()),
            Ordering3::Longer => {
                let half_way = self.digits[n] == b'5' && self.len_is(n + 1) == Ordering3::Equal;
                let up = if half_way {
                    n > 0 && (self.digits[n - 1] - b'0') & 1 != 0
                } else {
                    self.digits[n] >= b'5'
                };
                if up {
                    self.round_up(n)
                } else {
                    self.round_down(n)
                }
            }
        }
    }

    /// Go's `decimal.roundUp`: truncate to `n` digits and add one unit.
    fn round_up(&mut self, n: usize) -> Result<(), NeedMoreDigits> {
        match self.len_is(n) {
            Ordering3::Unknown => Err(NeedMoreDigits),
            Ordering3::Equal | Ordering3::Shorter => Ok(()),
            Ordering3::Longer => {
                let mut n = n;
                while n > 0 && self.digits[n - 1] == b'9' {
                    n -= 1;
                }
                if n == 0 {
                    self.digits.clear();
                    self.digits.push(b'1');
                    self.exp += 1;
                } else {
                    self.digits[n - 1] += 1;
                    self.digits.truncate(n);
                }
                self.truncated = false;
                Ok(())
            }
        }
    }

    /// Go's `decimal.roundDown`: truncate to `n` digits.
    fn round_down(&mut self, n: usize) -> Result<(), NeedMoreDigits> {
        match self.len_is(n) {
            Ordering3::Unknown => Err(NeedMoreDigits),
            Ordering3::Equal | Ordering3::Shorter => Ok(()),
            Ordering3::Longer => {
                self.digits.truncate(n);
                self.truncated = false;
                self.trim();
                Ok(())
            }
        }
    }

    fn trim(&mut self) {
        while self.digits.last() == Some(&b'0') {
            self.digits.pop();
        }
        if self.digits.is_empty() {
            self.exp = 0;
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ordering3 {
    Shorter,
    Equal,
    Longer,
    Unknown,
}

/// Go's `roundShortest` applied to the exact decimal of `mant × 2^lsb`.
fn shortest(mant: &BigUint, exp: i32, prec: u32) -> Result<Decimal, NumberError> {
    let bits = mant.bits();
    debug_assert!(bits <= u64::from(prec), "mantissa wider than its precision");
    let lsb = Form::lsb(mant, exp);
    // The value with prec + 1 bits, whose last bit is half an ulp.
    let shift = u64::from(prec) + 1 - bits;
    let wide = mant << shift;
    let wide_lsb = lsb - shift as i64;
    let lower_mant = &wide - 1u32;
    let upper_mant = &wide + 1u32;
    // Even mantissas round the midpoints back to themselves.
    let inclusive = bits < u64::from(prec);

    let mut want = (u64::from(prec) as usize + 1) * 30103 / 100_000 + 4;
    loop {
        let mut d = prefix(mant, lsb, want)?;
        let lower = prefix(&lower_mant, wide_lsb, want)?;
        let upper = prefix(&upper_mant, wide_lsb, want)?;
        match walk(&mut d, &lower, &upper, inclusive) {
            Ok(()) => return Ok(d),
            Err(NeedMoreDigits) => want *= 2,
        }
    }
}

/// The digit walk of Go's `roundShortest`.
fn walk(
    d: &mut Decimal,
    lower: &Decimal,
    upper: &Decimal,
    inclusive: bool,
) -> Result<(), NeedMoreDigits> {
    for i in 0.. {
        let Some(&m) = d.digits.get(i) else {
            return if d.truncated {
                Err(NeedMoreDigits)
            } else {
                Ok(())
            };
        };
        let l = lower.at(i)?;
        let u = upper.at(i)?;
        let lower_ends = lower.len_is(i + 1) == Ordering3::Equal;
        let upper_goes_on = upper.len_is(i + 1) == Ordering3::Longer;
        let ok_down = l != m || inclusive && lower_ends;
        let ok_up = m != u && (inclusive || m + 1 < u || upper_goes_on);
        match (ok_down, ok_up) {
            (true, true) => return d.round(i + 1),
            (true, false) => return d.round_down(i + 1),
            (false, true) => return d.round_up(i + 1),
            (false, false) => {}
        }
    }
    unreachable!()
}

/// At least `want` leading digits of `mant × 2^lsb` (all of them if there
/// are fewer).
fn prefix(mant: &BigUint, lsb: i64, want: usize) -> Result<Decimal, NumberError> {
    debug_assert!(!mant.is_zero());
    // Decimal exponent estimate from the binary one; off by at most one.
    let msb = lsb + mant.bits() as i64;
    let estimate = ((msb - 1) as f64 * std::f64::consts::LOG10_2).floor() as i64 + 1;
    if estimate.abs() > MAX_DECIMAL_EXPONENT {
        return Err(NumberError::TooLargeToPrint);
    }
    let mut scale = want as i64 - estimate + 1;
    loop {
        // floor(value × 10^scale) = mant × 5^scale × 2^(lsb + scale)
        let twos = lsb + scale;
        let five = BigUint::from(5u32);
        let (q, exact) = if scale >= 0 {
            let num = mant * five.pow(scale as u32);
            if twos >= 0 {
                (num << twos as u64, true)
            } else {
                // Dividing by a power of two only: shift, and look at the
                // bits shifted out.
                let k = twos.unsigned_abs();
                let exact = num.trailing_zeros().is_some_and(|tz| tz >= k);
                (num >> k, exact)
            }
        } else {
            let den = five.pow(scale.unsigned_abs() as u32);
            let (num, den) = if twos >= 0 {
                (mant << twos as u64, den)
            } else {
                (mant.clone(), den * pow2(twos.unsigned_abs()))
            };
            let (q, r) = num.div_rem(&den);
            (q, r.is_zero())
        };
        let digits = q.to_str_radix(10).into_bytes();
        if q.is_zero() || digits.len() < want {
            scale += want as i64 - if q.is_zero() { 0 } else { digits.len() as i64 } + 1;
            continue;
        }
        let mut d = Decimal {
            exp: digits.len() as i64 - scale,
            digits,
            truncated: !exact,
        };
        if !d.truncated {
            d.trim();
        }
        return Ok(d);
    }
}

/// Go's `fmtF` with the precision of the shortest form.
fn push_plain(out: &mut String, d: &Decimal) {
    let digit = |i: i64| -> char {
        usize::try_from(i)
            .ok()
            .and_then(|i| d.digits.get(i))
            .map_or('0', |&c| c as char)
    };
    if d.exp > 0 {
        (0..d.exp).for_each(|i| out.push(digit(i)));
    } else {
        out.push('0');
    }
    let frac = d.digits.len() as i64 - d.exp;
    if frac > 0 {
        out.push('.');
        (0..frac).for_each(|i| out.push(digit(d.exp + i)));
    }
}

impl Number {
    /// Go's `big.Float.String()`, `Text('g', 10)`: ten significant digits,
    /// exponent form outside `1e-4 ≤ |x| < 1e10`. cty serialises numbers
    /// this way for set hashing, which orders sets of structures.
    pub fn to_text_g10(&self) -> String {
        const PREC: usize = 10;
        let mut out = String::new();
        if self.value.neg {
            out.push('-');
        }
        let (mant, exp) = match &self.value.form {
            Form::Inf => {
                if !self.value.neg {
                    out.push('+');
                }
                out.push_str("Inf");
                return out;
            }
            Form::Zero => {
                out.push('0');
                return out;
            }
            Form::Finite { mant, exp } => (mant, *exp),
        };
        let lsb = Form::lsb(mant, exp);
        let mut want = PREC + 2;
        let d = loop {
            let Ok(mut d) = prefix(mant, lsb, want) else {
                return approximate(self);
            };
            match d.round(PREC) {
                Ok(()) => break d,
                Err(NeedMoreDigits) => want *= 2,
            }
        };
        // Go's %g: exponent form when the exponent is below -4 or at least
        // the precision (capped at the digit count for integers).
        let mut eprec = PREC;
        if eprec > d.digits.len() && d.digits.len() as i64 >= d.exp {
            eprec = d.digits.len();
        }
        let x = d.exp - 1;
        if x < -4 || x >= eprec as i64 {
            let digit = |i: usize| d.digits.get(i).map_or('0', |&c| c as char);
            out.push(digit(0));
            let frac = PREC.min(d.digits.len()).saturating_sub(1);
            if frac > 0 {
                out.push('.');
                (1..=frac).for_each(|i| out.push(digit(i)));
            }
            out.push('e');
            out.push(if x < 0 { '-' } else { '+' });
            if x.abs() < 10 {
                out.push('0');
            }
            out.push_str(&x.abs().to_string());
        } else {
            push_plain(&mut out, &d);
        }
        out
    }
}
