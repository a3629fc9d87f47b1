//! What a workspace reports, gathered in chunks: each chunk of modules or
//! of module instances is one memo.
//!
//! A host asking every module's and every instance's memo after an edit
//! would touch tens of thousands of memos to find them unchanged. A chunk
//! reads no other chunk's files, so after an edit salsa trusts every chunk
//! but the edited one as it is, and a re-check touches a few dozen memos
//! plus what the edit reaches.

use std::collections::HashSet;

use tofu_diagnostics::Severity;

use crate::chunks::chunk_of;
use crate::diagnostics::Diagnostic;
use crate::evaluation::instances::{
    evaluation_instances, instance_argument_diagnostics, instance_diagnostics,
    module_loads_cleanly, typed_instance_diagnostics,
};
use crate::evaluation::types::module_type_diagnostics;
use crate::evaluation::{EvalMode, Evaluation, InstanceAddr};
use crate::gathering::module_local_diagnostics;
use crate::input::{ModuleDir, Workspace};
use crate::parsing::parse;
use crate::static_eval::contexts::static_module_diagnostics;

/// What one module reports of itself, and what the host needs to decide
/// what else to report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleReport {
    pub module: ModuleDir,
    /// [`module_local_diagnostics`].
    pub diagnostics: Vec<Diagnostic>,
    /// Whether any of its files, override files included, has syntax
    /// errors.
    pub syntax_errors: bool,
    /// Whether it loads as OpenTofu would load it, static evaluation
    /// included: a tree is evaluated only when all its modules do.
    pub loads_cleanly: bool,
    /// Its static type errors ([`module_type_diagnostics`]), when it has
    /// no syntax errors and its own diagnostics no error; else none.
    pub types: Vec<Diagnostic>,
}

/// The file name that makes a module's report fail in debug builds (see
/// [`module_report`]).
pub const TEST_PANIC_FILE: &str = "tofu-analyzer-test-panic.tf";

/// The reports of the workspace's modules in chunk `chunk` (the modules
/// in workspace order, [`CHUNK_SIZE`] at a time), with the static types of
/// evaluation `types`.
#[salsa::tracked(returns(ref))]
pub fn module_chunk_reports(
    db: &dyn salsa::Database,
    types: Evaluation,
    chunk: usize,
) -> Vec<ModuleReport> {
    let workspace = types.workspace(db);
    chunk_of(workspace.modules(db), chunk)
        .iter()
        .map(|&module| module_report(db, workspace, types, module))
        .collect()
}

/// What [`module_chunk_reports`] says of one module. Hosts that check a
/// workspace cold ask this of every module in parallel first: chunks are
/// too coarse to spread the first computation evenly over threads.
pub fn module_report(
    db: &dyn salsa::Database,
    workspace: Workspace,
    types: Evaluation,
    module: ModuleDir,
) -> ModuleReport {
    // A test hook of debug builds: a module with a file of this name fails
    // here, so that tests can see one module's failure isolated from the
    // rest of the report. Release builds have no such hook.
    #[cfg(debug_assertions)]
    if module
        .files(db)
        .iter()
        .any(|f| f.path(db).ends_with(TEST_PANIC_FILE))
    {
        panic!(
            "test hook: {TEST_PANIC_FILE} in module {:?}",
            module.dir(db)
        );
    }
    let diagnostics = module_local_diagnostics(db, workspace, module).clone();
    let syntax_errors = has_syntax_errors(db, module);
    let static_errors = static_module_diagnostics(db, workspace, module)
        .iter()
        .any(|d| d.severity == Severity::Error);
    let loads_cleanly = !static_errors && module_loads_cleanly(db, module);
    let types = if module_is_typed(db, workspace, module) {
        module_type_diagnostics(db, types, module).clone()
    } else {
        Vec::new()
    };
    ModuleReport {
        module,
        diagnostics,
        syntax_errors,
        loads_cleanly,
        types,
    }
}

fn has_syntax_errors(db: &dyn salsa::Database, module: ModuleDir) -> bool {
    module
        .files(db)
        .iter()
        .chain(module.overrides(db))
        .any(|f| !parse(db, *f).errors.is_empty())
}

/// Whether the static types of `module` are reported: it has no syntax
/// errors and reports no error of its own. (A memo, so that what reads it
/// depends on a flag rather than on the module's files.)
#[salsa::tracked(returns(copy))]
fn module_is_typed(db: &dyn salsa::Database, workspace: Workspace, module: ModuleDir) -> bool {
    !has_syntax_errors(db, module)
        && !module_local_diagnostics(db, workspace, module)
            .iter()
            .any(|d| d.severity == Severity::Error)
}

/// The instances of a root module's tree to report on, in order, each
/// with whether all of it is evaluated (`true`) or only its module call's
/// arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootJobs {
    pub root: ModuleDir,
    pub jobs: Vec<(InstanceAddr, bool)>,
}

/// The instances of an evaluation to report on, root by root. In
/// `validate`, the instances of one module under one root differ only in
/// their arguments, so the rest of the module is reported once.
#[salsa::tracked(returns(ref))]
pub fn evaluation_jobs(db: &dyn salsa::Database, ev: Evaluation) -> Vec<RootJobs> {
    let validate = ev.mode(db) == EvalMode::Validate;
    let mut evaluated: HashSet<(ModuleDir, ModuleDir)> = HashSet::new();
    let mut out: Vec<RootJobs> = Vec::new();
    for addr in evaluation_instances(db, ev) {
        let whole = !validate
            || addr
                .module()
                .is_none_or(|module| evaluated.insert((addr.root, module)));
        match out.last_mut() {
            Some(last) if last.root == addr.root => last.jobs.push((addr.clone(), whole)),
            _ => out.push(RootJobs {
                root: addr.root,
                jobs: vec![(addr.clone(), whole)],
            }),
        }
    }
    out
}

/// Chunk `chunk` of the jobs of `evaluation_jobs(ev)[root]`: read by its
/// chunk's diagnostics instead of the whole list, so that an instance
/// added or removed re-runs only the chunks whose jobs it changes.
#[salsa::tracked(returns(ref))]
fn jobs_chunk(
    db: &dyn salsa::Database,
    ev: Evaluation,
    root: usize,
    chunk: usize,
) -> Vec<(InstanceAddr, bool)> {
    evaluation_jobs(db, ev)
        .get(root)
        .map_or_else(Vec::new, |root| chunk_of(&root.jobs, chunk).to_vec())
}

/// What evaluating chunk `chunk` of the jobs of `evaluation_jobs(ev)[root]`
/// reports. Asked only for roots whose tree loads cleanly: OpenTofu
/// evaluates nothing of a configuration that fails to load.
#[salsa::tracked(returns(ref))]
pub fn instance_chunk_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    root: usize,
    chunk: usize,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (addr, whole) in jobs_chunk(db, ev, root, chunk) {
        out.extend(job_diagnostics(db, ev, addr, *whole).iter().cloned());
    }
    crate::diagnostics::dedupe(&mut out);
    out
}

/// What evaluating one job of [`evaluation_jobs`] reports: one instance
/// of [`instance_chunk_diagnostics`], for hosts that evaluate cold (see
/// [`module_report`]).
///
/// In `validate`, a child instance sees its variables as unknown values
/// of their types and its calls' outputs as unknown: its static types
/// (reported with its module) find all that the rest of it would, so only
/// its arguments are evaluated here, with what depends on `path.*`
/// ([`typed_instance_diagnostics`]), unless the static types of its
/// module are not reported.
pub fn job_diagnostics<'db>(
    db: &'db dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    whole: bool,
) -> &'db [Diagnostic] {
    if !whole {
        return instance_argument_diagnostics(db, ev, addr.clone());
    }
    let typed = ev.mode(db) == EvalMode::Validate
        && !addr.is_root()
        && addr
            .module()
            .is_some_and(|module| module_is_typed(db, ev.workspace(db), module));
    if typed {
        typed_instance_diagnostics(db, ev, addr.clone())
    } else {
        instance_diagnostics(db, ev, addr.clone())
    }
}
