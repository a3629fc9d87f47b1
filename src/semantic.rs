//! The semantic checks of a tree: its files loaded into a salsa database,
//! each module checked on its own thread with its own database clone.

use rayon::prelude::*;
use tofu_semantic::{
    Database, ModuleDir, SourceFile as Input, Workspace, module_diagnostics,
    module_output_diagnostics,
};
use tofu_syntax::{SyntaxError, TextRange};

use crate::{discovery::Module, source::SourceFile};

/// A semantic diagnostic, of one of the parsed files or of none.
pub(crate) struct FileDiagnostic {
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
            place: d
                .location
                .and_then(|(file, range)| Some((index_of(file)?, range))),
            context: d.context,
            summary: d.summary,
            detail: d.detail,
            values: d.values,
        })
        .collect();
    out.sort_by_key(|d| d.place.map(|(index, _)| index));
    out
}
