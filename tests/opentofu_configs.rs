//! OpenTofu's own load-time test data (`internal/configs/testdata`,
//! copied to `../shared/opentofu-testdata/configs`, or where
//! `OPENTOFU_CONFIGS_TESTDATA` says), checked with the annotations of
//! `tests/diagnostics.rs`.

use std::fs;
use std::path::{Path, PathBuf};

use tofu_ide::check::{CheckOptions, check_tree};

#[path = "support/annotations.rs"]
mod annotations;
#[path = "support/shared.rs"]
mod shared;

use annotations::{Key, actual, compare, files_below, line_annotations, sorted_dirs};
use shared::{existing, shared_data};

/// What OpenTofu's `parser.LoadConfigFile` reports for one file: its
/// syntax errors and the load-time checks of its blocks, nothing that
/// needs the rest of its module.
fn load_config_file(path: &Path) -> Vec<(Key, String)> {
    use tofu_ide::semantic_db::{Database, SourceFile, file_config_diagnostics, parse};
    use tofu_ide::syntax::LineIndex;
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = fs::read_to_string(path).expect("readable");
    let db = Database::default();
    let file = SourceFile::new(&db, name.clone(), text.clone(), true);
    let lines = LineIndex::new(&text);
    let line =
        |range: tofu_ide::syntax::TextRange| lines.line_col(&text, range.start()).line as usize;
    let mut out: Vec<(Key, String)> = parse(&db, file)
        .errors
        .iter()
        .map(|e| {
            let key = (
                name.clone(),
                line(e.range().unwrap()),
                "ERROR",
                e.summary.clone(),
            );
            (key, e.detail.clone())
        })
        .collect();
    for d in file_config_diagnostics(&db, file) {
        let severity = match d.severity {
            tofu_ide::semantic_db::Severity::Error => "ERROR",
            tofu_ide::semantic_db::Severity::Warning => "WARNING",
            tofu_ide::semantic_db::Severity::Note => "NOTE",
        };
        let (file_name, line) = match d.location {
            Some(tofu_diagnostics::Location { file: _, range }) => (name.clone(), line(range)),
            None => ("-".to_owned(), 0),
        };
        out.push((
            (file_name, line, severity, d.summary.clone()),
            d.detail.clone(),
        ));
    }
    out
}

/// Diagnostics of `tofu validate` that loading a configuration (all that
/// OpenTofu's `configs` tests do) never gives: references are resolved
/// and evaluated only later, and those tests load child modules through a
/// walker that reads no directory (so theirs need not exist).
fn is_validate_time(summary: &str) -> bool {
    summary == "Unreadable module directory"
        || summary.starts_with("Reference to ")
        || summary.starts_with("Cycle: ")
        || summary.starts_with("Invalid \"")
        || matches!(
            summary,
            "Self-referencing local value"
                | "Unsupported attribute"
                | "Invalid reference"
                | "Missing resource instance key"
                | "Unexpected resource instance key"
                | "Invalid resource count attribute"
                | "Reserved symbol name"
        )
}

/// OpenTofu's `internal/configs/testdata`:
/// - `error-files` and `warning-files`: each file loaded alone gives
///   exactly its annotated diagnostics (warning files no errors);
/// - `invalid-files`: at least one error each;
/// - `valid-files`: no errors;
/// - `valid-modules`: no errors but those `tofu validate` would add
///   (those tests resolve no references).
#[test]
fn opentofu_configs_testdata() {
    let testdata = match std::env::var_os("OPENTOFU_CONFIGS_TESTDATA") {
        Some(dir) => existing(PathBuf::from(dir)),
        None => shared_data("opentofu-testdata/configs"),
    };
    let Some(testdata) = testdata else { return };
    let mut failures = Vec::new();
    let mut passed = 0;
    let errors_of = |found: Vec<(Key, String)>| -> Vec<String> {
        found
            .into_iter()
            .filter(|(key, _)| key.2 == "ERROR")
            .map(|(key, detail)| format!("  {}:{}: {}\n      {detail}", key.0, key.1, key.3))
            .collect()
    };
    for group in [
        "error-files",
        "warning-files",
        "invalid-files",
        "valid-files",
    ] {
        let mut files = Vec::new();
        files_below(&testdata.join(group), &testdata.join(group), &mut files);
        for (name, path) in files {
            let found = load_config_file(&path);
            let failure = match group {
                "error-files" | "warning-files" => {
                    let text = fs::read_to_string(&path).unwrap();
                    let mut expected = Vec::new();
                    for (index, line) in text.lines().enumerate() {
                        for (severity, summary) in line_annotations(line) {
                            if group == "error-files" || severity == "WARNING" {
                                expected.push((name.clone(), index + 1, severity, summary));
                            }
                        }
                    }
                    compare(&path, &expected, found)
                }
                "invalid-files" => errors_of(found)
                    .is_empty()
                    .then(|| format!("{group}/{name}: no error")),
                _ => {
                    let errors = errors_of(found);
                    (!errors.is_empty()).then(|| format!("{group}/{name}\n{}", errors.join("\n")))
                }
            };
            match failure {
                Some(failure) => failures.push(failure),
                None => passed += 1,
            }
        }
    }
    for dir in sorted_dirs(&testdata.join("valid-modules")) {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let report = check_tree(&dir, &CheckOptions::default()).expect("readable");
        let found = actual(&report)
            .into_iter()
            .filter(|(key, _)| !is_validate_time(&key.3))
            .collect();
        let errors = errors_of(found);
        if errors.is_empty() {
            passed += 1;
        } else {
            failures.push(format!("valid-modules/{name}\n{}", errors.join("\n")));
        }
    }
    eprintln!(
        "OpenTofu configs testdata: {passed} passed, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
