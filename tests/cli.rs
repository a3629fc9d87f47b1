//! The `tofu-analyzer` binary on the trees under `tests/fixtures/`, compared
//! with the expectations under `tests/expected/` (`UPDATE_EXPECT=1` to
//! regenerate them).

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use expect_test::{ExpectFile, expect_file};

use tofu_gen_tree::write_tree;

#[path = "support/shared.rs"]
mod shared;

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// Exit code, stdout and stderr, with the time in the summary line
    /// replaced so that the text is the same on every run.
    fn transcript(&self) -> String {
        format!(
            "exit: {}\n--- stdout\n{}--- stderr\n{}",
            self.code,
            self.stdout,
            normalize_time(&self.stderr)
        )
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn analyzer_in(dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

fn analyzer(args: &[&str]) -> Run {
    analyzer_in(&fixtures(), args)
}

/// `checked 1 module (2 files) in 0.01s: ...` becomes `... in <time>: ...`.
fn normalize_time(stderr: &str) -> String {
    stderr
        .lines()
        .map(|line| {
            match (
                line.starts_with("checked "),
                line.find(" in "),
                line.find("s: "),
            ) {
                (true, Some(start), Some(end)) if start < end => {
                    format!("{} in <time>{}\n", &line[..start], &line[end + 1..])
                }
                _ => format!("{line}\n"),
            }
        })
        .collect()
}

/// Checks a fixture in both formats against its expectation files and
/// returns the JSON output for further assertions.
fn check_fixture(name: &str, code: i32, human: ExpectFile, json: ExpectFile) -> serde_json::Value {
    let run = analyzer(&["check", name]);
    human.assert_eq(&run.transcript());
    assert_eq!(run.code, code, "human exit code of {name}");

    let run = analyzer(&["check", name, "--format", "json"]);
    json.assert_eq(&run.stdout);
    assert_eq!(run.code, code, "JSON exit code of {name}");
    assert_eq!(run.stderr, "", "nothing but JSON is written");
    serde_json::from_str(&run.stdout).expect("the output is JSON")
}

fn error_count(json: &serde_json::Value) -> u64 {
    json["error_count"].as_u64().unwrap()
}

fn filenames(json: &serde_json::Value) -> Vec<&str> {
    let diagnostics = json["diagnostics"].as_array().unwrap();
    diagnostics
        .iter()
        .filter_map(|diagnostic| diagnostic["range"]["filename"].as_str())
        .collect()
}

#[test]
fn valid_tree() {
    let json = check_fixture(
        "valid",
        0,
        expect_file!["expected/valid.txt"],
        expect_file!["expected/valid.json"],
    );
    assert_eq!(json["valid"], true);
    assert_eq!(json["diagnostics"].as_array().unwrap().len(), 0);
}

#[test]
fn syntax_errors() {
    let json = check_fixture(
        "syntax-errors",
        1,
        expect_file!["expected/syntax-errors.txt"],
        expect_file!["expected/syntax-errors.json"],
    );
    assert_eq!(json["valid"], false);
    assert!(error_count(&json) >= 3);
    let files = filenames(&json);
    for file in ["broken.tf.json", "main.tf", "modules/app/main.tf"] {
        assert!(files.contains(&file), "{file} in {files:?}");
    }
    assert!(!files.contains(&"valid.tf"));
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "diagnostics are ordered by file");
}

#[test]
fn tofu_files_shadow_tf_files() {
    let json = check_fixture(
        "shadowing",
        0,
        expect_file!["expected/shadowing.txt"],
        expect_file!["expected/shadowing.json"],
    );
    // The shadowed files are broken; they must not have been parsed.
    assert_eq!(error_count(&json), 0);
}

#[test]
fn override_files_are_checked() {
    let json = check_fixture(
        "overrides",
        1,
        expect_file!["expected/overrides.txt"],
        expect_file!["expected/overrides.json"],
    );
    assert_eq!(filenames(&json), ["override.tf"]);
}

#[test]
fn editor_leftovers_and_variables_files_are_ignored() {
    let json = check_fixture(
        "leftovers",
        0,
        expect_file!["expected/leftovers.txt"],
        expect_file!["expected/leftovers.json"],
    );
    assert_eq!(error_count(&json), 0);
}

/// Test files are read as `tofu validate` reads them, and their syntax
/// errors reported; `main.tofutest.hcl` takes the place of
/// `main.tftest.hcl`.
#[test]
fn test_files_are_checked() {
    let json = check_fixture(
        "test_file_syntax",
        1,
        expect_file!["expected/test_file_syntax.txt"],
        expect_file!["expected/test_file_syntax.json"],
    );
    let mut files = filenames(&json);
    files.dedup();
    assert_eq!(files, ["main.tftest.json", "main.tofutest.hcl"]);
}

#[test]
fn hidden_and_terraform_directories_are_skipped() {
    let json = check_fixture(
        "hidden",
        0,
        expect_file!["expected/hidden.txt"],
        expect_file!["expected/hidden.json"],
    );
    assert_eq!(error_count(&json), 0);
}

#[test]
fn a_tree_without_configuration_is_a_warning() {
    let json = check_fixture(
        "no-config",
        0,
        expect_file!["expected/no-config.txt"],
        expect_file!["expected/no-config.json"],
    );
    assert_eq!(
        (json["valid"].as_bool(), json["warning_count"].as_u64()),
        (Some(true), Some(1))
    );
}

#[test]
fn summary_counts_modules_files_errors_and_warnings() {
    let run = analyzer(&["check", "syntax-errors"]);
    let summary = normalize_time(&run.stderr);
    assert!(
        summary.starts_with("checked 2 modules (4 files) in <time>: "),
        "{summary}"
    );
    assert!(summary.ends_with(" errors, 0 warnings\n"), "{summary}");
    assert!(!summary.contains(": 0 errors"), "{summary}");
}

#[test]
fn tofu_style_json_flag() {
    let long = analyzer(&["check", "syntax-errors", "--format=json"]);
    let tofu = analyzer(&["check", "-json", "syntax-errors"]);
    assert_eq!(tofu.code, 1);
    assert_eq!(tofu.stdout, long.stdout);
    assert!(
        tofu.stdout
            .starts_with("{\n  \"format_version\": \"1.0\",\n"),
        "{}",
        tofu.stdout
    );
}

#[test]
fn no_color_flags_are_accepted_everywhere() {
    let plain = analyzer(&["check", "syntax-errors"]);
    for args in [
        &["check", "-no-color", "syntax-errors"][..],
        &["check", "syntax-errors", "--no-color"],
        &["-no-color", "check", "syntax-errors"],
        &["--no-color", "check", "-json", "syntax-errors"],
    ] {
        let run = analyzer(args);
        assert_eq!(run.code, 1, "{args:?}");
        assert!(!run.stdout.contains('\u{1b}'), "{args:?}");
        if !args.contains(&"-json") {
            assert_eq!(run.stdout, plain.stdout, "{args:?}");
        }
    }
    let syntax = analyzer(&["syntax", "-no-color", "valid/variables.tf"]);
    assert_eq!(syntax.code, 0);
    assert_eq!(
        syntax.stdout,
        analyzer(&["syntax", "valid/variables.tf"]).stdout
    );
}

#[test]
fn output_is_not_coloured_off_a_terminal() {
    let run = analyzer(&["check", "syntax-errors"]);
    assert!(!run.stdout.contains('\u{1b}'));
    assert!(!run.stderr.contains('\u{1b}'));
}

#[test]
fn dir_defaults_to_the_current_directory() {
    let here = analyzer_in(&fixtures().join("syntax-errors"), &["check", "-json"]);
    let there = analyzer(&["check", "-json", "syntax-errors"]);
    assert_eq!(here.code, 1);
    assert_eq!(here.stdout, there.stdout);
}

#[test]
fn unreadable_dir_is_a_usage_failure() {
    let run = analyzer(&["check", "does-not-exist"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("error: cannot read does-not-exist: "),
        "{}",
        run.stderr
    );

    let json = analyzer(&["check", "-json", "does-not-exist"]);
    assert_eq!((json.code, json.stdout.as_str()), (2, ""));

    let file = analyzer(&["check", "valid/main.tf"]);
    assert_eq!(file.code, 2);
    assert_eq!(file.stderr, "error: valid/main.tf is not a directory\n");
}

#[test]
fn usage_errors_exit_with_2() {
    for args in [
        &["check", "--format", "xml"][..],
        &[],
        &["frobnicate"],
        &["check", "a", "b"],
    ] {
        let run = analyzer(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(!run.stderr.is_empty(), "{args:?}");
    }
    let help = analyzer(&["check", "--help"]);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("--format <FORMAT>"), "{}", help.stdout);
}

#[test]
fn syntax_prints_the_tree() {
    let run = analyzer(&["syntax", "valid/variables.tf"]);
    assert_eq!(run.code, 0);
    expect_file!["expected/syntax-variables.txt"].assert_eq(&run.stdout);

    let json = analyzer(&["syntax", "valid/outputs.tf.json"]);
    assert_eq!(json.code, 0);
    assert!(json.stdout.starts_with("JSON_FILE@"), "{}", json.stdout);
}

#[test]
fn syntax_prints_errors_with_positions_and_fails() {
    let run = analyzer(&["syntax", "syntax-errors/broken.tf.json"]);
    assert_eq!(run.code, 1);
    let errors: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("error "))
        .collect();
    expect_test::expect![[r#"
        [
            "error syntax-errors/broken.tf.json:3:11-3:12: Trailing comma in object: JSON does not permit a trailing comma after the final property in an object.",
        ]
    "#]]
    .assert_debug_eq(&errors);
}

#[test]
fn syntax_of_an_unreadable_file_exits_with_2() {
    for file in ["does-not-exist.tf", "valid"] {
        let run = analyzer(&["syntax", file]);
        assert_eq!(run.code, 2, "{file}");
        assert_eq!(run.stdout, "", "{file}");
        assert!(
            run.stderr
                .starts_with(&format!("error: cannot read {file}: ")),
            "{}",
            run.stderr
        );
    }
}

/// A scratch directory for trees that cannot be committed: bad encoding,
/// broken links, empty directories.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(listing(&path));
        } else {
            files.push((path.clone(), fs::read(&path).unwrap_or_default()));
        }
    }
    files.sort();
    files
}

#[test]
fn bad_encoding_and_unreadable_files_are_diagnostics() {
    let dir = scratch("awkward");
    fs::write(dir.join("main.tf"), b"locals {\n  name = \"caf\xe9\"\n}\n").unwrap();
    fs::create_dir(dir.join("sub")).unwrap();
    fs::write(dir.join("sub/ok.tf"), "locals {}\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("nowhere.tf", dir.join("sub/dangling.tf")).unwrap();
    let before = listing(&dir);

    let run = analyzer_in(&dir, &["check", "-json"]);
    assert_eq!(run.code, 1);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let diagnostics = json["diagnostics"].as_array().unwrap();

    let encoding = diagnostics
        .iter()
        .find(|d| d["summary"] == "Invalid character encoding")
        .expect("encoding error");
    assert_eq!(encoding["range"]["filename"], "main.tf");
    let range = &encoding["range"];
    assert_eq!(
        (
            &range["start"]["line"],
            &range["start"]["column"],
            &range["start"]["byte"]
        ),
        (&2.into(), &14.into(), &22.into())
    );
    assert_eq!(range["end"]["byte"], 23);
    assert_eq!(encoding["snippet"]["code"], "  name = \"caf\u{1a}\"");
    assert_eq!(encoding["snippet"]["context"], "locals");

    #[cfg(unix)]
    {
        let unreadable = diagnostics
            .iter()
            .find(|d| d["summary"] == "Failed to read file")
            .expect("read error");
        assert_eq!(unreadable["severity"], "error");
        assert!(
            unreadable["detail"]
                .as_str()
                .unwrap()
                .starts_with("The file \"sub/dangling.tf\" could not be read: ")
        );
        assert!(unreadable.get("range").is_none());
    }

    let human = analyzer_in(&dir, &["check"]);
    assert_eq!(human.code, 1);
    assert!(
        human.stdout.contains(
            "Error[invalid-character-encoding]: Invalid character encoding\n  ┌─ main.tf:2:14\n"
        ),
        "{}",
        human.stdout
    );

    assert_eq!(listing(&dir), before, "the tree is left as it was");
}

#[test]
fn an_empty_directory_is_a_warning() {
    let dir = scratch("empty");
    let run = analyzer_in(&dir, &["check"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        "Warning[no-configuration-files]: No configuration files\n = The directory . and its subdirectories contain no OpenTofu configuration files.\n\n"
    );
    assert_eq!(
        normalize_time(&run.stderr),
        "checked 0 modules (0 files) in <time>: 0 errors, 1 warning\n"
    );
}

fn console(dir: &Path, args: &[&str], input: &str) -> Run {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .arg("console")
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("the binary finishes");
    Run {
        code: output.status.code().expect("not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

#[test]
fn console_prints_each_value_on_stdout() {
    let run = console(
        &fixtures(),
        &[],
        "1 + \"2\"\n\n[for v in [1, 2]: v * 2]\n\"a\\nb\"\ntype({a = 1})\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "3\n[\n  2,\n  4,\n]\n<<EOT\na\nb\nEOT\nobject({\n    a: number,\n})\n"
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn console_stops_at_the_first_error_as_opentofu_does_with_piped_input() {
    let run = console(&fixtures(), &["-no-color"], "1 + 1\nupper([])\n2\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "2\n");
    let headers: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("Error: "))
        .collect();
    assert_eq!(headers, ["Error: Invalid function argument"]);
    assert!(
        run.stderr
            .contains("Invalid value for \"str\" parameter: string required")
    );
    assert!(!run.stderr.contains('\x1b'), "no colour off a terminal");
}

#[test]
fn console_joins_lines_while_brackets_are_open() {
    let run = console(&fixtures(), &[], "[\n  1,\n  2\n]\n1 + \\\n2\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "[\n  1,\n  2,\n]\n3\n");
}

#[test]
fn console_syntax_errors_fail() {
    let run = console(&fixtures(), &["-no-color"], "1 +\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with("\nError: Missing expression\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn console_stops_at_exit_and_reads_files_relative_to_dir() {
    let run = console(
        &fixtures(),
        &["console"],
        "trimspace(file(\"data.txt\"))\nexit\n1 +\n",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "\"greeting = hello\"\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn graph_prints_dot_with_references_and_module_calls() {
    let run = analyzer_in(&fixtures().join("parity/module_output_missing"), &["graph"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("digraph {\n"), "{}", run.stdout);
    for line in [
        "    \".:output.ok\" -> \".:module.network\";",
        "  \".:module.network\" -> \"network:module\" [style = dashed];",
        "    \"network:module\" [label = \"module network\", shape = box];",
    ] {
        assert!(
            run.stdout.lines().any(|l| l == line),
            "missing {line:?} in\n{}",
            run.stdout
        );
    }
}

#[test]
fn bench_scale_measures_generated_trees_of_each_size() {
    let dir = scratch("bench-scale");
    let run = analyzer_in(
        &dir,
        &["bench", "--scale", "3,7", "--rounds", "1", "--session", "2"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = run.stdout.lines().next().unwrap_or_default();
    let sizes: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(sizes, ["modules", "3", "7"], "{}", run.stdout);
    for row in ["load", "first report", "comment-at-top", "add-module-call"] {
        assert!(
            run.stdout.lines().any(|l| l.starts_with(row)),
            "{row}: {}",
            run.stdout
        );
    }
    assert!(
        run.stdout
            .contains("generated tree of 7 modules: 7 modules")
    );
    // Nothing is left in the working directory.
    assert!(listing(&dir).is_empty());
}

#[test]
fn graph_is_drawn_as_svg_or_html_with_cycles_in_red() {
    let dir = scratch("graph-picture");
    fs::write(
        dir.join("main.tf"),
        "variable \"v\" {\n  validation {\n    condition     = var.v != \"\"\n    error_message = \"Empty.\"\n  }\n}\nlocals {\n  a = local.b\n  b = local.a\n}\noutput \"x\" {\n  value = var.v\n}\n",
    )
    .unwrap();
    let dot = analyzer_in(&dir, &["graph"]);
    // The locals' cycle is red; a variable's validation referring to the
    // variable is no cycle.
    assert!(
        dot.stdout
            .contains("\".:local.a\" [label = \"local.a\", color = red];"),
        "{}",
        dot.stdout
    );
    assert!(
        dot.stdout.contains("\".:var.v\" [label = \"var.v\"];"),
        "{}",
        dot.stdout
    );
    let svg = analyzer_in(&dir, &["graph", "--format", "svg"]);
    assert_eq!(svg.code, 0, "{}", svg.stderr);
    assert!(svg.stdout.contains("<svg"), "{}", svg.stdout);
    for label in ["local.a", "local.b", "var.v", "output.x"] {
        assert!(svg.stdout.contains(label), "{label}");
    }
    assert!(svg.stdout.contains("#ff0000ff"), "{}", svg.stdout);
    let html = analyzer_in(&dir, &["graph", "--format", "html"]);
    assert_eq!(html.code, 0, "{}", html.stderr);
    assert!(html.stdout.starts_with("<!DOCTYPE html>"));
    assert!(html.stdout.contains("<svg") && !html.stdout.contains("<?xml"));
}

#[test]
fn a_graph_too_large_to_lay_out_is_drawn_as_modules() {
    let dir = scratch("graph-large");
    write_tree(&dir, 40).unwrap();
    let run = analyzer_in(&dir, &["graph", "--format", "svg"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("too many to lay out: drawn are the modules"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("module modules/m0039"),
        "{}",
        run.stdout
    );
}

#[test]
fn uninstalled_remote_modules_get_a_note_not_an_error() {
    let run = analyzer(&["check", "-no-color", "remote_module"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("Note[module-not-installed]: Module not installed\n"),
        "{}",
        run.stdout
    );
    let installed = analyzer(&["check", "-no-color", "remote_module_installed"]);
    assert_eq!((installed.code, installed.stdout.as_str()), (0, ""));
}

#[test]
fn notes_are_consolidated_counted_and_hidden_by_quiet() {
    let dir = scratch("many-uninstalled");
    let calls: String = (0..40)
        .map(|i| format!("module \"m{i}\" {{\n  source = \"acme/m{i}/aws\"\n}}\n"))
        .collect();
    fs::write(dir.join("main.tf"), calls).unwrap();
    let run = analyzer_in(&dir, &["check", "-no-color"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout
            .matches("Note[module-not-installed]: Module not installed")
            .count(),
        1,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("(and 39 more similar notes elsewhere)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.ends_with("0 errors, 0 warnings, 40 notes\n"),
        "{}",
        run.stderr
    );
    for quiet in ["-q", "--quiet", "-quiet"] {
        let run = analyzer_in(&dir, &["check", "-no-color", quiet]);
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (0, "", ""),
            "{quiet}"
        );
    }
    // The JSON output, OpenTofu's schema, has no notes to hide.
    let json = analyzer_in(&dir, &["check", "-json", "-q"]);
    assert_eq!(json.code, 0);
    assert!(json.stdout.contains("\"valid\": true"), "{}", json.stdout);
}

#[test]
fn human_output_filters_and_consolidates_warnings_as_opentofu_views_do() {
    let dir = fixtures().join("deprecation");
    let mut out = String::new();
    for flags in [
        &[][..],
        &["-consolidate-warnings=false"],
        &["-compact-warnings"],
        &["-deprecation=module:none"],
        &["-deprecation=module:local"],
    ] {
        let mut args = vec!["check", "-no-color"];
        args.extend_from_slice(flags);
        let run = analyzer_in(&dir, &args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        out.push_str(&format!("=== {}\n{}", flags.join(" "), run.stdout));
    }
    expect_test::expect_file!["expected/deprecation.txt"].assert_eq(&out);

    let bad = analyzer_in(&dir, &["check", "-deprecation=bogus"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr
            .contains("Expected -deprecation prefix \"module:\", got \"bogus\""),
        "{}",
        bad.stderr
    );
}

#[test]
fn excluded_paths_are_not_checked() {
    let dir = scratch("exclude");
    for (path, text) in [
        ("app/main.tf", "output \"x\" {\n  value = 1\n}\n"),
        (
            "test/fixtures/bad/main.tf",
            "output \"y\" {\n  value = local.nope\n}\n",
        ),
        ("old/main.tf", "output \"z\" {\n  value = local.nope\n}\n"),
    ] {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let all = analyzer_in(&dir, &["check", "-no-color"]);
    assert_eq!(all.code, 1);
    assert!(all.stderr.contains("3 modules"), "{}", all.stderr);
    let flag = analyzer_in(
        &dir,
        &[
            "check",
            "-no-color",
            "--exclude",
            "test/**",
            "--exclude=old",
        ],
    );
    assert_eq!(
        (flag.code, flag.stdout.as_str()),
        (0, ""),
        "{}",
        flag.stderr
    );
    assert!(flag.stderr.contains("1 module (1 file)"), "{}", flag.stderr);
    // The configuration file of the directory or a parent, and the flag
    // adds to it.
    fs::write(dir.join(".tofu-analyzer.hcl"), "exclude = [\"test/**\"]\n").unwrap();
    let config = analyzer_in(&dir.join("app"), &["check", "-no-color", ".."]);
    assert!(config.stderr.contains("2 modules"), "{}", config.stderr);
    let both = analyzer_in(&dir, &["check", "-no-color", "--exclude", "old/*.tf"]);
    assert_eq!(both.code, 0, "{}", both.stdout);
    // A broken configuration file is a usage error with its place.
    fs::write(dir.join("broken.hcl"), "exclude = [\"a\"]\nexclud = []\n").unwrap();
    let broken = analyzer_in(&dir, &["check", "-no-color", "--config", "broken.hcl"]);
    assert_eq!(broken.code, 2);
    assert!(
        broken
            .stderr
            .contains("Error[unsupported-argument]: Unsupported argument"),
        "{}",
        broken.stderr
    );
    assert!(
        broken.stderr.contains("broken.hcl:2:1"),
        "{}",
        broken.stderr
    );
}

#[test]
fn ignore_annotations_and_rules_decide_what_is_reported() {
    // Annotations ignore what they name on their line or the next, or in
    // the whole file; the unused, unknown and misplaced are warnings, here
    // made errors by a rule, and a rule disables the child's deprecation.
    let json = check_fixture(
        "ignores",
        1,
        expect_file!["expected/ignores.txt"],
        expect_file!["expected/ignores.json"],
    );
    assert_eq!(error_count(&json), 4);
    // The command line wins over the configuration.
    let run = analyzer(&[
        "check",
        "ignores",
        "-no-color",
        "--disable",
        "unused-ignore",
        "--disable=undeclared-local",
        "-disable=undeclared-variable",
        "--enable",
        "deprecated-variable",
    ]);
    let headers: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("Error") || l.starts_with("Warning"))
        .collect();
    assert_eq!(
        headers,
        [
            "Warning[unknown-code]: Unknown diagnostic code",
            "Warning[misplaced-ignore-annotation]: Misplaced ignore annotation",
            "Warning[deprecated-variable]: Variable marked as deprecated by the module author",
        ],
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0);
    // Warnings fail the check from `warning` on.
    for (minimum, code) in [("error", 0), ("warning", 1), ("note", 1)] {
        let run = analyzer(&[
            "check",
            "ignores",
            "--disable=unused-ignore,undeclared-local",
            "--disable=undeclared-local",
            "--disable=undeclared-variable",
            &format!("-minimum-failure-severity={minimum}"),
        ]);
        assert_eq!(run.code, code, "{minimum}: {}{}", run.stdout, run.stderr);
    }
    let bad = analyzer(&["check", "ignores", "--disable", "undeclard-variable"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("did you mean \"undeclared-variable\""),
        "{}",
        bad.stderr
    );
}

#[test]
fn a_rule_for_an_unknown_code_is_a_configuration_error() {
    let dir = scratch("unknown-rule");
    fs::write(dir.join("main.tf"), "locals {}\n").unwrap();
    fs::write(
        dir.join(".tofu-analyzer.hcl"),
        "rule \"undeclared-locals\" {\n  enabled = false\n}\nrule \"cycle\" {\n  severity = \"fatal\"\n}\n",
    )
    .unwrap();
    let run = analyzer_in(&dir, &["check", "-no-color"]);
    assert_eq!(run.code, 2);
    let stderr = run.stderr.replace(&dir.display().to_string(), "DIR");
    expect_test::expect![[r#"
        Error[unknown-code]: Unknown diagnostic code
          ┌─ DIR/.tofu-analyzer.hcl:1:6
          │
        1 │ rule "undeclared-locals" {
          │      ^^^^^^^^^^^^^^^^^^^ in rule "undeclared-locals"
          │
          = There is no diagnostic code named "undeclared-locals". Did you mean "undeclared-local"? `tofu-analyzer codes` lists them.

        Error[incorrect-attribute-value-type]: Incorrect attribute value type
          ┌─ DIR/.tofu-analyzer.hcl:5:3
          │
        5 │   severity = "fatal"
          │   ^^^^^^^^^^^^^^^^^^ in rule "cycle"
          │
          = Inappropriate value for attribute "severity": "error", "warning" or "note" is required.

    "#]].assert_eq(&stderr);
}

#[test]
fn codes_lists_every_code_with_its_description() {
    let run = analyzer(&["codes"]);
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), tofu_ide::diagnostic::Code::ALL.len());
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("undeclared-variable ") && l.ends_with('.')),
        "{}",
        run.stdout
    );
}

#[test]
fn a_module_that_fails_is_an_internal_error_and_the_rest_is_reported() {
    // The failure comes from a test hook that only debug builds have.
    if !cfg!(debug_assertions) {
        eprintln!("skipping: release builds have no failure hook");
        return;
    }
    let dir = scratch("internal-error");
    for (path, text) in [
        (
            "main.tf",
            "module \"b\" {\n  source = \"./b\"\n}\noutput \"z\" {\n  value = local.nope\n}\n",
        ),
        ("a/main.tf", "output \"x\" {\n  value = local.missing\n}\n"),
        (
            "b/tofu-analyzer-test-panic.tf",
            "output \"y\" {\n  value = 1\n}\n",
        ),
    ] {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    for plan in [false, true] {
        let args: &[&str] = if plan {
            &["check", "-no-color", "--plan"]
        } else {
            &["check", "-no-color"]
        };
        let run = analyzer_in(&dir, args);
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(
            run.stdout.starts_with(
                "Error[internal-error]: Internal error\n = The analysis of the module \"b\" failed: test hook"
            ),
            "{}",
            run.stdout
        );
        assert_eq!(
            run.stdout
                .matches("Reference to undeclared local value")
                .count(),
            2,
            "{}",
            run.stdout
        );
        // The panic is told by the diagnostic, not by the panic hook.
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

#[test]
fn github_format_annotates_each_diagnostic() {
    let run = analyzer(&["check", "syntax-errors", "--format", "github"]);
    assert_eq!(run.code, 1);
    assert!(!run.stdout.is_empty());
    for line in run.stdout.lines() {
        assert!(
            line.starts_with("::error file=syntax-errors/")
                && line.contains(",line=")
                && line.contains(",title="),
            "{line}"
        );
    }
    let json = analyzer(&["check", "syntax-errors", "-json"]);
    assert_eq!(
        run.stdout.lines().count() as u64,
        error_count(&serde_json::from_str(&json.stdout).unwrap())
    );
}

/// The formats for CI and review tools: `-format=NAME` is `--format NAME`,
/// nothing but the document is written, and the exit status is the
/// other formats'.
#[test]
fn ci_formats_take_both_spellings_and_keep_the_exit_status() {
    for format in ["sarif", "junit", "checkstyle"] {
        let long = analyzer(&["check", "syntax-errors", "--format", format]);
        let tofu = analyzer(&["check", &format!("-format={format}"), "syntax-errors"]);
        assert_eq!((long.code, tofu.code), (1, 1), "{format}");
        assert_eq!(long.stdout, tofu.stdout, "{format}");
        assert_eq!((long.stderr.as_str(), tofu.stderr.as_str()), ("", ""));
        let valid = analyzer(&["check", "valid", "--format", format]);
        assert_eq!(valid.code, 0, "{format}");
        let warned = analyzer(&["check", "no-config", &format!("-format={format}")]);
        assert_eq!(warned.code, 0, "{format}");
    }
}

fn sarif_validator() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sarif-schema-2.1.0.json");
    let mut schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).unwrap()).expect("the schema is JSON");
    // The schema's patterns for a `language` have a stray `]`, which is
    // no ECMA-262 regular expression, so the meta-schema rejects them when
    // formats are checked. The output never sets a language.
    let fixed = fix_language_patterns(&mut schema);
    assert_eq!(fixed, 2);
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
}

fn fix_language_patterns(schema: &mut serde_json::Value) -> usize {
    const BROKEN: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";
    match schema {
        serde_json::Value::Object(object) => object
            .iter_mut()
            .map(|(key, value)| {
                if key == "pattern" && value == BROKEN {
                    *value = "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into();
                    1
                } else {
                    fix_language_patterns(value)
                }
            })
            .sum(),
        serde_json::Value::Array(values) => values.iter_mut().map(fix_language_patterns).sum(),
        _ => 0,
    }
}

fn schema_errors(validator: &jsonschema::Validator, sarif: &serde_json::Value) -> Vec<String> {
    validator
        .iter_errors(sarif)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect()
}

/// The SARIF of every published module of the shared corpus, in both
/// modes, is valid SARIF 2.1.0 that GitHub code scanning takes: every
/// result has a place.
#[test]
fn sarif_of_the_corpus_is_valid() {
    let Some(corpus) = shared::shared_data("corpus") else {
        return;
    };
    let validator = sarif_validator();
    for extra in [&[][..], &["--plan"][..]] {
        let mut args = vec!["check", corpus.to_str().unwrap(), "--format", "sarif"];
        args.extend(extra);
        let run = analyzer(&args);
        let sarif: serde_json::Value = serde_json::from_str(&run.stdout).expect("SARIF is JSON");
        let errors = schema_errors(&validator, &sarif);
        assert!(errors.is_empty(), "{extra:?}: {errors:#?}");
        for result in sarif["runs"][0]["results"].as_array().unwrap() {
            assert!(
                result["locations"][0]["physicalLocation"].is_object(),
                "{result}"
            );
        }
    }
}

/// Real checks with errors, warnings and a diagnostic that points at no
/// file, validated against OASIS's SARIF 2.1.0 schema.
#[test]
fn sarif_is_valid_against_the_sarif_schema() {
    let validator = sarif_validator();
    let empty = scratch("sarif-empty");
    let runs = [
        analyzer(&["check", "syntax-errors", "--format", "sarif"]),
        analyzer(&["check", "deprecation", "--format", "sarif"]),
        analyzer(&["check", "overrides", "--format", "sarif"]),
        analyzer(&["check", "valid", "--format", "sarif"]),
        analyzer_in(&empty, &["check", "--format", "sarif"]),
    ];
    let mut levels = std::collections::BTreeSet::new();
    let mut sourceless = 0;
    for run in &runs {
        let sarif: serde_json::Value = serde_json::from_str(&run.stdout).expect("SARIF is JSON");
        let errors = schema_errors(&validator, &sarif);
        assert!(errors.is_empty(), "{errors:#?}\n{}", run.stdout);
        let sarif_run = &sarif["runs"][0];
        for result in sarif_run["results"].as_array().unwrap() {
            levels.insert(result["level"].as_str().unwrap().to_owned());
            let index = result["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(
                sarif_run["tool"]["driver"]["rules"][index]["id"],
                result["ruleId"]
            );
            // GitHub code scanning takes no result without a location.
            let locations = result["locations"]
                .as_array()
                .expect("a result has a place");
            let uri = &locations[0]["physicalLocation"]["artifactLocation"]["uri"];
            assert!(!uri.as_str().unwrap().starts_with("./"), "{uri}");
        }
        let invocation = &sarif_run["invocations"][0];
        assert_eq!(invocation["executionSuccessful"], true);
        if let Some(notifications) = invocation["toolExecutionNotifications"].as_array() {
            sourceless += notifications.len();
        }
    }
    assert!(
        levels.contains("error") && levels.contains("warning"),
        "{levels:?}"
    );
    assert!(sourceless > 0);

    // The validation is not vacuous.
    let mut broken: serde_json::Value = serde_json::from_str(&runs[0].stdout).unwrap();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!schema_errors(&validator, &broken).is_empty());
}

#[test]
fn sarif_of_a_small_tree() {
    let run = analyzer(&["check", "overrides", "--format", "sarif"]);
    expect_file!["expected/overrides.sarif"]
        .assert_eq(&run.stdout.replace(env!("CARGO_PKG_VERSION"), "<version>"));
}

/// Each element named `name` in an XML document, as its attributes
/// (unescaped), checking on the way that the document is well formed.
fn xml_elements(text: &str, name: &str) -> Vec<Vec<(String, String)>> {
    use quick_xml::{XmlVersion, events::Event, reader::Reader};
    let mut reader = Reader::from_str(text);
    let mut elements = Vec::new();
    let mut depth = 0;
    loop {
        let element = match reader.read_event().expect("well-formed XML") {
            Event::Start(element) => {
                depth += 1;
                element
            }
            Event::Empty(element) => element,
            Event::End(_) => {
                depth -= 1;
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        if element.name().as_ref() == name {
            let attributes = element
                .attributes()
                .map(|attribute| {
                    let attribute = attribute.expect("well-formed attribute");
                    let value = attribute
                        .normalized_value(XmlVersion::Explicit1_0)
                        .expect("well-formed value");
                    (attribute.key.as_ref().to_owned(), value.into_owned())
                })
                .collect();
            elements.push(attributes);
        }
    }
    assert_eq!(depth, 0, "every element is closed");
    elements
}

fn attribute<'a>(element: &'a [(String, String)], name: &str) -> &'a str {
    element
        .iter()
        .find(|(key, _)| key == name)
        .map_or_else(|| panic!("no {name} in {element:?}"), |(_, value)| value)
}

/// Every diagnostic of a SARIF log, results and notifications, in order:
/// its code and, for a result, its file.
fn sarif_diagnostics(sarif: &serde_json::Value) -> Vec<(String, Option<String>)> {
    let run = &sarif["runs"][0];
    let results = run["results"].as_array().unwrap().iter().map(|r| {
        let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .map(str::to_owned);
        (r["ruleId"].as_str().unwrap().to_owned(), uri)
    });
    let notifications = run["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|n| (n["associatedRule"]["id"].as_str().unwrap().to_owned(), None));
    results.chain(notifications).collect()
}

/// A test case per diagnostic, the same diagnostics SARIF has, with the
/// files named as the `github` format names them.
#[test]
fn junit_has_a_test_case_per_diagnostic() {
    for (tree, code) in [("syntax-errors", 1), ("deprecation", 0), ("no-config", 0)] {
        let junit = analyzer(&["check", tree, "--format", "junit"]);
        assert_eq!(junit.code, code, "{tree}");
        let sarif = analyzer(&["check", tree, "--format", "sarif"]);
        let sarif: serde_json::Value = serde_json::from_str(&sarif.stdout).unwrap();
        let mut found = sarif_diagnostics(&sarif);
        let mut cases: Vec<(String, String)> = xml_elements(&junit.stdout, "testcase")
            .iter()
            .map(|case| {
                let name = attribute(case, "name").to_owned();
                (name, attribute(case, "classname").to_owned())
            })
            .collect();
        assert_eq!(cases.len(), found.len(), "{}", junit.stdout);
        cases.sort();
        found.sort();
        for ((name, classname), (code, uri)) in cases.iter().zip(&found) {
            assert_eq!(name, code, "{tree}");
            if let Some(uri) = uri {
                assert_eq!(classname, uri);
                assert!(classname.starts_with(&format!("{tree}/")));
            }
        }
        let suites = xml_elements(&junit.stdout, "testsuite");
        assert_eq!(attribute(&suites[0], "tests"), cases.len().to_string());
    }
    expect_file!["expected/syntax-errors.junit.xml"]
        .assert_eq(&analyzer(&["check", "syntax-errors", "--format", "junit"]).stdout);
}

/// An `error` element per diagnostic, under its file.
#[test]
fn checkstyle_has_an_error_per_diagnostic() {
    for (tree, code) in [("syntax-errors", 1), ("deprecation", 0), ("no-config", 0)] {
        let checkstyle = analyzer(&["check", tree, "--format", "checkstyle"]);
        assert_eq!(checkstyle.code, code, "{tree}");
        let sarif = analyzer(&["check", tree, "--format", "sarif"]);
        let sarif: serde_json::Value = serde_json::from_str(&sarif.stdout).unwrap();
        let found = sarif_diagnostics(&sarif);
        let errors = xml_elements(&checkstyle.stdout, "error");
        assert_eq!(errors.len(), found.len(), "{}", checkstyle.stdout);
        let mut sources: Vec<&str> = errors.iter().map(|e| attribute(e, "source")).collect();
        let mut rules: Vec<&str> = found.iter().map(|(code, _)| code.as_str()).collect();
        sources.sort_unstable();
        rules.sort_unstable();
        assert_eq!(sources, rules, "{tree}");
        for file in xml_elements(&checkstyle.stdout, "file") {
            let name = attribute(&file, "name");
            assert!(
                name == tree || name.starts_with(&format!("{tree}/")),
                "{name}"
            );
        }
    }
    expect_file!["expected/syntax-errors.checkstyle.xml"]
        .assert_eq(&analyzer(&["check", "syntax-errors", "--format", "checkstyle"]).stdout);
}

/// `--provider-schemas` checks resources and provider configurations
/// against a schema document; a provider it lacks gets one note, a file
/// that cannot be read one error.
#[test]
fn provider_schemas_check_resources() {
    let run = analyzer(&[
        "check",
        "provider_schemas",
        "--provider-schemas",
        "provider_schemas/schemas/demo.json",
        "--provider-schemas",
        "provider_schemas/schemas/missing.json",
        "--no-color",
    ]);
    expect_file!["expected/provider_schemas.txt"].assert_eq(&run.transcript());
    assert_eq!(run.code, 1);
    // Without schemas, nothing is checked against one.
    let run = analyzer(&["check", "provider_schemas", "--no-color"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// The configuration file's `provider_schemas` are relative to its
/// directory, and give the same diagnostics as the flag.
#[test]
fn provider_schemas_from_the_configuration_file() {
    let from_config = analyzer(&[
        "check",
        "provider_schemas",
        "--format",
        "json",
        "--config",
        "provider_schemas.tofu-analyzer.hcl",
    ]);
    let from_flag = analyzer(&[
        "check",
        "provider_schemas",
        "--format",
        "json",
        "--provider-schemas",
        "provider_schemas/schemas/demo.json",
    ]);
    assert_eq!(from_config.code, 1);
    assert_eq!(from_config.stdout, from_flag.stdout);
}

/// The configuration file's `var_files` are read under `--plan` before
/// the command line's `-var-file`s and `-var`s, which win.
#[test]
fn var_files_from_the_configuration_file() {
    let run = analyzer(&["check", "config_var_files", "--plan", "--no-color"]);
    assert_eq!(run.code, 1, "{}", run.transcript());
    assert!(run.stdout.contains("var.replicas is 5"), "{}", run.stdout);
    let run = analyzer(&["check", "config_var_files", "--plan", "-var", "replicas=2"]);
    assert_eq!(run.code, 0, "{}", run.transcript());
    // Without --plan the values are only read, not checked.
    let run = analyzer(&["check", "config_var_files"]);
    assert_eq!(run.code, 0, "{}", run.transcript());
}

#[test]
fn lints_are_off_until_enabled_by_flag_or_configuration() {
    let dir = scratch("lints");
    fs::write(
        dir.join("main.tf"),
        "variable \"untyped\" {}\nlocals {\n  x = \"${var.untyped}\"\n}\n",
    )
    .unwrap();
    let headers = |run: &Run| -> Vec<String> {
        run.stdout
            .lines()
            .filter(|l| l.starts_with("Warning") || l.starts_with("Error"))
            .map(str::to_owned)
            .collect()
    };
    let off = analyzer_in(&dir, &["check", "-no-color"]);
    assert_eq!(headers(&off), Vec::<String>::new(), "{}", off.stdout);
    // One lint by code, a preset, and --disable winning over both.
    let one = analyzer_in(&dir, &["check", "-no-color", "--lint", "untyped-variable"]);
    assert_eq!(
        headers(&one),
        ["Warning[untyped-variable]: Variable without a type"],
        "{}",
        one.stdout
    );
    assert_eq!(one.code, 0);
    let preset = analyzer_in(
        &dir,
        &[
            "check",
            "-no-color",
            "-lint=recommended",
            "--disable",
            "missing-required-version",
        ],
    );
    assert_eq!(
        headers(&preset),
        [
            "Warning[deprecated-interpolation]: Interpolation-only expression",
            "Warning[untyped-variable]: Variable without a type",
            "Warning[unused-declaration]: Unused declaration",
        ],
        "{}",
        preset.stdout
    );
    // The configuration file's `lints`, and a rule that turns one off.
    fs::write(
        dir.join(".tofu-analyzer.hcl"),
        "lints = [\"recommended\"]\nrule \"unused-declaration\" {\n  enabled = false\n}\n",
    )
    .unwrap();
    let configured = analyzer_in(&dir, &["check", "-no-color"]);
    assert_eq!(
        headers(&configured),
        [
            "Warning[deprecated-interpolation]: Interpolation-only expression",
            "Warning[untyped-variable]: Variable without a type",
            "Warning[missing-required-version]: Missing required_version",
        ],
        "{}",
        configured.stdout
    );
    // Unknown names: the flag is a usage error, the file a configuration
    // error with its place.
    let bad_flag = analyzer_in(&dir, &["check", "--lint", "recomended"]);
    assert_eq!(bad_flag.code, 2);
    assert!(
        bad_flag.stderr.contains("Did you mean \"recommended\""),
        "{}",
        bad_flag.stderr
    );
    fs::write(
        dir.join(".tofu-analyzer.hcl"),
        "lints = [\"untyped-variables\"]\n",
    )
    .unwrap();
    let bad_file = analyzer_in(&dir, &["check", "-no-color"]);
    assert_eq!(bad_file.code, 2);
    assert!(
        bad_file.stderr.contains(".tofu-analyzer.hcl:1:10"),
        "{}",
        bad_file.stderr
    );
    assert!(
        bad_file
            .stderr
            .contains("Did you mean \"untyped-variable\""),
        "{}",
        bad_file.stderr
    );
}

#[test]
fn bench_measures_standard_edits_and_compares_with_a_baseline() {
    let dir = scratch("bench");
    write_tree(&dir, 12).unwrap();
    let before = listing(&dir);
    let run = analyzer_in(
        &dir,
        &["bench", "--rounds", "1", "--session", "4", "--json"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let names: Vec<&str> = report["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    for kind in [
        "comment-at-top",
        "root-variable-default",
        "called-variable-type",
        "add-output",
        "rename-local",
        "syntax-error",
        "add-module-call",
    ] {
        assert!(names.contains(&kind), "{kind}: {names:?}\n{}", run.stderr);
    }
    assert_eq!(report["edits"][0]["warm"]["samples"], 2);
    for edit in report["edits"].as_array().unwrap() {
        assert!(edit["queries"]["total"].as_u64().unwrap() > 0, "{edit}");
    }
    assert!(report["first_report_ms"].as_f64().unwrap() > 0.0);
    // Nothing was written to the tree.
    assert_eq!(listing(&dir), before);

    // A baseline far faster than now: every edit regressed, exit 1.
    let mut fast = report.clone();
    for edit in fast["edits"].as_array_mut().unwrap() {
        edit["warm"]["median_ms"] = serde_json::json!(0.0);
    }
    fs::write(dir.join("../bench-baseline.json"), fast.to_string()).unwrap();
    let compared = analyzer_in(
        &dir,
        &[
            "bench",
            "--rounds",
            "1",
            "--session",
            "0",
            "--baseline",
            "../bench-baseline.json",
            "--threshold",
            "10",
        ],
    );
    assert_eq!(compared.code, 1, "{}{}", compared.stdout, compared.stderr);
    assert!(
        compared.stderr.contains("regression: "),
        "{}",
        compared.stderr
    );
    assert!(compared.stdout.contains("baseline"), "{}", compared.stdout);

    // Edits of one's own.
    fs::write(
        dir.join("../bench-edits.hcl"),
        "edit \"default\" {\n  file    = \"variables.tf\"\n  find    = \"bench\"\n  replace = \"other\"\n}\n",
    )
    .unwrap();
    let own = analyzer_in(
        &dir,
        &[
            "bench",
            "--rounds",
            "1",
            "--session",
            "0",
            "--edits",
            "../bench-edits.hcl",
        ],
    );
    assert_eq!(own.code, 0, "{}", own.stderr);
    assert!(own.stdout.contains("default "), "{}", own.stdout);
    fs::write(
        dir.join("../bench-edits.hcl"),
        "edit \"x\" {\n  file    = \"variables.tf\"\n  find    = \"not there\"\n  replace = \"y\"\n}\n",
    )
    .unwrap();
    let bad = analyzer_in(&dir, &["bench", "--edits", "../bench-edits.hcl"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("does not contain"), "{}", bad.stderr);
}
