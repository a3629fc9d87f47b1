// Go port of `fmt.Sprintf` on `*big.Int`/`*big.Float` (`Int.Format`, `Float.Format`): Rust's `format!` differs.
//! Go's `fmt.Sprintf` of one `*big.Int` or `*big.Float`, which cty hands
//! its numeric verbs to: Go's verb parsing (including its width limit,
//! past which it prints `%!(NOVERB)`), `Int.Format` and `Float.Format`.

use num_bigint::{BigInt, Sign};
use tofu_types::number::DecimalDigits;
use tofu_types::{Number, NumberError};

pub(super) enum Arg<'a> {
    Int(&'a BigInt),
    Float(&'a Number),
}

#[derive(Default)]
struct Spec {
    sharp: bool,
    zero: bool,
    plus: bool,
    minus: bool,
    space: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// `fmt.Sprintf(verb, arg)` for a verb `%[flags][width][.prec]c`.
pub(super) fn sprintf(verb: &str, arg: Arg<'_>) -> Result<String, NumberError> {
    let b = verb.as_bytes();
    let end = b.len();
    let mut spec = Spec::default();
    let mut i = 1;
    while i < end {
        match b[i] {
            b'#' => spec.sharp = true,
            b'0' => spec.zero = true,
            b'+' => spec.plus = true,
            b'-' => spec.minus = true,
            b' ' => spec.space = true,
            _ => break,
        }
        i += 1;
    }
    let width;
    (width, i) = parse_number(b, i);
    spec.width = width;
    if i + 1 < end && b[i] == b'.' {
        let prec;
        (prec, i) = parse_number(b, i + 1);
        spec.prec = Some(prec.unwrap_or(0));
    }
    if i >= end {
        // Go gives up on the verb and lists the unused argument.
        let value = match arg {
            Arg::Int(n) => ("*big.Int", n.to_string()),
            Arg::Float(n) => ("*big.Float", float_text(n, b'g', None)?),
        };
        return Ok(format!("%!(NOVERB)%!(EXTRA {}={})", value.0, value.1));
    }
    Ok(match arg {
        Arg::Int(n) => format_int(n, b[i], &spec),
        Arg::Float(n) => format_float(n, b[i], &spec)?,
    })
}

/// Go's `parsenum`: digits, or nothing and the end of the verb when the
/// number grows past a million.
fn parse_number(b: &[u8], start: usize) -> (Option<usize>, usize) {
    let mut num: usize = 0;
    let mut i = start;
    let mut any = false;
    while i < b.len() && b[i].is_ascii_digit() {
        if num > 1_000_000 {
            return (None, b.len());
        }
        num = num * 10 + usize::from(b[i] - b'0');
        any = true;
        i += 1;
    }
    (any.then_some(num), i)
}

/// Go's `big.Int.Format`.
fn format_int(n: &BigInt, verb: u8, spec: &Spec) -> String {
    let (radix, prefix) = match verb {
        b'b' => (2, "0b"),
        b'o' => (8, "0"),
        b'x' => (16, "0x"),
        b'X' => (16, "0X"),
        _ => (10, ""),
    };
    let prefix = if spec.sharp { prefix } else { "" };
    let mut digits = n.magnitude().to_str_radix(radix);
    if verb == b'X' {
        digits.make_ascii_uppercase();
    }
    let sign = if n.sign() == Sign::Minus {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    let mut zeros = 0;
    if let Some(prec) = spec.prec {
        if digits.len() < prec {
            zeros = prec - digits.len();
        } else if digits == "0" && prec == 0 {
            return String::new();
        }
    }
    let length = sign.len() + prefix.len() + zeros + digits.len();
    let (mut left, mut right) = (0, 0);
    if let Some(width) = spec.width.filter(|&w| w > length) {
        let pad = width - length;
        if spec.minus {
            right = pad;
        } else if spec.zero && spec.prec.is_none() {
            zeros = pad;
        } else {
            left = pad;
        }
    }
    let mut out = String::with_capacity(length + left + right);
    out.extend(std::iter::repeat_n(' ', left));
    out.push_str(sign);
    out.push_str(prefix);
    out.extend(std::iter::repeat_n('0', zeros));
    out.push_str(&digits);
    out.extend(std::iter::repeat_n(' ', right));
    out
}

/// Go's `big.Float.Format` for `e`, `E`, `f`, `g` and `G`.
fn format_float(n: &Number, verb: u8, spec: &Spec) -> Result<String, NumberError> {
    let prec = match (verb, spec.prec) {
        (b'g' | b'G', None) => None,
        (_, None) => Some(6),
        (_, p) => p,
    };
    let text = float_text(n, verb, prec)?;
    let (sign, body) = if let Some(body) = text.strip_prefix('-') {
        ("-", body)
    } else if let Some(body) = text.strip_prefix('+') {
        (if spec.space { " " } else { "+" }, body)
    } else if spec.plus {
        ("+", text.as_str())
    } else if spec.space {
        (" ", text.as_str())
    } else {
        ("", text.as_str())
    };
    let pad = spec
        .width
        .map_or(0, |w| w.saturating_sub(sign.len() + body.len()));
    let mut out = String::with_capacity(sign.len() + body.len() + pad);
    if spec.zero && !n.is_infinite() {
        out.push_str(sign);
        out.extend(std::iter::repeat_n('0', pad));
        out.push_str(body);
    } else if spec.minus {
        out.push_str(sign);
        out.push_str(body);
        out.extend(std::iter::repeat_n(' ', pad));
    } else {
        out.extend(std::iter::repeat_n(' ', pad));
        out.push_str(sign);
        out.push_str(body);
    }
    Ok(out)
}

/// A decimal `0.d₁d₂… × 10^exp` as Go's `big.Float` formatting works on
/// it; zero has no digits.
struct Decimal {
    digits: Vec<u8>,
    exp: i64,
}

impl Decimal {
    fn from(d: Option<DecimalDigits>) -> Decimal {
        d.map_or(
            Decimal {
                digits: Vec::new(),
                exp: 0,
            },
            |d| Decimal {
                digits: d.digits,
                exp: d.exp,
            },
        )
    }

    fn digit(&self, i: i64) -> u8 {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.digits.get(i))
            .copied()
            .unwrap_or(b'0')
    }
}

/// The exact decimal of `n` rounded as Go's `decimal.round` rounds it to
/// `digits(exp)` significant digits, `exp` being the exact decimal's
/// exponent: halves to even, nothing to do for a count below zero.
fn rounded(n: &Number, digits: impl Fn(i64) -> i64) -> Result<Decimal, NumberError> {
    let Some(first) = n.decimal_prefix(1)? else {
        return Ok(Decimal::from(None));
    };
    let count = digits(first.exp);
    let Ok(count) = usize::try_from(count) else {
        return Ok(Decimal::from(Some(first)));
    };
    let Some(d) = n.decimal_prefix(count.saturating_add(1))? else {
        return Ok(Decimal::from(None));
    };
    let Some(&next) = d.digits.get(count) else {
        // The exact expansion has no more digits than are kept.
        return Ok(Decimal::from(Some(d)));
    };
    let DecimalDigits {
        mut digits,
        mut exp,
        truncated,
    } = d;
    let halfway = next == b'5' && !truncated && count + 1 == digits.len();
    let up = if halfway {
        count > 0 && (digits[count - 1] - b'0') % 2 == 1
    } else {
        next >= b'5'
    };
    if up {
        let mut keep = count;
        while keep > 0 && digits[keep - 1] == b'9' {
            keep -= 1;
        }
        if keep == 0 {
            digits = vec![b'1'];
            exp += 1;
        } else {
            digits[keep - 1] += 1;
            digits.truncate(keep);
        }
    } else {
        digits.truncate(count);
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
        if digits.is_empty() {
            exp = 0;
        }
    }
    Ok(Decimal { digits, exp })
}

/// Go's `big.Float.Text('g', -1)`.
pub(super) fn shortest_g(n: &Number) -> Result<String, NumberError> {
    float_text(n, b'g', None)
}

/// Go's `big.Float.Text(verb, prec)`; `None` is the shortest precision
/// that identifies the value.
fn float_text(n: &Number, verb: u8, prec: Option<usize>) -> Result<String, NumberError> {
    let mut out = String::new();
    if n.is_sign_negative() {
        out.push('-');
    }
    if n.is_infinite() {
        if !n.is_sign_negative() {
            out.push('+');
        }
        out.push_str("Inf");
        return Ok(out);
    }
    let shortest = prec.is_none();
    let (d, prec) = match prec.map(|p| i64::try_from(p).unwrap_or(i64::MAX)) {
        None => {
            let d = Decimal::from(n.shortest_decimal()?);
            let len = d.digits.len() as i64;
            let prec = match verb {
                b'e' | b'E' => len - 1,
                b'f' => (len - d.exp).max(0),
                _ => len,
            };
            (d, prec)
        }
        Some(prec) => match verb {
            b'e' | b'E' => (rounded(n, |_| prec.saturating_add(1))?, prec),
            b'f' => (rounded(n, |exp| exp.saturating_add(prec))?, prec),
            _ => {
                let prec = prec.max(1);
                (rounded(n, |_| prec)?, prec)
            }
        },
    };
    match verb {
        b'e' | b'E' => push_e(&mut out, verb, prec, &d),
        b'f' => push_f(&mut out, prec, &d),
        _ => {
            let len = d.digits.len() as i64;
            let mut eprec = prec;
            if eprec > len && len >= d.exp {
                eprec = len;
            }
            // The shortest form switches to an exponent as %e does at six.
            if shortest {
                eprec = 6;
            }
            let exp = d.exp - 1;
            if exp < -4 || exp >= eprec {
                let e = if verb == b'G' { b'E' } else { b'e' };
                push_e(&mut out, e, prec.min(len) - 1, &d);
            } else {
                let prec = if prec > d.exp { len } else { prec };
                push_f(&mut out, (prec - d.exp).max(0), &d);
            }
        }
    }
    Ok(out)
}

/// Go's `fmtE`: `d.ddde±dd`.
fn push_e(out: &mut String, e: u8, prec: i64, d: &Decimal) {
    out.push(char::from(d.digit(0)));
    if prec > 0 {
        out.push('.');
        for i in 1..=prec {
            out.push(char::from(d.digit(i)));
        }
    }
    out.push(char::from(e));
    let exp = if d.digits.is_empty() { 0 } else { d.exp - 1 };
    out.push(if exp < 0 { '-' } else { '+' });
    if exp.abs() < 10 {
        out.push('0');
    }
    out.push_str(&exp.unsigned_abs().to_string());
}

/// Go's `fmtF`: `ddd.ddd`, without an exponent.
fn push_f(out: &mut String, prec: i64, d: &Decimal) {
    if d.exp > 0 {
        for i in 0..d.exp {
            out.push(char::from(d.digit(i)));
        }
    } else {
        out.push('0');
    }
    if prec > 0 {
        out.push('.');
        for i in 0..prec {
            out.push(char::from(d.digit(d.exp.saturating_add(i))));
        }
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigInt;
    use tofu_types::Number;

    use super::{Arg, sprintf};

    fn f(verb: &str, n: &str) -> String {
        sprintf(verb, Arg::Float(&Number::parse(n).unwrap())).unwrap()
    }

    fn d(verb: &str, n: i64) -> String {
        sprintf(verb, Arg::Int(&BigInt::from(n))).unwrap()
    }

    #[test]
    fn floats_as_go() {
        assert_eq!(f("%f", "10"), "10.000000");
        assert_eq!(f("%.1f", "1.06"), "1.1");
        assert_eq!(f("%.1f", "0.25"), "0.2");
        assert_eq!(f("%.0f", "0.5"), "0");
        assert_eq!(f("%.0f", "1.5"), "2");
        assert_eq!(f("%e", "1000"), "1.000000e+03");
        assert_eq!(f("%.3e", "123456"), "1.235e+05");
        assert_eq!(f("%g", "1000"), "1000");
        assert_eq!(f("%g", "0.00000000000000000000001"), "1e-23");
        assert_eq!(f("%G", "0.0000001"), "1E-07");
        assert_eq!(f("%.3g", "1234"), "1.23e+03");
        assert_eq!(f("%10.3g", "-0.00012345"), " -0.000123");
        assert_eq!(f("%-08.2f", "1.5"), "00001.50");
        assert_eq!(f("%+08.2e", "-1.5"), "-1.50e+00");
        assert_eq!(f("%.30f", "0.1"), "0.100000000000000000000000000000");
        assert_eq!(
            f("%f", "12345678901234567890.123456789"),
            "12345678901234567890.123457"
        );
        assert_eq!(f("%g", "1e21"), "1e+21");
        assert_eq!(f("%g", "100000"), "100000");
        assert_eq!(f("%g", "1000000"), "1e+06");
        assert_eq!(f("%f", "0"), "0.000000");
        assert_eq!(f("%e", "0"), "0.000000e+00");
        assert_eq!(f("%g", "0"), "0");
        assert_eq!(f("%.2f", "9.999"), "10.00");
        assert_eq!(f("%99999999f", "1"), "%!(NOVERB)%!(EXTRA *big.Float=1)");
    }

    #[test]
    fn ints_as_go() {
        assert_eq!(d("%d", 10), "10");
        assert_eq!(d("%+d", 10), "+10");
        assert_eq!(d("% d", 10), " 10");
        assert_eq!(d("%5d", 10), "   10");
        assert_eq!(d("%-5d", 10), "10   ");
        assert_eq!(d("%-08d", 15), "15      ");
        assert_eq!(d("%08.3d", 15), "     015");
        assert_eq!(d("%.d", 0), "");
        assert_eq!(d("%#x", 255), "0xff");
        assert_eq!(d("%#o", 8), "010");
        assert_eq!(d("%#b", 5), "0b101");
        assert_eq!(d("%#X", 255), "0XFF");
        assert_eq!(d("%x", -255), "-ff");
        assert_eq!(d("%06d", -15), "-00015");
        assert_eq!(d("%999999999d", 1), "%!(NOVERB)%!(EXTRA *big.Int=1)");
    }
}
