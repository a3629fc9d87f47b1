//! Expressions in the JSON syntax: strings are templates, keys too.

use std::path::Path;

use tofu_eval::functions::TableKind;
use tofu_eval::{EvalContext, FunctionTable, NoFileSystem, NoVariables, evaluate_json};
use tofu_syntax::SourceKind;
use tofu_syntax::json::JsonFile;
use tofu_types::render;

fn eval(text: &str, interpolate: bool) -> (String, Vec<String>) {
    let parse = tofu_syntax::parse(text, SourceKind::Json);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    let value = JsonFile::cast(parse.syntax())
        .and_then(|f| f.value())
        .expect("a value");
    let functions = FunctionTable::builtin(TableKind::Configuration);
    let ctx = EvalContext {
        scope: &NoVariables,
        functions: &functions,
        fs: &NoFileSystem,
        base_dir: Path::new("."),
        pure_only: true,
        source_text: text,
        file_name: "main.tf.json",
        assume_non_empty: false,
    };
    let (value, diagnostics) = evaluate_json(&value, &ctx, interpolate);
    let errors = diagnostics
        .iter()
        .map(|d| {
            let range = d.range().map(|r| &text[r]).unwrap_or("");
            format!("{}: {} [{range}]", d.summary, d.detail)
        })
        .collect();
    (render(&value), errors)
}

#[test]
fn strings_are_templates_when_interpolating() {
    let (value, errors) = eval(
        r#"{"a": "${1 + 1}", "b": [1, "x${upper(\"y\")}"], "${\"k\"}": true, "n": 1.5e3, "z": null}"#,
        true,
    );
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        value,
        "{\n  \"a\" = 2\n  \"b\" = [\n    1,\n    \"xY\",\n  ]\n  \"k\" = true\n  \"n\" = 1500\n  \"z\" = null\n}"
    );
}

#[test]
fn strings_are_literal_without_interpolation() {
    let (value, errors) = eval(r#"{"v": ["${1 + 1}", "a\nb"]}"#, false);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        value,
        "{\n  \"v\" = [\n    \"${1 + 1}\",\n    <<-EOT\n    a\n    b\n    EOT,\n  ]\n}"
    );
}

#[test]
fn key_errors_and_duplicates() {
    let (value, errors) = eval(r#"{"a": 1, "a": 2, "${null}": 3, "${[]}": 4}"#, true);
    assert_eq!(value, "{\n  \"a\" = 1\n}");
    assert_eq!(
        errors,
        [
            "Duplicate object attribute: An attribute named \"a\" was already defined at main.tf.json:1,2-5. [\"a\"]",
            "Invalid object key expression: Cannot use null value as an object key. [\"${null}\"]",
            "Invalid object key expression: Cannot use this expression as an object key: string required, but have tuple. [\"${[]}\"]",
        ]
    );
}

#[test]
fn template_errors_point_into_the_string() {
    let (_, errors) = eval(r#"{"a": "x ${nosuch(1)}"}"#, true);
    assert_eq!(
        errors,
        ["Call to unknown function: There is no function named \"nosuch\". [nosuch]"]
    );
}
