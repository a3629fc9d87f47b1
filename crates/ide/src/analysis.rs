//! A snapshot of the host's tree: every question editors, the command
//! line and embedders ask, each answered from the incremental database
//! on the calling thread (or, for whole reports, on the analysis
//! threads). Each feature lives in a module of `features/`; this type
//! only hands them the database and the tree, and turns salsa's
//! cancellation into `Err`.

use std::sync::Arc;

use tofu_semantic::{Constness, Database, DeclKind, Reference};
use tofu_syntax::TextSize;
use tofu_types::Type;

use crate::{
    check::{CheckReport, Progress},
    console::ConsoleTree,
    features,
    host::{Cancellable, Tree},
};

pub use crate::features::assists::{Fold, FoldKind, InlayHint, SignatureHelp, WorkspaceSymbol};
pub use crate::features::completion::{CompletionItem, CompletionKind};
pub use crate::features::document_symbols::FileSymbol;
pub use crate::features::fixes::{Fix, suggestion};
pub use crate::features::highlighting::{Highlight, HighlightKind};
pub use crate::features::hover::HoverResult;
pub use crate::features::navigation::{FileLink, FileRange, NavigationTarget};
pub use crate::features::rename::{SourceEdit, is_identifier};
pub use crate::features::symbols::DeclarationAt;

/// The tree as it was when [`crate::host::AnalysisHost::analysis`] made
/// the snapshot. Drop it once answered: the host's next change waits for
/// every snapshot to go.
pub struct Analysis {
    db: Database,
    tree: Arc<Tree>,
}

impl Analysis {
    pub(crate) fn new(db: Database, tree: Arc<Tree>) -> Analysis {
        Analysis { db, tree }
    }

    /// Answers with `f` on an analysis thread, whose stack deep
    /// configurations need (an embedder's thread may have 2 MiB), with a
    /// handle of the database of its own.
    fn with_db<T: Send>(&self, f: impl FnOnce(&Database, &Tree) -> T + Send) -> Cancellable<T> {
        let snapshot = Analysis::new(self.db.clone(), Arc::clone(&self.tree));
        crate::on_analysis_threads(move || snapshot.here(f))
    }

    /// Answers with `f` on this thread.
    fn here<T>(&self, f: impl FnOnce(&Database, &Tree) -> T) -> Cancellable<T> {
        salsa::Cancelled::catch(std::panic::AssertUnwindSafe(|| f(&self.db, &self.tree)))
    }

    /// Everything `check` reports about the tree, exactly as it prints
    /// it: discovery's and reading's problems, syntax errors, the
    /// diagnostics of every module and of evaluation, with each file's
    /// path and text.
    pub fn report(&self) -> Cancellable<CheckReport> {
        self.report_with_progress(None)
    }

    /// [`Analysis::report`], telling `progress` how far it has got.
    pub fn report_with_progress(
        &self,
        progress: Option<&dyn Progress>,
    ) -> Cancellable<CheckReport> {
        self.with_db(|db, tree| features::diagnostics::report(db, tree, progress))
    }

    /// What a module declares (`""` for the root).
    pub fn declarations(&self, module_dir: &str) -> Cancellable<Vec<DeclarationAt>> {
        self.with_db(|db, tree| features::symbols::declarations(db, tree, module_dir))
    }

    /// The declaration the reference at `offset` in `path` refers to.
    pub fn definition(&self, path: &str, offset: TextSize) -> Cancellable<Option<DeclarationAt>> {
        self.with_db(|db, tree| features::definitions::definition(db, tree, path, offset))
    }

    /// Every reference to a declaration of a module.
    pub fn references_to(&self, module_dir: &str, kind: &DeclKind) -> Cancellable<Vec<Reference>> {
        self.with_db(|db, tree| features::references::references_to(db, tree, module_dir, kind))
    }

    /// The static type of a declaration of a module (see
    /// [`features::type_of::type_of_declaration`]).
    pub fn type_of_declaration(
        &self,
        module_dir: &str,
        kind: &DeclKind,
    ) -> Cancellable<Option<Type>> {
        self.with_db(|db, tree| features::type_of::type_of_declaration(db, tree, module_dir, kind))
    }

    /// The static type of the innermost expression at `offset` in `path`
    /// (native syntax only).
    pub fn type_of(&self, path: &str, offset: TextSize) -> Cancellable<Option<Type>> {
        self.with_db(|db, tree| features::type_of::type_of(db, tree, path, offset))
    }

    /// Whether a variable or local of a module can be evaluated without
    /// state (see [`features::is_const::is_const`]).
    pub fn is_const(&self, module_dir: &str, kind: &DeclKind) -> Cancellable<Option<Constness>> {
        self.with_db(|db, tree| features::is_const::is_const(db, tree, module_dir, kind))
    }

    /// The dependency graph as DOT (see [`features::graph::graph_dot`]).
    pub fn graph_dot(&self) -> Cancellable<String> {
        self.with_db(features::graph::graph_dot)
    }

    /// The modules and their calls alone, as DOT (see
    /// [`features::graph::module_graph_dot`]).
    pub fn module_graph_dot(&self) -> Cancellable<String> {
        self.with_db(features::graph::module_graph_dot)
    }

    /// The text of a configuration or variables file as the database has
    /// it; `None` for a path that is not one of the tree's.
    pub fn file_text(&self, path: &str) -> Option<String> {
        let file = self.tree.file(path)?;
        Some(file.text(&self.db).clone())
    }

    /// The errors and warnings of the root module's configuration alone,
    /// as `tofu console` shows them before its first prompt; its `loads`
    /// says whether the console can start.
    pub fn console_report(&self) -> Cancellable<CheckReport> {
        self.with_db(features::diagnostics::root_configuration_report)
    }

    /// What the symbol at `offset` in `path` is: its declaration, type,
    /// description and flags; a function's signature; or the type of
    /// the expression there.
    pub fn hover(&self, path: &str, offset: TextSize) -> Cancellable<Option<HoverResult>> {
        self.with_db(|db, tree| features::hover::hover(db, tree, path, offset))
    }

    /// Where the symbol at `offset` in `path` is declared, across
    /// modules (`module.net.first` to the child's `output "first"`, a
    /// call's argument to the child's variable).
    pub fn goto_definition(
        &self,
        path: &str,
        offset: TextSize,
    ) -> Cancellable<Option<NavigationTarget>> {
        self.with_db(|db, tree| features::navigation::goto_definition(db, tree, path, offset))
    }

    /// The file the path argument at `offset` in `path` names (of `file()`,
    /// `templatefile()` and their kin), relative to the root.
    pub fn file_link(&self, path: &str, offset: TextSize) -> Cancellable<Option<FileLink>> {
        self.with_db(|db, tree| features::navigation::file_at(db, tree, path, offset))
    }

    /// Every place that names the symbol at `offset` in `path`, across
    /// modules; `None` when there is no symbol there.
    pub fn find_references(
        &self,
        path: &str,
        offset: TextSize,
        include_declaration: bool,
    ) -> Cancellable<Option<Vec<FileRange>>> {
        self.with_db(|db, tree| {
            features::navigation::find_references(db, tree, path, offset, include_declaration)
        })
    }

    /// The declarations of a file, for an outline.
    pub fn document_symbols(&self, path: &str) -> Cancellable<Vec<FileSymbol>> {
        self.with_db(|db, tree| features::document_symbols::document_symbols(db, tree, path))
    }

    /// The name at `offset` in `path` if it can be renamed, or why not.
    pub fn prepare_rename(
        &self,
        path: &str,
        offset: TextSize,
    ) -> Cancellable<Result<FileRange, String>> {
        self.with_db(|db, tree| features::rename::prepare_rename(db, tree, path, offset))
    }

    /// The edits that rename the symbol at `offset` in `path`, or why it
    /// cannot be renamed to `new_name`.
    pub fn rename(
        &self,
        path: &str,
        offset: TextSize,
        new_name: &str,
    ) -> Cancellable<Result<Vec<SourceEdit>, String>> {
        self.with_db(|db, tree| features::rename::rename(db, tree, path, offset, new_name))
    }

    /// The names to complete with at `offset` in `path`.
    pub fn completions(&self, path: &str, offset: TextSize) -> Cancellable<Vec<CompletionItem>> {
        self.with_db(|db, tree| features::completion::completions(db, tree, path, offset))
    }

    /// The signature of the function whose call's parentheses hold
    /// `offset`, with the parameter there.
    pub fn signature_help(
        &self,
        path: &str,
        offset: TextSize,
    ) -> Cancellable<Option<SignatureHelp>> {
        self.with_db(|db, tree| features::assists::signature_help(db, tree, path, offset))
    }

    /// The inferred types of the locals and outputs of a file.
    pub fn inlay_hints(&self, path: &str) -> Cancellable<Vec<InlayHint>> {
        self.with_db(|db, tree| features::assists::inlay_hints(db, tree, path))
    }

    /// The declarations of every module whose addresses contain `query`.
    pub fn workspace_symbols(
        &self,
        query: &str,
        limit: usize,
    ) -> Cancellable<Vec<WorkspaceSymbol>> {
        self.with_db(|db, tree| features::assists::workspace_symbols(db, tree, query, limit))
    }

    /// The fixes for a diagnostic with `message` at `range` of `path`:
    /// the name it suggests, a declaration of the variable it misses.
    pub fn fixes(
        &self,
        path: &str,
        range: tofu_syntax::TextRange,
        message: &str,
    ) -> Cancellable<Vec<Fix>> {
        self.with_db(|db, tree| features::fixes::fixes(db, tree, path, range, message))
    }

    /// What each token of a native file is, for semantic highlighting.
    pub fn highlights(&self, path: &str) -> Cancellable<Vec<Highlight>> {
        self.with_db(|db, tree| features::highlighting::highlights(db, tree, path))
    }

    /// What can be folded in a file.
    pub fn folding_ranges(&self, path: &str) -> Cancellable<Vec<Fold>> {
        self.with_db(|db, tree| features::assists::folding_ranges(db, tree, path))
    }

    /// The directory the tree was loaded from, absolute.
    pub fn base_dir(&self) -> &std::path::Path {
        &self.tree.base_dir
    }

    /// The root module's scope as `tofu console` evaluates in it.
    pub fn console(&self) -> ConsoleTree {
        ConsoleTree::new(self.db.clone(), &self.tree)
    }
}
