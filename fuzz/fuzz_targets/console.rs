//! One console line, evaluated with the whole function library, as
//! `tofu console` evaluates it: a value or diagnostics, never a panic,
//! and every diagnostic inside the line. Run with `cargo fuzz run console`
//! from `fuzz/`.
//!
//! Lines calling `bcrypt` are skipped: its cost argument is honoured as
//! OpenTofu honours it, so a cost of 31 runs for hours by design.

#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use tofu_eval::functions::TableKind;
use tofu_eval::{
    ConsoleOutput, ConsoleScope, FunctionTable, MemoryFileSystem, Scope, Type, Value,
    evaluate_console_line,
};
use tofu_types::{Mark, Number};

/// A few names of every kind of value a console line meets.
struct Names;

impl Scope for Names {
    fn variable(&self, name: &str) -> Option<Value> {
        Some(match name {
            "unknown" => Value::dynamic(),
            "names" => Value::unknown(Type::list(Type::String)),
            "n" => Value::number(Number::from_i64(3)),
            "s" => Value::string("a,b"),
            "secret" => Value::string("x").mark(Mark::Sensitive),
            "m" => Value::object([
                ("a".to_owned(), Value::number(Number::from_i64(1))),
                ("b".to_owned(), Value::null(Type::String)),
            ]),
            _ => return None,
        })
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    if line.contains("bcrypt") || line.contains('\n') {
        return;
    }
    let functions = FunctionTable::builtin(TableKind::Console);
    let mut fs = MemoryFileSystem::new("/work");
    fs.insert("/work/a.txt", "hello ${name}\n");
    fs.insert("/work/d/b.json", "{\"k\": [1, 2]}");
    let scope = ConsoleScope {
        scope: &Names,
        functions: &functions,
        fs: &fs,
        base_dir: Path::new("/work"),
    };
    let diagnostics = match evaluate_console_line(line, &scope) {
        ConsoleOutput::Text(_, diagnostics) | ConsoleOutput::Failed(diagnostics) => diagnostics,
        ConsoleOutput::Nothing | ConsoleOutput::Exit => Vec::new(),
    };
    for diagnostic in diagnostics {
        let ranges = diagnostic.location.map(|l| l.range).into_iter();
        for range in ranges.chain(diagnostic.context) {
            let end: usize = range.end().into();
            assert!(end <= line.len(), "{diagnostic:?} is past the end");
            assert!(
                line.is_char_boundary(range.start().into()) && line.is_char_boundary(end),
                "{diagnostic:?} splits a character"
            );
        }
    }
});
