//! The command line: argument parsing, output streams, exit codes.
//!
//! Exit codes: 0 without errors, 1 with errors, 2 when the command could
//! not do its job (bad usage, unreadable input, output that could not be
//! written).

mod args;
mod bench;
mod check;
mod console;
mod environment;
mod fmt;
mod graph;
mod lsp;
mod progress;
mod syntax;

use std::{
    ffi::OsString,
    io::{self, Write},
    process::ExitCode,
};

use args::Command;

const FAILURE: u8 = 2;

pub fn run(args: Vec<OsString>) -> ExitCode {
    let cli = match args::parse(args) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(FAILURE));
        }
    };
    if let Some(dir) = &cli.chdir
        && let Err(err) = std::env::set_current_dir(dir)
    {
        eprintln!(
            "error: cannot switch to directory {} (-chdir): {err}",
            dir.display()
        );
        return ExitCode::from(FAILURE);
    }
    match cli.command {
        Command::Check(check) => check::run(check, cli.no_color),
        Command::Syntax(syntax) => syntax::run(syntax),
        Command::Console(console) => console::run(console, cli.no_color),
        Command::Graph(graph) => graph::run(graph),
        Command::Fmt(fmt) => fmt::run(fmt, cli.no_color),
        Command::Codes => list_codes(),
        Command::Bench(bench) => bench::run(bench),
        Command::Lsp => lsp::run(),
    }
}

/// `tofu-analyzer codes`: every code, its summary and what it means.
fn list_codes() -> ExitCode {
    let width = tofu_ide::diagnostic::Code::ALL
        .iter()
        .map(|code| code.name().len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for code in tofu_ide::diagnostic::Code::ALL {
        out.push_str(&format!("{:width$}  {}\n", code.name(), code.description()));
    }
    match print_stdout(out.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// Writes all of `text` to stdout. A reader that went away early (`| head`)
/// is not an error worth reporting.
fn print_stdout(text: &[u8]) -> Result<(), ExitCode> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(text).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(err) => {
            eprintln!("error: cannot write output: {err}");
            Err(ExitCode::from(FAILURE))
        }
    }
}
