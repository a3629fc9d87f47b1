//! The module tree: which modules are roots, which are called, and by
//! which call paths; and what a module reports as the instance it is
//! (its name in messages, the checks that apply only to children).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;

use crate::calls::{is_local_source, local_source_dir, module_calls};
use crate::diagnostics::Diagnostic;
use crate::input::{CalledDir, ModuleDir, SourceFile, Workspace};
use crate::input::{ModuleGraph, ModuleInstance, ModulePlace};
use crate::static_eval::StaticCall;
use crate::static_eval::sources::static_module_source;

/// A module is analysed under at most this many call paths; a tree of
/// diamonds would otherwise have exponentially many.
const MAX_PATHS_PER_MODULE: usize = 8;

/// How OpenTofu names a module instance by its call path: `the root module`
/// or `module.a.module.b`.
pub(crate) fn display_name<S: AsRef<str>>(path: &[S]) -> String {
    if path.is_empty() {
        return "the root module".to_owned();
    }
    path.iter()
        .map(|call| format!("module.{}", call.as_ref()))
        .collect::<Vec<_>>()
        .join(".")
}

/// The module graph and what building it found: the calls that cannot be
/// followed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleTree {
    pub graph: Arc<ModuleGraph>,
    /// Calls of remote modules that `tofu init` did not install.
    pub uninstalled: Vec<UninstalledCall>,
    /// Calls that would make the tree infinite.
    pub diagnostics: Vec<Diagnostic>,
}

/// A call of a remote module that no `modules.json` lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UninstalledCall {
    pub name: String,
    pub source: String,
    pub file: SourceFile,
    pub range: TextRange,
}

impl ModuleGraph {
    /// Every module's place in the graph, for the modules it reaches or
    /// whose calls it follows (the others have an empty one).
    fn places(&self) -> HashMap<ModuleDir, ModulePlace> {
        let parts = PlaceParts::of(self, None);
        let mut places: HashMap<ModuleDir, ModulePlace> = HashMap::new();
        for (module, instances) in &parts.instances {
            places.entry(*module).or_default().instances =
                instances.iter().map(|i| (*i).clone()).collect();
        }
        for (caller, calls) in &self.local_calls {
            places.entry(*caller).or_default().local_calls = calls.clone();
        }
        for (caller, targets) in &self.targets {
            places.entry(*caller).or_default().targets = targets.clone();
        }
        for (module, callers) in &parts.callers {
            places.entry(*module).or_default().callers = callers
                .iter()
                .map(|(caller, call)| (*caller, (*call).to_owned()))
                .collect();
        }
        places
    }
}

/// The place [`computed_places`] gives `module`, for analyses without a
/// host (an empty one for a module the graph neither reaches nor follows).
fn computed_place(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> &ModulePlace {
    static EMPTY: ModulePlace = ModulePlace {
        instances: Vec::new(),
        targets: Vec::new(),
        local_calls: Vec::new(),
        callers: Vec::new(),
    };
    computed_places(db, workspace)
        .get(&module)
        .unwrap_or(&EMPTY)
}

/// `module`'s instances in the module graph (see
/// [`ModulePlace::instances`]): as the host set them with
/// [`sync_module_graph`], or else as the computed graph has them.
pub fn module_instances(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> &[ModuleInstance] {
    module
        .placed_instances(db)
        .as_deref()
        .unwrap_or_else(|| &computed_place(db, workspace, module).instances)
}

/// What `module`'s calls load in the module graph (see
/// [`ModulePlace::targets`]), as [`module_instances`] finds them.
pub fn module_targets(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> &[(String, ModuleDir)] {
    module
        .placed_targets(db)
        .as_deref()
        .unwrap_or_else(|| &computed_place(db, workspace, module).targets)
}

/// The calls that load `module` (see [`ModulePlace::callers`]), as
/// [`module_instances`] finds them.
pub fn module_callers(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> &[(ModuleDir, String)] {
    module
        .placed_callers(db)
        .as_deref()
        .unwrap_or_else(|| &computed_place(db, workspace, module).callers)
}

/// Every module's place in the graph [`module_graph`] gives, for analyses
/// without a host.
#[salsa::tracked(returns(ref))]
fn computed_places(
    db: &dyn salsa::Database,
    workspace: Workspace,
) -> HashMap<ModuleDir, ModulePlace> {
    module_graph(db, workspace).places()
}

/// The modules a module's calls load, by call name, wherever the tree
/// reaches the module (the first path that resolves a call wins).
#[salsa::tracked(returns(ref))]
pub fn call_targets(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<(String, ModuleDir)> {
    module_targets(db, workspace, module).to_vec()
}

/// The module call `call` of `caller` loads when its source is a local
/// path as written, which is the same under every call path; read from
/// the place the host set for the caller, so that what follows calls from
/// instance to instance does not read the caller's files (were it read,
/// an edit to any file of the root would make every instance's memos
/// low-durability). `None` without a place set: the caller's calls say.
pub(crate) fn local_call_target(
    db: &dyn salsa::Database,
    caller: ModuleDir,
    call: &str,
) -> Option<ModuleDir> {
    // Never the computed graph: its walk evaluates expression sources,
    // which follow calls through here.
    let local_calls = caller.placed_local_calls(db).as_deref()?;
    if !local_calls.iter().any(|c| c == call) {
        return None;
    }
    caller
        .placed_targets(db)
        .as_deref()?
        .iter()
        .find(|(name, _)| name == call)
        .map(|(_, target)| *target)
}

/// Where a call leads from an instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CallTarget {
    Module(ModuleDir),
    Uninstalled(String),
    /// A local source whose directory does not exist or cannot be read:
    /// the directory as written and why.
    Unreadable(String, String),
    /// No literal source, or a local directory the host did not load
    /// (one the user excluded).
    Unknown,
}

/// A module's call as the graph is built from it: its name and literal
/// source, without where it is, and where a local source leads (the same
/// from every instance of the module, so found once rather than at each).
/// The names are shared with every instance path the walk makes, so that
/// a walk's graph and the one set before it compare their paths by
/// pointer where the calls did not change.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CallShape {
    name: Arc<str>,
    source: Option<String>,
    /// For a literal local source, its target ([`local_target`]).
    local: Option<CallTarget>,
}

/// The call shapes of the modules of chunk `chunk` (see
/// [`crate::report`]): the graph reads these instead of every module's
/// calls, so that an edit makes it verify one chunk, not every module.
#[salsa::tracked(returns(ref))]
fn call_shape_chunk(
    db: &dyn salsa::Database,
    workspace: Workspace,
    chunk: usize,
) -> Vec<Vec<CallShape>> {
    let index = workspace_index(db, workspace);
    crate::chunks::chunk_of(workspace.modules(db), chunk)
        .iter()
        .map(|m| {
            module_calls(db, *m)
                .iter()
                .map(|c| CallShape {
                    name: Arc::from(c.name.as_str()),
                    source: c.source.clone(),
                    local: c
                        .source
                        .as_deref()
                        .and_then(|source| local_target(index, m.dir(db), source)),
                })
                .collect()
        })
        .collect()
}

/// Verifies, or computes, what the module graph's walk reads of the
/// modules of chunk `chunk` of the workspace ([`crate::chunk_count`] of
/// its modules make the chunks).
///
/// After a change at medium durability (the first edit of a loaded file)
/// salsa verifies every memo before trusting it again, and the walk of
/// [`sync_module_graph`] would verify every module's calls, file by file,
/// one after another: a host asks this of every chunk in parallel first.
pub fn prime_module_graph(db: &dyn salsa::Database, workspace: Workspace, chunk: usize) {
    call_shape_chunk(db, workspace, chunk);
}

/// The tree: the workspace's root directory is a root module; so is every
/// other module no module of the workspace calls (as `tofu validate` run
/// there would check it), except installed copies, which are reached only
/// through their callers. Called modules are children, once per call path:
/// a local source relative to the caller's directory, a remote one through
/// its root module's `modules.json`.
#[salsa::tracked(returns(ref))]
pub fn module_tree(db: &dyn salsa::Database, workspace: Workspace) -> ModuleTree {
    let walk = graph_walk(db, workspace);
    let mut tree = ModuleTree {
        graph: walk.graph.clone(),
        ..ModuleTree::default()
    };
    for (module, call, source) in &walk.uninstalled {
        let Some(call) = module_calls(db, *module).get(*call) else {
            continue;
        };
        tree.uninstalled.push(UninstalledCall {
            name: call.name.clone(),
            source: source.clone(),
            file: call.file,
            range: call.range,
        });
    }
    for (module, call, dir, reason) in &walk.unreadable {
        let Some(call) = module_calls(db, *module).get(*call) else {
            continue;
        };
        // OpenTofu's installer (`installLocalModule`) says so when it
        // cannot load the directory; here at the call, which is where
        // the directory is named.
        tree.diagnostics.push(Diagnostic::error_in(
            Code::UnreadableModuleDirectory,
            format!(
                "The directory {} could not be read for module {:?}: {reason}.",
                if dir.is_empty() { "." } else { dir },
                call.name,
            ),
            call.file,
            call.range,
        ));
    }
    for (module, call, path, child) in &walk.recursive {
        let Some(call) = module_calls(db, *module).get(*call) else {
            continue;
        };
        tree.diagnostics.push(Diagnostic::error_in(
            Code::RecursiveModuleCall,
            format!(
                "The module call {:?} in {} loads {}, which already contains {}, so the module tree would never end.",
                call.name,
                display_name(path),
                dir_display(child.dir(db)),
                display_name(path),
            ),
            call.file,
            call.range,
        ));
    }
    tree
}

/// The tree without where its calls are: the graph, the calls of remote
/// modules that are not installed (module, index of the call, source),
/// and the calls that would make the tree infinite (module, index of the
/// call, the caller's call path, the module called).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct GraphWalk {
    graph: Arc<ModuleGraph>,
    uninstalled: Vec<(ModuleDir, usize, String)>,
    /// Local calls whose directory cannot be read (module, index of the
    /// call, the directory, why).
    unreadable: Vec<(ModuleDir, usize, String, String)>,
    recursive: Vec<(ModuleDir, usize, Vec<String>, ModuleDir)>,
}

#[salsa::tracked(returns(ref))]
fn graph_walk(db: &dyn salsa::Database, workspace: Workspace) -> GraphWalk {
    let shapes = crate::chunks::every_entry(db, workspace, call_shape_chunk);
    // Modules some module calls through a literal local source are not
    // roots.
    let mut called: FxHashSet<ModuleDir> = shapes
        .values()
        .flat_map(|calls| calls.iter())
        .filter_map(|call| match call.local {
            Some(CallTarget::Module(target)) => Some(target),
            _ => None,
        })
        .collect();
    let (walk, through_expressions) = build_tree(db, workspace, &shapes, &called);
    // Nor are those a source expression leads to, which only the walk
    // finds: walk again without them as roots.
    let walked_as_roots = walk.graph.instances.iter().any(|i| {
        i.path.is_empty() && !i.module.dir(db).is_empty() && through_expressions.contains(&i.module)
    });
    if !walked_as_roots {
        return walk;
    }
    called.extend(through_expressions);
    build_tree(db, workspace, &shapes, &called).0
}

/// The module graph as the rest of the analysis reads it: the one the host
/// set with [`sync_module_graph`], or else [`module_tree`]'s.
///
/// Every module's queries read the graph, and the graph reads every
/// module's calls; so after an edit anywhere, salsa would verify every
/// memo of the workspace before trusting it. Set as an input of its own,
/// the graph changes only when a call's target does, and an edit
/// elsewhere leaves every memo that does not read the edited file trusted
/// as it is.
pub fn module_graph(db: &dyn salsa::Database, workspace: Workspace) -> &ModuleGraph {
    match workspace.graph(db) {
        Some(graph) => graph,
        None => &graph_walk(db, workspace).graph,
    }
}

/// Sets the workspace's module graph input, and each module's place in
/// it, to what its files give, where that differs: for hosts, after
/// loading the workspace and after every edit.
///
/// What is set for the first time is taken to change rarely, as loaded
/// files are; what changes after that is likely to change again (a call
/// being written), so it is set at low durability, and only the memos that
/// read it are verified again after the next edit.
pub fn sync_module_graph(db: &mut crate::db::Database, workspace: Workspace) {
    // The walk evaluates expression sources statically, which follows
    // local calls through the places set here (`local_call_target`): a
    // walk after new places may find another graph. A few rounds settle
    // it; a tree that would not settle keeps the last walk's graph.
    for _ in 0..4 {
        if !set_module_graph(db, workspace) {
            return;
        }
    }
}

/// One round of [`sync_module_graph`]: whether anything was set.
fn set_module_graph(db: &mut crate::db::Database, workspace: Workspace) -> bool {
    use salsa::{Durability, Setter};
    let durability = |was_set: bool| match was_set {
        true => Durability::LOW,
        false => Durability::MEDIUM,
    };
    let computed = Arc::clone(&graph_walk(db, workspace).graph);
    // Unless the walk ran again, the graph is the one already set, or one
    // already found equal to it.
    let seen_equal = db
        .walked_graph_seen_equal
        .as_ref()
        .is_some_and(|seen| Arc::ptr_eq(seen, &computed));
    if seen_equal {
        return false;
    }
    let set = workspace.graph(db).clone();
    if set.as_ref().is_some_and(|set| Arc::ptr_eq(set, &computed)) {
        return false;
    }
    if set.as_deref() == Some(&*computed) {
        db.walked_graph_seen_equal = Some(computed);
        return false;
    }
    db.walked_graph_seen_equal = None;
    // Where every module's place was set from the graph set before, only
    // the modules whose place the two graphs may give differently are
    // looked at; the others' places are already the new graph's.
    let modules = workspace.modules(db).clone();
    let differing = match (&set, &db.placed_modules) {
        (Some(set), Some((placed_in, placed))) if *placed_in == workspace && *placed == modules => {
            Some(places_that_may_differ(set, &computed))
        }
        _ => None,
    };
    // Each part of each module's place is an input of its own (see
    // `ModuleDir`): compared with what is set through borrowed views of
    // the graph, and copied only where it changed, as most did not.
    let parts = PlaceParts::of(&computed, differing.as_ref());
    let compared = |module: &&ModuleDir| differing.as_ref().is_none_or(|d| d.contains(module));
    for &module in modules.iter().filter(compared) {
        // Sets `$part` to `$value()` unless `$same` holds of what is set.
        macro_rules! set_changed_part {
            ($part:ident, $setter:ident, $same:expr, $value:expr) => {
                let set = module.$part(db);
                if !set.as_deref().is_some_and($same) {
                    let durability = durability(set.is_some());
                    module
                        .$setter(db)
                        .with_durability(durability)
                        .to(Some($value()));
                }
            };
        }
        let instances = parts.instances.get(&module).map_or(&[][..], Vec::as_slice);
        set_changed_part!(
            placed_instances,
            set_placed_instances,
            |set: &[ModuleInstance]| set.iter().eq(instances.iter().copied()),
            || instances.iter().map(|i| (*i).clone()).collect()
        );
        let targets = computed.targets.get(&module).map_or(&[][..], Vec::as_slice);
        set_changed_part!(
            placed_targets,
            set_placed_targets,
            |set: &[(String, ModuleDir)]| set == targets,
            || targets.into()
        );
        let local_calls = computed.local_calls.get(&module);
        let local_calls = local_calls.map_or(&[][..], Vec::as_slice);
        set_changed_part!(
            placed_local_calls,
            set_placed_local_calls,
            |set: &[String]| set == local_calls,
            || local_calls.into()
        );
        let callers = parts.callers.get(&module).map_or(&[][..], Vec::as_slice);
        set_changed_part!(
            placed_callers,
            set_placed_callers,
            |set: &[(ModuleDir, String)]| set
                .iter()
                .map(|(caller, call)| (*caller, call.as_str()))
                .eq(callers.iter().copied()),
            || callers
                .iter()
                .map(|(caller, call)| (*caller, (*call).to_owned()))
                .collect()
        );
    }
    let durability = durability(set.is_some());
    workspace
        .set_graph(db)
        .with_durability(durability)
        .to(Some(computed));
    db.placed_modules = Some((workspace, modules));
    true
}

/// The modules whose place (see [`ModulePlace`]) may differ between
/// graphs `old` and `new`: those with an instance where the two lists of
/// instances differ (both keep each module's instances in the order of
/// the whole list, so a module whose instances all lie in the common
/// start and end has the same ones), those whose calls load something
/// else, and the modules those calls load or loaded (their callers).
fn places_that_may_differ(old: &ModuleGraph, new: &ModuleGraph) -> FxHashSet<ModuleDir> {
    let (old_instances, new_instances) = (&old.instances, &new.instances);
    let start = old_instances
        .iter()
        .zip(new_instances)
        .take_while(|(a, b)| a == b)
        .count();
    let end = old_instances[start..]
        .iter()
        .rev()
        .zip(new_instances[start..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut differing: FxHashSet<ModuleDir> = old_instances[start..old_instances.len() - end]
        .iter()
        .chain(&new_instances[start..new_instances.len() - end])
        .map(|instance| instance.module)
        .collect();
    for caller in changed_keys(&old.targets, &new.targets) {
        differing.insert(caller);
        let children = [&old.targets, &new.targets]
            .into_iter()
            .filter_map(|targets| targets.get(&caller))
            .flatten();
        differing.extend(children.map(|(_, child)| *child));
    }
    differing.extend(changed_keys(&old.local_calls, &new.local_calls));
    differing
}

/// The keys whose value differs between `old` and `new`, a key missing
/// from one of them included.
fn changed_keys<'m, V: PartialEq>(
    old: &'m HashMap<ModuleDir, V>,
    new: &'m HashMap<ModuleDir, V>,
) -> impl Iterator<Item = ModuleDir> + 'm {
    let changed_or_gone = old
        .iter()
        .filter(|(key, value)| new.get(key) != Some(value));
    let added = new.keys().filter(|key| !old.contains_key(key));
    changed_or_gone.map(|(key, _)| *key).chain(added.copied())
}

/// The parts of every module's place (or of those of `only`) that the
/// graph does not hold by module, borrowed from it: each module's
/// instances in the graph's order, and the calls that load it (ordered by
/// caller, then call: the targets map has no order of its own).
struct PlaceParts<'g> {
    instances: FxHashMap<ModuleDir, Vec<&'g ModuleInstance>>,
    callers: FxHashMap<ModuleDir, Vec<(ModuleDir, &'g str)>>,
}

impl<'g> PlaceParts<'g> {
    fn of(graph: &'g ModuleGraph, only: Option<&FxHashSet<ModuleDir>>) -> Self {
        let wanted = |module: &ModuleDir| only.is_none_or(|only| only.contains(module));
        let mut instances: FxHashMap<ModuleDir, Vec<&ModuleInstance>> = FxHashMap::default();
        for instance in graph.instances.iter().filter(|i| wanted(&i.module)) {
            instances.entry(instance.module).or_default().push(instance);
        }
        let mut callers: FxHashMap<ModuleDir, Vec<(ModuleDir, &str)>> = FxHashMap::default();
        for (caller, targets) in &graph.targets {
            for (call, child) in targets.iter().filter(|(_, child)| wanted(child)) {
                callers.entry(*child).or_default().push((*caller, call));
            }
        }
        for list in callers.values_mut() {
            list.sort_by_key(|(caller, call)| (salsa::plumbing::AsId::as_id(caller), *call));
        }
        PlaceParts { instances, callers }
    }
}

/// The walk with every module not in `called` as a root, and the modules
/// reached through calls whose sources are expressions.
fn build_tree(
    db: &dyn salsa::Database,
    workspace: Workspace,
    shapes: &FxHashMap<ModuleDir, &Vec<CallShape>>,
    called: &FxHashSet<ModuleDir>,
) -> (GraphWalk, HashSet<ModuleDir>) {
    let modules = workspace.modules(db);
    // A dot first: most directories have none, and splitting each would
    // cost every walk a pass over every module's name.
    let is_installed_copy = |m: &ModuleDir| {
        let dir = m.dir(db);
        dir.as_bytes().contains(&b'.') && dir.split('/').any(|part| part == ".terraform")
    };
    let mut through_expressions = HashSet::new();
    let mut graph = ModuleGraph::default();
    let mut walk = GraphWalk::default();
    let mut reached: FxHashMap<ModuleDir, usize> = FxHashMap::default();
    let mut reported: HashSet<(ModuleDir, usize)> = HashSet::new();
    let roots: Vec<ModuleDir> = modules
        .iter()
        .copied()
        .filter(|m| m.dir(db).is_empty() || (!called.contains(m) && !is_installed_copy(m)))
        .collect();
    // Modules only reachable through a ring of local calls are roots too,
    // so that every module of the user's is analysed.
    let rest = modules.iter().copied().filter(|m| !is_installed_copy(m));
    for root in roots.into_iter().chain(rest) {
        if reached.contains_key(&root) {
            continue;
        }
        // Depth first, children in call order; each frame is an instance
        // and the modules of its ancestors.
        let mut stack = vec![(root, Vec::<Arc<str>>::new(), vec![root])];
        while let Some((module, path, ancestors)) = stack.pop() {
            let count = reached.entry(module).or_default();
            if *count >= MAX_PATHS_PER_MODULE {
                continue;
            }
            *count += 1;
            let instance = ModuleInstance {
                module,
                root,
                path: Arc::from(path.as_slice()),
                modules: Arc::from(&ancestors[1..]),
            };
            let caller = StaticCall::of_instance(&instance);
            graph.instances.push(instance);
            let mut children = Vec::new();
            let calls = shapes
                .get(&module)
                .map_or(&[][..], |calls| calls.as_slice());
            for (index, call) in calls.iter().enumerate() {
                let (name, source) = (&call.name, &call.source);
                let target = match &call.local {
                    Some(local) => local.clone(),
                    None => call_target(db, workspace, &caller, source.as_deref(), name),
                };
                let child = match target {
                    CallTarget::Module(child) => child,
                    CallTarget::Uninstalled(source) => {
                        if reported.insert((module, index)) {
                            walk.uninstalled.push((module, index, source));
                        }
                        continue;
                    }
                    CallTarget::Unreadable(dir, reason) => {
                        graph.unresolved.insert(module);
                        if reported.insert((module, index)) {
                            walk.unreadable.push((module, index, dir, reason));
                        }
                        continue;
                    }
                    CallTarget::Unknown => {
                        graph.unresolved.insert(module);
                        continue;
                    }
                };
                if source.is_none() {
                    through_expressions.insert(child);
                }
                let targets = graph.targets.entry(module).or_default();
                if !targets.iter().any(|(target, _)| **target == **name) {
                    targets.push((name.to_string(), child));
                    let is_local = source.as_deref().is_some_and(is_local_source);
                    if is_local {
                        graph
                            .local_calls
                            .entry(module)
                            .or_default()
                            .push(name.to_string());
                    }
                }
                if ancestors.contains(&child) {
                    if reported.insert((module, index)) {
                        let path = path.iter().map(|name| name.to_string()).collect();
                        walk.recursive.push((module, index, path, child));
                    }
                    continue;
                }
                let mut child_path = path.clone();
                child_path.push(Arc::clone(name));
                let mut child_ancestors = ancestors.clone();
                child_ancestors.push(child);
                children.push((child, child_path, child_ancestors));
            }
            stack.extend(children.into_iter().rev());
        }
    }
    walk.graph = Arc::new(graph);
    (walk, through_expressions)
}

/// The workspace's modules by directory (and by the other names local
/// sources give them through symbolic links), the installed modules by
/// root directory and call path, and the directories local sources name
/// that cannot be read.
#[derive(Debug, PartialEq, Eq)]
struct WorkspaceIndex {
    by_dir: HashMap<String, ModuleDir>,
    installed: HashMap<(String, String), String>,
    unreadable: HashMap<String, String>,
}

#[salsa::tracked(returns(ref))]
fn workspace_index(db: &dyn salsa::Database, workspace: Workspace) -> WorkspaceIndex {
    let mut by_dir: HashMap<String, ModuleDir> = workspace
        .modules(db)
        .iter()
        .map(|m| (m.dir(db).clone(), *m))
        .collect();
    let mut unreadable = HashMap::new();
    for (dir, called) in workspace.called_dirs(db) {
        match called {
            CalledDir::Module(target) => {
                if let Some(module) = by_dir.get(target).copied() {
                    by_dir.entry(dir.clone()).or_insert(module);
                }
            }
            CalledDir::Unreadable(reason) => {
                unreadable.insert(dir.clone(), reason.clone());
            }
        }
    }
    WorkspaceIndex {
        by_dir,
        installed: workspace
            .installed(db)
            .iter()
            .map(|i| ((i.root.clone(), i.key.clone()), i.dir.clone()))
            .collect(),
        unreadable,
    }
}

/// Where call `name` of the module of static call `caller` leads with
/// `source` (evaluated statically in `caller` when `None`): a local source
/// relative to the caller's directory, a remote one through the root
/// module's `modules.json` (by the call path from the root).
pub(crate) fn call_target(
    db: &dyn salsa::Database,
    workspace: Workspace,
    caller: &StaticCall,
    source: Option<&str>,
    name: &str,
) -> CallTarget {
    let index = workspace_index(db, workspace);
    let evaluated;
    let source = match source {
        Some(source) => source,
        None => {
            evaluated = static_module_source(db, workspace, caller.clone(), name.to_owned());
            match evaluated.as_deref() {
                Some(source) => source,
                None => return CallTarget::Unknown,
            }
        }
    };
    if let Some(local) = local_target(index, caller.module().dir(db), source) {
        return local;
    }
    let root = caller.root.dir(db).clone();
    let key = caller.child_key(name);
    match index
        .installed
        .get(&(root, key))
        .and_then(|dir| index.by_dir.get(dir))
    {
        Some(child) => CallTarget::Module(*child),
        None => CallTarget::Uninstalled(source.to_owned()),
    }
}

/// Where `source` leads from a module in `caller_dir` when it is a local
/// path: the same from every instance of that module.
fn local_target(index: &WorkspaceIndex, caller_dir: &str, source: &str) -> Option<CallTarget> {
    let dir = local_source_dir(caller_dir, source)?;
    Some(match index.by_dir.get(&dir) {
        Some(module) => CallTarget::Module(*module),
        None => match index.unreadable.get(&dir) {
            Some(reason) => CallTarget::Unreadable(dir, reason.clone()),
            None => CallTarget::Unknown,
        },
    })
}

fn dir_display(dir: &str) -> String {
    if dir.is_empty() {
        "the root directory".to_owned()
    } else {
        format!("the module in {dir}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Database;

    fn instance(module: ModuleDir, root: ModuleDir, path: &[&str]) -> ModuleInstance {
        ModuleInstance {
            module,
            root,
            path: path.iter().map(|name| Arc::from(*name)).collect(),
            modules: Arc::from(&[module][..]),
        }
    }

    /// A call added where the callee already has all the paths it may
    /// have (or where it would recurse) adds no instance: the callee's
    /// callers change all the same.
    #[test]
    fn a_call_that_adds_no_instance_still_changes_its_targets_callers() {
        let db = Database::default();
        let module = |dir: &str| ModuleDir::new(&db, dir.to_owned(), Vec::new(), Vec::new());
        let (root, caller, callee, other) = (module(""), module("a"), module("b"), module("c"));
        let instances = vec![
            instance(root, root, &[]),
            instance(caller, root, &["a"]),
            instance(callee, root, &["b"]),
            instance(other, root, &["c"]),
        ];
        let mut old = ModuleGraph {
            instances,
            ..ModuleGraph::default()
        };
        old.targets.insert(
            root,
            vec![
                ("a".into(), caller),
                ("b".into(), callee),
                ("c".into(), other),
            ],
        );
        let mut new = old.clone();
        new.targets.insert(caller, vec![("x".into(), callee)]);
        let differing = places_that_may_differ(&old, &new);
        assert!(differing.contains(&caller) && differing.contains(&callee));
        assert!(!differing.contains(&root) && !differing.contains(&other));

        // An instance inserted: its module, and nothing else.
        let mut grown = old.clone();
        grown
            .instances
            .insert(2, instance(other, root, &["a", "y"]));
        let differing = places_that_may_differ(&old, &grown);
        assert_eq!(differing, FxHashSet::from_iter([other]));
    }
}
