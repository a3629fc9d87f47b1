//! `tofu-analyzer syntax FILE`: the tree and errors of one file, for
//! looking into how the analyzer reads it.

use std::{fmt::Write, fs, process::ExitCode};

use tofu_analyzer::{
    source::{decode, encoding_error},
    syntax::{SourceKind, debug_dump, parse},
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
    let mut dump = debug_dump(&parsed);
    if let Some(range) = decoded.first_invalid {
        let error = encoding_error(range);
        let _ = writeln!(
            dump,
            "error {:?}: {}: {}",
            error.range, error.summary, error.detail
        );
    }
    match print_stdout(dump.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
