//! cty's `MismatchMessage`: why a type does not convert to another, in the
//! words OpenTofu shows.
//!
//! Where cty reports the first of several problems in Go map order (which
//! varies from run to run), attributes are taken in name order here.

use super::plan::get_conversion;
use crate::Type;
use crate::render::go_quote;

/// The reason `got` does not convert to `want`; meaningful only once a
/// conversion has been found impossible.
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    let dynamic_element = want.element_type().is_some_and(Type::is_dynamic);
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => objects(got, want),
        (Type::Tuple(_), Type::List(_)) if dynamic_element => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(_)) if dynamic_element => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(_)) if dynamic_element => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => {
            collection_from_structural(got, want)
        }
        _ if got.is_collection() && want.is_collection() => collection_from_collection(got, want),
        _ if !likely_to_confuse(got, want) => format!(
            "{} required, but have {}",
            want.friendly_name(),
            got.friendly_name()
        ),
        _ => required(want),
    }
}

fn required(want: &Type) -> String {
    format!("{} required", want.friendly_name_for_constraint())
}

fn objects(got: &Type, want: &Type) -> String {
    let got_attrs = got.attribute_types().expect("object");
    let mut missing = Vec::new();
    let mut unsafe_mismatch = None;
    let mut safe_mismatch = None;
    for (name, want_ty) in want.attribute_types().expect("object") {
        let Some(got_ty) = got_attrs.get(name) else {
            if !want.is_optional_attribute(name) {
                missing.push(go_quote(name));
            }
            continue;
        };
        if got_ty == want_ty || unsafe_mismatch.is_some() {
            continue;
        }
        // An attribute that does not convert even unsafely is the more
        // serious problem, so it is reported in preference.
        let describe = || {
            format!(
                "attribute {}: {}",
                go_quote(name),
                mismatch_message(got_ty, want_ty)
            )
        };
        if get_conversion(got_ty, want_ty, true).is_none() {
            unsafe_mismatch = Some(describe());
        }
        if safe_mismatch.is_none() && get_conversion(got_ty, want_ty, false).is_none() {
            safe_mismatch = Some(describe());
        }
    }
    match missing.as_slice() {
        [] => unsafe_mismatch
            .or(safe_mismatch)
            .unwrap_or_else(|| "incorrect object attributes".into()),
        [one] => format!("attribute {one} is required"),
        [a, b] => format!("attributes {a} and {b} are required"),
        [init @ .., last] => format!("attributes {}, and {last} are required", init.join(", ")),
    }
}

fn collection_from_structural(got: &Type, want: &Type) -> String {
    let ety = want.element_type().expect("collection");
    match (got, want) {
        (Type::Tuple(etys), Type::List(_) | Type::Set(_)) => {
            for (i, got_ety) in etys.iter().enumerate() {
                if got_ety != ety && get_conversion(got_ety, ety, true).is_none() {
                    return format!("element {i}: {}", mismatch_message(got_ety, ety));
                }
            }
        }
        (Type::Object(o), Type::Map(_)) => {
            for (name, aty) in o.attributes() {
                if aty != ety && get_conversion(aty, ety, true).is_none() {
                    return format!("element {}: {}", go_quote(name), mismatch_message(aty, ety));
                }
            }
        }
        _ => return required(want),
    }
    format!(
        "all elements must be {}",
        ety.friendly_name_for_constraint()
    )
}

fn collection_from_collection(got: &Type, want: &Type) -> String {
    let noun = match (got, want) {
        (Type::List(_) | Type::Set(_), Type::List(_)) => "list element type",
        (Type::List(_) | Type::Set(_), Type::Set(_)) => "set element type",
        (Type::Map(_), Type::Map(_)) => "map element type",
        _ => return required(want),
    };
    let (got_ety, want_ety) = (
        got.element_type().expect("collection"),
        want.element_type().expect("collection"),
    );
    format!("incorrect {noun}: {}", mismatch_message(got_ety, want_ety))
}

/// cty's `typesAreLikelyToCauseConfusion`: whether naming both types would
/// mislead, as for string to number, where the value is the problem.
fn likely_to_confuse(got: &Type, want: &Type) -> bool {
    if got.is_primitive() != want.is_primitive() || want == &Type::String {
        return false;
    }
    if matches!(
        (got, want),
        (Type::Number, Type::Bool) | (Type::Bool, Type::Number)
    ) {
        return false;
    }
    if let (Some(g), Some(w)) = (got.element_type(), want.element_type())
        && !g.has_dynamic_types()
        && w.has_dynamic_types()
    {
        return false;
    }
    // cty means to exempt object against tuple both ways, but its second
    // test compares `got` with itself, so only tuple to object is.
    !(got.is_tuple() && want.is_object())
}
