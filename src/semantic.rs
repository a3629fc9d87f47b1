//! The semantic checks of a tree: its files loaded into a salsa database,
//! each module checked on its own thread with its own database clone.

use rayon::prelude::*;
use std::path::Path;

use tofu_semantic::{
    Database, ModuleDir, SourceFile as Input, Workspace, local_source_dir, module_calls,
    module_diagnostics, module_output_diagnostics,
};
use tofu_syntax::{SyntaxError, TextRange};

use crate::{discovery::Module, source::SourceFile};

/// A semantic diagnostic, of one of the parsed files or of none.
pub(crate) struct FileDiagnostic {
    /// Notes say what could not be analysed; everything else is an error.
    pub note: bool,
    /// Index into the parsed files and the range there; `None` for a
    /// sourceless diagnostic.
    pub place: Option<(usize, TextRange)>,
    pub context: Option<TextRange>,
    pub summary: String,
    pub detail: String,
    pub values: Vec<(String, String)>,
}

/// The semantic diagnostics of every module, ordered by file. `parsed`
/// holds the modules' files in module order, as the check read them
/// (`None` for a file that could not be read).
pub(crate) fn diagnostics(
    modules: &[Module],
    parsed: &[Option<(SourceFile, Vec<SyntaxError>)>],
    installed: &InstalledModules,
) -> Vec<FileDiagnostic> {
    let db = Database::default();
    let inputs: Vec<Input> = parsed
        .iter()
        .map(|entry| match entry {
            Some((source, _)) => Input::new(&db, source.path.clone(), source.text.clone(), true),
            None => Input::new(&db, String::new(), String::new(), false),
        })
        .collect();
    let index_of = |input: Input| inputs.iter().position(|i| *i == input);
    let mut next = 0;
    let dirs: Vec<ModuleDir> = modules
        .iter()
        .map(|module| {
            let files =
                &inputs[next.min(inputs.len())..(next + module.files.len()).min(inputs.len())];
            // Override files are merged into their module, not declared
            // again; until merging exists they are left out.
            let primary = files
                .iter()
                .zip(&module.files)
                .filter(|(_, file)| !file.is_override)
                .map(|(input, _)| *input)
                .collect();
            next += module.files.len();
            ModuleDir::new(&db, module.dir.clone(), primary)
        })
        .collect();
    let workspace = Workspace::new(&db, dirs.clone());
    let found: Vec<Vec<tofu_semantic::Diagnostic>> = dirs
        .par_iter()
        .map_with(db.clone(), |db, dir| {
            let mut found = module_diagnostics(db, *dir).clone();
            found.extend(
                module_output_diagnostics(db, workspace, *dir)
                    .iter()
                    .cloned(),
            );
            found
        })
        .collect();
    let mut out: Vec<FileDiagnostic> = found
        .into_iter()
        .flatten()
        .map(|d| FileDiagnostic {
            note: false,
            place: d
                .location
                .and_then(|(file, range)| Some((index_of(file)?, range))),
            context: d.context,
            summary: d.summary,
            detail: d.detail,
            values: d.values,
        })
        .collect();
    for dir in &dirs {
        for call in module_calls(&db, *dir) {
            let Some(source) = call.source.as_deref() else {
                continue;
            };
            if local_source_dir(dir.dir(&db), source).is_some() || installed.has(&call.name) {
                continue;
            }
            let Some(index) = index_of(call.file) else {
                continue;
            };
            out.push(FileDiagnostic {
                note: true,
                place: Some((index, call.range)),
                context: None,
                summary: "Module not installed".to_owned(),
                detail: format!(
                    "The module {:?} comes from {source:?}, which is not installed (there is no .terraform/modules/modules.json entry for it), so it is not analysed and references to its outputs are not checked. Run \"tofu init\" to install it.",
                    call.name
                ),
                values: Vec::new(),
            });
        }
    }
    out.sort_by_key(|d| d.place.map(|(index, _)| index));
    out
}

/// The module calls `tofu init` installed, from the root's
/// `.terraform/modules/modules.json` (keys are call paths: `vpc`,
/// `vpc.subnets`).
#[derive(Debug, Default)]
pub(crate) struct InstalledModules {
    keys: Vec<String>,
}

impl InstalledModules {
    pub(crate) fn read(root: &Path) -> InstalledModules {
        let path = root.join(".terraform/modules/modules.json");
        let Ok(text) = std::fs::read_to_string(path) else {
            return InstalledModules::default();
        };
        let keys = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|json| {
                let modules = json.get("Modules")?.as_array()?.clone();
                Some(
                    modules
                        .iter()
                        .filter_map(|m| Some(m.get("Key")?.as_str()?.to_owned()))
                        .collect(),
                )
            })
            .unwrap_or_default();
        InstalledModules { keys }
    }

    /// Whether a call of this name was installed at any depth (the call
    /// path of a module checked as its own root is not known).
    fn has(&self, call: &str) -> bool {
        self.keys
            .iter()
            .any(|key| key == call || key.rsplit('.').next() == Some(call))
    }
}
