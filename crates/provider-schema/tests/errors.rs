//! What is reported for input that is not a schema document, each case
//! rendered with every error found: by `parse` (text that is not JSON, with
//! its line and column; a format version other than 1.x; objects of the wrong
//! shape down to the maps of schemas, with their path) and on first access
//! to each schema (with its path).

use expect_test::expect;
use tofu_provider_schema::{ProviderSchemas, SchemaError, SchemaKind};

/// `parse`'s error, or the error of every schema that fails on access.
fn errors(text: &str) -> String {
    let schemas = match ProviderSchemas::parse(text) {
        Ok(schemas) => schemas,
        Err(error) => return format!("    parse: {error}\n"),
    };
    let mut out = String::new();
    let mut report = |error: SchemaError| out.push_str(&format!("    access: {error}\n"));
    for provider in schemas.providers() {
        if let Err(error) = provider.provider_config() {
            report(error);
        }
        for kind in SchemaKind::ALL {
            for name in provider.type_names(kind) {
                if let Err(error) = provider.schema(kind, name).unwrap() {
                    report(error);
                }
            }
        }
        for name in provider.function_names() {
            if let Err(error) = provider.function(name).unwrap() {
                report(error);
            }
        }
    }
    if out.is_empty() {
        out.push_str("    no errors\n");
    }
    out
}

/// A document with one provider `x/y` whose body is `provider`.
fn provider(provider: &str) -> String {
    format!(
        r#"{{"format_version":"1.0","provider_schemas":{{"registry.opentofu.org/x/y":{provider}}}}}"#
    )
}

/// A document with one resource type `y_r` whose block is `block`.
fn block(block: &str) -> String {
    provider(&format!(
        r#"{{"resource_schemas":{{"y_r":{{"block":{block}}}}}}}"#
    ))
}

/// A resource type whose attribute `a` is `attribute`.
fn attribute(attribute: &str) -> String {
    block(&format!(r#"{{"attributes":{{"a":{attribute}}}}}"#))
}

fn function(function: &str) -> String {
    provider(&format!(r#"{{"functions":{{"f":{function}}}}}"#))
}

#[test]
fn invalid_documents() {
    let cases: Vec<(&str, String)> = vec![
        // Not JSON.
        ("empty text", String::new()),
        (
            "a stray comma",
            "{\n  \"format_version\": \"1.0\",\n  \"provider_schemas\": {,}\n}".to_owned(),
        ),
        ("cut short", r#"{"format_version":"1.0","provider_schemas":{"#.to_owned()),
        ("trailing text", r#"{"format_version":"1.0"} {}"#.to_owned()),
        ("an unquoted key", "{\n\n   format_version: 1}".to_owned()),
        (
            "an unknown property nested 200 deep",
            format!(r#"{{"format_version":"1.0","x":{}{}}}"#, "[".repeat(200), "]".repeat(200)),
        ),
        // The format version.
        ("no format_version", r#"{"provider_schemas":{}}"#.to_owned()),
        ("null document", "null".to_owned()),
        ("major version 2", r#"{"format_version":"2.0","provider_schemas":{}}"#.to_owned()),
        ("major version 0", r#"{"format_version":"0.1"}"#.to_owned()),
        ("a number", r#"{"format_version":1.0}"#.to_owned()),
        (
            "major version 2 with another shape, after it",
            r#"{"provider_schemas":[{"name":"x"}],"format_version":"2.0"}"#.to_owned(),
        ),
        // Shapes found by `parse`.
        ("an array document", "[]".to_owned()),
        (
            "provider_schemas a string",
            r#"{"format_version":"1.0","provider_schemas":"x"}"#.to_owned(),
        ),
        ("a provider an array", provider("[]")),
        ("resource_schemas a number", provider(r#"{"resource_schemas":1}"#)),
        (
            "ephemeral_resource_schemas a boolean, in a key with quotes",
            r#"{"format_version":"1.0","provider_schemas":{"x/\"y\"":{"ephemeral_resource_schemas":true}}}"#
                .to_owned(),
        ),
        ("functions an array", provider(r#"{"functions":[]}"#)),
        // Shapes found on first access, each schema on its own.
        (
            "a resource schema a string, another fine",
            provider(r#"{"resource_schemas":{"y_a":"x","y_b":{}}}"#),
        ),
        ("the provider's schema an array", provider(r#"{"provider":[]}"#)),
        ("a version below zero", provider(r#"{"data_source_schemas":{"y_d":{"version":-1}}}"#)),
        ("attributes an array", block(r#"{"attributes":[]}"#)),
        ("an attribute a string", attribute(r#""string""#)),
        ("a misspelt type", attribute(r#"{"type":"strin"}"#)),
        ("a bad element type", attribute(r#"{"type":["map",["list"]]}"#)),
        (
            "an undeclared optional attribute",
            attribute(r#"{"type":["object",{"b":"bool"},["c"]]}"#),
        ),
        ("no type", attribute(r#"{"optional":true}"#)),
        ("a flag a string", attribute(r#"{"type":"string","required":"yes"}"#)),
        ("a description a number", attribute(r#"{"type":"string","description":7}"#)),
        (
            "a nested attribute without a nesting mode",
            attribute(r#"{"nested_type":{"attributes":{}}}"#),
        ),
        (
            "a group of nested attributes",
            attribute(r#"{"nested_type":{"nesting_mode":"group"}}"#),
        ),
        (
            "a deep nested attribute's type",
            attribute(
                r#"{"nested_type":{"nesting_mode":"list","attributes":{"b":{"nested_type":{"nesting_mode":"map","attributes":{"c":{"type":["set"]}}}}}}}"#,
            ),
        ),
        (
            "an unknown block nesting mode",
            block(r#"{"block_types":{"b":{"nesting_mode":"invalid"}}}"#),
        ),
        (
            "max_items a fraction, deeper",
            block(r#"{"block_types":{"b":{"nesting_mode":"list","block":{"block_types":{"c":{"nesting_mode":"set","max_items":1.5}}}}}}"#),
        ),
        (
            "a schema nested past serde_json's limit",
            block(&format!(r#"{{"x":{}{}}}"#, "[".repeat(200), "]".repeat(200))),
        ),
        ("a function without a return type", function(r#"{"parameters":[]}"#)),
        ("a bad parameter type", function(r#"{"return_type":"bool","parameters":[{"name":"p","type":"strin"}]}"#)),
        ("parameters an object", function(r#"{"return_type":"bool","parameters":{}}"#)),
        (
            "the variadic parameter an array",
            function(r#"{"return_type":"bool","variadic_parameter":[]}"#),
        ),
    ];
    let rendered: String = cases
        .iter()
        .map(|(name, text)| format!("{name}\n{}", errors(text)))
        .collect();
    expect![[r#"
        empty text
            parse: invalid JSON at line 1, column 0: EOF while parsing a value
        a stray comma
            parse: invalid JSON at line 3, column 24: key must be a string
        cut short
            parse: invalid JSON at line 1, column 44: EOF while parsing an object
        trailing text
            parse: invalid JSON at line 1, column 26: trailing characters
        an unquoted key
            parse: invalid JSON at line 3, column 4: key must be a string
        an unknown property nested 200 deep
            no errors
        no format_version
            parse: missing format_version: not the output of `tofu providers schema -json`
        null document
            parse: missing format_version: not the output of `tofu providers schema -json`
        major version 2
            parse: unsupported format_version "2.0": only format 1.x can be read
        major version 0
            parse: unsupported format_version "0.1": only format 1.x can be read
        a number
            parse: format_version: expected a string, found a number
        major version 2 with another shape, after it
            parse: unsupported format_version "2.0": only format 1.x can be read
        an array document
            parse: the document: expected an object, found an array (at line 1, column 2)
        provider_schemas a string
            parse: provider_schemas: expected an object, found a string (at line 1, column 46)
        a provider an array
            parse: provider_schemas["registry.opentofu.org/x/y"]: expected an object, found an array (at line 1, column 74)
        resource_schemas a number
            parse: provider_schemas["registry.opentofu.org/x/y"].resource_schemas: expected an object, found a number (at line 1, column 93)
        ephemeral_resource_schemas a boolean, in a key with quotes
            parse: provider_schemas["x/\"y\""].ephemeral_resource_schemas: expected an object, found a boolean (at line 1, column 88)
        functions an array
            parse: provider_schemas["registry.opentofu.org/x/y"].functions: expected an object, found an array (at line 1, column 87)
        a resource schema a string, another fine
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_a"]: expected an object, found a string
        the provider's schema an array
            access: provider_schemas["registry.opentofu.org/x/y"].provider: expected an object, found an array
        a version below zero
            access: provider_schemas["registry.opentofu.org/x/y"].data_source_schemas["y_d"].version: expected a non-negative integer, found a number
        attributes an array
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes: expected an object, found an array
        an attribute a string
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"]: expected an object, found a string
        a misspelt type
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].type: invalid primitive type name "strin"
        a bad element type
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].type: missing element type of list type
        an undeclared optional attribute
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].type: optional contains undeclared attribute "c"
        no type
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"]: either type or nested_type must be defined
        a flag a string
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].required: expected a boolean, found a string
        a description a number
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].description: expected a string, found a number
        a nested attribute without a nesting mode
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].nested_type.nesting_mode: missing: expected one of single, list, set or map
        a group of nested attributes
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].nested_type.nesting_mode: unknown nesting mode "group": expected one of single, list, set or map
        a deep nested attribute's type
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.attributes["a"].nested_type.attributes["b"].nested_type.attributes["c"].type: missing element type of set type
        an unknown block nesting mode
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.block_types["b"].nesting_mode: unknown nesting mode "invalid": expected one of single, group, list, set or map
        max_items a fraction, deeper
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"].block.block_types["b"].block.block_types["c"].max_items: expected a non-negative integer, found a number
        a schema nested past serde_json's limit
            access: provider_schemas["registry.opentofu.org/x/y"].resource_schemas["y_r"]: recursion limit exceeded
        a function without a return type
            access: provider_schemas["registry.opentofu.org/x/y"].functions["f"].return_type: missing
        a bad parameter type
            access: provider_schemas["registry.opentofu.org/x/y"].functions["f"].parameters[0].type: invalid primitive type name "strin"
        parameters an object
            access: provider_schemas["registry.opentofu.org/x/y"].functions["f"].parameters: expected an array, found an object
        the variadic parameter an array
            access: provider_schemas["registry.opentofu.org/x/y"].functions["f"].variadic_parameter: expected an object, found an array
    "#]].assert_eq(&rendered);
}

/// A schema that fails gives the same error on every access, and the
/// others of its provider still decode.
#[test]
fn errors_are_kept() {
    let text = provider(
        r#"{"resource_schemas":{"y_bad":{"block":{"attributes":{"a":{"type":"x"}}}},"y_good":{}}}"#,
    );
    let schemas = ProviderSchemas::parse(&text).unwrap();
    let provider = schemas.provider("registry.opentofu.org/x/y").unwrap();
    let first = provider.resource("y_bad").unwrap().unwrap_err();
    let second = provider.resource("y_bad").unwrap().unwrap_err();
    assert_eq!(first, second);
    assert!(matches!(first, SchemaError::Shape { position: None, .. }));
    assert!(provider.resource("y_good").unwrap().is_ok());
}

/// Syntax errors carry their line and column as data.
#[test]
fn syntax_error_position() {
    let error = ProviderSchemas::parse("{\n  \"format_version\": \"1.0\",\n  x\n}").unwrap_err();
    let SchemaError::Syntax { position, .. } = error else {
        panic!("{error:?}");
    };
    assert_eq!((position.line, position.column), (3, 3));
}

/// Every prefix of a document, and the document with any one byte replaced
/// by a byte that matters to JSON or to the format, is read or refused
/// without a panic.
#[test]
fn mangled_input_never_panics() {
    let text = provider(
        r#"{"provider":{"version":1,"block":{"attributes":{"p":{"type":"string","optional":true}}}},
        "resource_schemas":{"y_r":{"version":2,"block":{
          "attributes":{
            "a":{"type":["object",{"b":["list","bool"],"c":"dynamic"},["c"]],"required":true},
            "n":{"nested_type":{"nesting_mode":"list","attributes":{"m":{"type":["tuple",["number"]]}}},"min_items":1}},
          "block_types":{"b":{"nesting_mode":"set","min_items":1,"max_items":2,"block":{"deprecated":true}}}}}},
        "ephemeral_resource_schemas":{"y_e":{}},
        "functions":{"f":{"return_type":["map","string"],"parameters":[{"name":"p","type":"number","is_nullable":true}],
          "variadic_parameter":{"name":"v","type":["set","string"]}}}}"#,
    );
    assert_eq!(errors(&text), "    no errors\n");
    for end in 0..text.len() {
        errors(&text[..end]);
    }
    let replacements = b"\"[]{}:,0-1e.nt\\ \n\x00";
    for position in 0..text.len() {
        for &replacement in replacements {
            let mut bytes = text.clone().into_bytes();
            bytes[position] = replacement;
            if let Ok(mangled) = String::from_utf8(bytes) {
                errors(&mangled);
            }
        }
    }
}
