//! Data-driven parser tests, one test per case: every file under
//! `test_data/ok` and
//! `test_data/err` is parsed, its tree and errors are compared with the
//! `.txt` file next to it (`UPDATE_EXPECT=1` rewrites them), and its text is
//! checked to round-trip. Files under `ok` must have no errors, files under
//! `err` at least one. `test_data/expr` holds standalone expressions (as
//! `tofu console` reads them) and `test_data/template` standalone
//! templates (as `templatefile` reads them), each with `ok` and `err`.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::path::Path;

use tofu_syntax::{Parse, SourceKind, debug_dump, parse, parse_expression, parse_template};

/// Parses one case with `parse_case(text, file name)`.
fn check_case(
    path: &Path,
    expect_errors: bool,
    parse_case: impl Fn(&str, &str) -> Parse,
) -> datatest_stable::Result<()> {
    let text = std::fs::read_to_string(path)?;
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
    Ok(())
}

fn parse_file(text: &str, name: &str) -> Parse {
    parse(text, SourceKind::from_file_name(name))
}

fn parse_console_line(text: &str, _name: &str) -> Parse {
    parse_expression(text, "<console-input>")
}

fn ok(path: &Path) -> datatest_stable::Result<()> {
    check_case(path, false, parse_file)
}

fn err(path: &Path) -> datatest_stable::Result<()> {
    check_case(path, true, parse_file)
}

fn expression_ok(path: &Path) -> datatest_stable::Result<()> {
    check_case(path, false, parse_console_line)
}

fn expression_err(path: &Path) -> datatest_stable::Result<()> {
    check_case(path, true, parse_console_line)
}

fn template_ok(path: &Path) -> datatest_stable::Result<()> {
    check_case(path, false, parse_template)
}

fn template_err(path: &Path) -> datatest_stable::Result<()> {
    check_case(path, true, parse_template)
}

// Every file of each directory but the expectations (`NAME.txt`), under
// absolute roots, as `expect_file!` reads a relative path from this
// file's directory.
datatest_stable::harness! {
    { test = ok, root = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/ok"), pattern = r"^[^/]+(?<!\.txt)$" },
    { test = err, root = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/err"), pattern = r"^[^/]+(?<!\.txt)$" },
    { test = expression_ok, root = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/expr/ok"), pattern = r"^[^/]+(?<!\.txt)$" },
    { test = expression_err, root = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/expr/err"), pattern = r"^[^/]+(?<!\.txt)$" },
    { test = template_ok, root = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/template/ok"), pattern = r"^[^/]+(?<!\.txt)$" },
    { test = template_err, root = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/template/err"), pattern = r"^[^/]+(?<!\.txt)$" },
}
