//! cty's `dynamicReplace`: the type a null or unknown gets when converted,
//! which is the target type with its dynamic parts taken from the source.

use std::collections::BTreeMap;

use super::unify::unify_types;
use crate::Type;

/// `out` with every dynamic part replaced by the corresponding part of
/// `from`. The two are assumed convertible; where they do not line up
/// `out` is kept.
pub(super) fn dynamic_replace(from: &Type, out: &Type) -> Type {
    if from.is_dynamic() {
        return out.clone();
    }
    match out {
        Type::Dynamic => from.clone(),
        Type::String | Type::Number | Type::Bool | Type::TypeCapsule => out.clone(),
        Type::Map(ety) => match from {
            Type::Map(from_ety) => Type::map(dynamic_replace(from_ety, ety)),
            Type::Object(o) => {
                let types: Vec<Type> = o.attributes().values().cloned().collect();
                Type::map(replace_unified(&types, ety))
            }
            _ => out.clone(),
        },
        Type::Object(o) => {
            let attrs: BTreeMap<&String, Type> = o
                .attributes()
                .iter()
                .filter_map(|(name, aty)| {
                    let replaced = match from {
                        Type::Map(from_ety) => dynamic_replace(from_ety, aty),
                        // Attributes the source lacks are optional ones.
                        Type::Object(_) => match from.attribute_type(name) {
                            Some(from_aty) => dynamic_replace(from_aty, aty),
                            None => aty.clone(),
                        },
                        _ => return None,
                    };
                    Some((name, replaced))
                })
                .collect();
            Type::object(attrs)
        }
        Type::Set(ety) | Type::List(ety) => {
            let replaced = match from {
                Type::Set(from_ety) | Type::List(from_ety) => dynamic_replace(from_ety, ety),
                Type::Tuple(types) => replace_unified(types, ety),
                _ => return out.clone(),
            };
            if out.is_set() {
                Type::set(replaced)
            } else {
                Type::list(replaced)
            }
        }
        Type::Tuple(etys) => match from {
            Type::Tuple(from_etys) => Type::tuple(
                etys.iter()
                    .zip(from_etys.iter())
                    .map(|(ety, from_ety)| dynamic_replace(from_ety, ety)),
            ),
            _ => out.clone(),
        },
    }
}

/// The element type from the unification of `types`; failed unification
/// leaves `ety` as it is.
fn replace_unified(types: &[Type], ety: &Type) -> Type {
    match unify_types(types, true) {
        Some(unified) => dynamic_replace(&unified, ety),
        None => ety.clone(),
    }
}
