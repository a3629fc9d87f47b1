//! `base64encode`, `base64decode`, `urlencode`, `urldecode`.

use tofu_types::{Type, Value};

use super::super::{Function, FunctionError, Param};
use super::{
    MAX_RESULT_BYTES, base64, lossy_string, redact, string_arg, string_function, too_large, url,
};

pub(super) fn base64encode() -> Function {
    string_function(
        "base64encode",
        Param::new("str", Type::String),
        |_, args, _| {
            let s = string_arg(args, 0)?;
            if s.len().div_ceil(3) * 4 > MAX_RESULT_BYTES {
                return Err(too_large());
            }
            Ok(Value::string(base64::encode(s.as_bytes())))
        },
    )
}

pub(super) fn base64decode() -> Function {
    string_function(
        "base64decode",
        Param::new("str", Type::String).allow_marked(),
        |_, args, _| {
            let (arg, marks) = args[0].unmark();
            let s = string_arg(std::slice::from_ref(&arg), 0)?;
            let decoded = base64::decode(s.as_bytes()).map_err(|_| {
                FunctionError::call(format!("failed to decode base64 data {}", redact(s, marks)))
            })?;
            let decoded = String::from_utf8(decoded).map_err(|_| {
                FunctionError::call("the result of decoding the provided string is not valid UTF-8")
            })?;
            Ok(Value::string(decoded).with_marks(marks))
        },
    )
}

pub(super) fn urlencode() -> Function {
    string_function(
        "urlencode",
        Param::new("str", Type::String),
        |_, args, _| {
            let s = string_arg(args, 0)?;
            let escaped = url::query_escape(s);
            if escaped.len() > MAX_RESULT_BYTES {
                return Err(too_large());
            }
            Ok(Value::string(escaped))
        },
    )
}

pub(super) fn urldecode() -> Function {
    string_function(
        "urldecode",
        Param::new("str", Type::String),
        |_, args, _| {
            let decoded = url::query_unescape(string_arg(args, 0)?)
                // Go prints the (empty) partial result in the message.
                .map_err(|e| FunctionError::call(format!("failed to decode URL '': {e}")))?;
            Ok(Value::string(lossy_string(decoded)))
        },
    )
}
