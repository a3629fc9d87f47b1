// Go port of `json.Marshal`'s string escaping (HTML-safe, U+2028/9): serde_json escapes differently.
//! `jsonencode`: cty's `json.Marshal` of a wholly known value, with Go's
//! string escaping (HTML-safe) and cty's number text.

use tofu_types::{Type, Value};

use super::super::MAX_RESULT_BYTES;

/// Appends `s` quoted as Go's `json.Marshal` quotes strings, escaping
/// `<`, `>`, `&`, U+2028 and U+2029 as well.
pub(in crate::functions) fn quote_into(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0}'..='\u{1f}' | '<' | '>' | '&' => {
                let b = c as u8;
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Serialises a wholly known, unmarked value.
pub(in crate::functions) fn encode(value: &Value) -> Result<String, String> {
    let mut out = String::new();
    write(&mut out, value)?;
    Ok(out)
}

fn write(out: &mut String, value: &Value) -> Result<(), String> {
    if out.len() > MAX_RESULT_BYTES {
        return Err(format!(
            "the result would be larger than {} MiB",
            MAX_RESULT_BYTES >> 20
        ));
    }
    if value.is_null() {
        out.push_str("null");
        return Ok(());
    }
    if !value.is_known() {
        return Err("value is not known".to_owned());
    }
    match value.ty() {
        Type::String => quote_into(out, value.as_str().unwrap_or_default()),
        Type::Number => {
            let n = value.as_number().ok_or("value is not known")?;
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
                write(out, element)?;
            }
            out.push(']');
        }
        Type::Map(_) | Type::Object(_) => {
            out.push('{');
            if let Some(entries) = value.entries() {
                for (i, (key, element)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    quote_into(out, key);
                    out.push(':');
                    write(out, element)?;
                }
            }
            out.push('}');
        }
        Type::Dynamic => return Err("value is not known".to_owned()),
        // cty marshals a capsule's Go value; a `cty.Type` marshals itself
        // in cty's JSON type encoding.
        Type::TypeCapsule => match value.as_type() {
            Some(ty) => out.push_str(&ty.json_encoding()),
            None => return Err("value is not known".to_owned()),
        },
    }
    Ok(())
}
