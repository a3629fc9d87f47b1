//! A static call: a module as one chain of calls from a root module loads
//! it (OpenTofu's `StaticModuleCall`), and the module that chain reaches.

use std::sync::Arc;

use crate::call_tree::{CallTarget, call_target};
use crate::calls::module_calls;
use crate::input::{ModuleDir, ModuleInstance, Workspace};

/// A root module, the names of the calls that lead from it to a module
/// (no instance keys: static evaluation sees none), and the module each
/// of those calls loads.
///
/// The modules are found once, where the call is made (from the module
/// graph's instances), so that what is evaluated for a static call does
/// not follow the calls above it again: a call added to the root is not
/// a change to every static call below it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StaticCall {
    pub root: ModuleDir,
    /// Shared names, so that a call path is made from an instance's
    /// without copying them.
    pub path: Arc<[Arc<str>]>,
    /// The module each call of `path` loads, in order.
    modules: Arc<[ModuleDir]>,
}

impl StaticCall {
    /// A root module as a call of its own.
    pub fn root(module: ModuleDir) -> StaticCall {
        StaticCall {
            root: module,
            path: Arc::from([]),
            modules: Arc::from([]),
        }
    }

    /// The static call of an instance of the module graph.
    pub fn of_instance(instance: &ModuleInstance) -> StaticCall {
        StaticCall {
            root: instance.root,
            path: Arc::clone(&instance.path),
            modules: Arc::clone(&instance.modules),
        }
    }

    /// The call of the calls `steps` from `root`: each call's name and the
    /// module it loads.
    pub fn from_steps(root: ModuleDir, steps: Vec<(Arc<str>, ModuleDir)>) -> StaticCall {
        let (path, modules): (Vec<_>, Vec<_>) = steps.into_iter().unzip();
        StaticCall {
            root,
            path: path.into(),
            modules: modules.into(),
        }
    }

    pub fn is_root(&self) -> bool {
        self.path.is_empty()
    }

    /// The module this call loads.
    pub fn module(&self) -> ModuleDir {
        self.modules.last().copied().unwrap_or(self.root)
    }

    /// The calling module's static call and the name of the call.
    pub fn parent(&self) -> Option<(StaticCall, &str)> {
        let (name, rest) = self.path.split_last()?;
        let parent = StaticCall {
            root: self.root,
            path: rest.into(),
            modules: self.modules[..rest.len()].into(),
        };
        Some((parent, name))
    }

    /// The key of call `name` of this call's module in the root module's
    /// `modules.json`: the call path, dot-separated.
    pub fn child_key(&self, name: &str) -> String {
        let mut key = String::new();
        for call in self.path.iter() {
            key.push_str(call);
            key.push('.');
        }
        key.push_str(name);
        key
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

/// The module call `name` of the module of `caller` loads, by its source
/// as written (a remote one through the root's `modules.json` by this call
/// path) or evaluated statically in `caller`; `None` where it cannot be
/// followed. Calls with a local source as written are followed through
/// the caller's place instead (`called_module`), which reads no file.
#[salsa::tracked(returns(copy))]
pub(crate) fn static_call_target(
    db: &dyn salsa::Database,
    workspace: Workspace,
    caller: StaticCall,
    name: String,
) -> Option<ModuleDir> {
    let module = caller.module();
    let source = module_calls(db, module)
        .iter()
        .find(|c| c.name == name)?
        .source
        .clone();
    match call_target(db, workspace, &caller, source.as_deref(), &name) {
        CallTarget::Module(module) => Some(module),
        _ => None,
    }
}
