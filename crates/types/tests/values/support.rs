//! Values and types written as OpenTofu literals, so that test tables read
//! like console input.
//!
//! Values: strings, numbers (parsed as literals are, at 512 bits), `true`,
//! `false`, `null`, tuples `[…]`, objects `{k = v, …}`; and calls that
//! build what literals cannot, without conversion: `tolist([…])`,
//! `toset([…])`, `tomap({…})` (elements must share a type),
//! `emptylist(T)`, `emptyset(T)`, `emptymap(T)`, `null(T)`, `unknown(T)`,
//! `unknown()` (of dynamic type), `int(n)` (64-bit precision),
//! `sensitive(v)`, `ephemeral(v)`.
//!
//! Types: type constraint syntax, with `optional(T)` attributes.

use tofu_types::{Mark, Number, Type, Value};

pub fn v(src: &str) -> Value {
    let mut p = Parser::new(src);
    let value = p.value();
    p.end();
    value
}

pub fn t(src: &str) -> Type {
    let mut p = Parser::new(src);
    let ty = p.ty();
    p.end();
    ty
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Parser<'a> {
        Parser { src, pos: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn skip_space(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.src.len() - trimmed.len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.rest().chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) {
        assert!(self.eat(c), "expected {c:?} at {:?}", self.rest());
    }

    fn end(&mut self) {
        assert!(self.peek().is_none(), "trailing input {:?}", self.rest());
    }

    fn ident(&mut self) -> &'a str {
        self.skip_space();
        let len = self
            .rest()
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(self.rest().len());
        let word = &self.rest()[..len];
        self.pos += len;
        word
    }

    fn string(&mut self) -> String {
        self.expect('"');
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        loop {
            let (i, c) = chars.next().expect("unterminated string");
            match c {
                '"' => {
                    self.pos += i + 1;
                    return out;
                }
                '\\' => {
                    let (_, e) = chars.next().expect("escape");
                    match e {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        '"' => out.push('"'),
                        '\\' => out.push('\\'),
                        'u' => {
                            let hex: String = (0..4).map(|_| chars.next().unwrap().1).collect();
                            let code = u32::from_str_radix(&hex, 16).unwrap();
                            out.push(char::from_u32(code).unwrap());
                        }
                        _ => panic!("unknown escape \\{e}"),
                    }
                }
                _ => out.push(c),
            }
        }
    }

    /// Comma-separated items up to `close`, with an optional trailing comma.
    fn items<T>(&mut self, close: char, mut item: impl FnMut(&mut Self) -> T) -> Vec<T> {
        let mut out = Vec::new();
        while !self.eat(close) {
            out.push(item(self));
            if !self.eat(',') {
                self.expect(close);
                break;
            }
        }
        out
    }

    fn value(&mut self) -> Value {
        match self.peek().expect("a value") {
            '"' => Value::string(self.string()),
            '[' => {
                self.pos += 1;
                Value::tuple(self.items(']', Parser::value))
            }
            '{' => {
                self.pos += 1;
                Value::object(self.entries())
            }
            c if c == '-' || c.is_ascii_digit() => {
                let len = self
                    .rest()
                    .find(|c: char| !(c.is_ascii_alphanumeric() || "+-.".contains(c)))
                    .unwrap_or(self.rest().len());
                let text = &self.rest()[..len];
                self.pos += len;
                Value::parse_number(text).expect("number")
            }
            _ => self.call(),
        }
    }

    fn entries(&mut self) -> Vec<(String, Value)> {
        self.items('}', |p| {
            let key = if p.peek() == Some('"') {
                p.string()
            } else {
                p.ident().to_owned()
            };
            if !p.eat('=') {
                p.expect(':');
            }
            (key, p.value())
        })
    }

    fn call(&mut self) -> Value {
        let name = self.ident();
        match name {
            "true" => return Value::bool(true),
            "false" => return Value::bool(false),
            "null" if self.peek() != Some('(') => return Value::null(Type::Dynamic),
            _ => {}
        }
        self.expect('(');
        let value = match name {
            "tolist" | "toset" => {
                self.expect('[');
                let elements = self.items(']', Parser::value);
                match (name, elements.is_empty()) {
                    ("tolist", true) => Value::list_empty(Type::Dynamic),
                    ("tolist", false) => Value::list(elements),
                    (_, true) => Value::set_empty(Type::Dynamic),
                    (_, false) => Value::set(elements),
                }
            }
            "tomap" => {
                self.expect('{');
                let entries = self.entries();
                if entries.is_empty() {
                    Value::map_empty(Type::Dynamic)
                } else {
                    Value::map(entries)
                }
            }
            "emptylist" => Value::list_empty(self.ty()),
            "emptyset" => Value::set_empty(self.ty()),
            "emptymap" => Value::map_empty(self.ty()),
            "null" => Value::null(self.ty()),
            "unknown" if self.peek() == Some(')') => Value::dynamic(),
            "unknown" => Value::unknown(self.ty()),
            "int" => {
                let text = self.ident();
                Value::number(Number::from_i64(text.parse().expect("int")))
            }
            "sensitive" => self.value().mark(Mark::Sensitive),
            "ephemeral" => self.value().mark(Mark::Ephemeral),
            _ => panic!("unknown function {name}"),
        };
        self.expect(')');
        value
    }

    fn ty(&mut self) -> Type {
        let name = self.ident();
        match name {
            "string" => return Type::String,
            "number" => return Type::Number,
            "bool" => return Type::Bool,
            "any" => return Type::Dynamic,
            _ => {}
        }
        self.expect('(');
        let ty = match name {
            "list" => Type::list(self.ty()),
            "set" => Type::set(self.ty()),
            "map" => Type::map(self.ty()),
            "tuple" => {
                self.expect('[');
                Type::tuple(self.items(']', Parser::ty))
            }
            "object" => {
                self.expect('{');
                let mut optional = Vec::new();
                let attrs = self.items('}', |p| {
                    let key = if p.peek() == Some('"') {
                        p.string()
                    } else {
                        p.ident().to_owned()
                    };
                    p.expect('=');
                    let save = p.pos;
                    let ty = if p.ident() == "optional" {
                        p.expect('(');
                        let ty = p.ty();
                        p.expect(')');
                        optional.push(key.clone());
                        ty
                    } else {
                        p.pos = save;
                        p.ty()
                    };
                    (key, ty)
                });
                Type::object_with_optional(attrs, optional)
            }
            _ => panic!("unknown type constructor {name}"),
        };
        self.expect(')');
        ty
    }
}
