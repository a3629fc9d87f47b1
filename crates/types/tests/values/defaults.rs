//! Optional attribute defaults, applied top-down before conversion as
//! OpenTofu does for input variables. The trees below are what HCL's
//! `TypeConstraintWithDefaults` builds for the constraint quoted with each
//! case; results were checked with variables in the console.

use tofu_types::defaults::convert_with_defaults;
use tofu_types::{Defaults, Marks, Type, Value, convert, render};

use crate::support::{t, v};

/// Defaults for an object type: default values given as literals and
/// converted to their attribute types, as the type parser does.
pub(crate) fn object(
    ty: &str,
    values: &[(&str, &str)],
    children: Vec<(&str, Defaults)>,
) -> Defaults {
    let ty = t(ty);
    let mut d = Defaults::new(ty.clone());
    for &(name, value) in values {
        let aty = ty.attribute_type(name).expect("attribute");
        d.insert_value(
            name.into(),
            convert(&v(value), aty).expect("default converts"),
        );
    }
    for (key, child) in children {
        d.insert_child(key.to_owned(), child);
    }
    d
}

/// Defaults for a collection of `element`.
pub(crate) fn collection(ty: &str, element: Defaults) -> Defaults {
    let mut d = Defaults::new(t(ty));
    d.insert_child(String::new(), element);
    d
}

fn apply(d: &Defaults, ty: &str, value: &str) -> String {
    render(&convert_with_defaults(&v(value), &t(ty), Some(d)).expect("converts"))
}

#[test]
fn map_of_objects() {
    // map(object({a=optional(number, 1)}))
    let ty = "map(object({a=optional(number)}))";
    let d = collection(
        ty,
        object("object({a=optional(number)})", &[("a", "1")], vec![]),
    );
    assert_eq!(
        apply(&d, ty, "{x = {}, y = {a = 2}}"),
        r#"tomap({
  "x" = {
    "a" = 1
  }
  "y" = {
    "a" = 2
  }
})"#
    );
}

#[test]
fn set_elements_merge_once_defaulted() {
    // set(object({a=optional(string, "d")}))
    let ty = "set(object({a=optional(string)}))";
    let d = collection(
        ty,
        object("object({a=optional(string)})", &[("a", r#""d""#)], vec![]),
    );
    assert_eq!(
        apply(&d, ty, r#"[{}, {a = "d"}]"#),
        r#"toset([
  {
    "a" = "d"
  },
])"#
    );
}

#[test]
fn tuple_elements_by_index() {
    // tuple([object({a=optional(number, 5)}), string])
    let ty = "tuple([object({a=optional(number)}), string])";
    let mut d = Defaults::new(t(ty));
    d.insert_child(
        "0".into(),
        object("object({a=optional(number)})", &[("a", "5")], vec![]),
    );
    assert_eq!(
        apply(&d, ty, r#"[{}, "x"]"#),
        r#"[
  {
    "a" = 5
  },
  "x",
]"#
    );
}

#[test]
fn null_attribute_gets_its_default_and_nested_defaults() {
    // object({a=optional(object({b=optional(number, 7)}), {})})
    let inner = "object({b=optional(number)})";
    let ty = "object({a=optional(object({b=optional(number)}))})";
    let d = object(
        ty,
        &[("a", "{}")],
        vec![("a", object(inner, &[("b", "7")], vec![]))],
    );
    let want = "{\n  \"a\" = {\n    \"b\" = 7\n  }\n}";
    assert_eq!(apply(&d, ty, "{a = null}"), want);
    assert_eq!(apply(&d, ty, "{}"), want);
    // A given value keeps its own attributes and gets the nested defaults.
    assert_eq!(apply(&d, ty, "{a = {}}"), want);
    assert_eq!(
        apply(&d, ty, "{a = {b = 1}}"),
        "{\n  \"a\" = {\n    \"b\" = 1\n  }\n}"
    );
}

#[test]
fn collection_default_gets_element_defaults() {
    // object({a=optional(list(object({b=optional(number, 7)})), [{}])})
    let ety = "object({b=optional(number)})";
    let lty = "list(object({b=optional(number)}))";
    let ty = "object({a=optional(list(object({b=optional(number)})))})";
    let d = object(
        ty,
        &[("a", "[{}]")],
        vec![("a", collection(lty, object(ety, &[("b", "7")], vec![])))],
    );
    assert_eq!(
        apply(&d, ty, "{}"),
        r#"{
  "a" = tolist([
    {
      "b" = 7
    },
  ])
}"#
    );
}

#[test]
fn several_defaults_per_object() {
    // list(object({a=optional(number, 3), b=optional(string, "x")}))
    let ety = "object({a=optional(number), b=optional(string)})";
    let ty = "list(object({a=optional(number), b=optional(string)}))";
    let d = collection(ty, object(ety, &[("a", "3"), ("b", r#""x""#)], vec![]));
    assert_eq!(
        apply(&d, ty, "[{a = 1}, {}]"),
        r#"tolist([
  {
    "a" = 1
    "b" = "x"
  },
  {
    "a" = 3
    "b" = "x"
  },
])"#
    );
}

#[test]
fn nulls_unknowns_and_marks() {
    let ty = "object({a=optional(number)})";
    let d = object(ty, &[("a", "1")], vec![]);
    // Null and unknown values are left alone.
    let null = convert_with_defaults(&v("null"), &t(ty), Some(&d)).unwrap();
    assert_eq!(render(&null), "null /* object */");
    assert_eq!(d.apply(&v("unknown()")), v("unknown()"));
    // Marks stay on the value, defaults go in underneath.
    let marked = d.apply(&v("sensitive({})"));
    assert_eq!(marked.marks(), Marks::SENSITIVE);
    assert_eq!(marked.unmark().0, v("{a = 1}"));
    // Defaults with nothing to do change nothing.
    let empty = Defaults::new(Type::Dynamic);
    assert_eq!(empty.apply(&v("{b = 2}")), v("{b = 2}"));
    // Without defaults it is a plain conversion.
    let plain = convert_with_defaults(&v("{}"), &t(ty), None).unwrap();
    assert_eq!(plain, Value::object([("a", Value::null(Type::Number))]));
}
