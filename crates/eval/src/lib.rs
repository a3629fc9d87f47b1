//! Evaluation of OpenTofu expressions, exactly as OpenTofu (through HCL and
//! cty) evaluates them, and OpenTofu's built-in function library.
//!
//! * [`Diagnostic`]: an evaluation error or warning, with HCL's summary,
//!   detail, subject and context ranges.
//! * [`functions`]: the function library and cty's calling convention.
//! * [`FileSystem`]: how filesystem functions read files; tests and
//!   editors inject their own.
//!
//! This crate knows nothing of salsa or modules: names are resolved by a
//! scope the caller supplies.

mod console;
mod diagnostic;
mod eval;
mod fs;
pub mod functions;
pub mod limits;
pub mod typeexpr;

pub use console::{
    CONSOLE_FILE_NAME, CommandJoiner, ConsoleOutput, ConsoleScope, evaluate_console_line,
};
pub use diagnostic::{Code, Diagnostic, FunctionCall, FunctionSignature, Severity};
pub use eval::{
    EvalContext, NoVariables, Scope, evaluate, evaluate_json, expression_values, referenced_roots,
};
pub use fs::{
    DirEntry, FileKind, FileSystem, MAX_FILE_SIZE, MemoryFileSystem, NoFileSystem,
    lexically_normalized, too_large,
};
pub use functions::{Function, FunctionContext, FunctionError, FunctionTable, Param};
pub use tofu_types::{Type, Value};
