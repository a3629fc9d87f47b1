//! Root variable values, one test per case: every directory under
//! `tests/variables/` is a root module with its tfvars files, an `args`
//! file (the options after `check --plan`, one argument per line) and an
//! optional `env` file (`TF_VAR_name=value` lines). Its `expected.txt`
//! holds the value each variable ends up with and where it came from,
//! then what `check --plan` prints in both formats (`UPDATE_EXPECT=1`
//! rewrites it).

use std::{fs, path::Path, process::Command};

use expect_test::expect_file;
use tofu_ide::semantic_db::{ValueOrigin, root_variable_values};
use tofu_ide::syntax::LineIndex;
use tofu_ide::types::render::render;
use tofu_ide::variable_inputs::{VariableInputs, VariableOption};
use tofu_ide::{check::CheckOptions, host::AnalysisHost};

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

fn lines(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .map(|text| text.lines().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// `TF_VAR_name=value` lines as (name, value) pairs.
fn environment(case: &Path) -> Vec<(String, String)> {
    lines(&case.join("env"))
        .into_iter()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (name, value) = line.split_once('=').expect("NAME=VALUE");
            (name.to_owned(), value.to_owned())
        })
        .collect()
}

/// The variable options among the arguments, in order, in each of the
/// forms the command accepts.
fn variable_options(args: &[String]) -> Vec<VariableOption> {
    let mut out = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let flag = arg.trim_start_matches('-');
        let (flag, value) = match flag.split_once('=') {
            Some((flag, value)) => (flag, Some(value.to_owned())),
            None => (flag, None),
        };
        let make: fn(String) -> VariableOption = match flag {
            "var" => VariableOption::Var,
            "var-file" => VariableOption::VarFile,
            _ => continue,
        };
        let value = value.or_else(|| args.next().cloned()).expect("a value");
        out.push(make(value));
    }
    out
}

/// Every variable's value and origin, as the library computes them.
fn values(case: &Path, args: &[String], environment: &[(String, String)]) -> String {
    let options = variable_options(args);
    let inputs = VariableInputs {
        options: &options,
        working_dir: case,
        environment,
    };
    let check = CheckOptions {
        variables: Some(inputs),
        ..CheckOptions::default()
    };
    let root = AnalysisHost::load(case, &check)
        .expect("the case is readable")
        .analysis()
        .console();
    let db = &root.db;
    let values = root_variable_values(db, root.inputs);
    let mut out = String::new();
    for (name, assigned) in &values.values {
        let origin = match &assigned.origin {
            ValueOrigin::Environment => format!("TF_VAR_{name}"),
            ValueOrigin::CommandLine { raw } => format!("-var {raw:?}"),
            ValueOrigin::File { file, range } => {
                let text = file.text(db);
                LineIndex::new(text).range_string(text, file.path(db), *range)
            }
        };
        out.push_str(&format!(
            "{name} = {}\n    from {origin}\n",
            render(&assigned.value).replace('\n', "\n    ")
        ));
    }
    if values.aborted {
        out.push_str("(collecting the values failed: OpenTofu stops here)\n");
    }
    out
}

fn run(case: &Path, args: &[&str], environment: &[(String, String)]) -> (i32, String, String) {
    let mut command = Command::new(BIN);
    command.args(args).current_dir(case).env_remove("NO_COLOR");
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("TF_VAR_") {
            command.env_remove(name);
        }
    }
    command.envs(environment.iter().map(|(n, v)| (n, v)));
    let output = command.output().expect("the binary runs");
    (
        output.status.code().expect("not killed by a signal"),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        normalize_time(&String::from_utf8(output.stderr).expect("stderr is UTF-8")),
    )
}

/// `checked 1 module (2 files) in 0.01s: ...` becomes `... in <time>: ...`.
fn normalize_time(stderr: &str) -> String {
    stderr
        .lines()
        .map(|line| match (line.find(" in "), line.find("s: ")) {
            (Some(start), Some(end)) if line.starts_with("checked ") && start < end => {
                format!("{} in <time>{}\n", &line[..start], &line[end + 1..])
            }
            _ => format!("{line}\n"),
        })
        .collect()
}

fn transcript(case: &Path) -> String {
    let args = lines(&case.join("args"));
    let environment = environment(case);
    let mut out = String::from("--- values\n");
    out.push_str(&values(case, &args, &environment));

    let mut human = vec!["check", "--plan", "-no-color"];
    human.extend(args.iter().map(String::as_str));
    let (code, stdout, stderr) = run(case, &human, &environment);
    out.push_str(&format!(
        "--- check --plan: exit {code}\n{stdout}--- stderr\n{stderr}"
    ));

    let mut json = vec!["check", "--plan", "-json"];
    json.extend(args.iter().map(String::as_str));
    let (json_code, stdout, stderr) = run(case, &json, &environment);
    assert_eq!(json_code, code, "both formats exit alike");
    assert_eq!(stderr, "", "nothing but JSON is written");
    out.push_str(&format!("--- check --plan -json\n{stdout}"));
    out
}

/// One case, named by its `args` file.
fn variable_case(args: &Path) -> datatest_stable::Result<()> {
    let case = args.parent().expect("a case directory");
    expect_file![case.join("expected.txt")].assert_eq(&transcript(case));
    Ok(())
}

/// Without `--plan`, as `tofu validate`, no value is read: broken tfvars
/// files and bad options are not even looked at.
fn validate_mode_reads_no_values(args: &Path) -> datatest_stable::Result<()> {
    let case = args.parent().expect("a case directory");
    let (code, stdout, _) = run(
        case,
        &["check", "-no-color", "-var", "novalue", "-var-file=missing"],
        &[],
    );
    assert_eq!((code, stdout.as_str()), (0, ""));
    Ok(())
}

/// Absolute, as `expect_file!` reads a relative path from this file's
/// directory.
const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variables");

datatest_stable::harness! {
    { test = variable_case, root = CASES, pattern = r"^[^/]+/args$" },
    { test = validate_mode_reads_no_values, root = CASES, pattern = r"^syntax-error/args$" },
}
