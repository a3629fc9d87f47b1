//! Provider-defined functions added to a table from a provider's schema:
//! counted, converted and null-checked as cty calls them, unknown of
//! their return type, and a placeholder for a function the schema lacks.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use tofu_eval::functions::{ProviderFunction, ProviderFunctions, ProviderParam, TableKind};
use tofu_eval::{EvalContext, FunctionTable, NoFileSystem, Scope, evaluate};
use tofu_syntax::ast::{AstNode, ExpressionFile};
use tofu_types::{Mark, Type, Value, render};

struct Names(BTreeMap<&'static str, Value>);

impl Scope for Names {
    fn variable(&self, name: &str) -> Option<Value> {
        self.0.get(name).cloned()
    }
}

fn table() -> FunctionTable {
    let param = |name: &str, ty: Type, allow_null: bool| ProviderParam {
        name: name.to_owned(),
        ty,
        allow_null,
    };
    let mut providers = ProviderFunctions::default();
    providers.insert_provider(
        "p",
        [
            ProviderFunction {
                name: "exists".to_owned(),
                params: vec![param("path", Type::String, false)],
                var_param: None,
                return_type: Type::Bool,
            },
            ProviderFunction {
                name: "any".to_owned(),
                params: vec![param("value", Type::Dynamic, false)],
                var_param: None,
                return_type: Type::String,
            },
            ProviderFunction {
                name: "join".to_owned(),
                params: vec![param("sep", Type::String, true)],
                var_param: Some(param("parts", Type::Number, false)),
                return_type: Type::list(Type::String),
            },
        ],
    );
    FunctionTable::builtin(TableKind::Configuration).with_provider_functions(Arc::new(providers))
}

/// The value and the errors (summary, detail and source) of `text`.
fn eval(text: &str) -> (Value, Vec<String>) {
    let names = Names(BTreeMap::from([(
        "var",
        Value::object([
            ("secret", Value::string("/s").mark(Mark::Sensitive)),
            ("anything", Value::dynamic()),
        ]),
    )]));
    let functions = table();
    let parse = tofu_syntax::parse_expression(text, "main.tf");
    let expr = ExpressionFile::cast(parse.syntax())
        .and_then(|f| f.expr())
        .expect("an expression");
    let ctx = EvalContext {
        scope: &names,
        functions: &functions,
        fs: &NoFileSystem,
        base_dir: Path::new("."),
        pure_only: true,
        source_text: text,
        file_name: "main.tf",
        assume_non_empty: false,
    };
    let (value, diagnostics) = evaluate(&expr, &ctx);
    let errors = diagnostics
        .iter()
        .map(|d| {
            let at = d.range().map(|r| &text[r]).unwrap_or("");
            format!("{}: {} [{at}]", d.summary, d.detail)
        })
        .collect();
    (value, errors)
}

#[test]
fn calls_are_unknown_of_the_return_type() {
    let (value, errors) = eval("provider::p::exists(\"/tmp\")");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(value, Value::unknown(Type::Bool));
    // Through an alias of the provider too.
    let (value, _) = eval("provider::p::west::join(\"-\", 1, 2)");
    assert_eq!(value, Value::unknown(Type::list(Type::String)));
    // An argument of no known type converts to the parameter's type.
    let (value, _) = eval("provider::p::exists(var.anything)");
    assert_eq!(value, Value::unknown(Type::Bool));
    // Where the parameter is dynamic too, the result is (cty takes no
    // dynamic argument without `AllowDynamicType`).
    let (value, _) = eval("provider::p::any(var.anything)");
    assert_eq!(value, Value::dynamic());
    let (value, _) = eval("provider::p::any(1)");
    assert_eq!(value, Value::unknown(Type::String));
    // Arguments' marks are the result's.
    let (value, _) = eval("provider::p::exists(var.secret)");
    assert!(value.has_mark(Mark::Sensitive));
}

#[test]
fn arguments_are_checked_against_the_signature() {
    let errors = |text| eval(text).1;
    assert_eq!(
        errors("provider::p::exists()"),
        [
            "Not enough function arguments: Function \"provider::p::exists\" expects 1 argument(s). Missing value for \"path\". [)]"
        ]
    );
    assert_eq!(
        errors("provider::p::exists(\"a\", \"b\")"),
        [
            "Too many function arguments: Function \"provider::p::exists\" expects only 1 argument(s). [\"b\"]"
        ]
    );
    assert_eq!(
        errors("provider::p::join(\"-\", \"x\")"),
        [
            "Invalid function argument: Invalid value for \"parts\" parameter: a number is required. [\"x\"]"
        ]
    );
    assert_eq!(
        errors("provider::p::exists(null)"),
        [
            "Invalid function argument: Invalid value for \"path\" parameter: argument must not be null. [null]"
        ]
    );
    // A nullable parameter takes null.
    assert!(errors("provider::p::join(null)").is_empty());
}

#[test]
fn functions_the_schema_lacks_take_anything() {
    let (value, errors) = eval("provider::p::missing(1, [2], null)");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(render(&value), render(&Value::dynamic()));
    let (value, _) = eval("provider::p::missing(var.secret)");
    assert!(value.has_mark(Mark::Sensitive));
    // A provider without a schema is as before: no functions.
    let (_, errors) = eval("provider::q::exists(\"/\")");
    assert_eq!(
        errors,
        [
            "Call to unknown function: There are no functions in namespace \"provider::q::\". [provider::q::exists]"
        ]
    );
}
