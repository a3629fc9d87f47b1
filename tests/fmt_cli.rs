//! `tofu-analyzer fmt` as a user runs it, on trees made for each test (it
//! writes files, so the shared fixtures are not used).

use std::{
    fs,
    io::Write,
    os::unix::fs::PermissionsExt,
    path::Path,
    process::{Command, Stdio},
};

use expect_test::{Expect, expect};

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

/// A tree with formatted, unformatted, broken and ignored files.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        (
            "main.tf",
            "a=1\nresource aws_instance web {\nami=\"${var.ami}\"\n}\n",
        ),
        ("formatted.tf", "b = 2\n"),
        ("vars.tfvars", "region=\"x\"\n"),
        ("json.tf.json", "{\"a\":  1}"),
        ("notes.txt", "x=1\n"),
        ("sub/child.tofu", "c  =  3\n"),
        ("sub/deeper/d.tftest.hcl", "run \"x\" {\ncommand=plan\n}\n"),
        (".hidden/h.tf", "d=4\n"),
        ("sub/.terraform/modules/m.tf", "e=5\n"),
        ("main.tf~", "f=6\n"),
    ];
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> String {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    let output = child.wait_with_output().unwrap();
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap()
    )
}

fn read(dir: &Path, path: &str) -> String {
    fs::read_to_string(dir.join(path)).unwrap()
}

fn assert_run(dir: &Path, args: &[&str], expect: Expect) {
    expect.assert_eq(&run(dir, args, None));
}

#[test]
fn check_lists_what_would_change_and_changes_nothing() {
    let dir = tree();
    let before = read(dir.path(), "main.tf");
    assert_run(
        dir.path(),
        &["fmt", "-check"],
        expect![[r#"
            exit: 3
            --- stdout
            main.tf
            vars.tfvars
            --- stderr
        "#]],
    );
    assert_eq!(read(dir.path(), "main.tf"), before);
    assert_run(
        dir.path(),
        &["fmt", "--check", "--list=false", "-recursive"],
        expect![[r#"
            exit: 3
            --- stdout
            --- stderr
        "#]],
    );
    assert_run(
        dir.path(),
        &["fmt", "-check", "formatted.tf"],
        expect![[r#"
            exit: 0
            --- stdout
            --- stderr
        "#]],
    );
}

#[test]
fn writes_what_changes_in_place_and_then_has_nothing_to_do() {
    let dir = tree();
    let main = dir.path().join("main.tf");
    fs::set_permissions(&main, fs::Permissions::from_mode(0o600)).unwrap();
    assert_run(
        dir.path(),
        &["fmt", "-recursive"],
        expect![[r#"
            exit: 0
            --- stdout
            main.tf
            sub/child.tofu
            sub/deeper/d.tftest.hcl
            vars.tfvars
            --- stderr
        "#]],
    );
    assert_eq!(
        read(dir.path(), "main.tf"),
        "a = 1\nresource \"aws_instance\" \"web\" {\n  ami = var.ami\n}\n"
    );
    assert_eq!(
        fs::metadata(&main).unwrap().permissions().mode() & 0o777,
        0o600
    );
    // JSON, other extensions, hidden directories and editor leftovers are
    // not touched.
    assert_eq!(read(dir.path(), "json.tf.json"), "{\"a\":  1}");
    assert_eq!(read(dir.path(), ".hidden/h.tf"), "d=4\n");
    assert_eq!(read(dir.path(), "sub/.terraform/modules/m.tf"), "e=5\n");
    assert_eq!(read(dir.path(), "main.tf~"), "f=6\n");
    assert_run(
        dir.path(),
        &["fmt", "-recursive", "-check"],
        expect![[r#"
            exit: 0
            --- stdout
            --- stderr
        "#]],
    );
}

#[test]
fn diff_without_writing() {
    let dir = tree();
    assert_run(
        dir.path(),
        &["fmt", "-diff", "-write=false", "-list=false", "main.tf"],
        expect![[r#"
            exit: 0
            --- stdout
            --- old/main.tf
            +++ new/main.tf
            @@ -1,4 +1,4 @@
            -a=1
            -resource aws_instance web {
            -ami="${var.ami}"
            +a = 1
            +resource "aws_instance" "web" {
            +  ami = var.ami
             }
            --- stderr
        "#]],
    );
    assert_eq!(
        read(dir.path(), "main.tf"),
        "a=1\nresource aws_instance web {\nami=\"${var.ami}\"\n}\n"
    );
}

#[test]
fn standard_input_goes_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    expect![[r#"
        exit: 0
        --- stdout
        x   = 1
        yyy = "${a}b"
        --- stderr
    "#]]
    .assert_eq(&run(
        dir.path(),
        &["fmt", "-"],
        Some("x=1\nyyy=\"${a}b\"\n"),
    ));
    // `-check` on standard input says by its exit status alone.
    expect![[r#"
        exit: 3
        --- stdout
        --- stderr
    "#]]
    .assert_eq(&run(
        dir.path(),
        &["fmt", "-check", "-"],
        Some("  foo  =  \"bar\"\n"),
    ));
    expect![[r#"
        exit: 0
        --- stdout
        --- stderr
    "#]]
    .assert_eq(&run(
        dir.path(),
        &["fmt", "-check", "-"],
        Some("foo = \"bar\"\n"),
    ));
    expect![[r#"
        exit: 2
        --- stdout
        --- stderr
        Error[invalid-single-argument-block-definition]: Invalid single-argument block definition
          ┌─ <stdin>:1:10
          │  
        1 │   b { x = 1
          │ ╭─────────^
        2 │ │ 
          │ ╰^ in b
          │  
          = An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.

    "#]]
    .assert_eq(&run(dir.path(), &["fmt", "-"], Some("b { x = 1\n")));
}

#[test]
fn files_with_syntax_errors_are_reported_and_left_alone() {
    let dir = tree();
    fs::write(dir.path().join("broken.tf"), "a = \n").unwrap();
    assert_run(
        dir.path(),
        &["fmt"],
        expect![[r#"
            exit: 2
            --- stdout
            main.tf
            vars.tfvars
            --- stderr
            Error[invalid-expression]: Invalid expression
              ┌─ broken.tf:1:5
              │  
            1 │   a = 
              │ ╭────^
            2 │ │ 
              │ ╰^
              │  
              = Expected the start of an expression, but found an invalid expression token.

        "#]],
    );
    assert_eq!(read(dir.path(), "broken.tf"), "a = \n");
    assert_eq!(read(dir.path(), "vars.tfvars"), "region = \"x\"\n");
}

#[test]
fn bad_paths_and_extensions_are_errors() {
    let dir = tree();
    assert_run(
        dir.path(),
        &["fmt", "missing", "main.tf"],
        expect![[r#"
            exit: 2
            --- stdout
            --- stderr
            Error[invalid-file-or-directory-path]: Invalid file or directory path
             = No file or directory at missing

        "#]],
    );
    assert_eq!(
        read(dir.path(), "main.tf"),
        "a=1\nresource aws_instance web {\nami=\"${var.ami}\"\n}\n"
    );
    assert_run(
        dir.path(),
        &["fmt", "json.tf.json", "notes.txt"],
        expect![[r#"
            exit: 2
            --- stdout
            --- stderr
            Error[invalid-file-extension]: Invalid file extension
             = Only .tf, .tofu, .tfvars, .tftest.hcl, and .tofutest.hcl files can be processed with tofu-analyzer fmt

            Error[invalid-file-extension]: Invalid file extension
             = Only .tf, .tofu, .tfvars, .tftest.hcl, and .tofutest.hcl files can be processed with tofu-analyzer fmt

        "#]],
    );
}

#[test]
fn recursion_does_not_follow_directory_links() {
    let dir = tree();
    std::os::unix::fs::symlink(dir.path(), dir.path().join("sub/loop")).unwrap();
    std::os::unix::fs::symlink("main.tf", dir.path().join("linked.tf")).unwrap();
    assert_run(
        dir.path(),
        &["fmt", "-recursive", "-check"],
        expect![[r#"
            exit: 3
            --- stdout
            linked.tf
            main.tf
            sub/child.tofu
            sub/deeper/d.tftest.hcl
            vars.tfvars
            --- stderr
        "#]],
    );
}
