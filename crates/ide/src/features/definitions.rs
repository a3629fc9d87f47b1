//! Go to definition: from a reference to the declaration it names.

use tofu_semantic::{Database, Subject, module_declaration, module_references};
use tofu_syntax::TextSize;

use crate::{features::symbols::DeclarationAt, host::Tree};

/// The declaration the reference at `offset` in `path` refers to.
pub(crate) fn definition(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Option<DeclarationAt> {
    let module = tree.module_of(path)?;
    let file = tree.file(path)?;
    let reference = module_references(db, module)
        .into_iter()
        .find(|r| r.file == file && r.range.contains_inclusive(offset))?;
    let Subject::Declared(kind) = &reference.subject else {
        return None;
    };
    module_declaration(db, module, kind).map(|d| DeclarationAt::new(db, d))
}
