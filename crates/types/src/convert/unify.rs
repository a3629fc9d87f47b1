//! Type unification as cty's `unify.go`: the most general type that all of
//! the given types convert to, if there is one.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::{Conversion, get_conversion as public_conversion};
use crate::Type;

/// cty's `UnifyUnsafe`, which OpenTofu uses (conditional results, list
/// literals converted to `list(any)`…): the unified type, and for each
/// input type the conversion it needs (`None` when it has that type
/// already). `None` when the types do not unify, also for no types.
pub fn unify(types: &[Type]) -> Option<(Type, Vec<Option<Conversion>>)> {
    unify_with(types, true)
}

/// cty's `Unify`: as [`unify`] with safe conversions only.
pub fn unify_safe(types: &[Type]) -> Option<(Type, Vec<Option<Conversion>>)> {
    unify_with(types, false)
}

/// The unified type alone, as the conversions use it.
pub(super) fn unify_types(types: &[Type], unsafe_: bool) -> Option<Type> {
    unify_with(types, unsafe_).map(|(ty, _)| ty)
}

type Unified = Option<(Type, Vec<Option<Conversion>>)>;

fn unify_with(types: &[Type], unsafe_: bool) -> Unified {
    if types.is_empty() {
        return None;
    }
    // Equal types unify to themselves on every path below; checking first
    // keeps long lists of one type linear.
    if types.iter().all(|t| t == &types[0]) {
        return Some((types[0].clone(), types.iter().map(|_| None).collect()));
    }
    // Types of one structural kind may unify to a new type that is none of
    // them; this comes first because unsafe object conversions to a subset
    // of attributes would otherwise win.
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let maps = count(Type::is_map);
    let lists = count(Type::is_list);
    let sets = count(Type::is_set);
    let objects = count(Type::is_object);
    let tuples = count(Type::is_tuple);
    let dynamics = count(Type::is_dynamic);
    let n = types.len();
    let has_dynamic = dynamics > 0;
    if maps > 0 && maps + dynamics == n {
        return unify_collections(Type::map, types, unsafe_, has_dynamic);
    } else if maps > 0 && maps + objects + dynamics == n {
        if let Some(found) = unify_objects_as_maps(types, unsafe_) {
            return Some(found);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(Type::list, types, unsafe_, has_dynamic);
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(found) = unify_tuples_as_list(types, unsafe_) {
            return Some(found);
        }
    } else if sets > 0 && sets + dynamics == n {
        return unify_collections(Type::set, types, unsafe_, has_dynamic);
    } else if objects > 0 && objects + dynamics == n {
        return unify_objects(types, unsafe_, has_dynamic);
    } else if tuples > 0 && tuples + dynamics == n {
        return unify_tuples(types, unsafe_, has_dynamic);
    } else if objects > 0 && tuples > 0 {
        return None;
    }

    // Otherwise the first type, in order of generality, that all others
    // convert to.
    'candidates: for want_idx in sort_types(types) {
        let want = &types[want_idx];
        let mut conversions = Vec::with_capacity(n);
        for (i, ty) in types.iter().enumerate() {
            if i == want_idx || ty == want {
                conversions.push(None);
                continue;
            }
            match public_conversion(ty, want, unsafe_) {
                Some(c) => conversions.push(Some(c)),
                None => continue 'candidates,
            }
        }
        return Some((want.clone(), conversions));
    }
    None
}

/// Conversions of every type to `target`, failing if any has none.
fn conversions_to(types: &[Type], target: &Type, unsafe_: bool) -> Option<Vec<Option<Conversion>>> {
    types
        .iter()
        .map(|ty| {
            if ty == target {
                Some(None)
            } else {
                public_conversion(ty, target, unsafe_).map(Some)
            }
        })
        .collect()
}

/// With dynamic types involved cty cannot predict the result, so
/// everything becomes `DynamicVal`.
fn all_as_dynamic(types: &[Type]) -> Unified {
    let conversions = types
        .iter()
        .map(|_| Some(Conversion::to_dynamic()))
        .collect();
    Some((Type::Dynamic, conversions))
}

fn unify_collections(
    make: fn(Type) -> Type,
    types: &[Type],
    unsafe_: bool,
    has_dynamic: bool,
) -> Unified {
    if has_dynamic {
        return all_as_dynamic(types);
    }
    let etys: Vec<Type> = types
        .iter()
        .filter_map(|t| t.element_type().cloned())
        .collect();
    let target = make(unify_types(&etys, unsafe_)?);
    let conversions = conversions_to(types, &target, unsafe_)?;
    Some((target, conversions))
}

fn unify_objects(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return all_as_dynamic(types);
    }
    // Only objects with the same attribute names unify to an object; any
    // others may still unify to a map of all their attribute types.
    let first = types[0].attribute_types()?;
    let same_names = types[1..].iter().all(|t| {
        t.attribute_types().is_some_and(|attrs| {
            attrs.len() == first.len() && attrs.keys().all(|k| first.contains_key(k))
        })
    });
    if !same_names {
        return unify_objects_to_map(types, unsafe_);
    }
    let mut attrs = BTreeMap::new();
    for name in first.keys() {
        let across: Vec<Type> = types
            .iter()
            .map(|t| {
                t.attribute_type(name)
                    .cloned()
                    .expect("same attribute names")
            })
            .collect();
        attrs.insert(name.clone(), unify_types(&across, unsafe_)?);
    }
    let target = Type::object(attrs);
    match conversions_to(types, &target, unsafe_) {
        Some(conversions) => Some((target, conversions)),
        None => unify_objects_to_map(types, unsafe_),
    }
}

fn unify_objects_to_map(types: &[Type], unsafe_: bool) -> Unified {
    let atys: Vec<Type> = types
        .iter()
        .flat_map(|t| {
            t.attribute_types()
                .into_iter()
                .flat_map(|a| a.values().cloned())
        })
        .collect();
    let target = Type::map(unify_types(&atys, unsafe_)?);
    let conversions = conversions_to(types, &target, unsafe_)?;
    Some((target, conversions))
}

fn unify_tuples(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return all_as_dynamic(types);
    }
    let len = types[0].tuple_element_types()?.len();
    if types[1..]
        .iter()
        .any(|t| t.tuple_element_types().map(<[Type]>::len) != Some(len))
    {
        return unify_tuples_to_list(types, unsafe_);
    }
    let mut etys = Vec::with_capacity(len);
    for i in 0..len {
        let across: Vec<Type> = types
            .iter()
            .map(|t| t.tuple_element_types().expect("tuple")[i].clone())
            .collect();
        etys.push(unify_types(&across, unsafe_)?);
    }
    let target = Type::tuple(etys);
    match conversions_to(types, &target, unsafe_) {
        Some(conversions) => Some((target, conversions)),
        None => unify_tuples_to_list(types, unsafe_),
    }
}

fn unify_tuples_to_list(types: &[Type], unsafe_: bool) -> Unified {
    let etys: Vec<Type> = types
        .iter()
        .flat_map(|t| t.tuple_element_types().unwrap_or_default().iter().cloned())
        .collect();
    let target = Type::list(unify_types(&etys, unsafe_)?);
    let conversions = conversions_to(types, &target, unsafe_)?;
    Some((target, conversions))
}

/// Lists mixed with tuples: the tuples unified as a list first, then that
/// list unified with the other lists.
fn unify_tuples_as_list(types: &[Type], unsafe_: bool) -> Unified {
    let (tuple_idxs, tuples): (Vec<usize>, Vec<Type>) = types
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_tuple())
        .map(|(i, t)| (i, t.clone()))
        .unzip();
    let (list, tuple_convs) = unify_tuples_to_list(&tuples, unsafe_)?;
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if t.is_tuple() {
                list.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    let (target, convs) = unify_with(&replaced, unsafe_)?;
    if !target.is_list() {
        return None;
    }
    Some((target, chain(convs, &tuple_idxs, tuple_convs)))
}

/// Objects mixed with maps, as [`unify_tuples_as_list`].
fn unify_objects_as_maps(types: &[Type], unsafe_: bool) -> Unified {
    let (obj_idxs, objects): (Vec<usize>, Vec<Type>) = types
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_object())
        .map(|(i, t)| (i, t.clone()))
        .unzip();
    let (map, obj_convs) = unify_objects_to_map(&objects, unsafe_)?;
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if t.is_object() {
                map.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    let (target, convs) = unify_with(&replaced, unsafe_)?;
    if !target.is_map() {
        return None;
    }
    Some((target, chain(convs, &obj_idxs, obj_convs)))
}

/// Puts the conversions of the replaced types in front of the overall
/// ones at their positions.
fn chain(
    mut convs: Vec<Option<Conversion>>,
    idxs: &[usize],
    first: Vec<Option<Conversion>>,
) -> Vec<Option<Conversion>> {
    for (&idx, first) in idxs.iter().zip(first) {
        convs[idx] = match (first, convs[idx].take()) {
            (Some(first), Some(next)) => Some(first.then(next)),
            (first, None) => first,
            (None, next) => next,
        };
    }
    convs
}

/// cty's `sortTypes`: indices in order of preference, most general first,
/// as a topological sort of "more general than" that keeps the given order
/// among unrelated types.
fn sort_types(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                Ordering::Less => edges[i].push(j),
                Ordering::Greater => edges[j].push(i),
                Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for &j in edges.iter().flatten() {
        in_degree[j] += 1;
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let i = order[next];
        next += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                order.push(j);
            }
        }
    }
    // cty's result slice keeps zero entries for types left in a cycle.
    order.resize(n, 0);
    order
}

/// cty's `compareTypes`: `Less` when `a` is more general than `b`.
/// Optimistic: the caller checks that conversions really exist.
fn compare_types(a: &Type, b: &Type) -> Ordering {
    use Ordering::*;
    match (a.is_dynamic(), b.is_dynamic()) {
        (true, true) => return Equal,
        (false, true) => return Less,
        (true, false) => return Greater,
        (false, false) => {}
    }
    if a.is_primitive() && b.is_primitive() {
        // Every primitive converts to string.
        match (a == &Type::String, b == &Type::String) {
            (true, true) => return Equal,
            (true, false) => return Less,
            (false, true) => return Greater,
            (false, false) => {}
        }
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => {
            return compare_types(x, y);
        }
        _ => {}
    }
    // Lists over tuples over sets (optimistically: sets of lists would
    // lose order), maps over objects.
    let rank = |t: &Type| match t {
        Type::List(_) => Some((0, 0)),
        Type::Tuple(_) => Some((0, 1)),
        Type::Set(_) => Some((0, 2)),
        Type::Map(_) => Some((1, 0)),
        Type::Object(_) => Some((1, 1)),
        _ => None,
    };
    if let (Some((fa, ra)), Some((fb, rb))) = (rank(a), rank(b))
        && fa == fb
        && ra != rb
    {
        return ra.cmp(&rb);
    }
    match (a, b) {
        (Type::Object(x), Type::Object(y)) => {
            let (x, y) = (x.attributes(), y.attributes());
            if x.len() != y.len() {
                return Equal;
            }
            let mut pairs = Vec::with_capacity(x.len());
            for (name, xt) in x {
                let Some(yt) = y.get(name) else {
                    return Equal;
                };
                pairs.push((xt, yt));
            }
            compare_members(pairs.into_iter())
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return Equal;
            }
            compare_members(x.iter().zip(y.iter()))
        }
        _ => Equal,
    }
}

/// More general only if more general in some member and in none less.
fn compare_members<'a>(pairs: impl Iterator<Item = (&'a Type, &'a Type)>) -> Ordering {
    let (mut a_super, mut b_super) = (false, false);
    for (x, y) in pairs {
        match compare_types(x, y) {
            Ordering::Less => a_super = true,
            Ordering::Greater => b_super = true,
            Ordering::Equal => {}
        }
    }
    match (a_super, b_super) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => Ordering::Equal,
    }
}
