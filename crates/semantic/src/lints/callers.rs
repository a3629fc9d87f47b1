//! Lints only a whole-tree analysis can make, about a called module and
//! every call of it: variables no call sets (so always their default),
//! outputs no caller reads, and arguments whose constant value is the
//! variable's default. A module no call reaches is a root and has none.

use std::collections::HashSet;

use tofu_diagnostics::Code;
use tofu_types::convert::convert;

use super::warning;
use crate::call_tree::module_graph;
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
    let graph = module_graph(db, workspace);
    let mut calls: Vec<(ModuleDir, String)> = graph
        .targets
        .iter()
        .flat_map(|(caller, targets)| {
            targets
                .iter()
                .filter(|(_, child)| *child == module)
                .map(|(call, _)| (*caller, call.clone()))
        })
        .collect();
    if calls.is_empty() {
        return;
    }
    calls.sort_by(|a, b| (a.0.dir(db), &a.1).cmp(&(b.0.dir(db), &b.1)));
    let variables = module_variable_decls(db, module);
    let mut set: HashSet<String> = HashSet::new();
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
                    argument_equals_default(variable, call, &file, &expr, out);
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

/// An argument whose constant value, converted to the variable's type,
/// is the variable's default: the same as leaving it out.
fn argument_equals_default(
    variable: &crate::config::model::VariableDecl,
    call: &str,
    file: &crate::input::SourceFile,
    expr: &tofu_syntax::body::AnyExpr,
    out: &mut Vec<Diagnostic>,
) {
    let Some(default) = &variable.default else {
        return;
    };
    let (value, diagnostics) = tofu_eval::typeexpr::constant_any_value(expr);
    if !diagnostics.is_empty() || !value.is_wholly_known() {
        return;
    }
    let Ok(value) = convert(&value, &variable.constraint.ty) else {
        return;
    };
    if value == *default {
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
