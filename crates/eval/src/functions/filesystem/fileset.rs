//! `fileset(path, pattern)`: the regular files under `path` matching a
//! doublestar pattern, relative to `path`, with `/` separators.

use tofu_types::{Marks, Type, Value};

use super::doublestar::{self, GlobFs};
use super::gopath;
use super::read::{go_error_text, host_path, redact};
use crate::functions::{Function, FunctionContext, FunctionError, Param};
use crate::{FileKind, FileSystem};

pub(super) fn fileset() -> Function {
    Function {
        name: "fileset",
        params: vec![
            Param::new("path", Type::String).allow_marked(),
            Param::new("pattern", Type::String).allow_marked(),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::set(Type::String)),
        implementation: fileset_impl,
    }
}

fn fileset_impl(
    ctx: &FunctionContext<'_>,
    args: &[Value],
    _: &Type,
) -> Result<Value, FunctionError> {
    let mut marks = Marks::NONE;
    let mut texts = args.iter().map(|arg| {
        let (value, arg_marks) = arg.unmark();
        marks |= arg_marks;
        value.as_str().unwrap_or_default().to_owned()
    });
    let (path, pattern) = (
        texts.next().unwrap_or_default(),
        texts.next().unwrap_or_default(),
    );

    // Relative to the working directory `.`, as OpenTofu joins them; no
    // `~` expansion here.
    let path = if gopath::is_abs(&path) {
        path
    } else {
        gopath::join(&[".", &path])
    };
    let pattern = gopath::join(&[&path, &pattern]);

    let matches = doublestar::filepath_glob(&pattern, |base| BaseDirFs {
        ctx,
        base: base.to_owned(),
    })
    .map_err(|err| {
        FunctionError::call(format!(
            "failed to glob pattern {}: {err}",
            redact(&pattern, marks)
        ))
    })?;

    let mut files = Vec::new();
    for found in matches {
        match ctx.fs.kind(&host_path(ctx, &found)) {
            Ok(FileKind::File) => {}
            Ok(_) => continue,
            Err(err) => {
                return Err(FunctionError::call(format!(
                    "failed to stat {}: stat {found}: {}",
                    redact(&found, marks),
                    go_error_text(&err)
                )));
            }
        }
        let relative = gopath::rel(&path, &found).map_err(|err| {
            // Go has already overwritten the match with Rel's empty result.
            FunctionError::call(format!(
                "failed to trim path of match {}: {err}",
                redact("", marks)
            ))
        })?;
        files.push(Value::string(relative));
    }
    let set = if files.is_empty() {
        Value::set_empty(Type::String)
    } else {
        Value::set(files)
    };
    Ok(set.with_marks(marks))
}

/// `os.DirFS(base)`: paths below the pattern's base, as the file system
/// sees them from the base directory.
struct BaseDirFs<'c, 'a> {
    ctx: &'c FunctionContext<'a>,
    base: String,
}

impl BaseDirFs<'_, '_> {
    fn fs(&self) -> &dyn FileSystem {
        self.ctx.fs
    }

    fn host(&self, path: &str) -> std::path::PathBuf {
        let go_path = if path == "." {
            self.base.clone()
        } else if self.base.ends_with('/') {
            format!("{}{path}", self.base)
        } else {
            format!("{}/{path}", self.base)
        };
        host_path(self.ctx, &go_path)
    }
}

impl GlobFs for BaseDirFs<'_, '_> {
    fn stat(&mut self, path: &str) -> Option<FileKind> {
        self.fs().kind(&self.host(path)).ok()
    }

    fn read_dir(&mut self, path: &str) -> Option<Vec<String>> {
        self.fs().read_dir(&self.host(path)).ok()
    }
}
