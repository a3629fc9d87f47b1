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
