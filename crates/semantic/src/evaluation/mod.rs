//! Evaluation of module instances: what OpenTofu computes at plan time
//! without providers, as salsa queries.
//!
//! Every named value of every module instance (a variable, a local, an
//! output, a module call's instances, a resource's instances) is its own
//! query, keyed by the instance's address and the name. An expression is
//! evaluated in a scope built from its references, as OpenTofu's
//! `lang.Scope` builds one: each reference asks the query of what it
//! names, so evaluation follows the dependency graph across module
//! boundaries, and an edit re-evaluates only what depends on it.
//!
//! * [`Evaluation`]: the input that says how values are taken (as
//!   `validate`, `plan` or `console` takes them) and for which tree.
//! * [`InstanceAddr`]: a module instance, `module.a["x"].module.b[0]`.
//! * [`instance_diagnostics`]: everything evaluating one instance reports.

mod console;
pub(crate) mod declared;
mod expansion;
pub(crate) mod instances;
mod nested_blocks;
mod resources;
pub(crate) mod scope;
pub(crate) mod syntax;
pub(crate) mod types;
mod unknowns;
mod values;
pub(crate) mod variables;

use std::fmt;
use std::sync::Arc;

use tofu_types::Value;

use crate::diagnostics::Diagnostic;
use crate::input::RootInputs;
use crate::input::{ModuleDir, Workspace};

pub use console::InstanceScope;
pub use declared::{VariableDecl, module_variable_decls};
pub use expansion::{Expansion, call_expansion, resource_expansion};
pub use instances::{evaluation_instances, instance_argument_diagnostics, instance_diagnostics};
pub use resources::resource_value;
pub use types::{
    declaration_type, expression_type, module_type_diagnostics, output_type, types_addr,
};
pub use values::{local_value, module_call_value, output_value};
pub use variables::{missing_root_values, variable_validation_diagnostics, variable_value};

/// How values are taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalMode {
    /// As `tofu validate`: root variables are unknown values of their
    /// types; module calls and resources are not expanded.
    Validate,
    /// As `tofu plan -input=false -refresh=false`: root variables take
    /// the values given to them, or their defaults; a required variable
    /// without one is an error.
    Plan,
    /// As `tofu console`: as a plan, but a required variable without a
    /// value is unknown.
    Console,
    /// Static types: every module evaluated once, on its own (as a root
    /// module), with its variables unknown values of their declared types,
    /// module outputs unknown values of the called module's output types,
    /// and collections that are not known taken to be non-empty, so that
    /// what every plan would reject is found without values.
    Types,
}

impl EvalMode {
    /// Whether variables are unknown values of their types and nothing is
    /// expanded (`validate`, and the static types).
    pub fn is_unknown_inputs(self) -> bool {
        matches!(self, EvalMode::Validate | EvalMode::Types)
    }
}

/// One evaluation of a workspace's module trees.
#[salsa::input(debug)]
pub struct Evaluation {
    #[returns(copy)]
    pub workspace: Workspace,
    #[returns(copy)]
    pub mode: EvalMode,
    /// The values given to the primary root module's variables (plan and
    /// console); other roots are evaluated as `validate` would.
    #[returns(copy)]
    pub root_inputs: Option<RootInputs>,
    /// The absolute directory of the workspace root: `path.cwd` of the
    /// root module there, and where filesystem functions resolve
    /// relative paths.
    #[returns(ref)]
    pub base_dir: String,
}

/// An instance key of a module call or a resource.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstanceKey {
    /// A call or resource without `count` or `for_each`.
    None,
    Int(i64),
    Str(String),
    /// Every instance of an expansion that is not known (always so in
    /// `validate`): evaluated once, with unknown keys.
    Unknown,
}

impl fmt::Display for InstanceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceKey::None | InstanceKey::Unknown => Ok(()),
            InstanceKey::Int(i) => write!(f, "[{i}]"),
            InstanceKey::Str(s) => write!(f, "[{}]", tofu_syntax::quote::go_quote(s)),
        }
    }
}

/// One step down a module tree: a call, the key of its instance, and the
/// module the call loads (`None` where the tree does not follow it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CallStep {
    pub call: Arc<str>,
    pub key: InstanceKey,
    pub module: Option<ModuleDir>,
}

/// A module instance: a root module and the calls that lead to it.
///
/// Each step carries the module its call loads, found once where the
/// address is made (see [`instances::child_instance`]), so that what is
/// computed for an instance depends on the calls above it only through
/// its address: a call added to the root is not a change to every
/// instance of the tree.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InstanceAddr {
    pub root: ModuleDir,
    pub steps: Arc<[CallStep]>,
}

impl InstanceAddr {
    pub fn root(module: ModuleDir) -> InstanceAddr {
        InstanceAddr {
            root: module,
            steps: Arc::from(Vec::new()),
        }
    }

    pub fn is_root(&self) -> bool {
        self.steps.is_empty()
    }

    /// The calling instance, for a child.
    pub fn parent(&self) -> Option<InstanceAddr> {
        let (_, rest) = self.steps.split_last()?;
        Some(InstanceAddr {
            root: self.root,
            steps: Arc::from(rest.to_vec()),
        })
    }

    /// The module this is an instance of; `None` below a call the tree
    /// does not follow.
    pub fn module(&self) -> Option<ModuleDir> {
        match self.steps.last() {
            Some(step) => step.module,
            None => Some(self.root),
        }
    }

    /// The instance `key` of this instance's call `call`, which loads
    /// `module` (see [`instances::child_instance`], which finds it).
    pub fn child(&self, call: &str, key: InstanceKey, module: Option<ModuleDir>) -> InstanceAddr {
        let mut steps = self.steps.to_vec();
        steps.push(CallStep {
            call: Arc::from(call),
            key,
            module,
        });
        InstanceAddr {
            root: self.root,
            steps: Arc::from(steps),
        }
    }

    /// The last step: the call that made this instance.
    pub fn last_step(&self) -> Option<&CallStep> {
        self.steps.last()
    }
}

impl fmt::Display for InstanceAddr {
    /// `module.a["x"].module.b[0]`, empty for a root module.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "module.{}{}", step.call, step.key)?;
        }
        Ok(())
    }
}

/// A value and what evaluating it reported.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluated {
    pub value: Value,
    pub diagnostics: Vec<Diagnostic>,
}

/// What a named value is when evaluating it needs itself (salsa's
/// `cycle_result`): unknown, with nothing reported (the module's own
/// checks report the cycle).
pub(crate) fn unknown_in_cycle(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _ev: Evaluation,
    _addr: InstanceAddr,
    _name: String,
) -> Evaluated {
    Evaluated::unknown()
}

impl Evaluated {
    pub(crate) fn unknown() -> Evaluated {
        Evaluated {
            value: Value::dynamic(),
            diagnostics: Vec::new(),
        }
    }
}
