//! What OpenTofu reports about a module's declarations and references
//! whoever calls the module, with its summaries and details.

use std::collections::HashMap;

use tofu_diagnostics::Code;

use crate::declarations::module::module_declarations;
use crate::declarations::{DeclKind, Declaration};
use crate::diagnostics::{Diagnostic, range_string};
use crate::input::ModuleDir;
use crate::references::{Reference, Subject, module_references};

/// What a module reports whoever calls it: duplicate declarations,
/// self-referencing locals and chains of references too long to evaluate. (References are
/// checked per module instance, whose name their messages give.)
#[salsa::tracked(returns(ref))]
pub fn module_diagnostics(db: &dyn salsa::Database, module: ModuleDir) -> Vec<Diagnostic> {
    let mut out = module_duplicates(db, module);
    out.extend(self_referencing_locals(&module_references(db, module)));
    out.extend(
        crate::chains::reference_chains(db, module)
            .diagnostics
            .iter()
            .cloned(),
    );
    out
}

/// Duplicate declarations: errors of loading the module, as opposed to
/// the cycles and self-references found when it is evaluated.
pub(crate) fn module_duplicates(db: &dyn salsa::Database, module: ModuleDir) -> Vec<Diagnostic> {
    duplicates(db, module_declarations(db, module))
}

/// A local that uses itself is an error at the reference. (Locals that
/// use each other in a ring are a cycle of the configuration's graph:
/// [`crate::configuration_cycles`].)
fn self_referencing_locals(references: &[&Reference]) -> Vec<Diagnostic> {
    references
        .iter()
        .filter_map(|reference| match (&*reference.from, &reference.subject) {
            (DeclKind::Local(from), Subject::Declared(DeclKind::Local(to))) if from == to => {
                Some(Diagnostic::error_in(
                    Code::SelfReferencingLocalValue,
                    format!(
                        "Local value local.{from} cannot use its own result as part of its expression."
                    ),
                    reference.file,
                    reference.range,
                ))
            }
            _ => None,
        })
        .collect()
}

/// The second and later declarations of a name, each at its own place.
fn duplicates(
    db: &dyn salsa::Database,
    declarations: &[std::sync::Arc<Declaration>],
) -> Vec<Diagnostic> {
    let mut first: HashMap<&DeclKind, &Declaration> = HashMap::new();
    let mut out = Vec::new();
    // OpenTofu adds a file's check blocks (and the data sources in them)
    // after its other declarations, so those are the duplicates.
    let mut ordered: Vec<&Declaration> = declarations.iter().map(|d| &**d).collect();
    let file_order: HashMap<crate::input::SourceFile, usize> = declarations
        .iter()
        .enumerate()
        .rev()
        .map(|(i, d)| (d.file, i))
        .collect();
    ordered.sort_by_key(|d| (file_order[&d.file], d.check_block.is_some()));
    for decl in ordered {
        let Some(earlier) = first.get(&decl.kind) else {
            first.insert(&decl.kind, decl);
            continue;
        };
        let at = range_string(db, earlier.file, earlier.range(db));
        let (code, summary, detail) = match &decl.kind {
            DeclKind::Variable(name) => (
                Code::DuplicateVariableDeclaration,
                "Duplicate variable declaration".to_owned(),
                format!(
                    "A variable named {name:?} was already declared at {at}. Variable names must be unique within a module."
                ),
            ),
            DeclKind::Local(name) => (
                Code::DuplicateLocalValueDefinition,
                "Duplicate local value definition".to_owned(),
                format!(
                    "A local value named {name:?} was already defined at {at}. Local value names must be unique within a module."
                ),
            ),
            DeclKind::Output(name) => (
                Code::DuplicateOutputDefinition,
                "Duplicate output definition".to_owned(),
                format!(
                    "An output named {name:?} was already defined at {at}. Output names must be unique within a module."
                ),
            ),
            DeclKind::ModuleCall(name) => (
                Code::DuplicateModuleCall,
                "Duplicate module call".to_owned(),
                format!(
                    "A module call named {name:?} was already defined at {at}. Module calls must have unique names within a module."
                ),
            ),
            DeclKind::ManagedResource { ty, name } => (
                Code::DuplicateResourceConfiguration,
                format!("Duplicate resource {ty:?} configuration"),
                format!(
                    "A {ty} resource named {name:?} was already declared at {at}. Resource names must be unique per type in each module."
                ),
            ),
            DeclKind::DataResource { ty, name } => (
                Code::DuplicateDataConfiguration,
                format!("Duplicate data {ty:?} configuration"),
                format!(
                    "A {ty} data resource named {name:?} was already declared at {at}. Resource names must be unique per type in each module{}.",
                    if decl.check_block.is_some() {
                        ", including within check blocks"
                    } else {
                        ""
                    }
                ),
            ),
            DeclKind::EphemeralResource { ty, name } => (
                Code::DuplicateEphemeralConfiguration,
                format!("Duplicate ephemeral resource {ty:?} configuration"),
                format!(
                    "A {ty} ephemeral resource named {name:?} was already declared at {at}. Resource names must be unique per type in each module."
                ),
            ),
            DeclKind::Check(name) => (
                Code::DuplicateCheckConfiguration,
                format!("Duplicate check {name:?} configuration"),
                format!(
                    "A check block named {name:?} was already declared at {at}. Check blocks must be unique within each module."
                ),
            ),
            DeclKind::Provider { name, alias: None } => (
                Code::DuplicateProviderConfiguration,
                "Duplicate provider configuration".to_owned(),
                format!(
                    "A default (non-aliased) provider configuration for {name:?} was already given at {at}. If multiple configurations are required, set the \"alias\" argument for alternative configurations."
                ),
            ),
            DeclKind::Provider {
                name,
                alias: Some(alias),
            } => (
                Code::DuplicateProviderConfiguration,
                "Duplicate provider configuration".to_owned(),
                format!(
                    "A provider configuration for {name:?} with alias {alias:?} was already given at {at}. Each configuration for the same provider must have a distinct alias."
                ),
            ),
            _ => continue,
        };
        out.push(
            Diagnostic::error_in(code, detail, decl.file, decl.range(db)).with_summary(summary),
        );
    }
    out
}
