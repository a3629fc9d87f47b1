//! Lints only a whole-tree analysis can make, about a called module and
//! every call of it: variables no call sets (so always their default) or
//! every call sets to the same constant, outputs no caller reads, and
//! arguments whose constant value is the variable's default. A module no call reaches is a root and has none.

use std::collections::HashSet;

use tofu_diagnostics::Code;
use tofu_types::convert::convert;

use super::warning;
use crate::call_tree::module_callers;
use crate::declarations::DeclKind;
use crate::declarations::module::{module_declaration, module_declarations};
use crate::diagnostics::Diagnostic;
use crate::evaluation::module_variable_decls;
use crate::input::{ModuleDir, Workspace};
use crate::references::{Subject, module_references};

/// Arguments of a module call that are not the called module's
/// variables.
const META_ARGUMENTS: [&str; 6] = [
    "source",
    "version",
    "count",
    "for_each",
    "providers",
    "depends_on",
];

pub(super) fn lint(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    out: &mut Vec<Diagnostic>,
) {
    let mut calls: Vec<(ModuleDir, String)> = module_callers(db, workspace, module).to_vec();
    if calls.is_empty() {
        return;
    }
    calls.sort_by(|a, b| (a.0.dir(db), &a.1).cmp(&(b.0.dir(db), &b.1)));
    let variables = module_variable_decls(db, module);
    let mut set: HashSet<String> = HashSet::new();
    // Per variable: the constant every call so far sets it to (`None`
    // once a call sets something else or something not constant), and
    // how many calls set it.
    let mut constant: std::collections::HashMap<String, (Option<tofu_types::Value>, usize)> =
        Default::default();
    let mut read: HashSet<String> = HashSet::new();
    let mut read_whole = false;
    for (caller, call) in &calls {
        let kind = DeclKind::ModuleCall(call.clone());
        if let Some(decl) = module_declaration(db, *caller, &kind) {
            for (file, name, expr) in crate::evaluation::syntax::merged_arguments(db, *caller, decl)
            {
                if META_ARGUMENTS.contains(&name.as_str()) {
                    continue;
                }
                if let Some(variable) = variables.iter().find(|v| v.name == name) {
                    let value = constant_argument(variable, &expr);
                    argument_equals_default(variable, value.as_ref(), call, &file, &expr, out);
                    let entry = constant.entry(name.clone()).or_insert((value.clone(), 0));
                    if entry.0 != value {
                        entry.0 = None;
                    }
                    entry.1 += 1;
                }
                set.insert(name);
            }
        }
        for reference in module_references(db, *caller) {
            if reference.subject != Subject::Declared(kind.clone()) {
                continue;
            }
            match &reference.module_output {
                Some(output) => {
                    read.insert(output.0.clone());
                }
                None => read_whole = true,
            }
        }
    }
    for variable in variables.iter() {
        if variable.default.is_some() && !set.contains(&variable.name) {
            out.push(warning(
                Code::VariableNeverSet,
                format!(
                    "No call of this module sets the variable {:?}, so it always has its default: it could be a local value.",
                    variable.name
                ),
                variable.file,
                variable.range,
            ));
        }
    }
    for variable in variables.iter() {
        // Every call (two at least) sets it to the same constant.
        let Some((Some(value), count)) = constant.get(&variable.name) else {
            continue;
        };
        if *count == calls.len() && calls.len() > 1 && Some(value) != variable.default.as_ref() {
            out.push(warning(
                Code::VariableAlwaysSame,
                format!(
                    "Every call of this module sets the variable {:?} to the same constant, {}: it could be its default, or a local value.",
                    variable.name,
                    tofu_types::render(value)
                ),
                variable.file,
                variable.range,
            ));
        }
    }
    if read_whole {
        return;
    }
    for decl in module_declarations(db, module) {
        let DeclKind::Output(name) = &decl.kind else {
            continue;
        };
        if !read.contains(name) {
            out.push(warning(
                Code::OutputNeverRead,
                format!("No caller of this module refers to its output {name:?}."),
                decl.file,
                decl.range(db),
            ));
        }
    }
}

/// An argument's constant value converted to the variable's type; `None`
/// when it is not constant.
fn constant_argument(
    variable: &crate::config::model::VariableDecl,
    expr: &tofu_syntax::body::AnyExpr,
) -> Option<tofu_types::Value> {
    let (value, diagnostics) = tofu_eval::typeexpr::constant_any_value(expr);
    if !diagnostics.is_empty() || !value.is_wholly_known() {
        return None;
    }
    convert(&value, &variable.constraint.ty).ok()
}

/// An argument whose constant value (`value`, converted to the
/// variable's type) is the variable's default: the same as leaving it
/// out.
fn argument_equals_default(
    variable: &crate::config::model::VariableDecl,
    value: Option<&tofu_types::Value>,
    call: &str,
    file: &crate::input::SourceFile,
    expr: &tofu_syntax::body::AnyExpr,
    out: &mut Vec<Diagnostic>,
) {
    let (Some(default), Some(value)) = (&variable.default, value) else {
        return;
    };
    if value == default {
        out.push(warning(
            Code::ArgumentEqualsDefault,
            format!(
                "The module call {call:?} sets {:?} to its default value: leave the argument out.",
                variable.name
            ),
            *file,
            expr.range(),
        ));
    }
}
