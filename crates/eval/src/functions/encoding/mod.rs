//! OpenTofu's encoding functions: base64, gzip, URL, CSV, JSON, YAML and
//! character-set conversions.

pub(super) mod base64;
mod charset;
mod csv;
mod gzip;
mod json;
mod text;
mod url;
mod yaml;

use tofu_types::{Type, Value};

use super::{Function, FunctionError, Param, redact};

/// Largest string a function here produces; beyond it the call fails
/// instead of exhausting memory.
/// cty's `json.Marshal`, shared with `format`'s `%v` and `%q`.
pub(super) use json::{encode as json_encode, quote_into as json_quote};

pub(super) const MAX_RESULT_BYTES: usize = 64 << 20;

pub(super) fn functions() -> Vec<Function> {
    vec![
        text::base64decode(),
        text::base64encode(),
        gzip::base64gzip(),
        gzip::base64gunzip(),
        csv::csvdecode(),
        json::jsondecode(),
        json::jsonencode(),
        charset::textdecodebase64(),
        charset::textencodebase64(),
        text::urlencode(),
        text::urldecode(),
        yaml::yamldecode(),
        yaml::yamlencode(),
    ]
}

/// A function of one string returning a string, as most here are.
fn string_function(name: &'static str, param: Param, implementation: super::ImplFn) -> Function {
    Function {
        name,
        params: vec![param],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation,
    }
}

fn string_arg(args: &[Value], index: usize) -> Result<&str, FunctionError> {
    args.get(index)
        .and_then(Value::as_str)
        .ok_or_else(|| FunctionError::arg(index, "string required"))
}

/// The error for a result over [`MAX_RESULT_BYTES`].
fn too_large() -> FunctionError {
    FunctionError::call(format!(
        "the result would be larger than {} MiB",
        MAX_RESULT_BYTES >> 20
    ))
}

/// Bytes as a string; bytes that are not UTF-8 (which OpenTofu would keep
/// as they are) become U+FFFD, as a Rust string cannot hold them.
fn lossy_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}
