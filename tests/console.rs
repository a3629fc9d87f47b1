//! `console` over configurations, one test per case: every directory under
//! `tests/console/` is a root module (with any child modules and tfvars
//! files) and holds `input.txt` (the lines piped to `console`), optional
//! `args` (options after `console .`, one per line) and `env`
//! (`NAME=value` lines added to the environment). `expected.txt` holds
//! the exit status, stdout and stderr (`UPDATE_EXPECT=1` rewrites it).

use std::{
    fs,
    io::Write,
    path::Path,
    process::{Command, Stdio},
};

use expect_test::expect_file;

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

fn lines(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .map(|text| text.lines().map(str::to_owned).collect())
        .unwrap_or_default()
}

fn run_case(case: &Path) -> String {
    let mut command = Command::new(BIN);
    command
        .arg("console")
        .arg(".")
        .args(lines(&case.join("args")))
        .arg("-no-color")
        .current_dir(case)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, _) in std::env::vars() {
        if name.starts_with("TF_VAR_") {
            command.env_remove(name);
        }
    }
    for line in lines(&case.join("env")) {
        if let Some((name, value)) = line.split_once('=') {
            command.env(name, value);
        }
    }
    let mut child = command.spawn().expect("the binary runs");
    let input = fs::read_to_string(case.join("input.txt")).expect("input.txt");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("the binary finishes");
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().expect("not killed by a signal"),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

/// One case, named by its `input.txt`.
fn console_case(input: &Path) -> datatest_stable::Result<()> {
    let case = input.parent().expect("a case directory");
    expect_file![case.join("expected.txt")].assert_eq(&run_case(case));
    Ok(())
}

/// Absolute, as `expect_file!` reads a relative path from this file's
/// directory.
const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/console");

datatest_stable::harness! {
    { test = console_case, root = CASES, pattern = r"^[^/]+/input\.txt$" },
}
