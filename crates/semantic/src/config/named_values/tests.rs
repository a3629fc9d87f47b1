//! Decoding diagnostics with their details and ranges.

use crate::config::file_config_diagnostics;
use crate::db::Database;
use crate::input::SourceFile;

/// The diagnostics of decoding one file: `summary: detail @line `subject``,
/// warnings marked.
fn check(path: &str, text: &str) -> Vec<String> {
    let db = Database::default();
    let file = SourceFile::new(&db, path.to_owned(), text.to_owned(), true);
    file_config_diagnostics(&db, file)
        .iter()
        .map(|d| {
            let (line, subject) =
                d.location
                    .map_or((0, ""), |tofu_diagnostics::Location { file: _, range }| {
                        let start = usize::from(range.start());
                        (text[..start].matches('\n').count() + 1, &text[range])
                    });
            let warning = if d.severity == tofu_eval::Severity::Warning {
                "warning "
            } else {
                ""
            };
            format!("{warning}{}: {} @{line} `{subject}`", d.summary, d.detail)
        })
        .collect()
}

#[test]
fn variable_names() {
    let got = check(
        "main.tf",
        "variable \"1x\" {}\nvariable \"count\" {}\nvariable \"lifecycle\" {}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid variable name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @1 `\"1x\"`",
            "Invalid variable name: The variable name \"count\" is reserved due to its special meaning inside module blocks. @2 `\"count\"`",
            "Invalid variable name: The variable name \"lifecycle\" is reserved due to its special meaning inside module blocks. @3 `\"lifecycle\"`",
        ]
    );
}

#[test]
fn variable_literal_arguments() {
    let got = check(
        "main.tf",
        "variable \"a\" {\n  description = var.x\n  sensitive = \"123\"\n  ephemeral = null\n  const = upper(\"x\")\n  nullable = 1\n  foo = 1\n}\n",
    );
    assert_eq!(
        got,
        [
            "Unsupported argument: An argument named \"foo\" is not expected here. @7 `foo`",
            "Variables not allowed: Variables may not be used here. @2 `var`",
            "Unsuitable value type: Unsuitable value: value must be known @2 `var.x`",
            "Unsuitable value type: Unsuitable value: a bool is required @3 `123`",
            "Unsuitable value type: Unsuitable value: null value is not allowed @4 `null`",
            "Unsuitable value type: Unsuitable value: bool required, but have number @6 `1`",
            "Function calls not allowed: Functions may not be called here. @5 `upper(\"x\")`",
            "Unsuitable value type: Unsuitable value: value must be known @5 `upper(\"x\")`",
        ]
    );
}

#[test]
fn variable_types() {
    let got = check(
        "main.tf",
        "variable \"a\" {\n  type = notatype\n}\nvariable \"b\" {\n  type = \"string\"\n}\nvariable \"c\" {\n  type = \"map\"\n}\nvariable \"d\" {\n  type = \"list\"\n}\nvariable \"e\" {\n  type = \"x\"\n}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid type specification: The keyword \"notatype\" is not a valid type specification. @2 `notatype`",
            "Invalid quoted type constraints: OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu. Remove the quotes around \"string\". @5 `\"string\"`",
            "Invalid quoted type constraints: OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu. Remove the quotes around \"map\" and write map(string) instead to explicitly indicate that the map elements are strings. @8 `\"map\"`",
            "Invalid quoted type constraints: OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu. Remove the quotes around \"list\" and write list(string) instead to explicitly indicate that the list elements are strings. @11 `\"list\"`",
            "Invalid legacy variable type hint: To provide a full type expression, remove the surrounding quotes and give the type expression directly. @14 `\"x\"`",
        ]
    );
}

#[test]
fn json_variable_types() {
    let got = check(
        "main.tf.json",
        "{\"variable\": {\n\"a\": {\"type\": \"notatype\"},\n\"b\": {\"type\": \"list(string)\", \"default\": [\"x\"]},\n\"c\": {\"type\": {}},\n\"d\": {\"type\": \"map\", \"default\": 1},\n\"e\": {\"type\": \"list(foo)\"},\n\"f\": {\"type\": \"\\\"string\\\"\"}\n}}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid type specification: The keyword \"notatype\" is not a valid type specification. @2 `\"notatype\"`",
            "Invalid type specification: A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string). @4 `{}`",
            "Invalid default value for variable: This default value is not compatible with the variable's type constraint: map of dynamic required, but have number. @5 `1`",
            "Invalid type specification: The keyword \"foo\" is not a valid type specification. @6 `(fo`",
            "Invalid type specification: A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string). @7 `\"\\\"string\\\"\"`",
        ]
    );
}

#[test]
fn variable_defaults() {
    let got = check(
        "main.tf",
        "variable \"a\" {\n  type = map(object({\n    field = bool\n  }))\n  default = {\n    \"mykey\" = {\n      field = \"x\"\n    }\n  }\n}\nvariable \"b\" {\n  type = list(string)\n  default = \"hello\"\n}\nvariable \"c\" {\n  nullable = false\n  default = null\n}\nvariable \"d\" {\n  nullable = \"x\"\n  default = null\n}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid default value for variable: This default value is not compatible with the variable's type constraint: [\"mykey\"].field: a bool is required. @5 `{\n    \"mykey\" = {\n      field = \"x\"\n    }\n  }`",
            "Invalid default value for variable: This default value is not compatible with the variable's type constraint: list of string required, but have string. @13 `\"hello\"`",
            "Invalid default value for variable: A null default value is not valid when nullable=false. @17 `null`",
            "Unsuitable value type: Unsuitable value: a bool is required @20 `x`",
            "Invalid default value for variable: A null default value is not valid when nullable=false. @21 `null`",
        ]
    );
}

#[test]
fn variable_deprecated() {
    let got = check(
        "main.tf",
        "variable \"a\" {\n  deprecated = \"\"\n}\nvariable \"b\" {\n  deprecated = \"  \"\n}\nvariable \"c\" {\n  deprecated = \"use d\"\n}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid `deprecated` value: The \"deprecated\" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated variable. @1 `\"a\"`",
            "Invalid `deprecated` value: The \"deprecated\" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated variable. @4 `\"b\"`",
        ]
    );
}

#[test]
fn variable_validations() {
    let got = check(
        "main.tf",
        "variable \"a\" {\n  validation {\n    condition = true\n    error_message = \"x\"\n  }\n  validation {\n    condition = var.b > 1\n  }\n  validation {\n    error_message = \"x\"\n  }\n  validation {\n    condition = var.a > 1 && var.b > 1\n    error_message = \"x\"\n  }\n}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid validation expression: The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything. @3 `true`",
            "Invalid variable validation condition: The condition for variable \"a\" must refer to var.a in order to test incoming values. @3 `true`",
            "Missing required argument: The argument \"error_message\" is required, but no definition was found. @6 ``",
            "Invalid variable validation condition: The condition for variable \"a\" must refer to var.a in order to test incoming values. @7 `var.b > 1`",
            "Missing required argument: The argument \"condition\" is required, but no definition was found. @9 ``",
        ]
    );
}

#[test]
fn override_files() {
    let got = check(
        "main_override.tf",
        "variable \"a\" {\n  default = 1\n  validation {\n    condition = true\n  }\n}\noutput \"o\" {\n  description = \"x\"\n}\n",
    );
    assert_eq!(
        got,
        [
            "Can't override validation blocks: Override files cannot override \"validation\" blocks. @3 `validation`",
        ]
    );
}

#[test]
fn default_object_attributes_lint() {
    let got = check(
        "main.tf",
        "variable \"a\" {\n  type = object({\n    name = string\n    b = optional(object({}))\n    l = list(object({x = string}))\n    m = map(object({x = string}))\n  })\n  default = {\n    nmae = \"x\"\n    name = \"y\"\n    b = { nope = 1 }\n    l = [{ y = 1 }]\n    m = { k = { \"z\" = 1 } }\n    (\"v\") = 1\n  }\n}\nvariable \"b\" {\n  type = list(object({x = string}))\n  default = [for v in [] : { y = v }]\n}\nvariable \"c\" {\n  type = tuple([object({}), string])\n  default = [{a = 1}, \"x\"]\n}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid default value for variable: This default value is not compatible with the variable's type constraint: attribute \"l\": element 0: attribute \"x\" is required. @8 `{\n    nmae = \"x\"\n    name = \"y\"\n    b = { nope = 1 }\n    l = [{ y = 1 }]\n    m = { k = { \"z\" = 1 } }\n    (\"v\") = 1\n  }`",
            "warning Object attribute is ignored: The object type for this variable does not include an attribute named \"nmae\", so this definition is unused. Did you mean to set attribute \"name\" instead? @9 `nmae`",
            "warning Object attribute is ignored: The object type for .b does not include an attribute named \"nope\", so this definition is unused. @11 `nope`",
            "warning Object attribute is ignored: The object type for .l[0] does not include an attribute named \"y\", so this definition is unused. Did you mean to set attribute \"x\" instead? @12 `y`",
            "warning Object attribute is ignored: The object type for .m[\"k\"] does not include an attribute named \"z\", so this definition is unused. Did you mean to set attribute \"x\" instead? @13 `\"z\"`",
            "warning Object attribute is ignored: The object type for this variable does not include an attribute named \"v\", so this definition is unused. Did you mean to set attribute \"b\" instead? @14 `(\"v\")`",
            "warning Object attribute is ignored: The object type for [(not yet known)] does not include an attribute named \"y\", so this definition is unused. Did you mean to set attribute \"x\" instead? @19 `y`",
            "warning Object attribute is ignored: The object type for [0] does not include an attribute named \"a\", so this definition is unused. @23 `a`",
        ]
    );
}

#[test]
fn native_locals() {
    let got = check("main.tf", "locals {\n  a = 1\n  a = 2\n  c {}\n}\n");
    assert_eq!(
        got,
        ["Unexpected \"c\" block: Blocks are not allowed here. @4 `c`",]
    );
}

#[test]
fn json_locals() {
    let got = check(
        "main.tf.json",
        "{\"locals\": {\"a\": 1, \"a\": 2, \"1b\": 3}}\n",
    );
    assert_eq!(
        got,
        [
            "Duplicate attribute definition: The argument \"a\" was already set at main.tf.json:1,13-19. @1 `\"a\"`",
            "Invalid local value name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @1 `\"1b\"`",
        ]
    );
}

#[test]
fn outputs() {
    let got = check(
        "main.tf",
        "output \"1o\" {\n}\noutput \"p\" {\n  value = 1\n  deprecated = \"\"\n  sensitive = \"x\"\n  ephemeral = \"y\"\n  depends_on = [\"var.a\", var.b, 1]\n  precondition {\n    condition = true\n    error_message = \"x\"\n  }\n  postcondition {\n    condition = var.a\n    error_message = \"x\"\n  }\n}\noutput \"q\" {\n  value = 1\n  description = var.x\n  deprecated = \"\"\n}\noutput \"r\" {\n  value = 1\n  deprecated = \" \"\n}\n",
    );
    assert_eq!(
        got,
        [
            "Missing required argument: The argument \"value\" is required, but no definition was found. @1 ``",
            "Invalid output name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @1 `\"1o\"`",
            "Unsuitable value type: Unsuitable value: a bool is required @6 `x`",
            "Unsuitable value type: Unsuitable value: a bool is required @7 `y`",
            "warning Quoted references are deprecated: In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this reference to silence this warning. @8 `\"var.a\"`",
            "Invalid expression: A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here. @8 `1`",
            "Invalid precondition expression: The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything. @10 `true`",
            "Postconditions are not allowed: Output values can only have preconditions, not postconditions. @13 `postcondition`",
            "Variables not allowed: Variables may not be used here. @20 `var`",
            "Unsuitable value type: Unsuitable value: value must be known @20 `var.x`",
            "Invalid `deprecated` attribute: The \"deprecated\" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated output value. @25 `\" \"`",
        ]
    );
}

#[test]
fn json_check_rules() {
    let got = check(
        "main.tf.json",
        "{\"output\": {\"o\": {\"value\": 1, \"precondition\": {\"condition\": \"${var.a}\", \"error_message\": \"x\"}}, \"p\": {\"value\": 1, \"precondition\": {\"condition\": true, \"error_message\": \"x\"}}},\n\"variable\": {\"v\": {\"validation\": [{\"condition\": \"${var.v == 1}\", \"error_message\": \"x\"}, {\"condition\": \"${var.w == 1}\", \"error_message\": \"x\"}]}}}\n",
    );
    assert_eq!(
        got,
        [
            "Invalid precondition expression: The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything. @1 `true`",
            "Invalid variable validation condition: The condition for variable \"v\" must refer to var.v in order to test incoming values. @2 `\"${var.w == 1}\"`",
        ]
    );
}

/// The references of the first attribute of a file's first `locals` block.
fn variables(path: &str, text: &str) -> Vec<String> {
    use tofu_syntax::body::{AnyBody, SourceText};
    let kind = tofu_syntax::SourceKind::from_file_name(path);
    let parse = tofu_syntax::parse_named(text, kind, path);
    let source = SourceText::new(text, path);
    let (content, _) = AnyBody::of_file(&parse).content(
        &tofu_syntax::body::BodySchema::new(
            &[],
            &[tofu_syntax::body::BlockSchema::new("locals", &[])],
        ),
        &source,
    );
    let (attributes, _) = content.blocks[0].body.just_attributes(&source);
    let expr = attributes[0].expr.as_ref().expect("an expression");
    super::expr_variables(expr)
        .into_iter()
        .map(|v| format!("{} {:?} `{}`", v.root, v.attrs, &text[v.range]))
        .collect()
}

#[test]
fn condition_references() {
    assert_eq!(
        variables(
            "main.tf",
            "locals {\n  a = [for x in var.list : x.y if data.t.n[0].id] && f(self) && var[\"k\"]\n}\n",
        ),
        [
            "var [\"list\"] `var`",
            "data [\"t\", \"n\"] `data`",
            "self [] `self`",
            "var [] `var`",
        ]
    );
    assert_eq!(
        variables(
            "main.tf.json",
            "{\"locals\": {\"a\": {\"${var.k}\": [\"x ${local.b.c}\", true]}}}",
        ),
        ["var [\"k\"] `var`", "local [\"b\", \"c\"] `local`"]
    );
    assert!(variables("main.tf", "locals {\n  a = true\n}\n").is_empty());
}
