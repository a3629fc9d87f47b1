//! Marks: how `sensitive` and `ephemeral` travel through construction,
//! conversion and unmarking.

use tofu_types::{Mark, Marks, Type, Value, convert, render};

use crate::convert::{Expected, check};
use crate::support::{t, v};

/// Conversions of marked values, from the console.
const CONVERSIONS: &[(&str, &str, Expected)] = &[
    (
        "{a = sensitive(null)}",
        "object({a=string})",
        Ok((
            r#"{
  "a" = tostring(null)
}"#,
            r#"object({
    a: string,
})"#,
        )),
    ),
    (
        r#"[sensitive("a"), "b"]"#,
        "set(string)",
        Ok(("(sensitive value)", "set(string)")),
    ),
    (
        r#"[sensitive("a"), "b"]"#,
        "list(string)",
        Ok((
            r#"tolist([
  (sensitive value),
  "b",
])"#,
            "list(string)",
        )),
    ),
    (
        r#"sensitive(["a", 1])"#,
        "list(string)",
        Ok(("(sensitive value)", "list(string)")),
    ),
    (
        r#"sensitive("1")"#,
        "number",
        Ok(("(sensitive value)", "number")),
    ),
    (
        r#"{a = sensitive(1), b = "x"}"#,
        "map(string)",
        Ok((
            r#"tomap({
  "a" = (sensitive value)
  "b" = "x"
})"#,
            "map(string)",
        )),
    ),
    (
        r#"[sensitive(null), "a"]"#,
        "list(string)",
        Ok((
            r#"tolist([
  (sensitive value),
  "a",
])"#,
            "list(string)",
        )),
    ),
    (
        r#"[sensitive(null), "a"]"#,
        "set(string)",
        Ok((
            r#"toset([
  "a",
  tostring(null),
])"#,
            "set(string)",
        )),
    ),
    (
        r#"tolist([sensitive("a"), "b"])"#,
        "set(string)",
        Ok(("(sensitive value)", "set(string)")),
    ),
    (
        r#"sensitive(tolist(["a"]))"#,
        "set(string)",
        Ok(("(sensitive value)", "set(string)")),
    ),
    (
        "{a = {b = sensitive(1)}}",
        "object({a=object({b=string})})",
        Ok((
            r#"{
  "a" = {
    "b" = (sensitive value)
  }
}"#,
            r#"object({
    a: object({
        b: string,
    }),
})"#,
        )),
    ),
    (
        "[sensitive({a = 1})]",
        "set(object({a=string}))",
        Ok((
            "(sensitive value)",
            r#"set(
    object({
        a: string,
    }),
)"#,
        )),
    ),
];

#[test]
fn marked_conversions() {
    check(CONVERSIONS);
}

#[test]
fn marks_stay_where_they_were_put() {
    let list = Value::list(vec![v("1").mark(Mark::Sensitive), v("2")]);
    assert!(!list.is_marked());
    assert!(list.contains_marked());
    assert!(list.has_mark_deep(Mark::Sensitive));
    assert!(!list.has_mark_deep(Mark::Ephemeral));
    assert_eq!(list.marks_deep(), Marks::SENSITIVE);
    let element = &list.elements().unwrap()[0];
    assert_eq!(element.marks(), Marks::SENSITIVE);
}

#[test]
fn sets_take_their_elements_marks() {
    let set = Value::set(vec![
        v(r#"tolist(["a", sensitive("b")])"#),
        v(r#"ephemeral(tolist(["c"]))"#),
    ]);
    assert_eq!(set.marks(), Marks::SENSITIVE | Marks::EPHEMERAL);
    assert!(set.elements().unwrap().iter().all(|e| !e.contains_marked()));
}

#[test]
fn unmark_and_unmark_deep() {
    let value = v(r#"sensitive({a = ephemeral("x"), b = [sensitive(1)]})"#);
    let (shallow, marks) = value.unmark();
    assert_eq!(marks, Marks::SENSITIVE);
    assert!(!shallow.is_marked());
    assert!(shallow.contains_marked());
    let (deep, marks) = value.unmark_deep();
    assert_eq!(marks, Marks::SENSITIVE | Marks::EPHEMERAL);
    assert!(!deep.contains_marked());
    assert_eq!(deep, v(r#"{a = "x", b = [1]}"#));
    // Marking again restores only the top level.
    assert_eq!(
        deep.with_marks(Marks::SENSITIVE),
        v(r#"sensitive({a = "x", b = [1]})"#)
    );
}

#[test]
fn with_marks_adds() {
    let value = v("sensitive(1)").with_marks(Marks::EPHEMERAL);
    assert_eq!(value.marks(), Marks::SENSITIVE | Marks::EPHEMERAL);
    assert_eq!(
        value.marks().iter().collect::<Vec<_>>(),
        [Mark::Sensitive, Mark::Ephemeral]
    );
    assert_eq!(Marks::from_iter([Mark::Ephemeral]), Marks::EPHEMERAL);
    assert!(Marks::NONE.is_empty());
    assert_eq!(v("1").with_marks(Marks::NONE), v("1"));
}

#[test]
fn marks_survive_conversion_of_nulls_and_unknowns() {
    let got = convert(&v("sensitive(unknown(string))"), &Type::Number).unwrap();
    assert_eq!(format!("{got:?}"), "sensitive(unknown(number))");
    let got = convert(&v("ephemeral(null)"), &t("list(string)")).unwrap();
    assert_eq!(
        format!("{got:?}"),
        "ephemeral(tolist(null) /* of string */)"
    );
    // Passing through to `any` keeps everything.
    let value = v(r#"[sensitive("a")]"#);
    assert_eq!(convert(&value, &Type::Dynamic).unwrap(), value);
}

#[test]
fn ephemeral_values_render_as_such() {
    let value = convert(&v(r#"ephemeral(["a"])"#), &t("list(string)")).unwrap();
    assert_eq!(render(&value), "(ephemeral value)");
    assert_eq!(value.marks(), Marks::EPHEMERAL);
}

fn deprecated(subject: &str) -> Marks {
    Marks::deprecated(tofu_types::DeprecationCause {
        module: "module.call".to_owned(),
        subject: subject.to_owned(),
        message: "gone".to_owned(),
        source: Some("./mod".to_owned()),
        remote: false,
    })
}

/// Deprecation marks carry what is deprecated; equal sets are equal
/// marks, and a union holds both causes once.
#[test]
fn deprecation_marks_carry_their_causes() {
    let (a, b) = (deprecated("a"), deprecated("b"));
    assert_eq!(a, deprecated("a"));
    assert_ne!(a, b);
    let both = a | b | a | Marks::SENSITIVE;
    assert_eq!(both, b | a | Marks::SENSITIVE);
    let subjects: Vec<String> = both
        .deprecations()
        .iter()
        .map(|c| c.full_subject())
        .collect();
    assert_eq!(subjects, ["module.call.a", "module.call.b"]);
    assert!(both.contains(Mark::Sensitive));
    assert_eq!(both.without_deprecations(), Marks::SENSITIVE);
    assert!(!Marks::SENSITIVE.has_deprecations());
}

/// Where each deprecation mark sits, as cty formats paths; removing them
/// keeps the other marks.
#[test]
fn deprecation_marks_by_path() {
    let old = Value::string("x").with_marks(deprecated("old"));
    let value = Value::object([
        ("list", Value::tuple(vec![Value::int(1), old.clone()])),
        ("map", Value::map([("k", old.clone())])),
        ("plain", Value::string("y").mark(Mark::Sensitive)),
    ])
    .with_marks(deprecated("whole"));
    let found: Vec<(String, String)> = value
        .deprecations_deep()
        .into_iter()
        .map(|(path, cause)| (path, cause.subject.clone()))
        .collect();
    assert_eq!(
        found,
        [
            (String::new(), "whole".to_owned()),
            (".list[1]".to_owned(), "old".to_owned()),
            (r#".map["k"]"#.to_owned(), "old".to_owned()),
        ]
    );
    let clean = value.without_deprecations_deep();
    assert!(clean.deprecations_deep().is_empty());
    assert!(clean.has_mark_deep(Mark::Sensitive));
    assert!(!clean.marks_deep().has_deprecations());
}
