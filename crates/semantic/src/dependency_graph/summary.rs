//! Whether a configuration's graph has a cycle at all, decided module by
//! module so that an edit costs the edited module and the callers whose
//! summaries it changes, not the whole configuration.
//!
//! Each module, as a child, is summarised by its ports: the vertices its
//! caller's edges reach (its outputs and its close) and those with edges
//! back out to its caller (its variables and its expansion). Its summary
//! ([`subtree_summary`]) says which exits each entry reaches through the
//! module and everything below it, and whether a cycle lies anywhere in
//! that subtree. A caller builds its own vertices with its children's
//! ports and summaries (the edges [`super::Graph::add_module`] makes) and
//! looks for a cycle in that small graph. A cycle of the whole graph
//! either stays in one module or crosses a call's ports, so it shows in
//! the summary of the lowest module it touches.
//!
//! This only decides whether there is a cycle; the cycles themselves, with
//! OpenTofu's vertex names, come from the whole graph
//! ([`super::configuration_cycles`]), which is rare.

use std::collections::{HashMap, HashSet};

use super::edges::{ModuleDependencies, Target, module_dependencies};
use super::scc::strongly_connected;
use crate::call_tree::module_targets;
use crate::input::{ModuleDir, Workspace};

/// A module as its caller's graph sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubtreeSummary {
    /// A cycle lies in the module or below it.
    pub has_cycle: bool,
    /// For each output (by name, sorted) the variables (by name) it
    /// reaches and whether it reaches the expansion.
    outputs: Vec<(Box<str>, Reach)>,
    /// What its close reaches.
    close: Reach,
}

/// The exits an entry reaches.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Reach {
    variables: Vec<Box<str>>,
    expand: bool,
}

/// Whether the calls from `root` down never lead back to a module on
/// their way, so that summaries can be built bottom up.
#[salsa::tracked]
pub(crate) fn calls_are_acyclic(
    db: &dyn salsa::Database,
    workspace: Workspace,
    root: ModuleDir,
) -> bool {
    let children = |m: &ModuleDir| -> Vec<ModuleDir> {
        module_targets(db, workspace, *m)
            .iter()
            .map(|(_, c)| *c)
            .collect()
    };
    // A depth-first search without recursion.
    let mut done: HashSet<ModuleDir> = HashSet::new();
    let mut on_path: HashSet<ModuleDir> = HashSet::from([root]);
    let mut stack = vec![(root, children(&root), 0usize)];
    while let Some((module, kids, next)) = stack.last_mut() {
        match kids.get(*next).copied() {
            Some(child) => {
                *next += 1;
                if on_path.contains(&child) {
                    return false;
                }
                if !done.contains(&child) {
                    on_path.insert(child);
                    let grandchildren = children(&child);
                    stack.push((child, grandchildren, 0));
                }
            }
            None => {
                on_path.remove(module);
                done.insert(*module);
                stack.pop();
            }
        }
    }
    true
}

/// The summary of `module` and everything it calls, as a child.
/// Only for modules whose calls are acyclic ([`calls_are_acyclic`]).
#[salsa::tracked(returns(ref))]
pub(crate) fn subtree_summary(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> SubtreeSummary {
    LocalGraph::new(db, workspace, module, true).summary()
}

/// Whether the configuration whose root is `root` may have a cycle: false
/// only when it has none.
pub(crate) fn may_have_cycle(
    db: &dyn salsa::Database,
    workspace: Workspace,
    root: ModuleDir,
) -> bool {
    !calls_are_acyclic(db, workspace, root)
        || LocalGraph::new(db, workspace, root, false).has_cycle()
}

/// A module's own vertices (as [`super::Graph`] numbers them within a
/// module path: vertices, expand, close, validations), then the ports of
/// each called module.
struct LocalGraph<'a> {
    deps: &'a ModuleDependencies,
    successors: Vec<Vec<u32>>,
    child_cycle: bool,
}

/// The ports of one called module in a [`LocalGraph`].
struct ChildPorts<'a> {
    deps: &'a ModuleDependencies,
    /// Its variables, outputs, expand and close follow from here.
    base: u32,
}

impl ChildPorts<'_> {
    fn variable(&self, name: &str) -> Option<u32> {
        let i = self.deps.variable_names().position(|n| n == name)?;
        Some(self.base + i as u32)
    }

    fn output(&self, name: &str) -> Option<u32> {
        let i = self.deps.output_names_sorted().position(|n| n == name)?;
        Some(self.base + (self.deps.variable_count() + i) as u32)
    }

    fn outputs(&self) -> impl Iterator<Item = u32> + '_ {
        let first = self.base + self.deps.variable_count() as u32;
        (0..self.deps.output_count() as u32).map(move |i| first + i)
    }

    fn expand(&self) -> u32 {
        self.base + (self.deps.variable_count() + self.deps.output_count()) as u32
    }

    fn close(&self) -> u32 {
        self.expand() + 1
    }
}

impl<'a> LocalGraph<'a> {
    fn new(
        db: &'a dyn salsa::Database,
        workspace: Workspace,
        module: ModuleDir,
        as_child: bool,
    ) -> LocalGraph<'a> {
        let deps = module_dependencies(db, module);
        let targets: HashMap<&str, ModuleDir> = module_targets(db, workspace, module)
            .iter()
            .map(|(call, child)| (call.as_str(), *child))
            .collect();
        let own = deps.vertices.len() as u32;
        let expand = own;
        let close = own + 1;
        let validation = |i: usize| close + 1 + i as u32;
        let mut total = close + 1 + deps.validations.len() as u32;
        // Each call's child: its ports' base, dependencies and summary.
        let mut children: Vec<Option<(ChildPorts<'a>, &'a SubtreeSummary)>> = Vec::new();
        let mut child_cycle = false;
        for call in &deps.calls {
            let Some(&child) = targets.get(&*call.name) else {
                children.push(None);
                continue;
            };
            let child_deps = module_dependencies(db, child);
            let summary = subtree_summary(db, workspace, child);
            child_cycle |= summary.has_cycle;
            let ports = ChildPorts {
                deps: child_deps,
                base: total,
            };
            total = ports.close() + 1;
            children.push(Some((ports, summary)));
        }
        let mut graph = LocalGraph {
            deps,
            successors: vec![Vec::new(); total as usize],
            child_cycle,
        };
        let connect_target = |graph: &mut LocalGraph<'a>, from: u32, target: Target| match target {
            Target::Own(v) => {
                graph.connect(from, v);
                if let Some(i) = deps.validation_of(v) {
                    graph.connect(from, validation(i));
                }
            }
            Target::CallOutput { call, name } => {
                if let Some((ports, _)) = &children[call as usize]
                    && let Some(output) = ports.output(deps.output_name(name))
                {
                    graph.connect(from, output);
                }
            }
            Target::Call(call) => {
                if let Some((ports, _)) = &children[call as usize] {
                    for output in ports.outputs() {
                        graph.connect(from, output);
                    }
                    graph.connect(from, ports.close());
                }
            }
        };
        for v in 0..own {
            for &target in deps.targets(v) {
                connect_target(&mut graph, v, target);
            }
        }
        for (call, child) in deps.calls.iter().zip(&children) {
            let Some((ports, summary)) = child else {
                continue;
            };
            for &target in &call.expansion {
                connect_target(&mut graph, ports.expand(), target);
            }
            for (argument, targets) in &call.arguments {
                if let Some(variable) = ports.variable(argument) {
                    for &target in targets {
                        connect_target(&mut graph, variable, target);
                    }
                }
            }
            // What the child's subtree connects between its ports.
            let reach_edges = |graph: &mut LocalGraph<'a>, from: u32, reach: &Reach| {
                for name in &reach.variables {
                    if let Some(variable) = ports.variable(name) {
                        graph.connect(from, variable);
                    }
                }
                if reach.expand {
                    graph.connect(from, ports.expand());
                }
            };
            for (name, reach) in &summary.outputs {
                if let Some(output) = ports.output(name) {
                    reach_edges(&mut graph, output, reach);
                }
            }
            reach_edges(&mut graph, ports.close(), &summary.close);
        }
        for (i, (v, targets)) in deps.validations.iter().enumerate() {
            graph.connect(validation(i), *v);
            for &target in targets {
                connect_target(&mut graph, validation(i), target);
            }
        }
        if as_child {
            let members = (0..own).chain(close + 1..close + 1 + deps.validations.len() as u32);
            for v in members {
                graph.connect(v, expand);
                graph.connect(close, v);
            }
            graph.connect(close, expand);
            for (ports, _) in children.iter().flatten() {
                graph.connect(ports.expand(), expand);
                graph.connect(close, ports.close());
            }
        }
        graph
    }

    fn connect(&mut self, from: u32, to: u32) {
        if from != to {
            self.successors[from as usize].push(to);
        }
    }

    fn has_cycle(&self) -> bool {
        self.child_cycle || !strongly_connected(&self.successors).is_empty()
    }

    /// What each entry reaches among the exits, with whether there is a
    /// cycle.
    fn summary(&self) -> SubtreeSummary {
        let expand = self.deps.vertices.len() as u32;
        let close = expand + 1;
        let variables: HashMap<u32, &str> = self
            .deps
            .variable_names()
            .zip(self.deps.variable_vertices())
            .map(|(name, v)| (v, name))
            .collect();
        let reach = |from: u32| -> Reach {
            let mut seen = vec![false; self.successors.len()];
            let mut stack = vec![from];
            seen[from as usize] = true;
            let mut out = Reach::default();
            while let Some(v) = stack.pop() {
                if v == expand {
                    out.expand = true;
                }
                if let Some(name) = variables.get(&v) {
                    out.variables.push((*name).into());
                }
                for &next in &self.successors[v as usize] {
                    if !seen[next as usize] {
                        seen[next as usize] = true;
                        stack.push(next);
                    }
                }
            }
            out.variables.sort_unstable();
            out
        };
        SubtreeSummary {
            has_cycle: self.has_cycle(),
            outputs: self
                .deps
                .output_names_sorted()
                .zip(self.deps.output_vertices())
                .map(|(name, v)| (name.into(), reach(v)))
                .collect(),
            close: reach(close),
        }
    }
}
