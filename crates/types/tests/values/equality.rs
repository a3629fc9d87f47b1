//! `equals` (the language's `==`) and `raw_equals`. Known cases were
//! checked with `==` in the console; cases with unknowns follow cty's
//! `Equals` (the console cannot make unknowns), and the null-with-marks
//! case follows cty 1.18, which OpenTofu uses and the console predates.

use tofu_types::{Number, Value};

use crate::support::v;

/// `lhs == rhs` with the result written as `Debug` shows it, marks and
/// unknowns spelled out.
const EQUALS: &[(&str, &str, &str)] = &[
    ("1", "1", "true"),
    ("1", "1.0", "true"),
    ("-0", "0", "true"),
    ("int(3)", "3", "true"),
    (r#""a""#, r#""a""#, "true"),
    (r#""a""#, r#""b""#, "false"),
    ("1", r#""1""#, "false"),
    ("true", r#""true""#, "false"),
    ("[1, 2]", "[1, 2]", "true"),
    ("[1, 2]", "[2, 1]", "false"),
    ("tolist([1, 2])", "[1, 2]", "false"),
    ("tolist([1, 2])", "tolist([1, 2])", "true"),
    ("toset([1, 2])", "toset([2, 1])", "true"),
    ("toset([1, 2])", "toset([1])", "false"),
    ("tomap({a = 1})", "tomap({a = 1})", "true"),
    ("tomap({a = 1})", "{a = 1}", "false"),
    ("{a = 1}", "{a = 1}", "true"),
    ("{a = 1, b = 2}", "{b = 2, a = 1}", "true"),
    ("{a = 1}", "{a = 2}", "false"),
    ("null", "null", "true"),
    ("null(string)", "null", "true"),
    ("null(string)", "null(number)", "true"),
    (r#""a""#, "null", "false"),
    ("[null]", "[null]", "true"),
    ("[]", "[]", "true"),
    ("{}", "{}", "true"),
    ("[]", "{}", "false"),
    ("emptylist(any)", "[]", "false"),
    ("emptylist(any)", "emptylist(any)", "true"),
    (r#""é""#, r#""e\u0301""#, "true"),
    (r#"{"é" = 1}"#, r#"{"e\u0301" = 1}"#, "true"),
    (r#"[[1, "a"]]"#, r#"[[1, "a"]]"#, "true"),
    // Marks of both operands go to the result; with exactly one null only
    // top-level marks do (cty 1.18).
    ("sensitive(1)", "1", "sensitive(true)"),
    ("sensitive(1)", "null", "sensitive(false)"),
    ("[sensitive(1)]", "[1]", "sensitive(true)"),
    ("[sensitive(1)]", "null", "false"),
    (
        "ephemeral(1)",
        "sensitive(2)",
        "sensitive(ephemeral(false))",
    ),
    // Unknowns.
    (r#"unknown(string)"#, r#""a""#, "unknown(bool)"),
    ("unknown(string)", "1", "false"),
    ("unknown(string)", "null", "unknown(bool)"),
    ("unknown()", "1", "unknown(bool)"),
    ("unknown(string)", "unknown(string)", "unknown(bool)"),
    (
        "sensitive(unknown(string))",
        r#""a""#,
        "sensitive(unknown(bool))",
    ),
    ("[unknown(number)]", "[1]", "unknown(bool)"),
    ("[1, 2]", "[1, unknown(number)]", "unknown(bool)"),
    ("[2, unknown(number)]", "[1, unknown(number)]", "false"),
    (r#"[unknown(), 1]"#, r#"["a", 1]"#, "unknown(bool)"),
    (r#"[unknown(), 1]"#, r#"["a", "b"]"#, "false"),
    (
        r#"toset([unknown(string)])"#,
        r#"toset(["a"])"#,
        "unknown(bool)",
    ),
    (
        r#"{a = unknown(string), b = 1}"#,
        r#"{a = "x", b = 1}"#,
        "unknown(bool)",
    ),
];

#[test]
fn equals() {
    let mut failures = Vec::new();
    for &(lhs, rhs, want) in EQUALS {
        for (a, b) in [(lhs, rhs), (rhs, lhs)] {
            let got = format!("{:?}", v(a).equals(&v(b)));
            if got != want {
                failures.push(format!("{a} == {b}: got {got}, want {want}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn equal_numbers_of_different_precision() {
    // `0.1 + 0.2 == 0.3` is true in the console; a float64 0.1 equals the
    // literal 0.1 too, as cty compares non-integers by their text.
    let sum = Number::parse("0.1")
        .unwrap()
        .add(&Number::parse("0.2").unwrap())
        .unwrap();
    let sum = Value::number(sum);
    assert_eq!(sum.equals(&v("0.3")).as_bool(), Some(true));
    let f = Value::number(Number::from_f64(0.1).unwrap());
    assert_eq!(f.equals(&v("0.1")).as_bool(), Some(true));
    assert!(f.raw_equals(&v("0.1")));
}

/// `raw_equals`: identity, including types, marks and unknowns.
const RAW: &[(&str, &str, bool)] = &[
    ("1", "1", true),
    (r#""a""#, r#""a""#, true),
    ("unknown(string)", "unknown(string)", true),
    ("unknown(string)", "unknown(number)", false),
    ("unknown(string)", r#""a""#, false),
    ("sensitive(1)", "1", false),
    ("sensitive(1)", "sensitive(1)", true),
    ("[sensitive(1)]", "[1]", false),
    ("null(string)", "null(number)", false),
    ("null(string)", "null(string)", true),
    ("null", "null(string)", false),
    ("tolist([1])", "[1]", false),
    ("toset([2, 1])", "toset([1, 2])", true),
    ("{a = [1]}", "{a = [1]}", true),
    ("{a = [1]}", "{a = [2]}", false),
];

#[test]
fn raw_equals() {
    for &(a, b, want) in RAW {
        assert_eq!(v(a).raw_equals(&v(b)), want, "{a} vs {b}");
        assert_eq!(v(b).raw_equals(&v(a)), want, "{b} vs {a}");
    }
}
