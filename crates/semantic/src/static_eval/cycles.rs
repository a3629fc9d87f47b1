//! Locals that reach themselves. Their static values depend on where
//! evaluation enters the ring (OpenTofu reports the first local it meets
//! twice), so they are evaluated along the path rather than memoised.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::declarations::DeclKind;
use crate::input::ModuleDir;
use crate::references::{Subject, module_references};

/// For each local in a ring (or using itself), the index of its ring.
#[salsa::tracked(returns(ref))]
pub(crate) fn local_rings(db: &dyn salsa::Database, module: ModuleDir) -> HashMap<String, usize> {
    let references = module_references(db, module);
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    let mut out: HashMap<String, usize> = HashMap::new();
    let mut self_referencing = Vec::new();
    for reference in &references {
        let (DeclKind::Local(from), Subject::Declared(DeclKind::Local(to))) =
            (&*reference.from, &reference.subject)
        else {
            continue;
        };
        if from == to {
            self_referencing.push(from.as_str());
        }
        edges.entry(from).or_default().insert(to);
    }
    let names: Vec<&str> = edges
        .iter()
        .flat_map(|(from, to)| std::iter::once(*from).chain(to.iter().copied()))
        .collect::<BTreeSet<&str>>()
        .into_iter()
        .collect();
    let id = |name: &str| names.binary_search(&name).unwrap_or_default() as u32;
    let mut successors = vec![Vec::new(); names.len()];
    for (from, to) in &edges {
        successors[id(from) as usize] = to.iter().map(|t| id(t)).collect();
    }
    let rings = crate::dependency_graph::scc::strongly_connected(&successors);
    for (index, ring) in rings.iter().enumerate() {
        for &vertex in ring {
            out.insert(names[vertex as usize].to_owned(), index);
        }
    }
    for name in self_referencing {
        let next = rings.len() + out.len();
        out.entry(name.to_owned()).or_insert(next);
    }
    out
}
