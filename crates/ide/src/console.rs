//! The tree `console` evaluates in: the host's tree, the root module's
//! variables given their values as `tofu console` gives them, and the
//! root module's scope.

use tofu_semantic::{Database, Evaluation, InstanceAddr, InstanceScope, RootInputs};

use crate::host::Tree;

/// A snapshot of a tree, for the console.
pub struct ConsoleTree {
    pub db: Database,
    pub evaluation: Evaluation,
    pub root: InstanceAddr,
    pub inputs: RootInputs,
}

impl ConsoleTree {
    pub(crate) fn new(db: Database, tree: &Tree) -> ConsoleTree {
        ConsoleTree {
            db,
            evaluation: tree.console,
            root: InstanceAddr::root(tree.root_module),
            inputs: tree.root_inputs,
        }
    }

    /// The root module's names, for console expressions.
    pub fn scope(&self) -> InstanceScope<'_> {
        InstanceScope::new(&self.db, self.evaluation, self.root.clone())
    }
}
