//! Module calls and the modules they call, for checks across a call.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;

use crate::config::model::{BlockType, ItemBody};
use crate::config::{file_model, file_source_map};
use crate::declarations::{DeclKind, Instances, module_declarations};
use crate::input::{ModuleDir, SourceFile, Workspace};
use crate::references::Subject;

/// A `module` block: its name and its `source` when that is a literal
/// string (an expression's value is static evaluation's, per call path).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleCall {
    pub name: String,
    pub source: Option<String>,
    pub file: SourceFile,
    pub range: TextRange,
}

/// The module calls of a module, file by file.
#[salsa::tracked(returns(ref))]
pub fn module_calls(db: &dyn salsa::Database, module: ModuleDir) -> Vec<ModuleCall> {
    let mut out = Vec::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        let positions = file_source_map(db, file);
        for block in file_model(db, file).of_type(BlockType::Module) {
            let source = match &block.body {
                ItemBody::ModuleCall(call) => call.source.clone(),
                _ => None,
            };
            out.push(ModuleCall {
                name: block.label(0),
                source,
                file,
                range: positions.range(block.header),
            });
        }
    }
    out
}

/// The module directory a local source (`./x`, `../x`) names, relative
/// to the calling module's directory.
pub fn local_source_dir(caller_dir: &str, source: &str) -> Option<String> {
    if !(source.starts_with("./") || source.starts_with("../")) {
        return None;
    }
    join_relative(caller_dir, source)
}

/// `dir` joined with the relative path `path` (`/` or `\\` separated),
/// with `.` and `..` resolved; `None` if it climbs out of the workspace.
pub fn join_relative(dir: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other),
        }
    }
    Some(parts.join("/"))
}

/// The names of a module's outputs: all a caller needs to know of them,
/// so that edits elsewhere in the module stop here.
#[salsa::tracked(returns(ref))]
pub fn module_output_names(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> std::collections::BTreeSet<String> {
    module_declarations(db, module)
        .iter()
        .filter_map(|d| match &d.kind {
            DeclKind::Output(name) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// References to outputs that a called module (local or installed) does
/// not declare, and to outputs of a counted call without an instance key: HCL's "Unsupported
/// attribute" on the module object. OpenTofu checks only that the call
/// exists before it evaluates (`staticValidateModuleCallReference`):
/// these are evaluation errors, which `try` and `can` catch, so references
/// in their arguments are not reported.
#[salsa::tracked(returns(ref))]
pub fn module_output_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<crate::diagnostics::Diagnostic> {
    let targets = crate::call_tree::call_targets(db, workspace, module);
    let declarations = module_declarations(db, module);
    let mut out = Vec::new();
    for reference in crate::references::module_checked_references(db, module) {
        let (Subject::Declared(call @ DeclKind::ModuleCall(name)), Some((output, range))) =
            (&reference.subject, reference.module_output.as_deref())
        else {
            continue;
        };
        if reference.context.caught {
            continue;
        }
        let Some((_, child)) = targets.iter().find(|(target, _)| target == name) else {
            continue;
        };
        let Some(instances) = declarations
            .iter()
            .find(|d| &d.kind == call)
            .map(|d| d.instances)
        else {
            continue;
        };
        let declared = module_output_names(db, *child).contains(output);
        // In `validate` a call is an unknown object of its outputs, a list
        // of them with `count`, a map with `for_each` (whose keys are
        // unknown, so any attribute may be one).
        let (detail, what) = match (instances, reference.remaining.instance_key) {
            (Instances::Single, false) | (Instances::Count | Instances::ForEach, true) => {
                if declared {
                    continue;
                }
                (
                    format!("This object does not have an attribute named {output:?}."),
                    "is a object",
                )
            }
            (Instances::Count, false) => (
                if declared {
                    format!(
                        "Can't access attributes on a list of objects. Did you mean to access attribute {output:?} for a specific element of the list, or across all elements of the list?"
                    )
                } else {
                    "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_owned()
                },
                "is a list of object",
            ),
            _ => continue,
        };
        let text = crate::input::contents(db, reference.file);
        let object = TextRange::new(reference.range.start(), range.start());
        out.push(crate::diagnostics::Diagnostic {
            severity: tofu_eval::Severity::Error,
            code: Code::UnsupportedAttribute,
            summary: "Unsupported attribute".to_owned(),
            detail,
            location: Some(tofu_diagnostics::Location {
                file: reference.file,
                range: *range,
            }),
            context: None,
            values: vec![(
                text.get(std::ops::Range::<usize>::from(object))
                    .unwrap_or_default()
                    .to_owned(),
                what.to_owned(),
            )],
            deprecation: None,
            function_call: None,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::local_source_dir;

    #[test]
    fn local_sources_resolve_against_the_caller() {
        assert_eq!(
            local_source_dir("", "./modules/a").as_deref(),
            Some("modules/a")
        );
        assert_eq!(
            local_source_dir("env/prod", "../../modules/a").as_deref(),
            Some("modules/a")
        );
        assert_eq!(local_source_dir("a", "./b/../c").as_deref(), Some("a/c"));
        assert_eq!(local_source_dir("", "../outside"), None);
        assert_eq!(local_source_dir("", "hashicorp/consul/aws"), None);
    }
}
