//! Annotated fixtures: every case under `tests/diagnostics/` is a tree
//! checked as `tofu-analyzer check` checks it. Each expected diagnostic
//! is a comment on the line where it starts:
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
//! `OPENTOFU_CONFIGS_TESTDATA=<opentofu>/internal/configs/testdata` also
//! runs OpenTofu's own load-time test data (see `opentofu_configs_testdata`).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use tofu_analyzer::check::{CheckOptions, CheckReport, check_tree};
use tofu_analyzer::diagnostic::Severity;

/// One expected or actual diagnostic: file, line, severity and summary
/// (file and line are `-` and 0 without a place).
type Key = (String, usize, &'static str, String);

#[test]
fn annotated_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut failures = Vec::new();
    let mut cases = 0;
    for case in sorted_dirs(&root) {
        cases += 1;
        let report = check_tree(&case, &CheckOptions::default()).expect("the case is readable");
        let expected = annotations(&case);
        if let Some(failure) = compare(&case, &expected, actual(&report)) {
            failures.push(failure);
        }
    }
    assert!(cases > 0, "no cases under {}", root.display());
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The directories right under `dir`, in name order.
fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs
}

/// Every file under `dir`, recursively, with paths relative to `dir`.
fn files_below(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            files_below(&path, base, out);
        } else if let Ok(rel) = path.strip_prefix(base) {
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.push((rel, path));
        }
    }
}

/// The annotations of a case: comments in its files and `expected.txt`.
fn annotations(case: &Path) -> Vec<Key> {
    let mut files = Vec::new();
    files_below(case, case, &mut files);
    let mut out = Vec::new();
    for (rel, path) in files {
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

/// The `# ERROR: ...` / `# WARNING: ...` annotations of one line.
fn line_annotations(line: &str) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some((at, severity, len)) = next_marker(rest) {
        let after = &rest[at + len..];
        let end = next_marker(after).map_or(after.len(), |(next, _, _)| {
            // Back up over the comment sign that starts the next marker.
            after[..next].trim_end().trim_end_matches(['#', '/']).len()
        });
        out.push((severity, after[..end].trim().to_owned()));
        rest = &after[end..];
    }
    out
}

fn next_marker(text: &str) -> Option<(usize, &'static str, usize)> {
    ["ERROR: ", "WARNING: "]
        .iter()
        .filter_map(|marker| {
            let at = text.find(marker)?;
            let before = text[..at].trim_end();
            (before.ends_with('#') || before.ends_with("//")).then_some((
                at,
                marker.trim_end_matches(": "),
                marker.len(),
            ))
        })
        .min_by_key(|(at, _, _)| *at)
}

/// What a report holds, as annotation keys; the details are kept for the
/// failure message.
fn actual(report: &CheckReport) -> Vec<(Key, String)> {
    report
        .diagnostics
        .iter()
        .filter_map(|d| {
            let severity = match d.severity {
                Severity::Error => "ERROR",
                Severity::Warning => "WARNING",
                Severity::Note => return None,
            };
            let (file, line) = match &d.location {
                Some(location) => {
                    let source = report.source(location.file);
                    let line = source.line_col(location.range.start()).line as usize;
                    (source.path.clone(), line)
                }
                None => ("-".to_owned(), 0),
            };
            Some(((file, line, severity, d.summary.clone()), d.detail.clone()))
        })
        .collect()
}

/// A description of the differences, or `None` when expected and actual
/// diagnostics match one for one.
fn compare(case: &Path, expected: &[Key], actual: Vec<(Key, String)>) -> Option<String> {
    let mut remaining: BTreeMap<&Key, usize> = BTreeMap::new();
    for key in expected {
        *remaining.entry(key).or_default() += 1;
    }
    let mut unexpected = Vec::new();
    for (key, detail) in actual {
        match remaining.get_mut(&key) {
            Some(n) if *n > 0 => *n -= 1,
            _ => unexpected.push(format!(
                "  unexpected {}:{}: {}: {}\n      {}",
                key.0, key.1, key.2, key.3, detail
            )),
        }
    }
    let missing: Vec<String> = remaining
        .into_iter()
        .flat_map(|(key, n)| std::iter::repeat_n(key, n))
        .map(|key| format!("  missing    {}:{}: {}: {}", key.0, key.1, key.2, key.3))
        .collect();
    if unexpected.is_empty() && missing.is_empty() {
        return None;
    }
    Some(format!(
        "{}\n{}{}",
        case.display(),
        missing.join("\n") + if missing.is_empty() { "" } else { "\n" },
        unexpected.join("\n")
    ))
}

/// What OpenTofu's `parser.LoadConfigFile` reports for one file: its
/// syntax errors and the load-time checks of its blocks, nothing that
/// needs the rest of its module.
fn load_config_file(path: &Path) -> Vec<(Key, String)> {
    use tofu_analyzer::semantic_db::{Database, SourceFile, file_config_diagnostics, parse};
    use tofu_analyzer::syntax::LineIndex;
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = fs::read_to_string(path).expect("readable");
    let db = Database::default();
    let file = SourceFile::new(&db, name.clone(), text.clone(), true);
    let lines = LineIndex::new(&text);
    let line = |range: tofu_analyzer::syntax::TextRange| {
        lines.line_col(&text, range.start()).line as usize
    };
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
            tofu_analyzer::semantic_db::Severity::Error => "ERROR",
            tofu_analyzer::semantic_db::Severity::Warning => "WARNING",
            tofu_analyzer::semantic_db::Severity::Note => "NOTE",
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
/// and evaluated only later.
fn is_validate_time(summary: &str) -> bool {
    summary.starts_with("Reference to ")
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

/// OpenTofu's `internal/configs/testdata`, when
/// `OPENTOFU_CONFIGS_TESTDATA` points at a copy of it:
/// - `error-files` and `warning-files`: each file loaded alone gives
///   exactly its annotated diagnostics (warning files no errors);
/// - `invalid-files`: at least one error each;
/// - `valid-files`: no errors;
/// - `valid-modules`: no errors but those `tofu validate` would add
///   (those tests resolve no references).
#[test]
fn opentofu_configs_testdata() {
    let Some(testdata) = std::env::var_os("OPENTOFU_CONFIGS_TESTDATA") else {
        eprintln!(
            "skipped: set OPENTOFU_CONFIGS_TESTDATA to OpenTofu's internal/configs/testdata to run OpenTofu's load-time cases"
        );
        return;
    };
    let testdata = PathBuf::from(testdata);
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
