//! `length` (OpenTofu's): of strings in grapheme clusters, of collections
//! and structures in elements.

use tofu_types::{Type, Value};
use unicode_segmentation::UnicodeSegmentation;

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, cty_length, int_value, missing_arguments};

pub(super) fn functions() -> Vec<Function> {
    vec![Function {
        name: "length",
        params: vec![
            Param::new("value", Type::Dynamic)
                .allow_dynamic_type()
                .allow_unknown()
                .allow_marked(),
        ],
        var_param: None,
        return_type: length_type,
        implementation: length,
    }]
}

fn length_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let ty = args.first().map_or(&Type::Dynamic, Value::ty);
    match ty {
        Type::String
        | Type::List(_)
        | Type::Set(_)
        | Type::Map(_)
        | Type::Object(_)
        | Type::Tuple(_)
        | Type::Dynamic => Ok(Type::Number),
        Type::Bool | Type::Number | Type::TypeCapsule => Err(FunctionError::call(
            "argument must be a string, a collection type, or a structural type",
        )),
    }
}

/// The length carries the value's own marks; those of elements stay
/// behind.
fn length(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value> {
    let [value] = args else {
        return Err(missing_arguments());
    };
    let (value, marks) = value.unmark();
    let count = match value.ty() {
        Type::Tuple(etys) => Some(etys.len()),
        Type::Object(o) => Some(o.attributes().len()),
        Type::String => value.as_str().map(grapheme_count),
        _ => cty_length(&value),
    };
    let result = count.map_or_else(|| Value::unknown(Type::Number), int_value);
    Ok(result.with_marks(marks))
}

/// User-perceived characters: extended grapheme clusters by the rules of
/// Unicode 15.0, which cty's segmentation tables implement.
///
/// Unicode 15.1 added rule GB9c, which keeps Indic conjuncts (a consonant,
/// a virama, a consonant) together; the segmentation tables here are
/// newer, so each such join is undone. Characters assigned after 15.0 may
/// still segment differently.
pub(super) fn grapheme_count(s: &str) -> usize {
    s.graphemes(true)
        .map(|cluster| 1 + conjunct_joins(cluster))
        .sum()
}

/// How many consonants of a cluster were joined to what precedes them by
/// GB9c: every consonant after the first character, except one after a
/// prepended character (GB9b, in every version).
fn conjunct_joins(cluster: &str) -> usize {
    let mut chars = cluster.chars();
    let Some(mut previous) = chars.next() else {
        return 0;
    };
    let mut joins = 0;
    for c in chars {
        if is_conjunct_consonant(c) && !is_prepend(previous) {
            joins += 1;
        }
        previous = c;
    }
    joins
}

/// Whether `c` is an `InCB=Consonant` character: after a consonant and a
/// virama it stays in the cluster, while after a plain letter it does not
/// (which rules out extending and spacing marks).
fn is_conjunct_consonant(c: char) -> bool {
    !c.is_ascii() && joins_one_cluster(&['\u{915}', '\u{94d}', c]) && !joins_one_cluster(&['a', c])
}

/// Whether `c` is a prepended concatenation mark (`Prepend`): the only
/// kind of character a following letter joins.
fn is_prepend(c: char) -> bool {
    !c.is_ascii() && joins_one_cluster(&[c, 'a'])
}

fn joins_one_cluster(chars: &[char]) -> bool {
    let text: String = chars.iter().collect();
    text.graphemes(true).nth(1).is_none()
}
