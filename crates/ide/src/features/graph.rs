//! The dependency graph as DOT.

use std::collections::BTreeSet;

use tofu_semantic::{
    Database, DeclKind, Subject, module_declarations, module_graph, module_references,
    strongly_connected,
};

use crate::host::Tree;

/// A module's name in the graph: its directory, `.` for the root.
fn label_of(dir: &str) -> String {
    match dir {
        "" => ".".to_owned(),
        dir => dir.to_owned(),
    }
}

/// One cluster per module, a node per declaration, an edge from each
/// declaration to each declaration it refers to (red where they make a
/// cycle), and an edge from each
/// module call to the module the tree resolves it to (as the checks
/// resolve it: local sources, and what `tofu init` installed).
pub(crate) fn graph_dot(db: &Database, tree: &Tree) -> String {
    let graph = module_graph(db, tree.workspace);
    let mut out = String::from("digraph {\n  rankdir = \"RL\";\n");
    for (index, module) in tree.dirs.iter().enumerate() {
        let label = label_of(module.dir(db));
        out.push_str(&format!(
            "  subgraph \"cluster_{index}\" {{\n    label = {label:?};\n"
        ));
        let node = |kind: &DeclKind| format!("{label}:{}", kind.address());
        // The module itself, which calls point at.
        out.push_str(&format!(
            "    {:?} [label = {:?}, shape = box];\n",
            format!("{label}:module"),
            format!("module {label}")
        ));
        let mut edges = BTreeSet::new();
        for reference in module_references(db, *module) {
            if let Subject::Declared(kind) = &reference.subject {
                // A variable's validation refers to the variable itself:
                // that is how validations are written, not a cycle.
                if matches!(kind, DeclKind::Variable(_)) && *kind == *reference.from {
                    continue;
                }
                edges.insert((node(&reference.from), node(kind)));
            }
        }
        let cyclic = in_cycles(&edges);
        for decl in module_declarations(db, *module) {
            let name = node(&decl.kind);
            let colour = if cyclic.contains(&name) {
                ", color = red"
            } else {
                ""
            };
            out.push_str(&format!(
                "    {name:?} [label = {:?}{colour}];\n",
                decl.kind.address()
            ));
        }
        for (from, to) in &edges {
            let colour = if cyclic.contains(from) && cyclic.contains(to) {
                " [color = red]"
            } else {
                ""
            };
            out.push_str(&format!("    {from:?} -> {to:?}{colour};\n"));
        }
        out.push_str("  }\n");
        let mut calls: Vec<&(String, tofu_semantic::ModuleDir)> =
            graph.targets.get(module).into_iter().flatten().collect();
        calls.sort_by(|a, b| a.0.cmp(&b.0));
        calls.dedup();
        for (call, child) in calls {
            out.push_str(&format!(
                "  {:?} -> {:?} [style = dashed];\n",
                node(&DeclKind::ModuleCall(call.clone())),
                format!("{}:module", label_of(child.dir(db)))
            ));
        }
    }
    out.push_str("}\n");
    out
}

/// The modules alone: a box per module, an edge from a module to each
/// module it calls (labelled with the call's name), red where calls make
/// a cycle. For trees whose whole graph is too large to look at.
pub(crate) fn module_graph_dot(db: &Database, tree: &Tree) -> String {
    let graph = module_graph(db, tree.workspace);
    let mut edges = BTreeSet::new();
    let mut names = BTreeSet::new();
    for module in &tree.dirs {
        let from = label_of(module.dir(db));
        names.insert(from.clone());
        for (_, child) in graph.targets.get(module).into_iter().flatten() {
            edges.insert((from.clone(), label_of(child.dir(db))));
        }
    }
    let cyclic = in_cycles(&edges);
    let mut out = String::from("digraph {\n  rankdir = \"LR\";\n");
    for name in &names {
        let colour = if cyclic.contains(name) {
            ", color = red"
        } else {
            ""
        };
        out.push_str(&format!(
            "  {name:?} [label = {:?}, shape = box{colour}];\n",
            format!("module {name}")
        ));
    }
    for (from, to) in &edges {
        let colour = if cyclic.contains(from) && cyclic.contains(to) {
            " [color = red]"
        } else {
            ""
        };
        out.push_str(&format!("  {from:?} -> {to:?}{colour};\n"));
    }
    out.push_str("}\n");
    out
}

/// The nodes on a cycle of `edges`: those in a strongly connected
/// component of more than one node (the dependency graph's own search),
/// or with an edge to themselves.
fn in_cycles(edges: &BTreeSet<(String, String)>) -> BTreeSet<String> {
    let mut names: Vec<&str> = edges
        .iter()
        .flat_map(|(a, b)| [a.as_str(), b.as_str()])
        .collect();
    names.sort_unstable();
    names.dedup();
    let index = |name: &str| names.binary_search(&name).expect("a node of the edges") as u32;
    let mut successors = vec![Vec::new(); names.len()];
    let mut cyclic = BTreeSet::new();
    for (a, b) in edges {
        if a == b {
            cyclic.insert(a.clone());
        }
        successors[index(a) as usize].push(index(b));
    }
    for ring in strongly_connected(&successors) {
        cyclic.extend(ring.into_iter().map(|v| names[v as usize].to_owned()));
    }
    cyclic
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_are_found() {
        let edges: BTreeSet<(String, String)> =
            [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "e")]
                .into_iter()
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
                .collect();
        let found: Vec<String> = in_cycles(&edges).into_iter().collect();
        assert_eq!(found, ["a", "b", "c", "e"]);
    }
}
