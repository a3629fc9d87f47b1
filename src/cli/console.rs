//! `tofu-analyzer console [DIR]`: evaluates one expression per line of
//! stdin as `tofu console` does, printing each value on stdout and each
//! error on stderr.

use std::{
    io::{self, BufRead, IsTerminal, Write},
    process::ExitCode,
};

use tofu_eval::{
    CONSOLE_FILE_NAME, ConsoleOutput, ConsoleScope, Diagnostic, FunctionTable, RealFileSystem,
    Scope, Severity, Value, evaluate_console_line, functions::TableKind,
};

use super::{FAILURE, args::ConsoleArgs, check::colour_allowed};

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
    let functions = FunctionTable::builtin(TableKind::Console);
    let scope = ConsoleScope {
        scope: &NoReferencesYet,
        functions: &functions,
        fs: &RealFileSystem,
        base_dir: &args.dir,
    };
    let colour = !no_color && colour_allowed() && io::stderr().is_terminal();
    let mut failed = false;
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
        let (text, diagnostics) = match evaluate_console_line(&line, &scope) {
            ConsoleOutput::Nothing => continue,
            ConsoleOutput::Exit => break,
            ConsoleOutput::Text(text, warnings) => (Some(text), warnings),
            ConsoleOutput::Failed(diagnostics) => (None, diagnostics),
        };
        for diagnostic in &diagnostics {
            failed |= diagnostic.is_error();
            let _ = stderr.write_all(render_diagnostic(diagnostic, &line, colour).as_bytes());
        }
        if let Some(text) = text {
            let written = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
            if let Err(err) = written {
                if err.kind() == io::ErrorKind::BrokenPipe {
                    return ExitCode::from(u8::from(failed));
                }
                let _ = writeln!(stderr, "error: cannot write output: {err}");
                return ExitCode::from(FAILURE);
            }
        }
    }
    ExitCode::from(u8::from(failed))
}

/// A diagnostic as OpenTofu prints one without colour: the summary line,
/// where it is, and the detail.
fn render_diagnostic(d: &Diagnostic, line: &str, colour: bool) -> String {
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
        let start = usize::from(subject.start()).min(line.len());
        let end = usize::from(subject.end()).clamp(start, line.len());
        out.push_str(&format!("\n  on {CONSOLE_FILE_NAME} line 1:\n"));
        out.push_str(&format!("   1: {line}\n"));
        let before = line.get(..start).map_or(0, |s| s.chars().count());
        let width = line.get(start..end).map_or(1, |s| s.chars().count().max(1));
        out.push_str(&format!(
            "{}{}\n",
            " ".repeat(6 + before),
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
