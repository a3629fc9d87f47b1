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
