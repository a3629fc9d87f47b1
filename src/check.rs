//! Checking a tree of modules: discovery, then parsing every file in
//! parallel, then the diagnostics of all of it in a stable order.
//!
//! Each stage hands plain data to the next, so that a database can later
//! take the place of the loop in the middle.

use std::{
    fmt, fs, io,
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use rayon::prelude::*;
use tofu_diagnostics::Code;
use tofu_syntax::SyntaxError;

pub use crate::diagnostic::{Diagnostic, FileId, Location, Severity};
use crate::{
    analyzer_config::Exclusions,
    discovery::{self, Module},
    ignores::Ignores,
    module_files::ModuleFile,
    policy::Policy,
    semantic,
    source::{self, CheckedFile},
    variable_inputs::{VariableInputs, load_root_inputs, report_root_values, root_module},
};

/// Told how far a check has got; called from several threads at once.
pub trait Progress: Sync {
    /// Discovery is done and this many files are to be parsed.
    fn start(&self, files: usize);
    /// One more file is done.
    fn file_done(&self);
    /// A later phase begins: `steps` more of `what` are to be done
    /// (modules checked, module instances evaluated).
    fn phase(&self, what: &'static str, steps: usize) {
        let _ = (what, steps);
    }
    /// One more step of the current phase is done.
    fn step(&self) {}
}

#[derive(Default, Clone, Copy)]
pub struct CheckOptions<'a> {
    pub progress: Option<&'a dyn Progress>,
    /// Check as `tofu plan -input=false -refresh=false` would: the root
    /// module's variable values are read from these sources and the
    /// root's tfvars files, and what reading them reports is reported.
    /// Without it, as `tofu validate`, they are read only for static
    /// evaluation (module sources, backends, `const` variables), and
    /// nothing about them is reported.
    pub plan: Option<VariableInputs<'a>>,
    /// Where static evaluation takes the root module's values from
    /// without `plan`: these sources and the root's tfvars files (the
    /// root's tfvars files alone when `None`).
    pub variables: Option<VariableInputs<'a>>,
    /// Directories and files left out of the check (`exclude`).
    pub exclude: Option<&'a Exclusions>,
    /// Codes disabled or given another severity; inline ignore
    /// annotations are honoured whatever this is.
    pub policy: Option<&'a Policy>,
}

/// Everything a check found.
#[derive(Debug, Clone)]
pub struct CheckReport {
    /// The directory as given.
    pub root: PathBuf,
    pub modules: Vec<Module>,
    /// The files that diagnostics point into; [`FileId`]s index this.
    pub sources: Vec<CheckedFile>,
    /// Sourceless ones first, then by file path and position.
    pub diagnostics: Vec<Diagnostic>,
    pub elapsed: Duration,
}

impl CheckReport {
    pub fn source(&self, file: FileId) -> &CheckedFile {
        &self.sources[file.0 as usize]
    }

    pub fn file_count(&self) -> usize {
        self.modules.iter().map(|module| module.files.len()).sum()
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.severity == severity)
            .count()
    }

    pub fn error_count(&self) -> usize {
        self.count(Severity::Error)
    }

    pub fn warning_count(&self) -> usize {
        self.count(Severity::Warning)
    }

    pub fn has_errors(&self) -> bool {
        self.error_count() > 0
    }
}

/// Why a tree could not be checked at all.
#[derive(Debug)]
pub enum CheckError {
    NotADirectory(PathBuf),
    Unreadable(PathBuf, io::Error),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::NotADirectory(path) => write!(f, "{} is not a directory", path.display()),
            CheckError::Unreadable(path, err) => write!(f, "cannot read {}: {err}", path.display()),
        }
    }
}

impl std::error::Error for CheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckError::NotADirectory(_) => None,
            CheckError::Unreadable(_, err) => Some(err),
        }
    }
}

/// Checks `root` as a module and every directory below it that holds
/// configuration files. Never writes to the tree.
pub fn check_tree(root: &Path, options: &CheckOptions<'_>) -> Result<CheckReport, CheckError> {
    crate::on_analysis_threads(|| check_tree_here(root, options))
}

/// [`check_tree`] on the current thread.
fn check_tree_here(root: &Path, options: &CheckOptions<'_>) -> Result<CheckReport, CheckError> {
    let started = Instant::now();
    let unreadable = |err| CheckError::Unreadable(root.to_path_buf(), err);
    if !fs::metadata(root).map_err(unreadable)?.is_dir() {
        return Err(CheckError::NotADirectory(root.to_path_buf()));
    }
    let discovered = match options.exclude {
        Some(exclude) => discovery::discover_excluding(root, exclude),
        None => discovery::discover(root),
    }
    .map_err(unreadable)?;

    let outcomes = check_files(&discovered.modules, options.progress);

    let mut diagnostics = discovered.problems;
    diagnostics.extend(shadowing_notes(&discovered.modules));
    if discovered.modules.is_empty() {
        diagnostics.push(no_configuration(root));
    }
    // One entry per module file, in module order.
    let mut texts = Vec::new();
    let mut encoding_errors = Vec::new();
    for outcome in outcomes {
        match outcome {
            FileOutcome::Unreadable(diagnostic) => {
                diagnostics.push(diagnostic);
                texts.push(None);
                encoding_errors.push(None);
            }
            FileOutcome::Read {
                text,
                encoding_error,
            } => {
                texts.push(Some(text));
                encoding_errors.push(Some(encoding_error));
            }
        }
    }
    let mut loaded = semantic::load(&discovered.modules, &discovered.installed, texts);
    // The root's values are read in both modes, as `tofu validate` reads
    // them for static evaluation; only a plan reports on them.
    let no_options = VariableInputs {
        options: &[],
        working_dir: root,
        environment: &[],
    };
    let inputs = options
        .plan
        .as_ref()
        .or(options.variables.as_ref())
        .unwrap_or(&no_options);
    let static_inputs = load_root_inputs(&loaded.db, root_module(&loaded), root, inputs);
    semantic::set_static_inputs(&mut loaded, static_inputs, root);
    let root_inputs = options.plan.is_some().then_some(static_inputs);
    let checked = semantic::check(&loaded, root, root_inputs, options.progress);
    let (syntax_errors, semantic) = (checked.syntax_errors, checked.diagnostics);
    let incompatible = incompatible_files(&discovered.modules, &semantic);

    // Only files with something to show are kept for rendering.
    let mut sources = Vec::new();
    let mut semantic = semantic.into_iter().peekable();
    while let Some(sourceless) = semantic.next_if(|d| d.location.is_none()) {
        diagnostics.push(
            Diagnostic::new(sourceless.severity, sourceless.code, sourceless.detail)
                .with_summary(sourceless.summary),
        );
    }
    for (index, (syntax_errors, encoding_error)) in
        syntax_errors.into_iter().zip(encoding_errors).enumerate()
    {
        let Some(encoding_error) = encoding_error else {
            continue;
        };
        let mut errors: Vec<SyntaxError> = encoding_error.into_iter().collect();
        errors.extend(syntax_errors);
        if incompatible.contains(&index) {
            errors.clear();
        }
        let mut file_semantic = Vec::new();
        while let Some(found) = semantic.next_if(|d| d.location.is_some_and(|l| l.file == index)) {
            file_semantic.push(found);
        }
        let input = loaded.files[index];
        let mut ignores = Ignores::read(input.text(&loaded.db), || {
            tofu_semantic::parse(&loaded.db, input).green.clone()
        });
        ignores.filter(&mut errors);
        ignores.filter(&mut file_semantic);
        let ignore_problems = ignores.problems();
        if errors.is_empty() && file_semantic.is_empty() && ignore_problems.is_empty() {
            continue;
        }
        let file = FileId(sources.len() as u32);
        let parsed = tofu_semantic::parse(&loaded.db, input);
        sources.push(CheckedFile::new(
            input.path(&loaded.db).clone(),
            parsed.kind,
            input.text(&loaded.db).clone(),
            parsed.green.clone(),
        ));
        diagnostics.extend(errors.into_iter().map(|error| error.in_file(file)));
        diagnostics.extend(ignore_problems.into_iter().map(|d| d.in_file(file)));
        diagnostics.extend(
            file_semantic
                .into_iter()
                .filter(|d| d.location.is_some())
                .map(|d| d.map_file(|_| file)),
        );
    }
    if let Some(inputs) = root_inputs {
        report_root_values(
            &loaded,
            inputs,
            &checked.elsewhere,
            &mut sources,
            &mut diagnostics,
        );
    }
    if let Some(policy) = options.policy {
        policy.apply(&mut diagnostics);
    }
    sort_diagnostics(&mut diagnostics, &sources);
    // Freeing every memoised query takes a while and nobody waits for it.
    std::thread::spawn(move || drop(loaded));

    Ok(CheckReport {
        root: root.to_path_buf(),
        modules: discovered.modules,
        sources,
        diagnostics,
        elapsed: started.elapsed(),
    })
}

/// The files (by index, in module order) of the modules that exclude this
/// version of OpenTofu: as `finalizeModuleLoadDiagnostics` does, nothing
/// else is reported about them, their syntax errors included.
fn incompatible_files(
    modules: &[Module],
    semantic: &[semantic::FileDiagnostic],
) -> std::collections::HashSet<usize> {
    let flagged: std::collections::HashSet<usize> = semantic
        .iter()
        .filter(|d| d.code == tofu_diagnostics::Code::IncompatibleModule)
        .filter_map(|d| d.location.map(|l| l.file))
        .collect();
    let mut out = std::collections::HashSet::new();
    let mut start = 0;
    for module in modules {
        let files = start..start + module.files.len();
        if files.clone().any(|i| flagged.contains(&i)) {
            out.extend(files.clone());
        }
        start = files.end;
    }
    out
}

/// Reads every file of every module, in parallel; the
/// outcomes come back in the order of the modules and their files.
fn check_files(modules: &[Module], progress: Option<&dyn Progress>) -> Vec<FileOutcome> {
    let jobs: Vec<(&Module, &ModuleFile)> = modules
        .iter()
        .flat_map(|module| module.files.iter().map(move |file| (module, file)))
        .collect();
    if let Some(progress) = progress {
        progress.start(jobs.len());
    }
    jobs.par_iter()
        .map(|&(module, file)| {
            let outcome = check_file(module, file);
            if let Some(progress) = progress {
                progress.file_done();
            }
            outcome
        })
        .collect()
}

enum FileOutcome {
    Unreadable(Diagnostic),
    /// The text, and the error for its first bytes that are not UTF-8.
    Read {
        text: String,
        encoding_error: Option<SyntaxError>,
    },
}

fn check_file(module: &Module, file: &ModuleFile) -> FileOutcome {
    let path = module.file_path(&file.name);
    let bytes = match fs::read(module.path.join(&file.name)) {
        Ok(bytes) => bytes,
        Err(err) => {
            return FileOutcome::Unreadable(Diagnostic::error(
                Code::FailedToReadFile,
                format!("The file \"{path}\" could not be read: {err}."),
            ));
        }
    };
    let decoded = source::decode(bytes);
    FileOutcome::Read {
        encoding_error: decoded.first_invalid.map(source::encoding_error),
        text: decoded.text,
    }
}

/// OpenTofu only logs that it skipped a shadowed file; a note makes sure
/// nobody edits the file that is not read.
fn shadowing_notes(modules: &[Module]) -> impl Iterator<Item = Diagnostic> + '_ {
    modules.iter().flat_map(|module| {
        module.shadowed.iter().map(|shadowed| {
            Diagnostic::note(
                Code::IgnoredFile,
                format!(
                    "OpenTofu does not load {} because {} takes its place.",
                    module.file_path(&shadowed.name),
                    shadowed.shadowed_by
                ),
            )
        })
    })
}

/// An empty module is valid to OpenTofu, but a whole tree without
/// configuration is most likely the wrong directory.
fn no_configuration(root: &Path) -> Diagnostic {
    Diagnostic::warning(
        Code::NoConfigurationFiles,
        format!(
            "The directory {} and its subdirectories contain no OpenTofu configuration files.",
            root.display()
        ),
    )
}

/// Sourceless diagnostics keep their order of discovery, which follows
/// the tree; the others go by path (compared component by component, as
/// the walk goes). Within a file they keep the order HCL reports them in,
/// as `tofu validate` prints them: the stable sort leaves it alone.
fn sort_diagnostics(diagnostics: &mut [Diagnostic], sources: &[CheckedFile]) {
    diagnostics.sort_by_cached_key(|diagnostic| {
        diagnostic
            .location
            .map(|location| PathBuf::from(&sources[location.file.0 as usize].path))
    });
}
