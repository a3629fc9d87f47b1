//! The formatter over the shared corpus of published modules, as
//! published and scrambled (indentation and alignment removed), and
//! against `tofu fmt` or `terraform fmt` where one is on PATH.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

#[path = "../../../tests/support/shared.rs"]
mod shared;
mod support;

use support::{scramble, significant};

/// The corpus files, or `None` (with a message) where the shared data is
/// missing; under CI that is a failure, not a skip.
fn corpus_files() -> Option<Vec<(PathBuf, String)>> {
    let dir = shared::shared_data("corpus")?;
    let mut files = Vec::new();
    collect(&dir, &mut files);
    assert!(
        files.len() > 300,
        "expected the whole corpus, found {}",
        files.len()
    );
    Some(
        files
            .into_iter()
            .map(|path| {
                let text = std::fs::read_to_string(&path).unwrap();
                (path, text)
            })
            .collect(),
    )
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            collect(&path, out);
        } else if tofu_fmt::EXTENSIONS.iter().any(|ext| name.ends_with(ext)) {
            out.push(path);
        }
    }
}

#[test]
fn corpus_is_a_fixed_point_and_scrambling_is_undone() {
    let Some(files) = corpus_files() else { return };
    let mut scrambled_changed = 0;
    for (path, text) in &files {
        let formatted = tofu_fmt::format(text)
            .unwrap_or_else(|errors| panic!("{}: {errors:?}", path.display()));
        // The published modules are formatted (`terraform fmt` changes none
        // of them), so formatting leaves them as they are.
        assert!(
            formatted == *text,
            "{}: changed\n{}",
            path.display(),
            tofu_fmt::unified_diff(text, &formatted, "file")
        );
        let scrambled = scramble(text);
        if scrambled != *text {
            scrambled_changed += 1;
        }
        let unscrambled = tofu_fmt::format(&scrambled)
            .unwrap_or_else(|errors| panic!("{} scrambled: {errors:?}", path.display()));
        assert!(
            unscrambled == *text,
            "{}: scrambled, formats differently\n{}",
            path.display(),
            tofu_fmt::unified_diff(text, &unscrambled, "file")
        );
        assert_eq!(
            significant(&unscrambled),
            significant(&scrambled),
            "{}: formatting changed more than whitespace",
            path.display()
        );
    }
    // The scrambling must have had something to undo.
    assert!(scrambled_changed > files.len() / 2, "{scrambled_changed}");
}

/// `tofu` or `terraform`, whichever is on PATH.
fn reference_formatter() -> Option<&'static str> {
    ["tofu", "terraform"].into_iter().find(|program| {
        Command::new(program)
            .arg("version")
            .output()
            .is_ok_and(|output| output.status.success())
    })
}

#[test]
fn corpus_formats_as_the_reference_formatter_does() {
    let Some(program) = reference_formatter() else {
        eprintln!("skipping: neither tofu nor terraform is on PATH");
        return;
    };
    let Some(files) = corpus_files() else { return };
    let work = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    for (index, (path, text)) in files.iter().enumerate() {
        for (variant, input) in [("published", text.clone()), ("scrambled", scramble(text))] {
            let name = path.file_name().unwrap().to_string_lossy();
            let copy = work.path().join(format!("{index}-{variant}-{name}"));
            std::fs::write(&copy, &input).unwrap();
            cases.push((path.clone(), variant, input, copy));
        }
    }
    let status = Command::new(program)
        .args(["fmt", "-list=false"])
        .arg(work.path())
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .status()
        .unwrap();
    assert!(status.success(), "{program} fmt failed");
    let mut differing = Vec::new();
    for (path, variant, input, copy) in &cases {
        let expected = std::fs::read_to_string(copy).unwrap();
        let ours = tofu_fmt::format(input).unwrap();
        if ours != expected {
            differing.push(format!(
                "{} ({variant}):\n{}",
                path.display(),
                tofu_fmt::unified_diff(&expected, &ours, "file")
            ));
        }
    }
    assert!(
        differing.is_empty(),
        "{} of {} files differ from {program} fmt:\n{}",
        differing.len(),
        cases.len(),
        differing.join("\n")
    );
    eprintln!(
        "{} files formatted as {program} fmt formats them",
        cases.len()
    );
}
