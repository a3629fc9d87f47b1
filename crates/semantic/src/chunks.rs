//! The workspace's modules, and a root's instances, in chunks: each chunk
//! is one memo of the queries that gather per module or per instance
//! (reports, call shapes, module providers), so that after an edit salsa
//! verifies a few dozen memos rather than one per module.

use rustc_hash::FxHashMap;

use crate::input::{ModuleDir, Workspace};

/// Modules, or instances, per chunk: small enough that re-checking the
/// edited chunk is cheap, large enough that the chunks are few.
pub const CHUNK_SIZE: usize = 32;

/// How many chunks `count` things make.
pub fn chunk_count(count: usize) -> usize {
    count.div_ceil(CHUNK_SIZE)
}

/// The items of chunk `chunk` ([`CHUNK_SIZE`] at a time).
pub fn chunk_of<T>(items: &[T], chunk: usize) -> &[T] {
    let start = (chunk * CHUNK_SIZE).min(items.len());
    let end = (start + CHUNK_SIZE).min(items.len());
    &items[start..end]
}

/// Every module's entry in a query that holds one entry per module of a
/// chunk of the workspace's modules, in order (`query(db, workspace,
/// chunk)`), read chunk by chunk: for walks over the whole tree.
pub(crate) fn every_entry<'db, T>(
    db: &'db dyn salsa::Database,
    workspace: Workspace,
    query: fn(&'db dyn salsa::Database, Workspace, usize) -> &'db Vec<T>,
) -> FxHashMap<ModuleDir, &'db T> {
    let modules = workspace.modules(db);
    (0..chunk_count(modules.len()))
        .flat_map(|chunk| {
            chunk_of(modules, chunk)
                .iter()
                .copied()
                .zip(query(db, workspace, chunk))
        })
        .collect()
}
