//! Expected diagnostics as annotations, and the comparison of what a
//! check reports with them (see `tests/diagnostics.rs` for the format).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use tofu_ide::check::CheckReport;
use tofu_ide::diagnostic::Severity;

/// One expected or actual diagnostic: file, line, severity and summary
/// (file and line are `-` and 0 without a place).
pub type Key = (String, usize, &'static str, String);

/// The directories right under `dir`, in name order.
pub fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
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
pub fn files_below(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
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

/// The `# ERROR: ...` / `# WARNING: ...` annotations of one line.
pub fn line_annotations(line: &str) -> Vec<(&'static str, String)> {
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
pub fn actual(report: &CheckReport) -> Vec<(Key, String)> {
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
pub fn compare(case: &Path, expected: &[Key], actual: Vec<(Key, String)>) -> Option<String> {
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
