//! Every configuration file of the shared corpus of published modules
//! parses without a syntax error and round-trips exactly.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::path::{Path, PathBuf};

use tofu_syntax::{SourceKind, parse_named};

#[path = "../../../tests/support/shared.rs"]
mod shared;

fn hcl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            hcl_files(&path, out);
        } else if [
            ".tf",
            ".tofu",
            ".tfvars",
            ".hcl",
            ".tf.json",
            ".tfvars.json",
        ]
        .iter()
        .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

#[test]
fn corpus_parses_without_errors() {
    let Some(dir) = shared::shared_data("corpus") else {
        return;
    };
    let mut files = Vec::new();
    hcl_files(&dir, &mut files);
    assert!(
        files.len() > 100,
        "expected the whole corpus, found {} files",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let parse = parse_named(&text, SourceKind::from_file_name(&name), &name);
        assert_eq!(
            parse.syntax().to_string(),
            text,
            "{}: round trip",
            path.display()
        );
        for error in parse.errors() {
            failures.push(format!(
                "{}: {:?}: {}",
                path.display(),
                error.range().unwrap(),
                error.summary
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "syntax errors in the corpus:\n{}",
        failures.join("\n")
    );
    eprintln!("{} corpus files parsed without errors", files.len());
}
