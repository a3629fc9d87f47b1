//! OpenTofu's dependency graph of a configuration, as far as it decides
//! cycles: the vertices and edges its validate graph builder makes
//! (`PlanGraphBuilder` for `walkValidate`) for variables, locals, outputs,
//! resources and module calls, across the whole module tree of a root
//! module. Each strongly connected component of more than one vertex is
//! one sourceless "Cycle: ..." error, as `AcyclicGraph.Validate` reports
//! it, with its vertices' names (sorted: OpenTofu's order is a map's).
//!
//! Not modelled: provider configurations (their references are read
//! through provider schemas) and `check` blocks (no vertex depends on
//! them).

mod edges;
pub(crate) mod scc;
mod summary;

use std::collections::{BTreeSet, HashMap};

pub use edges::{CallDependencies, ModuleDependencies, Target, module_dependencies};
pub(crate) use scc::strongly_connected;

use crate::call_tree::module_targets;
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, Workspace};

/// The graph is not built for trees of more module paths than this (a
/// tree of diamonds has exponentially many; OpenTofu builds them all).
const MAX_MODULE_PATHS: usize = 50_000;

/// The "Cycle" errors of the configuration whose root module is `root`.
#[salsa::tracked(returns(ref))]
pub fn configuration_cycles(
    db: &dyn salsa::Database,
    workspace: Workspace,
    root: ModuleDir,
) -> Vec<Diagnostic> {
    // Most configurations have no cycle, which their modules' summaries
    // show without the whole graph.
    if !summary::may_have_cycle(db, workspace, root) {
        return Vec::new();
    }
    whole_graph_cycles(db, workspace, root)
}

/// The cycles of the whole graph of the configuration whose root module
/// is `root`, built whatever its modules' summaries say: what
/// [`configuration_cycles`] computes when they show a cycle. Hosts call
/// it outside any query to check the summaries in debug builds.
pub fn whole_graph_cycles(
    db: &dyn salsa::Database,
    workspace: Workspace,
    root: ModuleDir,
) -> Vec<Diagnostic> {
    let Some(paths) = module_paths(db, workspace, root) else {
        return Vec::new();
    };
    let graph = Graph::new(db, &paths);
    strongly_connected(&graph.successors)
        .into_iter()
        .map(|ring| {
            let mut names: Vec<String> = ring.iter().map(|&v| graph.name(db, &paths, v)).collect();
            names.sort();
            names
        })
        .collect::<BTreeSet<Vec<String>>>()
        .into_iter()
        .map(|names| {
            Diagnostic::error(tofu_diagnostics::Code::Cycle, String::new())
                .with_summary(format!("Cycle: {}", names.join(", ")))
        })
        .collect()
}

/// A module as the configuration reaches it by one path of calls.
struct ModulePath {
    module: ModuleDir,
    /// `module.a.module.b`; empty for the root module.
    prefix: String,
    parent: Option<usize>,
    /// The paths its calls reach, by call name.
    children: HashMap<String, usize>,
}

/// Every path of calls from `root`, parents first; `None` past
/// [`MAX_MODULE_PATHS`]. A call back into a module on its own path is
/// not followed (the tree reports it).
fn module_paths(
    db: &dyn salsa::Database,
    workspace: Workspace,
    root: ModuleDir,
) -> Option<Vec<ModulePath>> {
    let mut paths = vec![ModulePath {
        module: root,
        prefix: String::new(),
        parent: None,
        children: HashMap::new(),
    }];
    let mut next = 0;
    while next < paths.len() {
        let calls = module_targets(db, workspace, paths[next].module).iter();
        for (call, child) in calls {
            let mut ancestor = Some(next);
            let mut recursive = false;
            while let Some(a) = ancestor {
                recursive |= paths[a].module == *child;
                ancestor = paths[a].parent;
            }
            if recursive {
                continue;
            }
            if paths.len() == MAX_MODULE_PATHS {
                return None;
            }
            let prefix = match paths[next].prefix.as_str() {
                "" => format!("module.{call}"),
                parent => format!("{parent}.module.{call}"),
            };
            let index = paths.len();
            paths[next].children.insert(call.clone(), index);
            paths.push(ModulePath {
                module: *child,
                prefix,
                parent: Some(next),
                children: HashMap::new(),
            });
        }
        next += 1;
    }
    Some(paths)
}

/// The graph of a configuration: each module path's own vertices, then
/// its expansion and its close, numbered from the path's base.
struct Graph<'a> {
    deps: Vec<&'a ModuleDependencies>,
    bases: Vec<u32>,
    successors: Vec<Vec<u32>>,
}

impl<'a> Graph<'a> {
    fn new(db: &'a dyn salsa::Database, paths: &[ModulePath]) -> Graph<'a> {
        let deps: Vec<&ModuleDependencies> = paths
            .iter()
            .map(|p| module_dependencies(db, p.module))
            .collect();
        let mut bases = Vec::with_capacity(paths.len());
        let mut total = 0u32;
        for d in &deps {
            bases.push(total);
            total += (d.vertices.len() + 2 + d.validations.len()) as u32;
        }
        let mut graph = Graph {
            deps,
            bases,
            successors: vec![Vec::new(); total as usize],
        };
        for (index, path) in paths.iter().enumerate() {
            graph.add_module(paths, index, path);
        }
        graph
    }

    fn expand(&self, path: usize) -> u32 {
        self.bases[path] + self.deps[path].vertices.len() as u32
    }

    fn close(&self, path: usize) -> u32 {
        self.expand(path) + 1
    }

    /// The vertex of the validation rules of `validations[i]` of `path`.
    fn validation(&self, path: usize, i: usize) -> u32 {
        self.close(path) + 1 + i as u32
    }

    /// One past the last vertex of `path`.
    fn end(&self, path: usize) -> u32 {
        self.validation(path, self.deps[path].validations.len())
    }

    fn connect(&mut self, from: u32, to: u32) {
        // OpenTofu's reference transformer adds no self edges.
        if from != to {
            self.successors[from as usize].push(to);
        }
    }

    /// Edges from `from` to what `targets`, made in module path `index`,
    /// name.
    fn connect_targets(
        &mut self,
        paths: &[ModulePath],
        index: usize,
        from: u32,
        targets: &[Target],
    ) {
        let deps = self.deps[index];
        let child = |call: u32| {
            paths[index]
                .children
                .get(&*deps.calls[call as usize].name)
                .copied()
        };
        for &target in targets {
            match target {
                Target::Own(v) => {
                    self.connect(from, self.bases[index] + v);
                    // A variable is referenceable as its validation rules'
                    // vertex too.
                    if let Some(i) = deps.validation_of(v) {
                        self.connect(from, self.validation(index, i));
                    }
                }
                Target::CallOutput { call, name } => {
                    let Some(child) = child(call) else {
                        continue;
                    };
                    if let Some(v) = self.deps[child].output(deps.output_name(name)) {
                        self.connect(from, self.bases[child] + v);
                    }
                }
                Target::Call(call) => {
                    let Some(child) = child(call) else {
                        continue;
                    };
                    let base = self.bases[child];
                    let outputs: Vec<u32> = self.deps[child].outputs().collect();
                    for v in outputs {
                        self.connect(from, base + v);
                    }
                    self.connect(from, self.close(child));
                }
            }
        }
    }

    /// The edges of module path `index`: from its own vertices to what
    /// they refer to; from its calls' variables and expansions to what
    /// the calls' arguments and meta-arguments refer to; and, in a child
    /// module, to its expansion from everything in it, and from its close
    /// to everything in it.
    fn add_module(&mut self, paths: &[ModulePath], index: usize, path: &ModulePath) {
        let deps = self.deps[index];
        let base = self.bases[index];
        for v in 0..deps.vertices.len() as u32 {
            self.connect_targets(paths, index, base + v, deps.targets(v));
        }
        for call in &deps.calls {
            let Some(&child) = path.children.get(&*call.name) else {
                continue;
            };
            self.connect_targets(paths, index, self.expand(child), &call.expansion);
            for (argument, targets) in &call.arguments {
                if let Some(v) = self.deps[child].variable(argument) {
                    let from = self.bases[child] + v;
                    self.connect_targets(paths, index, from, targets);
                }
            }
        }
        for (i, (v, targets)) in deps.validations.iter().enumerate() {
            let vertex = self.validation(index, i);
            self.connect(vertex, base + v);
            self.connect_targets(paths, index, vertex, targets);
        }
        if path.parent.is_none() {
            return;
        }
        let (expand, close) = (self.expand(index), self.close(index));
        let members = (base..expand).chain(close + 1..self.end(index));
        for v in members {
            self.connect(v, expand);
            self.connect(close, v);
        }
        self.connect(close, expand);
        for &child in path.children.values() {
            self.connect(self.expand(child), expand);
            self.connect(close, self.close(child));
        }
    }

    /// The vertex's name as OpenTofu's `dag.VertexName` gives it.
    fn name(&self, db: &dyn salsa::Database, paths: &[ModulePath], vertex: u32) -> String {
        let path = self.bases.partition_point(|&b| b <= vertex) - 1;
        let prefix = &paths[path].prefix;
        let own = (vertex - self.bases[path]) as usize;
        let deps = self.deps[path];
        if vertex > self.close(path) {
            let (v, _) = deps.validations[(vertex - self.close(path) - 1) as usize];
            let decl = deps.vertices[v as usize] as usize;
            let address = module_declarations(db, paths[path].module)[decl]
                .kind
                .address();
            return match prefix.as_str() {
                "" => format!("{address} (expand, reference)"),
                prefix => format!("{prefix}.{address} (expand, reference)"),
            };
        }
        let Some(&decl) = deps.vertices.get(own) else {
            let what = if vertex == self.expand(path) {
                "expand"
            } else {
                "close"
            };
            return format!("{prefix} ({what})");
        };
        let kind = &module_declarations(db, paths[path].module)[decl as usize].kind;
        let address = match kind {
            DeclKind::Variable(name) => return format!("{prefix}.var.{name} (expand, input)"),
            DeclKind::Local(_) | DeclKind::Output(_) => format!("{} (expand)", kind.address()),
            _ => kind.address(),
        };
        match prefix.as_str() {
            "" => address,
            prefix => format!("{prefix}.{address}"),
        }
    }
}
