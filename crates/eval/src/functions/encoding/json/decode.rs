//! `jsondecode`: cty's `json.ImpliedType` followed by `json.Unmarshal`
//! with that type, done in one pass over Go's token stream. Objects become
//! objects, arrays tuples, numbers are parsed at 512 bits from their text.

use std::collections::BTreeMap;

use tofu_types::{Number, Type, Value};

use super::tokens::{Token, Tokens};

/// Deepest nesting decoded here (Go allows 10,000 levels); values nested
/// deeper could not be dropped or compared without overflowing the stack.
pub(in super::super) const MAX_VALUE_DEPTH: usize = 500;

enum Frame {
    /// Nested past [`MAX_VALUE_DEPTH`]: the document fails anyway, so only
    /// its syntax is still checked (Go reports syntax errors first).
    Skipped,
    Tuple(Vec<Value>),
    Object {
        attrs: BTreeMap<String, Value>,
        key: Option<String>,
    },
}

#[derive(Default)]
struct Decoder {
    stack: Vec<Frame>,
    /// The first error of cty's unmarshal step (a number it cannot
    /// parse), which runs only once the whole document has passed the
    /// type step.
    deferred: Option<String>,
    too_deep: bool,
}

impl Decoder {
    /// Adds a finished value to the enclosing frame; returns it when it
    /// is the whole document.
    fn complete(&mut self, value: Value) -> Result<Option<Value>, String> {
        match self.stack.last_mut() {
            None => Ok(Some(value)),
            Some(Frame::Skipped) => Ok(None),
            Some(Frame::Tuple(elements)) => {
                elements.push(value);
                Ok(None)
            }
            Some(Frame::Object { attrs, key }) => {
                let key = key.take().unwrap_or_default();
                if let Some(existing) = attrs.get(&key)
                    && existing.ty() != value.ty()
                {
                    return Err(format!(
                        "duplicate {} property in JSON object",
                        tofu_syntax::quote::go_quote(&key)
                    ));
                }
                attrs.insert(key, value);
                Ok(None)
            }
        }
    }

    fn number(&mut self, text: &str) -> Value {
        match Number::parse(text) {
            Ok(n) => Value::number(n),
            Err(e) => {
                self.deferred.get_or_insert_with(|| e.to_string());
                Value::unknown(Type::Number)
            }
        }
    }
}

pub(in super::super) fn too_deep() -> String {
    format!("the document is nested more than {MAX_VALUE_DEPTH} levels deep")
}

/// Decodes a JSON document as `jsondecode` does.
pub(super) fn decode(text: &str) -> Result<Value, String> {
    let mut tokens = Tokens::new(text);
    let mut d = Decoder::default();
    let value = loop {
        let token = tokens.next()?;
        let done = match token {
            Token::ArrayStart | Token::ObjectStart => {
                d.too_deep |= d.stack.len() >= MAX_VALUE_DEPTH;
                d.stack.push(if d.too_deep {
                    Frame::Skipped
                } else if token == Token::ArrayStart {
                    Frame::Tuple(Vec::new())
                } else {
                    Frame::Object {
                        attrs: BTreeMap::new(),
                        key: None,
                    }
                });
                None
            }
            Token::ArrayEnd | Token::ObjectEnd => {
                let value = match d.stack.pop() {
                    Some(Frame::Skipped) => Value::dynamic(),
                    Some(Frame::Tuple(elements)) => Value::tuple(elements),
                    Some(Frame::Object { attrs, .. }) => Value::object(attrs),
                    None => return Err("EOF".to_owned()),
                };
                d.complete(value)?
            }
            Token::String(s) => {
                if let Some(Frame::Object {
                    key: key @ None, ..
                }) = d.stack.last_mut()
                {
                    *key = Some(s);
                    None
                } else {
                    d.complete(Value::string(s))?
                }
            }
            Token::Number(text) => {
                let n = d.number(text);
                d.complete(n)?
            }
            Token::Bool(b) => d.complete(Value::bool(b))?,
            Token::Null => d.complete(Value::null(Type::Dynamic))?,
        };
        if let Some(value) = done {
            break value;
        }
    };
    if tokens.more() {
        return Err("extraneous data after JSON object".to_owned());
    }
    if d.too_deep {
        return Err(too_deep());
    }
    match d.deferred {
        Some(message) => Err(message),
        None => Ok(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_implied_types() {
        let v = decode(r#"{"a": [1, "x", true, null], "b": {}}"#).unwrap();
        assert_eq!(
            v,
            Value::object([
                (
                    "a",
                    Value::tuple(vec![
                        Value::parse_number("1").unwrap(),
                        Value::string("x"),
                        Value::bool(true),
                        Value::null(Type::Dynamic),
                    ])
                ),
                ("b", Value::empty_object()),
            ])
        );
    }

    #[test]
    fn go_stream_quirks() {
        assert_eq!(decode("1]").unwrap(), Value::parse_number("1").unwrap());
        assert_eq!(decode("{}}").unwrap(), Value::empty_object());
        assert_eq!(decode("").unwrap_err(), "EOF");
        assert_eq!(decode("[1,").unwrap_err(), "EOF");
        assert_eq!(
            decode("1 2").unwrap_err(),
            "extraneous data after JSON object"
        );
        assert_eq!(
            decode(r#"{"a":1,"a":"x"}"#).unwrap_err(),
            "duplicate \"a\" property in JSON object"
        );
        assert_eq!(
            decode(r#"{"a":1,"a":2}"#).unwrap(),
            Value::object([("a", Value::parse_number("2").unwrap())])
        );
    }

    #[test]
    fn depth_limit() {
        let deep = "[".repeat(MAX_VALUE_DEPTH) + &"]".repeat(MAX_VALUE_DEPTH);
        let value = decode(&deep).unwrap();
        assert_eq!(value.clone(), value);
        let deeper = "[".repeat(MAX_VALUE_DEPTH + 1) + &"]".repeat(MAX_VALUE_DEPTH + 1);
        assert_eq!(decode(&deeper).unwrap_err(), too_deep());
        let broken = "[".repeat(20_000) + &"]".repeat(19_999) + "x";
        assert_eq!(
            decode(&broken).unwrap_err(),
            "invalid character 'x' after array element"
        );
    }
}
