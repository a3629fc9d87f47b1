//! `cargo xtask check` and `cargo xtask bench`: the release binary's
//! command on a tree, exit code passed on.

use std::{
    env,
    ffi::OsString,
    path::{Path, PathBuf},
    process::{Command, ExitCode, ExitStatus},
};

use crate::project_root;

const BIN: &str = "tofu-analyzer";

/// Builds the release binary and runs its `command` (`check`, `bench`)
/// on DIR (the bundled example without one) with the other arguments.
pub(crate) fn run(command: &str, args: Vec<String>) -> Result<ExitCode, String> {
    let root = project_root();
    let (dir, flags) = split_dir(args);
    let dir = dir.map_or_else(|| root.join("examples"), PathBuf::from);

    let status = build_release(&root)?;
    if !status.success() {
        return Ok(exit_code(status));
    }

    let bin = target_dir(&root).join("release").join(BIN);
    let status = Command::new(&bin)
        .arg(command)
        .arg(&dir)
        .args(&flags)
        .status()
        .map_err(|err| format!("cannot run {}: {err}", bin.display()))?;
    Ok(exit_code(status))
}

/// The first argument is the directory unless it looks like a flag.
fn split_dir(mut args: Vec<String>) -> (Option<String>, Vec<String>) {
    match args.first() {
        Some(first) if !first.starts_with('-') => {
            let dir = args.remove(0);
            (Some(dir), args)
        }
        _ => (None, args),
    }
}

fn build_release(root: &Path) -> Result<ExitStatus, String> {
    // `CARGO` is the cargo that runs us, which may not be the one on PATH.
    let cargo = env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    Command::new(cargo)
        .args(["build", "--release", "--bin", BIN])
        .current_dir(root)
        .status()
        .map_err(|err| format!("cannot run cargo: {err}"))
}

/// Where cargo puts its output: `CARGO_TARGET_DIR` if set, as cargo does.
fn target_dir(root: &Path) -> PathBuf {
    match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// The child's exit code; a child killed by a signal counts as a failure.
fn exit_code(status: ExitStatus) -> ExitCode {
    match status.code() {
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    }
}

#[cfg(test)]
mod tests {
    use super::split_dir;

    fn split(args: &[&str]) -> (Option<String>, Vec<String>) {
        split_dir(args.iter().map(|arg| arg.to_string()).collect())
    }

    #[test]
    fn dir_is_optional() {
        assert_eq!(split(&[]), (None, vec![]));
        assert_eq!(split(&["-json"]), (None, vec!["-json".to_owned()]));
        assert_eq!(
            split(&["infra", "--format", "json"]),
            (
                Some("infra".to_owned()),
                vec!["--format".to_owned(), "json".to_owned()]
            )
        );
    }
}
