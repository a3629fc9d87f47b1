//! Data-driven parser tests: every file under `test_data/ok` and
//! `test_data/err` is parsed, its tree and errors are compared with the
//! `.txt` file next to it (`UPDATE_EXPECT=1` rewrites them), and its text is
//! checked to round-trip. Files under `ok` must have no errors, files under
//! `err` at least one.

use std::path::{Path, PathBuf};

use tofu_syntax::{SourceKind, debug_dump, parse};

fn cases(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext != "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no cases in {}", root.display());
    files
}

fn check_dir(dir: &str, expect_errors: bool) {
    for path in cases(dir) {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_str().unwrap();
        let parsed = parse(&text, SourceKind::from_file_name(name));
        assert_eq!(
            parsed.syntax().to_string(),
            text,
            "{name}: the tree must round-trip"
        );
        let has_errors = !parsed.errors().is_empty();
        assert_eq!(
            has_errors,
            expect_errors,
            "{name}: errors: {:#?}",
            parsed.errors()
        );
        let expected = path.with_file_name(format!("{name}.txt"));
        expect_test::expect_file![expected].assert_eq(&debug_dump(&parsed));
    }
}

#[test]
fn ok_cases() {
    check_dir("ok", false);
}

#[test]
fn err_cases() {
    check_dir("err", true);
}
