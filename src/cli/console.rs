//! `tofu-analyzer console [DIR] [-var NAME=VALUE] [-var-file FILE]`: evaluates the expressions read from
//! stdin as `tofu console` does with piped input: one per line (lines join
//! while brackets are open), each value printed on stdout; the first
//! error is printed on stderr and ends the session with status 1.

use std::{
    io::{self, BufRead, IsTerminal, Write},
    process::ExitCode,
};

use tofu_eval::{
    CONSOLE_FILE_NAME, CommandJoiner, ConsoleOutput, ConsoleScope, Diagnostic, FunctionTable,
    RealFileSystem, Scope, Severity, Value, evaluate_console_line, functions::TableKind,
};

use tofu_analyzer::variable_inputs::{
    RootModule, VariableInputs, load_root_module, process_environment, working_dir,
};
use tofu_syntax::{LineIndex, TextSize};

use super::{FAILURE, args::ConsoleArgs, check::colour_allowed};

/// The root module in DIR and the sources of its variables' values, as
/// `tofu console` collects them (environment, tfvars files, `-var` and
/// `-var-file` in order); `tofu_semantic::root_variable_values` of
/// `inputs` gives the values.
pub(super) fn root_module(args: &ConsoleArgs) -> io::Result<RootModule> {
    let environment = process_environment();
    let working_dir = working_dir();
    load_root_module(
        &args.dir,
        &VariableInputs {
            options: &args.variables.options,
            working_dir: &working_dir,
            environment: &environment,
        },
    )
}

/// References wait for the semantic layer; until then they are reported
/// clearly rather than as unknown variables.
struct NoReferencesYet;

impl Scope for NoReferencesYet {
    fn variable(&self, _name: &str) -> Option<Value> {
        None
    }

    fn missing_variable(&self, name: &str) -> Option<(String, String)> {
        Some((
            "References are not available yet".to_owned(),
            format!(
                "The console evaluates literals, operators and function calls; references such as {name:?} to the configuration's named values are not supported yet."
            ),
        ))
    }
}

pub fn run(args: ConsoleArgs, no_color: bool) -> ExitCode {
    if !args.dir.is_dir() {
        eprintln!("error: {}: not a directory", args.dir.display());
        return ExitCode::from(FAILURE);
    }
    // The values are not evaluated yet: references are not supported.
    let _root = match root_module(&args) {
        Ok(root) => root,
        Err(err) => {
            eprintln!("error: cannot read {}: {err}", args.dir.display());
            return ExitCode::from(FAILURE);
        }
    };
    let functions = FunctionTable::builtin(TableKind::Console);
    let scope = ConsoleScope {
        scope: &NoReferencesYet,
        functions: &functions,
        fs: &RealFileSystem,
        base_dir: &args.dir,
    };
    let colour = !no_color && colour_allowed() && io::stderr().is_terminal();
    let mut joiner = CommandJoiner::default();
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    let mut stderr = io::stderr().lock();
    for line in stdin.lines() {
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                let _ = writeln!(stderr, "error: cannot read input: {err}");
                return ExitCode::from(FAILURE);
            }
        };
        let Some(command) = joiner.push(&line) else {
            continue;
        };
        let (text, diagnostics) = match evaluate_console_line(&command, &scope) {
            ConsoleOutput::Nothing => continue,
            ConsoleOutput::Exit => break,
            ConsoleOutput::Text(text, warnings) => (text, warnings),
            ConsoleOutput::Failed(diagnostics) => {
                // As OpenTofu's console does with piped input, the first
                // error ends the session.
                for diagnostic in &diagnostics {
                    let _ = stderr
                        .write_all(render_diagnostic(diagnostic, &command, colour).as_bytes());
                }
                return ExitCode::from(1);
            }
        };
        for diagnostic in &diagnostics {
            let _ = stderr.write_all(render_diagnostic(diagnostic, &command, colour).as_bytes());
        }
        let written = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
        if let Err(err) = written {
            if err.kind() == io::ErrorKind::BrokenPipe {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(stderr, "error: cannot write output: {err}");
            return ExitCode::from(FAILURE);
        }
    }
    ExitCode::SUCCESS
}

/// A diagnostic as OpenTofu prints one without colour: the summary line,
/// where it is, and the detail.
fn render_diagnostic(d: &Diagnostic, command: &str, colour: bool) -> String {
    let (word, ansi) = match d.severity {
        Severity::Error => ("Error", "\x1b[1;31m"),
        Severity::Warning => ("Warning", "\x1b[1;33m"),
    };
    let mut out = String::from("\n");
    if colour {
        out.push_str(&format!(
            "{ansi}{word}: \x1b[0m\x1b[1m{}\x1b[0m\n",
            d.summary
        ));
    } else {
        out.push_str(&format!("{word}: {}\n", d.summary));
    }
    if let Some(subject) = d.subject {
        let index = LineIndex::new(command);
        let start = subject.start().min(TextSize::of(command));
        let number = index.line_of(start);
        let line_range = index.line_range(command, number);
        let text = command[line_range].trim_end_matches(['\r', '\n']);
        let column = usize::from(start - line_range.start());
        let end = usize::from(subject.end().min(line_range.end()).max(start) - line_range.start());
        let before = text.get(..column).map_or(0, |s| s.chars().count());
        let width = text
            .get(column..end.min(text.len()))
            .map_or(1, |s| s.chars().count().max(1));
        let margin = format!("{:>4}: ", number + 1);
        out.push_str(&format!(
            "\n  on {CONSOLE_FILE_NAME} line {}:\n",
            number + 1
        ));
        out.push_str(&format!("{margin}{text}\n"));
        out.push_str(&format!(
            "{}{}\n",
            " ".repeat(margin.len() + before),
            "^".repeat(width)
        ));
    }
    if !d.detail.is_empty() {
        out.push('\n');
        out.push_str(&d.detail);
        out.push('\n');
    }
    out.push('\n');
    out
}
