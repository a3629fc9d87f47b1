//! Type constraints decoded from syntax, as the `type` argument of a
//! `variable` block: every error was checked against the reference
//! implementation's `validate` (with OpenTofu's wording where it differs).

use tofu_eval::typeexpr::variable_type;
use tofu_syntax::SourceKind;
use tofu_syntax::ast::{AstNode, Attribute, Expr};

/// The type as the console prints it, or `summary: detail` per error.
fn decode(source: &str) -> String {
    let text = format!("type = {source}\n");
    let parse = tofu_syntax::parse(&text, SourceKind::Native);
    assert!(parse.errors().is_empty(), "{source}: {:?}", parse.errors());
    let expr: Expr = parse
        .syntax()
        .descendants()
        .find_map(Attribute::cast)
        .and_then(|a| a.expr())
        .expect("an attribute");
    let (constraint, diagnostics) = variable_type(&expr);
    if !diagnostics.is_empty() {
        return diagnostics
            .iter()
            .map(|d| format!("{}: {}", d.summary, d.detail))
            .collect::<Vec<_>>()
            .join("\n");
    }
    let constraint = constraint.expect("a type without errors");
    let defaults = if constraint.defaults.is_some() {
        " (with defaults)"
    } else {
        ""
    };
    format!("{}{defaults}", constraint.ty.console_string())
}

#[test]
fn valid_constraints() {
    let cases = [
        ("string", "string"),
        ("number", "number"),
        ("bool", "bool"),
        ("any", "dynamic"),
        ("list", "list(dynamic)"),
        ("map", "map(dynamic)"),
        ("list(any)", "list(dynamic)"),
        ("set(string)", "set(string)"),
        (
            "tuple([string, number])",
            "tuple([\n    string,\n    number,\n])",
        ),
        (
            "object({a = optional(string, \"x\"), b = number})",
            "object({\n    a: string,\n    b: number,\n}) (with defaults)",
        ),
        (
            "list(object({a = optional(bool)}))",
            "list(\n    object({\n        a: bool,\n    }),\n)",
        ),
    ];
    for (source, want) in cases {
        assert_eq!(decode(source), want, "{source}");
    }
}

#[test]
fn invalid_constraints() {
    let quoted = "OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu.";
    let cases = [
        ("\"string\"", format!("Invalid quoted type constraints: {quoted} Remove the quotes around \"string\".")),
        ("\"list\"", format!("Invalid quoted type constraints: {quoted} Remove the quotes around \"list\" and write list(string) instead to explicitly indicate that the list elements are strings.")),
        ("\"map\"", format!("Invalid quoted type constraints: {quoted} Remove the quotes around \"map\" and write map(string) instead to explicitly indicate that the map elements are strings.")),
        ("\"foo\"", "Invalid legacy variable type hint: To provide a full type expression, remove the surrounding quotes and give the type expression directly.".to_owned()),
        ("set", "Invalid type specification: The set type constructor requires one argument specifying the element type.".to_owned()),
        ("optional(string)", "Invalid type specification: Keyword \"optional\" is valid only as a modifier for object type attributes.".to_owned()),
        ("object({a = optional(string, var.x)})", "Variables not allowed: Variables may not be used here.".to_owned()),
        ("tuple([string, optional(number)])", "Invalid type specification: Keyword \"optional\" is valid only as a modifier for object type attributes.".to_owned()),
        ("object({a = number}, 1)", "Invalid type specification: The object type constructor requires one argument specifying the attribute types and values as a map.".to_owned()),
        ("object([string])", "Invalid type specification: Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.".to_owned()),
        ("tuple({})", "Invalid type specification: Tuple type constructor requires a list of element types.".to_owned()),
        ("foo(string)", "Invalid type specification: Keyword \"foo\" is not a valid type constructor.".to_owned()),
        ("bool()", "Invalid type specification: Primitive type keyword \"bool\" does not expect arguments.".to_owned()),
        ("list()", "Invalid type specification: The list type constructor requires one argument specifying the element type.".to_owned()),
        ("object({a = optional(number, \"x\")})", "Invalid default value for optional attribute: This default value is not compatible with the attribute's type constraint: a number is required.".to_owned()),
        ("object({a = optional(number, 1, 2)})", "Invalid type specification: Optional attribute modifier expects at most two arguments: the attribute type, and a default value.".to_owned()),
        ("object({\"a\" = number})", "Invalid type specification: Object constructor map keys must be attribute names.".to_owned()),
        ("object({a = number, a = string})", "Invalid type specification: Object constructor map keys must be unique.".to_owned()),
        ("list(string)[0]", "Invalid type specification: A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).".to_owned()),
    ];
    for (source, want) in cases {
        assert_eq!(decode(source), want, "{source}");
    }
}
