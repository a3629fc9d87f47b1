//! The dependency graph as DOT.

use std::collections::BTreeSet;

use tofu_semantic::{
    Database, DeclKind, Subject, module_declarations, module_graph, module_references,
};

use crate::host::Tree;

/// One cluster per module, a node per declaration, an edge from each
/// declaration to each declaration it refers to, and an edge from each
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
        for decl in module_declarations(db, *module) {
            out.push_str(&format!(
                "    {:?} [label = {:?}];\n",
                node(&decl.kind),
                decl.kind.address()
            ));
        }
        let mut edges = BTreeSet::new();
        for reference in module_references(db, *module) {
            if let Subject::Declared(kind) = &reference.subject {
                edges.insert((node(&reference.from), node(kind)));
            }
        }
        for (from, to) in edges {
            out.push_str(&format!("    {from:?} -> {to:?};\n"));
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
