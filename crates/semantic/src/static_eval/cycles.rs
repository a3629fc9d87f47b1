//! Locals that reach themselves. Their static values depend on where
//! evaluation enters the ring (OpenTofu reports the first local it meets
//! twice), so they are evaluated along the path rather than memoised.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::{DeclKind, ModuleDir, Subject, module_references};

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
    let rings = crate::diagnostics::strongly_connected(&edges);
    for (index, ring) in rings.iter().enumerate() {
        for name in ring {
            out.insert((*name).to_owned(), index);
        }
    }
    for name in self_referencing {
        let next = rings.len() + out.len();
        out.entry(name.to_owned()).or_insert(next);
    }
    out
}
