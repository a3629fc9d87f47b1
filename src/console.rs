//! The tree `console` evaluates in: every module below DIR loaded as
//! `check` loads them, the root module's variables given their values as
//! `tofu console` gives them, and the root module's scope.

use std::{io, path::Path};

use salsa::Durability;
use tofu_semantic::{Database, EvalMode, Evaluation, InstanceAddr, InstanceScope, RootInputs};

use crate::semantic;
use crate::variable_inputs::{VariableInputs, load_root_inputs, root_module};

/// A tree opened for the console.
pub struct ConsoleTree {
    pub db: Database,
    pub evaluation: Evaluation,
    pub root: InstanceAddr,
    pub inputs: RootInputs,
}

impl ConsoleTree {
    /// Opens `dir` and the modules below it, with the values of the root
    /// module's variables from `inputs`.
    pub fn open(dir: &Path, inputs: &VariableInputs<'_>) -> io::Result<ConsoleTree> {
        let loaded = semantic::read_tree(dir)?;
        let module = root_module(&loaded);
        let root_inputs = load_root_inputs(&loaded.db, module, dir, inputs);
        let base_dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        let evaluation = Evaluation::builder(
            loaded.workspace,
            EvalMode::Console,
            Some(root_inputs),
            base_dir.to_string_lossy().into_owned(),
        )
        .durability(Durability::HIGH)
        .new(&loaded.db);
        Ok(ConsoleTree {
            db: loaded.db,
            evaluation,
            root: InstanceAddr::root(module),
            inputs: root_inputs,
        })
    }

    /// The root module's names, for console expressions.
    pub fn scope(&self) -> InstanceScope<'_> {
        InstanceScope::new(&self.db, self.evaluation, self.root.clone())
    }
}
