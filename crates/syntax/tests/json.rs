//! Tests of the JSON syntax: its data-driven cases on their own, HCL's own
//! parser cases, the typed view, nesting limits, and properties over random
//! and mutated input.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::path::Path;

use proptest::prelude::*;
use tofu_syntax::json::{self, JsonMember, JsonScalarKind, JsonValue};
use tofu_syntax::{Parse, SyntaxKind, debug_dump};

const ROOT_ERROR: &str = "Root value must be object";

/// Every error lies within the text, on character boundaries.
fn check_invariants(text: &str, parse: &Parse) {
    assert_eq!(parse.syntax().to_string(), text, "the tree must round-trip");
    assert_eq!(parse.syntax().kind(), SyntaxKind::JSON_FILE);
    for error in parse.errors() {
        let (start, end) = (
            usize::from(error.range().unwrap().start()),
            usize::from(error.range().unwrap().end()),
        );
        assert!(end <= text.len(), "{error:?} is outside the text");
        assert!(
            text.is_char_boundary(start) && text.is_char_boundary(end),
            "{error:?}"
        );
    }
}

fn summaries(parse: &Parse) -> Vec<&str> {
    parse.errors().iter().map(|e| e.summary.as_str()).collect()
}

/// The JSON cases of `test_data`, so that they can be run and updated
/// (`UPDATE_EXPECT=1`) without the native ones.
#[test]
fn data_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data");
    let mut seen = 0;
    for (dir, expect_errors) in [("ok", false), ("err", true)] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let parse = json::parse(&text);
            check_invariants(&text, &parse);
            let name = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(
                !parse.errors().is_empty(),
                expect_errors,
                "{name}: {:#?}",
                parse.errors()
            );
            expect_test::expect_file![path.with_file_name(format!("{name}.txt"))]
                .assert_eq(&debug_dump(&parse));
            seen += 1;
        }
    }
    assert!(seen >= 50, "only {seen} JSON cases");
}

/// The cases of HCL's `json/parser_test.go`, with the number of errors HCL's
/// parser reports for them (before the root check `json.Parse` adds).
#[test]
fn hcl_parser_cases() {
    let cases: &[(&str, usize)] = &[
        ("true", 0),
        ("false", 0),
        ("null", 0),
        ("undefined", 1),
        ("flase", 1),
        (r#""hello""#, 0),
        (r#""hello\nworld""#, 0),
        (r#""hello \"world\"""#, 0),
        (r#""hello \\""#, 0),
        (r#""hello"#, 1),
        (r#""he\llo""#, 1),
        ("1", 0),
        ("1.2", 0),
        ("-1", 0),
        ("1.2e5", 0),
        ("1.2e+5", 0),
        ("1.2e-5", 0),
        (".1", 1),
        ("+2", 1),
        ("1 2", 1),
        (r#"{"hello": true}"#, 0),
        (r#"{"hello": true, "bye": false}"#, 0),
        ("{}", 0),
        (r#"{"hello":true"#, 1),
        (r#"{"hello":true]"#, 1),
        (r#"{"hello":true,}"#, 1),
        ("{true:false}", 1),
        (r#"{"hello": true, "hello": true}"#, 0),
        (r#"{"hello": true, "hello": true, "hello", true}"#, 1),
        (r#"{"hello", "world"}"#, 1),
        ("[]", 0),
        ("[true]", 0),
        ("[true, false]", 0),
        ("[[]]", 0),
        ("[", 2),
        ("[true", 1),
        ("]", 1),
        ("[true,]", 1),
        ("[[],]", 1),
        (r#"["hello":true]"#, 1),
        ("[true}", 1),
        (r#"{"wrong"=true}"#, 1),
        (r#"{"wrong" = true}"#, 1),
        (r#"{"wrong" true}"#, 1),
    ];
    for &(text, expected) in cases {
        let parse = json::parse(text);
        check_invariants(text, &parse);
        let errors = summaries(&parse)
            .into_iter()
            .filter(|s| *s != ROOT_ERROR)
            .count();
        assert_eq!(errors, expected, "{text}: {:#?}", parse.errors());
    }
}

/// HCL's `json/public_test.go`: `json.Parse` adds the root check.
#[test]
fn hcl_public_cases() {
    let parse = json::parse("true");
    assert_eq!(summaries(&parse), [ROOT_ERROR]);

    let parse = json::parse("{\n  \"http_proxy_url: \"http://xxxxxx\",\n}");
    assert_eq!(
        summaries(&parse),
        ["Missing property value colon", ROOT_ERROR]
    );
}

#[test]
fn error_details_and_ranges() {
    let parse = json::parse(r#"{"a": [1, 2,], "b" = 3}"#);
    let errors: Vec<_> = parse
        .errors()
        .iter()
        .map(|e| (e.summary.as_str(), e.detail.as_str(), e.range().unwrap()))
        .collect();
    assert_eq!(
        errors,
        [
            (
                "Trailing comma in array",
                "JSON does not permit a trailing comma after the final value in an array.",
                range(11, 12)
            ),
            (
                "Mismatched braces",
                "A JSON object must be closed with a brace, not a bracket.",
                range(13, 14)
            ),
            (
                ROOT_ERROR,
                "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
                range(0, 1)
            ),
        ]
    );
}

fn range(start: u32, end: u32) -> tofu_syntax::TextRange {
    tofu_syntax::TextRange::new(start.into(), end.into())
}

#[test]
fn typed_view() {
    let text = r#"{
  "//": "comment",
  "variable": {"region": {"default": "eu-\u0077est-1", "sensitive": false}},
  "output": [{"id": {"value": 1.5e3}}, null],
  "\/\/": 0,
  "oops": 01
}"#;
    let parse = json::parse(text);
    assert_eq!(summaries(&parse), ["Invalid JSON number"]);
    let file = json::JsonFile::cast(parse.syntax()).unwrap();
    let root = file.value().unwrap();
    let root = root.as_object().unwrap();
    assert_eq!(root.l_brace_token().unwrap().text_range(), range(0, 1));
    let close = text.len() as u32;
    assert_eq!(
        root.r_brace_token().unwrap().text_range(),
        range(close - 1, close)
    );

    let members: Vec<JsonMember> = root.members().collect();
    let names: Vec<String> = members
        .iter()
        .map(|m| m.name().unwrap().into_owned())
        .collect();
    assert_eq!(names, ["//", "variable", "output", "//", "oops"]);
    let comments: Vec<bool> = members.iter().map(JsonMember::is_comment).collect();
    assert_eq!(comments, [true, false, false, true, false]);
    assert_eq!(members[0].name_token().text(), r#""//""#);
    assert_eq!(members[3].name_token().text(), r#""\/\/""#);
    // A rejected value is not a value.
    assert!(members[4].value().is_none());

    let variable = members[1].value().unwrap();
    let region = variable.as_object().unwrap().members().next().unwrap();
    assert_eq!(region.name().as_deref(), Some("region"));
    let attrs: Vec<JsonMember> = region
        .value()
        .unwrap()
        .as_object()
        .unwrap()
        .members()
        .collect();
    let default = attrs[0].value().unwrap();
    let default = default.as_scalar().unwrap();
    assert_eq!(default.kind(), JsonScalarKind::String);
    assert_eq!(default.as_str().as_deref(), Some("eu-west-1"));
    assert_eq!(default.number_text(), None);
    let sensitive = attrs[1].value().unwrap();
    assert_eq!(sensitive.as_scalar().unwrap().as_bool(), Some(false));

    let output = members[2].value().unwrap();
    let output = output.as_array().unwrap();
    assert_eq!(output.l_brack_token().unwrap().text(), "[");
    assert!(output.r_brack_token().is_some());
    let elements: Vec<JsonValue> = output.elements().collect();
    assert_eq!(elements.len(), 2);
    assert!(elements[1].as_scalar().unwrap().is_null());
    let first = elements[0].as_object().unwrap();
    assert_eq!(
        elements[0].start_range(),
        first.l_brace_token().unwrap().text_range()
    );
    let value = first.members().next().unwrap().value().unwrap();
    let number = value
        .as_object()
        .unwrap()
        .members()
        .next()
        .unwrap()
        .value()
        .unwrap();
    assert_eq!(number.as_scalar().unwrap().number_text(), Some("1.5e3"));
    assert_eq!(number.start_range(), number.text_range());
}

#[test]
fn typed_view_of_broken_files() {
    let parse = json::parse(r#"{"a": 1,}"#);
    let root = json::JsonFile::cast(parse.syntax())
        .unwrap()
        .value()
        .unwrap();
    let root = root.as_object().unwrap();
    assert_eq!(root.members().count(), 1);
    // HCL stops before the brace, which ends up outside the object.
    assert!(root.r_brace_token().is_none());

    let parse = json::parse("01");
    assert!(
        json::JsonFile::cast(parse.syntax())
            .unwrap()
            .value()
            .is_none()
    );
    assert_eq!(summaries(&parse), ["Invalid JSON number", ROOT_ERROR]);
}

#[test]
fn nesting_limit() {
    let depth = 300;
    let text = format!(
        r#"{{"a": {}{}}}"#,
        "[".repeat(depth - 1),
        "]".repeat(depth - 1)
    );
    let parse = json::parse(&text);
    check_invariants(&text, &parse);
    assert_eq!(summaries(&parse), ["Value nested too deeply"]);
    // The 257th level starts after the root object and 255 arrays.
    let at = 6 + 255;
    assert_eq!(parse.errors()[0].range().unwrap(), range(at, at + 1));
    assert!(max_depth(&parse) < 300);

    // Within the limit, all is well.
    let text = format!("{}{}", "[".repeat(256), "]".repeat(256));
    assert!(json::parse(&text).errors().is_empty());
}

#[test]
fn deep_and_unbalanced_input_does_not_overflow() {
    for text in [
        "[".repeat(200_000),
        "{\"a\":".repeat(100_000),
        format!("{}{}", "[{\"a\":".repeat(50_000), "}]".repeat(50_000)),
    ] {
        let parse = json::parse(&text);
        check_invariants(&text, &parse);
        assert!(!parse.errors().is_empty());
        assert!(max_depth(&parse) < 1000);
    }
}

fn max_depth(parse: &Parse) -> usize {
    let mut depth = 0usize;
    let mut max = 0;
    for event in parse.syntax().preorder() {
        match event {
            rowan::WalkEvent::Enter(_) => {
                depth += 1;
                max = max.max(depth);
            }
            rowan::WalkEvent::Leave(_) => depth -= 1,
        }
    }
    max
}

// ---- properties ----

/// A JSON value to generate, print and compare with what the typed view
/// reads back.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

fn number() -> impl Strategy<Value = String> {
    (
        any::<i64>(),
        proptest::option::of(0u32..1000),
        proptest::option::of(-400i32..400),
    )
        .prop_map(|(int, fraction, exponent)| {
            let mut s = int.to_string();
            if let Some(fraction) = fraction {
                s.push_str(&format!(".{fraction:03}"));
            }
            if let Some(exponent) = exponent {
                s.push_str(&format!("e{exponent:+}"));
            }
            s
        })
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number().prop_map(Value::Number),
        any::<String>().prop_map(Value::String),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((any::<String>(), inner), 0..6).prop_map(Value::Object),
        ]
    })
}

/// Prints `value` as JSON, escaping in varied ways chosen by `seed`.
fn print(value: &Value, seed: &mut u64, out: &mut String) {
    let mut coin = || {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33).is_multiple_of(4)
    };
    let space = if coin() { " \n\t" } else { "" };
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(n),
        Value::String(s) => print_string(s, coin(), out),
        Value::Array(elements) => {
            out.push('[');
            for (i, element) in elements.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(space);
                print(element, seed, out);
            }
            out.push_str(space);
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (name, value)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(space);
                print_string(name, i % 2 == 0, out);
                out.push_str(space);
                out.push(':');
                print(value, seed, out);
            }
            out.push_str(space);
            out.push('}');
        }
    }
}

fn print_string(s: &str, escape_all: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '/' if escape_all => out.push_str("\\/"),
            // Raw, U+0600 and up could be a prepended mark, which hides a
            // quote or backslash after it from HCL's scanner.
            c if (c as u32) < 0x20 || (!c.is_ascii() && (escape_all || c >= '\u{600}')) => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04X}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn read_back(value: &JsonValue) -> Value {
    match value {
        JsonValue::Object(object) => Value::Object(
            object
                .members()
                .map(|m| {
                    (
                        m.name().unwrap().into_owned(),
                        read_back(&m.value().unwrap()),
                    )
                })
                .collect(),
        ),
        JsonValue::Array(array) => Value::Array(array.elements().map(|v| read_back(&v)).collect()),
        JsonValue::Scalar(scalar) => match scalar.kind() {
            JsonScalarKind::String => Value::String(scalar.as_str().unwrap().into_owned()),
            JsonScalarKind::Number => Value::Number(scalar.number_text().unwrap().to_owned()),
            JsonScalarKind::Bool => Value::Bool(scalar.as_bool().unwrap()),
            JsonScalarKind::Null => Value::Null,
        },
    }
}

/// Characters that make for interesting JSON mutations.
fn json_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(
            &[
                '{', '}', '[', ']', ',', ':', '"', '\\', '=', ' ', '\n', '\r', '\t', '-', '+', '.',
                'e', '0', '1', 'u', 't', 'n', '/', '\u{600}', 'é', '\u{feff}',
            ][..]
        ),
        any::<char>(),
    ]
}

// Cases default to 256; `PROPTEST_CASES` asks for more.
proptest! {
    #[test]
    fn random_text_round_trips(text in prop::collection::vec(json_char(), 0..64)) {
        let text: String = text.into_iter().collect();
        check_invariants(&text, &json::parse(&text));
    }

    #[test]
    fn any_string_round_trips(text in any::<String>()) {
        check_invariants(&text, &json::parse(&text));
    }

    #[test]
    fn valid_json_reads_back(members in prop::collection::vec((any::<String>(), value()), 0..6), seed: u64) {
        let root = Value::Object(members);
        let mut text = String::new();
        print(&root, &mut seed.clone(), &mut text);
        let parse = json::parse(&text);
        check_invariants(&text, &parse);
        prop_assert!(parse.errors().is_empty(), "{text}: {:#?}", parse.errors());
        let file = json::JsonFile::cast(parse.syntax()).unwrap();
        prop_assert_eq!(read_back(&file.value().unwrap()), root);
    }

    #[test]
    fn mutated_json_round_trips(
        value in value(),
        seed: u64,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0..3u8, json_char()), 1..6),
    ) {
        let mut text = String::new();
        print(&value, &mut seed.clone(), &mut text);
        let mut chars: Vec<char> = text.chars().collect();
        for (at, op, c) in edits {
            let i = at.index(chars.len() + 1);
            match op {
                0 => chars.insert(i, c),
                1 if i < chars.len() => { chars.remove(i); }
                _ if i < chars.len() => chars[i] = c,
                _ => chars.push(c),
            }
        }
        let text: String = chars.into_iter().collect();
        check_invariants(&text, &json::parse(&text));
    }
}
