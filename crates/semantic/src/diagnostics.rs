//! What OpenTofu reports about a module's declarations and references,
//! with its summaries and details.

use std::collections::HashMap;

use tofu_syntax::{LineIndex, TextRange};

use crate::{
    DeclKind, Declaration, ModuleDir, SourceFile, Subject, module_declarations, module_references,
};

/// A semantic diagnostic: an error at a place in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub summary: String,
    pub detail: String,
    pub file: SourceFile,
    pub range: TextRange,
}

/// Duplicate declarations and references to undeclared variables, locals,
/// module calls and resources.
#[salsa::tracked(returns(ref))]
pub fn module_diagnostics(db: &dyn salsa::Database, module: ModuleDir) -> Vec<Diagnostic> {
    let declarations = module_declarations(db, module);
    let mut out = duplicates(db, declarations);
    let declared: HashMap<&DeclKind, &Declaration> =
        declarations.iter().map(|d| (&d.kind, d)).collect();
    let names = |pick: fn(&DeclKind) -> Option<&String>| -> Vec<&str> {
        declarations
            .iter()
            .filter_map(|d| pick(&d.kind))
            .map(String::as_str)
            .collect()
    };
    let module_name = if module.dir(db).is_empty() {
        "the root module".to_owned()
    } else {
        format!(
            "module.{}",
            module.dir(db).rsplit('/').next().unwrap_or_default()
        )
    };
    for reference in module_references(db, module) {
        let Subject::Declared(kind) = &reference.subject else {
            continue;
        };
        if declared.contains_key(kind) {
            continue;
        }
        let suggest = |pick: fn(&DeclKind) -> Option<&String>, name: &str| {
            tofu_syntax::name_suggestion(name, names(pick)).map(|s| format!(" Did you mean {s:?}?"))
        };
        let (summary, detail) =
            match kind {
                DeclKind::Variable(name) => {
                    (
                        "Reference to undeclared input variable",
                        format!(
                    "An input variable with the name {name:?} has not been declared.{}",
                    suggest(|k| if let DeclKind::Variable(n) = k { Some(n) } else { None }, name)
                        .unwrap_or_else(|| format!(
                            " This variable can be declared with a variable {name:?} {{}} block."
                        ))
                ),
                    )
                }
                DeclKind::Local(name) => (
                    "Reference to undeclared local value",
                    format!(
                        "A local value with the name {name:?} has not been declared.{}",
                        suggest(
                            |k| if let DeclKind::Local(n) = k {
                                Some(n)
                            } else {
                                None
                            },
                            name
                        )
                        .unwrap_or_default()
                    ),
                ),
                DeclKind::ModuleCall(name) => (
                    "Reference to undeclared module",
                    format!(
                        "No module call named {name:?} is declared in {module_name}.{}",
                        suggest(
                            |k| if let DeclKind::ModuleCall(n) = k {
                                Some(n)
                            } else {
                                None
                            },
                            name
                        )
                        .unwrap_or_default()
                    ),
                ),
                DeclKind::ManagedResource { ty, name } => {
                    resource("managed", ty, name, &module_name)
                }
                DeclKind::DataResource { ty, name } => resource("data", ty, name, &module_name),
                DeclKind::EphemeralResource { ty, name } => {
                    resource("ephemeral", ty, name, &module_name)
                }
                _ => continue,
            };
        out.push(Diagnostic {
            summary: summary.to_owned(),
            detail,
            file: reference.file,
            range: reference.range,
        });
    }
    out
}

fn resource(mode: &str, ty: &str, name: &str, module_name: &str) -> (&'static str, String) {
    (
        "Reference to undeclared resource",
        format!("There is no {mode} resource {ty:?} {name:?} definition in {module_name}."),
    )
}

/// The second and later declarations of a name, each at its own place.
fn duplicates(db: &dyn salsa::Database, declarations: &[Declaration]) -> Vec<Diagnostic> {
    let mut first: HashMap<&DeclKind, &Declaration> = HashMap::new();
    let mut out = Vec::new();
    for decl in declarations {
        let Some(earlier) = first.get(&decl.kind) else {
            first.insert(&decl.kind, decl);
            continue;
        };
        let at = range_string(db, earlier);
        let (summary, detail) = match &decl.kind {
            DeclKind::Variable(name) => (
                "Duplicate variable declaration",
                format!(
                    "A variable named {name:?} was already declared at {at}. Variable names must be unique within a module."
                ),
            ),
            DeclKind::Local(name) => (
                "Duplicate local value definition",
                format!(
                    "A local value named {name:?} was already defined at {at}. Local value names must be unique within a module."
                ),
            ),
            DeclKind::Output(name) => (
                "Duplicate output definition",
                format!(
                    "An output named {name:?} was already defined at {at}. Output names must be unique within a module."
                ),
            ),
            DeclKind::ModuleCall(name) => (
                "Duplicate module call",
                format!(
                    "A module call named {name:?} was already defined at {at}. Module calls must have unique names within a module."
                ),
            ),
            _ => continue,
        };
        out.push(Diagnostic {
            summary: summary.to_owned(),
            detail,
            file: decl.file,
            range: decl.range,
        });
    }
    out
}

/// Where a declaration is, as OpenTofu writes it: `main.tf:3,1-15`.
fn range_string(db: &dyn salsa::Database, decl: &Declaration) -> String {
    let text = decl.file.text(db);
    let path = decl.file.path(db);
    let name = path.rsplit('/').next().unwrap_or(path);
    LineIndex::new(text).range_string(text, name, decl.range)
}
