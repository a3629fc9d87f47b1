//! Console cases, one test per `tests/console/*.txt` file, which holds
//! cases
//!
//! ```text
//! > EXPRESSION
//! expected output
//! ```
//!
//! where the expected output is the value as `tofu console` prints it, or
//! one `Error: SUMMARY: DETAIL` line per error (details with whitespace
//! collapsed). Expected outputs come from the reference console
//! (`cargo xtask record-console FILE`) or, under a `# keep` comment, from
//! OpenTofu's source where it differs from the reference.
//!
//! Filesystem functions resolve paths against `tests/console/files`.
//!
//! The cases can refer to a few unknown values, which the reference
//! console cannot make without a plan: `u` (of no known type), `us`, `un`,
//! `ub` (a string, number and bool), `ul` (a list of strings), `um` (a map
//! of numbers), `uo` (an object with a string attribute `a`) and `lu` (a
//! known tuple with an unknown second element).

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::path::Path;

use std::collections::BTreeMap;

use tofu_eval::functions::TableKind;
use tofu_eval::{ConsoleOutput, ConsoleScope, FunctionTable, RealFileSystem, Scope, Type, Value};

/// The unknown values the cases may refer to.
struct Unknowns(BTreeMap<&'static str, Value>);

impl Unknowns {
    fn new() -> Unknowns {
        Unknowns(BTreeMap::from([
            ("u", Value::dynamic()),
            ("us", Value::unknown(Type::String)),
            ("un", Value::unknown(Type::Number)),
            ("ub", Value::unknown(Type::Bool)),
            ("ul", Value::unknown(Type::list(Type::String))),
            ("um", Value::unknown(Type::map(Type::Number))),
            ("uo", Value::unknown(Type::object([("a", Type::String)]))),
            (
                "lu",
                Value::tuple(vec![Value::string("a"), Value::unknown(Type::String)]),
            ),
        ]))
    }
}

impl Scope for Unknowns {
    fn variable(&self, name: &str) -> Option<Value> {
        self.0.get(name).cloned()
    }
}

struct Case {
    file: String,
    line: usize,
    input: String,
    expected: String,
}

/// The cases of one file.
fn cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("case file");
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut cases = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((number, line)) = lines.next() {
        let Some(input) = line.strip_prefix("> ") else {
            continue;
        };
        let mut expected = Vec::new();
        while let Some((_, next)) =
            lines.next_if(|(_, l)| !l.starts_with("> ") && !l.starts_with('#'))
        {
            expected.push(next);
        }
        while expected.last().is_some_and(|l| l.is_empty()) {
            expected.pop();
        }
        cases.push(Case {
            file: file.clone(),
            line: number + 1,
            input: input.to_owned(),
            expected: expected.join("\n"),
        });
    }
    cases
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn actual(output: ConsoleOutput) -> String {
    match output {
        ConsoleOutput::Nothing | ConsoleOutput::Exit => String::new(),
        ConsoleOutput::Text(text, _) => text,
        ConsoleOutput::Failed(diagnostics) => diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| {
                if d.detail.is_empty() {
                    format!("Error: {}", d.summary)
                } else {
                    format!("Error: {}: {}", d.summary, collapse(&d.detail))
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Error lines compare with whitespace collapsed, as the reference console
/// wraps long details.
fn normalize(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("Error: ") {
                collapse(l)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn console_cases(path: &Path) -> datatest_stable::Result<()> {
    let base_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/console/files");
    let functions = FunctionTable::builtin(TableKind::Console);
    let unknowns = Unknowns::new();
    let scope = ConsoleScope {
        scope: &unknowns,
        functions: &functions,
        fs: &RealFileSystem,
        base_dir: &base_dir,
    };
    let cases = cases(path);
    let mut failures = Vec::new();
    for case in &cases {
        let got = actual(tofu_eval::evaluate_console_line(&case.input, &scope));
        if normalize(&got) != normalize(&case.expected) {
            failures.push(format!(
                "{}:{}: > {}\n--- expected\n{}\n--- got\n{}\n",
                case.file, case.line, case.input, case.expected, got
            ));
        }
    }
    assert!(!cases.is_empty(), "no console cases in {}", path.display());
    assert!(
        failures.is_empty(),
        "{} of {} console cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    Ok(())
}

datatest_stable::harness! {
    { test = console_cases, root = "tests/console", pattern = r"^[^/]+\.txt$" },
}
