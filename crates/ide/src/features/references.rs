//! Find references: every place a module refers to one of its
//! declarations.

use tofu_semantic::{Database, DeclKind, Reference, Subject, module_references};

use crate::host::Tree;

/// Every reference to a declaration of the module in `module_dir`.
pub(crate) fn references_to(
    db: &Database,
    tree: &Tree,
    module_dir: &str,
    kind: &DeclKind,
) -> Vec<Reference> {
    let Some(module) = tree.module(module_dir) else {
        return Vec::new();
    };
    module_references(db, module)
        .into_iter()
        .filter(|r| matches!(&r.subject, Subject::Declared(k) if k == kind))
        .cloned()
        .collect()
}
