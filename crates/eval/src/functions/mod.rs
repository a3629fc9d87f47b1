//! OpenTofu's built-in functions and cty's calling convention.
//!
//! A [`Function`] is described as cty describes one: positional parameters,
//! an optional variadic parameter, a return-type callback that may look at
//! the (possibly unknown) argument values, and an implementation. [`call`]
//! applies cty's rules around them: nulls rejected unless allowed, an
//! unknown argument makes the result unknown unless allowed, marks are
//! taken off the arguments and put on the result unless the function
//! handles them itself.

mod assume;
mod collection;
mod conversion;
mod crypto;
mod datetime;
mod encoding;
mod filesystem;
mod ipnet;
mod marks;
mod numeric;
mod provider;
mod string;
mod template;
#[cfg(test)]
pub(crate) mod testing;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use tofu_types::{Marks, Type, Value};

use crate::FileSystem;

pub use provider::{ProviderFunction, ProviderFunctions, ProviderLookup, ProviderParam};

/// One parameter of a function, with cty's flags.
#[derive(Debug, Clone)]
pub struct Param {
    pub name: &'static str,
    /// Arguments are converted to this type before the call;
    /// [`Type::Dynamic`] accepts anything unconverted.
    pub ty: Type,
    pub allow_null: bool,
    pub allow_unknown: bool,
    pub allow_dynamic_type: bool,
    pub allow_marked: bool,
}

impl Param {
    pub fn new(name: &'static str, ty: Type) -> Param {
        Param {
            name,
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic_type: false,
            allow_marked: false,
        }
    }

    pub fn allow_null(mut self) -> Param {
        self.allow_null = true;
        self
    }

    pub fn allow_unknown(mut self) -> Param {
        self.allow_unknown = true;
        self
    }

    pub fn allow_dynamic_type(mut self) -> Param {
        self.allow_dynamic_type = true;
        self
    }

    pub fn allow_marked(mut self) -> Param {
        self.allow_marked = true;
        self
    }
}

/// A failed call: cty's `function.ArgError` (about one argument, by index
/// into the arguments as given) or any other error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FunctionError {
    /// HCL reports it as "Invalid function argument" on that argument.
    Arg { index: usize, message: String },
    /// HCL reports it as "Error in function call".
    Call(String),
}

/// The error for a collection over [`MAX_COLLECTION_LENGTH`] elements,
/// checked before the collection is built.
///
/// [`MAX_COLLECTION_LENGTH`]: crate::limits::MAX_COLLECTION_LENGTH
pub(crate) fn check_element_count(count: usize) -> Result<(), FunctionError> {
    if count > crate::limits::MAX_COLLECTION_LENGTH {
        return Err(FunctionError::call(format!(
            "the result would have more than {} elements, which is not supported",
            crate::limits::MAX_COLLECTION_LENGTH
        )));
    }
    Ok(())
}

impl FunctionError {
    pub fn arg(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError::Arg {
            index,
            message: message.into(),
        }
    }

    pub fn call(message: impl Into<String>) -> FunctionError {
        FunctionError::Call(message.into())
    }

    pub fn message(&self) -> &str {
        match self {
            FunctionError::Arg { message, .. } | FunctionError::Call(message) => message,
        }
    }
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// What a function may consult besides its arguments.
#[derive(Clone, Copy)]
pub struct FunctionContext<'a> {
    pub fs: &'a dyn FileSystem,
    /// Relative paths given to filesystem functions are resolved against
    /// this directory: the root module's, as OpenTofu resolves them against
    /// its working directory.
    pub base_dir: &'a Path,
    /// During analysis impure functions (`timestamp`, `uuid`, `bcrypt`)
    /// return unknown values, as OpenTofu's do during planning.
    pub pure_only: bool,
    pub table: &'a FunctionTable,
}

/// Decides the return type from the arguments, which may be unknown.
pub type TypeFn = fn(&FunctionContext<'_>, &[Value]) -> Result<Type, FunctionError>;
/// Computes the result; gets the type [`TypeFn`] returned.
pub type ImplFn = fn(&FunctionContext<'_>, &[Value], &Type) -> Result<Value, FunctionError>;

/// A built-in function.
#[derive(Clone)]
pub struct Function {
    pub name: &'static str,
    pub params: Vec<Param>,
    pub var_param: Option<Param>,
    pub return_type: TypeFn,
    pub implementation: ImplFn,
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Function {
    /// The parameter that takes the argument at `index`.
    pub fn param(&self, index: usize) -> Option<&Param> {
        self.params.get(index).or(self.var_param.as_ref())
    }

    /// The signature OpenTofu describes (`DescribeFunction`): the return
    /// type is the one for unknown arguments of exactly the parameter
    /// types (one variadic argument), dynamic when that is an error.
    pub fn signature(&self, ctx: &FunctionContext<'_>) -> crate::FunctionSignature {
        let described = |p: &Param| (p.name.to_owned(), p.ty.json_encoding());
        let args: Vec<Value> = self
            .params
            .iter()
            .chain(&self.var_param)
            .map(|p| Value::unknown(p.ty.clone()))
            .collect();
        crate::FunctionSignature {
            name: self.name.to_owned(),
            params: self.params.iter().map(described).collect(),
            variadic_param: self.var_param.as_ref().map(described),
            return_type: self.return_type_for(ctx, &args).json_encoding(),
        }
    }

    /// cty's `ReturnTypeForValues` for arguments that fit the parameters:
    /// a dynamic argument where a parameter does not take one gives a
    /// dynamic result without asking the function.
    fn return_type_for(&self, ctx: &FunctionContext<'_>, args: &[Value]) -> Type {
        let params = self.params.iter().chain(&self.var_param);
        if params
            .zip(args)
            .any(|(p, a)| a.ty().is_dynamic() && !p.allow_dynamic_type)
        {
            return Type::Dynamic;
        }
        (self.return_type)(ctx, args).unwrap_or(Type::Dynamic)
    }
}

/// cty's `Function.Call`: the arguments must already have the parameter
/// types (the evaluator converts them first, as HCL does) and their count
/// must fit the parameters.
pub fn call(
    f: &Function,
    ctx: &FunctionContext<'_>,
    args: &[Value],
) -> Result<Value, FunctionError> {
    let mut unmarked_for_type: Vec<Value> = Vec::with_capacity(args.len());
    let mut dynamic_arg = false;
    for (index, arg) in args.iter().enumerate() {
        let Some(param) = f.param(index) else {
            return Err(FunctionError::call(format!(
                "wrong number of arguments ({} required; {} given)",
                f.params.len(),
                args.len()
            )));
        };
        let value = if !param.allow_marked && arg.contains_marked() {
            arg.unmark_deep().0
        } else {
            arg.clone()
        };
        if arg.is_null() && !param.allow_null {
            return Err(FunctionError::arg(index, "argument must not be null"));
        }
        if arg.ty().is_dynamic() && !param.allow_dynamic_type {
            dynamic_arg = true;
            break;
        }
        unmarked_for_type.push(value);
    }
    let return_type = if dynamic_arg {
        Type::Dynamic
    } else {
        (f.return_type)(ctx, &unmarked_for_type)?
    };

    let mut result_marks = Marks::NONE;
    let mut return_unknown = dynamic_arg;
    let mut call_args: Vec<Value> = Vec::with_capacity(args.len());
    for (index, arg) in args.iter().enumerate() {
        let param = f.param(index).expect("checked above");
        let arg = if param.allow_marked {
            arg.clone()
        } else {
            let (unmarked, marks) = arg.unmark_deep();
            result_marks |= marks;
            unmarked
        };
        if !arg.is_known() && !param.allow_unknown {
            return_unknown = true;
        }
        call_args.push(arg);
    }
    if return_unknown {
        return Ok(Value::unknown(return_type).with_marks(result_marks));
    }
    let result = (f.implementation)(ctx, &call_args, &return_type)?;
    Ok(result.with_marks(result_marks))
}

/// The functions callable in one scope, by name, each also as `core::NAME`.
#[derive(Debug, Clone, Default)]
pub struct FunctionTable {
    functions: Arc<BTreeMap<String, Arc<Function>>>,
    /// The functions of the providers with schemas, by their local names.
    providers: Arc<ProviderFunctions>,
}

/// Which extra function a scope has: `type` in the console, `plantimestamp`
/// everywhere else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableKind {
    Console,
    Configuration,
}

impl FunctionTable {
    /// OpenTofu's built-in functions.
    pub fn builtin(kind: TableKind) -> FunctionTable {
        let mut table = FunctionTable::default();
        let groups = [
            numeric::functions(),
            string::functions(),
            collection::functions(),
            encoding::functions(),
            filesystem::functions(),
            datetime::functions(kind),
            crypto::functions(),
            ipnet::functions(),
            conversion::functions(kind),
            marks::functions(),
            assume::functions(),
            template::functions(),
        ];
        for f in groups.into_iter().flatten() {
            table.insert(f);
        }
        table
    }

    /// OpenTofu's built-in functions, built once per process and shared.
    pub fn builtin_shared(kind: TableKind) -> &'static FunctionTable {
        static CONSOLE: std::sync::OnceLock<FunctionTable> = std::sync::OnceLock::new();
        static CONFIGURATION: std::sync::OnceLock<FunctionTable> = std::sync::OnceLock::new();
        let table = match kind {
            TableKind::Console => &CONSOLE,
            TableKind::Configuration => &CONFIGURATION,
        };
        table.get_or_init(|| FunctionTable::builtin(kind))
    }

    /// Adds a function under its name and `core::` alias.
    pub fn insert(&mut self, f: Function) {
        let f = Arc::new(f);
        let functions = Arc::make_mut(&mut self.functions);
        functions.insert(format!("core::{}", f.name), Arc::clone(&f));
        functions.insert(f.name.to_owned(), f);
    }

    /// This table with the functions of the providers in `providers`
    /// (sharing the rest: cheap to build per module).
    pub fn with_provider_functions(&self, providers: Arc<ProviderFunctions>) -> FunctionTable {
        FunctionTable {
            functions: Arc::clone(&self.functions),
            providers,
        }
    }

    /// What a `provider::` name calls, when its provider has a schema or
    /// is required without one.
    pub fn provider_function(&self, name: &str) -> Option<ProviderLookup<'_>> {
        self.providers.lookup(name)
    }

    /// The provider of a `provider::` name that the module does not
    /// require (see [`ProviderFunctions::unknown_provider`]).
    pub fn unknown_function_provider<'n>(&self, name: &'n str) -> Option<&'n str> {
        self.providers.unknown_provider(name)
    }

    pub fn get(&self, name: &str) -> Option<&Arc<Function>> {
        self.functions.get(name)
    }

    /// Every callable name, aliases included, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.functions.keys().map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.functions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.functions.is_empty()
    }
}

/// OpenTofu's `redactIfSensitiveOrEphemeral` for a string in a message:
/// quoted, unless its marks say it must not be shown.
pub(crate) fn redact(s: &str, marks: Marks) -> String {
    match (
        marks.contains(tofu_types::Mark::Ephemeral),
        marks.contains(tofu_types::Mark::Sensitive),
    ) {
        (true, true) => "(ephemeral sensitive value)".to_owned(),
        (true, false) => "(ephemeral value)".to_owned(),
        (false, true) => "(sensitive value)".to_owned(),
        (false, false) => tofu_types::render::go_quote(s),
    }
}
