//! The analysis host: one loader for every client (`check`, the console,
//! `graph`, editors and embedders), which owns the database, applies
//! [`Change`]s to it and hands out [`Analysis`] snapshots.
//!
//! As rust-analyzer's `AnalysisHost`: a snapshot is a handle of the same
//! database that answers on any thread while the host waits. Applying a
//! change cancels every snapshot still computing (its call returns
//! `Err(Cancelled)`) and waits until they are dropped, so a snapshot
//! kept idle blocks the next change: drop it when the answer is in.

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
    sync::{Arc, atomic::AtomicBool},
};

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use salsa::{Durability, Setter};
use tofu_diagnostics::Code;
use tofu_eval::{FileKind, FileSystem, lexically_normalized};
use tofu_semantic::{
    CalledDir, Database, EvalMode, Evaluation, ExternalFiles, InstanceAddr, ModuleDir,
    ProviderSchemaSet, RootInputs, SchemaDocument, SourceFile, VariableSource, Workspace,
    chunk_count, local_source_dir, module_calls, module_providers, prime_instances,
    prime_module_graph, sync_module_graph,
};
use tofu_syntax::SyntaxError;

use crate::{
    analysis::Analysis,
    analyzer_config::Exclusions,
    called_dirs::{self, CalledDirectory},
    check::{CheckError, CheckOptions, SharedFileSystem},
    diagnostic::Diagnostic,
    discovery::{self, MODULES_MANIFEST, Module},
    disk::DiskFileSystem,
    isolation::isolated,
    module_files::{self, FileRole},
    policy::Policy,
    semantic::{Evaluations, PlacedEvaluations},
    source,
    variable_inputs::{VariableInputs, load_root_inputs},
};

/// The result of a question to a snapshot: `Err` when a change to the
/// host cancelled it, and the question should be asked again of a new
/// snapshot.
pub type Cancellable<T> = Result<T, salsa::Cancelled>;

/// Edits to apply to a host at once: files set to a text (added when new)
/// or removed, by their paths relative to the tree's root.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Change {
    files: Vec<(String, Option<String>)>,
    outside: Vec<PathBuf>,
}

impl Change {
    pub fn new() -> Change {
        Change::default()
    }

    /// Sets the text of a configuration or variables file of the tree,
    /// adding it (and its module, if its directory had none) when new.
    /// A module's `.terraform/modules/modules.json` is taken as this text:
    /// the modules the manifests list are loaded again.
    pub fn set_file(&mut self, path: impl Into<String>, text: impl Into<String>) {
        self.files.push((path.into(), Some(text.into())));
    }

    /// Removes a file from the tree; its module goes with its last file.
    pub fn remove_file(&mut self, path: impl Into<String>) {
        self.files.push((path.into(), None));
    }

    /// Says that a file outside the configuration (a template, a file
    /// `file()` or `fileset()` reads; relative to the root, or absolute)
    /// changed on disk, appeared or went: what read it is evaluated again.
    /// A module's `.terraform/modules/modules.json` is read again from the
    /// host's file system, and the modules the manifests list with it.
    pub fn changed_on_disk(&mut self, path: impl Into<PathBuf>) {
        self.outside.push(path.into());
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.outside.is_empty()
    }
}

/// Owns the database of one tree and keeps it up to date.
pub struct AnalysisHost {
    db: Database,
    tree: Arc<Tree>,
    /// Where every file is read from, evaluation's included.
    fs: SharedFileSystem,
    /// The texts of the modules' `modules.json` manifests that changes
    /// set (`None`: removed), by module directory; the others are read
    /// from `fs`.
    manifests: BTreeMap<String, Option<String>>,
    /// The modules added because a manifest lists them, by directory.
    installed_dirs: Vec<String>,
    /// The files set since loading (see [`Lowered`]).
    lowered: Lowered,
}

/// The files set since loading, at low durability. Setting one of the
/// others is a change at medium durability (the first edit of a loaded
/// file), after which salsa verifies every memo before trusting it again.
#[derive(Default)]
struct Lowered {
    files: rustc_hash::FxHashSet<SourceFile>,
    /// Whether a file was set for the first time since the last sync.
    first_edit: bool,
}

impl Lowered {
    fn note(&mut self, file: SourceFile) {
        self.first_edit |= self.files.insert(file);
    }
}

/// A file system the loader can share between threads.
type Fs = dyn FileSystem + Send + Sync;

/// Why a file of the tree has no text of its own.
#[derive(Debug, Clone)]
pub(crate) enum ReadProblem {
    /// It could not be read: loaded as missing, with this diagnostic.
    Unreadable(Diagnostic),
    /// Some of its bytes are not UTF-8: HCL's error for the first run.
    Encoding(SyntaxError),
}

/// What the host knows of its tree besides the database; snapshots share
/// it, and a change makes a new one when it adds or removes files.
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    /// The directory as given.
    pub root: PathBuf,
    /// The same, absolute: `path.cwd`, where evaluation reads files.
    pub base_dir: PathBuf,
    /// The same with its links resolved: what the names of module
    /// directories outside the root are relative to.
    canonical_root: PathBuf,
    /// What the user left out of the check.
    exclude: Option<Exclusions>,
    /// What evaluation reads from outside the configuration.
    pub external_files: ExternalFiles,
    /// The modules as discovery found them, with their files' names
    /// (shared with every report).
    pub modules: Arc<Vec<Module>>,
    /// Their inputs, in the same order.
    pub dirs: Vec<ModuleDir>,
    /// What discovery could not look at, and the notes about files it
    /// left out.
    pub problems: Vec<Diagnostic>,
    /// Every configuration file loaded so far, by path (removed ones too:
    /// salsa inputs are never deleted, only marked as missing).
    pub inputs: HashMap<String, SourceFile>,
    /// The files of the modules, in module order (see [`Tree::files`]).
    files: Vec<SourceFile>,
    /// Each of `files` by its index there: every report reads it.
    file_index: FxHashMap<SourceFile, usize>,
    /// Each module's index in `modules` (and `dirs`) by its directory:
    /// every edit looks up the module of the file it changes.
    module_index: FxHashMap<String, usize>,
    /// The test files of the modules, by path, in module order: inputs
    /// apart from the configuration, which no query of a module reads.
    pub test_files: Vec<SourceFile>,
    pub read_problems: HashMap<String, ReadProblem>,
    /// The root module's variables files, by the name the root's values
    /// know them by.
    pub value_files: BTreeMap<String, SourceFile>,
    pub workspace: Workspace,
    /// The root module: the one in the root directory, or an empty one
    /// outside the workspace when that holds no configuration.
    pub root_module: ModuleDir,
    pub evaluations: Evaluations,
    /// The chunks of jobs the evaluations that report are gathered in.
    pub placed_jobs: PlacedEvaluations,
    /// The values of the root module's variables, as static evaluation,
    /// plans and the console read them.
    pub root_inputs: RootInputs,
    /// The console's evaluation: the root's values, and the names a
    /// plan would give them.
    pub console: Evaluation,
    pub policy: Option<Policy>,
    /// Set once diagnostics have been computed: the first report
    /// computes each module and instance on its own, in parallel.
    pub reported: Arc<AtomicBool>,
}

impl Tree {
    /// The configuration files of every module, in module order.
    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// Each of [`Tree::files`] by its index there.
    pub fn file_index(&self) -> &FxHashMap<SourceFile, usize> {
        &self.file_index
    }

    /// [`Tree::files`] and the index of the modules made again after the
    /// modules changed.
    fn reindex(&mut self) {
        self.module_index = self
            .modules
            .iter()
            .enumerate()
            .map(|(i, m)| (m.dir.clone(), i))
            .collect();
        self.files = self
            .modules
            .iter()
            .flat_map(|module| {
                module
                    .files
                    .iter()
                    .map(|file| self.inputs[&module.file_path(&file.name)])
            })
            .collect();
        self.file_index = self
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| (*f, i))
            .collect();
    }

    pub fn module(&self, dir: &str) -> Option<ModuleDir> {
        Some(self.dirs[*self.module_index.get(dir)?])
    }

    /// A configuration or variables file of the tree by its path.
    pub fn file(&self, path: &str) -> Option<SourceFile> {
        match self.module_index_of(path) {
            Some(_) => self.inputs.get(path).copied(),
            None => self.value_files.get(path).copied(),
        }
    }

    pub fn module_of(&self, path: &str) -> Option<ModuleDir> {
        Some(self.dirs[self.module_index_of(path)?])
    }

    /// The module that has the configuration file `path`: the one of its
    /// directory, if that lists the file.
    fn module_index_of(&self, path: &str) -> Option<usize> {
        let (dir, name) = path.rsplit_once('/').unwrap_or(("", path));
        let index = *self.module_index.get(dir)?;
        self.modules[index]
            .files
            .iter()
            .any(|f| f.name == name)
            .then_some(index)
    }
}

impl AnalysisHost {
    /// Finds the modules under `root` (every directory below it that
    /// holds configuration files, and what `tofu init` installed), reads
    /// their files and the root module's values, and loads them, all from
    /// [`CheckOptions::file_system`]. Only a root that cannot be read at
    /// all is an error.
    pub fn load(root: &Path, options: &CheckOptions<'_>) -> Result<AnalysisHost, CheckError> {
        crate::on_analysis_threads(|| AnalysisHost::load_here(root, options))
    }

    fn load_here(root: &Path, options: &CheckOptions<'_>) -> Result<AnalysisHost, CheckError> {
        // The root's values are read in every mode, as `tofu validate`
        // reads them for static evaluation; only a plan reports on them.
        let no_options = VariableInputs {
            options: &[],
            working_dir: root,
            environment: &[],
        };
        let values = options
            .plan
            .as_ref()
            .or(options.variables.as_ref())
            .unwrap_or(&no_options);
        let fs: SharedFileSystem = match options.file_system {
            Some(fs) => Arc::clone(fs),
            None => Arc::new(DiskFileSystem::from_environment(
                values.working_dir,
                values.environment,
            )),
        };
        let unreadable = |err| CheckError::Unreadable(root.to_path_buf(), err);
        if fs.kind(root).map_err(unreadable)? != FileKind::Directory {
            return Err(CheckError::NotADirectory(root.to_path_buf()));
        }
        let no_exclusions = Exclusions::none();
        let exclude = options.exclude.unwrap_or(&no_exclusions);
        let discovered =
            discovery::discover_excluding(fs.as_ref(), root, exclude).map_err(unreadable)?;
        let installed_dirs = discovered.installed_dirs.clone();
        let mut problems = discovered.problems;
        problems.extend(shadowing_notes(&discovered.modules));
        if discovered.modules.is_empty() {
            problems.push(no_configuration(root));
        }

        let db = if options.log_queries {
            Database::with_execution_log()
        } else {
            Database::default()
        };
        let mut inputs = HashMap::new();
        let mut read_problems = HashMap::new();
        let dirs = add_modules(
            &db,
            &discovered.modules,
            read_files(fs.as_ref(), &discovered.modules, options.progress),
            &mut inputs,
            &mut read_problems,
        );
        let test_files = load_test_files(fs.as_ref(), &db, &discovered.modules, &mut read_problems);
        let workspace = Workspace::builder(dirs.clone(), discovered.installed.clone())
            .durability(Durability::HIGH)
            .new(&db);
        let root_module = discovered
            .modules
            .iter()
            .position(|m| m.dir.is_empty())
            .map(|i| dirs[i])
            .unwrap_or_else(|| ModuleDir::new(&db, String::new(), Vec::new(), Vec::new()));

        let root_inputs = load_root_inputs(fs.as_ref(), &db, root_module, root, values);
        let absolute_root = absolute_root(options.file_system.is_some(), fs.as_ref(), root);
        let base_dir = absolute_root.to_string_lossy().into_owned();
        let external_files = ExternalFiles::new(Arc::clone(&fs));
        let mut db = db;
        workspace
            .set_external_files(&mut db)
            .with_durability(Durability::HIGH)
            .to(Some(external_files.clone()));
        workspace
            .set_root_inputs(&mut db)
            .with_durability(Durability::HIGH)
            .to(Some(root_inputs));
        workspace
            .set_base_dir(&mut db)
            .with_durability(Durability::HIGH)
            .to(base_dir.clone());
        let value_files = root_inputs
            .sources(&db)
            .iter()
            .filter_map(|source| match source {
                VariableSource::AutoFile(file) | VariableSource::NamedFile(file) => {
                    Some((file.path(&db).clone(), *file))
                }
                _ => None,
            })
            .collect();
        let evaluations = Evaluations::new(
            &db,
            workspace,
            &base_dir,
            root_inputs,
            options.plan.is_some(),
        );
        if !options.provider_schemas.is_empty() {
            let (set, schema_problems) =
                load_provider_schemas(fs.as_ref(), options.provider_schemas);
            problems.extend(schema_problems);
            workspace
                .set_provider_schemas(&mut db)
                .with_durability(Durability::HIGH)
                .to(Some(Arc::new(set)));
        }
        let console =
            Evaluation::builder(workspace, EvalMode::Console, Some(root_inputs), base_dir)
                .durability(Durability::HIGH)
                .new(&db);

        // What the module graph reads of every module (its calls and
        // providers, so its files' syntax and load-time checks), in
        // parallel, before the graph is walked once.
        dirs.par_iter().for_each_with(db.clone(), |db, dir| {
            module_calls(db, *dir);
            module_providers(db, *dir);
        });

        let mut tree = Tree {
            files: Vec::new(),
            file_index: FxHashMap::default(),
            module_index: FxHashMap::default(),
            test_files,
            root: root.to_path_buf(),
            canonical_root: called_dirs::canonical_root(fs.as_ref(), root),
            exclude: options.exclude.cloned(),
            base_dir: absolute_root,
            external_files,
            modules: Arc::new(discovered.modules),
            dirs: dirs.clone(),
            problems,
            inputs,
            read_problems,
            value_files,
            workspace,
            root_module,
            evaluations,
            placed_jobs: PlacedEvaluations::unplaced(&evaluations),
            root_inputs,
            console,
            policy: options.policy.cloned(),
            reported: Arc::default(),
        };
        tree.reindex();
        let mut host = AnalysisHost {
            db,
            tree: Arc::new(tree),
            fs,
            manifests: BTreeMap::new(),
            installed_dirs,
            lowered: Lowered::default(),
        };
        host.follow_local_calls(dirs, false);
        host.sync();
        Ok(host)
    }

    /// Loads the directories that the local calls of `modules` (and of
    /// the modules those load, and so on) name and the workspace does not
    /// have yet (see [`called_dirs`]), and records where each leads.
    /// `again`: what was found before is forgotten and found anew.
    fn follow_local_calls(&mut self, mut modules: Vec<ModuleDir>, again: bool) {
        let before = self.tree.workspace.called_dirs(&self.db).clone();
        let mut called = if again { Vec::new() } else { before.clone() };
        let mut added_any = false;
        while !modules.is_empty() {
            let called_dirs: std::collections::HashSet<&str> =
                called.iter().map(|(dir, _)| dir.as_str()).collect();
            let known = |dir: &str| self.tree.module(dir).is_some() || called_dirs.contains(dir);
            let mut wanted = std::collections::BTreeSet::new();
            for module in &modules {
                let caller = module.dir(&self.db);
                for call in module_calls(&self.db, *module) {
                    let Some(dir) = call
                        .source
                        .as_deref()
                        .and_then(|source| local_source_dir(caller, source))
                    else {
                        continue;
                    };
                    if !known(&dir) {
                        wanted.insert(dir);
                    }
                }
            }
            drop(called_dirs);
            let mut new_modules: Vec<Module> = Vec::new();
            for dir in wanted {
                let tree = &self.tree;
                let is_module = |name: &str| {
                    tree.module(name).is_some() || new_modules.iter().any(|m| m.dir == name)
                };
                match called_dirs::resolve(
                    self.fs.as_ref(),
                    &tree.root,
                    &tree.canonical_root,
                    &dir,
                    tree.exclude.as_ref(),
                    is_module,
                ) {
                    CalledDirectory::Found { dir: name, new } => {
                        if name != dir {
                            called.push((dir, CalledDir::Module(name)));
                        }
                        new_modules.extend(new);
                    }
                    CalledDirectory::Unreadable(reason) => {
                        called.push((dir, CalledDir::Unreadable(reason)));
                    }
                    CalledDirectory::Excluded => {}
                }
            }
            if new_modules.is_empty() {
                break;
            }
            added_any = true;
            let tree = Arc::make_mut(&mut self.tree);
            modules = add_modules(
                &self.db,
                &new_modules,
                read_files(self.fs.as_ref(), &new_modules, None),
                &mut tree.inputs,
                &mut tree.read_problems,
            );
            tree.dirs.extend(modules.iter().copied());
            Arc::make_mut(&mut tree.modules).extend(new_modules);
            tree.reindex();
        }
        let workspace = self.tree.workspace;
        if added_any {
            let tree = Arc::make_mut(&mut self.tree);
            workspace.set_modules(&mut self.db).to(tree.dirs.clone());
            tree.problems = rebuilt_problems(&tree.problems, &tree.modules, &tree.root);
        }
        if called != before {
            workspace
                .set_called_dirs(&mut self.db)
                .with_durability(Durability::HIGH)
                .to(called);
        }
    }

    /// A snapshot of the tree as it is now.
    pub fn analysis(&self) -> Analysis {
        Analysis::new(self.db.clone(), Arc::clone(&self.tree))
    }

    /// The names of the queries executed since the last call (snapshots
    /// included), in order; empty unless loaded with
    /// [`CheckOptions::log_queries`].
    pub fn take_executed_queries(&self) -> Vec<String> {
        self.db.take_executed()
    }

    /// The directory the tree was loaded from.
    pub fn root(&self) -> &Path {
        &self.tree.root
    }

    /// Applies edits. Cancels the snapshots still computing and waits
    /// until every snapshot is dropped.
    pub fn apply_change(&mut self, change: Change) {
        let dirs_before = self.tree.dirs.clone();
        let mut edited = Vec::new();
        let mut manifests_changed = false;
        for (path, text) in change.files {
            if let Some(dir) = manifest_dir(&path) {
                self.manifests.insert(dir.to_owned(), text);
                manifests_changed = true;
                continue;
            }
            match text {
                Some(text) => self.set_file(path.clone(), text),
                None => self.remove_file(&path),
            }
            edited.extend(self.tree.module_of(&path));
        }
        let base = lexically_normalized(&self.tree.base_dir);
        for path in &change.outside {
            let path = lexically_normalized(&self.tree.base_dir.join(path));
            // A path outside the root is named with `..`s: no manifest.
            let relative = called_dirs::relative_name(&base, &path);
            if let Some(dir) = manifest_dir(&relative) {
                // Read again from the file system from now on.
                self.manifests.remove(dir);
                manifests_changed = true;
            }
        }
        if manifests_changed {
            self.reinstall_modules();
        }
        edited.dedup();
        if self.tree.dirs == dirs_before {
            // An edit may add a call of a directory that is not loaded yet.
            self.follow_local_calls(edited, false);
        } else {
            // A module came or went: what every local call names is
            // looked at again (a module that lost its last file may still
            // be called, as an empty directory).
            self.follow_local_calls(self.tree.dirs.clone(), true);
        }
        for path in change.outside {
            let path = self.tree.base_dir.join(path);
            self.tree.external_files.changed(&mut self.db, &path);
        }
        self.sync();
    }

    /// Sets what queries read of the tree as a whole, as the files now
    /// give it: the module graph, then the chunks of the evaluations'
    /// jobs.
    fn sync(&mut self) {
        if std::mem::take(&mut self.lowered.first_edit) {
            self.prime();
        }
        sync_module_graph(&mut self.db, self.tree.workspace);
        // Most edits change no chunk: the tree, which snapshots may
        // share, is copied only when the placing changed.
        let mut placed = self.tree.placed_jobs.clone();
        if placed.update(&mut self.db) {
            Arc::make_mut(&mut self.tree).placed_jobs = placed;
        }
    }

    /// Verifies in parallel what [`AnalysisHost::sync`] reads, after the
    /// first edit of a loaded file: salsa verifies every memo then, and
    /// the module graph's walk and the placing of the jobs would verify
    /// theirs one after another. The instances are those placed last,
    /// children first; a failure here shows again, and is reported, where
    /// the same is asked after.
    fn prime(&self) {
        let workspace = self.tree.workspace;
        let chunks = chunk_count(workspace.modules(&self.db).len());
        let db = self.db.clone();
        let placed = &self.tree.placed_jobs;
        crate::on_analysis_threads(move || {
            (0..chunks)
                .into_par_iter()
                .for_each_with(db.clone(), |db, chunk| {
                    let _ = isolated(|| prime_module_graph(db, workspace, chunk));
                });
            for placed in placed.iter() {
                let Ok(jobs) = &placed.jobs else {
                    continue;
                };
                let instances: Vec<&InstanceAddr> = jobs.instances().rev().collect();
                instances.par_iter().for_each_with(db.clone(), |db, addr| {
                    let _ = isolated(|| prime_instances(db, placed.evaluation, addr));
                });
            }
        });
    }

    fn set_file(&mut self, path: String, text: String) {
        if let Some(file) = self.tree.value_files.get(&path).copied() {
            set_text(&mut self.db, &mut self.lowered, file, text);
            return;
        }
        // A test file the tree loaded; new ones are taken at the next load.
        if let Some(file) = self.test_file(&path) {
            Arc::make_mut(&mut self.tree).read_problems.remove(&path);
            set_text(&mut self.db, &mut self.lowered, file, text);
            set_exists(&mut self.db, &mut self.lowered, file, true);
            return;
        }
        let in_tree = self.tree.module_of(&path).is_some();
        if in_tree && !self.tree.read_problems.contains_key(&path) {
            set_text(
                &mut self.db,
                &mut self.lowered,
                self.tree.inputs[&path],
                text,
            );
            return;
        }
        let name = path.rsplit('/').next().unwrap_or(&path).to_owned();
        if !matches!(module_files::classify(&name), FileRole::Config { .. }) {
            return;
        }
        // Outside the root, only the directories local calls name are
        // modules (see `follow_local_calls`).
        let dir = path.rsplit_once('/').map_or("", |(dir, _)| dir);
        if dir.starts_with("..")
            && self.tree.module(dir).is_none()
            && !self
                .tree
                .workspace
                .called_dirs(&self.db)
                .iter()
                .any(|(called, _)| called == dir)
        {
            return;
        }
        let tree = Arc::make_mut(&mut self.tree);
        tree.read_problems.remove(&path);
        match tree.inputs.get(&path).copied() {
            Some(file) => {
                set_text(&mut self.db, &mut self.lowered, file, text);
                set_exists(&mut self.db, &mut self.lowered, file, true);
            }
            None => {
                let file = SourceFile::builder(path.clone(), text, true)
                    .durability(Durability::LOW)
                    .new(&self.db);
                tree.inputs.insert(path.clone(), file);
            }
        }
        if !in_tree {
            let dir = path.rsplit_once('/').map_or("", |(dir, _)| dir).to_owned();
            self.add_name(&dir, name);
        }
    }

    fn test_file(&self, path: &str) -> Option<SourceFile> {
        let db = &self.db;
        self.tree
            .test_files
            .iter()
            .copied()
            .find(|file| file.path(db) == path)
    }

    fn remove_file(&mut self, path: &str) {
        if let Some(file) = self.test_file(path) {
            set_exists(&mut self.db, &mut self.lowered, file, false);
            return;
        }
        let Some(file) = self.tree.inputs.get(path).copied() else {
            return;
        };
        if self.tree.module_of(path).is_none() {
            return;
        }
        set_exists(&mut self.db, &mut self.lowered, file, false);
        let (dir, name) = path.rsplit_once('/').unwrap_or(("", path));
        let Some(index) = self.tree.module_index.get(dir).copied() else {
            return;
        };
        let names: Vec<String> = module_names(&self.tree.modules[index])
            .filter(|n| n != name)
            .collect();
        self.set_module_names(index, names);
    }

    /// Adds a configuration file's name to the module of `dir`, which is
    /// created when the directory has none.
    fn add_name(&mut self, dir: &str, name: String) {
        let tree = Arc::make_mut(&mut self.tree);
        let index = match tree.module_index.get(dir).copied() {
            Some(index) => index,
            None => {
                // Discovery's order: depth first, entries by name.
                let key = |dir: &str| dir.split('/').map(str::to_owned).collect::<Vec<_>>();
                let index = tree
                    .modules
                    .iter()
                    .position(|m| {
                        m.dir.split('/').any(|part| part.starts_with('.')) || key(&m.dir) > key(dir)
                    })
                    .unwrap_or(tree.modules.len());
                Arc::make_mut(&mut tree.modules).insert(
                    index,
                    Module {
                        dir: dir.to_owned(),
                        path: tree.root.join(dir),
                        files: Vec::new(),
                        shadowed: Vec::new(),
                        tests: Vec::new(),
                    },
                );
                let module = ModuleDir::builder(dir.to_owned(), Vec::new(), Vec::new())
                    .durability(Durability::HIGH)
                    .new(&self.db);
                tree.dirs.insert(index, module);
                if dir.is_empty() {
                    // The root directory had no configuration: its first
                    // file makes the root module, which takes the root's
                    // values.
                    tree.root_module = module;
                    tree.root_inputs.set_module(&mut self.db).to(module);
                }
                index
            }
        };
        let mut names: Vec<String> = module_names(&tree.modules[index]).collect();
        names.push(name);
        self.set_module_names(index, names);
    }

    /// Reads the manifests of the walked modules again (those a change
    /// set, as set) and replaces the modules they installed with what
    /// they list now, as a fresh load would find them. A module installed
    /// before and again, with the same files, keeps its inputs (only
    /// texts that changed are set), so that its memos stay.
    fn reinstall_modules(&mut self) {
        let fs = self.fs.as_ref();
        let manifests = &self.manifests;
        let tree = Arc::make_mut(&mut self.tree);
        let mut before: HashMap<String, (Module, ModuleDir)> = HashMap::new();
        for dir in std::mem::take(&mut self.installed_dirs) {
            let Some(index) = tree.modules.iter().position(|m| m.dir == dir) else {
                continue;
            };
            let module = Arc::make_mut(&mut tree.modules).remove(index);
            let input = tree.dirs.remove(index);
            before.insert(dir, (module, input));
        }
        let walked: Vec<String> = tree
            .modules
            .iter()
            .map(|m| m.dir.clone())
            .filter(|dir| is_walked(dir))
            .collect();
        let root = tree.root.clone();
        let found = discovery::installed_modules(
            fs,
            &root,
            &walked,
            |dir| match manifests.get(dir) {
                Some(text) => text.clone(),
                None => discovery::read_manifest(fs, &root, dir),
            },
            |dir| tree.modules.iter().any(|m| m.dir == dir),
        );
        // What is no longer installed, or not with the same files, goes
        // first: a new module may take the paths of its files.
        let mut kept: HashMap<String, ModuleDir> = HashMap::new();
        for module in &found.modules {
            if before
                .get(&module.dir)
                .is_some_and(|(old, _)| old.files == module.files)
                && let Some((_, input)) = before.remove(&module.dir)
            {
                kept.insert(module.dir.clone(), input);
            }
        }
        for (module, _) in before.into_values() {
            for file in &module.files {
                let path = module.file_path(&file.name);
                tree.read_problems.remove(&path);
                if let Some(&input) = tree.inputs.get(&path) {
                    set_exists(&mut self.db, &mut self.lowered, input, false);
                }
            }
        }
        let mut read = read_files(fs, &found.modules, None).into_iter();
        let mut dirs = Vec::with_capacity(found.modules.len());
        for module in &found.modules {
            let outcomes: Vec<_> = read.by_ref().take(module.files.len()).collect();
            let Some(input) = kept.remove(&module.dir) else {
                dirs.extend(add_modules(
                    &self.db,
                    std::slice::from_ref(module),
                    outcomes,
                    &mut tree.inputs,
                    &mut tree.read_problems,
                ));
                continue;
            };
            for (file, (text, problem)) in module.files.iter().zip(outcomes) {
                let path = module.file_path(&file.name);
                let source = tree.inputs[&path];
                match problem {
                    Some(problem) => tree.read_problems.insert(path, problem),
                    None => tree.read_problems.remove(&path),
                };
                let exists = text.is_some();
                let text = text.unwrap_or_default();
                if *source.text(&self.db) != text {
                    set_text(&mut self.db, &mut self.lowered, source, text);
                }
                if source.exists(&self.db) != exists {
                    set_exists(&mut self.db, &mut self.lowered, source, exists);
                }
            }
            dirs.push(input);
        }
        // Where discovery puts them: after the walked modules.
        let at = tree
            .modules
            .iter()
            .position(|m| !is_walked(&m.dir))
            .unwrap_or(tree.modules.len());
        self.installed_dirs = found.modules.iter().map(|m| m.dir.clone()).collect();
        tree.dirs.splice(at..at, dirs);
        Arc::make_mut(&mut tree.modules).splice(at..at, found.modules);
        let workspace = tree.workspace;
        if workspace.installed(&self.db) != &found.installed {
            workspace
                .set_installed(&mut self.db)
                .with_durability(Durability::HIGH)
                .to(found.installed);
        }
        if workspace.modules(&self.db) != &tree.dirs {
            workspace.set_modules(&mut self.db).to(tree.dirs.clone());
        }
        // The manifests' warnings, where discovery puts them: after what
        // the walk found.
        let mut problems: Vec<Diagnostic> = tree
            .problems
            .iter()
            .filter(|d| d.code != Code::UnreadableModuleManifest)
            .cloned()
            .collect();
        let at = problems
            .iter()
            .position(|d| !matches!(d.code, Code::NonUtf8FileName | Code::FailedToReadDirectory))
            .unwrap_or(problems.len());
        problems.splice(at..at, found.problems);
        tree.problems = rebuilt_problems(&problems, &tree.modules, &tree.root);
        tree.reindex();
    }

    /// Gives module `index` the configuration files among `names`, as
    /// discovery would have picked them; a module left without files
    /// leaves the workspace.
    fn set_module_names(&mut self, index: usize, names: Vec<String>) {
        let tree = Arc::make_mut(&mut self.tree);
        let found = module_files::module_files(names.iter().map(String::as_str));
        let module = &mut Arc::make_mut(&mut tree.modules)[index];
        module.files = found.files;
        module.shadowed = found.shadowed;
        let (mut primary, mut overrides) = (Vec::new(), Vec::new());
        for file in &module.files {
            let path = module.file_path(&file.name);
            let input = match tree.inputs.get(&path) {
                Some(input) => *input,
                // A file that was shadowed: read now that it is not.
                None => {
                    let (text, problem) =
                        read_file(self.fs.as_ref(), &module.path.join(&file.name), &path);
                    if let Some(problem) = problem {
                        tree.read_problems.insert(path.clone(), problem);
                    }
                    let input = SourceFile::builder(
                        path.clone(),
                        text.clone().unwrap_or_default(),
                        text.is_some(),
                    )
                    .durability(Durability::LOW)
                    .new(&self.db);
                    tree.inputs.insert(path, input);
                    input
                }
            };
            match file.is_override {
                true => overrides.push(input),
                false => primary.push(input),
            }
        }
        let dir = tree.dirs[index];
        if module.files.is_empty() {
            Arc::make_mut(&mut tree.modules).remove(index);
            tree.dirs.remove(index);
        } else {
            dir.set_files(&mut self.db).to(primary);
            dir.set_overrides(&mut self.db).to(overrides);
        }
        let modules = tree.dirs.clone();
        if tree.workspace.modules(&self.db) != &modules {
            tree.workspace.set_modules(&mut self.db).to(modules);
        }
        tree.problems = rebuilt_problems(&tree.problems, &tree.modules, &tree.root);
        tree.reindex();
    }
}

/// Reads and parses the provider schema documents at `paths` (in that
/// order: the first that describes a provider serves it), with a
/// diagnostic for each that cannot be used.
fn load_provider_schemas(fs: &Fs, paths: &[PathBuf]) -> (ProviderSchemaSet, Vec<Diagnostic>) {
    let mut documents = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        let shown = path.display().to_string();
        match fs.read(path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                documents.push(SchemaDocument::parse(shown, &text));
            }
            Err(err) => problems.push(Diagnostic::error(
                Code::UnreadableProviderSchemas,
                format!("The provider schemas file \"{shown}\" could not be read: {err}."),
            )),
        }
    }
    let set = ProviderSchemaSet::new(documents);
    problems.extend(set.errors().map(|(origin, error)| {
        Diagnostic::error(
            Code::UnreadableProviderSchemas,
            format!(
                "The provider schemas file \"{origin}\" cannot be used: {error}. Write it with \"tofu providers schema -json\" after \"tofu init\"."
            ),
        )
    }));
    (set, problems)
}

/// Makes the inputs of `modules` from the outcomes of reading their
/// files (in the order of the modules and their files), recording them
/// in `inputs` and `read_problems`; one module directory each.
fn add_modules(
    db: &Database,
    modules: &[Module],
    read: Vec<(Option<String>, Option<ReadProblem>)>,
    inputs: &mut HashMap<String, SourceFile>,
    read_problems: &mut HashMap<String, ReadProblem>,
) -> Vec<ModuleDir> {
    let mut read = read.into_iter();
    let mut dirs = Vec::new();
    for module in modules {
        let (mut primary, mut overrides) = (Vec::new(), Vec::new());
        for file in &module.files {
            let path = module.file_path(&file.name);
            let (text, problem) = read.next().expect("one outcome per file");
            let input = SourceFile::builder(
                path.clone(),
                text.clone().unwrap_or_default(),
                text.is_some(),
            )
            // Files as loaded are taken to change rarely, and edited
            // ones often: after an edit, salsa re-checks only what
            // depends on a file that has been edited, and takes the rest
            // on trust.
            .durability(Durability::MEDIUM)
            .new(db);
            if let Some(problem) = problem {
                read_problems.insert(path.clone(), problem);
            }
            match file.is_override {
                true => overrides.push(input),
                false => primary.push(input),
            }
            inputs.insert(path, input);
        }
        dirs.push(
            ModuleDir::builder(module.dir.clone(), primary, overrides)
                .durability(Durability::HIGH)
                .new(db),
        );
    }
    dirs
}

/// Reads the test files of `modules` (in parallel) and makes each an
/// input, as configuration files are.
fn load_test_files(
    fs: &Fs,
    db: &Database,
    modules: &[Module],
    read_problems: &mut HashMap<String, ReadProblem>,
) -> Vec<SourceFile> {
    let jobs: Vec<(PathBuf, String)> = modules
        .iter()
        .flat_map(|module| {
            module
                .tests
                .iter()
                .map(|name| (module.path.join(name), module.file_path(name)))
        })
        .collect();
    let read: Vec<_> = jobs
        .par_iter()
        .map(|(path, shown)| read_file(fs, path, shown))
        .collect();
    jobs.into_iter()
        .zip(read)
        .map(|((_, path), (text, problem))| {
            if let Some(problem) = problem {
                read_problems.insert(path.clone(), problem);
            }
            SourceFile::builder(path, text.clone().unwrap_or_default(), text.is_some())
                .durability(Durability::MEDIUM)
                .new(db)
        })
        .collect()
}

/// An edited file is likely to be edited again (see the loader).
fn set_text(db: &mut Database, lowered: &mut Lowered, file: SourceFile, text: String) {
    lowered.note(file);
    file.set_text(db).with_durability(Durability::LOW).to(text);
}

/// A file that appears or goes is likely to change again, as an edited
/// one is.
fn set_exists(db: &mut Database, lowered: &mut Lowered, file: SourceFile, exists: bool) {
    lowered.note(file);
    file.set_exists(db)
        .with_durability(Durability::LOW)
        .to(exists);
}

/// The names of a module's files, shadowed ones included.
fn module_names(module: &Module) -> impl Iterator<Item = String> + '_ {
    module
        .files
        .iter()
        .map(|f| f.name.clone())
        .chain(module.shadowed.iter().map(|s| s.name.clone()))
}

/// Discovery's problems with what follows from the modules (the notes
/// about shadowed files, the warning about a tree without configuration)
/// made again from the modules as they are now.
fn rebuilt_problems(problems: &[Diagnostic], modules: &[Module], root: &Path) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = problems
        .iter()
        .filter(|d| !matches!(d.code, Code::IgnoredFile | Code::NoConfigurationFiles))
        .cloned()
        .collect();
    out.extend(shadowing_notes(modules));
    if modules.is_empty() {
        out.push(no_configuration(root));
    }
    out
}

/// Reads every file of every module, in parallel; the outcomes come back
/// in the order of the modules and their files.
fn read_files(
    fs: &Fs,
    modules: &[Module],
    progress: Option<&dyn crate::check::Progress>,
) -> Vec<(Option<String>, Option<ReadProblem>)> {
    let jobs: Vec<(&Module, &module_files::ModuleFile)> = modules
        .iter()
        .flat_map(|module| module.files.iter().map(move |file| (module, file)))
        .collect();
    if let Some(progress) = progress {
        progress.start(jobs.len());
    }
    jobs.par_iter()
        .map(|&(module, file)| {
            let outcome = read_file(
                fs,
                &module.path.join(&file.name),
                &module.file_path(&file.name),
            );
            if let Some(progress) = progress {
                progress.file_done();
            }
            outcome
        })
        .collect()
}

/// A file's text, and why it has none or only a lossy one.
fn read_file(fs: &Fs, path: &Path, shown: &str) -> (Option<String>, Option<ReadProblem>) {
    let bytes = match fs.read(path) {
        Ok(bytes) => bytes,
        Err(err) => {
            let problem = ReadProblem::Unreadable(Diagnostic::error(
                Code::FailedToReadFile,
                format!("The file \"{shown}\" could not be read: {err}."),
            ));
            return (None, Some(problem));
        }
    };
    let decoded = source::decode(bytes);
    let problem = decoded
        .first_invalid
        .map(|range| ReadProblem::Encoding(source::encoding_error(range)));
    (Some(decoded.text), problem)
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

/// `root` made absolute, as the file system takes it: a given one from
/// its working directory, the disk from the process's.
fn absolute_root(given: bool, fs: &Fs, root: &Path) -> PathBuf {
    if given
        && root.is_relative()
        && let Ok(dir) = fs.current_dir()
    {
        return dir.join(root);
    }
    std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf())
}

/// Whether discovery walks the directory `dir` (relative to the root):
/// one inside it and not hidden, whose manifest it reads.
fn is_walked(dir: &str) -> bool {
    !dir.split('/').any(|part| part.starts_with('.'))
}

/// The module directory whose `modules.json` manifest `path` (relative to
/// the root) is, for a directory discovery walks.
fn manifest_dir(path: &str) -> Option<&str> {
    let dir = match path.strip_suffix(MODULES_MANIFEST)? {
        "" => "",
        dir => dir.strip_suffix('/')?,
    };
    is_walked(dir).then_some(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifests_of_walked_modules_only() {
        assert_eq!(manifest_dir(".terraform/modules/modules.json"), Some(""));
        assert_eq!(
            manifest_dir("envs/prod/.terraform/modules/modules.json"),
            Some("envs/prod")
        );
        assert_eq!(manifest_dir("x.terraform/modules/modules.json"), None);
        assert_eq!(
            manifest_dir(".terraform/modules/a/.terraform/modules/modules.json"),
            None
        );
        assert_eq!(manifest_dir("modules.json"), None);
    }
}
