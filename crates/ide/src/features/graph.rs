//! The dependency graph as DOT.

use std::collections::BTreeSet;

use tofu_semantic::{
    Database, DeclKind, Subject, module_declarations, module_graph, module_references,
};

use crate::host::Tree;

/// One cluster per module, a node per declaration, an edge from each
/// declaration to each declaration it refers to (red where they make a
/// cycle), and an edge from each
/// module call to the module the tree resolves it to (as the checks
/// resolve it: local sources, and what `tofu init` installed).
pub(crate) fn graph_dot(db: &Database, tree: &Tree) -> String {
    let label_of = |dir: &str| match dir {
        "" => ".".to_owned(),
        dir => dir.to_owned(),
    };
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
    let label_of = |dir: &str| match dir {
        "" => ".".to_owned(),
        dir => dir.to_owned(),
    };
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
/// component of more than one node, or with an edge to themselves
/// (Kosaraju's two passes, without recursion).
fn in_cycles(edges: &BTreeSet<(String, String)>) -> BTreeSet<String> {
    let mut names: Vec<&str> = edges
        .iter()
        .flat_map(|(a, b)| [a.as_str(), b.as_str()])
        .collect();
    names.sort_unstable();
    names.dedup();
    let index = |name: &str| names.binary_search(&name).expect("a node of the edges");
    let mut forward = vec![Vec::new(); names.len()];
    let mut backward = vec![Vec::new(); names.len()];
    for (a, b) in edges {
        forward[index(a)].push(index(b));
        backward[index(b)].push(index(a));
    }
    // First pass: finishing order on the forward graph.
    let mut order = Vec::with_capacity(names.len());
    let mut seen = vec![false; names.len()];
    for start in 0..names.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![(start, 0usize)];
        while let Some((node, next)) = stack.pop() {
            match forward[node].get(next) {
                Some(&child) => {
                    stack.push((node, next + 1));
                    if !seen[child] {
                        seen[child] = true;
                        stack.push((child, 0));
                    }
                }
                None => order.push(node),
            }
        }
    }
    // Second pass: components on the backward graph.
    let mut component = vec![usize::MAX; names.len()];
    let mut sizes = Vec::new();
    for &start in order.iter().rev() {
        if component[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut size = 0;
        let mut stack = vec![start];
        component[start] = id;
        while let Some(node) = stack.pop() {
            size += 1;
            for &parent in &backward[node] {
                if component[parent] == usize::MAX {
                    component[parent] = id;
                    stack.push(parent);
                }
            }
        }
        sizes.push(size);
    }
    (0..names.len())
        .filter(|&n| sizes[component[n]] > 1 || forward[n].contains(&n))
        .map(|n| names[n].to_owned())
        .collect()
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
