//! Everything a check reports about a tree, as `check` prints it: what
//! discovery and reading found, syntax errors, the semantic diagnostics
//! of every module and of evaluation, the root's values under a plan;
//! with inline ignores and the configured policy applied, in a stable
//! order.

use std::{
    collections::{BTreeMap, BTreeSet, HashSet},
    path::PathBuf,
    sync::{Arc, atomic::Ordering},
    time::Duration,
};

use rustc_hash::FxHashMap;
use tofu_diagnostics::Code;
use tofu_semantic::{module_declarations, module_providers};
use tofu_syntax::SyntaxError;

use crate::{
    check::{CheckReport, Progress},
    diagnostic::{Diagnostic, FileId},
    discovery::Module,
    host::{ReadProblem, Tree},
    ignores::Ignores,
    isolation::isolated,
    semantic::{self, FileDiagnostic},
    source::CheckedFile,
    variable_inputs::report_root_values,
};

/// The report of `tree` as the database has it now. Only the first
/// report computes everything in parallel (module by module, instance by
/// instance); later ones read the chunks' memos.
pub(crate) fn report(
    db: &tofu_semantic::Database,
    tree: &Tree,
    progress: Option<&dyn Progress>,
) -> CheckReport {
    let cold = !tree.reported.swap(true, Ordering::Relaxed);
    let files = tree.files();
    let checked = semantic::check(
        db,
        tree.file_index(),
        &tree.evaluations,
        &tree.placed_jobs,
        cold,
        progress,
    );
    let mut semantic = checked.diagnostics;
    let facts = file_facts(db, tree);
    let lints = enabled_lints(db, tree);
    if !lints.is_empty() {
        // Sorted by file as the rest are (stably: each file's lints after
        // its other diagnostics).
        semantic.extend(lints);
        semantic.sort_by_key(|d| d.location.map(|l| l.file));
    }
    // A root directory without configuration is an empty module, which
    // loads; files that cannot be read stop OpenTofu as load errors do.
    let root_files = tree.root_module.files(db);
    let loads = (root_files.is_empty() || checked.clean_roots.contains(&tree.root_module))
        && root_files
            .iter()
            .all(|f| !tree.read_problems.contains_key(f.path(db)));
    let incompatible = incompatible_files(&tree.modules, &semantic);

    let mut diagnostics = tree.problems.clone();
    diagnostics.extend(unchecked_providers(db, tree));
    // The files with something to show: syntax errors or an ignore
    // marker, semantic diagnostics, or a problem reading them. Most files
    // of a tree have none, and are not looked at.
    let mut shown: BTreeSet<usize> = facts.keys().copied().collect();
    shown.extend(semantic.iter().filter_map(|d| d.location.map(|l| l.file)));
    let mut unreadable = HashSet::new();
    let mut encoding_errors = FxHashMap::default();
    // Most trees have no file that could not be read.
    if !tree.read_problems.is_empty() {
        for (index, file) in files.iter().enumerate() {
            match tree.read_problems.get(file.path(db)) {
                Some(ReadProblem::Unreadable(diagnostic)) => {
                    diagnostics.push(diagnostic.clone());
                    unreadable.insert(index);
                }
                Some(ReadProblem::Encoding(error)) => {
                    encoding_errors.insert(index, error.clone());
                    shown.insert(index);
                }
                None => {}
            }
        }
    }

    // Only files with something to show are kept for rendering.
    let mut sources = Vec::new();
    let mut semantic = semantic.into_iter().peekable();
    while let Some(sourceless) = semantic.next_if(|d| d.location.is_none()) {
        diagnostics.push(
            Diagnostic::new(sourceless.severity, sourceless.code, sourceless.detail)
                .with_summary(sourceless.summary),
        );
    }
    for index in shown {
        let mut file_semantic = Vec::new();
        while let Some(found) = semantic.next_if(|d| d.location.is_some_and(|l| l.file == index)) {
            file_semantic.push(found);
        }
        if unreadable.contains(&index) {
            continue;
        }
        let input = files[index];
        let facts = facts.get(&index).copied().unwrap_or(&NO_FACTS);
        let mut errors: Vec<SyntaxError> = encoding_errors.remove(&index).into_iter().collect();
        errors.extend(facts.syntax_errors.iter().cloned());
        if errors.is_empty() && file_semantic.is_empty() && !facts.has_ignore_marker {
            continue;
        }
        if incompatible.contains(&index) {
            errors.clear();
        }
        let mut ignores = match facts.has_ignore_marker {
            true => Ignores::read(input.text(db), || {
                tofu_semantic::parse(db, input).green.clone()
            }),
            false => Ignores::default(),
        };
        ignores.filter(&mut errors);
        ignores.filter(&mut file_semantic);
        let ignore_problems = ignores.problems();
        if errors.is_empty() && file_semantic.is_empty() && ignore_problems.is_empty() {
            continue;
        }
        let file = FileId(sources.len() as u32);
        let parsed = tofu_semantic::parse(db, input);
        sources.push(CheckedFile::new(
            input.path(db).clone(),
            parsed.kind,
            input.text(db).clone(),
            parsed.green.clone(),
        ));
        diagnostics.extend(errors.into_iter().map(|error| error.in_file(file)));
        diagnostics.extend(ignore_problems.into_iter().map(|d| d.in_file(file)));
        diagnostics.extend(
            file_semantic
                .into_iter()
                .filter(|d| d.location.is_some())
                .map(|d| d.map_file(|_| file)),
        );
    }
    report_test_files(db, tree, &mut sources, &mut diagnostics);
    if let Some((_, inputs)) = tree.evaluations.plan {
        report_root_values(
            db,
            inputs,
            &checked.elsewhere,
            &mut sources,
            &mut diagnostics,
        );
    }
    if let Some(policy) = &tree.policy {
        policy.apply(&mut diagnostics);
    }
    sort_diagnostics(&mut diagnostics, &sources);
    CheckReport {
        root: tree.root.clone(),
        modules: Arc::clone(&tree.modules),
        sources,
        diagnostics,
        elapsed: Duration::ZERO,
        loads,
    }
}

/// What `tofu validate` reports of the test files: their read and syntax
/// errors, then what decoding and validating them finds, with their
/// ignore annotations applied as in other files.
fn report_test_files(
    db: &tofu_semantic::Database,
    tree: &Tree,
    sources: &mut Vec<CheckedFile>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for &input in &tree.test_files {
        let path = input.path(db);
        let mut errors: Vec<SyntaxError> = Vec::new();
        match tree.read_problems.get(path) {
            Some(ReadProblem::Unreadable(diagnostic)) => {
                diagnostics.push(diagnostic.clone());
                continue;
            }
            Some(ReadProblem::Encoding(error)) => errors.push(error.clone()),
            None => {}
        }
        if !input.exists(db) {
            continue;
        }
        let parsed = tofu_semantic::parse(db, input);
        errors.extend(parsed.errors.iter().cloned());
        let decoded = isolated(|| tofu_semantic::test_file_diagnostics(db, input).to_vec());
        let mut found = match decoded {
            Ok(found) => found,
            Err(message) => {
                let what = format!("the test file {path}");
                vec![tofu_semantic::internal_error(&what, &message)]
            }
        };
        let mut ignores = match has_ignore_marker(db, input) {
            true => Ignores::read(input.text(db), || parsed.green.clone()),
            false => Ignores::default(),
        };
        ignores.filter(&mut errors);
        ignores.filter(&mut found);
        let ignore_problems = ignores.problems();
        if errors.is_empty() && found.is_empty() && ignore_problems.is_empty() {
            continue;
        }
        let file = FileId(sources.len() as u32);
        sources.push(CheckedFile::new(
            path.clone(),
            parsed.kind,
            input.text(db).clone(),
            parsed.green.clone(),
        ));
        diagnostics.extend(errors.into_iter().map(|error| error.in_file(file)));
        diagnostics.extend(ignore_problems.into_iter().map(|d| d.in_file(file)));
        for found in found {
            diagnostics.push(match found.location {
                Some(_) => found.map_file(|_| file),
                // OpenTofu gives a few (an invalid provider alias) no place.
                None => Diagnostic::new(found.severity, found.code, found.detail)
                    .with_summary(found.summary),
            });
        }
    }
}

/// Whether a file holds an ignore annotation: a memo, so that a report
/// after an edit scans the edited file's text only.
#[salsa::tracked]
fn has_ignore_marker(db: &dyn salsa::Database, file: tofu_semantic::SourceFile) -> bool {
    Ignores::has_marker(file.text(db))
}

/// What the report reads of a configuration file besides its semantic
/// diagnostics.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct FileFacts {
    syntax_errors: Vec<SyntaxError>,
    has_ignore_marker: bool,
}

static NO_FACTS: FileFacts = FileFacts {
    syntax_errors: Vec::new(),
    has_ignore_marker: false,
};

/// The [`FileFacts`] of the files of the modules of chunk `chunk` of the
/// workspace (see [`tofu_semantic::chunk_of`]) that have any: one memo per
/// chunk, so that after an edit the report verifies a few dozen of them
/// instead of two memos per file of the tree.
#[salsa::tracked(returns(ref))]
fn file_facts_chunk(
    db: &dyn salsa::Database,
    workspace: tofu_semantic::Workspace,
    chunk: usize,
) -> Vec<(tofu_semantic::SourceFile, FileFacts)> {
    tofu_semantic::chunk_of(workspace.modules(db), chunk)
        .iter()
        .flat_map(|module| module.files(db).iter().chain(module.overrides(db)))
        .map(|&file| {
            let facts = FileFacts {
                // Only the errors are kept: the trees stay the database's
                // to keep or drop (see `parse`).
                syntax_errors: tofu_semantic::parse(db, file).errors.clone(),
                // Scanned again with the chunk: cheaper than a memo per file.
                has_ignore_marker: Ignores::has_marker(file.text(db)),
            };
            (file, facts)
        })
        .filter(|(_, facts)| *facts != NO_FACTS)
        .collect()
}

/// The [`FileFacts`] of the tree's files that have any, by their index
/// there.
fn file_facts<'db>(
    db: &'db tofu_semantic::Database,
    tree: &Tree,
) -> FxHashMap<usize, &'db FileFacts> {
    let mut out = FxHashMap::default();
    let workspace = tree.workspace;
    for chunk in 0..tofu_semantic::chunk_count(workspace.modules(db).len()) {
        for (file, facts) in file_facts_chunk(db, workspace, chunk) {
            if let Some(&index) = tree.file_index().get(file) {
                out.insert(index, facts);
            }
        }
    }
    out
}

/// [`report`] as the console shows it before its first prompt: only the
/// errors and warnings in the files of the root module's configuration
/// (the root directory's module and the modules it calls), as `tofu
/// console` loads only that.
pub(crate) fn root_configuration_report(db: &tofu_semantic::Database, tree: &Tree) -> CheckReport {
    let mut report = report(db, tree, None);
    let graph = tofu_semantic::module_graph(db, tree.workspace);
    let mut dirs: HashSet<&str> = graph
        .instances
        .iter()
        .filter(|i| i.root == tree.root_module)
        .map(|i| i.module.dir(db).as_str())
        .collect();
    dirs.insert("");
    let sources = &report.sources;
    let in_configuration = |d: &Diagnostic| {
        d.location.is_some_and(|l| {
            let path = &sources[l.file.0 as usize].path;
            dirs.contains(path.rsplit_once('/').map_or("", |(dir, _)| dir))
        })
    };
    let kept: Vec<Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity != tofu_diagnostics::Severity::Note && in_configuration(d))
        .cloned()
        .collect();
    report.diagnostics = kept;
    report
}

/// With provider schemas given, a note for each provider that serves
/// resources of the tree but has no schema among them: its resources
/// were checked as without schemas (not at all).
fn unchecked_providers(db: &tofu_semantic::Database, tree: &Tree) -> Vec<Diagnostic> {
    let Some(set) = tree.workspace.provider_schemas(db) else {
        return Vec::new();
    };
    let mut unchecked: BTreeMap<String, usize> = BTreeMap::new();
    for module in &tree.dirs {
        let providers = module_providers(db, *module);
        for declaration in module_declarations(db, *module) {
            let Some(provider) = providers.resource_provider(&declaration.kind) else {
                continue;
            };
            if set.provider(&provider).is_none() {
                *unchecked.entry(provider.to_string()).or_default() += 1;
            }
        }
    }
    unchecked
        .into_iter()
        .map(|(provider, resources)| {
            let (count, them) = match resources {
                1 => ("1 resource".to_owned(), "it was"),
                n => (format!("{n} resources"), "they were"),
            };
            Diagnostic::note(
                Code::ProviderNotChecked,
                format!(
                    "No provider schema given describes {provider}, which serves {count} of the tree, so {them} not checked against a schema. Write its schema with \"tofu providers schema -json\" after \"tofu init\" and add it with --provider-schemas."
                ),
            )
        })
        .collect()
}

/// The files (by index, in module order) of the modules that exclude this
/// version of OpenTofu: as `finalizeModuleLoadDiagnostics` does, nothing
/// else is reported about them, their syntax errors included.
fn incompatible_files(modules: &[Module], semantic: &[FileDiagnostic]) -> HashSet<usize> {
    let flagged: HashSet<usize> = semantic
        .iter()
        .filter(|d| d.code == tofu_diagnostics::Code::IncompatibleModule)
        .filter_map(|d| d.location.map(|l| l.file))
        .collect();
    let mut out = HashSet::new();
    if flagged.is_empty() {
        return out;
    }
    let mut start = 0;
    for module in modules {
        let files = start..start + module.files.len();
        if files.clone().any(|i| flagged.contains(&i)) {
            out.extend(files.clone());
        }
        start = files.end;
    }
    out
}

/// Sourceless diagnostics keep their order of discovery, which follows
/// the tree; the others go by path (compared component by component, as
/// the walk goes). Within a file they keep the order HCL reports them in,
/// as `tofu validate` prints them: the stable sort leaves it alone.
fn sort_diagnostics(diagnostics: &mut [Diagnostic], sources: &[CheckedFile]) {
    diagnostics.sort_by_cached_key(|diagnostic| {
        diagnostic
            .location
            .map(|location| PathBuf::from(&sources[location.file.0 as usize].path))
    });
}

/// The diagnostics of the lints the policy enables, of every module of
/// the user's (not of installed copies), as diagnostics of the tree's
/// files by index; none when no lint is enabled.
fn enabled_lints(db: &tofu_semantic::Database, tree: &Tree) -> Vec<FileDiagnostic> {
    let Some(enabled) = tree.policy.as_ref().map(|p| p.enabled_lints()) else {
        return Vec::new();
    };
    if enabled.is_empty() {
        return Vec::new();
    }
    let index = tree.file_index();
    let mut out = Vec::new();
    for (module, dir) in tree.modules.iter().zip(&tree.dirs) {
        if module.dir.split('/').any(|part| part == ".terraform") {
            continue;
        }
        for lint in tofu_semantic::module_lints(db, tree.workspace, *dir) {
            let Some(file) = lint.location.and_then(|l| index.get(&l.file).copied()) else {
                continue;
            };
            if enabled.contains(&lint.code) {
                out.push(lint.clone().map_file(|_| file));
            }
        }
    }
    out
}
