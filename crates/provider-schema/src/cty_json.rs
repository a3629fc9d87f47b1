//! cty's JSON type encoding read back: `cty.Type.UnmarshalJSON`, the inverse
//! of `Type::json_encoding` in tofu-types. `"string"`, `["list","number"]`,
//! `["tuple",["bool"]]`, `["object",{"a":"bool"},["a"]]`.
//!
//! It lives here rather than in tofu-types because the value model takes no
//! JSON reader (its encoder writes text by hand); provider schemas are what
//! needs the decoder. Messages are cty's where cty has one; where cty hands
//! the case to `encoding/json` (a missing element type, attribute names that
//! are not strings) they say what is wrong in cty's style.

use std::collections::BTreeMap;

use serde_json::Value;
use tofu_types::Type;
use tofu_types::render::go_quote;

/// The type `encoding` describes, or why it describes none.
pub fn type_from_json(encoding: &Value) -> Result<Type, String> {
    match encoding {
        Value::String(name) => primitive(name),
        Value::Array(items) => complex(items),
        _ => Err("invalid type description".to_owned()),
    }
}

/// [`type_from_json`] of a JSON text.
pub fn type_from_json_text(text: &str) -> Result<Type, String> {
    let encoding: Value = serde_json::from_str(text).map_err(|error| error.to_string())?;
    type_from_json(&encoding)
}

fn primitive(name: &str) -> Result<Type, String> {
    match name {
        "bool" => Ok(Type::Bool),
        "number" => Ok(Type::Number),
        "string" => Ok(Type::String),
        "dynamic" => Ok(Type::Dynamic),
        _ => Err(format!("invalid primitive type name {}", go_quote(name))),
    }
}

/// `[kind, description...]`.
fn complex(items: &[Value]) -> Result<Type, String> {
    let Some(Value::String(kind)) = items.first() else {
        return Err("invalid complex type kind name".to_owned());
    };
    let arguments = &items[1..];
    let (ty, used) = match kind.as_str() {
        "list" => (Type::list(element(kind, arguments)?), 1),
        "map" => (Type::map(element(kind, arguments)?), 1),
        "set" => (Type::set(element(kind, arguments)?), 1),
        "tuple" => (tuple(arguments)?, 1),
        "object" => object(arguments)?,
        _ => return Err("invalid complex type kind name".to_owned()),
    };
    if arguments.len() > used {
        return Err("unexpected extra data in type description".to_owned());
    }
    Ok(ty)
}

fn element(kind: &str, arguments: &[Value]) -> Result<Type, String> {
    match arguments.first() {
        Some(element) => type_from_json(element),
        None => Err(format!("missing element type of {kind} type")),
    }
}

/// `["tuple", [types]]`; `null` for the types is the empty tuple, as
/// `encoding/json` decodes `null` into a nil slice.
fn tuple(arguments: &[Value]) -> Result<Type, String> {
    match arguments.first() {
        Some(Value::Array(elements)) => elements
            .iter()
            .map(type_from_json)
            .collect::<Result<Vec<_>, _>>()
            .map(Type::tuple),
        Some(Value::Null) => Ok(Type::empty_tuple()),
        Some(_) => Err("tuple element types must be an array".to_owned()),
        None => Err("missing element types of tuple type".to_owned()),
    }
}

/// `["object", {name: type}]` or `["object", {name: type}, [optional
/// names]]`, with how many arguments it used. `null` for either part is
/// empty, as `encoding/json` decodes `null` into a nil map or slice.
fn object(arguments: &[Value]) -> Result<(Type, usize), String> {
    let attributes = match arguments.first() {
        Some(Value::Object(attributes)) => attributes
            .iter()
            .map(|(name, ty)| Ok((name.as_str(), type_from_json(ty)?)))
            .collect::<Result<BTreeMap<_, _>, String>>()?,
        Some(Value::Null) => BTreeMap::new(),
        Some(_) => return Err("object attribute types must be an object".to_owned()),
        None => return Err("missing attribute types of object type".to_owned()),
    };
    let Some(optional) = arguments.get(1) else {
        return Ok((Type::object(attributes), 1));
    };
    let optional: Vec<&str> = match optional {
        Value::Array(names) => names
            .iter()
            .map(|name| {
                name.as_str()
                    .ok_or_else(|| "optional attribute names must be strings".to_owned())
            })
            .collect::<Result<_, _>>()?,
        Value::Null => Vec::new(),
        _ => return Err("optional attribute names must be an array".to_owned()),
    };
    let plain = Type::object(attributes.iter().map(|(name, ty)| (*name, ty.clone())));
    // cty.ObjectWithOptionalAttrs panics on a name that is not an attribute;
    // from a file that is an error.
    for name in &optional {
        let normalized = normalized_attribute_name(name);
        if plain.attribute_type(&normalized).is_none() {
            return Err(format!(
                "optional contains undeclared attribute {}",
                go_quote(&normalized)
            ));
        }
    }
    Ok((Type::object_with_optional(attributes, optional), 2))
}

/// `name` as cty compares attribute names: NFC-normalised. The object
/// constructor of tofu-types is the one place that normalises, so ask it.
fn normalized_attribute_name(name: &str) -> String {
    let probe = Type::object([(name, Type::Dynamic)]);
    probe
        .attribute_types()
        .and_then(|attributes| attributes.keys().next().cloned())
        .unwrap_or_else(|| name.to_owned())
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use expect_test::expect;
    use tofu_types::Type;

    use super::type_from_json_text;

    /// Every encoding reads back as the type that wrote it.
    #[test]
    fn round_trips_with_json_encoding() {
        let object = Type::object_with_optional(
            BTreeMap::from([
                ("b\"q".to_owned(), Type::Bool),
                ("a".to_owned(), Type::list(Type::Number)),
                ("d".to_owned(), Type::Dynamic),
            ]),
            BTreeSet::from(["a".to_owned(), "d".to_owned()]),
        );
        let types = [
            Type::String,
            Type::Number,
            Type::Bool,
            Type::Dynamic,
            Type::list(Type::String),
            Type::set(Type::map(Type::Number)),
            Type::map(Type::set(Type::Dynamic)),
            Type::empty_tuple(),
            Type::tuple([Type::Number, Type::Bool, Type::list(Type::Dynamic)]),
            Type::empty_object(),
            Type::object([("x", Type::String), ("\u{1}\n", Type::Bool)]),
            object.clone(),
            Type::list(Type::object([("inner", object)])),
        ];
        for ty in types {
            let encoding = ty.json_encoding();
            assert_eq!(type_from_json_text(&encoding), Ok(ty), "{encoding}");
        }
    }

    /// Encodings cty reads that `json_encoding` never writes.
    #[test]
    fn lenient_encodings() {
        let cases = [
            // Whitespace, and `null` where encoding/json makes nil maps and
            // slices.
            (r#" [ "list" , "string" ] "#, Type::list(Type::String)),
            (r#"["tuple",null]"#, Type::empty_tuple()),
            (r#"["object",null]"#, Type::empty_object()),
            (
                r#"["object",{"a":"bool"},null]"#,
                Type::object([("a", Type::Bool)]),
            ),
            (
                r#"["object",{"a":"bool"},[]]"#,
                Type::object([("a", Type::Bool)]),
            ),
            // Attribute names are NFC-normalised, optional names too.
            (
                r#"["object",{"e\u0301":"bool"},["e\u0301"]]"#,
                Type::object_with_optional([("\u{e9}", Type::Bool)], ["\u{e9}"]),
            ),
        ];
        for (text, ty) in cases {
            assert_eq!(type_from_json_text(text), Ok(ty), "{text}");
        }
    }

    #[test]
    fn invalid_encodings() {
        let texts = [
            r#""strin""#,
            r#""String""#,
            "null",
            "1",
            "{}",
            "[]",
            "[1]",
            r#"["list"]"#,
            r#"["list","string","string"]"#,
            r#"["list",null]"#,
            r#"["array","string"]"#,
            r#"["tuple"]"#,
            r#"["tuple",{}]"#,
            r#"["tuple",["number","nope"]]"#,
            r#"["object"]"#,
            r#"["object",[]]"#,
            r#"["object",{"a":["map"]}]"#,
            r#"["object",{"a":"bool"},["b"]]"#,
            r#"["object",{"a":"bool"},"a"]"#,
            r#"["object",{"a":"bool"},[1]]"#,
            r#"["object",{"a":"bool"},["a"],[]]"#,
            r#"["list","string""#,
        ];
        let rendered: String = texts
            .iter()
            .map(|text| match type_from_json_text(text) {
                Ok(ty) => format!("{text}\n    read as {}\n", ty.json_encoding()),
                Err(message) => format!("{text}\n    {message}\n"),
            })
            .collect();
        expect![[r#"
            "strin"
                invalid primitive type name "strin"
            "String"
                invalid primitive type name "String"
            null
                invalid type description
            1
                invalid type description
            {}
                invalid type description
            []
                invalid complex type kind name
            [1]
                invalid complex type kind name
            ["list"]
                missing element type of list type
            ["list","string","string"]
                unexpected extra data in type description
            ["list",null]
                invalid type description
            ["array","string"]
                invalid complex type kind name
            ["tuple"]
                missing element types of tuple type
            ["tuple",{}]
                tuple element types must be an array
            ["tuple",["number","nope"]]
                invalid primitive type name "nope"
            ["object"]
                missing attribute types of object type
            ["object",[]]
                object attribute types must be an object
            ["object",{"a":["map"]}]
                missing element type of map type
            ["object",{"a":"bool"},["b"]]
                optional contains undeclared attribute "b"
            ["object",{"a":"bool"},"a"]
                optional attribute names must be an array
            ["object",{"a":"bool"},[1]]
                optional attribute names must be strings
            ["object",{"a":"bool"},["a"],[]]
                unexpected extra data in type description
            ["list","string"
                EOF while parsing a list at line 1 column 16
        "#]]
        .assert_eq(&rendered);
    }
}
