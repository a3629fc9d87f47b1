//! `unify`: the common type of several types, as OpenTofu finds it for
//! conditionals and for `list(any)`-style constraints. Expected types were
//! checked with `type(tolist([…]))` in the console, which unifies the
//! element types of the tuple given.

use tofu_types::convert::unify_safe;
use tofu_types::{Type, Value, render, unify};

use crate::support::{t, v};

const UNSAFE: &[(&[&str], Option<&str>)] = &[
    (&["string", "number"], Some("string")),
    (&["number", "string"], Some("string")),
    (&["number", "bool"], None),
    (&["string", "bool", "number"], Some("string")),
    (&["map(string)", "object({a=number})"], Some("map(string)")),
    (
        &["object({a=number})", "object({a=string})"],
        Some("object({a=string})"),
    ),
    (&["object({})", "object({a=number})"], Some("map(number)")),
    (
        &["object({a=number})", "object({b=number})"],
        Some("map(number)"),
    ),
    (&["object({a=number})", "object({b=bool})"], None),
    (
        &["tuple([number])", "tuple([string, string])"],
        Some("list(string)"),
    ),
    (
        &["tuple([number])", "tuple([string])"],
        Some("tuple([string])"),
    ),
    (&["list(string)", "set(string)"], Some("list(string)")),
    (&["list(string)", "tuple([number])"], Some("list(string)")),
    (&["string", "tuple([string])"], None),
    (&["list(number)", "list(string)"], Some("list(string)")),
    (&["map(number)", "map(string)"], Some("map(string)")),
    (&["set(number)", "set(bool)"], None),
    (
        &["tuple([number, bool])", "tuple([string, bool])"],
        Some("tuple([string,bool])"),
    ),
    (
        &["object({a=tuple([number])})", "object({a=tuple([string])})"],
        Some("object({a=tuple([string])})"),
    ),
    (
        &[
            "object({a=number, b=string})",
            "object({a=string, b=number})",
        ],
        Some("object({a=string,b=string})"),
    ),
    (&["map(number)", "object({a=bool})"], None),
    (&["object({a=number})", "tuple([number])"], None),
    (
        &["list(object({a=number}))", "tuple([object({a=string})])"],
        Some("list(object({a=string}))"),
    ),
    (&["set(string)", "tuple([string])"], Some("set(string)")),
    (&["any", "string"], Some("string")),
    (&["list(any)", "tuple([string])"], Some("list(string)")),
    (
        &[
            "object({a=object({b=number})})",
            "object({a=object({b=string})})",
        ],
        Some("object({a=object({b=string})})"),
    ),
    (
        &[
            "object({a=object({b=number})})",
            "object({a=object({c=number})})",
        ],
        Some("object({a=map(number)})"),
    ),
    (&[], None),
    (&["string"], Some("string")),
    (&["list(string)", "list(string)"], Some("list(string)")),
    // With dynamic types in a structural or collection unification the
    // result cannot be predicted.
    (&["map(string)", "any"], Some("any")),
    (&["object({a=string})", "any"], Some("any")),
    (&["tuple([string])", "any"], Some("any")),
    (&["any", "any"], Some("any")),
];

const SAFE: &[(&[&str], Option<&str>)] = &[
    (&["string", "number"], Some("string")),
    (&["string", "bool"], Some("string")),
    (&["any", "string"], Some("any")),
    (&["list(string)", "set(string)"], Some("list(string)")),
    (&["list(string)", "tuple([number])"], Some("list(string)")),
    (&["map(string)", "object({a=number})"], Some("map(string)")),
    (
        &["object({a=number})", "object({a=string})"],
        Some("object({a=string})"),
    ),
];

fn check(cases: &[(&[&str], Option<&str>)], unify: fn(&[Type]) -> Option<Type>) {
    let mut failures = Vec::new();
    for &(types, want) in cases {
        let types: Vec<Type> = types.iter().map(|s| t(s)).collect();
        let got = unify(&types).map(|ty| ty.to_string());
        if got.as_deref() != want {
            failures.push(format!("{types:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unify_unsafe() {
    check(UNSAFE, |types| unify(types).map(|(ty, _)| ty));
}

#[test]
fn unify_safe_only() {
    check(SAFE, |types| unify_safe(types).map(|(ty, _)| ty));
}

/// The conversions `unify` returns turn each value into the unified type.
#[test]
fn conversions() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["\"a\"", "1"], &[r#""a""#, r#""1""#]),
        (&["true", "\"x\"", "2"], &[r#""true""#, r#""x""#, r#""2""#]),
        (
            &[r#"tolist(["a"])"#, "[1]"],
            &["tolist([\n  \"a\",\n])", "tolist([\n  \"1\",\n])"],
        ),
        (
            &["{a = 1}", r#"{b = "x"}"#],
            &[
                "tomap({\n  \"a\" = \"1\"\n})",
                "tomap({\n  \"b\" = \"x\"\n})",
            ],
        ),
        // Dynamic types make every value unknown.
        (
            &[r#"tomap({a = "x"})"#, "unknown()"],
            &["(known after apply)", "(known after apply)"],
        ),
    ];
    for &(inputs, want) in cases {
        let values: Vec<Value> = inputs.iter().map(|s| v(s)).collect();
        let types: Vec<Type> = values.iter().map(|v| v.ty().clone()).collect();
        let (_, conversions) = unify(&types).expect("unifies");
        let got: Vec<String> = values
            .iter()
            .zip(&conversions)
            .map(|(v, c)| match c {
                Some(c) => render(&c.apply(v).expect("converts")),
                None => render(v),
            })
            .collect();
        assert_eq!(got, want, "{inputs:?}");
    }
}
