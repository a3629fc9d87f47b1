//! The static contexts of a module and what evaluating them reports
//! (`Module.WithStaticCall`): each module call's `version` and `source`,
//! each provider configuration's `for_each`, every `const = true`
//! variable, and in a root module the backend or `cloud` block and the
//! encryption configuration.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::body::{AnyBody, AnyExpr, SourceText};
use tofu_types::{Mark, Value};

use super::identifier::{Ident, error};
use super::scope::{StaticScope, provider_functions};
use super::values::declared_const;
use super::{StaticCall, StaticValue};
use crate::call_tree::module_instances;
use crate::config::module_call::{source_value_error, version_value_error};
use crate::declarations::DeclKind;
use crate::diagnostics::{Diagnostic, dedupe};
use crate::evaluation::declared::module_variable_decls;
use crate::evaluation::syntax::block_body;
use crate::input::{ModuleDir, SourceFile, Workspace};
use crate::references::{Reference, Subject, expression_references};

/// What static evaluation reports about a module directory, under every
/// call path the module tree reaches it by.
#[salsa::tracked(returns(ref))]
pub fn static_module_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = module_instances(db, workspace, module)
        .iter()
        .flat_map(|instance| {
            let call = StaticCall::of_instance(instance);
            static_call_diagnostics(db, workspace, call).iter().cloned()
        })
        .collect();
    dedupe(&mut out);
    out
}

/// What loading the module of `call` reports about its static contexts.
#[salsa::tracked(returns(ref))]
pub fn static_call_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
) -> Vec<Diagnostic> {
    let scope = StaticScope::new(db, workspace, call.clone());
    let mut out = Vec::new();
    for declaration in crate::declarations::module::module_declarations(db, scope.module) {
        match &declaration.kind {
            DeclKind::ModuleCall(name) => {
                module_call(
                    &scope,
                    name,
                    declaration.file,
                    declaration.range(scope.db),
                    &mut out,
                );
            }
            DeclKind::Provider { name, alias } => provider_for_each(
                &scope,
                name,
                alias.as_deref().unwrap_or_default(),
                declaration.file,
                declaration.range(db),
                &mut out,
            ),
            _ => {}
        }
    }
    if call.is_root() {
        backends(&scope, &mut out);
        encryption(&scope, &mut out);
    }
    const_variables(&scope, &mut out);
    dedupe(&mut out);
    out
}

/// Whether an expression needs no scope: no references, no provider
/// functions. The load-time decoder checks those itself.
fn is_literal(expr: &AnyExpr, file: SourceFile) -> bool {
    expression_references(expr, file).is_empty() && provider_functions(expr).is_empty()
}

/// An argument of a block: its whole range and its expression.
pub(crate) fn argument(
    db: &dyn salsa::Database,
    file: SourceFile,
    def_range: TextRange,
    name: &str,
) -> Option<(TextRange, AnyExpr)> {
    let body = block_body(db, file, def_range)?;
    let source = SourceText::new(crate::input::contents(db, file), file.path(db));
    body.just_attributes(&source)
        .0
        .into_iter()
        .find(|a| a.name == name)
        .and_then(|a| Some((a.range, a.expr?)))
}

/// `decodeStaticVersion`, then `decodeStaticSource`, for the arguments
/// that are not literals.
fn module_call(
    scope: &StaticScope<'_>,
    name: &str,
    file: SourceFile,
    def_range: TextRange,
    out: &mut Vec<Diagnostic>,
) {
    let db = scope.db;
    let version = argument(db, file, def_range, "version");
    let source = argument(db, file, def_range, "source");
    let literal_version = version
        .as_ref()
        .is_none_or(|(_, expr)| is_literal(expr, file));
    let literal_source = source
        .as_ref()
        .is_none_or(|(_, expr)| is_literal(expr, file));
    if literal_version && literal_source {
        return;
    }
    let mut registry = version.is_some();
    if let Some((range, expr)) = &version {
        let value = if literal_version {
            Some(tofu_eval::typeexpr::constant_any_value(expr).0)
        } else {
            let ident = scope.ident(format!("module.{name}.version"), Some((file, *range)));
            let found = scope.evaluate(file, expr, &ident, &mut Vec::new());
            out.extend(found.diagnostics);
            (!found.failed).then_some(found.value)
        };
        if let Some(value) = value.filter(|v| v.is_known()) {
            if value.is_null() {
                registry = false;
            } else if !literal_version
                && let Some((summary, detail)) = version_value_error("version", &value)
            {
                out.push(error(summary, detail, Some((file, expr.range()))));
            }
        }
    }
    let Some((_, expr)) = &source else {
        return;
    };
    let found = if literal_source {
        StaticValue::known(tofu_eval::typeexpr::constant_any_value(expr).0)
    } else {
        let call = scope.call.clone();
        super::sources::module_source_value(db, scope.workspace, call, name.to_owned()).clone()
    };
    out.extend(found.diagnostics);
    if found.failed || !found.value.is_wholly_known() {
        return;
    }
    let what = scope
        .ident(format!("module.{name}.source"), None)
        .to_string();
    if let Some((summary, detail)) = source_value_error(&what, &found.value, registry) {
        out.push(error(summary, detail, Some((file, expr.range()))));
    }
}

/// A provider configuration's `for_each` (`provider.NAME.ALIAS.for_each`).
fn provider_for_each(
    scope: &StaticScope<'_>,
    name: &str,
    alias: &str,
    file: SourceFile,
    def_range: TextRange,
    out: &mut Vec<Diagnostic>,
) {
    let Some((_, expr)) = argument(scope.db, file, def_range, "for_each") else {
        return;
    };
    if is_literal(&expr, file) {
        return;
    }
    let ident = scope.ident(
        format!("provider.{name}.{alias}.for_each"),
        Some((file, expr.range())),
    );
    out.extend(
        scope
            .evaluate(file, &expr, &ident, &mut Vec::new())
            .diagnostics,
    );
}

/// The settings block whose header is `at`, with its body.
pub(crate) fn nested_block(
    db: &dyn salsa::Database,
    (file, header): (SourceFile, TextRange),
) -> Option<(crate::config::model::NestedBlock, AnyBody)> {
    crate::config::terraform_setting(db, file, header)
}

/// The backend (`backend.TYPE`) or the `cloud` block (`backend.cloud`,
/// which has no declaration range in OpenTofu): the one the module uses.
fn backends(scope: &StaticScope<'_>, out: &mut Vec<Diagnostic>) {
    let settings = crate::settings::module_settings(scope.db, scope.module);
    if let Some(&at) = settings.backends.first()
        && let Some((block, body)) = nested_block(scope.db, at)
    {
        let kind = block.label(0);
        let ident = scope.ident(format!("backend.{kind}"), Some(at));
        backend_block(scope, at.0, &body, &ident, out);
    } else if let Some(&at) = settings.clouds.first()
        && let Some((_, body)) = nested_block(scope.db, at)
    {
        let ident = scope.ident("backend.cloud".to_owned(), None);
        backend_block(scope, at.0, &body, &ident, out);
    }
}

/// `Backend.Hash`: the references of every argument, then the values;
/// marked values are errors at the block.
fn backend_block(
    scope: &StaticScope<'_>,
    file: SourceFile,
    body: &AnyBody,
    ident: &Ident,
    out: &mut Vec<Diagnostic>,
) {
    let source = SourceText::new(crate::input::contents(scope.db, file), file.path(scope.db));
    let arguments: Vec<AnyExpr> = body
        .just_attributes(&source)
        .0
        .into_iter()
        .filter_map(|a| a.expr)
        .collect();
    if arguments.iter().all(|expr| is_literal(expr, file)) {
        return;
    }
    let references: Vec<Reference> = arguments
        .iter()
        .flat_map(|expr| expression_references(expr, file))
        .collect();
    let functions: Vec<_> = arguments.iter().flat_map(provider_functions).collect();
    let (roots, diagnostics, failed) =
        scope.values_of(&references, &functions, ident, &mut Vec::new());
    out.extend(diagnostics);
    if failed {
        return;
    }
    let mut marks = (false, false);
    for expr in &arguments {
        let (value, diagnostics) = scope.evaluate_in(file, expr, roots.clone());
        out.extend(diagnostics);
        marks.0 |= value.has_mark_deep(Mark::Sensitive);
        marks.1 |= value.has_mark_deep(Mark::Ephemeral);
    }
    for (marked, what) in [(marks.0, "sensitive"), (marks.1, "ephemeral")] {
        if marked {
            out.push(
                error(
                    Code::BackendConfigContainsMarkedValues,
                    format!(
                        "The backend configuration is stored in .terraform/terraform.tfstate as well as plan files. It is recommended to instead supply {what} credentials via backend specific environment variables"
                    ),
                    ident.place,
                )
                .with_summary(format!("Backend config contains {what} values")),
            );
            // `Hash` stops at the first.
            return;
        }
    }
}

/// Every `key_provider` and `method` block of the root module's
/// encryption configuration: their arguments are evaluated statically,
/// with references to key providers left to the key providers.
fn encryption(scope: &StaticScope<'_>, out: &mut Vec<Diagnostic>) {
    let Some((at, blocks)) = encryption_blocks(scope.db, scope.module) else {
        return;
    };
    for block in blocks {
        let ident = scope.ident(block.name, Some(at));
        // A key provider's references are resolved together; a method's
        // one expression at a time.
        let groups: Vec<Vec<AnyExpr>> = if block.is_key_provider {
            vec![block.arguments]
        } else {
            block.arguments.into_iter().map(|expr| vec![expr]).collect()
        };
        for group in groups {
            encryption_arguments(scope, at.0, &group, &ident, out);
        }
    }
}

/// A `key_provider` or `method` block of an encryption configuration.
pub(crate) struct EncryptionBlock {
    /// `encryption.key_provider.pbkdf2.main`, as OpenTofu names it.
    pub name: String,
    pub is_key_provider: bool,
    /// Its arguments' expressions, in order.
    pub arguments: Vec<AnyExpr>,
}

/// The blocks of `module`'s first `encryption` block (the one OpenTofu
/// reads), and where that block is: what static evaluation evaluates
/// there, and what the static-variable lint looks into.
pub(crate) fn encryption_blocks(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> Option<((SourceFile, TextRange), Vec<EncryptionBlock>)> {
    let &at = crate::settings::module_settings(db, module)
        .encryptions
        .first()?;
    let (setting, _) = nested_block(db, at)?;
    let file = at.0;
    let source = SourceText::new(crate::input::contents(db, file), file.path(db));
    let places = crate::config::file_source_map(db, file);
    let root = crate::parsing::parse(db, file).syntax();
    let blocks = setting
        .inner
        .iter()
        .filter_map(|inner| {
            let body = places.body(inner.body).to_body(&root)?;
            Some(EncryptionBlock {
                name: format!(
                    "encryption.{}.{}.{}",
                    inner.ty,
                    inner.label(0),
                    inner.label(1)
                ),
                is_key_provider: inner.ty == "key_provider",
                arguments: body
                    .just_attributes(&source)
                    .0
                    .into_iter()
                    .filter_map(|a| a.expr)
                    .collect(),
            })
        })
        .collect();
    Some((at, blocks))
}

fn encryption_arguments(
    scope: &StaticScope<'_>,
    file: SourceFile,
    arguments: &[AnyExpr],
    ident: &Ident,
    out: &mut Vec<Diagnostic>,
) {
    let references: Vec<Reference> = arguments
        .iter()
        .flat_map(|expr| expression_references(expr, file))
        .filter(|r| !is_key_provider_reference(r))
        .collect();
    let functions: Vec<_> = arguments.iter().flat_map(provider_functions).collect();
    if references.is_empty() && functions.is_empty() {
        return;
    }
    let (mut roots, diagnostics, failed) =
        scope.values_of(&references, &functions, ident, &mut Vec::new());
    out.extend(diagnostics);
    if failed {
        return;
    }
    roots.insert("key_provider".to_owned(), Value::dynamic());
    for expr in arguments {
        out.extend(scope.evaluate_in(file, expr, roots.clone()).1);
    }
}

/// `key_provider.TYPE.NAME`: the output of another key provider.
fn is_key_provider_reference(reference: &Reference) -> bool {
    matches!(
        &reference.subject,
        Subject::Declared(DeclKind::ManagedResource { ty, .. }) if ty == "key_provider"
    ) && reference.remaining.first_attribute.is_some()
}

/// "Ensure const variables are actually const": every `const = true`
/// variable is resolved, as if the call itself used it (OpenTofu's
/// identifier for that has no subject, and at the root no range).
fn const_variables(scope: &StaticScope<'_>, out: &mut Vec<Diagnostic>) {
    let db = scope.db;
    let constants: Vec<&str> = module_variable_decls(db, scope.module)
        .iter()
        .filter(|v| declared_const(db, v) == Some(true))
        .map(|v| v.name.as_str())
        .collect();
    if constants.is_empty() {
        return;
    }
    let top = scope.ident(String::new(), call_range(scope));
    for name in constants {
        out.extend(scope.variable_as(name, &top).diagnostics);
    }
}

/// The header of the `module` block that makes `scope`'s call.
fn call_range(scope: &StaticScope<'_>) -> Option<(SourceFile, TextRange)> {
    let (parent, name) = scope.call.parent()?;
    let caller = parent.module();
    crate::declarations::module::module_declaration(
        scope.db,
        caller,
        &DeclKind::ModuleCall(name.to_owned()),
    )
    .map(|d| (d.file, d.range(scope.db)))
}
