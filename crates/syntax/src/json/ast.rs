//! Typed views over JSON trees.
//!
//! They see only well-formed parts: a value HCL rejects sits in a
//! `JSON_ERROR` node and is skipped, so in a file with errors a member may
//! have no value and an array fewer elements than written.

use std::borrow::Cow;

use rowan::TextRange;

use super::decode_string;
use crate::{SyntaxKind, SyntaxNode, SyntaxToken};

/// Whether an object property is a comment, which HCL ignores in objects
/// that represent bodies (and only there).
pub fn is_comment_key(name: &str) -> bool {
    name == "//"
}

macro_rules! node_accessors {
    ($($ty:ident),*) => {$(
        impl $ty {
            pub fn syntax(&self) -> &SyntaxNode {
                &self.syntax
            }

            pub fn text_range(&self) -> TextRange {
                self.syntax.text_range()
            }
        }
    )*};
}

node_accessors!(JsonFile, JsonObject, JsonMember, JsonArray, JsonScalar);

/// The root of a JSON file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JsonFile {
    syntax: SyntaxNode,
}

impl JsonFile {
    pub fn cast(syntax: SyntaxNode) -> Option<JsonFile> {
        (syntax.kind() == SyntaxKind::JSON_FILE).then_some(JsonFile { syntax })
    }

    /// The root value, unless it is missing or rejected.
    pub fn value(&self) -> Option<JsonValue> {
        self.syntax.children().find_map(JsonValue::cast)
    }
}

/// Any JSON value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum JsonValue {
    Object(JsonObject),
    Array(JsonArray),
    Scalar(JsonScalar),
}

impl JsonValue {
    pub fn cast(syntax: SyntaxNode) -> Option<JsonValue> {
        match syntax.kind() {
            SyntaxKind::JSON_OBJECT => Some(JsonValue::Object(JsonObject { syntax })),
            SyntaxKind::JSON_ARRAY => Some(JsonValue::Array(JsonArray { syntax })),
            SyntaxKind::JSON_SCALAR => JsonScalar::cast(syntax).map(JsonValue::Scalar),
            _ => None,
        }
    }

    pub fn syntax(&self) -> &SyntaxNode {
        match self {
            JsonValue::Object(it) => &it.syntax,
            JsonValue::Array(it) => &it.syntax,
            JsonValue::Scalar(it) => &it.syntax,
        }
    }

    pub fn text_range(&self) -> TextRange {
        self.syntax().text_range()
    }

    /// The range of the value's first token: the opening brace or bracket,
    /// or the whole scalar. HCL reports problems with a value here.
    pub fn start_range(&self) -> TextRange {
        self.syntax()
            .first_token()
            .map_or_else(|| self.text_range(), |t| t.text_range())
    }

    pub fn as_object(&self) -> Option<&JsonObject> {
        match self {
            JsonValue::Object(it) => Some(it),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&JsonArray> {
        match self {
            JsonValue::Array(it) => Some(it),
            _ => None,
        }
    }

    pub fn as_scalar(&self) -> Option<&JsonScalar> {
        match self {
            JsonValue::Scalar(it) => Some(it),
            _ => None,
        }
    }
}

/// `{ "name": value, ... }`
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JsonObject {
    syntax: SyntaxNode,
}

impl JsonObject {
    /// The members in source order, duplicates included.
    pub fn members(&self) -> impl Iterator<Item = JsonMember> + use<> {
        self.syntax.children().filter_map(JsonMember::cast)
    }

    pub fn l_brace_token(&self) -> Option<SyntaxToken> {
        direct_token(&self.syntax, SyntaxKind::JSON_L_BRACE)
    }

    /// The closing brace, if the object has one.
    pub fn r_brace_token(&self) -> Option<SyntaxToken> {
        direct_token(&self.syntax, SyntaxKind::JSON_R_BRACE)
    }
}

/// `"name": value` in an object.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JsonMember {
    syntax: SyntaxNode,
    name: SyntaxToken,
}

impl JsonMember {
    pub fn cast(syntax: SyntaxNode) -> Option<JsonMember> {
        if syntax.kind() != SyntaxKind::JSON_MEMBER {
            return None;
        }
        let name = syntax.first_child_or_token()?.into_token()?;
        (name.kind() == SyntaxKind::JSON_STRING).then_some(JsonMember { syntax, name })
    }

    /// The string token naming the member, quotes included.
    pub fn name_token(&self) -> &SyntaxToken {
        &self.name
    }

    /// The decoded name; `None` only for a token the parser would reject.
    pub fn name(&self) -> Option<Cow<'_, str>> {
        decode_string(self.name.text()).ok()
    }

    /// Whether this is a `"//"` comment member.
    pub fn is_comment(&self) -> bool {
        self.name().is_some_and(|name| is_comment_key(&name))
    }

    pub fn value(&self) -> Option<JsonValue> {
        self.syntax.children().find_map(JsonValue::cast)
    }
}

/// `[ value, ... ]`
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JsonArray {
    syntax: SyntaxNode,
}

impl JsonArray {
    pub fn elements(&self) -> impl Iterator<Item = JsonValue> + use<> {
        self.syntax.children().filter_map(JsonValue::cast)
    }

    pub fn l_brack_token(&self) -> Option<SyntaxToken> {
        direct_token(&self.syntax, SyntaxKind::JSON_L_BRACK)
    }

    /// The closing bracket, if the array has one.
    pub fn r_brack_token(&self) -> Option<SyntaxToken> {
        direct_token(&self.syntax, SyntaxKind::JSON_R_BRACK)
    }
}

/// Which kind of scalar a [`JsonScalar`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JsonScalarKind {
    String,
    Number,
    Bool,
    Null,
}

/// A string, number, `true`, `false` or `null`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JsonScalar {
    syntax: SyntaxNode,
    token: SyntaxToken,
}

impl JsonScalar {
    pub fn cast(syntax: SyntaxNode) -> Option<JsonScalar> {
        if syntax.kind() != SyntaxKind::JSON_SCALAR {
            return None;
        }
        let token = syntax.first_token()?;
        Some(JsonScalar { syntax, token })
    }

    pub fn token(&self) -> &SyntaxToken {
        &self.token
    }

    pub fn kind(&self) -> JsonScalarKind {
        match self.token.kind() {
            SyntaxKind::JSON_STRING => JsonScalarKind::String,
            SyntaxKind::JSON_NUMBER => JsonScalarKind::Number,
            SyntaxKind::JSON_TRUE | SyntaxKind::JSON_FALSE => JsonScalarKind::Bool,
            _ => JsonScalarKind::Null,
        }
    }

    /// The decoded value of a string.
    pub fn as_str(&self) -> Option<Cow<'_, str>> {
        match self.kind() {
            JsonScalarKind::String => decode_string(self.token.text()).ok(),
            _ => None,
        }
    }

    /// The text of a number, which is valid JSON number syntax.
    pub fn number_text(&self) -> Option<&str> {
        (self.kind() == JsonScalarKind::Number).then(|| self.token.text())
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.token.kind() {
            SyntaxKind::JSON_TRUE => Some(true),
            SyntaxKind::JSON_FALSE => Some(false),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        self.kind() == JsonScalarKind::Null
    }
}

/// A token directly in `node`, not in a nested error node.
fn direct_token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|it| it.into_token())
        .find(|t| t.kind() == kind)
}
