//! tflint's `terraform_unused_declarations`: variables, local values and
//! data sources that nothing in their module refers to. References from
//! `moved`, `import` and `removed` blocks, checks and outputs count; a
//! declaration's references to itself (a variable's validation) do not.

use std::collections::HashSet;

use tofu_diagnostics::Code;

use super::warning;
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::diagnostics::Diagnostic;
use crate::input::ModuleDir;
use crate::references::{Subject, module_references};

pub(super) fn lint(db: &dyn salsa::Database, module: ModuleDir, out: &mut Vec<Diagnostic>) {
    let referenced: HashSet<&DeclKind> = module_references(db, module)
        .into_iter()
        .filter_map(|reference| match &reference.subject {
            Subject::Declared(kind) if *reference.from != *kind => Some(kind),
            _ => None,
        })
        .collect();
    for decl in module_declarations(db, module) {
        let what = match &decl.kind {
            DeclKind::Variable(name) => format!("variable {name:?}"),
            DeclKind::Local(name) => format!("local value {name:?}"),
            DeclKind::DataResource { ty, name } => format!("data source {ty:?} {name:?}"),
            _ => continue,
        };
        if referenced.contains(&decl.kind) {
            continue;
        }
        out.push(warning(
            Code::UnusedDeclaration,
            format!("The {what} is declared but not used in its module."),
            decl.file,
            decl.range(db),
        ));
    }
}
