//! `md5`, `sha1`, `sha256`, `sha512`, `base64sha256`, `base64sha512` and
//! their `file*` counterparts, which hash a file's bytes instead.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};
use tofu_types::{Type, Value};

use super::string_arg;
use crate::functions::filesystem::read_file;
use crate::functions::{Function, FunctionError, ImplFn, Param};

fn digest<D: Digest>(bytes: &[u8]) -> Vec<u8> {
    D::digest(bytes).to_vec()
}

fn hex(bytes: Vec<u8>) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn base64(bytes: Vec<u8>) -> String {
    STANDARD.encode(bytes)
}

/// Each function's name, what it computes from bytes, and whether it reads
/// the bytes from the file its argument names.
macro_rules! hash_functions {
    ($( $name:literal => $encode:ident($hasher:ty), $source:ident; )*) => {
        pub(super) fn functions() -> Vec<Function> {
            vec![$( hash_function($name, stringify!($source), {
                fn implementation(
                    ctx: &crate::functions::FunctionContext<'_>,
                    args: &[Value],
                    _: &Type,
                ) -> Result<Value, FunctionError> {
                    let bytes = hash_functions!(@bytes $source, ctx, args);
                    Ok(Value::string($encode(digest::<$hasher>(&bytes))))
                }
                implementation
            }) ),*]
        }
    };
    (@bytes string, $ctx:ident, $args:ident) => {{
        let _ = $ctx;
        string_arg($args, 0).as_bytes().to_vec()
    }};
    (@bytes file, $ctx:ident, $args:ident) => {
        // As `io.Copy` from `os.Open`: Go's errors as they are.
        read_file($ctx, string_arg($args, 0))
            .map_err(|err| FunctionError::call(err.os_message()))?
    };
}

hash_functions! {
    "md5" => hex(Md5), string;
    "sha1" => hex(Sha1), string;
    "sha256" => hex(Sha256), string;
    "sha512" => hex(Sha512), string;
    "base64sha256" => base64(Sha256), string;
    "base64sha512" => base64(Sha512), string;
    "filemd5" => hex(Md5), file;
    "filesha1" => hex(Sha1), file;
    "filesha256" => hex(Sha256), file;
    "filesha512" => hex(Sha512), file;
    "filebase64sha256" => base64(Sha256), file;
    "filebase64sha512" => base64(Sha512), file;
}

/// A hash function of one string: the text itself (`str`) or the path of
/// the file to hash (`path`); neither handles marks itself.
fn hash_function(name: &'static str, source: &str, implementation: ImplFn) -> Function {
    let param = if source == "file" { "path" } else { "str" };
    Function {
        name,
        params: vec![Param::new(param, Type::String)],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation,
    }
}
