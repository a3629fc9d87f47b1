//! What evaluation reads of a module's declarations: its variables as
//! `configs.Variable` holds them, and the expressions of named values.

use tofu_eval::typeexpr::TypeConstraint;
use tofu_syntax::TextRange;
use tofu_syntax::body::{AnyAttribute, AnyBlock, AttributeSchema, BodySchema, SourceText};
use tofu_types::Value;

use crate::declarations::file_blocks;
use crate::{ModuleDir, SourceFile};

/// A variable declaration, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct VariableDecl {
    pub name: String,
    pub file: SourceFile,
    /// The block header, OpenTofu's `DeclRange`.
    pub range: TextRange,
    pub constraint: TypeConstraint,
    /// The default, converted to the type; `None` without one (the
    /// variable is required).
    pub default: Option<Value>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
    pub deprecated: Option<String>,
    /// Each `validation` block's header range, condition and message.
    pub validations: Vec<ValidationRule>,
}

/// A `validation` block, by the ranges of its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationRule {
    pub range: TextRange,
    pub condition: Option<TextRange>,
    pub error_message: Option<TextRange>,
}

/// The variables of a module, the first of duplicates winning, as the
/// load-time decoder read them (whatever it reported is its own: a type
/// with errors is `any`, a default that does not convert is none).
#[salsa::tracked(returns(ref))]
pub fn module_variable_decls(db: &dyn salsa::Database, module: ModuleDir) -> Vec<VariableDecl> {
    let mut out: Vec<VariableDecl> = Vec::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        for variable in &crate::config::file_config(db, file).variables {
            if !out.iter().any(|v| v.name == variable.name) {
                out.push(variable.clone());
            }
        }
    }
    out
}

/// The top-level block of `file` whose header is `range`.
pub(crate) fn block_at(
    db: &dyn salsa::Database,
    file: SourceFile,
    range: TextRange,
) -> Option<AnyBlock> {
    file_blocks(db, file)
        .into_iter()
        .find(|b| b.def_range == range)
}

/// The argument `name` of a block's body, if it is set.
pub(crate) fn argument(
    db: &dyn salsa::Database,
    file: SourceFile,
    block: &AnyBlock,
    name: &str,
) -> Option<AnyAttribute> {
    let source = SourceText::new(crate::input::contents(db, file), file.path(db));
    let attributes = [AttributeSchema::optional(name)];
    let (content, _, _) = block
        .body
        .partial_content(&BodySchema::new(&attributes, &[]), &source);
    content.attribute(name).cloned()
}
