//! The inputs: files, the module directories they belong to, the
//! workspace of all of them, and the values given to root variables;
//! with the types they hold (the module graph hosts set).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// A configuration file. An edit is `set_text`; a deletion sets `exists`
/// to false (salsa inputs cannot be removed).
#[salsa::input(debug)]
pub struct SourceFile {
    /// Relative to the workspace root, with `/` separators.
    #[returns(ref)]
    pub path: String,
    #[returns(ref)]
    pub text: String,
    #[returns(copy)]
    pub exists: bool,
}

/// The text of a file, empty once it is deleted.
pub(crate) fn contents(db: &dyn salsa::Database, file: SourceFile) -> &str {
    if file.exists(db) {
        file.text(db).as_str()
    } else {
        ""
    }
}

/// A directory of configuration files: one module.
#[salsa::input(debug)]
pub struct ModuleDir {
    /// Relative to the workspace root; `""` for the root itself.
    #[returns(ref)]
    pub dir: String,
    /// Its primary configuration files, in name order.
    #[returns(ref)]
    pub files: Vec<SourceFile>,
    /// Its override files, in name order: decoded on their own, then
    /// merged into the primary files' declarations.
    #[returns(ref)]
    pub overrides: Vec<SourceFile>,
    // Where the module sits in the module graph as the host last set it
    // (see [`crate::sync_module_graph`] and [`ModulePlace`]); `None` has
    // it computed. One input field per part, each with its own revision
    // and durability: a call added above the module changes only its
    // instances, so what reads its calls' targets or its callers stays
    // trusted, and stays at the durability it had.
    /// Its instances (see [`ModulePlace::instances`]).
    #[default]
    #[returns(ref)]
    pub placed_instances: Option<Arc<[ModuleInstance]>>,
    /// What its calls load (see [`ModulePlace::targets`]).
    #[default]
    #[returns(ref)]
    pub placed_targets: Option<Arc<[(String, ModuleDir)]>>,
    /// Its calls with local sources (see [`ModulePlace::local_calls`]).
    #[default]
    #[returns(ref)]
    pub placed_local_calls: Option<Arc<[String]>>,
    /// The calls that load it (see [`ModulePlace::callers`]).
    #[default]
    #[returns(ref)]
    pub placed_callers: Option<Arc<[(ModuleDir, String)]>>,
}

/// Every module directory of a workspace, and the modules `tofu init`
/// installed for its root modules.
#[salsa::input(debug)]
pub struct Workspace {
    #[returns(ref)]
    pub modules: Vec<ModuleDir>,
    #[returns(ref)]
    pub installed: Vec<InstalledModule>,
    /// The values given to the primary root module's variables, which
    /// static evaluation (module sources, backends, `const` variables)
    /// reads as `tofu validate` does; without them, defaults only.
    #[default]
    #[returns(copy)]
    pub root_inputs: Option<RootInputs>,
    /// The absolute directory of the workspace root: `path.cwd` in
    /// static evaluation, and where its file functions start.
    #[default]
    #[returns(ref)]
    pub base_dir: String,
    /// What evaluation's filesystem functions read, as the host gives
    /// it; `None` reads nothing (every path is missing).
    #[default]
    #[returns(ref)]
    pub external_files: Option<crate::external_files::ExternalFiles>,
    /// The module graph as the host last set it (see
    /// [`crate::sync_module_graph`]); `None` has it computed.
    #[default]
    #[returns(ref)]
    pub graph: Option<std::sync::Arc<ModuleGraph>>,
    /// The provider schemas resources and provider configurations are
    /// checked against; `None` (the default) checks none, not even the
    /// built-in provider's.
    #[default]
    #[returns(ref)]
    pub provider_schemas: Option<std::sync::Arc<crate::provider_schemas::ProviderSchemaSet>>,
    /// What the host found at the directories local sources name that
    /// are not module directories as written (see [`CalledDir`]), by the
    /// directory as written.
    #[default]
    #[returns(ref)]
    pub called_dirs: Vec<(String, CalledDir)>,
}

/// A directory a local module source names, as the host resolved it on
/// disk, when that is not a module directory of the workspace as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CalledDir {
    /// Its path goes through a symbolic link: it is the module of this
    /// directory (OpenTofu loads local modules from `filepath.EvalSymlinks`
    /// of the joined path).
    Module(String),
    /// It does not exist or cannot be read, for this reason.
    Unreadable(String),
}

/// An entry of a root module's `.terraform/modules/modules.json`: the
/// call path from the root module in `root` (`vpc`, `vpc.subnets`) and the
/// module directory it was installed in (both workspace-relative).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InstalledModule {
    pub root: String,
    pub key: String,
    pub dir: String,
}

/// Where a root module's variable values come from.
#[salsa::input(debug)]
pub struct RootInputs {
    /// The root module the values are for.
    pub module: ModuleDir,
    /// `TF_VAR_` environment variables: the name after the prefix and the
    /// raw value, in the environment's order.
    #[returns(ref)]
    pub environment: Vec<(String, String)>,
    /// Files and options in OpenTofu's order: `terraform.tfvars`,
    /// `terraform.tfvars.json`, `*.auto.tfvars` and `*.auto.tfvars.json`
    /// by name, then every `-var` and `-var-file` as given.
    #[returns(ref)]
    pub sources: Vec<VariableSource>,
}

/// One source of values after the environment.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VariableSource {
    /// A file loaded automatically from the root module's directory.
    AutoFile(SourceFile),
    /// A `-var-file`.
    NamedFile(SourceFile),
    /// A `-var-file` that does not exist, as given.
    MissingFile(String),
    /// A `-var-file` that exists but cannot be read: the path as given
    /// and the error as Go words it (`read vars: is a directory`).
    UnreadableFile { path: String, error: String },
    /// A `-var` option's argument, `NAME=VALUE`, as given.
    Option(String),
}

/// A module as the tree reaches it: its directory, the root module it is
/// reached from and the names of the calls from there (empty for a root
/// module), with the module each of those calls loads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModuleInstance {
    pub module: ModuleDir,
    pub root: ModuleDir,
    /// Shared, as the walk and every place that lists the instance hold
    /// the same names.
    pub path: Arc<[Arc<str>]>,
    /// The module each call of `path` loads, in order (`module` last).
    pub modules: Arc<[ModuleDir]>,
}

/// Where one module sits in the module graph: what the queries of that
/// module read of the tree. Each module has its own, so that a call added
/// or removed changes the places of the modules it concerns (its caller's
/// and its target's) and leaves every other module's memos trusted.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModulePlace {
    /// Its instances: each call path and its root, in the graph's order.
    pub instances: Vec<ModuleInstance>,
    /// What its calls load: `(call name, called module)`, once per call.
    pub targets: Vec<(String, ModuleDir)>,
    /// The names of those of its calls whose source is a local path as
    /// written: their target is the same under every call path.
    pub local_calls: Vec<String>,
    /// The calls that load it: `(calling module, call name)`, once each.
    pub callers: Vec<(ModuleDir, String)>,
}

/// Every module instance of a workspace, each parent before its children,
/// and which module each call loads: what the rest of the analysis reads
/// of the tree. It holds no source positions, so that it changes only when
/// a call's target does (see [`crate::module_graph`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleGraph {
    pub instances: Vec<ModuleInstance>,
    /// What each caller's calls load: `(call name, called module)`, once
    /// per call.
    pub targets: HashMap<ModuleDir, Vec<(String, ModuleDir)>>,
    /// Modules with a call the tree cannot follow for another reason (a
    /// source that is not a literal, a local directory without
    /// configuration): OpenTofu would not have loaded their tree.
    pub unresolved: HashSet<ModuleDir>,
    /// The calls whose source is a local path as written, by caller.
    pub(crate) local_calls: HashMap<ModuleDir, Vec<String>>,
}
