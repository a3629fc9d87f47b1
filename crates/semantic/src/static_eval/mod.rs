//! Static evaluation: what OpenTofu computes while it loads a
//! configuration, before there is any state (`configs.StaticEvaluator`).
//!
//! Module sources and versions, provider `for_each`, backend and `cloud`
//! blocks, the encryption configuration and `const = true` variables are
//! evaluated in a scope that holds only variables, locals, `path.*`,
//! `terraform.workspace` and the built-in functions. A root module's
//! variables take the values given from outside (or their defaults); a
//! child's take its caller's arguments, themselves evaluated statically
//! in the caller. Everything else (resources, data sources, module
//! outputs, `count`, `each`, `self`, provider functions) is an error at
//! the reference, followed by "Unable to compute static value" at every
//! named value and context between it and the static context.
//!
//! * [`StaticCall`]: a module as one chain of calls from a root loads it.
//! * [`static_local_value`], [`static_variable_value`]: named values,
//!   memoised per call and name.
//! * [`static_module_source`]: a call's source, for the module tree.
//! * [`static_call_diagnostics`], [`static_module_diagnostics`]: what
//!   loading a module reports about its static contexts.
//! * [`is_const`]: whether a declaration is static, and why not.

pub(crate) mod call;
mod constness;
pub(crate) mod contexts;
mod cycles;
mod identifier;
mod scope;
pub(crate) mod sources;
mod values;

pub use call::StaticCall;
pub(crate) use call::static_call_target;
pub use constness::{Constness, DynamicReason, expression_constness, is_const};
pub use contexts::{static_call_diagnostics, static_module_diagnostics};
pub use sources::static_module_source;
pub(crate) use values::declared_const;
pub use values::{StaticValue, static_local_value, static_variable_value};
