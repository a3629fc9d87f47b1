//! What a workspace reports, gathered in chunks: each chunk of modules or
//! of module instances is one memo.
//!
//! A host asking every module's and every instance's memo after an edit
//! would touch tens of thousands of memos to find them unchanged. A chunk
//! reads no other chunk's files, so after an edit salsa trusts every chunk
//! but the edited one as it is, and a re-check touches a few dozen memos
//! plus what the edit reaches.

use std::collections::HashMap;
use std::sync::Arc;

use rustc_hash::FxHashSet;

use tofu_diagnostics::Severity;

use crate::chunks::{CHUNK_SIZE, chunk_of};
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

impl ModuleReport {
    /// Whether it has nothing to say: no diagnostic, no syntax error, and
    /// it loads cleanly (most modules of a tree).
    pub fn is_quiet(&self) -> bool {
        self.diagnostics.is_empty()
            && self.types.is_empty()
            && !self.syntax_errors
            && self.loads_cleanly
    }
}

/// The file name that makes a module's report fail in debug builds (see
/// [`module_report`]).
pub const TEST_PANIC_FILE: &str = "tofu-analyzer-test-panic.tf";

/// The reports of the workspace's modules in chunk `chunk` (the modules
/// in workspace order, [`CHUNK_SIZE`] at a time), with the static types of
/// evaluation `types`. Shared: a report takes every chunk's after each
/// edit, and copying them would cost in proportion to the workspace.
#[salsa::tracked(returns(ref))]
pub fn module_chunk_reports(
    db: &dyn salsa::Database,
    types: Evaluation,
    chunk: usize,
) -> Arc<Vec<ModuleReport>> {
    let workspace = types.workspace(db);
    Arc::new(
        chunk_of(workspace.modules(db), chunk)
            .iter()
            .map(|&module| module_report(db, workspace, types, module))
            .collect(),
    )
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
/// their arguments, so the rest of the module is reported once. Shared,
/// so that [`place_jobs`] can tell by pointer that it did not run again.
#[salsa::tracked(returns(ref))]
pub fn evaluation_jobs(db: &dyn salsa::Database, ev: Evaluation) -> Arc<Vec<RootJobs>> {
    let validate = ev.mode(db) == EvalMode::Validate;
    let mut evaluated: FxHashSet<(ModuleDir, ModuleDir)> = FxHashSet::default();
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
    Arc::new(out)
}

/// A chunk of the jobs of one root's tree ([`evaluation_jobs`]), as a
/// host placed it ([`place_jobs`]).
///
/// An input rather than a slice of `evaluation_jobs` read in a memo: the
/// list of jobs reads the calls of every module, so once any module with
/// calls has been edited it is a low-durability memo, and every memo
/// reading it would be verified, jobs and all, after every edit. What
/// reports a chunk ([`job_chunk_diagnostics`]) reads its own jobs only,
/// and salsa trusts it unless one of them reads what changed.
#[salsa::input(debug)]
pub struct JobChunk {
    #[returns(copy)]
    pub evaluation: Evaluation,
    #[returns(ref)]
    pub jobs: Vec<(InstanceAddr, bool)>,
}

/// The chunks of one root's jobs, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootChunks {
    pub root: ModuleDir,
    pub chunks: Vec<JobChunk>,
}

/// The job chunks of one evaluation as [`place_jobs`] placed them.
#[derive(Debug, Clone, Default)]
pub struct PlacedJobs {
    /// The jobs they were placed from: while `evaluation_jobs` gives the
    /// same allocation, nothing is compared again.
    from: Option<Arc<Vec<RootJobs>>>,
    pub roots: Vec<RootChunks>,
    /// Chunks no root uses any more, set again before new ones are made.
    spare: Vec<JobChunk>,
}

impl PlacedJobs {
    /// The instances the jobs were placed from, each before its children.
    pub fn instances(&self) -> impl DoubleEndedIterator<Item = &InstanceAddr> {
        self.from
            .iter()
            .flat_map(|from| from.iter())
            .flat_map(|root| root.jobs.iter().map(|(addr, _)| addr))
    }
}

/// Verifies, or computes, the list of instances below `addr` that
/// [`place_jobs`] reads through [`evaluation_jobs`]. After a change at
/// medium durability, placing would verify every instance's expansions
/// one after another: a host asks this of the instances it placed last,
/// children first, in parallel before placing (see
/// [`crate::prime_module_graph`]).
pub fn prime_instances(db: &dyn salsa::Database, ev: Evaluation, addr: &InstanceAddr) {
    crate::evaluation::instances::instance_subtree(db, ev, addr.clone());
}

/// Places the jobs of `ev` in chunk inputs (see [`JobChunk`]), for hosts
/// after loading and after every edit: a chunk whose jobs are the same
/// is kept as it is, one whose jobs changed is set again. The chunks of
/// the first placing are taken to change rarely, as loaded files are;
/// what is set or made after that, at low durability. Whether `placed`
/// changed: not when the jobs are the list it was placed from.
pub fn place_jobs(db: &mut crate::db::Database, ev: Evaluation, placed: &mut PlacedJobs) -> bool {
    use salsa::{Durability, Setter};
    let jobs = Arc::clone(evaluation_jobs(db, ev));
    if placed
        .from
        .as_ref()
        .is_some_and(|from| Arc::ptr_eq(from, &jobs))
    {
        return false;
    }
    let durability = match placed.from {
        Some(_) => Durability::LOW,
        None => Durability::MEDIUM,
    };
    // A chunk is found again by its first job.
    let mut before: HashMap<InstanceAddr, JobChunk> = placed
        .roots
        .drain(..)
        .flat_map(|root| root.chunks)
        .filter_map(|chunk| Some((chunk.jobs(db).first()?.0.clone(), chunk)))
        .collect();
    let mut roots = Vec::with_capacity(jobs.len());
    for root in jobs.iter() {
        let mut chunks = Vec::new();
        for piece in content_chunks(&root.jobs) {
            let found = before.remove(&piece[0].0);
            let chunk = match found {
                Some(chunk) if chunk.jobs(db)[..] == *piece => chunk,
                found => match found.or_else(|| placed.spare.pop()) {
                    Some(chunk) => {
                        chunk
                            .set_jobs(db)
                            .with_durability(Durability::LOW)
                            .to(piece.to_vec());
                        chunk
                    }
                    None => JobChunk::builder(ev, piece.to_vec())
                        .durability(durability)
                        .new(db),
                },
            };
            chunks.push(chunk);
        }
        roots.push(RootChunks {
            root: root.root,
            chunks,
        });
    }
    placed.spare.extend(before.into_values());
    placed.roots = roots;
    placed.from = Some(jobs);
    true
}

/// `jobs` in chunks of about [`CHUNK_SIZE`] (at most twice that) whose
/// ends are chosen by the jobs themselves: a job whose last call and
/// depth hash to a multiple of `CHUNK_SIZE` ends one (the whole address
/// would cost a hash of every step of every job). An instance added or
/// removed then changes the chunk it is in, not every chunk after it.
fn content_chunks(jobs: &[(InstanceAddr, bool)]) -> Vec<&[(InstanceAddr, bool)]> {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let hasher = BuildHasherDefault::<DefaultHasher>::default();
    let mut chunks = Vec::new();
    let mut start = 0;
    for (i, (addr, _)) in jobs.iter().enumerate() {
        let len = i + 1 - start;
        let last = addr.steps.last().map(|step| (&step.call, &step.key));
        let hash = hasher.hash_one((addr.steps.len(), last));
        let ends_here = hash % CHUNK_SIZE as u64 == 0;
        if ends_here || len == 2 * CHUNK_SIZE {
            chunks.push(&jobs[start..=i]);
            start = i + 1;
        }
    }
    if start < jobs.len() {
        chunks.push(&jobs[start..]);
    }
    chunks
}

/// What evaluating the jobs of `chunk` reports, each diagnostic once.
/// Asked only for roots whose tree loads cleanly: OpenTofu evaluates
/// nothing of a configuration that fails to load.
#[salsa::tracked(returns(ref))]
pub fn job_chunk_diagnostics(db: &dyn salsa::Database, chunk: JobChunk) -> Vec<Diagnostic> {
    let ev = chunk.evaluation(db);
    let mut out = Vec::new();
    for (addr, whole) in chunk.jobs(db) {
        out.extend(job_diagnostics(db, ev, addr, *whole).iter().cloned());
    }
    crate::diagnostics::dedupe(&mut out);
    out
}

/// What evaluating one job of [`evaluation_jobs`] reports: one instance
/// of [`job_chunk_diagnostics`], for hosts that evaluate cold (see
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
