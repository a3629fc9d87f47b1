//! Where an unknown value comes from. A plan cannot expand `count` or
//! `for_each` that depend on what only apply knows: attributes of managed
//! resources the configuration does not set. Without provider schemas,
//! nothing else is unknown for that reason (data sources are read during
//! the plan, root variables have values), so only those are errors; the
//! attributes of a resource's nested blocks are not counted among them,
//! since only the provider's schema tells which of them apply computes.

use std::collections::HashSet;

use tofu_syntax::TextRange;

use super::syntax::{merged_argument, references_within};
use super::variables::caller_argument;
use super::{Evaluation, InstanceAddr, InstanceKey, instance_module};
use crate::declarations::DeclKind;
use crate::{SourceFile, Subject, module_declarations};

/// Whether the expression at `range` of `file`, in instance `addr`,
/// depends on an attribute of a managed resource that its configuration
/// does not set, directly or through locals, variables and module outputs.
pub(crate) fn depends_on_apply_time_attribute(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    range: TextRange,
) -> bool {
    let mut seen = HashSet::new();
    walk(db, ev, addr, file, range, &mut seen)
}

fn walk(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    range: TextRange,
    seen: &mut HashSet<(InstanceAddr, SourceFile, TextRange)>,
) -> bool {
    if !seen.insert((addr.clone(), file, range)) {
        return false;
    }
    let Some(module) = instance_module(db, ev, addr.clone()) else {
        return false;
    };
    let declarations = module_declarations(db, module);
    let find = |kind: &DeclKind| declarations.iter().find(|d| &d.kind == kind);
    for reference in references_within(db, file, range) {
        let Subject::Declared(kind) = &reference.subject else {
            continue;
        };
        let Some(decl) = find(kind) else {
            continue;
        };
        let found = match kind {
            DeclKind::ManagedResource { .. } => match &reference.remaining.first_attribute {
                Some(attribute) => match merged_argument(db, module, decl, attribute) {
                    Some((file, expr)) => walk(db, ev, addr, file, expr.range(), seen),
                    // A nested block is configuration: the plan knows
                    // what it sets, and without the provider's schema
                    // nothing says which of its attributes only apply
                    // computes.
                    None => !super::resources::has_nested_block(db, module, decl, attribute),
                },
                None => true,
            },
            DeclKind::Local(name) => {
                let decl = crate::module_overrides(db, module)
                    .local(name)
                    .unwrap_or(decl);
                walk(db, ev, addr, decl.file, decl.range, seen)
            }
            DeclKind::Variable(name) => {
                caller_argument(db, ev, addr, name).is_some_and(|(parent, file, expr)| {
                    walk(db, ev, &parent, file, expr.range(), seen)
                })
            }
            DeclKind::ModuleCall(call) => {
                let child = addr.child(call, InstanceKey::Unknown);
                let Some(child_module) = instance_module(db, ev, child.clone()) else {
                    continue;
                };
                let wanted = reference.module_output.as_deref().map(|(name, _)| name);
                module_declarations(db, child_module).iter().any(|output| {
                    let DeclKind::Output(name) = &output.kind else {
                        return false;
                    };
                    if wanted.is_some_and(|w| w != name) {
                        return false;
                    }
                    merged_argument(db, child_module, output, "value")
                        .is_some_and(|(file, expr)| walk(db, ev, &child, file, expr.range(), seen))
                })
            }
            _ => false,
        };
        if found {
            return true;
        }
    }
    false
}
