//! HCL JSON syntax.
//!
//! [`parse`] gives a lossless tree of `JSON_*` nodes and the errors HCL's
//! `json.Parse` reports for the same text: same summaries, details and
//! subject ranges, in the same order. Where HCL gives up, the rest of the
//! input is still in the tree, in `JSON_ERROR` nodes.
//!
//! The [typed view](JsonValue) sits on top; interpreting objects as bodies
//! needs a schema and belongs to later stages.

mod ast;
mod lexer;
mod literal;
mod parser;

use crate::Parse;

pub use ast::{
    JsonArray, JsonFile, JsonMember, JsonObject, JsonScalar, JsonScalarKind, JsonValue,
    is_comment_key,
};
pub use literal::{InvalidString, decode_string};

/// Parses a `.tf.json`, `.tofu.json` or `.tfvars.json` file.
pub fn parse(text: &str) -> Parse {
    parser::parse(text)
}
