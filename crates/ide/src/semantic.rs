//! What a tree in the database reports, and in which order: the report
//! policy. Every module is checked and every instance evaluated on the
//! analysis threads, each with its own database handle.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use salsa::Durability;
use tofu_diagnostics::Code;
use tofu_semantic::{
    Database, EvalMode, Evaluation, JobChunk, ModuleDir, ModuleReport, PlacedJobs, RootInputs,
    SourceFile as Input, Workspace, chunk_count, chunk_of, configuration_cycles, dedupe,
    job_chunk_diagnostics, job_diagnostics, missing_root_values, module_callers,
    module_chunk_reports, module_dependencies, module_graph, module_report, module_tree,
    place_jobs, root_variable_values, tree_wide_diagnostics, with_tree_wide,
};

use crate::check::Progress;
use crate::isolation::isolated;

/// A semantic diagnostic, of one of the parsed files (by index) or of
/// none.
pub(crate) type FileDiagnostic = tofu_diagnostics::Diagnostic<usize>;

/// The indexes of `modules` in waves: first the modules that call no
/// module of the tree, then those that call only modules of earlier
/// waves, and so on (a module in a ring of calls goes where its DFS
/// reaches it).
fn waves(
    modules: &[ModuleDir],
    targets: &HashMap<ModuleDir, Vec<(String, ModuleDir)>>,
) -> Vec<Vec<usize>> {
    let index: HashMap<ModuleDir, usize> =
        modules.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let children: Vec<Vec<usize>> = modules
        .iter()
        .map(|caller| {
            targets
                .get(caller)
                .into_iter()
                .flatten()
                .filter_map(|(_, child)| index.get(child).copied())
                .collect()
        })
        .collect();
    // Height: 0 for a module that calls nothing, else one more than its
    // highest child; computed depth first without recursion.
    let mut height: Vec<Option<usize>> = vec![None; modules.len()];
    let mut on_path = vec![false; modules.len()];
    for start in 0..modules.len() {
        let mut stack = vec![(start, 0usize)];
        while let Some((node, next)) = stack.pop() {
            if height[node].is_some() {
                continue;
            }
            on_path[node] = true;
            match children[node].get(next).copied() {
                Some(child) => {
                    stack.push((node, next + 1));
                    if height[child].is_none() && !on_path[child] {
                        stack.push((child, 0));
                    }
                }
                None => {
                    let h = children[node]
                        .iter()
                        .filter_map(|&c| height[c].map(|h| h + 1))
                        .max()
                        .unwrap_or(0);
                    height[node] = Some(h);
                    on_path[node] = false;
                }
            }
        }
    }
    let mut waves: Vec<Vec<usize>> = Vec::new();
    for (module, h) in height.into_iter().enumerate() {
        let h = h.unwrap_or(0);
        if waves.len() <= h {
            waves.resize(h + 1, Vec::new());
        }
        waves[h].push(module);
    }
    waves
}

/// The semantic diagnostics of every module, ordered by file (by `index`,
/// each file's index in the tree's files in module order): the
/// [`report`] of the tree. With a plan evaluation
/// among `evaluations`, the tree is also evaluated as a plan would
/// evaluate it, when nothing else stops OpenTofu first (errors in the
/// configuration, in its validation, or in the variables' values); what
/// that finds in files outside the tree (tfvars files) comes back on its
/// own. `cold`: nothing is computed yet (see [`report`]).
pub(crate) fn check(
    db: &Database,
    index: &FxHashMap<Input, usize>,
    evaluations: &Evaluations,
    placed: &PlacedEvaluations,
    cold: bool,
    progress: Option<&dyn Progress>,
) -> Checked {
    let index_of = |input: Input| index.get(&input).copied();
    let workspace = evaluations.types.workspace(db);
    let tree = module_tree(db, workspace);
    let Report {
        modules: mut found,
        evaluated,
        clean_roots,
        ..
    } = report(db, evaluations, placed, cold, progress);
    let (in_tree, elsewhere): (Vec<_>, Vec<_>) = evaluated
        .into_iter()
        .partition(|d| d.location.is_none_or(|l| index.contains_key(&l.file)));
    found.push(in_tree);
    let mut out: Vec<FileDiagnostic> = found
        .into_iter()
        .flatten()
        .map(|d| {
            let location = d.location.and_then(|l| {
                Some(tofu_diagnostics::Location {
                    file: index_of(l.file)?,
                    range: l.range,
                })
            });
            FileDiagnostic {
                location,
                ..d.map_file(|_| 0)
            }
        })
        .collect();
    for call in &tree.uninstalled {
        let Some(index) = index_of(call.file) else {
            continue;
        };
        out.push(FileDiagnostic::note(
            Code::ModuleNotInstalled,
            format!(
                "The module {:?} comes from {:?}, which is not installed (there is no .terraform/modules/modules.json entry for it), so it is not analysed and references to its outputs are not checked. Run \"tofu init\" to install it.",
                call.name, call.source
            ),
        )
        .with_location(index, call.range));
    }
    out.sort_by_key(|d| d.location.map(|l| l.file));
    Checked {
        diagnostics: out,
        elsewhere,
        clean_roots,
    }
}

/// What checking a tree found: the semantic diagnostics of the tree's
/// files (or of none), and those in files outside the tree.
pub(crate) struct Checked {
    pub diagnostics: Vec<FileDiagnostic>,
    pub elsewhere: Vec<tofu_semantic::Diagnostic>,
    /// The root modules whose configurations load cleanly and were
    /// evaluated.
    pub clean_roots: HashSet<ModuleDir>,
}

/// The evaluations of a tree: as `validate` evaluates it, and as a plan
/// with the root module's values when there are values. Inputs of the
/// database, created once so that re-evaluations reuse their memos.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Evaluations {
    pub validate: Evaluation,
    pub plan: Option<(Evaluation, RootInputs)>,
    /// The static types of every module.
    pub types: Evaluation,
    /// A plan's evaluation over the root's values (the plan's own in
    /// plan mode), for what editors show of values; nothing reports it,
    /// and only what is asked of it is computed.
    pub values: Evaluation,
}

impl Evaluations {
    pub fn new(
        db: &Database,
        workspace: Workspace,
        base_dir: &str,
        root_inputs: RootInputs,
        plan_mode: bool,
    ) -> Evaluations {
        let base_dir = base_dir.to_owned();
        // Set once and never changed: every evaluation memo reads them,
        // and a low durability would make salsa verify all of them after
        // any edit.
        let validate = Evaluation::builder(workspace, EvalMode::Validate, None, base_dir.clone())
            .durability(Durability::HIGH)
            .new(db);
        let types = Evaluation::builder(workspace, EvalMode::Types, None, base_dir.clone())
            .durability(Durability::HIGH)
            .new(db);
        let values = Evaluation::builder(workspace, EvalMode::Plan, Some(root_inputs), base_dir)
            .durability(Durability::HIGH)
            .new(db);
        Evaluations {
            validate,
            plan: plan_mode.then_some((values, root_inputs)),
            types,
            values,
        }
    }
}

/// The job chunks of the evaluations that report (`validate`, and the
/// plan's in plan mode), as the host placed them after loading and after
/// each edit ([`place_jobs`]).
#[derive(Debug, Clone)]
pub(crate) struct PlacedEvaluations {
    pub validate: PlacedEvaluation,
    pub plan: Option<PlacedEvaluation>,
}

/// The job chunks of one evaluation, or why placing them failed.
#[derive(Debug, Clone)]
pub(crate) struct PlacedEvaluation {
    pub evaluation: Evaluation,
    pub jobs: Result<PlacedJobs, String>,
}

impl PlacedEvaluations {
    /// Nothing placed yet: [`PlacedEvaluations::update`] places all.
    pub fn unplaced(evaluations: &Evaluations) -> PlacedEvaluations {
        let unplaced = |evaluation| PlacedEvaluation {
            evaluation,
            jobs: Ok(PlacedJobs::default()),
        };
        PlacedEvaluations {
            validate: unplaced(evaluations.validate),
            plan: evaluations.plan.map(|(plan, _)| unplaced(plan)),
        }
    }

    /// Each evaluation that reports, `validate` first.
    pub fn iter(&self) -> impl Iterator<Item = &PlacedEvaluation> {
        std::iter::once(&self.validate).chain(&self.plan)
    }

    /// Places the jobs, after loading and after every edit: only chunks
    /// whose jobs changed are set again. Whether anything changed.
    pub fn update(&mut self, db: &mut Database) -> bool {
        let mut changed = self.validate.place(db);
        if let Some(plan) = &mut self.plan {
            changed |= plan.place(db);
        }
        changed
    }
}

impl PlacedEvaluation {
    /// [`place_jobs`], a failure kept to be reported: whether the jobs
    /// changed.
    fn place(&mut self, db: &mut Database) -> bool {
        let before = std::mem::replace(&mut self.jobs, Ok(PlacedJobs::default()));
        let failed_before = before.is_err();
        // After a failure, the jobs are placed anew.
        let mut jobs = before.unwrap_or_default();
        match isolated(|| place_jobs(db, self.evaluation, &mut jobs)) {
            Ok(changed) => {
                self.jobs = Ok(jobs);
                changed || failed_before
            }
            Err(message) => {
                self.jobs = Err(message);
                true
            }
        }
    }
}

/// What the workspace reports besides syntax errors, as `check` reports
/// it: each module's diagnostics (in workspace order), then what
/// evaluating the tree and typing its modules found.
pub(crate) struct Report {
    pub modules: Vec<Vec<tofu_semantic::Diagnostic>>,
    pub evaluated: Vec<tofu_semantic::Diagnostic>,
    /// The root modules whose configurations load cleanly (without
    /// cycles), which were evaluated.
    pub clean_roots: HashSet<ModuleDir>,
}

/// Gathers the [`Report`] from the chunk memos ([`module_chunk_reports`],
/// [`job_chunk_diagnostics`]), the chunks of each step in parallel,
/// each on its own database clone. `cold`: nothing is computed yet, so
/// each module and each instance is computed first on its own, in
/// parallel (chunks are too coarse to keep both threads busy); the modules
/// in waves in topological order of the tree, called modules before their
/// callers, so that what a caller reads of them is ready; `progress` is
/// told of each of those.
pub(crate) fn report(
    db: &Database,
    evaluations: &Evaluations,
    placed: &PlacedEvaluations,
    cold: bool,
    progress: Option<&dyn Progress>,
) -> Report {
    let workspace = evaluations.types.workspace(db);
    let graph = module_graph(db, workspace);
    if cold {
        let modules = workspace.modules(db);
        if let Some(progress) = progress {
            progress.phase("modules", modules.len());
        }
        for wave in waves(modules, &graph.targets) {
            wave.par_iter().for_each_with(db.clone(), |db, &module| {
                // A failure shows again, and is reported, in its chunk.
                let _ = isolated(|| {
                    module_report(db, workspace, evaluations.types, modules[module]);
                    // What the configurations' graphs read of the module.
                    module_dependencies(db, modules[module]);
                });
                if let Some(progress) = progress {
                    progress.step();
                }
            });
        }
    }
    // Building the graph of each configuration finds its cycles; that
    // reads no module's report, so it runs beside them (after a file's
    // first edit, both are mostly salsa verifying memos).
    let roots: Vec<ModuleDir> = graph
        .instances
        .iter()
        .filter(|i| i.path.is_empty())
        .map(|i| i.module)
        .collect();
    let (modules_db, cycles_db) = (db.clone(), db.clone());
    let types = evaluations.types;
    let (chunk_reports, cycles) = rayon::join(
        move || module_reports(&modules_db, workspace, types),
        move || configurations_cycles(&cycles_db, workspace, &roots),
    );
    let mut internal_errors = Vec::new();
    static NONE: Vec<tofu_semantic::Diagnostic> = Vec::new();
    let tree_wide = isolated(|| tree_wide_diagnostics(db, workspace)).unwrap_or_else(|message| {
        internal_errors.push(tofu_semantic::internal_error(
            "the checks across modules",
            &message,
        ));
        &NONE
    });
    // Only the modules with something to say are looked at (unless the
    // checks across modules found something, which may be in any
    // module's files): the rest would cost every edit time in proportion
    // to the tree.
    let reports: Vec<&ModuleReport> = chunk_reports
        .iter()
        .flat_map(|chunk| chunk.iter())
        .filter(|r| !r.is_quiet() || !tree_wide.is_empty())
        .collect();
    let modules: Vec<Vec<tofu_semantic::Diagnostic>> = reports
        .iter()
        .map(|r| with_tree_wide(db, r.module, r.diagnostics.clone(), tree_wide))
        .collect();
    let is_error = |d: &tofu_semantic::Diagnostic| d.severity == tofu_semantic::Severity::Error;
    let load_failed =
        reports.iter().any(|r| r.syntax_errors) || modules.iter().flatten().any(is_error);
    // The modules whose tree holds one that does not load cleanly: those
    // modules and their callers, up to the roots. Walked up from the few
    // that fail rather than down from every root, which would cost every
    // edit time in proportion to the whole tree.
    let mut unclean: HashSet<ModuleDir> = reports
        .iter()
        .filter(|r| !r.loads_cleanly)
        .map(|r| r.module)
        .collect();
    let mut stack: Vec<ModuleDir> = unclean.iter().copied().collect();
    while let Some(module) = stack.pop() {
        for (caller, _) in module_callers(db, workspace, module) {
            if unclean.insert(*caller) {
                stack.push(*caller);
            }
        }
    }
    let tree_loads_cleanly = |root: ModuleDir| !unclean.contains(&root);
    // OpenTofu evaluates nothing of a configuration that fails to load,
    // nor of one whose graph has cycles.
    let clean_roots: HashSet<ModuleDir> = cycles
        .iter()
        .filter(|(root, found)| found.is_empty() && tree_loads_cleanly(*root))
        .map(|(root, _)| *root)
        .collect();
    let mut evaluated: Vec<tofu_semantic::Diagnostic> = internal_errors;
    evaluated.extend(cycles.into_iter().flat_map(|(_, found)| found));
    dedupe(&mut evaluated);
    evaluated.extend(evaluation_diagnostics(
        db,
        evaluations,
        placed,
        load_failed || !evaluated.is_empty(),
        &clean_roots,
        cold,
        progress,
    ));
    // A module's types, unless its own checks found errors, and unless
    // validate or the plan already reported the same at the same place.
    let already: HashSet<(Code, Option<tofu_diagnostics::Location<Input>>)> = modules
        .iter()
        .flatten()
        .chain(&evaluated)
        .map(|d| (d.code, d.location))
        .collect();
    let mut types: Vec<tofu_semantic::Diagnostic> = reports
        .iter()
        .zip(&modules)
        .filter(|(_, found)| !found.iter().any(is_error))
        .flat_map(|(report, _)| &report.types)
        .filter(|d| !already.contains(&(d.code, d.location)))
        .cloned()
        .collect();
    dedupe(&mut types);
    evaluated.extend(types);
    Report {
        modules,
        evaluated,
        clean_roots,
    }
}

/// Every module's report, by chunk, from the chunk memos
/// ([`module_chunk_reports`]) in parallel, each chunk on its own database
/// clone.
fn module_reports(
    db: &Database,
    workspace: Workspace,
    types: Evaluation,
) -> Vec<Arc<Vec<ModuleReport>>> {
    let chunks = chunk_count(workspace.modules(db).len());
    (0..chunks)
        .into_par_iter()
        .map_with(db.clone(), |db, chunk| {
            isolated(|| Arc::clone(module_chunk_reports(db, types, chunk))).unwrap_or_else(|_| {
                // One of its modules failed: each of them on its own.
                let reports = chunk_of(workspace.modules(db), chunk)
                    .iter()
                    .map(|&module| {
                        isolated(|| module_report(db, workspace, types, module))
                            .unwrap_or_else(|message| failed_module(db, module, &message))
                    })
                    .collect();
                Arc::new(reports)
            })
        })
        .collect()
}

/// The cycles of each root's configuration, the roots in parallel.
fn configurations_cycles(
    db: &Database,
    workspace: Workspace,
    roots: &[ModuleDir],
) -> Vec<(ModuleDir, Vec<tofu_semantic::Diagnostic>)> {
    roots
        .par_iter()
        .map_with(db.clone(), |db, &root| {
            let found = isolated(|| configuration_cycles(db, workspace, root).clone())
                .unwrap_or_else(|message| {
                    let what = format!("the configuration of {}", module_name(db, root));
                    vec![tofu_semantic::internal_error(&what, &message)]
                });
            // The summaries decide that there is no cycle without the whole
            // graph; debug builds (the tests) check them against it.
            #[cfg(debug_assertions)]
            if found.is_empty() {
                let whole = tofu_semantic::whole_graph_cycles(db, workspace, root);
                assert!(whole.is_empty(), "the summaries missed {whole:?}");
            }
            (root, found)
        })
        .collect()
}

/// A module whose report failed: only the internal error, and never
/// evaluated.
fn failed_module(db: &Database, module: ModuleDir, message: &str) -> ModuleReport {
    let what = format!("the module {}", module_name(db, module));
    ModuleReport {
        module,
        diagnostics: vec![tofu_semantic::internal_error(&what, message)],
        syntax_errors: false,
        loads_cleanly: false,
        types: Vec::new(),
    }
}

/// A module as messages name it: its directory, `.` for the root.
fn module_name(db: &Database, module: ModuleDir) -> String {
    match module.dir(db).as_str() {
        "" => "\".\"".to_owned(),
        dir => format!("{dir:?}"),
    }
}

/// What evaluating the tree reports, as `tofu validate` and then `tofu
/// plan` would: the validate walk's findings, then, when nothing stops
/// OpenTofu first (`load_failed`: errors loading or checking the
/// configuration; errors in the variables' values; required variables
/// without one), the plan's, each diagnostic once. Only the trees of
/// roots that load cleanly are evaluated.
fn evaluation_diagnostics(
    db: &Database,
    evaluations: &Evaluations,
    placed: &PlacedEvaluations,
    load_failed: bool,
    clean_roots: &HashSet<ModuleDir>,
    cold: bool,
    progress: Option<&dyn Progress>,
) -> Vec<tofu_semantic::Diagnostic> {
    let is_error = |d: &tofu_semantic::Diagnostic| d.severity == tofu_semantic::Severity::Error;
    let mut out = evaluate(db, &placed.validate, clean_roots, cold, progress);
    let (Some((_, inputs)), Some(plan)) = (evaluations.plan, &placed.plan) else {
        return out;
    };
    let values = root_variable_values(db, inputs);
    if load_failed
        || out.iter().any(is_error)
        || values.aborted
        || values.diagnostics.iter().any(is_error)
    {
        return out;
    }
    let missing = missing_root_values(db, inputs);
    if !missing.is_empty() {
        out.extend(missing.iter().cloned());
        return out;
    }
    out.extend(evaluate(db, plan, clean_roots, cold, progress));
    dedupe(&mut out);
    out
}

/// What evaluating every module instance under the roots that load
/// cleanly reports, each diagnostic once: the chunks of instances in
/// parallel, each on its own database clone. `cold`: nothing is
/// evaluated yet, so each instance is first evaluated on its own, and
/// `progress` told of each.
fn evaluate(
    db: &Database,
    placed: &PlacedEvaluation,
    clean_roots: &HashSet<ModuleDir>,
    cold: bool,
    progress: Option<&dyn Progress>,
) -> Vec<tofu_semantic::Diagnostic> {
    let evaluation = placed.evaluation;
    let placed = match &placed.jobs {
        Ok(placed) => placed,
        Err(message) => {
            return vec![tofu_semantic::internal_error(
                "the module instances",
                message,
            )];
        }
    };
    let chunks: Vec<JobChunk> = placed
        .roots
        .iter()
        .filter(|root| clean_roots.contains(&root.root))
        .flat_map(|root| root.chunks.iter().copied())
        .collect();
    if cold {
        let jobs: Vec<_> = chunks.iter().flat_map(|chunk| chunk.jobs(db)).collect();
        if let Some(progress) = progress {
            let what = match evaluation.mode(db) {
                EvalMode::Plan => "instances planned",
                _ => "instances evaluated",
            };
            progress.phase(what, jobs.len());
        }
        jobs.par_iter()
            .for_each_with(db.clone(), |db, (addr, whole)| {
                // A failure shows again, and is reported, in its chunk.
                let _ = isolated(|| job_diagnostics(db, evaluation, addr, *whole).len());
                if let Some(progress) = progress {
                    progress.step();
                }
            });
    }
    let found: Vec<Vec<tofu_semantic::Diagnostic>> = chunks
        .par_iter()
        .map_with(db.clone(), |db, &chunk| {
            isolated(|| job_chunk_diagnostics(db, chunk).clone()).unwrap_or_else(|_| {
                // One of its instances failed: each of them on its own.
                chunk
                    .jobs(db)
                    .iter()
                    .flat_map(|(addr, whole)| {
                        isolated(|| job_diagnostics(db, evaluation, addr, *whole).to_vec())
                            .unwrap_or_else(|message| {
                                let what = format!("the module instance {addr}");
                                vec![tofu_semantic::internal_error(&what, &message)]
                            })
                    })
                    .collect()
            })
        })
        .collect();
    let mut out: Vec<tofu_semantic::Diagnostic> = found.into_iter().flatten().collect();
    dedupe(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waves_put_called_modules_first() {
        let db = Database::default();
        let module = |dir: &str| ModuleDir::new(&db, dir.to_owned(), Vec::new(), Vec::new());
        let (root, a, b, leaf, ring1, ring2) = (
            module(""),
            module("a"),
            module("b"),
            module("leaf"),
            module("r1"),
            module("r2"),
        );
        let modules = [root, a, b, leaf, ring1, ring2];
        let mut targets: HashMap<ModuleDir, Vec<(String, ModuleDir)>> = HashMap::new();
        for (from, to) in [
            (root, a),
            (root, leaf),
            (a, b),
            (b, leaf),
            (ring1, ring2),
            (ring2, ring1),
        ] {
            targets.entry(from).or_default().push((String::new(), to));
        }
        // leaf (3) first; b (2); a (1); the root (0) last; a ring's
        // modules each where the walk reaches them, never lost.
        assert_eq!(
            waves(&modules, &targets),
            vec![vec![3, 5], vec![2, 4], vec![1], vec![0]]
        );
    }
}
