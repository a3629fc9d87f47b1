//! The values a root module's variables get from outside the
//! configuration, found and read as `tofu plan` finds them
//! (`meta_vars.go`): `TF_VAR_` environment variables, then
//! `terraform.tfvars`, `terraform.tfvars.json`, `*.auto.tfvars` and
//! `*.auto.tfvars.json` in the module's directory by name, then `-var`
//! and `-var-file` in command-line order. The files become inputs of the
//! database; [`tofu_semantic::root_variable_values`] does the rest. The
//! files are read through the host's [`FileSystem`].

use std::{io, path::Path};

use salsa::Durability;
use tofu_eval::FileSystem;
use tofu_semantic::{
    Database, ModuleDir, RootInputs, SourceFile as Input, VariableSource, parse_variables_file,
    root_variable_values,
};

use crate::{
    diagnostic::{Diagnostic, FileId},
    source::{self, CheckedFile},
};

/// The prefix of the environment variables that give values.
pub const VAR_ENV_PREFIX: &str = "TF_VAR_";
/// Loaded automatically, before the `*.auto.tfvars` files.
pub const DEFAULT_VARS_FILE: &str = "terraform.tfvars";

/// One `-var` or `-var-file` option; their order matters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariableOption {
    /// `-var NAME=VALUE`, the argument as given.
    Var(String),
    /// `-var-file FILE`, the path as given.
    VarFile(String),
}

/// Where values come from besides the root module's directory.
#[derive(Debug, Clone, Copy)]
pub struct VariableInputs<'a> {
    /// `-var` and `-var-file`, in command-line order.
    pub options: &'a [VariableOption],
    /// Where relative `-var-file` paths start (the working directory).
    pub working_dir: &'a Path,
    /// The process environment; only `TF_VAR_` entries are read.
    pub environment: &'a [(String, String)],
}

/// Whether `tofu plan` loads a file of this name from the root module's
/// directory by itself (`isAutoVarFile`, besides the default files).
pub fn is_auto_var_file(name: &str) -> bool {
    name.ends_with(".auto.tfvars") || name.ends_with(".auto.tfvars.json")
}

/// Reads the variables files for `module`, whose directory is `dir`,
/// from `fs` into `db` and gathers every source of values. Automatic files are
/// named by their file name (as OpenTofu run in `dir` names them),
/// `-var-file`s as given.
pub fn load_root_inputs(
    fs: &dyn FileSystem,
    db: &Database,
    module: ModuleDir,
    dir: &Path,
    inputs: &VariableInputs<'_>,
) -> RootInputs {
    let environment = inputs
        .environment
        .iter()
        .filter_map(|(name, value)| {
            let name = name.strip_prefix(VAR_ENV_PREFIX)?;
            Some((name.to_owned(), value.clone()))
        })
        .collect();
    let mut sources = Vec::new();
    for name in auto_files(fs, dir) {
        sources.push(match read(fs, &dir.join(&name), &name) {
            Ok(text) => VariableSource::AutoFile(new_file(db, name, text)),
            Err(source) => source,
        });
    }
    for option in inputs.options {
        sources.push(match option {
            VariableOption::Var(raw) => VariableSource::Option(raw.clone()),
            VariableOption::VarFile(path) => match read(fs, &inputs.working_dir.join(path), path) {
                Ok(text) => VariableSource::NamedFile(new_file(db, path.clone(), text)),
                Err(source) => source,
            },
        });
    }
    RootInputs::builder(module, environment, sources)
        .durability(Durability::MEDIUM)
        .new(db)
}

/// The automatic files of `dir` in loading order: the default files,
/// then the `*.auto.tfvars[.json]` files sorted bytewise by name (as Go's
/// `os.ReadDir` sorts them). Directories of these names are listed too,
/// as OpenTofu lists them; reading them fails.
fn auto_files(fs: &dyn FileSystem, dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for name in [
        DEFAULT_VARS_FILE.to_owned(),
        format!("{DEFAULT_VARS_FILE}.json"),
    ] {
        if fs.kind(&dir.join(&name)).is_ok() {
            out.push(name);
        }
    }
    let mut names: Vec<String> = fs
        .entries(dir)
        .map(|entries| {
            entries
                .into_iter()
                .filter_map(|entry| entry.name.into_string().ok())
                .filter(|name| is_auto_var_file(name))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    out.extend(names);
    out
}

/// A file's text, or the source that stands for a file that could not
/// be read (Go's wording of the error: `read NAME: is a directory`).
fn read(fs: &dyn FileSystem, path: &Path, name: &str) -> Result<String, VariableSource> {
    if name.is_empty() {
        // Go opens "" and finds nothing; joined to a directory it would
        // name the directory.
        return Err(VariableSource::MissingFile(String::new()));
    }
    match fs.read(path) {
        Ok(bytes) => Ok(source::decode(bytes).text),
        Err(err) if err.kind() == io::ErrorKind::NotFound => {
            Err(VariableSource::MissingFile(name.to_owned()))
        }
        Err(err) => Err(VariableSource::UnreadableFile {
            path: name.to_owned(),
            error: go_error(&err, name),
        }),
    }
}

/// An I/O error as Go's `os.ReadFile` words it.
fn go_error(err: &io::Error, name: &str) -> String {
    match err.kind() {
        io::ErrorKind::IsADirectory => format!("read {name}: is a directory"),
        io::ErrorKind::PermissionDenied => format!("open {name}: permission denied"),
        _ => {
            let text = err.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            let mut chars = text.chars();
            let lowered = chars.next().map_or_else(String::new, |first| {
                first.to_lowercase().chain(chars).collect()
            });
            format!("open {name}: {lowered}")
        }
    }
}

fn new_file(db: &Database, path: String, text: String) -> Input {
    Input::builder(path, text, true)
        .durability(Durability::MEDIUM)
        .new(db)
}

/// What `check --plan` adds to a report: the variables files that have
/// something to show, with their syntax errors and the diagnostics in
/// them, and the diagnostics of the values that point nowhere or into a
/// string value.
pub(crate) fn report_root_values(
    db: &Database,
    root_inputs: RootInputs,
    evaluated: &[tofu_semantic::Diagnostic],
    sources: &mut Vec<CheckedFile>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let values = root_variable_values(db, root_inputs);

    let mut string_places = values.string_places.iter().peekable();
    // Evaluation's diagnostics in variables files (a value set to null
    // for a variable that may not be null).
    let mut in_files: Vec<(Input, &tofu_semantic::Diagnostic)> = evaluated
        .iter()
        .filter_map(|d| Some((d.location?.file, d)))
        .collect();
    for (index, found) in values.diagnostics.iter().enumerate() {
        if let Some(location) = found.location {
            in_files.push((location.file, found));
            continue;
        }
        let diagnostic =
            Diagnostic::new(found.severity, found.code, &found.detail).with_summary(&found.summary);
        match string_places.next_if(|place| place.diagnostic == index) {
            Some(place) => {
                let file = FileId(sources.len() as u32);
                let parse = tofu_syntax::parse_expression(&place.text, &place.file_name);
                sources.push(CheckedFile::unavailable(
                    place.file_name.clone(),
                    place.text.clone(),
                    parse.green().clone(),
                ));
                diagnostics.push(Diagnostic {
                    context: place.context,
                    ..diagnostic.with_location(file, place.range)
                });
            }
            None => diagnostics.push(diagnostic),
        }
    }

    for source in root_inputs.sources(db) {
        let (VariableSource::AutoFile(input) | VariableSource::NamedFile(input)) = source else {
            continue;
        };
        let parsed = parse_variables_file(db, *input);
        let located: Vec<&tofu_semantic::Diagnostic> = in_files
            .iter()
            .filter(|(file, _)| file == input)
            .map(|(_, d)| *d)
            .collect();
        if parsed.errors.is_empty() && located.is_empty() {
            continue;
        }
        let file = FileId(sources.len() as u32);
        sources.push(CheckedFile::new(
            input.path(db).clone(),
            parsed.kind,
            input.text(db).clone(),
            parsed.green.clone(),
        ));
        for error in &parsed.errors {
            diagnostics.push(error.clone().in_file(file));
        }
        for found in located {
            if found.location.is_none() {
                continue;
            }
            diagnostics.push(Diagnostic {
                function_call: None,
                deprecation: None,
                ..found.clone().map_file(|_| file)
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_files_by_name() {
        assert!(is_auto_var_file("a.auto.tfvars"));
        assert!(is_auto_var_file("a.auto.tfvars.json"));
        assert!(!is_auto_var_file("terraform.tfvars"));
        assert!(!is_auto_var_file("a.auto.tfvars.bak"));
    }

    #[test]
    fn go_wording_of_read_errors() {
        let err = io::Error::from(io::ErrorKind::IsADirectory);
        assert_eq!(go_error(&err, "vars"), "read vars: is a directory");
        let err = io::Error::from(io::ErrorKind::PermissionDenied);
        assert_eq!(go_error(&err, "vars"), "open vars: permission denied");
    }
}
