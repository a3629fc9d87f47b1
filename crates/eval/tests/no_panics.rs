//! Every function, called with every combination of up to two arguments
//! from a set of awkward values, returns a value or diagnostics: never a
//! panic.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use tofu_eval::functions::TableKind;
use tofu_eval::{ConsoleScope, FunctionTable, MemoryFileSystem, Scope, Type, Value};

struct Unknowns;

impl Scope for Unknowns {
    fn variable(&self, name: &str) -> Option<Value> {
        match name {
            "u" => Some(Value::dynamic()),
            "us" => Some(Value::unknown(Type::String)),
            "ul" => Some(Value::unknown(Type::list(Type::String))),
            _ => None,
        }
    }
}

const ARGUMENTS: &[&str] = &[
    "null",
    "u",
    "us",
    "ul",
    "\"\"",
    "\"a,b\\n\"",
    "\"/\"",
    "0",
    "-1",
    "1.5",
    "1e300",
    "true",
    "[]",
    "[1, \"a\", null]",
    "{}",
    "{a = [1], b = null}",
    "sensitive(\"x\")",
    "tolist([\"a\"])",
    "toset([1, 2])",
    "tomap({a = \"1\"})",
];

#[test]
fn no_function_panics() {
    let functions = FunctionTable::builtin(TableKind::Console);
    let fs = MemoryFileSystem::new("/work");
    let scope = ConsoleScope {
        scope: &Unknowns,
        functions: &functions,
        fs: &fs,
        base_dir: Path::new("/work"),
    };
    let names: Vec<&str> = functions
        .names()
        .filter(|n| !n.starts_with("core::"))
        // Costs are honoured, so random ones would take too long.
        .filter(|n| *n != "bcrypt")
        .collect();
    let mut calls = 0;
    for name in names {
        let mut lines = vec![format!("{name}()")];
        for a in ARGUMENTS {
            lines.push(format!("{name}({a})"));
            for b in ARGUMENTS {
                lines.push(format!("{name}({a}, {b})"));
            }
        }
        for line in lines {
            calls += 1;
            let result = catch_unwind(AssertUnwindSafe(|| {
                tofu_eval::evaluate_console_line(&line, &scope)
            }));
            assert!(result.is_ok(), "{line} panicked");
        }
    }
    assert!(calls > 50_000, "only {calls} calls");
}
