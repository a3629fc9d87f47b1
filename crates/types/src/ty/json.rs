//! cty's JSON type encoding (`ctyjson.MarshalType`), as OpenTofu's JSON
//! output describes types: `"string"`, `["list","number"]`,
//! `["object",{"a":"bool"},["a"]]`. Compact, attribute names in order.

use super::Type;

impl Type {
    /// This type in cty's JSON type encoding.
    pub fn json_encoding(&self) -> String {
        let mut out = String::new();
        write_type(self, &mut out);
        out
    }
}

fn write_type(ty: &Type, out: &mut String) {
    match ty {
        Type::String => out.push_str("\"string\""),
        Type::Number => out.push_str("\"number\""),
        Type::Bool => out.push_str("\"bool\""),
        Type::Dynamic => out.push_str("\"dynamic\""),
        // cty's JSON type encoding has no capsule types; nothing with one
        // reaches a schema or a plan.
        Type::TypeCapsule => out.push_str("\"type\""),
        Type::List(element) => collection("list", element, out),
        Type::Set(element) => collection("set", element, out),
        Type::Map(element) => collection("map", element, out),
        Type::Tuple(elements) => {
            out.push_str("[\"tuple\",[");
            for (i, element) in elements.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(element, out);
            }
            out.push_str("]]");
        }
        Type::Object(object) => {
            out.push_str("[\"object\",{");
            for (i, (name, ty)) in object.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(name, out);
                out.push(':');
                write_type(ty, out);
            }
            out.push('}');
            if !object.optional().is_empty() {
                out.push_str(",[");
                for (i, name) in object.optional().iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(name, out);
                }
                out.push(']');
            }
            out.push(']');
        }
    }
}

fn collection(kind: &str, element: &Type, out: &mut String) {
    out.push_str("[\"");
    out.push_str(kind);
    out.push_str("\",");
    write_type(element, out);
    out.push(']');
}

/// A JSON string: quotes, backslashes and control characters escaped.
fn write_string(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use crate::Type;

    #[test]
    fn encodings() {
        let object = Type::object_with_optional(
            BTreeMap::from([
                ("b\"q".to_owned(), Type::Bool),
                ("a".to_owned(), Type::list(Type::Number)),
            ]),
            BTreeSet::from(["a".to_owned()]),
        );
        let cases = [
            (Type::String, r#""string""#),
            (Type::Dynamic, r#""dynamic""#),
            (
                Type::map(Type::set(Type::String)),
                r#"["map",["set","string"]]"#,
            ),
            (
                Type::Tuple(vec![Type::Number, Type::Bool].into()),
                r#"["tuple",["number","bool"]]"#,
            ),
            (
                object,
                r#"["object",{"a":["list","number"],"b\"q":"bool"},["a"]]"#,
            ),
        ];
        for (ty, encoding) in cases {
            assert_eq!(ty.json_encoding(), encoding);
        }
    }
}
