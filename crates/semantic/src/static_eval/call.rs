//! A static call: a module as one chain of calls from a root module loads
//! it (OpenTofu's `StaticModuleCall`), and the module that chain reaches.

use std::sync::Arc;

use crate::call_tree::{CallTarget, call_target};
use crate::calls::module_calls;
use crate::input::{ModuleDir, Workspace};

/// A root module and the names of the calls that lead from it to a
/// module (no instance keys: static evaluation sees none).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StaticCall {
    pub root: ModuleDir,
    /// Shared names, so that a call path is made from an instance's
    /// without copying them.
    pub path: Arc<[Arc<str>]>,
}

impl StaticCall {
    pub fn new(root: ModuleDir, path: &[String]) -> StaticCall {
        StaticCall {
            root,
            path: path.iter().map(|name| Arc::from(name.as_str())).collect(),
        }
    }

    pub fn is_root(&self) -> bool {
        self.path.is_empty()
    }

    /// The calling module's static call and the name of the call.
    pub fn parent(&self) -> Option<(StaticCall, &str)> {
        let (name, rest) = self.path.split_last()?;
        let parent = StaticCall {
            root: self.root,
            path: rest.into(),
        };
        Some((parent, name))
    }

    pub fn child(&self, name: &str) -> StaticCall {
        let mut path = self.path.to_vec();
        path.push(Arc::from(name));
        StaticCall {
            root: self.root,
            path: path.into(),
        }
    }

    /// `addrs.Module`'s text: `module.a.module.b`, empty for a root.
    pub fn module_address(&self) -> String {
        self.path
            .iter()
            .map(|name| format!("module.{name}"))
            .collect::<Vec<_>>()
            .join(".")
    }
}

/// The module a static call loads, following its calls from the root
/// (each source literal or evaluated statically); `None` where a call
/// cannot be followed.
#[salsa::tracked(returns(copy))]
pub fn static_call_module(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
) -> Option<ModuleDir> {
    let Some((parent, name)) = call.parent() else {
        return Some(call.root);
    };
    let caller = static_call_module(db, workspace, parent)?;
    if let Some(target) = crate::call_tree::local_call_target(db, caller, name) {
        return Some(target);
    }
    let source = module_calls(db, caller)
        .iter()
        .find(|c| c.name == name)?
        .source
        .clone();
    let key = call.path.join(".");
    match call_target(
        db,
        workspace,
        caller,
        source.as_deref(),
        call.root.dir(db),
        &key,
    ) {
        CallTarget::Module(module) => Some(module),
        _ => None,
    }
}
