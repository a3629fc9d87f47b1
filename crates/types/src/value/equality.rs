//! cty's `Equals` (the language's `==`) and `RawEquals` (identity, for
//! tests and set ordering).

use super::{Data, Value};
use crate::Type;

impl Value {
    /// cty's `Equals`: a bool, unknown when unknowns could still decide
    /// it, carrying the marks of both operands (only their top-level marks
    /// when exactly one is null).
    ///
    /// Unknowns carry no refinements here, so an unknown compared with
    /// null is always unknown.
    pub fn equals(&self, other: &Value) -> Value {
        if self.contains_marked() || other.contains_marked() {
            let (a, mut marks) = self.unmark_deep();
            let (b, other_marks) = other.unmark_deep();
            marks |= other_marks;
            if self.is_null() != other.is_null() {
                marks = self.marks() | other.marks();
            }
            return a.equals(&b).with_marks(marks);
        }
        match equals_unmarked(self, other) {
            Some(b) => Value::bool(b),
            None => Value::unknown(Type::Bool),
        }
    }

    /// cty's `RawEquals`: same type, same marks at every level, and equal
    /// contents, where an unknown equals an unknown and nulls of the same
    /// type are equal.
    pub fn raw_equals(&self, other: &Value) -> bool {
        if self.ty() != other.ty() || self.marks() != other.marks() {
            return false;
        }
        match (self.data(), other.data()) {
            (Data::Unknown(a), Data::Unknown(b)) => a == b,
            (Data::Null, Data::Null) => true,
            (Data::Unknown(_) | Data::Null, _) | (_, Data::Unknown(_) | Data::Null) => false,
            (Data::Bool(a), Data::Bool(b)) => a == b,
            (Data::Number(a), Data::Number(b)) => a == b,
            (Data::String(a), Data::String(b)) => a == b,
            // cty compares capsules by address.
            (Data::Type(a), Data::Type(b)) => std::sync::Arc::ptr_eq(a, b),
            (Data::Seq(a), Data::Seq(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.raw_equals(y))
            }
            (Data::Map(a), Data::Map(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|((ka, va), (kb, vb))| ka == kb && va.raw_equals(vb))
            }
            _ => false,
        }
    }
}

/// `Equals` of unmarked values; `None` for unknown.
fn equals_unmarked(a: &Value, b: &Value) -> Option<bool> {
    match (a.is_known(), b.is_known()) {
        (false, false) => return None,
        (true, false) => return unknown_or_false(a, b),
        (false, true) => return unknown_or_false(b, a),
        (true, true) => {}
    }
    match (a.is_null(), b.is_null()) {
        // Nulls are equal whatever their types.
        (true, true) => return Some(true),
        (true, false) | (false, true) => return Some(false),
        (false, false) => {}
    }
    if !a.has_wholly_known_type() || !b.has_wholly_known_type() {
        // Unknown types may still conform, unless neither can.
        if !a.ty().conforms_to(b.ty()) && !b.ty().conforms_to(a.ty()) {
            return Some(false);
        }
        return None;
    }
    if a.ty() != b.ty() {
        return Some(false);
    }
    match (a.data(), b.data()) {
        (Data::Bool(x), Data::Bool(y)) => Some(x == y),
        (Data::Number(x), Data::Number(y)) => Some(x == y),
        (Data::String(x), Data::String(y)) => Some(x == y),
        (Data::Type(x), Data::Type(y)) => Some(std::sync::Arc::ptr_eq(x, y)),
        (Data::Seq(x), Data::Seq(y)) if a.ty().is_set() => sets_equal(x, y),
        (Data::Seq(x), Data::Seq(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all_equal(x.iter().zip(y.iter()))
        }
        (Data::Map(x), Data::Map(y)) => {
            if x.len() != y.len() || !x.keys().eq(y.keys()) {
                return Some(false);
            }
            all_equal(x.values().zip(y.values()))
        }
        _ => Some(false),
    }
}

/// One known operand against an unknown one.
fn unknown_or_false(known: &Value, unknown: &Value) -> Option<bool> {
    if known.is_null() || unknown.ty().has_dynamic_types() {
        // An unknown may turn out null, and nulls of any type are equal.
        None
    } else if known.ty() != unknown.ty() {
        Some(false)
    } else {
        None
    }
}

/// Pairwise `Equals` in order: the first unequal pair decides false, an
/// unknown pair before it decides unknown.
fn all_equal<'a>(pairs: impl Iterator<Item = (&'a Value, &'a Value)>) -> Option<bool> {
    for (x, y) in pairs {
        match equals_unmarked(x, y) {
            None => return None,
            Some(false) => return Some(false),
            Some(true) => {}
        }
    }
    Some(true)
}

/// Sets are equal when every element of each is in the other; any unknown
/// element makes the result unknown.
fn sets_equal(x: &[Value], y: &[Value]) -> Option<bool> {
    if x.iter().chain(y).any(|e| !e.is_known()) {
        return None;
    }
    let has = |set: &[Value], e: &Value| set.iter().any(|s| equals_unmarked(s, e) == Some(true));
    Some(x.iter().all(|e| has(y, e)) && y.iter().all(|e| has(x, e)))
}
