//! Checking a tree of modules once: the host loads it (discovery, then
//! reading every file in parallel), then reports the diagnostics of all
//! of it in a stable order.

use std::{
    fmt, io,
    path::{Path, PathBuf},
    sync::Arc,
    time::{Duration, Instant},
};

use tofu_eval::FileSystem;

pub use crate::diagnostic::{Diagnostic, FileId, Location, Severity};
use crate::{
    analyzer_config::Exclusions, discovery::Module, host::AnalysisHost, policy::Policy,
    source::CheckedFile, variable_inputs::VariableInputs,
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

/// A file system the host and the evaluations it runs read through.
pub type SharedFileSystem = Arc<dyn FileSystem + Send + Sync>;

#[derive(Default, Clone, Copy)]
pub struct CheckOptions<'a> {
    /// Where every file is read from: the tree, `modules.json`, variables
    /// files, provider schemas, and what evaluation reads (`file()`,
    /// `templatefile()`, ...). Paths are the ones given (the root, `-var-file`s,
    /// `provider_schemas`), as the file system takes them. `None` is the
    /// disk, with the working directory and `HOME` of the variables'
    /// [`VariableInputs`] (the root and none without them).
    pub file_system: Option<&'a SharedFileSystem>,
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
    /// `tofu providers schema -json` documents to check resources and
    /// provider configurations against. With none, nothing is checked
    /// against a schema (not even the built-in provider's), as before
    /// schemas existed.
    pub provider_schemas: &'a [PathBuf],
    /// Record the name of every query the host's database executes, for
    /// [`AnalysisHost::take_executed_queries`](crate::host::AnalysisHost::take_executed_queries)
    /// (what an edit re-ran). Each executed query costs a little more.
    pub log_queries: bool,
}

/// Everything a check found.
#[derive(Debug, Clone)]
pub struct CheckReport {
    /// The directory as given.
    pub root: PathBuf,
    pub modules: std::sync::Arc<Vec<Module>>,
    /// The files that diagnostics point into; [`FileId`]s index this.
    pub sources: Vec<CheckedFile>,
    /// Sourceless ones first, then by file path and position.
    pub diagnostics: Vec<Diagnostic>,
    pub elapsed: Duration,
    /// Whether the root module's configuration (the root directory's module
    /// and the modules it calls) loads as OpenTofu loads it, without syntax
    /// or load-time errors or cycles, so that it was evaluated.
    pub loads: bool,
}

impl CheckReport {
    pub fn source(&self, file: FileId) -> &CheckedFile {
        &self.sources[file.0 as usize]
    }

    /// The diagnostics as lines to compare two reports by (each with its
    /// file's path and range, severity, summary and detail), the time
    /// and the files' texts left out.
    pub fn comparable_lines(&self) -> Vec<String> {
        self.diagnostics
            .iter()
            .map(|d| {
                let place = d.location.map(|l| {
                    let source = self.source(l.file);
                    format!("{}:{:?}", source.path, l.range)
                });
                format!("{place:?} {:?} {} {}", d.severity, d.summary, d.detail)
            })
            .collect()
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
/// configuration files: a host loaded for one report. Never writes to
/// the tree.
pub fn check_tree(root: &Path, options: &CheckOptions<'_>) -> Result<CheckReport, CheckError> {
    let started = Instant::now();
    let host = AnalysisHost::load(root, options)?;
    let analysis = host.analysis();
    let mut report = analysis
        .report_with_progress(options.progress)
        .expect("nothing changes the host while it reports");
    report.elapsed = started.elapsed();
    // Freeing every memoised query takes a while and nobody waits for it.
    drop(analysis);
    std::thread::spawn(move || drop(host));
    Ok(report)
}
