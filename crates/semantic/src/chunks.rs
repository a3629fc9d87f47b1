//! The workspace's modules, and a root's instances, in chunks: each chunk
//! is one memo of the queries that gather per module or per instance
//! (reports, call shapes, module providers), so that after an edit salsa
//! verifies a few dozen memos rather than one per module.

use std::collections::HashMap;

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

/// Each module's index in the workspace's modules.
#[salsa::tracked(returns(ref))]
fn module_positions(db: &dyn salsa::Database, workspace: Workspace) -> HashMap<ModuleDir, usize> {
    workspace
        .modules(db)
        .iter()
        .enumerate()
        .map(|(i, m)| (*m, i))
        .collect()
}

/// A module's index in the workspace's modules.
pub(crate) fn module_position(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Option<usize> {
    module_positions(db, workspace).get(&module).copied()
}

/// A module's entry in a query that holds one entry per module of a
/// chunk of the workspace's modules, in order (`query(db, workspace,
/// chunk)`).
pub(crate) fn module_entry<'db, T>(
    db: &'db dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    query: fn(&'db dyn salsa::Database, Workspace, usize) -> &'db Vec<T>,
) -> Option<&'db T> {
    let position = module_position(db, workspace, module)?;
    query(db, workspace, position / CHUNK_SIZE).get(position % CHUNK_SIZE)
}
