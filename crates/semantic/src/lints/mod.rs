//! Lints: what tflint's `terraform` ruleset reports, and what only a
//! whole-tree analysis knows (a called module's variables no caller sets,
//! outputs no caller reads, arguments equal to the default, variables
//! read where a constant is expected without being declared const). Each is a
//! warning with its own code (`tofu_diagnostics::lints`); the host
//! computes them only when the user enables some, and keeps those.

mod blocks;
mod callers;
mod expressions;
mod statics;
mod usage;

use tofu_syntax::body::{AnyBlock, AnyBody, BlockSchema, BodySchema, SourceText};

use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, SourceFile, Workspace};

/// Every lint's diagnostics for `module`, in file order.
#[salsa::tracked(returns(ref))]
pub fn module_lints(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        expressions::lint(db, file, &mut out);
    }
    blocks::lint(db, workspace, module, &mut out);
    usage::lint(db, module, &mut out);
    callers::lint(db, workspace, module, &mut out);
    statics::lint(db, workspace, module, &mut out);
    out
}

/// The top-level blocks of the types in `types` (with their labels), of
/// a file of either syntax, as the body view reads them.
pub(super) fn top_blocks(
    db: &dyn salsa::Database,
    file: SourceFile,
    types: &[(&str, &[&str])],
) -> Vec<AnyBlock> {
    let parsed = crate::parsing::parse(db, file);
    let body = AnyBody::of_file(&parsed.to_parse());
    let schemas: Vec<BlockSchema<'_>> = types
        .iter()
        .map(|(type_name, labels)| BlockSchema { type_name, labels })
        .collect();
    let text = crate::input::contents(db, file);
    let source = SourceText::new(text, file.path(db));
    let (content, _, _) = body.partial_content(&BodySchema::new(&[], &schemas), &source);
    content.blocks
}

/// A lint's warning at `range` of `file`.
pub(super) fn warning(
    code: tofu_diagnostics::Code,
    detail: String,
    file: SourceFile,
    range: tofu_syntax::TextRange,
) -> Diagnostic {
    Diagnostic::warning_in(code, detail, file, range)
}
