//! A tiny evaluator for OpenTofu arithmetic expressions, so test cases can
//! be written exactly as they are typed into `tofu console`.
//!
//! Supported: number literals (parsed like HCL literals), string literals
//! without escapes, parentheses, unary `-`, `* / %`, `+ -`, comparisons, and
//! the functions `abs ceil floor length log pow signum tonumber`.

use tofu_types::{Number, NumberError};

#[derive(Debug)]
pub enum Value {
    Number(Number),
    Bool(bool),
    String(String),
}

impl Value {
    pub fn render(&self) -> String {
        match self {
            Value::Number(n) => n.to_text().unwrap_or_else(|e| format!("error: {e:?}")),
            Value::Bool(b) => b.to_string(),
            Value::String(s) => format!("{s:?}"),
        }
    }
}

pub fn eval(source: &str) -> Result<Value, NumberError> {
    let tokens = tokenize(source);
    let mut parser = Parser { tokens, pos: 0 };
    let value = parser.comparison()?;
    assert_eq!(
        parser.pos,
        parser.tokens.len(),
        "trailing input in {source:?}"
    );
    Ok(value)
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(String),
    String(String),
    Ident(String),
    Punct(&'static str),
}

fn tokenize(source: &str) -> Vec<Token> {
    const PUNCTS: [&str; 14] = [
        "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "(", ")", ",",
    ];
    let bytes = source.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b' ' {
            i += 1;
        } else if c.is_ascii_digit() {
            // HCL: digits, a '.' only before a digit, an exponent only
            // before a digit.
            let start = i;
            while i < bytes.len() {
                let c = bytes[i];
                let next_digit = |k: usize| bytes.get(k).is_some_and(u8::is_ascii_digit);
                if c.is_ascii_digit() || c == b'.' && next_digit(i + 1) {
                    i += 1;
                } else if matches!(c, b'e' | b'E') && next_digit(i + 1) {
                    i += 2;
                } else if matches!(c, b'e' | b'E')
                    && matches!(bytes.get(i + 1), Some(b'+' | b'-'))
                    && next_digit(i + 2)
                {
                    i += 3;
                } else {
                    break;
                }
            }
            tokens.push(Token::Number(source[start..i].to_owned()));
        } else if c == b'"' {
            let end = i + 1 + source[i + 1..].find('"').expect("closing quote");
            tokens.push(Token::String(source[i + 1..end].to_owned()));
            i = end + 1;
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
            tokens.push(Token::Ident(source[start..i].to_owned()));
        } else {
            let p = PUNCTS
                .iter()
                .find(|p| source[i..].starts_with(**p))
                .expect("operator");
            tokens.push(Token::Punct(p));
            i += p.len();
        }
    }
    tokens
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn eat(&mut self, punct: &str) -> bool {
        let found = self.peek_punct() == Some(punct);
        if found {
            self.pos += 1;
        }
        found
    }

    fn peek_punct(&self) -> Option<&'static str> {
        match self.tokens.get(self.pos) {
            Some(Token::Punct(p)) => Some(p),
            _ => None,
        }
    }

    fn comparison(&mut self) -> Result<Value, NumberError> {
        let left = self.additive()?;
        let Some(op @ ("==" | "!=" | "<" | ">" | "<=" | ">=")) = self.peek_punct() else {
            return Ok(left);
        };
        self.pos += 1;
        let right = self.additive()?;
        let result = match (op, left, right) {
            ("==", Value::Number(a), Value::Number(b)) => a == b,
            ("!=", Value::Number(a), Value::Number(b)) => a != b,
            (_, Value::Number(a), Value::Number(b)) => match op {
                "<" => a.less_than(&b),
                ">" => a.greater_than(&b),
                "<=" => a.less_than_or_equal(&b),
                _ => a.greater_than_or_equal(&b),
            },
            other => panic!("unsupported comparison {other:?}"),
        };
        Ok(Value::Bool(result))
    }

    fn additive(&mut self) -> Result<Value, NumberError> {
        let mut left = self.multiplicative()?;
        while let Some(op @ ("+" | "-")) = self.peek_punct() {
            self.pos += 1;
            let right = number(self.multiplicative()?);
            let l = number(left);
            left = Value::Number(if op == "+" {
                l.add(&right)?
            } else {
                l.sub(&right)?
            });
        }
        Ok(left)
    }

    fn multiplicative(&mut self) -> Result<Value, NumberError> {
        let mut left = self.unary()?;
        while let Some(op @ ("*" | "/" | "%")) = self.peek_punct() {
            self.pos += 1;
            let right = number(self.unary()?);
            let l = number(left);
            left = Value::Number(match op {
                "*" => l.mul(&right)?,
                "/" => l.div(&right)?,
                _ => l.rem(&right)?,
            });
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Value, NumberError> {
        if self.eat("-") {
            return Ok(Value::Number(number(self.unary()?).neg()));
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Value, NumberError> {
        let token = self.tokens[self.pos].clone();
        self.pos += 1;
        match token {
            Token::Number(text) => Number::parse(&text).map(Value::Number),
            Token::String(text) => Ok(Value::String(text)),
            Token::Punct("(") => {
                let value = self.comparison()?;
                assert!(self.eat(")"));
                Ok(value)
            }
            Token::Ident(name) => {
                assert!(self.eat("("));
                let mut args = Vec::new();
                while !self.eat(")") {
                    args.push(self.comparison()?);
                    self.eat(",");
                }
                call(&name, args)
            }
            other => panic!("unexpected token {other:?}"),
        }
    }
}

fn call(name: &str, mut args: Vec<Value>) -> Result<Value, NumberError> {
    if name == "length" || name == "tonumber" {
        let Some(Value::String(s)) = args.pop() else {
            panic!("{name} takes a string")
        };
        return if name == "length" {
            Ok(Value::Number(Number::from_i64(s.chars().count() as i64)))
        } else {
            Number::parse(&s).map(Value::Number)
        };
    }
    let mut args = args.into_iter().map(number);
    let mut arg = || args.next().expect("argument");
    let result = match name {
        "abs" => arg().abs(),
        "ceil" => arg().ceil(),
        "floor" => arg().floor(),
        "signum" => arg().signum()?,
        "pow" => arg().pow(&arg())?,
        "log" => arg().log(&arg())?,
        _ => panic!("unknown function {name}"),
    };
    Ok(Value::Number(result))
}

fn number(value: Value) -> Number {
    match value {
        Value::Number(n) => n,
        other => panic!("number required, got {other:?}"),
    }
}
