//! Module calls checked against the modules they call: a call's arguments
//! against the called module's variables, as OpenTofu reads them when it
//! builds the graph (`transform_module_variable.go`: one attribute per
//! variable, required when it has no default), and references to a call's
//! outputs against the called module's outputs.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::body::{AttributeSchema, BodySchema, SourceText};

use crate::calls::module_output_names;
use crate::config::model::{BlockType, Instances, ItemBody};
use crate::config::module_call::call_config;
use crate::config::{file_blocks, file_model};
use crate::declarations::DeclKind;
use crate::declarations::module::module_declaration;
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, Workspace};
use crate::references::Subject;

/// An input variable as a caller sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleVariable {
    pub name: String,
    /// Without a default, a caller must set it.
    pub required: bool,
}

/// The variables a module declares, in file order (the first of
/// duplicates wins, as the module's own diagnostics say).
#[salsa::tracked(returns(ref))]
pub fn module_variables(db: &dyn salsa::Database, module: ModuleDir) -> Vec<ModuleVariable> {
    let mut out: Vec<ModuleVariable> = Vec::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        for block in file_model(db, file).of_type(BlockType::Variable) {
            let (Some(name), ItemBody::Variable(variable)) = (block.labels.first(), &block.body)
            else {
                continue;
            };
            if out.iter().any(|v| &v.name == name) {
                continue;
            }
            out.push(ModuleVariable {
                name: name.clone(),
                required: !variable.has_default,
            });
        }
    }
    out
}

/// "Unsupported argument", "Missing required argument" and "Unsupported
/// block type" for every call of `module` whose module the tree found
/// (a local source, or an installed module).
#[salsa::tracked(returns(ref))]
pub fn module_argument_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let calls = crate::calls::module_calls(db, module);
    let targets = crate::call_tree::call_targets(db, workspace, module);
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        let text = crate::input::contents(db, file);
        let source = SourceText::new(text, file.path(db));
        for block in file_blocks(db, file)
            .into_iter()
            .filter(|b| b.type_name == "module")
        {
            let Some(call) = calls
                .iter()
                .find(|c| c.file == file && c.range == block.def_range)
            else {
                continue;
            };
            let Some((_, child)) = targets.iter().find(|(name, _)| name == &call.name) else {
                continue;
            };
            let variables = module_variables(db, *child);
            let schema: Vec<AttributeSchema<'_>> = variables
                .iter()
                .map(|v| AttributeSchema {
                    name: &v.name,
                    required: v.required,
                })
                .collect();
            let arguments = call_config(&block.body, &source);
            let (_, errors) = arguments.content(&BodySchema::new(&schema, &[]), &source);
            out.extend(errors.into_iter().map(|error| error.clone().in_file(file)));
        }
    }
    out
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
        let Some(instances) = module_declaration(db, module, call).map(|d| d.instances) else {
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
