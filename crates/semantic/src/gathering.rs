//! What each module directory and module instance reports of itself,
//! gathered from every check: the load-time checks of its files, its
//! module-wide checks, its calls' arguments and outputs, its static
//! contexts, and the references checked under each call path. `report.rs`
//! reads these chunk by chunk.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tofu_diagnostics::Code;

use crate::call_checks::{module_argument_diagnostics, module_output_diagnostics};
use crate::call_tree::{display_name, module_instances, module_tree};
use crate::config::file_config_diagnostics;
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, SourceFile, Workspace};
use crate::module_checks::module_diagnostics;

/// What a module reports as one instance of the tree: references with
/// the module's name in their messages, and the rules for children
/// (backends are ignored, `import` blocks are only for the root module).
#[salsa::tracked(returns(ref))]
pub fn module_instance_diagnostics(
    db: &dyn salsa::Database,
    module: ModuleDir,
    path: Arc<[Arc<str>]>,
) -> Vec<Diagnostic> {
    let declarations = module_declarations(db, module);
    let references = crate::references::module_checked_references(db, module);
    // A primary block whose `count` or `for_each` only an override sets
    // has `count.index` or `each.*` in scope all the same.
    let repeated = repeated_by_overrides(db, module);
    let adjusted: Vec<crate::references::Reference>;
    let references: Vec<&crate::references::Reference> = if repeated.is_empty() {
        references
    } else {
        adjusted = references
            .iter()
            .map(|&r| {
                let mut r = r.clone();
                if let Some(instances) = repeated.get(&*r.from)
                    && module.files(db).contains(&r.file)
                {
                    r.context.count |= *instances == crate::config::model::Instances::Count;
                    r.context.for_each |= *instances == crate::config::model::Instances::ForEach;
                }
                r
            })
            .collect();
        adjusted.iter().collect()
    };
    let mut out = crate::reference_checks::reference_diagnostics(
        declarations,
        &references,
        &display_name(&path),
    );
    if !path.is_empty()
        && let Some(&(file, range)) = crate::settings::module_settings(db, module)
            .backends
            .first()
    {
        out.push(Diagnostic {
            severity: tofu_eval::Severity::Warning,
            ..Diagnostic::error_in(
                Code::BackendConfigurationIgnored,
                "Any selected backend applies to the entire configuration, so OpenTofu expects provider configurations only in the root module.\n\nThis is a warning rather than an error because it's sometimes convenient to temporarily call a root module as a child module for testing purposes, but this backend configuration block will have no effect.".to_owned(),
                file,
                range,
            )
        });
    }
    if !path.is_empty()
        && let Some(import) = declarations
            .iter()
            .find(|d| matches!(d.kind, DeclKind::Import(_)))
    {
        out.push(Diagnostic::error_in(
            Code::InvalidImportConfiguration,
            format!(
                "An import block was detected in {:?}. Import blocks are only allowed in the root module.",
                display_name(&path)
            ),
            import.file,
            import.range(db),
        ));
    }
    out
}

/// Everything the analysis reports about one module directory: its files'
/// load-time checks, its declarations and references under every path the
/// tree reaches it by, its calls of other modules, and what the tree-wide
/// checks ([`tree_wide_diagnostics`]) found in its files. Exact duplicates
/// (the same message at the same place) are reported once.
///
/// Not a query itself: the module's own findings are one
/// ([`module_local_diagnostics`]), so that a module's memo depends on no
/// other module's files and is trusted as it is after an edit elsewhere.
pub fn module_dir_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<Diagnostic> {
    with_tree_wide(
        db,
        module,
        module_local_diagnostics(db, workspace, module).clone(),
        tree_wide_diagnostics(db, workspace),
    )
}

/// A module's own diagnostics `local`, and those of `tree_wide` in its
/// files: [`module_dir_diagnostics`] for hosts that hold both already.
pub fn with_tree_wide(
    db: &dyn salsa::Database,
    module: ModuleDir,
    mut local: Vec<Diagnostic>,
    tree_wide: &[Diagnostic],
) -> Vec<Diagnostic> {
    // A module that OpenTofu does not load reports that alone.
    if tree_wide.is_empty() || local.iter().any(|d| d.code == Code::IncompatibleModule) {
        return local;
    }
    let files: HashSet<SourceFile> = module.files(db).iter().copied().collect();
    local.extend(
        tree_wide
            .iter()
            .filter(|d| d.location.is_some_and(|l| files.contains(&l.file)))
            .cloned(),
    );
    crate::diagnostics::dedupe(&mut local);
    local
}

/// What the checks of the whole tree report: the providers each module
/// instance is given, and the calls that would make the tree infinite.
#[salsa::tracked(returns(ref))]
pub fn tree_wide_diagnostics(db: &dyn salsa::Database, workspace: Workspace) -> Vec<Diagnostic> {
    let mut out = crate::provider_validation::provider_tree_diagnostics(db, workspace).clone();
    out.extend(module_tree(db, workspace).diagnostics.iter().cloned());
    out
}

/// What a module directory reports of itself, [`module_dir_diagnostics`]
/// without the tree-wide checks.
#[salsa::tracked(returns(ref))]
pub fn module_local_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = module
        .files(db)
        .iter()
        .chain(module.overrides(db))
        .flat_map(|f| file_config_diagnostics(db, *f).iter().cloned())
        .collect();
    out.extend(module_diagnostics(db, module).iter().cloned());
    out.extend(
        crate::settings::module_settings_diagnostics(db, module)
            .iter()
            .cloned(),
    );
    out.extend(
        crate::overrides::module_override_diagnostics(db, module)
            .iter()
            .cloned(),
    );
    for instance in module_instances(db, workspace, module) {
        out.extend(
            module_instance_diagnostics(db, module, instance.path.clone())
                .iter()
                .cloned(),
        );
    }
    out.extend(
        module_output_diagnostics(db, workspace, module)
            .iter()
            .cloned(),
    );
    out.extend(
        module_argument_diagnostics(db, workspace, module)
            .iter()
            .cloned(),
    );
    // Static evaluation: module sources and versions, provider
    // `for_each`, backends, encryption and `const` variables.
    out.extend(
        crate::static_eval::contexts::static_module_diagnostics(db, workspace, module)
            .iter()
            .cloned(),
    );
    // Resources and provider configurations against the providers'
    // schemas, when the host gave any.
    out.extend(crate::provider_schemas::checks::module_schema_diagnostics(
        db, workspace, module,
    ));
    // `finalizeModuleLoadDiagnostics`: a module that says it does not
    // work with this version of OpenTofu may use what this version does
    // not know, so nothing else is reported about it.
    if out.iter().any(|d| d.code == Code::IncompatibleModule) {
        out.retain(|d| d.code == Code::IncompatibleModule);
    }
    crate::diagnostics::dedupe(&mut out);
    out
}

/// The resources and module calls that repeat only because an override
/// file gives them `count` or `for_each`, and how.
fn repeated_by_overrides(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> HashMap<DeclKind, crate::config::model::Instances> {
    if module.overrides(db).is_empty() {
        return HashMap::new();
    }
    module_declarations(db, module)
        .iter()
        .filter(|d| d.instances != crate::config::model::Instances::Single)
        .filter(|d| {
            crate::declarations::file_declarations(db, d.file)
                .declarations
                .iter()
                .find(|p| p.kind == d.kind)
                .is_some_and(|p| p.instances == crate::config::model::Instances::Single)
        })
        .map(|d| (d.kind.clone(), d.instances))
        .collect()
}
