//! A module call's arguments against the called module's variables, as
//! OpenTofu reads them when it builds the graph
//! (`transform_module_variable.go`): one attribute per variable, required
//! when it has no default.

use tofu_syntax::body::{AttributeSchema, BodySchema, SourceText};

use crate::config::model::{BlockType, ItemBody};
use crate::config::module_call::call_config;
use crate::config::{file_blocks, file_model};
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, Workspace};

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
