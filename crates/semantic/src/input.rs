//! The inputs: files, the module directories they belong to, and the
//! workspace of all of them.

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
    pub root_inputs: Option<crate::root_values::RootInputs>,
    /// The absolute directory of the workspace root: `path.cwd` in
    /// static evaluation, and where its file functions start.
    #[default]
    #[returns(ref)]
    pub base_dir: String,
    /// The module graph as the host last set it (see
    /// [`crate::sync_module_graph`]); `None` has it computed.
    #[default]
    #[returns(ref)]
    pub graph: Option<std::sync::Arc<crate::call_tree::ModuleGraph>>,
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
