//! Values as `tofu console` prints them (OpenTofu's `repl.FormatValue`).
//!
//! The layout resembles the language: tuples `[…]` and objects `{…}` one
//! element per line, other collections wrapped in the function that
//! makes them (`tolist([…])`, `toset`, `tomap`), typed nulls as
//! conversions of `null`, strings Go-quoted or, with a newline, as
//! heredocs. An unknown prints as `(known after apply)` before any mark is
//! looked at; a marked value prints as its mark.

use crate::value::{Mark, Value};
use crate::{Number, Type};

/// The console's rendering of a value.
pub fn render(value: &Value) -> String {
    let mut out = String::new();
    format_value(value, 0, false, &mut out);
    out
}

/// The console layout with unknowns and marks spelled out, for `Debug`.
pub(crate) fn debug(value: &Value) -> String {
    let mut out = String::new();
    format_value(value, 0, true, &mut out);
    out
}

fn format_value(v: &Value, indent: usize, debug: bool, out: &mut String) {
    if debug {
        let marks: Vec<&str> = v
            .marks()
            .iter()
            .map(|m| match m {
                Mark::Sensitive => "sensitive",
                Mark::Ephemeral => "ephemeral",
                Mark::TypeFunction => "type_function",
            })
            .collect();
        if !marks.is_empty() {
            let (inner, _) = v.unmark();
            out.push_str(&marks.join("("));
            out.push('(');
            format_value(&inner, indent, debug, out);
            out.push_str(&")".repeat(marks.len()));
            return;
        }
        if !v.is_known() {
            out.push_str(&format!("unknown({})", v.ty()));
            return;
        }
    } else {
        if !v.is_known() {
            out.push_str("(known after apply)");
            return;
        }
        if v.has_mark(Mark::Sensitive) {
            out.push_str("(sensitive value)");
            return;
        }
        if v.has_mark(Mark::Ephemeral) {
            out.push_str("(ephemeral value)");
            return;
        }
    }
    if v.is_null() {
        out.push_str(&format_null(v.ty()));
        return;
    }
    match v.ty() {
        Type::String => format_string(v.as_str().unwrap_or_default(), indent, out),
        Type::Number => out.push_str(&v.as_number().map(Number::to_string).unwrap_or_default()),
        Type::Bool => out.push_str(if v.as_bool() == Some(true) {
            "true"
        } else {
            "false"
        }),
        Type::Object(_) => format_mapping(v, indent, debug, out),
        Type::Tuple(_) => format_sequence(v, indent, debug, out),
        Type::List(_) => wrapped("tolist", v, indent, debug, out, format_sequence),
        Type::Set(_) => wrapped("toset", v, indent, debug, out, format_sequence),
        Type::Map(_) => wrapped("tomap", v, indent, debug, out, format_mapping),
        // Only unknowns and nulls have the dynamic type.
        Type::Dynamic => out.push_str("null"),
        Type::TypeCapsule => {
            out.push_str(&v.as_type().map(Type::console_string).unwrap_or_default())
        }
    }
}

type Layout = fn(&Value, usize, bool, &mut String);

fn wrapped(func: &str, v: &Value, indent: usize, debug: bool, out: &mut String, inner: Layout) {
    out.push_str(func);
    out.push('(');
    inner(v, indent, debug, out);
    out.push(')');
}

fn format_null(ty: &Type) -> String {
    match ty {
        Type::Dynamic => "null".into(),
        Type::String => "tostring(null)".into(),
        Type::Number => "tonumber(null)".into(),
        Type::Bool => "tobool(null)".into(),
        Type::List(e) => format!("tolist(null) /* of {} */", e.friendly_name()),
        Type::Set(e) => format!("toset(null) /* of {} */", e.friendly_name()),
        Type::Map(e) => format!("tomap(null) /* of {} */", e.friendly_name()),
        Type::Object(_) | Type::Tuple(_) | Type::TypeCapsule => {
            format!("null /* {} */", ty.friendly_name())
        }
    }
}

fn push_indent(out: &mut String, indent: usize) {
    out.extend(std::iter::repeat_n(' ', indent));
}

/// Quoted, or a heredoc when there is a newline: `<<-` when nested, each
/// line indented, delimited by `EOT` with `_` added until no line is it.
fn format_string(s: &str, indent: usize, out: &mut String) {
    if !s.contains('\n') {
        out.push_str(&go_quote(s));
        return;
    }
    let lines: Vec<&str> = s.split('\n').collect();
    let mut delimiter = String::from("EOT");
    while lines.iter().any(|l| l.trim_matches(go_space) == delimiter) {
        delimiter.push('_');
    }
    out.push_str(if indent > 0 { "<<-" } else { "<<" });
    out.push_str(&delimiter);
    for line in lines {
        out.push('\n');
        push_indent(out, indent);
        out.push_str(line);
    }
    out.push('\n');
    push_indent(out, indent);
    out.push_str(&delimiter);
}

/// Go's `unicode.IsSpace`, which `strings.TrimSpace` trims.
fn go_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{85}' | '\u{a0}'
    ) || (c > '\u{ff}' && c.is_whitespace())
}

fn format_mapping(v: &Value, indent: usize, debug: bool, out: &mut String) {
    out.push('{');
    let entries = v.entries().map(|e| e.iter()).into_iter().flatten();
    let mut any = false;
    for (key, element) in entries {
        any = true;
        out.push('\n');
        push_indent(out, indent + 2);
        format_string(key, indent + 2, out);
        out.push_str(" = ");
        format_value(element, indent + 2, debug, out);
    }
    if any {
        out.push('\n');
        push_indent(out, indent);
    }
    out.push('}');
}

fn format_sequence(v: &Value, indent: usize, debug: bool, out: &mut String) {
    out.push('[');
    let elements = v.elements().unwrap_or_default();
    for element in elements {
        out.push('\n');
        push_indent(out, indent + 2);
        format_value(element, indent + 2, debug, out);
        out.push(',');
    }
    if !elements.is_empty() {
        out.push('\n');
        push_indent(out, indent);
    }
    out.push(']');
}

/// Go's `strconv.Quote`, which `tofu console` and cty's messages use.
pub use tofu_syntax::quote::go_quote;
