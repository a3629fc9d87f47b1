//! What a module declares, with where.

use tofu_semantic::{Database, DeclKind, Declaration, module_declarations};
use tofu_syntax::TextRange;

use crate::host::Tree;

/// A declaration and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclarationAt {
    pub kind: DeclKind,
    /// The path of its file, as the tree names it.
    pub path: String,
    /// The block header (or, for a local, the whole definition).
    pub range: TextRange,
}

impl DeclarationAt {
    pub(crate) fn new(db: &Database, declaration: &Declaration) -> DeclarationAt {
        DeclarationAt {
            kind: declaration.kind.clone(),
            path: declaration.file.path(db).clone(),
            range: declaration.range(db),
        }
    }
}

/// What the module in `module_dir` (`""` for the root) declares.
pub(crate) fn declarations(db: &Database, tree: &Tree, module_dir: &str) -> Vec<DeclarationAt> {
    let Some(module) = tree.module(module_dir) else {
        return Vec::new();
    };
    module_declarations(db, module)
        .iter()
        .map(|d| DeclarationAt::new(db, d))
        .collect()
}
