//! Project tasks that are easier in Rust than in shell: `cargo xtask --help`.

mod check;
mod codegen;
mod gen_tree;
mod record_console;

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Development tasks for tofu-analyzer")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Build the release binary and run `tofu-analyzer check` with it.
    ///
    /// Without a DIR this checks the bundled example tree `examples/`.
    /// Everything after DIR, such as `--format json`, goes to the analyzer.
    Check {
        /// `[DIR] [FLAGS...]`, as `tofu-analyzer check` takes them.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "ARGS"
        )]
        args: Vec<String>,
    },
    /// Build the release binary and run `tofu-analyzer bench` with it:
    /// re-evaluation after standard edits, timed and checked.
    ///
    /// Without a DIR this measures the bundled example tree `examples/`.
    /// Everything after DIR, such as `--scale 100,1000`, goes to the
    /// analyzer.
    Bench {
        /// `[DIR] [FLAGS...]`, as `tofu-analyzer bench` takes them.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "ARGS"
        )]
        args: Vec<String>,
    },
    /// Regenerate the source files that are data derived from crates
    /// (code page tables); a test fails while they are stale.
    Codegen,
    /// Write a synthetic, valid module tree for benchmarks.
    GenTree {
        /// Directory to create; it must not exist or be empty.
        out: PathBuf,
        /// Number of modules, the root module included.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
        modules: u32,
    },
    /// Fill in the expected outputs of a console case file by running a
    /// reference console (`tofu`, else `terraform`) on each expression.
    RecordConsole {
        /// The case file to rewrite.
        file: PathBuf,
        /// Directory the reference console runs in (relative paths of
        /// filesystem functions resolve against it).
        #[arg(long, default_value = "crates/eval/tests/console/files")]
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
    let result = match Cli::parse().task {
        Task::Check { args } => check::run("check", args),
        Task::Bench { args } => check::run("bench", args),
        Task::Codegen => codegen::run(),
        Task::GenTree { out, modules } => gen_tree::run(&out, modules as usize),
        Task::RecordConsole { file, dir } => record_console::run(&file, &dir),
    };
    result.unwrap_or_else(|err| {
        eprintln!("error: {err}");
        ExitCode::FAILURE
    })
}

/// The workspace root, one level above this crate.
fn project_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}
