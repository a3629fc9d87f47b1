//! The JSON parser: walks the tokens exactly as HCL's JSON parser does, so
//! that it reports the same errors at the same places, and records every
//! token it passes in the tree.
//!
//! HCL gives up on an object or array at its first error but carries on in
//! the enclosing one from wherever its peeker stopped, after skipping tokens
//! in a few cases. The walk here consumes the same tokens at the same
//! moments; what HCL skips lands in `JSON_ERROR` nodes, and whatever is left
//! after the root value goes in one last `JSON_ERROR` node of the file.

use rowan::{TextRange, TextSize};

use tofu_diagnostics::Code;

use crate::green::{Build, Checkpoint, TreeBuilder};

use super::lexer::{Tok, Token, lex};
use super::literal::{is_valid_number, keyword_suggestion, string_error_offset};
use crate::{Parse, SyntaxError, SyntaxKind};

/// Objects and arrays nested deeper than this are not parsed; HCL has no
/// limit, but neither recursion here nor trees downstream can be unbounded.
const MAX_DEPTH: usize = 256;

pub(super) fn parse(text: &str) -> Parse {
    let mut p = Parser::new(text);
    p.builder.start_node(SyntaxKind::JSON_FILE);
    let root = p.peek().range;
    let value = p.value(0);
    if p.errors.is_empty() {
        let next = p.peek();
        if next.kind != Tok::Eof {
            p.error(
                Code::ExtraneousDataAfterValue,
                "Extra characters appear after the JSON value.",
                next.range,
            );
        }
    }
    // HCL's `json.Parse` wants a body: an object, or an array of objects
    // whose elements body decoding checks later.
    if !matches!(value, Value::Object | Value::Array) {
        p.error(
            Code::RootValueMustBeObject,
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
            root,
        );
    }
    p.finish_file();
    Parse::new(p.builder.finish(), p.errors)
}

/// What the walk made of one value, in HCL's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Object,
    Array,
    /// A string, number, `true`, `false` or `null`.
    Scalar,
    /// An object or array that HCL rejects; its node holds what was read.
    Broken,
    /// A rejected token, or a value nested too deep, in a `JSON_ERROR` node.
    Error,
    /// Nothing was consumed.
    Missing,
}

struct Parser<'t> {
    text: &'t str,
    tokens: Vec<Token>,
    /// The next token to put in the tree, trivia included.
    pos: usize,
    /// HCL's scanner stops after the first invalid character: the walk sees
    /// the tokens before this index only.
    end: usize,
    /// Where HCL puts its end-of-input token.
    eof: TextSize,
    builder: TreeBuilder,
    errors: Vec<SyntaxError>,
}

/// The next significant token, or the end of input.
#[derive(Debug, Clone, Copy)]
struct Peeked {
    kind: Tok,
    range: TextRange,
}

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Parser<'t> {
        let tokens = lex(text);
        let (end, eof) = match tokens.iter().position(|t| t.kind == Tok::Invalid) {
            Some(i) => (i + 1, tokens[i].range.end()),
            None => (tokens.len(), TextSize::of(text)),
        };
        Parser {
            text,
            tokens,
            pos: 0,
            end,
            eof,
            builder: TreeBuilder::new(),
            errors: Vec::new(),
        }
    }

    // ---- values ----

    fn value(&mut self, depth: usize) -> Value {
        let next = self.peek();
        match next.kind {
            Tok::LBrace | Tok::LBrack if depth >= MAX_DEPTH => self.too_deep(next.range),
            Tok::LBrace => self.object(depth + 1),
            Tok::LBrack => self.array(depth + 1),
            Tok::String => self.string(next.range),
            Tok::Number => self.number(next.range),
            Tok::True | Tok::False | Tok::Null => {
                self.wrap_token(SyntaxKind::JSON_SCALAR);
                Value::Scalar
            }
            Tok::Keyword => self.keyword(next.range),
            Tok::RBrace => self.missing(
                Code::MissingJsonValue,
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                next.range,
            ),
            Tok::RBrack => self.missing(
                Code::MissingArrayElementValue,
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                next.range,
            ),
            Tok::Eof => self.missing(Code::MissingValue, "The JSON data ends prematurely.", next.range),
            _ => self.missing(
                Code::InvalidStartOfValue,
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                next.range,
            ),
        }
    }

    fn missing(&mut self, summary: Code, detail: &str, range: TextRange) -> Value {
        self.error(summary, detail, range);
        Value::Missing
    }

    fn string(&mut self, range: TextRange) -> Value {
        let Some(offset) = string_error_offset(&self.text[range]) else {
            self.wrap_token(SyntaxKind::JSON_SCALAR);
            return Value::Scalar;
        };
        self.wrap_token(SyntaxKind::JSON_ERROR);
        // Go counts the bytes it read, the offending one included, and HCL
        // marks the byte at that offset: the one after the culprit, or just
        // past a string cut short. Widened here to whole characters.
        let at = range.start() + TextSize::new(offset as u32);
        let subject = self.char_range(at, at + TextSize::new(1));
        self.error(
            Code::InvalidJsonString,
            "There is a syntax error in the given JSON string.",
            subject,
        );
        Value::Error
    }

    fn number(&mut self, range: TextRange) -> Value {
        if is_valid_number(&self.text[range]) {
            self.wrap_token(SyntaxKind::JSON_SCALAR);
            return Value::Scalar;
        }
        self.wrap_token(SyntaxKind::JSON_ERROR);
        self.error(
            Code::InvalidJsonNumber,
            "There is a syntax error in the given JSON number.",
            range,
        );
        Value::Error
    }

    fn keyword(&mut self, range: TextRange) -> Value {
        self.wrap_token(SyntaxKind::JSON_ERROR);
        let word = &self.text[range];
        let detail = match word {
            "undefined" | "NaN" | "Infinity" => {
                format!("The JavaScript identifier \"{word}\" cannot be used in JSON.")
            }
            _ => match keyword_suggestion(word) {
                Some(suggestion) => {
                    format!(
                        "\"{word}\" is not a valid JSON keyword. Did you mean \"{suggestion}\"?"
                    )
                }
                None => format!("\"{word}\" is not a valid JSON keyword."),
            },
        };
        self.error(Code::InvalidJsonKeyword, detail, range);
        Value::Error
    }

    /// Wraps the next token in a node of `kind`.
    fn wrap_token(&mut self, kind: SyntaxKind) {
        self.start_node(kind);
        self.bump();
        self.builder.finish_node();
    }

    /// Skips a whole value nested beyond [`MAX_DEPTH`], balancing brackets
    /// of either kind, into one flat `JSON_ERROR` node.
    fn too_deep(&mut self, range: TextRange) -> Value {
        self.error(
            Code::ValueNestedTooDeeply,
            format!("JSON objects and arrays may be nested at most {MAX_DEPTH} levels deep."),
            range,
        );
        self.start_node(SyntaxKind::JSON_ERROR);
        let mut open = 0usize;
        loop {
            match self.peek().kind {
                Tok::Eof => break,
                Tok::LBrace | Tok::LBrack => open += 1,
                Tok::RBrace | Tok::RBrack => open -= 1,
                _ => {}
            }
            self.bump();
            if open == 0 {
                break;
            }
        }
        self.builder.finish_node();
        Value::Error
    }

    // ---- objects ----

    fn object(&mut self, depth: usize) -> Value {
        self.start_node(SyntaxKind::JSON_OBJECT);
        let open = self.bump();
        let closed = self.members(open, depth);
        self.builder.finish_node();
        if closed { Value::Object } else { Value::Broken }
    }

    /// Parses members up to and including the closing brace; `false` when
    /// HCL gives up on the object.
    fn members(&mut self, open: TextRange, depth: usize) -> bool {
        loop {
            if self.at(Tok::RBrace) {
                self.bump();
                return true;
            }
            let key = self.peek();
            if key.kind == Tok::String && string_error_offset(&self.text[key.range]).is_none() {
                self.start_node(SyntaxKind::JSON_MEMBER);
                self.bump();
            } else {
                self.misplaced_value(depth);
                self.error(
                    Code::InvalidObjectPropertyName,
                    "A JSON object property name must be a string",
                    key.range,
                );
                return false;
            }

            let colon = self.peek();
            if colon.kind != Tok::Colon {
                let closed = self.recover(Tok::LBrace, Tok::RBrace);
                self.builder.finish_node();
                if closed {
                    self.bump();
                }
                let (summary, detail) = match colon.kind {
                    Tok::RBrace | Tok::Comma => (
                        Code::MissingObjectValue,
                        "A JSON object attribute must have a value, introduced by a colon.",
                    ),
                    Tok::Equals => (
                        Code::MissingPropertyValueColon,
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                    ),
                    _ => (
                        Code::MissingPropertyValueColon,
                        "A colon must appear between an object property's name and its value.",
                    ),
                };
                self.error(summary, detail, colon.range);
                return false;
            }
            self.bump();
            self.value(depth);
            self.builder.finish_node();

            match self.peek().kind {
                Tok::Comma => {
                    let comma = self.bump();
                    if self.at(Tok::RBrace) {
                        self.error(
                            Code::TrailingCommaInObject,
                            "JSON does not permit a trailing comma after the final property in an object.",
                            comma,
                        );
                        return false;
                    }
                }
                Tok::Eof => {
                    self.error(
                        Code::UnclosedObject,
                        "No closing brace was found for this JSON object.",
                        open,
                    );
                    return false;
                }
                Tok::RBrack => {
                    self.wrap_token(SyntaxKind::JSON_ERROR);
                    let next = self.peek().range;
                    self.error(
                        Code::MismatchedBraces,
                        "A JSON object must be closed with a brace, not a bracket.",
                        next,
                    );
                    return false;
                }
                Tok::RBrace => {
                    self.bump();
                    return true;
                }
                _ => {
                    self.recover_and_close(Tok::LBrace, Tok::RBrace);
                    let next = self.peek().range;
                    self.error(
                        Code::MissingJsonComma,
                        "A comma must appear between each property definition in an object.",
                        next,
                    );
                    return false;
                }
            }
        }
    }

    /// Parses a value where a property name should be, wrapping it in a
    /// `JSON_ERROR` node unless it already is one.
    fn misplaced_value(&mut self, depth: usize) {
        let checkpoint = self.checkpoint();
        let value = self.value(depth);
        if !matches!(value, Value::Error | Value::Missing) {
            self.builder
                .start_node_at(checkpoint, SyntaxKind::JSON_ERROR);
            self.builder.finish_node();
        }
    }

    // ---- arrays ----

    fn array(&mut self, depth: usize) -> Value {
        self.start_node(SyntaxKind::JSON_ARRAY);
        let open = self.bump();
        let closed = self.elements(open, depth);
        self.builder.finish_node();
        if closed { Value::Array } else { Value::Broken }
    }

    /// Parses elements up to and including the closing bracket; `false`
    /// when HCL gives up on the array.
    fn elements(&mut self, open: TextRange, depth: usize) -> bool {
        if self.at(Tok::RBrack) {
            self.bump();
            return true;
        }
        loop {
            self.value(depth);
            let (summary, detail) = match self.peek().kind {
                Tok::Comma => {
                    let comma = self.bump();
                    if self.at(Tok::RBrack) {
                        self.error(
                            Code::TrailingCommaInArray,
                            "JSON does not permit a trailing comma after the final value in an array.",
                            comma,
                        );
                        return false;
                    }
                    continue;
                }
                Tok::RBrack => {
                    self.bump();
                    return true;
                }
                Tok::Eof => {
                    // Sic: HCL calls an unclosed array an object.
                    self.error(
                        Code::UnclosedObject,
                        "No closing bracket was found for this JSON array.",
                        open,
                    );
                    return false;
                }
                Tok::Colon => (
                    Code::InvalidArrayValue,
                    "A colon is not used to introduce values in a JSON array.",
                ),
                Tok::RBrace => (
                    Code::MismatchedBrackets,
                    "A JSON array must be closed with a bracket, not a brace.",
                ),
                _ => (
                    Code::MissingJsonComma,
                    "A comma must appear between each value in an array.",
                ),
            };
            self.recover_and_close(Tok::LBrack, Tok::RBrack);
            let next = self.peek().range;
            self.error(summary, detail, next);
            return false;
        }
    }

    // ---- recovery ----

    fn recover_and_close(&mut self, open: Tok, close: Tok) {
        if self.recover(open, close) {
            self.bump();
        }
    }

    /// Skips tokens into a `JSON_ERROR` node the way HCL recovers inside an
    /// object or array: counting only brackets of that container's kind, it
    /// stops after the first closing one that leaves at most one open, or at
    /// the end. When that closing token is the container's own, it is left
    /// for the caller to bump, and `true` is returned.
    fn recover(&mut self, open: Tok, close: Tok) -> bool {
        let mut depth = 1usize;
        let mut started = false;
        let closed = loop {
            let kind = self.peek().kind;
            if kind == Tok::Eof {
                break false;
            }
            if kind == open {
                depth += 1;
            } else if kind == close {
                depth -= 1;
                if depth == 0 {
                    break true;
                }
            }
            if !started {
                self.start_node(SyntaxKind::JSON_ERROR);
                started = true;
            }
            self.bump();
            if kind == close && depth == 1 {
                break false;
            }
        };
        if started {
            self.builder.finish_node();
        }
        closed
    }

    // ---- tokens and tree ----

    fn peek(&self) -> Peeked {
        let start = self.pos.min(self.end);
        let next = self.tokens[start..self.end]
            .iter()
            .find(|t| !t.kind.is_trivia());
        match next {
            Some(t) => Peeked {
                kind: t.kind,
                range: t.range,
            },
            None => Peeked {
                kind: Tok::Eof,
                range: TextRange::empty(self.eof),
            },
        }
    }

    fn at(&self, kind: Tok) -> bool {
        self.peek().kind == kind
    }

    /// Adds the next significant token, and the trivia before it, to the
    /// current node. Must not be at the end.
    fn bump(&mut self) -> TextRange {
        self.eat_trivia();
        debug_assert!(self.pos < self.end, "bump at the end of input");
        let token = self.tokens[self.pos];
        self.pos += 1;
        self.builder
            .token(token.kind.syntax_kind(), &self.text[token.range]);
        token.range
    }

    fn eat_trivia(&mut self) {
        while let Some(token) = self.tokens.get(self.pos).filter(|t| t.kind.is_trivia()) {
            self.builder
                .token(token.kind.syntax_kind(), &self.text[token.range]);
            self.pos += 1;
        }
    }

    /// Starts a node at the next significant token, leaving trivia before
    /// it outside.
    fn start_node(&mut self, kind: SyntaxKind) {
        self.eat_trivia();
        self.builder.start_node(kind);
    }

    fn checkpoint(&mut self) -> Checkpoint {
        self.eat_trivia();
        self.builder.checkpoint()
    }

    /// Puts what the walk left, including anything past an invalid
    /// character, in a final `JSON_ERROR` node, and closes the file.
    fn finish_file(&mut self) {
        self.eat_trivia();
        if let Some(last) = self.tokens.iter().rposition(|t| !t.kind.is_trivia())
            && last >= self.pos
        {
            self.builder.start_node(SyntaxKind::JSON_ERROR);
            for token in &self.tokens[self.pos..=last] {
                self.builder
                    .token(token.kind.syntax_kind(), &self.text[token.range]);
            }
            self.builder.finish_node();
            self.pos = last + 1;
        }
        self.eat_trivia();
        self.builder.finish_node();
    }

    fn error(&mut self, summary: Code, detail: impl Into<String>, range: TextRange) {
        self.errors
            .push(SyntaxError::error_at(summary, detail, range));
    }

    /// `start..end` widened to character boundaries and clipped to the text.
    fn char_range(&self, start: TextSize, end: TextSize) -> TextRange {
        let len = self.text.len();
        let mut start = usize::from(start).min(len);
        while !self.text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = usize::from(end).min(len);
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        TextRange::new(TextSize::new(start as u32), TextSize::new(end as u32))
    }
}
