//! One copy of each object type in use.
//!
//! The same object types come back again and again: every value converted
//! to a variable's type builds that type anew, and modules declare the
//! same constraints. Sharing them keeps one copy per distinct type while
//! any value holds it. The table holds weak references only, so types no
//! value uses any more are freed as usual; dead entries are swept once
//! the table has doubled since the last sweep.
//!
//! Object types nested in one are shared already, so they hash by address
//! and compare by address first: a lookup costs about as much as the
//! object's own attributes, however deep its type.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, LazyLock, Mutex, PoisonError, Weak};

use rustc_hash::{FxHashMap, FxHasher};

use super::{ObjectType, Type};

#[derive(Default)]
struct Table {
    by_hash: FxHashMap<u64, Vec<Weak<ObjectType>>>,
    entries: usize,
    live_after_sweep: usize,
}

/// Tables by hash, so that threads building values seldom wait for each
/// other.
const SHARDS: usize = 16;
static TABLES: LazyLock<[Mutex<Table>; SHARDS]> =
    LazyLock::new(|| std::array::from_fn(|_| Mutex::default()));

/// Below this many entries the table is not swept.
const MIN_SWEEP: usize = 1024;

/// The shared copy of `object`: an existing one equal to it, or `object`
/// itself, from now on shared.
pub(super) fn share(object: ObjectType) -> Arc<ObjectType> {
    let hash = {
        let mut hasher = FxHasher::default();
        hash_object(&object, &mut hasher);
        hasher.finish()
    };
    let shard = (hash >> 32) as usize % SHARDS;
    let mut guard = TABLES[shard].lock().unwrap_or_else(PoisonError::into_inner);
    let table = &mut *guard;
    let candidates = table.by_hash.entry(hash).or_default();
    // Types that values drop and build again leave dead entries under
    // their hash: clear them here, so that a lookup never walks more than
    // the live types of its hash.
    let before = candidates.len();
    candidates.retain(|c| c.strong_count() > 0);
    let dead = before - candidates.len();
    let found = candidates
        .iter()
        .filter_map(Weak::upgrade)
        .find(|shared| **shared == object);
    table.entries -= dead;
    if let Some(shared) = found {
        return shared;
    }
    let shared = Arc::new(object);
    candidates.push(Arc::downgrade(&shared));
    table.entries += 1;
    if table.entries > MIN_SWEEP.max(2 * table.live_after_sweep) {
        sweep(table);
    }
    shared
}

fn hash_object(object: &ObjectType, hasher: &mut FxHasher) {
    object.attrs.len().hash(hasher);
    for (name, ty) in &object.attrs {
        name.hash(hasher);
        hash_type(ty, hasher);
    }
    object.optional.hash(hasher);
}

/// Structural above object types, by address at them.
fn hash_type(ty: &Type, hasher: &mut FxHasher) {
    std::mem::discriminant(ty).hash(hasher);
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => {}
        Type::List(e) | Type::Set(e) | Type::Map(e) => hash_type(e, hasher),
        Type::Object(o) => Arc::as_ptr(o).hash(hasher),
        Type::Tuple(elements) => {
            elements.len().hash(hasher);
            for e in elements.iter() {
                hash_type(e, hasher);
            }
        }
    }
}

fn sweep(table: &mut Table) {
    table.by_hash.retain(|_, candidates| {
        candidates.retain(|c| c.strong_count() > 0);
        !candidates.is_empty()
    });
    table.entries = table.by_hash.values().map(Vec::len).sum();
    table.live_after_sweep = table.entries;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Type;

    fn object(attrs: &[(&str, Type)]) -> Arc<ObjectType> {
        match Type::object(attrs.iter().cloned()) {
            Type::Object(o) => o,
            _ => unreachable!("an object type"),
        }
    }

    #[test]
    fn equal_object_types_are_one_copy() {
        let a = object(&[("name", Type::String), ("size", Type::Number)]);
        let b = object(&[("size", Type::Number), ("name", Type::String)]);
        assert!(Arc::ptr_eq(&a, &b));
        let c = object(&[("name", Type::String)]);
        assert!(!Arc::ptr_eq(&a, &c));
    }

    #[test]
    fn types_no_value_holds_are_freed() {
        let weak = Arc::downgrade(&object(&[("only_in_this_test", Type::Bool)]));
        assert_eq!(weak.strong_count(), 0);
        let again = object(&[("only_in_this_test", Type::Bool)]);
        assert_eq!(again.attributes().len(), 1);
    }
}
