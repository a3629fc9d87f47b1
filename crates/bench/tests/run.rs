//! The benchmark on the bundled example and on a small generated tree,
//! with few repetitions: the report's structure, what each edit re-ran,
//! and that the correctness check catches a stale result.

use std::path::{Path, PathBuf};

use tofu_bench::{BenchOptions, BenchReport, run};
use tofu_ide::check::CheckOptions;

fn options<'a>(check: &'a CheckOptions<'a>, corrupt: bool) -> BenchOptions<'a> {
    BenchOptions {
        rounds: 1,
        session: 6,
        check,
        edits: None,
        progress: None,
        corrupt_first_report: corrupt,
    }
}

fn measure(dir: &Path) -> BenchReport {
    let check = CheckOptions::default();
    run(dir, &options(&check, false)).unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
}

fn assert_well_formed(report: &BenchReport, kinds: &[&str]) {
    let names: Vec<&str> = report.edits.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, kinds, "skipped: {:?}", report.skipped);
    assert!(report.first_report_ms > 0.0 && report.load_ms > 0.0);
    for edit in &report.edits {
        assert_eq!(edit.warm.samples, 2, "{}", edit.name);
        assert_eq!(edit.late.samples, 2, "{}", edit.name);
        assert!(edit.warm.median_ms <= edit.warm.max_ms);
        // Every edit re-parses its file and re-runs less than the whole.
        assert!(
            edit.queries
                .by_query
                .iter()
                .any(|(q, n)| q == "parse" && *n == 1),
            "{}: {:?}",
            edit.name,
            edit.queries
        );
        let counted: usize = edit.queries.by_query.iter().map(|(_, n)| n).sum();
        assert_eq!(counted, edit.queries.total);
    }
}

const ALL_KINDS: [&str; 8] = [
    "leaf-local-literal",
    "comment-at-top",
    "root-variable-default",
    "called-variable-type",
    "add-output",
    "rename-local",
    "syntax-error",
    "add-module-call",
];

#[test]
fn the_bundled_example() {
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let report = measure(&example);
    assert_eq!(report.modules, 4);
    assert_well_formed(&report, &ALL_KINDS);
}

#[test]
fn a_generated_tree() {
    let dir = tempfile::tempdir().unwrap();
    tofu_gen_tree::write_tree(dir.path(), 8).unwrap();
    let report = measure(dir.path());
    assert_eq!(report.modules, 8);
    assert_well_formed(&report, &ALL_KINDS);
    // A comment changes one file's text and nothing it means: no
    // module's place in the graph changes, where adding a module call
    // changes what the caller's calls load (and gives the called module
    // an instance, which leaves what its own calls load as it was).
    let runs = |edit: &str, query: &str| {
        let edit = report.edits.iter().find(|e| e.name == edit).unwrap();
        let counts = &edit.queries.by_query;
        counts
            .iter()
            .find(|(name, _)| name == query)
            .map_or(0, |(_, n)| *n)
    };
    assert_eq!(runs("comment-at-top", "call_targets"), 0);
    assert_eq!(runs("add-module-call", "call_targets"), 1);
}

#[test]
fn a_stale_result_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    tofu_gen_tree::write_tree(dir.path(), 4).unwrap();
    let check = CheckOptions::default();
    let err = run(dir.path(), &options(&check, true)).expect_err("a stale report passed");
    assert!(
        err.contains("the incremental report differs from a fresh load's"),
        "{err}"
    );
}
