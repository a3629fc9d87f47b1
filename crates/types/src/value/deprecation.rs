//! Deprecation marks (OpenTofu's `marks.Deprecated`): a value derived from
//! a deprecated output carries what was deprecated, so that the expression
//! that uses it can say so. Unlike the other marks they carry a payload;
//! each distinct set of causes is interned once per process, so that a
//! value's marks stay a small copyable pair of numbers.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

/// What a deprecation mark says: the diagnostics' type, since the mark
/// becomes a warning's payload.
pub use tofu_diagnostics::DeprecationCause;

pub(crate) type CauseSet = Arc<[Arc<DeprecationCause>]>;

/// Every set of causes marks have used, by number; 0 is the empty set.
struct Table {
    sets: Vec<CauseSet>,
    numbers: HashMap<CauseSet, u32>,
}

static TABLE: LazyLock<Mutex<Table>> = LazyLock::new(|| {
    let empty: CauseSet = Arc::new([]);
    Mutex::new(Table {
        sets: vec![empty.clone()],
        numbers: HashMap::from([(empty, 0)]),
    })
});

fn table() -> std::sync::MutexGuard<'static, Table> {
    TABLE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The number of the set of `causes` (sorted, without repeats).
fn intern(causes: Vec<Arc<DeprecationCause>>) -> u32 {
    let set: CauseSet = causes.into();
    let mut table = table();
    if let Some(&n) = table.numbers.get(&set) {
        return n;
    }
    let n = u32::try_from(table.sets.len()).expect("fewer than 2^32 sets of deprecation causes");
    table.sets.push(set.clone());
    table.numbers.insert(set, n);
    n
}

/// The set numbered `n`.
pub(crate) fn causes(n: u32) -> CauseSet {
    table().sets[n as usize].clone()
}

/// The number of the set of one cause.
pub(crate) fn single(cause: DeprecationCause) -> u32 {
    intern(vec![Arc::new(cause)])
}

/// The number of the union of sets `a` and `b`.
pub(crate) fn union(a: u32, b: u32) -> u32 {
    if a == b || b == 0 {
        return a;
    }
    if a == 0 {
        return b;
    }
    let mut all: Vec<Arc<DeprecationCause>> =
        causes(a).iter().chain(causes(b).iter()).cloned().collect();
    all.sort();
    all.dedup();
    intern(all)
}
