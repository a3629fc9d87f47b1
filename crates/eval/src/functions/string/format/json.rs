//! cty's `json.Marshal`, which `%v` uses for collections and structures
//! and `%q` for strings: Go's `encoding/json` string escaping, object keys
//! in byte order, numbers as `tostring` prints them.

use std::fmt::Write;

use tofu_types::{Type, Value};

/// The JSON text of a wholly known value, or cty's message.
pub(super) fn marshal(value: &Value, out: &mut String) -> Result<(), String> {
    if value.is_null() {
        out.push_str("null");
        return Ok(());
    }
    if !value.is_known() {
        return Err("value is not known".to_owned());
    }
    match value.ty() {
        Type::String => quote(value.as_str().unwrap_or_default(), out),
        Type::Number => {
            let n = value.as_number().ok_or("a number is required")?;
            if n.is_infinite() {
                return Err("cannot serialize infinity as JSON".to_owned());
            }
            out.push_str(&n.to_text().map_err(|e| e.to_string())?);
        }
        Type::Bool => out.push_str(if value.as_bool() == Some(true) {
            "true"
        } else {
            "false"
        }),
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
            out.push('[');
            for (i, element) in value.elements().unwrap_or_default().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                marshal(element, out)?;
            }
            out.push(']');
        }
        Type::Map(_) | Type::Object(_) => {
            out.push('{');
            for (i, (key, element)) in value.entries().into_iter().flatten().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                quote(key, out);
                out.push(':');
                marshal(element, out)?;
            }
            out.push('}');
        }
        Type::Dynamic => out.push_str("null"),
    }
    Ok(())
}

/// Go's `json.Marshal` of a string, which escapes `<`, `>` and `&` and
/// the line and paragraph separators.
pub(super) fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\0'..='\u{1f}' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            _ => out.push(c),
        }
    }
    out.push('"');
}
