//! Module sources that are expressions: evaluated statically in the
//! calling module (`decodeStaticSource`), so that the module tree can
//! follow them.

use tofu_syntax::body::AnyExpr;
use tofu_types::{Mark, Type};

use super::scope::StaticScope;
use super::{StaticCall, StaticValue};
use crate::declarations::DeclKind;
use crate::evaluation::syntax::block_argument;
use crate::input::{SourceFile, Workspace};

/// The `source` expression of call `name` of the module `call` loads.
pub(crate) fn source_expression(
    db: &dyn salsa::Database,
    module: crate::input::ModuleDir,
    name: &str,
) -> Option<(SourceFile, AnyExpr)> {
    let declaration = crate::declarations::module::module_declaration(
        db,
        module,
        &DeclKind::ModuleCall(name.to_owned()),
    )?;
    let expr = block_argument(db, declaration.file, declaration.range(db), "source")?;
    Some((declaration.file, expr))
}

/// The static value of the `source` of call `name` in `call`, evaluated
/// as `module.NAME.source`.
#[salsa::tracked(returns(ref))]
pub(crate) fn module_source_value(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
    name: String,
) -> StaticValue {
    let scope = StaticScope::new(db, workspace, call);
    let Some((file, expr)) = source_expression(db, scope.module, &name) else {
        return StaticValue::failed(Vec::new());
    };
    let ident = scope.ident(format!("module.{name}.source"), Some((file, expr.range())));
    scope.evaluate(file, &expr, &ident, &mut Vec::new())
}

/// The source address of call `name` in `call` when static evaluation
/// gives one: a string, known and not marked.
#[salsa::tracked(returns(ref))]
pub fn static_module_source(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
    name: String,
) -> Option<String> {
    let found = module_source_value(db, workspace, call, name);
    if found.failed
        || found.value.has_mark_deep(Mark::Sensitive)
        || found.value.has_mark_deep(Mark::Ephemeral)
    {
        return None;
    }
    let value = tofu_types::convert(&found.value, &Type::String).ok()?;
    value.as_str().map(str::to_owned)
}
