//! `tofu-analyzer graph [DIR]`: the dependency graph as DOT on stdout.

use std::process::ExitCode;

use tofu_ide::{check::CheckOptions, host::AnalysisHost};

use super::{FAILURE, args::GraphArgs, print_stdout};

pub fn run(args: GraphArgs) -> ExitCode {
    if !args.dir.is_dir() {
        eprintln!("error: {}: not a directory", args.dir.display());
        return ExitCode::from(FAILURE);
    }
    let host = match AnalysisHost::load(&args.dir, &CheckOptions::default()) {
        Ok(host) => host,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(FAILURE);
        }
    };
    let dot = host
        .analysis()
        .graph_dot()
        .expect("nothing changes the host while it answers");
    match print_stdout(dot.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
