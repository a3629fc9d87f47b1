//! String functions: cty's `stdlib` string, format, regexp and replace
//! functions and OpenTofu's own (`internal/lang/funcs/string.go`), as
//! OpenTofu's function table picks them.
//!
//! Case mapping and white space follow Go's `unicode` package (see
//! [`case`]); "characters" in `strrev`, `substr` and `format` widths are
//! grapheme clusters, as cty counts them.

mod case;
mod case_table;
mod format;
mod graphemes;
mod regexp;
mod simple;

use tofu_types::Value;

use super::check_element_count;
use super::{Function, FunctionError};
use crate::limits::MAX_STRING_BYTES;

pub(super) fn functions() -> Vec<Function> {
    [
        simple::functions(),
        graphemes::functions(),
        format::functions(),
        regexp::functions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The error for a result over [`MAX_STRING_BYTES`].
fn too_long() -> FunctionError {
    FunctionError::call("the result would be longer than 64 MiB, which is not supported")
}

/// Checks a result length before building it.
fn check_length(bytes: usize) -> Result<(), FunctionError> {
    if bytes > MAX_STRING_BYTES {
        Err(too_long())
    } else {
        Ok(())
    }
}

/// The text of a string argument; the caller converted it to a string.
fn text(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

#[cfg(test)]
mod tests;
