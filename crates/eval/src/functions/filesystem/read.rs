//! Reading files as OpenTofu's `openFile` and `readFileBytes` do, with the
//! texts of Go's `*os.PathError`s, shared by `file`, `filebase64`,
//! `templatefile` and the `file*` hash functions.

use std::io;
use std::path::PathBuf;

use tofu_types::{Mark, Marks, Value};

use super::{gopath, homedir};
use crate::functions::{FunctionContext, FunctionError};

/// A path as OpenTofu resolves it against its working directory, the base
/// directory: `go` is what Go would open and show in messages (relative
/// when the argument was), `host` where this file system reads it.
pub(crate) struct ResolvedPath {
    pub(crate) go: String,
    pub(crate) host: PathBuf,
}

/// Where the file system finds a path Go would open from the base directory.
pub(crate) fn host_path(ctx: &FunctionContext<'_>, go: &str) -> PathBuf {
    if gopath::is_abs(go) {
        PathBuf::from(go)
    } else {
        ctx.base_dir.join(go)
    }
}

/// `openFile`'s path: `~` expanded, then cleaned (a relative path is
/// joined to the working directory `.`, which cleaning alone amounts to).
pub(crate) fn resolve(ctx: &FunctionContext<'_>, path: &str) -> Result<ResolvedPath, String> {
    let expanded = homedir::expand(ctx, path).map_err(|e| format!("failed to expand ~: {e}"))?;
    let go = gopath::clean(&expanded);
    let host = host_path(ctx, &go);
    Ok(ResolvedPath { go, host })
}

/// Why a file could not be read.
pub(crate) enum ReadError {
    /// `~` could not be expanded; the text is complete.
    Expand(String),
    /// Nothing exists at the path (Go's `os.IsNotExist`).
    NotFound { go_path: String },
    /// Opening failed: `open PATH: REASON`.
    Open(String),
    /// Reading failed: `read PATH: REASON`.
    Read(String),
}

impl ReadError {
    /// The error as Go's `os.Open` and `io.Copy` report it, as the `file*`
    /// hash functions pass it on.
    pub(crate) fn os_message(&self) -> String {
        match self {
            ReadError::Expand(text) | ReadError::Open(text) | ReadError::Read(text) => text.clone(),
            ReadError::NotFound { go_path } => {
                format!("open {go_path}: no such file or directory")
            }
        }
    }

    /// The error as `readFileBytes` words it for `file` and `filebase64`,
    /// the argument (with its marks) redacted where it is named.
    pub(crate) fn file_message(&self, path: &str, marks: Marks) -> String {
        match self {
            ReadError::Expand(text) | ReadError::Open(text) => text.clone(),
            ReadError::Read(text) => format!("failed to read file: {text}"),
            ReadError::NotFound { .. } => format!(
                "no file exists at {}; this function works only with files that are distributed \
                 as part of the configuration source code, so if this file will be created by a \
                 resource in this configuration you must instead obtain this result from an \
                 attribute of that resource",
                redact(path, marks)
            ),
        }
    }
}

/// The contents of the file at `path` (an argument as given).
pub(crate) fn read_file(ctx: &FunctionContext<'_>, path: &str) -> Result<Vec<u8>, ReadError> {
    let resolved = resolve(ctx, path).map_err(ReadError::Expand)?;
    ctx.fs.read(&resolved.host).map_err(|err| {
        let reason = go_error_text(&err);
        match err.kind() {
            io::ErrorKind::NotFound => ReadError::NotFound {
                go_path: resolved.go,
            },
            // Go opens directories and oversized files alike; it is the
            // read that fails.
            io::ErrorKind::IsADirectory | io::ErrorKind::FileTooLarge => {
                ReadError::Read(format!("read {}: {reason}", resolved.go))
            }
            _ => ReadError::Open(format!("open {}: {reason}", resolved.go)),
        }
    })
}

/// `File(baseDir, path)`: the text of a file, as `file` gives it (and as
/// `templatefile` loads its template): errors about the argument are
/// argument errors, invalid UTF-8 is not; the path's marks go on the result.
pub(crate) fn file_text(ctx: &FunctionContext<'_>, path: &Value) -> Result<Value, FunctionError> {
    let (path, marks) = path.unmark();
    let path = path.as_str().unwrap_or_default();
    let bytes =
        read_file(ctx, path).map_err(|err| FunctionError::arg(0, err.file_message(path, marks)))?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Value::string(text).with_marks(marks)),
        Err(_) => Err(FunctionError::call(format!(
            "contents of {} are not valid UTF-8; use the filebase64 function to obtain the \
             Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to \
             obtain file hashing results instead",
            redact(path, marks)
        ))),
    }
}

/// `redactIfSensitiveOrEphemeral`: a placeholder for a marked value, else
/// the text quoted as Go's `%q` quotes it.
pub(crate) fn redact(text: &str, marks: Marks) -> String {
    let sensitive = marks.contains(Mark::Sensitive);
    let ephemeral = marks.contains(Mark::Ephemeral);
    match (ephemeral, sensitive) {
        (true, true) => "(ephemeral sensitive value)".to_owned(),
        (true, false) => "(ephemeral value)".to_owned(),
        (false, true) => "(sensitive value)".to_owned(),
        (false, false) => tofu_syntax::quote::go_quote(text),
    }
}

/// The reason Go gives for a failed system call: the C library's message
/// in lower case, as Go's own table has it.
pub(crate) fn go_error_text(err: &io::Error) -> String {
    if err.raw_os_error().is_some() {
        let text = err.to_string();
        // Rust appends " (os error N)" to the C library's text.
        let text = match text.rfind(" (os error ") {
            Some(at) => &text[..at],
            None => text.as_str(),
        };
        let mut chars = text.chars();
        return match chars.next() {
            Some(first) => first.to_lowercase().chain(chars).collect(),
            None => String::new(),
        };
    }
    match err.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::IsADirectory => "is a directory".to_owned(),
        io::ErrorKind::NotADirectory => "not a directory".to_owned(),
        _ => err.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operating_system_errors_read_as_go_words_them() {
        let os = |code| go_error_text(&io::Error::from_raw_os_error(code));
        assert_eq!(os(2), "no such file or directory");
        assert_eq!(os(13), "permission denied");
        assert_eq!(os(20), "not a directory");
        assert_eq!(os(21), "is a directory");
        assert_eq!(os(36), "file name too long");
        assert_eq!(
            go_error_text(&io::Error::from(io::ErrorKind::NotADirectory)),
            "not a directory"
        );
    }

    #[test]
    fn redaction_by_marks() {
        assert_eq!(redact("a\"b", Marks::NONE), "\"a\\\"b\"");
        assert_eq!(redact("x", Marks::SENSITIVE), "(sensitive value)");
        assert_eq!(redact("x", Marks::EPHEMERAL), "(ephemeral value)");
        assert_eq!(
            redact("x", Marks::SENSITIVE | Marks::EPHEMERAL),
            "(ephemeral sensitive value)"
        );
    }
}
