//! `tofu-analyzer graph [DIR]`: the dependency graph as DOT on stdout.

use std::process::ExitCode;

use tofu_analyzer::analysis::Analysis;

use super::{FAILURE, args::GraphArgs, print_stdout};

pub fn run(args: GraphArgs) -> ExitCode {
    if !args.dir.is_dir() {
        eprintln!("error: {}: not a directory", args.dir.display());
        return ExitCode::from(FAILURE);
    }
    let analysis = match Analysis::open(&args.dir) {
        Ok(analysis) => analysis,
        Err(err) => {
            eprintln!("error: cannot read {}: {err}", args.dir.display());
            return ExitCode::from(FAILURE);
        }
    };
    match print_stdout(analysis.graph_dot().as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
