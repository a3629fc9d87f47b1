//! Calls through cty's calling convention.

use tofu_types::{Type, Value};

use crate::functions::FunctionError;
use crate::functions::testing::run;

fn s(v: &str) -> Value {
    Value::string(v)
}

#[test]
fn upper_and_lower() {
    assert_eq!(run("upper", &[s("abcß")]).unwrap(), s("ABCß"));
    assert_eq!(run("lower", &[s("ABC")]).unwrap(), s("abc"));
    assert_eq!(
        run("upper", &[Value::dynamic()]).unwrap(),
        Value::unknown(Type::String)
    );
}

#[test]
fn startswith_unknown() {
    let unknown = Value::unknown(Type::String);
    assert_eq!(
        run("startswith", &[unknown.clone(), s("")]).unwrap(),
        Value::bool(true)
    );
    assert_eq!(
        run("startswith", &[unknown, s("a")]).unwrap(),
        Value::unknown(Type::Bool)
    );
}

#[test]
fn format_calls() {
    assert_eq!(
        run("format", &[s("%s=%d"), s("a"), Value::int(1)]).unwrap(),
        s("a=1")
    );
    assert_eq!(
        run("format", &[s("%d"), Value::unknown(Type::Number)]).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(
        run("format", &[s("x"), Value::int(1)]),
        Err(FunctionError::arg(
            1,
            "too many arguments; no verbs in format string"
        ))
    );
}

#[test]
fn regex_calls() {
    assert_eq!(
        run("regex", &[s("(?P<a>x)(?P<b>y)?"), s("x")]).unwrap(),
        Value::object([("a", s("x")), ("b", Value::null(Type::String))])
    );
    assert_eq!(
        run("regexall", &[s("a"), s("bbb")]).unwrap(),
        Value::list_empty(Type::String)
    );
}
