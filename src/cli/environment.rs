//! What the command line takes from the process and hands to the host:
//! the library below it reads no environment of its own.

use std::path::PathBuf;

/// The process environment, names and values as text.
pub fn process_environment() -> Vec<(String, String)> {
    std::env::vars_os()
        .map(|(name, value)| {
            (
                name.to_string_lossy().into_owned(),
                value.to_string_lossy().into_owned(),
            )
        })
        .collect()
}

/// The working directory, for relative `-var-file` paths.
pub fn working_dir() -> PathBuf {
    std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."))
}

/// The process's peak resident memory (`VmHWM` of `/proc/self/status`),
/// where the system tells it.
pub fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
