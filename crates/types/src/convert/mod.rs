//! Type conversion and unification as cty's `convert` package.
//!
//! A conversion is planned from the types alone and may then still fail on
//! the value ("a number is required"). *Safe* conversions never fail on a
//! value; *unsafe* ones (string to number or bool, list to set, map to
//! object, anything from the dynamic type) may. OpenTofu converts with
//! unsafe conversions allowed everywhere, which is what [`convert`] does.

mod dynamic;
mod mismatch;
mod plan;
mod unify;

use std::fmt;

use crate::{Type, Value};

pub use mismatch::mismatch_message;
pub use plan::Conversion;
pub use unify::{unify, unify_safe};

/// cty's `convert.Convert`, which OpenTofu uses for every implicit
/// conversion: the value unchanged if it already has the wanted type (its
/// optional attributes aside), else converted with unsafe conversions
/// allowed. Marks are carried over.
pub fn convert(value: &Value, want: &Type) -> Result<Value, ConversionError> {
    convert_with(value, want, true)
}

/// As [`convert`] but with safe conversions only (cty's `GetConversion`),
/// so that the result can only fail for want of a conversion.
pub fn convert_safe(value: &Value, want: &Type) -> Result<Value, ConversionError> {
    convert_with(value, want, false)
}

fn convert_with(value: &Value, want: &Type, unsafe_: bool) -> Result<Value, ConversionError> {
    if value.summary().is_some() && !want.is_dynamic() {
        return convert_with(&value.summarised(), want, unsafe_);
    }
    if value.ty() == &want.without_optional_attributes_deep() {
        return Ok(value.clone());
    }
    match get_conversion(value.ty(), want, unsafe_) {
        Some(conversion) => conversion.apply(value),
        None => Err(ConversionError::new(
            Vec::new(),
            mismatch_message(value.ty(), want),
        )),
    }
}

/// A conversion from `from` to `to` if there is one (cty's
/// `GetConversionUnsafe` when `unsafe_`, else `GetConversion`). There is
/// none from a type to itself unless a conversion rule covers it.
pub fn get_conversion(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    plan::get_conversion(from, to, unsafe_).map(Conversion::from_plan)
}

/// A conversion failure: where in the value, and why.
#[derive(Clone, PartialEq, Eq)]
pub struct ConversionError {
    pub path: Vec<PathStep>,
    pub message: String,
}

/// A step into a value, as in a `cty.Path`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PathStep {
    /// `.name`
    Attr(String),
    /// `[key]`, with a number or string key.
    Index(IndexKey),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IndexKey {
    Int(i64),
    String(String),
}

impl ConversionError {
    pub(crate) fn new(path: Vec<PathStep>, message: impl Into<String>) -> ConversionError {
        ConversionError {
            path,
            message: message.into(),
        }
    }

    /// The path as OpenTofu writes it (`tfdiags.FormatCtyPath`), e.g.
    /// `["key"].field[0]`.
    pub fn path_string(&self) -> String {
        format_path(&self.path)
    }
}

/// A path as OpenTofu writes it (`tfdiags.FormatCtyPath`), e.g.
/// `["key"].field[0]`.
pub fn format_path(path: &[PathStep]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            PathStep::Attr(name) => {
                out.push('.');
                out.push_str(name);
            }
            PathStep::Index(IndexKey::Int(i)) => {
                out.push('[');
                out.push_str(&go_shortest_g(*i));
                out.push(']');
            }
            PathStep::Index(IndexKey::String(s)) => {
                out.push('[');
                out.push_str(&crate::render::go_quote(s));
                out.push(']');
            }
        }
    }
    out
}

/// Go's `Text('g', -1)` of an integer: exponent form from a million.
fn go_shortest_g(i: i64) -> String {
    let digits = i.unsigned_abs().to_string();
    let sign = if i < 0 { "-" } else { "" };
    if digits.len() <= 6 {
        return format!("{sign}{digits}");
    }
    let mantissa = digits.trim_end_matches('0');
    let (first, rest) = mantissa.split_at(1);
    let dot = if rest.is_empty() { "" } else { "." };
    let exp = digits.len() - 1;
    format!("{sign}{first}{dot}{rest}e+{exp:02}")
}

impl fmt::Display for ConversionError {
    /// `tfdiags.FormatError`: `path: message`, or the message alone at the
    /// top level.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path_string(), self.message)
        }
    }
}

impl fmt::Debug for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ConversionError({self})")
    }
}

impl std::error::Error for ConversionError {}
