//! `render`: values as `tofu console` prints them, and types as its
//! `type()` function prints them.

use tofu_types::render;

use crate::support::{t, v};

#[test]
fn console_values() {
    let failures: Vec<String> = VALUES
        .iter()
        .filter_map(|&(input, want)| {
            let got = render(&v(input));
            (got != want).then(|| format!("{input}\n--- got:\n{got}\n--- want:\n{want}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn console_types() {
    let failures: Vec<String> = TYPES
        .iter()
        .filter_map(|&(input, want)| {
            let got = t(input).console_string();
            (got != want).then(|| format!("{input}\n--- got:\n{got}\n--- want:\n{want}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn type_expressions() {
    // HCL's `typeexpr.TypeString`, and the alternate form with optional
    // attributes.
    let ty =
        t(r#"object({b=optional(list(any)), a=tuple([string, bool]), "c d"=map(set(number))})"#);
    assert_eq!(
        ty.to_string(),
        r#"object({a=tuple([string,bool]),b=list(any),"c d"=map(set(number))})"#
    );
    assert_eq!(
        format!("{ty:#}"),
        r#"object({a=tuple([string,bool]),b=optional(list(any)),"c d"=map(set(number))})"#
    );
}

const VALUES: &[(&str, &str)] = &[
    // Primitives.
    (r#""hello""#, r#""hello""#),
    (r#""""#, r#""""#),
    (r#""a\"b\\c""#, r#""a\"b\\c""#),
    (r#""tab\there""#, r#""tab\there""#),
    (r#""é""#, r#""é""#),
    (r#""\u00a0nbsp""#, r#""\u00a0nbsp""#),
    (r#""\u200bzero-width""#, r#""\u200bzero-width""#),
    (r#""\u0007bell""#, r#""\abell""#),
    (r#""日本語""#, r#""日本語""#),
    (r#""\u00ad""#, r#""\u00ad""#),
    ("1", "1"),
    ("-0.5", "-0.5"),
    (
        "123456789012345678901234567890",
        "123456789012345678901234567890",
    ),
    ("1e-7", "0.0000001"),
    ("true", "true"),
    ("false", "false"),
    // Heredocs.
    (
        r#""a\nb""#,
        r#"<<EOT
a
b
EOT"#,
    ),
    (
        r#""a\nb\n""#,
        r#"<<EOT
a
b

EOT"#,
    ),
    (
        r#""\n""#,
        r#"<<EOT


EOT"#,
    ),
    (
        r#""EOT\nx""#,
        r#"<<EOT_
EOT
x
EOT_"#,
    ),
    (
        r#""x\n EOT \nEOT_""#,
        r#"<<EOT__
x
 EOT 
EOT_
EOT__"#,
    ),
    (
        r#"["a\nb"]"#,
        r#"[
  <<-EOT
  a
  b
  EOT,
]"#,
    ),
    (
        r#"{k = "x\ny"}"#,
        r#"{
  "k" = <<-EOT
  x
  y
  EOT
}"#,
    ),
    (
        r#"{"a\nb" = 1}"#,
        r#"{
  <<-EOT
  a
  b
  EOT = 1
}"#,
    ),
    (
        r#"[["deep\nline"]]"#,
        r#"[
  [
    <<-EOT
    deep
    line
    EOT,
  ],
]"#,
    ),
    // Collections.
    ("[]", "[]"),
    ("{}", "{}"),
    (
        r#"["a", 1, true]"#,
        r#"[
  "a",
  1,
  true,
]"#,
    ),
    (
        r#"tolist(["a", "b"])"#,
        r#"tolist([
  "a",
  "b",
])"#,
    ),
    (
        r#"toset(["b", "a", "c"])"#,
        r#"toset([
  "a",
  "b",
  "c",
])"#,
    ),
    (
        "tomap({b = 1, a = 2})",
        r#"tomap({
  "a" = 2
  "b" = 1
})"#,
    ),
    ("emptylist(any)", "tolist([])"),
    ("emptymap(any)", "tomap({})"),
    ("emptyset(any)", "toset([])"),
    (
        "[[], {}]",
        r#"[
  [],
  {},
]"#,
    ),
    (
        r#"{a = [1, [2, {b = {}}]], "b c" = "x", "1" = true}"#,
        r#"{
  "1" = true
  "a" = [
    1,
    [
      2,
      {
        "b" = {}
      },
    ],
  ]
  "b c" = "x"
}"#,
    ),
    (
        r#"[tolist([1]), toset(["x"]), tomap({k = "v"})]"#,
        r#"[
  tolist([
    1,
  ]),
  toset([
    "x",
  ]),
  tomap({
    "k" = "v"
  }),
]"#,
    ),
    (
        r#"{"" = 1}"#,
        r#"{
  "" = 1
}"#,
    ),
    (
        r#"{"with \"quotes\"" = 1}"#,
        r#"{
  "with \"quotes\"" = 1
}"#,
    ),
    // Nulls.
    ("null", "null"),
    ("null(string)", "tostring(null)"),
    ("null(number)", "tonumber(null)"),
    ("null(bool)", "tobool(null)"),
    ("null(list(any))", "tolist(null) /* of dynamic */"),
    (
        "[null(string), null(number)]",
        r#"[
  tostring(null),
  tonumber(null),
]"#,
    ),
    (
        "{a = null}",
        r#"{
  "a" = null
}"#,
    ),
    // Marks.
    (r#"sensitive("x")"#, "(sensitive value)"),
    ("sensitive(null)", "(sensitive value)"),
    (
        "[sensitive(1), 2]",
        r#"[
  (sensitive value),
  2,
]"#,
    ),
    (
        r#"{a = sensitive("s"), b = "t"}"#,
        r#"{
  "a" = (sensitive value)
  "b" = "t"
}"#,
    ),
    ("sensitive([1])", "(sensitive value)"),
    (r#""${a} %{b}""#, r#""${a} %{b}""#),
    (r#""\u2028sep""#, r#""\u2028sep""#),
    (r#""😀 smile""#, r#""😀 smile""#),
    (r#""\u0080ctl""#, r#""\u0080ctl""#),
    (r#""\ue000private""#, r#""\ue000private""#),
    (r#""\u0378unassigned""#, r#""\u0378unassigned""#),
    (r#""\u0085nel""#, r#""\u0085nel""#),
    ("-0", "-0"),
    (
        r#"{"a b" = {"c" = ["x\ny", {}]}}"#,
        r#"{
  "a b" = {
    "c" = [
      <<-EOT
      x
      y
      EOT,
      {},
    ]
  }
}"#,
    ),
    // Nulls of every kind of type (format.go `formatNullValue`).
    ("null(map(string))", "tomap(null) /* of string */"),
    ("null(set(number))", "toset(null) /* of number */"),
    (
        "null(list(list(bool)))",
        "tolist(null) /* of list of bool */",
    ),
    ("null(object({a=string}))", "null /* object */"),
    ("null(tuple([number]))", "null /* tuple */"),
    // Unknowns, also inside and also when marked; ephemeral values.
    ("unknown()", "(known after apply)"),
    ("unknown(string)", "(known after apply)"),
    ("sensitive(unknown(string))", "(known after apply)"),
    (
        "[unknown(number), 1]",
        r#"[
  (known after apply),
  1,
]"#,
    ),
    (r#"ephemeral("x")"#, "(ephemeral value)"),
    (r#"sensitive(ephemeral("x"))"#, "(sensitive value)"),
    (
        r#"{a = ephemeral(["x"])}"#,
        r#"{
  "a" = (ephemeral value)
}"#,
    ),
];

/// `type(…)` of values of these types, from the console.
const TYPES: &[(&str, &str)] = &[
    ("string", "string"),
    ("number", "number"),
    ("bool", "bool"),
    ("any", "dynamic"),
    ("object({})", "object({})"),
    ("tuple([])", "tuple([])"),
    ("list(string)", "list(string)"),
    ("list(map(string))", "list(map(string))"),
    ("list(any)", "list(dynamic)"),
    (
        "list(tuple([number]))",
        r#"list(
    tuple([
        number,
    ]),
)"#,
    ),
    (
        "list(object({foo=string}))",
        r#"list(
    object({
        foo: string,
    }),
)"#,
    ),
    (
        "object({foo=string})",
        r#"object({
    foo: string,
})"#,
    ),
    (
        "object({a=tuple([number, object({b=number})])})",
        r#"object({
    a: tuple([
        number,
        object({
            b: number,
        }),
    ]),
})"#,
    ),
    (
        "map(tuple([number, string]))",
        r#"map(
    tuple([
        number,
        string,
    ]),
)"#,
    ),
    (
        "set(object({a=number}))",
        r#"set(
    object({
        a: number,
    }),
)"#,
    ),
    (
        r#"object({"b c"=number, a=list(tuple([number]))})"#,
        r#"object({
    a: list(
        tuple([
            number,
        ]),
    ),
    b c: number,
})"#,
    ),
];
