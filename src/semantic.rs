//! A tree in the salsa database: its files loaded as inputs, then every
//! module parsed and checked on its own thread with its own database
//! clone.

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;
use salsa::Durability;
use tofu_semantic::{
    Database, EvalMode, Evaluation, InstalledModule, InstanceAddr, ModuleDir, ParsedFile,
    RootInputs, SourceFile as Input, Workspace, dedupe, evaluation_instances,
    instance_argument_diagnostics, instance_diagnostics, instance_module, missing_root_values,
    module_calls, module_dir_diagnostics, module_providers, module_tree, module_type_diagnostics,
    parse, root_variable_values, tree_loads_cleanly,
};
use tofu_syntax::TextRange;

use crate::diagnostic::Severity;
use crate::discovery::Module;

/// A semantic diagnostic, of one of the parsed files or of none.
pub(crate) struct FileDiagnostic {
    /// Notes say what could not be analysed.
    pub severity: Severity,
    /// Index into the parsed files and the range there; `None` for a
    /// sourceless diagnostic.
    pub place: Option<(usize, TextRange)>,
    pub context: Option<TextRange>,
    pub summary: String,
    pub detail: String,
    pub values: Vec<(String, String)>,
    pub deprecation: Option<Box<tofu_semantic::DeprecationCause>>,
}

/// A tree's files in a database: every file as an input, in module
/// order, and every module with its primary files.
pub(crate) struct Loaded {
    pub db: Database,
    pub files: Vec<Input>,
    pub modules: Vec<ModuleDir>,
    pub workspace: Workspace,
}

/// Loads the files of `modules`, whose texts come in module order (`None`
/// for a file that could not be read), and the modules `tofu init`
/// installed.
pub(crate) fn load(
    modules: &[Module],
    installed: &[InstalledModule],
    texts: Vec<Option<String>>,
) -> Loaded {
    let db = Database::default();
    let mut texts = texts.into_iter();
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for module in modules {
        let mut primary = Vec::new();
        let mut overrides = Vec::new();
        for file in &module.files {
            let path = module.file_path(&file.name);
            let input = match texts.next().flatten() {
                Some(text) => Input::builder(path, text, true),
                None => Input::builder(path, String::new(), false),
            }
            // Files as loaded are taken to change rarely, and edited ones
            // often: after an edit, salsa re-checks only what depends on a
            // file that has been edited, and takes the rest on trust.
            .durability(Durability::MEDIUM)
            .new(&db);
            if file.is_override {
                overrides.push(input);
            } else {
                primary.push(input);
            }
            files.push(input);
        }
        dirs.push(
            ModuleDir::builder(module.dir.clone(), primary, overrides)
                .durability(Durability::HIGH)
                .new(&db),
        );
    }
    let workspace = Workspace::builder(dirs.clone(), installed.to_vec())
        .durability(Durability::HIGH)
        .new(&db);
    Loaded {
        db,
        files,
        modules: dirs,
        workspace,
    }
}

/// Gives static evaluation the root module's values and the workspace's
/// absolute directory (`path.cwd`).
pub(crate) fn set_static_inputs(
    loaded: &mut Loaded,
    inputs: RootInputs,
    base_dir: &std::path::Path,
) {
    use salsa::Setter;
    let base_dir = std::path::absolute(base_dir).unwrap_or_else(|_| base_dir.to_path_buf());
    let workspace = loaded.workspace;
    workspace
        .set_root_inputs(&mut loaded.db)
        .with_durability(Durability::HIGH)
        .to(Some(inputs));
    workspace
        .set_base_dir(&mut loaded.db)
        .with_durability(Durability::HIGH)
        .to(base_dir.to_string_lossy().into_owned());
}

/// Discovers the tree under `root`, reads every module's files and loads
/// them, for hosts that keep a tree open (`Analysis`, the console); a
/// file that cannot be read is loaded as missing.
pub(crate) fn read_tree(root: &std::path::Path) -> std::io::Result<Loaded> {
    let discovered = crate::discovery::discover(root)?;
    let texts = discovered
        .modules
        .iter()
        .flat_map(|module| {
            module.files.iter().map(|file| {
                std::fs::read(module.path.join(&file.name))
                    .ok()
                    .map(|bytes| crate::source::decode(bytes).text)
            })
        })
        .collect();
    Ok(load(&discovered.modules, &discovered.installed, texts))
}

/// A module's parsed files and its semantic diagnostics.
type ModuleResult = (Vec<ParsedFile>, Vec<tofu_semantic::Diagnostic>);

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

/// Every file's syntax tree and errors (in the order of `loaded.files`)
/// and the semantic diagnostics of every module, ordered by file: each
/// module parsed and checked on a rayon thread with its own database
/// clone, in waves that follow the module tree; then every module
/// instance evaluated (`evaluation_diagnostics`). With `plan`, the values of the root module's variables, the tree is
/// also evaluated as a plan would evaluate it, when nothing else stops
/// OpenTofu first (errors in the configuration, in its validation, or in
/// the variables' values); what that finds in files outside the tree
/// (tfvars files) comes back on its own.
pub(crate) fn check(
    loaded: &Loaded,
    modules: &[Module],
    base_dir: &std::path::Path,
    plan: Option<RootInputs>,
) -> Checked {
    let db = &loaded.db;
    let inputs = &loaded.files;
    let index: HashMap<Input, usize> = inputs.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let index_of = |input: Input| index.get(&input).copied();
    let mut starts = Vec::with_capacity(modules.len());
    let mut next = 0;
    for module in modules {
        starts.push(next..next + module.files.len());
        next += module.files.len();
    }
    let dirs = &loaded.modules;
    let workspace = loaded.workspace;
    // The tree first, once, so that the module jobs share it; what it and
    // the tree-wide provider checks read of every module (its calls and
    // providers, so its files' syntax and load-time checks) in parallel.
    loaded
        .modules
        .par_iter()
        .for_each_with(db.clone(), |db, dir| {
            module_calls(db, *dir);
            module_providers(db, *dir);
        });
    let tree = module_tree(db, workspace);
    let jobs: Vec<(ModuleDir, std::ops::Range<usize>)> = dirs.iter().copied().zip(starts).collect();
    // In waves, in topological order of the tree: called modules before
    // their callers, so that what a caller reads of them is ready.
    let mut results: Vec<Option<ModuleResult>> = vec![None; jobs.len()];
    for wave in waves(dirs, &tree.graph.targets) {
        let done: Vec<(usize, ModuleResult)> = wave
            .par_iter()
            .map_with(db.clone(), |db, &job| {
                let (dir, files) = &jobs[job];
                let parsed = inputs[files.clone()]
                    .iter()
                    .map(|f| parse(db, *f).clone())
                    .collect();
                let found = module_dir_diagnostics(db, workspace, *dir);
                (job, (parsed, found))
            })
            .collect();
        for (job, result) in done {
            results[job] = Some(result);
        }
    }
    let mut parsed_files = Vec::with_capacity(inputs.len());
    let mut found = Vec::new();
    for (parsed, diagnostics) in results.into_iter().flatten() {
        parsed_files.extend(parsed);
        found.push(diagnostics);
    }
    let evaluations = Evaluations::new(db, workspace, base_dir, plan);
    let load_failed = parsed_files.iter().any(|p| !p.errors.is_empty())
        || found
            .iter()
            .flatten()
            .any(|d| d.severity == tofu_semantic::Severity::Error);
    let mut evaluated = evaluation_diagnostics(db, &evaluations, load_failed);
    let reported = found.iter().flatten().chain(&evaluated);
    let types = type_diagnostics(db, &evaluations, dirs, reported);
    evaluated.extend(types);
    let (in_tree, elsewhere): (Vec<_>, Vec<_>) = evaluated
        .into_iter()
        .partition(|d| d.location.is_none_or(|(file, _)| index.contains_key(&file)));
    found.push(in_tree);
    let mut out: Vec<FileDiagnostic> = found
        .into_iter()
        .flatten()
        .map(|d| FileDiagnostic {
            severity: match d.severity {
                tofu_semantic::Severity::Error => Severity::Error,
                tofu_semantic::Severity::Warning => Severity::Warning,
            },
            place: d
                .location
                .and_then(|(file, range)| Some((index_of(file)?, range))),
            context: d.context,
            summary: d.summary,
            detail: d.detail,
            values: d.values,
            deprecation: d.deprecation,
        })
        .collect();
    for call in &tree.uninstalled {
        let Some(index) = index_of(call.file) else {
            continue;
        };
        out.push(FileDiagnostic {
            severity: Severity::Note,
            place: Some((index, call.range)),
            context: None,
            summary: "Module not installed".to_owned(),
            detail: format!(
                "The module {:?} comes from {:?}, which is not installed (there is no .terraform/modules/modules.json entry for it), so it is not analysed and references to its outputs are not checked. Run \"tofu init\" to install it.",
                call.name, call.source
            ),
            values: Vec::new(),
            deprecation: None,
        });
    }
    out.sort_by_key(|d| d.place.map(|(index, _)| index));
    Checked {
        parsed: parsed_files,
        diagnostics: out,
        elsewhere,
    }
}

/// What checking a tree found: every file's syntax tree and errors, the
/// semantic diagnostics of the tree's files (or of none), and those in
/// files outside the tree.
pub(crate) struct Checked {
    pub parsed: Vec<ParsedFile>,
    pub diagnostics: Vec<FileDiagnostic>,
    pub elsewhere: Vec<tofu_semantic::Diagnostic>,
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
}

impl Evaluations {
    pub fn new(
        db: &Database,
        workspace: Workspace,
        base_dir: &std::path::Path,
        plan: Option<RootInputs>,
    ) -> Evaluations {
        let base_dir = std::path::absolute(base_dir).unwrap_or_else(|_| base_dir.to_path_buf());
        let base_dir = base_dir.to_string_lossy().into_owned();
        // Set once and never changed: every evaluation memo reads them,
        // and a low durability would make salsa verify all of them after
        // any edit.
        let validate = Evaluation::builder(workspace, EvalMode::Validate, None, base_dir.clone())
            .durability(Durability::HIGH)
            .new(db);
        let types = Evaluation::builder(workspace, EvalMode::Types, None, base_dir.clone())
            .durability(Durability::HIGH)
            .new(db);
        let plan = plan.map(|inputs| {
            let evaluation = Evaluation::builder(workspace, EvalMode::Plan, Some(inputs), base_dir)
                .durability(Durability::HIGH)
                .new(db);
            (evaluation, inputs)
        });
        Evaluations {
            validate,
            plan,
            types,
        }
    }
}

/// What the static types of the modules find that nothing else reported
/// at the same place: type errors every plan would report, whatever the
/// values. Only modules that load and check without errors are typed (a
/// plan would stop before); each module once, in parallel.
pub(crate) fn type_diagnostics<'a>(
    db: &Database,
    evaluations: &Evaluations,
    modules: &[ModuleDir],
    reported: impl Iterator<Item = &'a tofu_semantic::Diagnostic>,
) -> Vec<tofu_semantic::Diagnostic> {
    let types = evaluations.types;
    let workspace = types.workspace(db);
    let found: Vec<Vec<tofu_semantic::Diagnostic>> = modules
        .par_iter()
        .map_with(db.clone(), |db, &module| {
            let clean = module
                .files(db)
                .iter()
                .all(|f| parse(db, *f).errors.is_empty())
                && !module_dir_diagnostics(db, workspace, module)
                    .iter()
                    .any(|d| d.severity == tofu_semantic::Severity::Error);
            if clean {
                module_type_diagnostics(db, types, module).clone()
            } else {
                Vec::new()
            }
        })
        .collect();
    let already: HashSet<(&str, Option<(Input, TextRange)>)> =
        reported.map(|d| (d.summary.as_str(), d.location)).collect();
    let mut out: Vec<tofu_semantic::Diagnostic> = found
        .into_iter()
        .flatten()
        .filter(|d| !already.contains(&(d.summary.as_str(), d.location)))
        .collect();
    dedupe(&mut out);
    out
}

/// What evaluating the tree reports, as `tofu validate` and then `tofu
/// plan` would: the validate walk's findings, then, when nothing stops
/// OpenTofu first (`load_failed`: errors loading or checking the
/// configuration; errors in the variables' values; required variables
/// without one), the plan's, each diagnostic once.
pub(crate) fn evaluation_diagnostics(
    db: &Database,
    evaluations: &Evaluations,
    load_failed: bool,
) -> Vec<tofu_semantic::Diagnostic> {
    let is_error = |d: &tofu_semantic::Diagnostic| d.severity == tofu_semantic::Severity::Error;
    let mut out = evaluate(db, evaluations.validate);
    let Some((plan, inputs)) = evaluations.plan else {
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
    out.extend(evaluate(db, plan));
    dedupe(&mut out);
    out
}

/// What evaluating every module instance reports, each diagnostic once:
/// the instances evaluated in parallel, each on its own database clone,
/// sharing what they ask of each other.
fn evaluate(db: &Database, evaluation: Evaluation) -> Vec<tofu_semantic::Diagnostic> {
    let instances = evaluation_instances(db, evaluation);
    // Asked once per root, outside the instances' queries, so that an
    // edit anywhere does not make every instance's memo depend on it.
    let mut clean: HashMap<ModuleDir, bool> = HashMap::new();
    for addr in instances {
        clean
            .entry(addr.root)
            .or_insert_with(|| tree_loads_cleanly(db, evaluation, addr.root));
    }
    // In `validate` the instances of one module under one root differ only
    // in their arguments: the rest of the module is evaluated once.
    let validate = evaluation.mode(db) == EvalMode::Validate;
    let mut evaluated: HashSet<(ModuleDir, ModuleDir)> = HashSet::new();
    let jobs: Vec<(&InstanceAddr, bool)> = instances
        .iter()
        .filter(|addr| clean.get(&addr.root).copied().unwrap_or(false))
        .map(|addr| {
            let whole = !validate
                || instance_module(db, evaluation, addr.clone())
                    .is_none_or(|module| evaluated.insert((addr.root, module)));
            (addr, whole)
        })
        .collect();
    let found: Vec<Vec<tofu_semantic::Diagnostic>> = jobs
        .par_iter()
        .map_with(db.clone(), |db, (addr, whole)| {
            let addr = (*addr).clone();
            if *whole {
                instance_diagnostics(db, evaluation, addr).clone()
            } else {
                instance_argument_diagnostics(db, evaluation, addr).clone()
            }
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
