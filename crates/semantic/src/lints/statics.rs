//! Variables read where a constant is expected: a module call's `source`
//! and `version`, a provider configuration's `for_each`, a root module's
//! `backend` or `cloud` settings and encryption configuration (OpenTofu's static contexts,
//! `Module.WithStaticCall`), directly or through locals. OpenTofu 1.12
//! evaluates a variable there whenever its value happens to be known
//! without state; declaring it `const = true` makes OpenTofu check that
//! at every call, whether or not a static context is reached, and is
//! what Terraform requires.

use std::collections::{BTreeMap, HashSet};

use tofu_diagnostics::Code;
use tofu_syntax::body::{AnyExpr, SourceText};

use super::warning;
use crate::declarations::DeclKind;
use crate::declarations::module::{module_declaration, module_declarations};
use crate::diagnostics::Diagnostic;
use crate::evaluation::module_variable_decls;
use crate::evaluation::syntax::attribute_expression;
use crate::input::{ModuleDir, SourceFile, Workspace};
use crate::references::{Subject, expression_references};
use crate::static_eval::contexts::{argument, encryption_blocks, nested_block};

pub(super) fn lint(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    out: &mut Vec<Diagnostic>,
) {
    // Each variable a static context reaches, with the first context
    // that reaches it (in declaration order).
    let mut reached: BTreeMap<String, String> = BTreeMap::new();
    for declaration in module_declarations(db, module) {
        let range = declaration.range(db);
        let contexts: Vec<(String, AnyExpr)> = match &declaration.kind {
            DeclKind::ModuleCall(name) => ["source", "version"]
                .into_iter()
                .filter_map(|argument_name| {
                    let (_, expr) = argument(db, declaration.file, range, argument_name)?;
                    Some((format!("the {argument_name} of module {name:?}"), expr))
                })
                .collect(),
            DeclKind::Provider { name, .. } => argument(db, declaration.file, range, "for_each")
                .map(|(_, expr)| (format!("the for_each of provider {name:?}"), expr))
                .into_iter()
                .collect(),
            _ => Vec::new(),
        };
        for (context, expr) in contexts {
            for variable in variables_reached(db, module, declaration.file, &expr) {
                reached.entry(variable).or_insert_with(|| context.clone());
            }
        }
    }
    // The backend (or `cloud`) a root module's settings configure; a
    // called module's are ignored, so they are no static context there.
    let settings = crate::settings::module_settings(db, module);
    let backend = settings
        .backends
        .first()
        .map(|at| (*at, "the backend"))
        .or_else(|| settings.clouds.first().map(|at| (*at, "the cloud block")));
    let is_root = crate::call_tree::module_instances(db, workspace, module)
        .iter()
        .any(|instance| instance.path.is_empty());
    if !is_root {
        return finish(db, module, &reached, out);
    }
    if let Some((at, context)) = backend
        && let Some((_, body)) = nested_block(db, at)
    {
        let file = at.0;
        let source = SourceText::new(crate::input::contents(db, file), file.path(db));
        for expr in body
            .just_attributes(&source)
            .0
            .into_iter()
            .filter_map(|a| a.expr)
        {
            for variable in variables_reached(db, module, file, &expr) {
                reached
                    .entry(variable)
                    .or_insert_with(|| context.to_owned());
            }
        }
    }
    // The root's encryption configuration, except what key providers
    // give each other (static evaluation leaves those to them).
    if let Some((at, blocks)) = encryption_blocks(db, module) {
        for block in blocks {
            let context = block.name;
            for expr in &block.arguments {
                for variable in variables_reached(db, module, at.0, expr) {
                    reached.entry(variable).or_insert_with(|| context.clone());
                }
            }
        }
    }
    finish(db, module, &reached, out);
}

/// A warning for each variable of `module` that `reached` names and that
/// is not declared constant.
fn finish(
    db: &dyn salsa::Database,
    module: ModuleDir,
    reached: &BTreeMap<String, String>,
    out: &mut Vec<Diagnostic>,
) {
    if reached.is_empty() {
        return;
    }
    for variable in module_variable_decls(db, module) {
        let Some(context) = reached.get(&variable.name) else {
            continue;
        };
        if crate::static_eval::declared_const(db, variable).is_some() {
            continue;
        }
        out.push(warning(
            Code::StaticVariableNotConst,
            format!(
                "The variable {:?} is read where a constant is expected ({context}), but it is not declared `const = true`. Declaring it makes OpenTofu check at every call that its value is known without state, and Terraform requires it.",
                variable.name
            ),
            variable.file,
            variable.range,
        ));
    }
}

/// The variables `expr` reads, directly or through the module's locals.
fn variables_reached(
    db: &dyn salsa::Database,
    module: ModuleDir,
    file: SourceFile,
    expr: &AnyExpr,
) -> Vec<String> {
    let mut variables = Vec::new();
    let mut seen_locals: HashSet<String> = HashSet::new();
    let mut pending = vec![(file, expr.clone())];
    while let Some((file, expr)) = pending.pop() {
        for reference in expression_references(&expr, file) {
            match &reference.subject {
                Subject::Declared(DeclKind::Variable(name)) => variables.push(name.clone()),
                Subject::Declared(DeclKind::Local(name)) if seen_locals.insert(name.clone()) => {
                    let kind = DeclKind::Local(name.clone());
                    if let Some(local) = module_declaration(db, module, &kind)
                        && let Some(expr) =
                            attribute_expression(db, local.file, local.range(db), name)
                    {
                        pending.push((local.file, expr));
                    }
                }
                _ => {}
            }
        }
    }
    variables
}
