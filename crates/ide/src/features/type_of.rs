//! Static types of declarations and expressions.

use tofu_semantic::{Database, DeclKind, declaration_type, expression_type};
use tofu_syntax::TextSize;
use tofu_types::Type;

use crate::host::Tree;

/// The static type of a declaration of a module: a variable's declared
/// type, the type of a local's or an output's value whatever the
/// module's callers pass, a module call's or a resource's value's as
/// references see them (resources' attributes are dynamic without a
/// provider schema). `None` for what has no value.
pub(crate) fn type_of_declaration(
    db: &Database,
    tree: &Tree,
    module_dir: &str,
    kind: &DeclKind,
) -> Option<Type> {
    let module = tree.module(module_dir)?;
    declaration_type(db, tree.evaluations.types, module, kind)
}

/// The static type of the innermost expression at `offset` in `path`
/// (native syntax only).
pub(crate) fn type_of(db: &Database, tree: &Tree, path: &str, offset: TextSize) -> Option<Type> {
    let module = tree.module_of(path)?;
    let file = tree.file(path)?;
    expression_type(db, tree.evaluations.types, module, file, offset)
}
