use tofu_types::{Marks, Type, Value};

use crate::MemoryFileSystem;
use crate::functions::FunctionError;
use crate::functions::testing::TestContext;

fn sample_fs() -> MemoryFileSystem {
    let mut fs = MemoryFileSystem::new("/").with_home_dir("/home/me");
    fs.insert("/mod/a.txt", "hello");
    fs.insert("/mod/b.bin", vec![0xff, 0xfe]);
    fs.insert("/mod/sub/c.txt", "c");
    fs.insert("/mod/sub/deep/d.md", "d");
    fs.insert("/home/me/notes.txt", "home");
    fs
}

fn run(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let fs = sample_fs();
    let at = TestContext {
        fs: &fs,
        base_dir: "/mod",
        ..TestContext::default()
    };
    at.call(name, args)
}

fn s(text: &str) -> Value {
    Value::string(text)
}

fn ok(name: &str, args: &[Value]) -> Value {
    run(name, args).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

fn strings(texts: &[&str]) -> Value {
    Value::set(texts.iter().map(|t| s(t)).collect())
}

#[test]
fn path_strings() {
    assert_eq!(ok("basename", &[s("a/b/c.txt")]), s("c.txt"));
    assert_eq!(ok("basename", &[s("")]), s("."));
    assert_eq!(ok("dirname", &[s("a/b/c.txt")]), s("a/b"));
    assert_eq!(ok("dirname", &[s("c.txt")]), s("."));
    assert_eq!(ok("abspath", &[s("x/../y")]), s("/mod/y"));
    assert_eq!(ok("abspath", &[s("/a//b/")]), s("/a/b"));
    assert_eq!(ok("pathexpand", &[s("~/x/../y")]), s("/home/me/y"));
    assert_eq!(ok("pathexpand", &[s("~")]), s("/home/me"));
    assert_eq!(ok("pathexpand", &[s("a/~")]), s("a/~"));
    assert_eq!(
        run("pathexpand", &[s("~bob/x")]),
        Err(FunctionError::call("cannot expand user-specific home dir"))
    );
}

#[test]
fn file_reads_text_relative_to_the_base_directory() {
    assert_eq!(ok("file", &[s("a.txt")]), s("hello"));
    assert_eq!(ok("file", &[s("./sub/../a.txt")]), s("hello"));
    assert_eq!(ok("file", &[s("~/notes.txt")]), s("home"));
    let secret = s("a.txt").with_marks(Marks::SENSITIVE);
    assert_eq!(
        ok("file", &[secret]),
        s("hello").with_marks(Marks::SENSITIVE)
    );
}

#[test]
fn file_errors() {
    let missing = run("file", &[s("nope.txt")]).unwrap_err();
    assert!(matches!(missing, FunctionError::Arg { index: 0, .. }));
    assert!(
        missing
            .message()
            .starts_with("no file exists at \"nope.txt\"; this function")
    );
    let hidden = run("file", &[s("nope").with_marks(Marks::SENSITIVE)]).unwrap_err();
    assert!(
        hidden
            .message()
            .starts_with("no file exists at (sensitive value);")
    );
    assert_eq!(
        run("file", &[s("sub")]),
        Err(FunctionError::arg(
            0,
            "failed to read file: read sub: is a directory"
        ))
    );
    assert_eq!(
        run("file", &[s("a.txt/x")]),
        Err(FunctionError::arg(0, "open a.txt/x: not a directory"))
    );
    let binary = run("file", &[s("b.bin")]).unwrap_err();
    assert!(matches!(binary, FunctionError::Call(_)));
    assert!(
        binary
            .message()
            .starts_with("contents of \"b.bin\" are not valid UTF-8;")
    );
}

#[test]
fn filebase64_reads_any_bytes() {
    assert_eq!(ok("filebase64", &[s("b.bin")]), s("//4="));
    assert_eq!(ok("filebase64", &[s("a.txt")]), s("aGVsbG8="));
}

#[test]
fn fileexists_kinds() {
    assert_eq!(ok("fileexists", &[s("a.txt")]), Value::bool(true));
    assert_eq!(ok("fileexists", &[s("nope")]), Value::bool(false));
    assert_eq!(
        run("fileexists", &[s("sub/")]),
        Err(FunctionError::arg(1, "\"sub\" is a directory, not a file"))
    );
    assert_eq!(
        run("fileexists", &[s("a.txt/x")]),
        Err(FunctionError::call("failed to stat \"a.txt/x\""))
    );
    assert_eq!(
        ok("fileexists", &[s("nope").with_marks(Marks::SENSITIVE)]),
        Value::bool(false).with_marks(Marks::SENSITIVE)
    );
}

#[test]
fn fileset_matches_files_only() {
    assert_eq!(ok("fileset", &[s("."), s("*.txt")]), strings(&["a.txt"]));
    assert_eq!(
        ok("fileset", &[s("."), s("**")]),
        strings(&["a.txt", "b.bin", "sub/c.txt", "sub/deep/d.md"])
    );
    assert_eq!(
        ok("fileset", &[s("sub"), s("**/*.{txt,md}")]),
        strings(&["c.txt", "deep/d.md"])
    );
    assert_eq!(ok("fileset", &[s("sub"), s("*")]), strings(&["c.txt"]));
    assert_eq!(
        ok("fileset", &[s("sub"), s("../*.txt")]),
        strings(&["../a.txt"])
    );
    assert_eq!(
        ok("fileset", &[s("/mod/sub"), s("deep/*")]),
        strings(&["deep/d.md"])
    );
    assert_eq!(
        ok("fileset", &[s("nowhere"), s("*")]),
        Value::set_empty(Type::String)
    );
}

#[test]
fn fileset_marks_and_errors() {
    assert_eq!(
        ok("fileset", &[s("."), s("a.*").with_marks(Marks::SENSITIVE)]),
        strings(&["a.txt"]).with_marks(Marks::SENSITIVE)
    );
    assert_eq!(
        run("fileset", &[s("sub"), s("[")]),
        Err(FunctionError::call(
            "failed to glob pattern \"sub/[\": syntax error in pattern"
        ))
    );
}

#[test]
fn unknown_and_null_arguments() {
    assert_eq!(
        ok("file", &[Value::unknown(Type::String)]),
        Value::unknown(Type::String)
    );
    assert_eq!(
        run("file", &[Value::null(Type::String)]),
        Err(FunctionError::arg(0, "argument must not be null"))
    );
}
