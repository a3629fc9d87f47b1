//! Construction of types and values: normalisation, element types, type
//! names and helpers.

use tofu_types::{Type, Value, render};

use crate::support::{t, v};

#[test]
fn strings_and_attribute_names_are_nfc() {
    let composed = Value::string("é");
    let decomposed = Value::string("e\u{301}");
    assert_eq!(composed, decomposed);
    assert_eq!(decomposed.as_str(), Some("é"));
    let object = Value::object([("e\u{301}", Value::int(1))]);
    assert_eq!(render(&object), "{\n  \"é\" = 1\n}");
    assert_eq!(object.get_attr("é"), Some(&Value::int(1)));
    assert_eq!(
        Type::object([("e\u{301}", Type::String)]),
        t(r#"object({"é"=string})"#)
    );
    let map = Value::map([("e\u{301}", Value::int(1))]);
    assert!(map.entries().unwrap().contains_key("é"));
}

#[test]
fn collection_element_types() {
    // The first element not of dynamic type decides.
    let list = Value::list(vec![Value::dynamic(), v(r#""a""#)]);
    assert_eq!(list.ty(), &t("list(string)"));
    assert!(!Value::can_list(&[v("1"), v(r#""a""#)]));
    assert!(Value::can_list(&[v("1"), Value::dynamic()]));
    assert_eq!(Value::list(vec![Value::dynamic()]).ty(), &t("list(any)"));
    assert_eq!(v("[]").ty(), &Type::empty_tuple());
    assert_eq!(v("{}").ty(), &Type::empty_object());
}

#[test]
fn set_membership() {
    let set = v(r#"toset(["b", "a", "b"])"#);
    assert_eq!(set.length(), Some(2));
    // Equal numbers of different precision are one element.
    let n = Value::number(tofu_types::Number::from_f64(0.5).unwrap());
    assert_eq!(Value::set(vec![n, v("0.5")]).length(), Some(1));
}

#[test]
fn friendly_names() {
    let cases = [
        ("string", "string", "string"),
        ("list(any)", "list of dynamic", "list of any single type"),
        (
            "map(list(string))",
            "map of list of string",
            "map of list of string",
        ),
        (
            "set(list(any))",
            "set of list of dynamic",
            "set of list of any single type",
        ),
        ("object({a=string})", "object", "object"),
        ("tuple([string])", "tuple", "tuple"),
        ("any", "dynamic", "any type"),
    ];
    for (ty, name, constraint) in cases {
        assert_eq!(t(ty).friendly_name(), name);
        assert_eq!(t(ty).friendly_name_for_constraint(), constraint);
    }
}

#[test]
fn type_helpers() {
    let ty = t("list(object({a=optional(string), b=map(any)}))");
    assert!(ty.has_dynamic_types());
    assert_eq!(
        ty.without_optional_attributes_deep(),
        t("list(object({a=string, b=map(any)}))")
    );
    // Optional markers are part of a type's identity.
    assert_ne!(t("object({a=optional(string)})"), t("object({a=string})"));
    let object = t("object({a=optional(string), b=number})");
    assert!(object.is_optional_attribute("a"));
    assert!(!object.is_optional_attribute("b"));
    assert_eq!(object.attribute_type("b"), Some(&Type::Number));
    assert!(t("tuple([any])").conforms_to(&t("tuple([any])")));
    assert!(t("tuple([string])").conforms_to(&t("tuple([any])")));
    assert!(!t("tuple([any])").conforms_to(&t("tuple([string])")));
    assert_eq!(
        format!("{:?}", t("object({a=optional(string)})")),
        "object({a=optional(string)})"
    );
}

#[test]
fn knowledge() {
    let value = v("{a = [unknown(string)], b = null}");
    assert!(value.is_known());
    assert!(!value.is_wholly_known());
    assert!(value.has_wholly_known_type());
    assert!(!v("[unknown()]").has_wholly_known_type());
    assert!(v("null").has_wholly_known_type());
    assert!(v("null").is_null());
    assert!(!v("unknown()").is_known());
}
