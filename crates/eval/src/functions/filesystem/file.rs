//! `file`, `filebase64` and `fileexists`: their path may be marked, and
//! its marks go on the result and hide it in messages.

use std::io;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use tofu_types::{Type, Value};

use super::read::{self, redact};
use super::{gopath, homedir};
use crate::FileKind;
use crate::functions::{Function, FunctionContext, FunctionError, Param};

fn marked_path_param() -> Vec<Param> {
    vec![Param::new("path", Type::String).allow_marked()]
}

pub(super) fn file() -> Function {
    Function {
        name: "file",
        params: marked_path_param(),
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |ctx, args, _| match args.first() {
            Some(path) => super::file_text(ctx, path),
            None => Err(FunctionError::call("missing path")),
        },
    }
}

pub(super) fn filebase64() -> Function {
    Function {
        name: "filebase64",
        params: marked_path_param(),
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |ctx, args, _| {
            let (path, marks) = marked_string(args);
            let bytes = read::read_file(ctx, &path)
                .map_err(|err| FunctionError::arg(0, err.file_message(&path, marks)))?;
            Ok(Value::string(STANDARD.encode(bytes)).with_marks(marks))
        },
    }
}

pub(super) fn fileexists() -> Function {
    Function {
        name: "fileexists",
        params: marked_path_param(),
        var_param: None,
        return_type: |_, _| Ok(Type::Bool),
        implementation: fileexists_impl,
    }
}

/// The first argument's text and marks.
fn marked_string(args: &[Value]) -> (String, tofu_types::Marks) {
    match args.first() {
        Some(value) => {
            let (value, marks) = value.unmark();
            (value.as_str().unwrap_or_default().to_owned(), marks)
        }
        None => (String::new(), tofu_types::Marks::NONE),
    }
}

fn fileexists_impl(
    ctx: &FunctionContext<'_>,
    args: &[Value],
    _: &Type,
) -> Result<Value, FunctionError> {
    let (path, marks) = marked_string(args);
    let expanded = homedir::expand(ctx, &path)
        .map_err(|err| FunctionError::call(format!("failed to expand ~: {err}")))?;
    let go_path = gopath::clean(&expanded);
    let kind = match ctx.fs.kind(&read::host_path(ctx, &go_path)) {
        Ok(kind) => kind,
        Err(err) if err.kind() == io::ErrorKind::NotFound => {
            return Ok(Value::bool(false).with_marks(marks));
        }
        Err(_) => {
            return Err(FunctionError::call(format!(
                "failed to stat {}",
                redact(&go_path, marks)
            )));
        }
    };
    let name = redact(&go_path, marks);
    // OpenTofu reports these against argument 1, which does not exist.
    let not_regular = |what: &str| Err(FunctionError::arg(1, format!("{name} {what}")));
    match kind {
        FileKind::File => Ok(Value::bool(true).with_marks(marks)),
        FileKind::Directory => not_regular("is a directory, not a file"),
        FileKind::Device => not_regular("is a device node, not a regular file"),
        FileKind::NamedPipe => not_regular("is a named pipe, not a regular file"),
        FileKind::Socket => not_regular("is a unix domain socket, not a regular file"),
        FileKind::Other => not_regular("is not a regular file"),
    }
}
