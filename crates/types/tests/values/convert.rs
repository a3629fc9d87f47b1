//! `convert`: values given in OpenTofu syntax converted to type
//! constraints, with the console rendering and `type()` of the result, or
//! the error (`path: message`, as `tfdiags.FormatError` writes it).

use tofu_types::{Type, Value, convert, render};

use crate::support::{t, v};

pub(crate) type Expected = Result<(&'static str, &'static str), &'static str>;

pub(crate) fn check(cases: &[(&str, &str, Expected)]) {
    let mut failures = Vec::new();
    for &(input, ty, expected) in cases {
        let got = convert(&v(input), &t(ty))
            .map(|r| (render(&r), r.ty().console_string()))
            .map_err(|e| e.to_string());
        let expected = expected
            .map(|(r, t)| (r.to_owned(), t.to_owned()))
            .map_err(str::to_owned);
        if got != expected {
            failures.push(format!(
                "{input} => {ty}\n  got:  {got:?}\n  want: {expected:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn console_conversions() {
    check(CASES);
}

const CASES: &[(&str, &str, Expected)] = &[
    // Primitives.
    ("1", "string", Ok((r#""1""#, "string"))),
    ("1.5", "string", Ok((r#""1.5""#, "string"))),
    ("true", "string", Ok((r#""true""#, "string"))),
    ("false", "string", Ok((r#""false""#, "string"))),
    (r#""1e3""#, "number", Ok(("1000", "number"))),
    (r#""1E3""#, "number", Ok(("1000", "number"))),
    (r#""+1""#, "number", Ok(("1", "number"))),
    (r#""-1.5""#, "number", Ok(("-1.5", "number"))),
    (r#"".5""#, "number", Ok(("0.5", "number"))),
    (r#""5.""#, "number", Ok(("5", "number"))),
    (r#""01""#, "number", Ok(("1", "number"))),
    (r#""1p3""#, "number", Ok(("8", "number"))),
    (r#""inf""#, "number", Ok(("+Inf", "number"))),
    (r#""-Inf""#, "number", Ok(("-Inf", "number"))),
    (r#"" 1""#, "number", Err("a number is required")),
    (r#""1 ""#, "number", Err("a number is required")),
    (r#""""#, "number", Err("a number is required")),
    (r#""0x10""#, "number", Err("a number is required")),
    (r#""1_000""#, "number", Err("a number is required")),
    (r#""NaN""#, "number", Err("a number is required")),
    (r#""1,000""#, "number", Err("a number is required")),
    (r#""true""#, "bool", Ok(("true", "bool"))),
    (r#""false""#, "bool", Ok(("false", "bool"))),
    (r#""1""#, "bool", Ok(("true", "bool"))),
    (r#""0""#, "bool", Ok(("false", "bool"))),
    (
        r#""TRUE""#,
        "bool",
        Err(r#"a bool is required; to convert from string, use lowercase "true""#),
    ),
    (
        r#""True""#,
        "bool",
        Err(r#"a bool is required; to convert from string, use lowercase "true""#),
    ),
    (
        r#""FALSE""#,
        "bool",
        Err(r#"a bool is required; to convert from string, use lowercase "false""#),
    ),
    (r#""yes""#, "bool", Err("a bool is required")),
    (r#"" true""#, "bool", Err("a bool is required")),
    (r#""""#, "bool", Err("a bool is required")),
    ("true", "number", Err("number required, but have bool")),
    ("1", "bool", Err("bool required, but have number")),
    (r#""a""#, "string", Ok((r#""a""#, "string"))),
    (r#"["a"]"#, "string", Err("string required, but have tuple")),
    ("{a = 1}", "string", Err("string required, but have object")),
    (r#"["a"]"#, "number", Err("number required, but have tuple")),
    (
        "1",
        "list(string)",
        Err("list of string required, but have number"),
    ),
    (
        r#""a""#,
        "map(string)",
        Err("map of string required, but have string"),
    ),
    (
        r#""a""#,
        "object({a=string})",
        Err("object required, but have string"),
    ),
    // Tuples to lists and sets.
    (
        r#"["a", 15, true]"#,
        "list(string)",
        Ok((
            r#"tolist([
  "a",
  "15",
  "true",
])"#,
            "list(string)",
        )),
    ),
    (
        r#"["a", 1, "b"]"#,
        "list(any)",
        Ok((
            r#"tolist([
  "a",
  "1",
  "b",
])"#,
            "list(string)",
        )),
    ),
    (
        r#"["a", [], "b"]"#,
        "list(any)",
        Err("all list elements must have the same type"),
    ),
    (
        "[1, true]",
        "list(any)",
        Err("all list elements must have the same type"),
    ),
    (
        r#"[1, true, "x"]"#,
        "list(any)",
        Ok((
            r#"tolist([
  "1",
  "true",
  "x",
])"#,
            "list(string)",
        )),
    ),
    (
        "[1, null]",
        "list(any)",
        Ok((
            r#"tolist([
  1,
  tonumber(null),
])"#,
            "list(number)",
        )),
    ),
    (
        "[null]",
        "list(any)",
        Ok((
            r#"tolist([
  null,
])"#,
            "list(dynamic)",
        )),
    ),
    ("[]", "list(any)", Ok(("tolist([])", "list(dynamic)"))),
    ("[]", "list(string)", Ok(("tolist([])", "list(string)"))),
    ("[]", "set(number)", Ok(("toset([])", "set(number)"))),
    (
        r#"[[1], ["a", 2]]"#,
        "list(any)",
        Ok((
            r#"tolist([
  tolist([
    "1",
  ]),
  tolist([
    "a",
    "2",
  ]),
])"#,
            "list(list(string))",
        )),
    ),
    (
        r#"[{a=1}, {a="x"}]"#,
        "list(any)",
        Ok((
            r#"tolist([
  {
    "a" = "1"
  },
  {
    "a" = "x"
  },
])"#,
            r#"list(
    object({
        a: string,
    }),
)"#,
        )),
    ),
    (
        "[{a=1}, {a=[]}]",
        "list(any)",
        Err("all list elements must have the same type"),
    ),
    (
        "[{a=1}, {b=2}]",
        "list(any)",
        Ok((
            r#"tolist([
  tomap({
    "a" = 1
  }),
  tomap({
    "b" = 2
  }),
])"#,
            "list(map(number))",
        )),
    ),
    (
        "[{a=1}, {b=true}]",
        "list(any)",
        Err("all list elements must have the same type"),
    ),
    (
        r#"["a", "b", "a"]"#,
        "set(any)",
        Ok((
            r#"toset([
  "a",
  "b",
])"#,
            "set(string)",
        )),
    ),
    (
        r#"["a", 1]"#,
        "set(any)",
        Ok((
            r#"toset([
  "1",
  "a",
])"#,
            "set(string)",
        )),
    ),
    (
        r#"["b", "a", "B", "10", "9", "aa"]"#,
        "set(string)",
        Ok((
            r#"toset([
  "10",
  "9",
  "B",
  "a",
  "aa",
  "b",
])"#,
            "set(string)",
        )),
    ),
    (
        "[10, -1, 1.5, 2, 100]",
        "set(number)",
        Ok((
            r#"toset([
  -1,
  1.5,
  2,
  10,
  100,
])"#,
            "set(number)",
        )),
    ),
    (
        "[true, false, true]",
        "set(bool)",
        Ok((
            r#"toset([
  false,
  true,
])"#,
            "set(bool)",
        )),
    ),
    (
        "[[1], [10], [9]]",
        "set(list(number))",
        Ok((
            r#"toset([
  tolist([
    10,
  ]),
  tolist([
    1,
  ]),
  tolist([
    9,
  ]),
])"#,
            "set(list(number))",
        )),
    ),
    (
        r#"[{b=1, a="x"}, {b=2, a="a"}]"#,
        "set(object({a=string, b=number}))",
        Ok((
            r#"toset([
  {
    "a" = "a"
    "b" = 2
  },
  {
    "a" = "x"
    "b" = 1
  },
])"#,
            r#"set(
    object({
        a: string,
        b: number,
    }),
)"#,
        )),
    ),
    (
        r#"["a", null, "b"]"#,
        "set(string)",
        Ok((
            r#"toset([
  "a",
  "b",
  tostring(null),
])"#,
            "set(string)",
        )),
    ),
    (
        r#"["a", ["b"]]"#,
        "list(string)",
        Err("element 1: string required, but have tuple"),
    ),
    (
        r#"["a", ["b"]]"#,
        "set(string)",
        Err("element 1: string required, but have tuple"),
    ),
    (
        r#"[1, "x"]"#,
        "list(number)",
        Err("[1]: a number is required"),
    ),
    (
        r#"[1, "x"]"#,
        "set(number)",
        Err("[1]: a number is required"),
    ),
    (
        r#"["1", "2"]"#,
        "list(number)",
        Ok((
            r#"tolist([
  1,
  2,
])"#,
            "list(number)",
        )),
    ),
    // Tuple to tuple.
    (
        r#"["a", 1]"#,
        "tuple([string, string])",
        Ok((
            r#"[
  "a",
  "1",
]"#,
            r#"tuple([
    string,
    string,
])"#,
        )),
    ),
    (
        r#"["1", "2"]"#,
        "tuple([number, number])",
        Ok((
            r#"[
  1,
  2,
]"#,
            r#"tuple([
    number,
    number,
])"#,
        )),
    ),
    (r#"["a"]"#, "tuple([string, string])", Err("tuple required")),
    (r#"["a", "b"]"#, "tuple([string])", Err("tuple required")),
    (
        r#"["a", "x"]"#,
        "tuple([string, bool])",
        Err("[1]: a bool is required"),
    ),
    // Objects to maps.
    (
        r#"{a = "x", b = 1}"#,
        "map(any)",
        Ok((
            r#"tomap({
  "a" = "x"
  "b" = "1"
})"#,
            "map(string)",
        )),
    ),
    (
        "{a = [], b = 1}",
        "map(any)",
        Err("all map elements must have the same type"),
    ),
    (
        "{a = 1, b = true}",
        "map(any)",
        Err("all map elements must have the same type"),
    ),
    (
        "{a = 1, b = 2}",
        "map(string)",
        Ok((
            r#"tomap({
  "a" = "1"
  "b" = "2"
})"#,
            "map(string)",
        )),
    ),
    (
        r#"{a = "x", b = "y"}"#,
        "map(number)",
        Err(r#"["a"]: a number is required"#),
    ),
    (
        r#"{a = [1], b = ["x"]}"#,
        "map(any)",
        Ok((
            r#"tomap({
  "a" = [
    "1",
  ]
  "b" = [
    "x",
  ]
})"#,
            r#"map(
    tuple([
        string,
    ]),
)"#,
        )),
    ),
    ("{}", "map(any)", Ok(("tomap({})", "map(dynamic)"))),
    ("{}", "map(string)", Ok(("tomap({})", "map(string)"))),
    (
        "{a = {x = 1}, b = {x = 2}}",
        "map(any)",
        Ok((
            r#"tomap({
  "a" = {
    "x" = 1
  }
  "b" = {
    "x" = 2
  }
})"#,
            r#"map(
    object({
        x: number,
    }),
)"#,
        )),
    ),
    (
        "{a = {x = 1}, b = {y = 2}}",
        "map(any)",
        Ok((
            r#"tomap({
  "a" = tomap({
    "x" = 1
  })
  "b" = tomap({
    "y" = 2
  })
})"#,
            "map(map(number))",
        )),
    ),
    (
        r#"{"b c" = 1, "a" = 2}"#,
        "map(number)",
        Ok((
            r#"tomap({
  "a" = 2
  "b c" = 1
})"#,
            "map(number)",
        )),
    ),
    (
        "{a = 1}",
        "map(list(string))",
        Err(r#"element "a": list of string required, but have number"#),
    ),
    // Objects to objects.
    (
        "{x = 1, extra = 2}",
        "object({x=string})",
        Ok((
            r#"{
  "x" = "1"
}"#,
            r#"object({
    x: string,
})"#,
        )),
    ),
    (
        "{a = 1}",
        "object({a=string, b=optional(number)})",
        Ok((
            r#"{
  "a" = "1"
  "b" = tonumber(null)
}"#,
            r#"object({
    a: string,
    b: number,
})"#,
        )),
    ),
    (
        "{}",
        "object({a=optional(string), b=optional(list(number))})",
        Ok((
            r#"{
  "a" = tostring(null)
  "b" = tolist(null) /* of number */
}"#,
            r#"object({
    a: string,
    b: list(number),
})"#,
        )),
    ),
    (
        "{a = null}",
        "object({a=optional(string)})",
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
        "{a = 1}",
        "object({a=string, b=string})",
        Err(r#"attribute "b" is required"#),
    ),
    (
        "{}",
        "object({a=string, b=string})",
        Err(r#"attributes "a" and "b" are required"#),
    ),
    (
        "{}",
        "object({c=string, b=string, a=string})",
        Err(r#"attributes "a", "b", and "c" are required"#),
    ),
    (
        r#"{a = "x"}"#,
        "object({a=number})",
        Err(".a: a number is required"),
    ),
    (
        r#"{a = {b = "x"}}"#,
        "object({a=object({b=number})})",
        Err(".a.b: a number is required"),
    ),
    (
        r#"{a = [{b = "x"}]}"#,
        "object({a=list(object({b=bool}))})",
        Err(".a[0].b: a bool is required"),
    ),
    (
        r#"{a = ["x"]}"#,
        "object({a=string})",
        Err(r#"attribute "a": string required, but have tuple"#),
    ),
    ("{a = 1}", "object({})", Ok(("{}", "object({})"))),
    (
        "{a = {b = 1}}",
        "object({a=object({b=string, c=optional(bool)})})",
        Ok((
            r#"{
  "a" = {
    "b" = "1"
    "c" = tobool(null)
  }
}"#,
            r#"object({
    a: object({
        b: string,
        c: bool,
    }),
})"#,
        )),
    ),
    (
        r#"[{a="x"}, {a="y", b="z"}]"#,
        "list(object({a=bool}))",
        Err("[0].a: a bool is required"),
    ),
    (
        r#"[{a=true}, {a="y", b="z"}]"#,
        "list(object({a=bool}))",
        Err("[1].a: a bool is required"),
    ),
    (
        r#"{a = ["x", 1]}"#,
        "object({a=list(string)})",
        Ok((
            r#"{
  "a" = tolist([
    "x",
    "1",
  ])
}"#,
            r#"object({
    a: list(string),
})"#,
        )),
    ),
    // Collections.
    (
        r#"tolist(["a", "b"])"#,
        "set(string)",
        Ok((
            r#"toset([
  "a",
  "b",
])"#,
            "set(string)",
        )),
    ),
    (
        r#"tolist(["b", "a", "b"])"#,
        "set(string)",
        Ok((
            r#"toset([
  "a",
  "b",
])"#,
            "set(string)",
        )),
    ),
    (
        r#"toset(["b", "a"])"#,
        "list(string)",
        Ok((
            r#"tolist([
  "a",
  "b",
])"#,
            "list(string)",
        )),
    ),
    (
        "tolist([1, 2])",
        "list(string)",
        Ok((
            r#"tolist([
  "1",
  "2",
])"#,
            "list(string)",
        )),
    ),
    (
        r#"tolist(["1", "x"])"#,
        "list(number)",
        Err("[1]: a number is required"),
    ),
    (
        r#"tolist(["a"])"#,
        "map(string)",
        Err("map of string required"),
    ),
    (r#"tolist(["a"])"#, "tuple([string])", Err("tuple required")),
    (r#"toset(["a"])"#, "tuple([string])", Err("tuple required")),
    (
        r#"tomap({a = "1", b = "2"})"#,
        "map(number)",
        Ok((
            r#"tomap({
  "a" = 1
  "b" = 2
})"#,
            "map(number)",
        )),
    ),
    (
        r#"tomap({a = "1", b = "x"})"#,
        "map(number)",
        Err(r#"["b"]: a number is required"#),
    ),
    (
        r#"tomap({a = "1"})"#,
        "object({a=number})",
        Ok((
            r#"{
  "a" = 1
}"#,
            r#"object({
    a: number,
})"#,
        )),
    ),
    (
        r#"tomap({a = "1", b = "2"})"#,
        "object({a=number})",
        Ok((
            r#"{
  "a" = 1
}"#,
            r#"object({
    a: number,
})"#,
        )),
    ),
    (
        r#"tomap({a = "1"})"#,
        "object({a=number, b=number})",
        Err(r#"map has no element for required attribute "b""#),
    ),
    (
        r#"tomap({a = "1"})"#,
        "object({a=number, b=optional(number)})",
        Ok((
            r#"{
  "a" = 1
  "b" = tonumber(null)
}"#,
            r#"object({
    a: number,
    b: number,
})"#,
        )),
    ),
    (
        r#"tomap({a = "x"})"#,
        "object({a=optional(list(string))})",
        Err(
            r#"map element type is incompatible with attribute "a": list of string required, but have string"#,
        ),
    ),
    (
        r#"tomap({b = "x"})"#,
        "object({a=optional(list(string)), b=string})",
        Ok((
            r#"{
  "a" = tolist(null) /* of string */
  "b" = "x"
}"#,
            r#"object({
    a: list(string),
    b: string,
})"#,
        )),
    ),
    (
        r#"tomap({a = "x"})"#,
        "list(string)",
        Err("list of string required"),
    ),
    (
        "tolist([[1], [2]])",
        "list(list(string))",
        Ok((
            r#"tolist([
  tolist([
    "1",
  ]),
  tolist([
    "2",
  ]),
])"#,
            "list(list(string))",
        )),
    ),
    (
        r#"tolist([tolist(["a"])])"#,
        "list(set(string))",
        Ok((
            r#"tolist([
  toset([
    "a",
  ]),
])"#,
            "list(set(string))",
        )),
    ),
    (
        "tomap({a = tolist([1])})",
        "map(list(string))",
        Ok((
            r#"tomap({
  "a" = tolist([
    "1",
  ])
})"#,
            "map(list(string))",
        )),
    ),
    (
        r#"tolist(["a"])"#,
        "list(number)",
        Err("[0]: a number is required"),
    ),
    (
        r#"tomap({a = "x"})"#,
        "map(bool)",
        Err(r#"["a"]: a bool is required"#),
    ),
    (
        "toset([1, 2])",
        "set(string)",
        Ok((
            r#"toset([
  "1",
  "2",
])"#,
            "set(string)",
        )),
    ),
    // Nulls.
    ("null", "string", Ok(("tostring(null)", "string"))),
    (
        "null",
        "list(string)",
        Ok(("tolist(null) /* of string */", "list(string)")),
    ),
    (
        "null",
        "object({a=optional(string)})",
        Ok((
            "null /* object */",
            r#"object({
    a: string,
})"#,
        )),
    ),
    (
        r#"["a", null]"#,
        "list(string)",
        Ok((
            r#"tolist([
  "a",
  tostring(null),
])"#,
            "list(string)",
        )),
    ),
    (
        "{a = null}",
        "map(string)",
        Ok((
            r#"tomap({
  "a" = tostring(null)
})"#,
            "map(string)",
        )),
    ),
    (
        "{a = null}",
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
        "[null, null]",
        "tuple([string, number])",
        Ok((
            r#"[
  tostring(null),
  tonumber(null),
]"#,
            r#"tuple([
    string,
    number,
])"#,
        )),
    ),
    // Dynamic targets.
    (
        r#"["a", 1]"#,
        "any",
        Ok((
            r#"[
  "a",
  1,
]"#,
            r#"tuple([
    string,
    number,
])"#,
        )),
    ),
    (
        "{a = 1}",
        "any",
        Ok((
            r#"{
  "a" = 1
}"#,
            r#"object({
    a: number,
})"#,
        )),
    ),
    (
        "[1, 2]",
        "list(any)",
        Ok((
            r#"tolist([
  1,
  2,
])"#,
            "list(number)",
        )),
    ),
    (
        r#"["a"]"#,
        "list(list(any))",
        Err("element 0: list of dynamic required, but have string"),
    ),
    (
        r#"[["a"], [1]]"#,
        "list(list(any))",
        Ok((
            r#"tolist([
  tolist([
    "a",
  ]),
  tolist([
    "1",
  ]),
])"#,
            "list(list(string))",
        )),
    ),
    (
        r#"[["a"], []]"#,
        "list(list(any))",
        Ok((
            r#"tolist([
  tolist([
    "a",
  ]),
  tolist([]),
])"#,
            "list(list(string))",
        )),
    ),
    (
        "{a = [1], b = []}",
        "map(list(any))",
        Ok((
            r#"tomap({
  "a" = tolist([
    1,
  ])
  "b" = tolist([])
})"#,
            "map(list(number))",
        )),
    ),
    (
        "[{a = 1}]",
        "list(object({a=any}))",
        Ok((
            r#"tolist([
  {
    "a" = 1
  },
])"#,
            r#"list(
    object({
        a: number,
    }),
)"#,
        )),
    ),
    (
        "{a = 1}",
        "object({a=any})",
        Ok((
            r#"{
  "a" = 1
}"#,
            r#"object({
    a: number,
})"#,
        )),
    ),
    (
        r#"["a", 1]"#,
        "tuple([any, any])",
        Ok((
            r#"[
  "a",
  1,
]"#,
            r#"tuple([
    string,
    number,
])"#,
        )),
    ),
    // Nesting and messages.
    (
        r#"[["a"], ["b", 1]]"#,
        "list(list(string))",
        Ok((
            r#"tolist([
  tolist([
    "a",
  ]),
  tolist([
    "b",
    "1",
  ]),
])"#,
            "list(list(string))",
        )),
    ),
    (
        r#"{k = {field = "x"}}"#,
        "map(object({field=number}))",
        Err(r#"["k"].field: a number is required"#),
    ),
    (
        r#"{k = ["x"]}"#,
        "map(list(number))",
        Err(r#"["k"][0]: a number is required"#),
    ),
    (
        r#"[[1, "a"]]"#,
        "list(tuple([number, number]))",
        Err("[0][1]: a number is required"),
    ),
    (
        "{a = [1, 2]}",
        "object({a=tuple([number])})",
        Err(r#"attribute "a": tuple required"#),
    ),
    ("[1]", "object({})", Err("object required, but have tuple")),
    ("{}", "tuple([])", Err("tuple required")),
    ("{}", "list(string)", Err("list of string required")),
    ("[]", "map(string)", Err("map of string required")),
    (
        r#"["a"]"#,
        "set(list(string))",
        Err("element 0: list of string required, but have string"),
    ),
    // Sets of structures are ordered by cty's set hash serialisation.
    (
        "[{a=10}, {a=9}, {a=1e10}, {a=0.00001}, {a=-1}, {a=12345678901}]",
        "set(any)",
        Ok((
            r#"toset([
  {
    "a" = -1
  },
  {
    "a" = 12345678901
  },
  {
    "a" = 10
  },
  {
    "a" = 10000000000
  },
  {
    "a" = 0.00001
  },
  {
    "a" = 9
  },
])"#,
            r#"set(
    object({
        a: number,
    }),
)"#,
        )),
    ),
    (
        r#"[["b"], ["a", "c"], ["a"], []]"#,
        "set(any)",
        Ok((
            r#"toset([
  tolist([
    "a",
    "c",
  ]),
  tolist([
    "a",
  ]),
  tolist([
    "b",
  ]),
  tolist([]),
])"#,
            "set(list(string))",
        )),
    ),
    (
        r#"[{a="x", b=true}, {a="x", b=false}, {a=null, b=true}]"#,
        "set(object({a=string, b=bool}))",
        Ok((
            r#"toset([
  {
    "a" = "x"
    "b" = false
  },
  {
    "a" = "x"
    "b" = true
  },
  {
    "a" = tostring(null)
    "b" = true
  },
])"#,
            r#"set(
    object({
        a: string,
        b: bool,
    }),
)"#,
        )),
    ),
    (
        r#"[tomap({k="v"}), tomap({a="z"}), tomap({})]"#,
        "set(map(string))",
        Ok((
            r#"toset([
  tomap({
    "a" = "z"
  }),
  tomap({
    "k" = "v"
  }),
  tomap({}),
])"#,
            "set(map(string))",
        )),
    ),
    (
        r#"[[1, "a"], [1, "\""]]"#,
        "set(tuple([number, string]))",
        Ok((
            r#"toset([
  [
    1,
    "\"",
  ],
  [
    1,
    "a",
  ],
])"#,
            r#"set(
    tuple([
        number,
        string,
    ]),
)"#,
        )),
    ),
    (
        "[1.5, 1.25, 100000000000, 0.1]",
        "set(number)",
        Ok((
            r#"toset([
  0.1,
  1.25,
  1.5,
  100000000000,
])"#,
            "set(number)",
        )),
    ),
    (
        "[{a=1}, {a=1}, {a=2}]",
        "set(any)",
        Ok((
            r#"toset([
  {
    "a" = 1
  },
  {
    "a" = 2
  },
])"#,
            r#"set(
    object({
        a: number,
    }),
)"#,
        )),
    ),
];

/// Conversions the console cannot show (unknowns, typed nulls, safe-only
/// conversions), following cty's rules; results as `Debug` shows them.
const RULES: &[(&str, &str, Result<&str, &str>)] = &[
    // Nulls and unknowns convert when their types do, taking the target
    // type with dynamic parts filled from the source.
    ("unknown(string)", "number", Ok("unknown(number)")),
    ("unknown()", "list(string)", Ok("unknown(list(string))")),
    ("unknown()", "any", Ok("unknown(any)")),
    ("null", "list(string)", Ok("tolist(null) /* of string */")),
    (
        "null(string)",
        "list(string)",
        Err("list of string required, but have string"),
    ),
    ("unknown(string)", "bool", Ok("unknown(bool)")),
    (
        "unknown(number)",
        "bool",
        Err("bool required, but have number"),
    ),
    (
        "unknown(tuple([string, number]))",
        "list(any)",
        Ok("unknown(list(string))"),
    ),
    (
        "null(object({a=number}))",
        "map(any)",
        Ok("tomap(null) /* of number */"),
    ),
    (
        "null(object({a=number}))",
        "object({a=optional(string), b=optional(bool)})",
        Ok("null /* object */"),
    ),
    (
        "unknown(list(any))",
        "list(string)",
        Ok("unknown(list(string))"),
    ),
    (
        "[unknown()]",
        "list(string)",
        Ok("tolist([\n  unknown(string),\n])"),
    ),
    (
        "[unknown()]",
        "list(any)",
        Ok("tolist([\n  unknown(any),\n])"),
    ),
    (
        r#"["a", unknown()]"#,
        "list(any)",
        Ok("tolist([\n  \"a\",\n  unknown(string),\n])"),
    ),
    (
        "{a = unknown()}",
        "object({a=number})",
        Ok("{\n  \"a\" = unknown(number)\n}"),
    ),
    // A set with unknowns may still lose elements, so its length, and the
    // list made from it, are unknown; with one element it cannot.
    (
        r#"toset(["a", unknown(string)])"#,
        "list(string)",
        Ok("unknown(list(string))"),
    ),
    (
        r#"toset([unknown(string)])"#,
        "list(string)",
        Ok("tolist([\n  unknown(string),\n])"),
    ),
    // Unknowns never merge in sets, and sort after known elements.
    (
        r#"[unknown(string), "b", unknown(string), "a"]"#,
        "set(string)",
        Ok("toset([\n  \"a\",\n  \"b\",\n  unknown(string),\n  unknown(string),\n])"),
    ),
    // Nulls sort last, and merge.
    (
        r#"[null, "b", null]"#,
        "set(string)",
        Ok("toset([\n  \"b\",\n  tostring(null),\n])"),
    ),
    // Empty collections keep a concrete source element type.
    ("emptylist(number)", "set(any)", Ok("toset([])")),
    ("emptymap(number)", "map(any)", Ok("tomap({})")),
];

#[test]
fn conversion_rules() {
    let mut failures = Vec::new();
    for &(input, ty, want) in RULES {
        let got = convert(&v(input), &t(ty))
            .map(|r| format!("{r:?}"))
            .map_err(|e| e.to_string());
        let want = want.map(str::to_owned).map_err(str::to_owned);
        if got != want {
            failures.push(format!(
                "{input} => {ty}\n  got:  {got:?}\n  want: {want:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn empty_collection_types() {
    let set = convert(&v("emptylist(number)"), &t("set(any)")).unwrap();
    assert_eq!(set.ty(), &t("set(number)"));
    let map = convert(&v("emptymap(number)"), &t("map(any)")).unwrap();
    assert_eq!(map.ty(), &t("map(number)"));
    let list = convert(&v("[]"), &t("list(any)")).unwrap();
    assert_eq!(list.ty(), &t("list(any)"));
    // Nulls inside lose optional attribute markers from their types.
    let list = convert(&v("[null]"), &t("list(object({a=optional(string)}))")).unwrap();
    assert_eq!(list.ty(), &t("list(object({a=string}))"));
}

#[test]
fn safe_conversions() {
    use tofu_types::convert::{convert_safe, get_conversion};
    // Only number and bool to string are safe among primitives.
    assert_eq!(convert_safe(&v("1"), &Type::String).unwrap(), v(r#""1""#));
    assert_eq!(
        convert_safe(&v(r#""1""#), &Type::Number)
            .unwrap_err()
            .to_string(),
        "number required"
    );
    // Lists lose order and duplicates as sets: unsafe. cty then describes
    // the element types, which match.
    assert_eq!(
        convert_safe(&v(r#"tolist(["a"])"#), &t("set(string)"))
            .unwrap_err()
            .to_string(),
        "incorrect set element type: string required, but have string"
    );
    assert!(get_conversion(&t("list(string)"), &t("set(string)"), false).is_none());
    assert!(get_conversion(&t("list(string)"), &t("set(string)"), true).is_some());
    assert!(get_conversion(&t("set(string)"), &t("list(string)"), false).is_some());
    // Maps to objects and anything from `any` are unsafe too.
    assert!(get_conversion(&t("map(string)"), &t("object({a=string})"), false).is_none());
    assert!(get_conversion(&Type::Dynamic, &Type::String, false).is_none());
    assert!(get_conversion(&Type::Dynamic, &Type::String, true).is_some());
    // There is no conversion from a primitive type to itself.
    assert!(get_conversion(&Type::String, &Type::String, true).is_none());
    // A conversion applies to values of its source type.
    let c = get_conversion(&t("tuple([number, bool])"), &t("list(string)"), false).unwrap();
    assert_eq!(
        c.apply(&v("[1, true]")).unwrap(),
        v(r#"tolist(["1", "true"])"#)
    );
}

#[test]
fn error_paths() {
    use tofu_types::convert::{IndexKey, PathStep};
    let err = convert(
        &v(r#"{k = [{f = "x"}]}"#),
        &t("map(list(object({f=number})))"),
    )
    .unwrap_err();
    assert_eq!(err.message, "a number is required");
    assert_eq!(
        err.path,
        [
            PathStep::Index(IndexKey::String("k".into())),
            PathStep::Index(IndexKey::Int(0)),
            PathStep::Attr("f".into()),
        ]
    );
    assert_eq!(err.path_string(), r#"["k"][0].f"#);
    assert_eq!(err.to_string(), r#"["k"][0].f: a number is required"#);
    // Go's shortest %g for large indexes.
    let mut many = vec![Value::string("1"); 1_000_000];
    many.push(Value::string("x"));
    let err = convert(&Value::tuple(many), &t("list(number)")).unwrap_err();
    assert_eq!(err.to_string(), "[1e+06]: a number is required");
}
