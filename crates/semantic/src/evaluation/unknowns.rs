//! Where an unknown value comes from. A plan cannot expand `count` or
//! `for_each` that depend on what only apply knows: attributes of managed
//! resources the configuration does not set. Without provider schemas,
//! nothing else is unknown for that reason (data sources are read during
//! the plan, root variables have values), so only those are errors; the
//! attributes of a resource's nested blocks are not counted among them,
//! since only the provider's schema tells which of them apply computes.

use std::collections::HashSet;

use tofu_syntax::TextRange;

use super::instances::child_instance;
use super::syntax::{merged_argument, references_within};
use super::variables::caller_argument;
use super::{Evaluation, InstanceAddr, InstanceKey};
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::input::SourceFile;
use crate::references::Subject;

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
    // A worklist rather than recursion: chains of locals, variables and
    // outputs may be as long as the configuration makes them.
    let mut seen = HashSet::new();
    let mut work = vec![(addr.clone(), file, range)];
    while let Some((addr, file, range)) = work.pop() {
        if seen.insert((addr.clone(), file, range)) && visit(db, ev, &addr, file, range, &mut work)
        {
            return true;
        }
    }
    false
}

/// Whether the expression at `range` refers directly to an attribute only
/// apply knows; what it refers to through other expressions goes to
/// `work`.
fn visit(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    range: TextRange,
    work: &mut Vec<(InstanceAddr, SourceFile, TextRange)>,
) -> bool {
    let Some(module) = addr.module() else {
        return false;
    };
    let find = |kind: &DeclKind| crate::declarations::module::module_declaration(db, module, kind);
    for reference in references_within(db, file, range) {
        let Subject::Declared(kind) = &reference.subject else {
            continue;
        };
        let Some(decl) = find(kind) else {
            continue;
        };
        match kind {
            DeclKind::ManagedResource { .. } => match &reference.remaining.first_attribute {
                Some(attribute) => match merged_argument(db, module, decl, attribute) {
                    Some((file, expr)) => work.push((addr.clone(), file, expr.range())),
                    // A nested block is configuration: the plan knows
                    // what it sets, and without the provider's schema
                    // nothing says which of its attributes only apply
                    // computes.
                    None => {
                        if !super::resources::has_nested_block(db, module, decl, attribute) {
                            return true;
                        }
                    }
                },
                None => return true,
            },
            DeclKind::Local(name) => {
                let decl = crate::overrides::module_overrides(db, module)
                    .local(name)
                    .unwrap_or(decl);
                work.push((addr.clone(), decl.file, decl.range(db)));
            }
            DeclKind::Variable(name) => {
                if let Some((parent, file, expr)) = caller_argument(db, addr, name) {
                    work.push((parent, file, expr.range()));
                }
            }
            DeclKind::ModuleCall(call) => {
                let child = child_instance(db, ev, addr, call, InstanceKey::Unknown);
                let Some(child_module) = child.module() else {
                    continue;
                };
                let wanted = reference.module_output.as_deref().map(|(name, _)| name);
                for output in module_declarations(db, child_module).iter() {
                    let DeclKind::Output(name) = &output.kind else {
                        continue;
                    };
                    if wanted.is_some_and(|w| w != name) {
                        continue;
                    }
                    if let Some((file, expr)) = merged_argument(db, child_module, output, "value") {
                        work.push((child.clone(), file, expr.range()));
                    }
                }
            }
            _ => {}
        }
    }
    false
}
