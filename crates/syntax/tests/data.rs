//! Data-driven parser tests: every file under `test_data/ok` and
//! `test_data/err` is parsed, its tree and errors are compared with the
//! `.txt` file next to it (`UPDATE_EXPECT=1` rewrites them), and its text is
//! checked to round-trip. Files under `ok` must have no errors, files under
//! `err` at least one. `test_data/expr` holds standalone expressions (as
//! `tofu console` reads them) and `test_data/template` standalone
//! templates (as `templatefile` reads them), each with `ok` and `err`.

use std::path::{Path, PathBuf};

use tofu_syntax::{Parse, SourceKind, debug_dump, parse, parse_expression, parse_template};

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

/// Parses each case of `dir` with `parse_case(text, file name)`.
fn check_dir(dir: &str, expect_errors: bool, parse_case: impl Fn(&str, &str) -> Parse) {
    for path in cases(dir) {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_str().unwrap();
        let parsed = parse_case(&text, name);
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

fn parse_file(text: &str, name: &str) -> Parse {
    parse(text, SourceKind::from_file_name(name))
}

fn parse_console_line(text: &str, _name: &str) -> Parse {
    parse_expression(text, "<console-input>")
}

#[test]
fn ok_cases() {
    check_dir("ok", false, parse_file);
}

#[test]
fn err_cases() {
    check_dir("err", true, parse_file);
}

#[test]
fn expression_ok_cases() {
    check_dir("expr/ok", false, parse_console_line);
}

#[test]
fn expression_err_cases() {
    check_dir("expr/err", true, parse_console_line);
}

#[test]
fn template_ok_cases() {
    check_dir("template/ok", false, parse_template);
}

#[test]
fn template_err_cases() {
    check_dir("template/err", true, parse_template);
}
