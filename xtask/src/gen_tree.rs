//! `cargo xtask gen-tree`: writes a synthetic tree (see `tofu_gen_tree`).

use std::{path::Path, process::ExitCode};

use tofu_gen_tree::write_tree;

pub(crate) fn run(out: &Path, modules: usize) -> Result<ExitCode, String> {
    let written = write_tree(out, modules)?;
    println!(
        "{}: {modules} modules, {} files, {} bytes",
        out.display(),
        written.files,
        written.bytes
    );
    Ok(ExitCode::SUCCESS)
}
