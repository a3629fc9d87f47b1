//! `tofu-analyzer lsp`: the language server on stdin and stdout.

use std::process::ExitCode;

pub fn run() -> ExitCode {
    match tofu_lsp::run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: the language server stopped: {err}");
            ExitCode::from(super::FAILURE)
        }
    }
}
