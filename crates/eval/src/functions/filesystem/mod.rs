//! OpenTofu's filesystem functions (`internal/lang/funcs/filesystem.go`):
//! path manipulation as Go's `path/filepath` does it on Unix, and file
//! reading through [`FunctionContext::fs`], relative to the base directory.

mod doublestar;
mod file;
mod fileset;
mod gopath;
mod homedir;
mod read;

use tofu_types::{Type, Value};

use super::{Function, FunctionContext, FunctionError, Param};

pub(crate) use read::{file_text, read_file};

pub(super) fn functions() -> Vec<Function> {
    vec![
        path_function("abspath", abspath),
        path_function("basename", |_, args, _| {
            Ok(Value::string(gopath::base(string_arg(args, 0))))
        }),
        path_function("dirname", |_, args, _| {
            Ok(Value::string(gopath::dir(string_arg(args, 0))))
        }),
        path_function("pathexpand", |ctx, args, _| {
            homedir::expand(ctx, string_arg(args, 0))
                .map(Value::string)
                .map_err(FunctionError::call)
        }),
        file::file(),
        file::filebase64(),
        file::fileexists(),
        fileset::fileset(),
    ]
}

/// A function of one plain `path` string returning a string.
fn path_function(name: &'static str, implementation: super::ImplFn) -> Function {
    Function {
        name,
        params: vec![Param::new("path", Type::String)],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation,
    }
}

/// The string argument at `index`; `call` has checked it is a known,
/// non-null string.
fn string_arg(args: &[Value], index: usize) -> &str {
    args.get(index).and_then(Value::as_str).unwrap_or_default()
}

/// `filepath.Abs`: relative paths are joined to the working directory,
/// which for OpenTofu is the base directory.
fn abspath(ctx: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value, FunctionError> {
    let path = string_arg(args, 0);
    if gopath::is_abs(path) {
        return Ok(Value::string(gopath::clean(path)));
    }
    let working_dir = if ctx.base_dir.is_absolute() {
        ctx.base_dir.to_path_buf()
    } else {
        let current = ctx
            .fs
            .current_dir()
            .map_err(|err| FunctionError::call(format!("getwd: {}", read::go_error_text(&err))))?;
        current.join(ctx.base_dir)
    };
    Ok(Value::string(gopath::join(&[
        &working_dir.to_string_lossy(),
        path,
    ])))
}

#[cfg(test)]
mod tests;
