//! The scope of `tofu console`: expressions over a module instance's
//! named values, each whole object built on demand.

use std::collections::BTreeMap;

use tofu_eval::Scope;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_types::{Mark, Value};

use super::scope::{KeyData, builtin};
use super::{Evaluation, InstanceAddr, local_value, module_call_value};
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::evaluation::declared::module_variable_decls;
use crate::evaluation::variables::variable_value;
use crate::input::{ModuleDir, SourceFile};

/// A module instance's names for expressions typed at the console.
pub struct InstanceScope<'db> {
    db: &'db dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    module: Option<ModuleDir>,
}

impl<'db> InstanceScope<'db> {
    pub fn new(db: &'db dyn salsa::Database, ev: Evaluation, addr: InstanceAddr) -> Self {
        let module = addr.module();
        InstanceScope {
            db,
            ev,
            addr,
            module,
        }
    }

    fn declared(&self) -> &[std::sync::Arc<crate::declarations::Declaration>] {
        match self.module {
            Some(module) => module_declarations(self.db, module),
            None => &[],
        }
    }

    /// The resources of one mode (`""` for managed ones, `data`,
    /// `ephemeral`), by type and name: unknown, as the console (which has
    /// no state) sees them.
    fn resources(&self, mode: &str) -> BTreeMap<String, BTreeMap<String, Value>> {
        let mut out: BTreeMap<String, BTreeMap<String, Value>> = BTreeMap::new();
        for decl in self.declared() {
            let (this_mode, ty, name) = match &decl.kind {
                DeclKind::ManagedResource { ty, name } => ("", ty, name),
                DeclKind::DataResource { ty, name } => ("data", ty, name),
                DeclKind::EphemeralResource { ty, name } => ("ephemeral", ty, name),
                _ => continue,
            };
            if this_mode != mode {
                continue;
            }
            let unknown = Value::dynamic();
            let unknown = if mode == "ephemeral" {
                unknown.mark(Mark::Ephemeral)
            } else {
                unknown
            };
            out.entry(ty.clone())
                .or_default()
                .insert(name.clone(), unknown);
        }
        out
    }
}

impl Scope for InstanceScope<'_> {
    fn variable(&self, name: &str) -> Option<Value> {
        let (db, ev) = (self.db, self.ev);
        let module = self.module?;
        let declared = self.declared();
        Some(match name {
            "var" => Value::object(
                module_variable_decls(db, module)
                    .iter()
                    .map(|v| {
                        let value = variable_value(db, ev, self.addr.clone(), v.name.clone());
                        (v.name.clone(), value.value.clone())
                    })
                    .collect::<Vec<_>>(),
            ),
            "local" => Value::object(
                declared
                    .iter()
                    .filter_map(|d| match &d.kind {
                        DeclKind::Local(name) => Some(name.clone()),
                        _ => None,
                    })
                    .map(|name| {
                        let value = local_value(db, ev, self.addr.clone(), name.clone());
                        (name, value.value.clone())
                    })
                    .collect::<Vec<_>>(),
            ),
            "module" => Value::object(
                declared
                    .iter()
                    .filter_map(|d| match &d.kind {
                        DeclKind::ModuleCall(name) => Some(name.clone()),
                        _ => None,
                    })
                    .map(|call| {
                        let value = module_call_value(db, ev, self.addr.clone(), call.clone());
                        (call, value.clone())
                    })
                    .collect::<Vec<_>>(),
            ),
            "data" | "ephemeral" => {
                let by_type = self.resources(name);
                Value::object(
                    by_type
                        .into_iter()
                        .map(|(ty, resources)| (ty, Value::object(resources))),
                )
            }
            "path" | "terraform" | "tofu" => {
                builtin(db, ev, &self.addr, module, name, &KeyData::default())?
            }
            other => {
                let resources = self.resources("").remove(other)?;
                Value::object(resources)
            }
        })
    }

    fn reference_diagnostics(&self, expr: &Expr) -> Vec<tofu_eval::Diagnostic> {
        if self.module.is_none() {
            return Vec::new();
        }
        let text = expr
            .syntax()
            .ancestors()
            .last()
            .map(|root| root.text().to_string())
            .unwrap_or_default();
        let file = SourceFile::new(self.db, tofu_eval::CONSOLE_FILE_NAME.to_owned(), text, true);
        let references = crate::references::standalone_references(expr, file);
        let name = crate::call_tree::display_name::<&str>(&[]);
        crate::reference_checks::reference_diagnostics(
            self.declared(),
            &references.iter().collect::<Vec<_>>(),
            &name,
        )
        .into_iter()
        .map(|d| tofu_eval::Diagnostic {
            deprecation: None,
            ..d.map_file(|_| ())
        })
        .collect()
    }
}
