//! `tofu-analyzer console [DIR] [-var NAME=VALUE] [-var-file FILE]`: evaluates expressions as
//! `tofu console` does, one per line (lines join while brackets are open).
//!
//! At a terminal it is interactive, as OpenTofu's `modeInteractive`: a
//! `> ` prompt (a dot per open bracket while a command goes on), line
//! editing and history (rustyline), errors shown without ending the
//! session, `exit`, Ctrl-D or Ctrl-C on an empty command to leave.
//! With piped input, each value is printed on stdout and the first error
//! is printed on stderr and ends the session with status 1.
//!
//! Before the first prompt, as `tofu console`: a root module whose
//! configuration does not load (syntax or load-time errors) shows its
//! errors and ends with status 1; evaluation's errors are shown (on
//! stderr, warnings on stdout, with a warning that some expressions may
//! produce unexpected results) and the session goes on. Only the files of
//! the root module's configuration count, not every module below DIR.

use std::{
    io::{self, BufRead, IsTerminal, Write},
    process::ExitCode,
};

use tofu_eval::{
    CONSOLE_FILE_NAME, CommandJoiner, ConsoleOutput, ConsoleScope, Diagnostic, FunctionTable,
    Severity, evaluate_console_line, functions::TableKind,
};

use tofu_ide::semantic_db::root_variable_values;
use tofu_ide::variable_inputs::VariableInputs;
use tofu_ide::{check::CheckOptions, disk::DiskFileSystem, host::AnalysisHost};

use super::environment::{process_environment, working_dir};
use tofu_syntax::{LineIndex, TextSize};

use rustyline::{DefaultEditor, error::ReadlineError};

use tofu_ide::check::CheckReport;
use tofu_render::warnings::WarningOptions;

use super::{
    FAILURE,
    args::ConsoleArgs,
    check::{colour_allowed, render_human},
};

pub fn run(args: ConsoleArgs, no_color: bool) -> ExitCode {
    if !args.dir.is_dir() {
        eprintln!("error: {}: not a directory", args.dir.display());
        return ExitCode::from(FAILURE);
    }
    let environment = process_environment();
    let working_dir = working_dir();
    let inputs = VariableInputs {
        options: &args.variables.options,
        working_dir: &working_dir,
        environment: &environment,
    };
    let options = CheckOptions {
        variables: Some(inputs),
        ..CheckOptions::default()
    };
    let analysis = match AnalysisHost::load(&args.dir, &options) {
        Ok(host) => host.analysis(),
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(FAILURE);
        }
    };
    let tree = analysis.console();
    // Values that cannot be read stop the console before it starts, as
    // they stop OpenTofu's.
    let values = root_variable_values(&tree.db, tree.inputs);
    if values
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error)
    {
        let mut stderr = io::stderr().lock();
        for d in &values.diagnostics {
            let word = match d.severity {
                Severity::Error => "Error",
                Severity::Warning => "Warning",
                Severity::Note => "Note",
            };
            let _ = write!(stderr, "\n{word}: {}\n\n{}\n\n", d.summary, d.detail);
        }
        return ExitCode::from(1);
    }
    let colour = !no_color && colour_allowed() && io::stderr().is_terminal();
    let report = analysis
        .console_report()
        .expect("nothing changes the host while it reports");
    drop(analysis);
    if !show_problems(report, colour) {
        return ExitCode::from(1);
    }
    let functions = FunctionTable::builtin(TableKind::Console);
    let root_scope = tree.scope();
    let scope = ConsoleScope {
        scope: &root_scope,
        functions: &functions,
        fs: &DiskFileSystem::from_environment(&working_dir, &environment),
        base_dir: &args.dir,
    };
    if io::stdin().is_terminal() && io::stdout().is_terminal() {
        return interactive(&scope, colour);
    }
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

/// What the configuration's errors and warnings mean for the console, as
/// `tofu console` decides before its first prompt: a configuration that
/// does not load is shown and ends it (false); evaluation's problems are
/// shown (errors on stderr, warnings on stdout) with a warning that some
/// expressions may be affected, and the session goes on.
fn show_problems(mut report: CheckReport, colour: bool) -> bool {
    if !report.loads {
        report
            .diagnostics
            .retain(|d| d.severity == tofu_diagnostics::Severity::Error);
        let rendered = render_human(&report, &WarningOptions::default(), colour);
        let _ = io::stderr().write_all(&rendered);
        return false;
    }
    let (errors, warnings): (Vec<_>, Vec<_>) = report
        .diagnostics
        .drain(..)
        .partition(|d| d.severity == tofu_diagnostics::Severity::Error);
    let failed = !errors.is_empty();
    report.diagnostics = errors;
    let _ = io::stderr().write_all(&render_human(&report, &WarningOptions::default(), colour));
    report.diagnostics = warnings;
    let mut shown = render_human(&report, &WarningOptions::default(), colour);
    if failed {
        shown.extend_from_slice(
            b"\nWarning: Due to the problems above, some expressions may produce unexpected results.\n\n",
        );
    }
    let _ = io::stdout().write_all(&shown);
    true
}

/// The console at a terminal: every error is shown and the session goes
/// on; it ends with status 0 on `exit`, end of input, or an interrupt
/// with no command under way.
fn interactive(scope: &ConsoleScope<'_>, colour: bool) -> ExitCode {
    let mut editor = match DefaultEditor::new() {
        Ok(editor) => editor,
        Err(err) => {
            eprintln!("error: cannot start the interactive console: {err}");
            return ExitCode::from(FAILURE);
        }
    };
    let mut joiner = CommandJoiner::default();
    loop {
        let prompt = match joiner.depth() {
            0 => "> ".to_owned(),
            depth => format!("{} ", ".".repeat(depth)),
        };
        let line = match editor.readline(&prompt) {
            Ok(line) => line,
            // Ctrl-C drops a command under way; with none, it leaves.
            Err(ReadlineError::Interrupted) if joiner.clear() => continue,
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => break,
            Err(err) => {
                eprintln!("error: cannot read input: {err}");
                return ExitCode::from(FAILURE);
            }
        };
        if !line.trim().is_empty() {
            let _ = editor.add_history_entry(line.as_str());
        }
        let Some(command) = joiner.push(&line) else {
            continue;
        };
        let (text, diagnostics) = match evaluate_console_line(&command, scope) {
            ConsoleOutput::Nothing => continue,
            ConsoleOutput::Exit => break,
            ConsoleOutput::Text(text, warnings) => (Some(text), warnings),
            ConsoleOutput::Failed(diagnostics) => (None, diagnostics),
        };
        let mut stderr = io::stderr().lock();
        for diagnostic in &diagnostics {
            let _ = stderr.write_all(render_diagnostic(diagnostic, &command, colour).as_bytes());
        }
        let _ = stderr.flush();
        if let Some(text) = text {
            println!("{text}");
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
        Severity::Note => ("Note", "\x1b[1m"),
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
    if let Some(subject) = d.range() {
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
