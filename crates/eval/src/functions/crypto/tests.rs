use tofu_types::{Marks, Type, Value};

use crate::MemoryFileSystem;
use crate::functions::FunctionError;
use crate::functions::testing::TestContext;

fn run_with(pure_only: bool, name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let mut fs = MemoryFileSystem::new("/");
    fs.insert("/mod/hello.txt", "Hello World");
    fs.insert("/mod/sub/x", "x");
    let at = TestContext {
        fs: &fs,
        base_dir: "/mod",
        pure_only,
        ..TestContext::default()
    };
    at.call(name, args)
}

fn run(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    run_with(false, name, args)
}

fn s(text: &str) -> Value {
    Value::string(text)
}

fn text(value: Value) -> String {
    value.as_str().expect("a string").to_owned()
}

#[test]
fn string_hashes_match_opentofu_tests() {
    let cases = [
        ("md5", "tada", "ce47d07243bb6eaf5e1322c81baf9bbf"),
        ("md5", "", "d41d8cd98f00b204e9800998ecf8427e"),
        ("sha1", "test", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"),
        (
            "sha256",
            "test",
            "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        ),
        (
            "base64sha256",
            "test",
            "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=",
        ),
        (
            "base64sha512",
            "test",
            "7iaw3Ur350mqGo7jwQrpkj9hiYB3Lkc/iBml1JQODbJ6wYX4oOHV+E+IvIh/1nsUNzLDBMxfqa2Ob1f1ACio/w==",
        ),
    ];
    for (name, input, want) in cases {
        assert_eq!(
            text(run(name, &[s(input)]).unwrap()),
            want,
            "{name}({input:?})"
        );
    }
}

#[test]
fn file_hashes_read_through_the_file_system() {
    assert_eq!(
        text(run("filemd5", &[s("hello.txt")]).unwrap()),
        "b10a8db164e0754105b7a99be72e3fe5"
    );
    assert_eq!(
        text(run("filebase64sha256", &[s("hello.txt")]).unwrap()),
        "pZGm1Av0IEBKARczz7exkNYsZb8LzaMrV7J32a2fFG4="
    );
    assert_eq!(
        run("filesha1", &[s("missing")]),
        Err(FunctionError::call(
            "open missing: no such file or directory"
        ))
    );
    assert_eq!(
        run("filesha256", &[s("sub")]),
        Err(FunctionError::call("read sub: is a directory"))
    );
    assert_eq!(
        run("filesha512", &[s("hello.txt").with_marks(Marks::SENSITIVE)]),
        run("filesha512", &[s("hello.txt")]).map(|v| v.with_marks(Marks::SENSITIVE))
    );
}

#[test]
fn uuids() {
    let random = text(run("uuid", &[]).unwrap());
    assert_eq!(random.len(), 36);
    assert_ne!(random, text(run("uuid", &[]).unwrap()));
    assert_eq!(
        run_with(true, "uuid", &[]),
        Ok(Value::unknown(Type::String))
    );
    assert_eq!(
        text(run("uuidv5", &[s("url"), s("tada")]).unwrap()),
        "2c1ff6b4-211f-577e-94de-d978b0caa16e"
    );
    assert_eq!(
        text(run("uuidv5", &[s("oid"), s("tada")]).unwrap()),
        "61eeea26-5176-5288-87fc-232d6ed30d2f"
    );
    assert_eq!(
        run("uuidv5", &[s("tada"), s("tada")]),
        Err(FunctionError::call(
            "uuidv5() doesn't support namespace tada (invalid UUID length: 4)"
        ))
    );
}

#[test]
fn bcrypt_costs_and_errors() {
    let hash = text(run("bcrypt", &[s("test"), Value::int(4)]).unwrap());
    assert!(hash.starts_with("$2a$04$"), "{hash}");
    assert_eq!(hash.len(), 60);
    let low = text(run("bcrypt", &[s("x"), Value::int(4)]).unwrap());
    assert!(low.starts_with("$2a$04$"));
    assert_eq!(
        run_with(true, "bcrypt", &[s("x")]),
        Ok(Value::unknown(Type::String))
    );
    assert_eq!(
        run("bcrypt", &[s("x"), Value::int(32)]),
        Err(FunctionError::call(
            "error occurred generating password crypto/bcrypt: cost 32 is outside allowed inclusive range 4..31"
        ))
    );
    assert_eq!(
        run("bcrypt", &[s("x"), Value::int(4), Value::int(5)]),
        Err(FunctionError::call(
            "bcrypt() takes no more than two arguments"
        ))
    );
    assert!(matches!(
        run("bcrypt", &[s("x"), Value::parse_number("4.5").unwrap()]),
        Err(FunctionError::Call(m)) if m.starts_with("value must be a whole number")
    ));
    assert_eq!(
        run("bcrypt", &[s(&"x".repeat(73))]),
        Err(FunctionError::call(
            "error occurred generating password bcrypt: password length exceeds 72 bytes"
        ))
    );
}
