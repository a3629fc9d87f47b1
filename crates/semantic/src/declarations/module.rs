//! A module's declarations: its files' declarations together, with
//! what its override files change of them, and the lookup by kind.

use std::sync::Arc;

use super::{DeclKind, Declaration, file_declarations};
use crate::config::model::Instances;
use crate::input::ModuleDir;

/// The declaration of `kind` in `module` (the first, when there are
/// duplicates), found through [`module_declaration_index`] rather than a
/// walk of every declaration: a walk per lookup made a module's cost grow
/// with the square of its declarations.
pub fn module_declaration<'db>(
    db: &'db dyn salsa::Database,
    module: ModuleDir,
    kind: &DeclKind,
) -> Option<&'db Arc<Declaration>> {
    let index = module_declaration_index(db, module);
    let at = index.binary_search_by(|(k, _)| k.cmp(kind)).ok()?;
    module_declarations(db, module).get(index[at].1 as usize)
}

/// Each kind of declaration of a module with the position of its first
/// declaration in [`module_declarations`], sorted by kind. It holds no
/// places, so edits that only move text leave it as it was.
#[salsa::tracked(returns(ref))]
pub fn module_declaration_index(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> Vec<(DeclKind, u32)> {
    let mut index: Vec<(DeclKind, u32)> = module_declarations(db, module)
        .iter()
        .enumerate()
        .map(|(position, decl)| (decl.kind.clone(), position as u32))
        .collect();
    // Stable, so that the first of duplicates comes first.
    index.sort_by(|a, b| a.0.cmp(&b.0));
    index.dedup_by(|later, first| later.0 == first.0);
    index
}

/// Every declaration of a module, file by file in name order. A resource
/// or module call repeats as its override files leave it: an override's
/// `count` or `for_each` is merged in, and `count` wins when both are set,
/// as OpenTofu expands them.
#[salsa::tracked(returns(ref))]
pub fn module_declarations(db: &dyn salsa::Database, module: ModuleDir) -> Vec<Arc<Declaration>> {
    let mut out: Vec<Arc<Declaration>> = module
        .files(db)
        .iter()
        .filter(|f| f.exists(db))
        .flat_map(|f| file_declarations(db, *f).declarations.iter().cloned())
        .collect();
    let overrides = crate::overrides::module_overrides(db, module);
    for decl in &mut out {
        let overriding = overrides.blocks(&decl.kind).map(|d| d.instances);
        let instances = overriding.fold(decl.instances, |merged, set| match (merged, set) {
            (Instances::Count, _) | (_, Instances::Count) => Instances::Count,
            (Instances::ForEach, _) | (_, Instances::ForEach) => Instances::ForEach,
            _ => Instances::Single,
        });
        if instances != decl.instances {
            *decl = Arc::new(Declaration {
                instances,
                ..(**decl).clone()
            });
        }
    }
    out
}
