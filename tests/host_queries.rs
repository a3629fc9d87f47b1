//! Which queries each kind of edit runs again, through the host: the
//! standard edits of the benchmarks on a small generated tree, plus an
//! edited template, an added and a removed file. Each edit is measured
//! warm (its file edited before), as an editor makes it after opening
//! the file, and its report is compared with a fresh check.
//!
//! Queries are named by their function items, as ty's
//! `assert_function_query_was_not_run` does, so that a renamed query
//! fails to compile here instead of never matching.

#![allow(clippy::disallowed_methods)] // The tests write their trees.

use tofu_ide::check::{CheckOptions, check_tree};
use tofu_ide::host::{AnalysisHost, Change};
use tofu_semantic as semantic;

use tofu_gen_tree::write_tree;

#[path = "support/edits.rs"]
mod edits;

/// Modules in the generated tree: more than one chunk of them, so that a
/// local edit can be seen to leave the other chunks alone.
const MODULES: usize = 40;

/// The name salsa logs a tracked function under, from the function item.
fn query_name<Q>(_: &Q) -> &'static str {
    let full = std::any::type_name::<Q>();
    full.rsplit("::").next().unwrap_or(full)
}

/// What one edit ran again.
struct Ran(Vec<String>);

impl Ran {
    fn count<Q>(&self, query: Q) -> usize {
        let name = query_name(&query);
        self.0.iter().filter(|q| *q == name).count()
    }

    #[track_caller]
    fn not_run<Q>(&self, query: Q) {
        let name = query_name(&query);
        assert_eq!(self.count(query), 0, "{name} ran again: {:?}", self.0);
    }

    #[track_caller]
    fn at_most<Q>(&self, query: Q, most: usize) {
        let name = query_name(&query);
        let count = self.count(query);
        assert!(
            count <= most,
            "{name} ran {count} times (at most {most}): {:?}",
            self.0
        );
    }

    #[track_caller]
    fn exactly<Q>(&self, query: Q, times: usize) {
        let name = query_name(&query);
        assert_eq!(self.count(query), times, "{name}: {:?}", self.0);
    }
}

struct Tree {
    _temp: tempfile::TempDir,
    dir: std::path::PathBuf,
    host: AnalysisHost,
}

fn tree() -> Tree {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    write_tree(&dir, MODULES).unwrap();
    let options = CheckOptions {
        log_queries: true,
        ..CheckOptions::default()
    };
    let host = AnalysisHost::load(&dir, &options).unwrap();
    host.analysis().report().unwrap();
    Tree {
        _temp: temp,
        dir,
        host,
    }
}

impl Tree {
    /// Applies `change` (after writing `files` to the disk) and reports;
    /// the report must equal a fresh check's.
    fn apply(&mut self, files: &[(&str, Option<&str>)], change: Change) -> Ran {
        for (path, text) in files {
            let path = self.dir.join(path);
            match text {
                Some(text) => std::fs::write(path, text).unwrap(),
                None => std::fs::remove_file(path).unwrap(),
            }
        }
        self.host.take_executed_queries();
        self.host.apply_change(change);
        let incremental = self.host.analysis().report().unwrap().comparable_lines();
        let ran = Ran(self.host.take_executed_queries());
        let fresh = check_tree(&self.dir, &CheckOptions::default())
            .unwrap()
            .comparable_lines();
        assert_eq!(incremental, fresh);
        ran
    }

    /// Sets `file` to `text`, on disk and in the host.
    fn set(&mut self, file: &str, text: &str) -> Ran {
        let mut change = Change::new();
        change.set_file(file, text);
        self.apply(&[(file, Some(text))], change)
    }

    /// The edit made warm: its file opened (set to its own text), edited
    /// and put back once; what the edit then runs again.
    fn warm(&mut self, kind: &edits::EditKind) -> Ran {
        self.set(kind.file, &kind.texts[0]);
        self.set(kind.file, &kind.texts[1]);
        self.set(kind.file, &kind.texts[0]);
        self.set(kind.file, &kind.texts[1])
    }
}

/// What the standard edit `name` runs again, warm, on a tree of its own.
fn warm(name: &str) -> Ran {
    let mut tree = tree();
    let kind = edits::edit_kinds(&tree.dir, MODULES)
        .into_iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no edit kind {name}"));
    tree.warm(&kind)
}

/// What the standard edit `name`, which changes no call, runs again,
/// warm: one file parsed, and the graph left as it is.
#[track_caller]
fn warm_without_calls(name: &str) -> Ran {
    let ran = warm(name);
    ran.exactly(semantic::parse, 1);
    graph_untouched(&ran);
    ran
}

/// An edit that changes no call leaves the module tree and the list of
/// instances as they are.
#[track_caller]
fn graph_untouched(ran: &Ran) {
    ran.not_run(semantic::module_tree);
    instances_untouched(ran);
}

/// An edit that changes no call target leaves the instances and every
/// module's place in the graph as they are.
#[track_caller]
fn instances_untouched(ran: &Ran) {
    ran.not_run(semantic::evaluation_instances);
    ran.not_run(semantic::evaluation_jobs);
    ran.not_run(semantic::call_targets);
}

#[test]
fn a_literal_in_a_leaf_local_runs_its_module_alone() {
    let ran = warm_without_calls("leaf-local-literal");
    ran.at_most(semantic::module_chunk_reports, 1);
    ran.at_most(semantic::module_calls, 1);
    ran.not_run(semantic::tree_wide_diagnostics);
    ran.not_run(semantic::module_variables);
}

#[test]
fn a_comment_runs_only_the_edited_module_and_its_instances() {
    let ran = warm_without_calls("comment-at-top");
    ran.at_most(semantic::module_chunk_reports, 1);
    // What other modules read of it holds no position.
    ran.not_run(semantic::module_variables);
}

#[test]
fn a_root_variable_default_runs_no_module_check() {
    let ran = warm_without_calls("root-variable-default");
    // The root's chunk; the values reach every instance, the checks of
    // the other modules stay as they are.
    ran.at_most(semantic::module_chunk_reports, 1);
    ran.at_most(semantic::module_local_diagnostics, 1);
    assert!(ran.count(semantic::variable_value) > 0, "{:?}", ran.0);
}

#[test]
fn a_called_variable_type_runs_its_module_and_its_callers() {
    let ran = warm_without_calls("called-variable-type");
    // The module's chunk and its callers' (the errors appear at calls).
    ran.at_most(semantic::module_chunk_reports, 2);
}

#[test]
fn an_output_added_to_a_leaf_leaves_the_graph() {
    let ran = warm_without_calls("add-output-to-leaf");
    ran.at_most(semantic::module_chunk_reports, 2);
}

#[test]
fn a_renamed_local_runs_its_module_alone() {
    let ran = warm_without_calls("rename-local");
    ran.at_most(semantic::module_chunk_reports, 1);
}

#[test]
fn a_syntax_error_runs_its_module_alone() {
    let ran = warm("syntax-error-mid-level");
    ran.exactly(semantic::parse, 1);
    ran.at_most(semantic::module_chunk_reports, 2);
}

#[test]
fn a_call_of_a_leaf_runs_the_graph_queries_of_two_modules() {
    let ran = warm("add-call-to-leaf");
    ran.exactly(semantic::parse, 1);
    ran.exactly(semantic::evaluation_instances, 1);
    // The root's targets and the leaf's instances changed; no other
    // module's place.
    ran.at_most(semantic::call_targets, 2);
    ran.at_most(semantic::module_local_diagnostics, 2);
    ran.at_most(semantic::static_module_diagnostics, 2);
    ran.at_most(semantic::module_chunk_reports, 2);
}

#[test]
fn a_call_of_a_subtree_runs_the_modules_of_the_subtree() {
    let ran = warm("add-call-of-subtree");
    ran.exactly(semantic::parse, 1);
    // The subtree's modules gain instances; what their calls load stays,
    // so only the root's targets are read again.
    ran.exactly(semantic::call_targets, 1);
    let subtree = ran.count(semantic::static_module_diagnostics);
    assert!(
        (2..MODULES).contains(&subtree),
        "static_module_diagnostics ran {subtree} times: {:?}",
        ran.0
    );
}

/// A template evaluation reads: nothing is parsed, the graph stays, and
/// only what reads the template runs again.
#[test]
fn an_edited_template_runs_what_reads_it() {
    let mut tree = tree();
    let template = "templates/config.tftpl";
    let original = std::fs::read_to_string(tree.dir.join(template)).unwrap();
    let edited = format!("{original}# edited\n");
    for text in [&edited, &original, &edited] {
        let mut change = Change::new();
        change.changed_on_disk(template);
        let ran = tree.apply(&[(template, Some(text))], change);
        ran.not_run(semantic::parse);
        graph_untouched(&ran);
        // The module's static types read the local that reads it.
        ran.at_most(semantic::module_chunk_reports, 1);
        assert!(ran.count(semantic::local_value) > 0, "{:?}", ran.0);
    }
}

/// A file added to a leaf module and removed again: only that file is
/// parsed, and the instances stay (the module's calls are read again, as
/// its list of files changed).
#[test]
fn an_added_and_a_removed_file_run_their_module() {
    let mut tree = tree();
    let file = format!("modules/m{:04}/extra.tf", MODULES - 1);
    let text = "locals {\n  extra = 1\n}\n";
    let mut change = Change::new();
    change.set_file(file.as_str(), text);
    let ran = tree.apply(&[(&file, Some(text))], change);
    ran.exactly(semantic::parse, 1);
    instances_untouched(&ran);
    // Its module's chunk, and its caller's.
    ran.at_most(semantic::module_chunk_reports, 2);

    let mut change = Change::new();
    change.remove_file(file.as_str());
    let ran = tree.apply(&[(&file, None)], change);
    ran.at_most(semantic::parse, 1);
    instances_untouched(&ran);
    ran.at_most(semantic::module_chunk_reports, 2);
}
