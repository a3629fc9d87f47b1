//! Set membership and order as cty's `setRules`.
//!
//! Elements are distinct when `Equals` is not known to be true, so
//! unknowns never merge. The order is cty's `Less`: strings by bytes,
//! numbers by value, `false` before `true`, then unknowns, then null;
//! other element types by the bytes of cty's set hash serialisation.
//! cty sorts stably from its hash-bucket order, in which elements that
//! tie (unknowns, equal serialisations) keep their insertion order, so a
//! stable sort of the inserted order gives the same result.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;

use super::{Data, Value};
use crate::Type;
use crate::render::go_quote;

/// Deduplicated and sorted elements for a set of `ety`.
pub(super) fn canonical(ety: &Type, elements: Vec<Value>) -> Vec<Value> {
    // cty only compares elements within a hash bucket.
    let mut buckets: HashMap<Vec<u8>, Vec<usize>> = HashMap::new();
    let mut kept: Vec<(Value, Vec<u8>)> = Vec::with_capacity(elements.len());
    for e in elements {
        let key = hash_bytes(&e);
        let bucket = buckets.entry(key.clone()).or_default();
        if !bucket
            .iter()
            .any(|&i| kept[i].0.equals(&e).as_bool() == Some(true))
        {
            bucket.push(kept.len());
            kept.push((e, key));
        }
    }
    let sort_key = |i: usize| (!ety.is_primitive()).then_some(kept[i].1.as_slice());
    let mut order: Vec<usize> = (0..kept.len()).collect();
    order.sort_by(|&a, &b| {
        let (va, vb) = (&kept[a].0, &kept[b].0);
        if less(ety, va, sort_key(a), vb, sort_key(b)) {
            Ordering::Less
        } else if less(ety, vb, sort_key(b), va, sort_key(a)) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    });
    order.into_iter().map(|i| kept[i].0.clone()).collect()
}

fn less(ety: &Type, a: &Value, ka: Option<&[u8]>, b: &Value, kb: Option<&[u8]>) -> bool {
    if a.raw_equals(b) {
        return false;
    }
    if b.is_null() && !a.is_null() {
        return true;
    } else if a.is_null() {
        return false;
    }
    if a.is_known() && !b.is_known() {
        return true;
    } else if !a.is_known() {
        return false;
    }
    match (ety, a.data(), b.data()) {
        (Type::String, Data::String(x), Data::String(y)) => x < y,
        (Type::Bool, Data::Bool(x), Data::Bool(y)) => *y || !*x,
        (Type::Number, Data::Number(x), Data::Number(y)) => x.less_than(y),
        _ => ka < kb,
    }
}

/// cty's `appendSetHashBytes`, marks ignored.
pub(crate) fn hash_bytes(v: &Value) -> Vec<u8> {
    let mut out = String::new();
    append_hash(v, &mut out);
    out.into_bytes()
}

fn append_hash(v: &Value, out: &mut String) {
    match v.data() {
        Data::Unknown(_) => out.push('?'),
        // cty hashes a capsule by its address; no two hold the same type.
        Data::Type(ty) => out.push_str(&format!("<{:p}>", Arc::as_ptr(ty))),
        Data::Null => out.push('~'),
        Data::Number(n) => out.push_str(&n.to_text_g10()),
        Data::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Data::String(s) => out.push_str(&go_quote(s)),
        Data::Map(entries) if v.ty().is_map() => {
            out.push('{');
            for (k, e) in entries.iter() {
                out.push_str(&go_quote(k));
                out.push(':');
                append_hash(e, out);
                out.push(';');
            }
            out.push('}');
        }
        Data::Map(attrs) => {
            out.push('<');
            for e in attrs.values() {
                append_hash(e, out);
                out.push(';');
            }
            out.push('>');
        }
        Data::Seq(elements) => {
            let (open, close) = if v.ty().is_tuple() {
                ('<', '>')
            } else {
                ('[', ']')
            };
            out.push(open);
            for e in elements.iter() {
                append_hash(e, out);
                out.push(';');
            }
            out.push(close);
        }
    }
}
