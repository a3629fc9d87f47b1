//! Calling functions from unit tests, through cty's calling convention.

use std::path::Path;

use tofu_types::Value;

use super::{Function, FunctionContext, FunctionError, FunctionTable, TableKind, call};
use crate::{FileSystem, MemoryFileSystem};

/// Where a test call runs.
pub(crate) struct TestContext<'a> {
    pub fs: &'a dyn FileSystem,
    pub base_dir: &'a str,
    pub pure_only: bool,
    pub kind: TableKind,
}

impl Default for TestContext<'_> {
    fn default() -> Self {
        static EMPTY: std::sync::LazyLock<MemoryFileSystem> =
            std::sync::LazyLock::new(|| MemoryFileSystem::new("/"));
        TestContext {
            fs: &*EMPTY,
            base_dir: "/",
            pure_only: false,
            kind: TableKind::Console,
        }
    }
}

impl TestContext<'_> {
    /// Calls `name` from the built-in table; `None` if it has no such
    /// function.
    pub(crate) fn try_call(
        &self,
        name: &str,
        args: &[Value],
    ) -> Option<Result<Value, FunctionError>> {
        let table = FunctionTable::builtin(self.kind);
        let f = table.get(name)?.clone();
        Some(self.call_function(&f, &table, args))
    }

    /// Calls `name` from the built-in table, which must have it.
    pub(crate) fn call(&self, name: &str, args: &[Value]) -> Result<Value, FunctionError> {
        self.try_call(name, args)
            .unwrap_or_else(|| panic!("no function {name}"))
    }

    /// Calls a function that need not be in the table.
    pub(crate) fn call_function(
        &self,
        f: &Function,
        table: &FunctionTable,
        args: &[Value],
    ) -> Result<Value, FunctionError> {
        let ctx = FunctionContext {
            fs: self.fs,
            base_dir: Path::new(self.base_dir),
            pure_only: self.pure_only,
            table,
        };
        call(f, &ctx, args)
    }
}

/// `name(args)` with the built-in functions and an empty file system.
pub(crate) fn run(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    TestContext::default().call(name, args)
}

/// `name(args)` as the console would print its value, or `error: ...`.
pub(crate) fn rendered(name: &str, args: &[Value]) -> String {
    match run(name, args) {
        Ok(v) => tofu_types::render(&v),
        Err(e) => format!("error: {e}"),
    }
}
