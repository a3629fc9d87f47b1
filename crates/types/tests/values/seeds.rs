//! The examples with stated results in the language documents
//! (`shared/seeds`): 001 types and values, 002 input variables, 003
//! references, 004 type constraints.

use tofu_types::defaults::convert_with_defaults;
use tofu_types::{Defaults, Type, Value, convert, render};

use crate::defaults::{collection, object};
use crate::support::{t, v};

fn converts(value: &str, ty: &str) -> Value {
    convert(&v(value), &t(ty)).unwrap_or_else(|e| panic!("{value} => {ty}: {e}"))
}

fn fails(value: &str, ty: &str) -> String {
    convert(&v(value), &t(ty))
        .expect_err("no conversion")
        .to_string()
}

/// 001, 004: "true converts to "true", and vice versa", likewise false
/// and 15.
#[test]
fn primitive_conversions() {
    for (primitive, text, ty) in [
        ("true", r#""true""#, "bool"),
        ("false", r#""false""#, "bool"),
        ("15", r#""15""#, "number"),
    ] {
        assert_eq!(converts(primitive, "string"), v(text));
        assert_eq!(converts(text, ty), v(primitive));
    }
}

/// 001: the literal forms and the types of their values.
#[test]
fn literals() {
    let cases = [
        (r#""hello""#, "string"),
        ("15", "number"),
        ("6.283185", "number"),
        ("true", "bool"),
        (r#"["us-west-1a", "us-west-1c"]"#, "tuple([string, string])"),
        (r#"["a", 15, true]"#, "tuple([string, number, bool])"),
        (
            r#"{name = "Mabel", age = 52}"#,
            "object({age=number, name=string})",
        ),
        ("null", "any"),
    ];
    for (literal, ty) in cases {
        assert_eq!(v(literal).ty(), &t(ty), "{literal}");
    }
    assert_eq!(render(&v("6.283185")), "6.283185");
    // `{name = "John" age = 52}` is an object that a map type accepts as
    // well, once its values share a type.
    assert_eq!(
        render(&converts(r#"{name = "John", age = 52}"#, "map(string)")),
        "tomap({\n  \"age\" = \"52\"\n  \"name\" = \"John\"\n})"
    );
}

/// 002: defaults must convert to the declared type.
#[test]
fn variable_defaults() {
    assert_eq!(
        render(&converts(r#"["us-west-1a"]"#, "list(string)")),
        "tolist([\n  \"us-west-1a\",\n])"
    );
    let ports = converts(
        r#"[{internal = 8300, external = 8300, protocol = "tcp"}]"#,
        "list(object({internal=number, external=number, protocol=string}))",
    );
    assert_eq!(
        render(&ports),
        r#"tolist([
  {
    "external" = 8300
    "internal" = 8300
    "protocol" = "tcp"
  },
])"#
    );
}

/// 002, 003: sensitive values and values known only after apply are shown
/// by placeholders, also inside other values.
#[test]
fn placeholders() {
    let user = converts(
        r#"sensitive({name = "Jae", address = "x"})"#,
        "object({name=string, address=string})",
    );
    assert_eq!(render(&user), "(sensitive value)");
    let name = user.unmark().0.get_attr("name").cloned().unwrap();
    // Derived from a sensitive value, so sensitive too.
    assert_eq!(render(&name.with_marks(user.marks())), "(sensitive value)");
    assert_eq!(
        render(&v("{id = unknown(string), length = 2}")),
        "{\n  \"id\" = (known after apply)\n  \"length\" = 2\n}"
    );
}

/// 004: collection types differ by element type.
#[test]
fn collection_types() {
    assert_ne!(t("list(string)"), t("list(number)"));
    // `list` alone means `list(any)`.
    assert_eq!(
        t("list(any)").friendly_name_for_constraint(),
        "list of any single type"
    );
    // `{ "foo": "bar", "bar": "baz" }` and `{ foo = "bar", bar = "baz" }`
    // are the same value.
    let a = v(r#"{"foo": "bar", "bar": "baz"}"#);
    let b = v(r#"{foo = "bar", bar = "baz"}"#);
    assert_eq!(a, b);
    assert_eq!(a.equals(&b).as_bool(), Some(true));
}

/// 004: structural types.
#[test]
fn structural_types() {
    let john = converts(
        r#"{name = "John", age = 52}"#,
        "object({name=string, age=number})",
    );
    assert_eq!(john, v(r#"{name = "John", age = 52}"#));
    // Extra attributes of a resource object are dropped.
    let vpc = converts(
        r#"{id = "vpc-1", cidr_block = "10.0.0.0/16", tags = {}}"#,
        "object({id=string, cidr_block=string})",
    );
    assert_eq!(vpc, v(r#"{id = "vpc-1", cidr_block = "10.0.0.0/16"}"#));
    assert_eq!(
        converts(r#"["a", 15, true]"#, "tuple([string, number, bool])"),
        v(r#"["a", 15, true]"#)
    );
    // Tuples must have exactly the right number of elements.
    assert_eq!(
        fails(r#"["a", 15]"#, "tuple([string, number, bool])"),
        "tuple required"
    );
}

/// 004: conversions between similar kinds.
#[test]
fn complex_conversions() {
    // A map converts to an object if it has at least the required keys;
    // the others are lost, so map to object to map loses data.
    let object = converts(r#"tomap({a = "1", b = "2"})"#, "object({a=string})");
    assert_eq!(object, v(r#"{a = "1"}"#));
    assert_eq!(
        converts(&render(&object), "map(string)"),
        v(r#"tomap({a = "1"})"#)
    );
    assert_eq!(
        fails(r#"tomap({b = "2"})"#, "object({a=string})"),
        r#"map has no element for required attribute "a""#
    );
    // The document says a list converts to a tuple of the same length,
    // but there is no such conversion in cty, so OpenTofu refuses it.
    assert_eq!(
        fails(r#"tolist(["a"])"#, "tuple([string])"),
        "tuple required"
    );
    // To a set: duplicates go and the order is lost.
    assert_eq!(
        render(&converts(r#"["b", "a", "b"]"#, "set(string)")),
        "toset([\n  \"a\",\n  \"b\",\n])"
    );
    // From a set of strings: sorted lexicographically.
    assert_eq!(
        render(&converts(r#"toset(["b", "c", "a"])"#, "list(string)")),
        "tolist([\n  \"a\",\n  \"b\",\n  \"c\",\n])"
    );
    // `["a", 15, true]` as `list(string)`, and its elements converted back
    // where a number and a bool are wanted.
    let list = converts(r#"["a", 15, true]"#, "list(string)");
    assert_eq!(list, v(r#"tolist(["a", "15", "true"])"#));
    let elements = list.elements().unwrap();
    assert_eq!(convert(&elements[1], &Type::Number).unwrap(), v("15"));
    assert_eq!(convert(&elements[2], &Type::Bool).unwrap(), v("true"));
    // A tuple cannot become a string, so this object is no `map(string)`.
    assert_eq!(
        fails(
            r#"{name = ["Kristy", "Claudia", "Mary Anne", "Stacey"], age = 12}"#,
            "map(string)"
        ),
        r#"element "name": string required, but have tuple"#
    );
}

/// 004: `any` in collections is replaced by one element type.
#[test]
fn any_in_collections() {
    assert_eq!(
        converts(r#"["a", "b", "c"]"#, "list(any)").ty(),
        &t("list(string)")
    );
    assert_eq!(
        converts(r#"["a", 1, "b"]"#, "list(any)"),
        v(r#"tolist(["a", "1", "b"])"#)
    );
    for (ty, kind) in [("list(any)", "list"), ("set(any)", "set")] {
        assert_eq!(
            fails(r#"["a", [], "b"]"#, ty),
            format!("all {kind} elements must have the same type")
        );
    }
    assert_eq!(
        converts(r#"{a = "x", b = 1}"#, "map(any)"),
        v(r#"tomap({a = "x", b = "1"})"#)
    );
    assert_eq!(
        fails(r#"{a = "x", b = []}"#, "map(any)"),
        "all map elements must have the same type"
    );
}

/// 004: `optional(string)` is null when absent, `optional(number, 127)`
/// is 127 when absent or null.
#[test]
fn optional_attributes() {
    let ty = "object({a=string, b=optional(string), c=optional(number)})";
    let d = object(ty, &[("c", "127")], vec![]);
    for given in [r#"{a = "x"}"#, r#"{a = "x", c = null}"#] {
        let got = convert_with_defaults(&v(given), &t(ty), Some(&d)).unwrap();
        assert_eq!(got, v(r#"{a = "x", b = null(string), c = 127}"#), "{given}");
    }
    assert_eq!(fails("{}", ty), r#"attribute "a" is required"#);
}

/// The constraint of the `buckets` variable in 004, with its defaults.
fn buckets() -> (Type, Defaults) {
    let website = "object({index_document=optional(string), error_document=optional(string), routing_rules=optional(string)})";
    let bucket =
        format!("object({{name=string, enabled=optional(bool), website=optional({website})}})");
    let list = format!("list({bucket})");
    let website_defaults = object(
        website,
        &[
            ("index_document", r#""index.html""#),
            ("error_document", r#""error.html""#),
        ],
        vec![],
    );
    let bucket_defaults = object(
        &bucket,
        &[("enabled", "true"), ("website", "{}")],
        vec![("website", website_defaults)],
    );
    (t(&list), collection(&list, bucket_defaults))
}

/// 004: the `buckets` example prints as the document shows (which drops
/// the indentation the console puts on the heredoc's empty line).
#[test]
fn buckets_example() {
    let rules = "[\n  {\n    \"Condition\" = { \"KeyPrefixEquals\": \"img/\" },\n    \"Redirect\"  = { \"ReplaceKeyPrefixWith\": \"images/\" }\n  }\n]\n";
    let given = Value::tuple(vec![
        Value::object([
            ("name", v(r#""production""#)),
            (
                "website",
                Value::object([("routing_rules", Value::string(rules))]),
            ),
        ]),
        v(r#"{name = "archived", enabled = false}"#),
        v(
            r#"{name = "docs", website = {index_document = "index.txt", error_document = "error.txt"}}"#,
        ),
    ]);
    let (ty, defaults) = buckets();
    let got = render(&convert_with_defaults(&given, &ty, Some(&defaults)).unwrap());
    let want = r#"tolist([
  {
    "enabled" = true
    "name" = "production"
    "website" = {
      "error_document" = "error.html"
      "index_document" = "index.html"
      "routing_rules" = <<-EOT
      [
        {
          "Condition" = { "KeyPrefixEquals": "img/" },
          "Redirect"  = { "ReplaceKeyPrefixWith": "images/" }
        }
      ]
      
      EOT
    }
  },
  {
    "enabled" = false
    "name" = "archived"
    "website" = {
      "error_document" = "error.html"
      "index_document" = "index.html"
      "routing_rules" = tostring(null)
    }
  },
  {
    "enabled" = true
    "name" = "docs"
    "website" = {
      "error_document" = "error.txt"
      "index_document" = "index.txt"
      "routing_rules" = tostring(null)
    }
  },
])"#;
    assert_eq!(got, want);
}

/// 004: setting attributes to null leaves them to their defaults
/// (`var.legacy_filenames` false).
#[test]
fn conditional_null_attributes() {
    let given =
        v(r#"[{name = "maybe_legacy", website = {error_document = null, index_document = null}}]"#);
    let (ty, defaults) = buckets();
    let got = convert_with_defaults(&given, &ty, Some(&defaults)).unwrap();
    assert_eq!(
        got,
        v(
            r#"tolist([{name = "maybe_legacy", enabled = true, website = {error_document = "error.html", index_document = "index.html", routing_rules = null(string)}}])"#
        )
    );
    let legacy = v(
        r#"[{name = "maybe_legacy", website = {error_document = "ERROR.HTM", index_document = "INDEX.HTM"}}]"#,
    );
    let got = convert_with_defaults(&legacy, &ty, Some(&defaults)).unwrap();
    let website = got.elements().unwrap()[0]
        .get_attr("website")
        .unwrap()
        .clone();
    assert_eq!(
        website,
        v(
            r#"{error_document = "ERROR.HTM", index_document = "INDEX.HTM", routing_rules = null(string)}"#
        )
    );
}
