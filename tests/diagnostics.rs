//! Annotated fixtures, one test per case: every directory under
//! `tests/diagnostics/` is a tree checked as `tofu-analyzer check` checks
//! it. Each expected diagnostic is a comment on the line where it starts:
//!
//! ```hcl
//! default = var.x # ERROR: Variables not allowed
//! ```
//!
//! (`//` works too; several annotations may share a line). Files that
//! cannot hold comments, and sourceless diagnostics, are listed in the
//! case's `expected.txt`, one per line: `main.tf.json:3: ERROR: summary`
//! or `-: ERROR: Cycle: ...`. A case fails on any annotation without its
//! diagnostic and on any error or warning without its annotation; notes
//! are not checked. A case without annotations must be clean.
//!
//! Each case's `expected.json` holds the whole report as `check -json`
//! writes it (`tofu validate -json`'s format: details, columns, snippets
//! and notes included), compared byte for byte; `UPDATE_EXPECT=1`
//! rewrites it. It is also what makes a directory a case: a directory
//! without one fails `every_case_has_a_snapshot` (which, under
//! `UPDATE_EXPECT=1`, writes it).
//!
//! A case with a `.tofu-analyzer.hcl` is checked with what it enables
//! and disables (lints, rules), as a user's tree would be.
//!
//! OpenTofu's own load-time test data is checked in `opentofu_configs.rs`.

use std::fs;
use std::path::Path;

use tofu_ide::analyzer_config::{AnalyzerConfig, FILE_NAME};
use tofu_ide::check::{CheckOptions, check_tree};
use tofu_ide::policy::Policy;
use tofu_render::json;

#[path = "support/annotations.rs"]
mod annotations;

use annotations::{Key, actual, compare, files_below, line_annotations, sorted_dirs};

/// The snapshot file of a case.
const SNAPSHOT: &str = "expected.json";

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics")
}

/// One case, named by its snapshot: the annotations, then the snapshot.
fn annotated_case(snapshot: &Path) -> datatest_stable::Result<()> {
    let case = snapshot.parent().expect("a case directory");
    check_case(case)
}

fn check_case(case: &Path) -> datatest_stable::Result<()> {
    // A case's own `.tofu-analyzer.hcl` enables lints and rules, as a
    // user's would.
    let policy = fs::read_to_string(case.join(FILE_NAME)).ok().map(|text| {
        let config = AnalyzerConfig::parse(&text, FILE_NAME).expect("a valid configuration");
        Policy::new(&config.rule_settings(), &[], &[])
    });
    let options = CheckOptions {
        policy: policy.as_ref(),
        ..CheckOptions::default()
    };
    let report = check_tree(case, &options)?;
    let mut failures = Vec::new();
    if let Some(failure) = compare(case, &annotations(case), actual(&report)) {
        failures.push(failure);
    }
    let rendered = json::render(&report);
    let snapshot = case.join(SNAPSHOT);
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        fs::write(&snapshot, &rendered)?;
    } else {
        let expected = fs::read_to_string(&snapshot)
            .map_err(|err| format!("{}: {err} (UPDATE_EXPECT=1 writes it)", snapshot.display()))?;
        if rendered != expected {
            failures.push(format!(
                "{} differs (UPDATE_EXPECT=1 updates it):\n{}",
                snapshot.display(),
                tofu_fmt::unified_diff(&expected, &rendered, SNAPSHOT)
            ));
        }
    }
    // A panic, not an error: the harness would print an error's message
    // quoted, on one line.
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    Ok(())
}

/// Every directory under `tests/diagnostics/` is a case, with a snapshot;
/// under `UPDATE_EXPECT=1` a new case gets its first one here.
fn every_case_has_a_snapshot(_readme: &Path) -> datatest_stable::Result<()> {
    let cases = sorted_dirs(&root());
    assert!(!cases.is_empty(), "no cases under {}", root().display());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut missing = Vec::new();
    for case in cases.iter().filter(|case| !case.join(SNAPSHOT).is_file()) {
        if update {
            check_case(case)?;
        } else {
            missing.push(case.display().to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "cases without {SNAPSHOT} (UPDATE_EXPECT=1 writes it):\n{}",
        missing.join("\n")
    );
    Ok(())
}

/// The annotations of a case: comments in its files and `expected.txt`.
fn annotations(case: &Path) -> Vec<Key> {
    let mut files = Vec::new();
    files_below(case, case, &mut files);
    let mut out = Vec::new();
    for (rel, path) in files {
        if rel == SNAPSHOT {
            continue;
        }
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        if rel == "expected.txt" {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                out.push(expected_line(line));
            }
            continue;
        }
        for (index, line) in text.lines().enumerate() {
            for (severity, summary) in line_annotations(line) {
                out.push((rel.clone(), index + 1, severity, summary));
            }
        }
    }
    out
}

/// `main.tf.json:3: ERROR: summary` or `-: ERROR: summary`.
fn expected_line(line: &str) -> Key {
    let (place, rest) = line
        .split_once(": ")
        .unwrap_or_else(|| panic!("malformed expected.txt line {line:?}"));
    let (severity, summary) = line_annotations(&format!("# {rest}"))
        .pop()
        .unwrap_or_else(|| panic!("malformed expected.txt line {line:?}"));
    match place.rsplit_once(':') {
        Some((file, line_no)) => (
            file.to_owned(),
            line_no.parse().expect("a line number"),
            severity,
            summary,
        ),
        None => ("-".to_owned(), 0, severity, summary),
    }
}

datatest_stable::harness! {
    { test = annotated_case, root = "tests/diagnostics", pattern = r"^[^/]+/expected\.json$" },
    { test = every_case_has_a_snapshot, root = "tests/diagnostics", pattern = r"^README\.md$" },
}
