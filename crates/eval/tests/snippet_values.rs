//! What diagnostics say of the values their expression refers to, as
//! OpenTofu prints them under a snippet (`local.base is "abc"`). Expected
//! statements agree with `terraform validate -json` on the same
//! expressions, except for bare names (`v`, `o`), which OpenTofu describes
//! too (it tries traversal prefixes down to the root name). Failed calls
//! name the function and its signature, the return type being the one for
//! arguments of exactly the parameter types.

use std::collections::BTreeMap;
use std::path::Path;

use expect_test::expect;
use tofu_eval::functions::TableKind;
use tofu_eval::{EvalContext, FunctionTable, NoFileSystem, Scope, evaluate};
use tofu_syntax::ast::{AstNode, ExpressionFile};
use tofu_types::{Mark, Type, Value};

struct Names(BTreeMap<&'static str, Value>);

impl Scope for Names {
    fn variable(&self, name: &str) -> Option<Value> {
        self.0.get(name).cloned()
    }
}

fn names() -> Names {
    let local = Value::object([
        ("base", Value::string("abc")),
        (
            "list",
            Value::tuple(vec![Value::string("a"), Value::string("b")]),
        ),
        (
            "objs",
            Value::tuple(vec![
                Value::object([("name", Value::string("a"))]),
                Value::object([("name", Value::string("b")), ("size", Value::int(2))]),
            ]),
        ),
        ("num", Value::parse_number("12345678901.5").unwrap()),
        ("map", Value::object([("k", Value::bool(true))])),
        ("quote", Value::string("say \"hi\"\n")),
    ]);
    let var = Value::object([
        ("secret", Value::string("x").mark(Mark::Sensitive)),
        ("later", Value::unknown(Type::list(Type::String))),
        ("anything", Value::dynamic()),
    ]);
    Names(BTreeMap::from([("local", local), ("var", var)]))
}

/// Each expression's diagnostics, a line each: the summary, then each
/// value statement.
fn described(expressions: &[&str]) -> String {
    let names = names();
    let functions = FunctionTable::builtin(TableKind::Configuration);
    let mut out = String::new();
    for text in expressions {
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
        let (_, diagnostics) = evaluate(&expr, &ctx);
        for d in diagnostics {
            let values: Vec<String> = d.values.iter().map(|(t, s)| format!("{t} {s}")).collect();
            out.push_str(&format!("{text}\n  {}: {}\n", d.summary, values.join("; ")));
            if let Some(call) = &d.function_call {
                let signature = &call.signature;
                let params: Vec<String> = signature
                    .params
                    .iter()
                    .chain(&signature.variadic_param)
                    .map(|(name, ty)| format!("{name} {ty}"))
                    .collect();
                out.push_str(&format!(
                    "  call {} = {}({}) {}\n",
                    call.called_as,
                    signature.name,
                    params.join(", "),
                    signature.return_type
                ));
            }
        }
    }
    out
}

#[test]
fn diagnostics_describe_the_values_they_refer_to() {
    let found = described(&[
        "1 + local.base",
        "local.map.k ? local.list : local.base",
        "local.base.c",
        "local.list[5]",
        "local.list[local.num]",
        "local.map[\"k\"] + \"y\"",
        "local.objs[0].name.x",
        "[for o in local.objs : o.name + 1]",
        "[for o in local.objs : o.size]",
        "-local.base",
        "local.base ? 1 : 2",
        "upper(local.list)",
        "var.secret + local.base",
        "var.later + 1",
        "var.anything.x + local.quote",
        "local.num + local.list",
        "core::format(local.list, 1)",
        "length(1)",
        "join(1, [local.objs])",
    ]);
    expect![[r#"
        1 + local.base
          Invalid operand: local.base is "abc"
        local.map.k ? local.list : local.base
          Inconsistent conditional result types: local.base is "abc"; local.list is tuple with 2 elements; local.map.k is true
        local.base.c
          Unsupported attribute: local.base is "abc"
        local.list[5]
          Invalid index: local.list is tuple with 2 elements
        local.list[local.num]
          Invalid index: local.list is tuple with 2 elements; local.num is 1.23456789e+10
        local.map["k"] + "y"
          Invalid operand: local.map["k"] is true
        local.map["k"] + "y"
          Invalid operand: 
        local.objs[0].name.x
          Unsupported attribute: local.objs[0].name is "a"
        [for o in local.objs : o.name + 1]
          Invalid operand: o.name is "a"
        [for o in local.objs : o.name + 1]
          Invalid operand: o.name is "b"
        [for o in local.objs : o.size]
          Unsupported attribute: o is object with 1 attribute "name"
        -local.base
          Invalid operand: local.base is "abc"
        local.base ? 1 : 2
          Incorrect condition type: local.base is "abc"
        upper(local.list)
          Invalid function argument: local.list is tuple with 2 elements
          call upper = upper(str "string") "string"
        var.secret + local.base
          Invalid operand: 
        var.secret + local.base
          Invalid operand: local.base is "abc"
        var.later + 1
          Invalid operand: var.later is a list of string
        var.anything.x + local.quote
          Invalid operand: local.quote is "say \"hi\"\n"
        local.num + local.list
          Invalid operand: local.list is tuple with 2 elements
        core::format(local.list, 1)
          Invalid function argument: local.list is tuple with 2 elements
          call core::format = format(format "string", args "dynamic") "string"
        length(1)
          Error in function call: 
          call length = length(value "dynamic") "number"
        join(1, [local.objs])
          Invalid function argument: local.objs is tuple with 2 elements
          call join = join(separator "string", lists ["list","string"]) "string"
    "#]]
    .assert_eq(&found);
}
