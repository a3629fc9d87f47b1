//! How deep evaluation recurses within a module. Evaluating a local value
//! or a resource asks for the values it refers to, each its own query, so
//! a chain of locals or resources that refer to one another is a chain of
//! nested calls as long as the chain. OpenTofu walks its graph instead and
//! has no limit; here a chain longer than [`MAX_REFERENCE_CHAIN`] is cut:
//! the declarations above the cut are not evaluated (their values are
//! unknown) and the cut is reported. Declarations in a ring are not
//! evaluated either: their values are unknown, and the configuration's
//! graph reports the ring ([`crate::configuration_cycles`]).
//!
//! Everything here is computed from the module's references alone, with
//! an iterative walk, so the result does not depend on which value was
//! asked for first, and no chain can exhaust the stack.

use std::collections::{BTreeSet, HashMap};

use tofu_diagnostics::Code;

use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::dependency_graph::scc::strongly_connected;
use crate::diagnostics::Diagnostic;
use crate::input::ModuleDir;
use crate::reference_checks::resource_address;
use crate::references::{Subject, module_checked_references};

/// The longest chain of local values and resources, each referring to the
/// next, that is evaluated.
pub const MAX_REFERENCE_CHAIN: u32 = 1000;

/// The declarations of a module that evaluation skips, and why.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReferenceChains {
    /// Locals and resources in a ring or above a cut chain.
    skipped: BTreeSet<DeclKind>,
    /// One error at each place a chain is cut.
    pub diagnostics: Vec<Diagnostic>,
}

impl ReferenceChains {
    /// Whether evaluating `kind` is skipped (its value is unknown).
    pub fn skips(&self, kind: &DeclKind) -> bool {
        !self.skipped.is_empty() && self.skipped.contains(kind)
    }
}

/// Whether `kind` is evaluated by asking for what it refers to: local
/// values and resources of every mode.
fn is_chained(kind: &DeclKind) -> bool {
    matches!(
        kind,
        DeclKind::Local(_)
            | DeclKind::ManagedResource { .. }
            | DeclKind::DataResource { .. }
            | DeclKind::EphemeralResource { .. }
    )
}

fn display(kind: &DeclKind) -> String {
    match kind {
        DeclKind::Local(name) => format!("local.{name}"),
        other => resource_address(other).unwrap_or_default(),
    }
}

/// The chains of local values and resources of `module`, with the
/// declarations evaluation skips.
#[salsa::tracked(returns(ref))]
pub fn reference_chains(db: &dyn salsa::Database, module: ModuleDir) -> ReferenceChains {
    let declarations = module_declarations(db, module);
    let mut index: HashMap<&DeclKind, u32> = HashMap::new();
    let mut nodes = Vec::new();
    for decl in declarations.iter().filter(|d| is_chained(&d.kind)) {
        if !index.contains_key(&decl.kind) {
            index.insert(&decl.kind, nodes.len() as u32);
            nodes.push(decl);
        }
    }
    let mut successors: Vec<Vec<u32>> = vec![Vec::new(); nodes.len()];
    for reference in module_checked_references(db, module) {
        let Subject::Declared(to) = &reference.subject else {
            continue;
        };
        if let (Some(&from), Some(&to)) = (index.get(&*reference.from), index.get(to)) {
            successors[from as usize].push(to);
        }
    }
    for next in &mut successors {
        next.sort_unstable();
        next.dedup();
    }
    let depths = chain_depths(&successors);
    let mut out = ReferenceChains::default();
    for (v, depth) in depths.iter().enumerate() {
        let kind = &nodes[v].kind;
        match depth {
            Depth::Ring => {
                out.skipped.insert(kind.clone());
            }
            Depth::Chain(d) if *d > MAX_REFERENCE_CHAIN => {
                out.skipped.insert(kind.clone());
                if *d == MAX_REFERENCE_CHAIN + 1 {
                    out.diagnostics.push(Diagnostic::error_in(
                        Code::ReferenceChainTooDeep,
                        format!(
                            "{} refers to a chain of {MAX_REFERENCE_CHAIN} local values or resources, each referring to the next: the most that is evaluated. It, and what refers to it, are not evaluated and their values are unknown here.",
                            display(kind)
                        ),
                        nodes[v].file,
                        nodes[v].range(db),
                    ));
                }
            }
            Depth::Chain(_) => {}
        }
    }
    out
}

/// How deep evaluating a vertex recurses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Depth {
    /// In a ring (or referring to itself): not evaluated.
    Ring,
    /// The longest chain of vertices it starts, itself included (a ring's
    /// vertex counting as one).
    Chain(u32),
}

/// Each vertex's [`Depth`], with an explicit stack.
fn chain_depths(successors: &[Vec<u32>]) -> Vec<Depth> {
    let n = successors.len();
    let mut ring = vec![false; n];
    for component in strongly_connected(successors) {
        for v in component {
            ring[v as usize] = true;
        }
    }
    for (v, next) in successors.iter().enumerate() {
        if next.contains(&(v as u32)) {
            ring[v] = true;
        }
    }
    // 0: not computed yet.
    let mut depth = vec![0u32; n];
    for (v, in_ring) in ring.iter().enumerate() {
        if *in_ring {
            depth[v] = 1;
        }
    }
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for start in 0..n {
        if depth[start] != 0 {
            continue;
        }
        stack.push((start, 0));
        while let Some((v, next)) = stack.last_mut() {
            let v = *v;
            if let Some(&w) = successors[v].get(*next) {
                *next += 1;
                // Outside rings the graph is acyclic: a vertex not yet
                // computed is not on the stack.
                if depth[w as usize] == 0 {
                    stack.push((w as usize, 0));
                }
                continue;
            }
            let deepest = successors[v]
                .iter()
                .map(|&w| depth[w as usize])
                .max()
                .unwrap_or(0);
            depth[v] = deepest.saturating_add(1);
            stack.pop();
        }
    }
    depth
        .into_iter()
        .zip(ring)
        .map(|(d, r)| if r { Depth::Ring } else { Depth::Chain(d) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Depth, chain_depths};

    #[test]
    fn chains_rings_and_what_refers_to_rings() {
        // 0 -> 1 -> 2; 3 <-> 4; 5 -> 3; 6 -> 6.
        let successors = vec![vec![1], vec![2], vec![], vec![4], vec![3], vec![3], vec![6]];
        assert_eq!(
            chain_depths(&successors),
            vec![
                Depth::Chain(3),
                Depth::Chain(2),
                Depth::Chain(1),
                Depth::Ring,
                Depth::Ring,
                Depth::Chain(2),
                Depth::Ring,
            ]
        );
    }

    #[test]
    fn long_chains_need_no_stack() {
        let n = 200_000u32;
        let successors: Vec<Vec<u32>> = (0..n)
            .map(|v| if v + 1 < n { vec![v + 1] } else { Vec::new() })
            .collect();
        assert_eq!(chain_depths(&successors)[0], Depth::Chain(n));
    }
}
