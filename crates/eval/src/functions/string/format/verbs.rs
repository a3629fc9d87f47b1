//! cty's `formatFSM` and `formatAppend`: the scanner of format strings and
//! what each verb makes of its argument.

use num_bigint::BigInt;
use tofu_types::convert::convert;
use tofu_types::render::go_quote;
use tofu_types::{Type, Value};
use unicode_segmentation::UnicodeSegmentation;

use super::gofmt::{self, Arg};
use crate::functions::FunctionError;
use crate::functions::encoding::{json_encode, json_quote};
use crate::functions::string::{MAX_STRING_BYTES, too_long};

/// Integers past this many bits (about a million digits) are not
/// printed.
const MAX_INTEGER_BITS: u64 = 3_400_000;

/// One verb, as cty's scanner records it.
struct Verb<'a> {
    raw: &'a str,
    offset: usize,
    arg_num: i64,
    mode: char,
    zero: bool,
    sharp: bool,
    minus: bool,
    /// Go ints, which wrap on overflow; -1 when absent.
    width: i64,
    prec: i64,
}

/// cty's `formatFSM`: the formatted string, or the first error.
pub(super) fn format(format: &str, args: &[Value]) -> Result<String, FunctionError> {
    let b = format.as_bytes();
    let mut out = String::new();
    let mut p = 0;
    let mut next_arg: i64 = 1;
    let mut highest: i64 = 0;
    while p < b.len() {
        if b[p] != b'%' {
            let end = b[p..]
                .iter()
                .position(|&c| c == b'%')
                .map_or(b.len(), |i| p + i);
            out.push_str(&format[p..end]);
            p = end;
            continue;
        }
        if b.get(p + 1) == Some(&b'%') {
            out.push('%');
            p += 2;
            continue;
        }
        let start = p;
        p += 1;
        let (mut zero, mut sharp, mut minus) = (false, false, false);
        while let Some(&c) = b.get(p) {
            match c {
                b'0' => zero = true,
                b'#' => sharp = true,
                b'-' => minus = true,
                b'+' | b' ' => {}
                _ => break,
            }
            p += 1;
        }
        let mut width = -1;
        if matches!(b.get(p), Some(b'1'..=b'9')) {
            (width, p) = digits(b, p);
        }
        let mut prec = -1;
        if b.get(p) == Some(&b'.') {
            (prec, p) = digits(b, p + 1);
        }
        let mut arg_num = next_arg;
        if b.get(p) == Some(&b'[') {
            p += 1;
            if !matches!(b.get(p), Some(b'1'..=b'9')) {
                return Err(unexpected(format, p));
            }
            (arg_num, p) = digits(b, p);
            if b.get(p) != Some(&b']') {
                return Err(unexpected(format, p));
            }
            p += 1;
        }
        match b.get(p) {
            Some(c) if c.is_ascii_alphabetic() => {}
            _ => return Err(unexpected(format, p)),
        }
        let verb = Verb {
            raw: &format[start..=p],
            offset: start,
            arg_num,
            mode: char::from(b[p]),
            zero,
            sharp,
            minus,
            width,
            prec,
        };
        p += 1;
        highest = highest.max(arg_num);
        append(&verb, &mut out, args)?;
        if out.len() > MAX_STRING_BYTES {
            return Err(too_long());
        }
        next_arg = arg_num.wrapping_add(1);
    }
    if highest < args.len() as i64 {
        let first_unused = usize::try_from(highest).unwrap_or(0) + 1;
        let message = if highest == 0 {
            "too many arguments; no verbs in format string".to_owned()
        } else {
            format!("too many arguments; only {highest} used by format string")
        };
        return Err(FunctionError::arg(first_unused, message));
    }
    Ok(out)
}

/// Decimal digits as a Go `int` accumulates them, wrapping.
fn digits(b: &[u8], start: usize) -> (i64, usize) {
    let mut n: i64 = 0;
    let mut p = start;
    while let Some(&c) = b.get(p).filter(|c| c.is_ascii_digit()) {
        n = n.wrapping_mul(10).wrapping_add(i64::from(c - b'0'));
        p += 1;
    }
    (n, p)
}

/// The scanner's errors: a character it cannot take, or the end of the
/// string inside a verb.
fn unexpected(format: &str, p: usize) -> FunctionError {
    match format[p..].chars().next() {
        Some(c) => FunctionError::call(format!(
            "unrecognized format character {} at offset {p}",
            quote_rune(c)
        )),
        None => FunctionError::call(format!("invalid format string starting at offset {p}")),
    }
}

/// Go's `%q` of a rune: single-quoted, escaped as `strconv.QuoteRune`.
fn quote_rune(c: char) -> String {
    let quoted = go_quote(c.encode_utf8(&mut [0; 4]));
    let inner = &quoted[1..quoted.len() - 1];
    match c {
        '"' => "'\"'".to_owned(),
        '\'' => "'\\''".to_owned(),
        _ => format!("'{inner}'"),
    }
}

/// cty's `formatAppend`.
fn append(verb: &Verb<'_>, out: &mut String, args: &[Value]) -> Result<(), FunctionError> {
    let Some(arg) = usize::try_from(verb.arg_num.wrapping_sub(1))
        .ok()
        .and_then(|i| args.get(i))
    else {
        return Err(FunctionError::call(format!(
            "not enough arguments for {} at {}: need index {} but have {} total",
            go_quote(verb.raw),
            verb.offset,
            verb.arg_num,
            args.len()
        )));
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(unsupported(verb, "null value cannot be formatted"));
    }
    match verb.mode {
        'v' => append_as_is(verb, out, arg),
        't' => {
            let value = convert(arg, &Type::Bool).map_err(|e| unsupported(verb, &e.message))?;
            out.push_str(if value.as_bool() == Some(true) {
                "true"
            } else {
                "false"
            });
            Ok(())
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => append_number(verb, out, arg),
        's' | 'q' => append_string(verb, out, arg),
        mode => Err(FunctionError::call(format!(
            "unsupported format verb {} in {} at offset {}",
            quote_rune(mode),
            go_quote(verb.raw),
            verb.offset
        ))),
    }
}

fn unsupported(verb: &Verb<'_>, message: &str) -> FunctionError {
    FunctionError::call(format!(
        "unsupported value for {} at {}: {message}",
        go_quote(verb.raw),
        verb.offset
    ))
}

/// `%v`: strings as they are, numbers as Go's `%g`, the rest as JSON;
/// `%#v` always JSON.
fn append_as_is(verb: &Verb<'_>, out: &mut String, arg: &Value) -> Result<(), FunctionError> {
    let mut text = String::new();
    match (verb.sharp || arg.is_null(), arg.ty()) {
        (false, Type::String) => text.push_str(arg.as_str().unwrap_or_default()),
        (false, Type::Number) => {
            let n = arg
                .as_number()
                .ok_or_else(|| unsupported(verb, "a number is required"))?;
            text = gofmt::shortest_g(n).map_err(|e| unsupported(verb, &e.to_string()))?;
        }
        _ => text.push_str(&json_encode(arg).map_err(|e| unsupported(verb, &e))?),
    }
    pad(verb, out, &text)
}

fn append_number(verb: &Verb<'_>, out: &mut String, arg: &Value) -> Result<(), FunctionError> {
    let value = convert(arg, &Type::Number).map_err(|e| unsupported(verb, &e.message))?;
    let Some(n) = value.as_number() else {
        return Err(unsupported(verb, "a number is required"));
    };
    // The index is not Go's business: cty formats one value at a time.
    let go_verb = strip_index(verb.raw);
    let text = if matches!(verb.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
        let int: BigInt = match n.to_big_int(MAX_INTEGER_BITS) {
            Some(i) => i,
            None if n.is_integer() => {
                return Err(unsupported(verb, "the number is too large to be formatted"));
            }
            None => return Err(unsupported(verb, "an integer is required")),
        };
        gofmt::sprintf(&go_verb, Arg::Int(&int))
    } else {
        gofmt::sprintf(&go_verb, Arg::Float(n))
    };
    out.push_str(&text.map_err(|e| unsupported(verb, &e.to_string()))?);
    Ok(())
}

/// cty's `formatStripIndexSegment`.
fn strip_index(raw: &str) -> String {
    match (raw.find('['), raw.find(']')) {
        (Some(start), Some(end)) => format!("{}{}", &raw[..start], &raw[end + 1..]),
        _ => raw.to_owned(),
    }
}

/// `%s` and `%q`: the precision keeps that many characters.
fn append_string(verb: &Verb<'_>, out: &mut String, arg: &Value) -> Result<(), FunctionError> {
    let value = convert(arg, &Type::String).map_err(|e| unsupported(verb, &e.message))?;
    let mut s = value.as_str().unwrap_or_default();
    if verb.prec > 0 {
        let keep = usize::try_from(verb.prec).unwrap_or(usize::MAX);
        if let Some((end, _)) = s.grapheme_indices(true).nth(keep) {
            s = &s[..end];
        }
    }
    if verb.mode == 'q' {
        let mut quoted = String::new();
        json_quote(&mut quoted, s);
        return pad(verb, out, &quoted);
    }
    pad(verb, out, s)
}

/// cty's `formatPadWidth`: to the width in characters, with spaces or
/// zeros, on the left unless `-`.
fn pad(verb: &Verb<'_>, out: &mut String, text: &str) -> Result<(), FunctionError> {
    let missing = usize::try_from(verb.width)
        .ok()
        .and_then(|w| w.checked_sub(text.graphemes(true).count()))
        .unwrap_or(0);
    if text.len().saturating_add(missing) > MAX_STRING_BYTES {
        return Err(too_long());
    }
    let fill = if verb.zero { '0' } else { ' ' };
    if verb.minus {
        out.push_str(text);
        out.extend(std::iter::repeat_n(fill, missing));
    } else {
        out.extend(std::iter::repeat_n(fill, missing));
        out.push_str(text);
    }
    Ok(())
}
