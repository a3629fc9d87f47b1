//! `tofu-analyzer syntax FILE`: the tree of one file, then its syntax
//! errors with their positions (`FILE:LINE:COLUMN`, columns in grapheme
//! clusters as HCL counts them), for looking into how the analyzer reads
//! it. Exit status 1 when the file has syntax errors, as `check`'s.

use std::{fmt::Write, fs, process::ExitCode};

use tofu_ide::{
    source::{decode, encoding_error},
    syntax::{LineIndex, Parse, SourceKind, debug_dump, parse},
};

use super::{FAILURE, args::SyntaxArgs, print_stdout};

pub fn run(args: SyntaxArgs) -> ExitCode {
    let bytes = match fs::read(&args.file) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("error: cannot read {}: {err}", args.file.display());
            return ExitCode::from(FAILURE);
        }
    };
    let decoded = decode(bytes);
    let name = args.file.file_name().unwrap_or_default().to_string_lossy();
    let parsed = parse(&decoded.text, SourceKind::from_file_name(&name));
    // The tree alone: the errors follow with positions people read.
    let mut out = debug_dump(&Parse::new(parsed.green().clone(), Vec::new()));
    let errors = decoded
        .first_invalid
        .map(encoding_error)
        .into_iter()
        .chain(parsed.errors().iter().cloned());
    let index = LineIndex::new(&decoded.text);
    let mut failed = false;
    for error in errors {
        failed = true;
        let start = index.line_col(&decoded.text, error.range().unwrap().start());
        let end = index.line_col(&decoded.text, error.range().unwrap().end());
        let _ = writeln!(
            out,
            "error {}:{}:{}-{}:{}: {}: {}",
            args.file.display(),
            start.line,
            start.column,
            end.line,
            end.column,
            error.summary,
            error.detail
        );
    }
    match print_stdout(out.as_bytes()) {
        Ok(()) => ExitCode::from(u8::from(failed)),
        Err(code) => code,
    }
}
