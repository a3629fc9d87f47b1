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
use tofu_eval::{
    ConsoleOutput, ConsoleScope, FileKind, FileSystem, FunctionTable, MemoryFileSystem, Scope,
    Type, Value,
};

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

/// The files of [`files_in_memory`], and `/dev/null` as the device it is
/// on the machines the cases were recorded on.
struct WithDevNull(MemoryFileSystem);

impl FileSystem for WithDevNull {
    fn read(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        self.0.read(path)
    }

    fn kind(&self, path: &Path) -> std::io::Result<FileKind> {
        match path == Path::new("/dev/null") {
            true => Ok(FileKind::Device),
            false => self.0.kind(path),
        }
    }

    fn read_dir(&self, path: &Path) -> std::io::Result<Vec<String>> {
        self.0.read_dir(path)
    }

    fn current_dir(&self) -> std::io::Result<std::path::PathBuf> {
        self.0.current_dir()
    }

    fn home_dir(&self) -> Option<std::path::PathBuf> {
        self.0.home_dir()
    }
}

/// The files under `dir`, in memory at the same paths, with `dir` as the
/// working directory and a home directory: the library reads no disk.
fn files_in_memory(dir: &Path) -> WithDevNull {
    fn add(fs: &mut MemoryFileSystem, dir: &Path) {
        for entry in std::fs::read_dir(dir).expect("the files are readable") {
            let entry = entry.expect("the files are readable");
            let path = entry.path();
            if entry.file_type().expect("a file type").is_dir() {
                add(fs, &path);
            } else {
                fs.insert(&path, std::fs::read(&path).expect("the file is readable"));
            }
        }
    }
    let mut fs = MemoryFileSystem::new(dir).with_home_dir("/home/tester");
    add(&mut fs, dir);
    WithDevNull(fs)
}

fn console_cases(path: &Path) -> datatest_stable::Result<()> {
    let base_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/console/files");
    let fs = files_in_memory(&base_dir);
    let functions = FunctionTable::builtin(TableKind::Console);
    let unknowns = Unknowns::new();
    let scope = ConsoleScope {
        scope: &unknowns,
        functions: &functions,
        fs: &fs,
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
