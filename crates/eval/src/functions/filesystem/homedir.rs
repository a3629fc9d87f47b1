// Go port of go-homedir's `Expand`: its `~` rules and error text; no crate here mirrors them.
//! `~` expansion as `github.com/mitchellh/go-homedir`'s `Expand` does it.

use super::gopath;
use crate::functions::FunctionContext;

/// A leading `~` (alone or before a slash or backslash) replaced by the
/// home directory, the rest joined to it and cleaned; any other path as it
/// is. The error text is go-homedir's.
pub(crate) fn expand(ctx: &FunctionContext<'_>, path: &str) -> Result<String, String> {
    let Some(rest) = path.strip_prefix('~') else {
        return Ok(path.to_owned());
    };
    if !(rest.is_empty() || rest.starts_with('/') || rest.starts_with('\\')) {
        return Err("cannot expand user-specific home dir".to_owned());
    }
    let home = ctx
        .fs
        .home_dir()
        .ok_or_else(|| "could not determine the home directory".to_owned())?;
    Ok(gopath::join(&[&home.to_string_lossy(), rest]))
}
