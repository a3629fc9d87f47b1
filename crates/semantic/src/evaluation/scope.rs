//! The scope of one expression, built from its references as OpenTofu's
//! `lang.Scope.EvalContext` builds it: each named value it refers to is
//! asked of its own query, and nothing else is evaluated.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use tofu_diagnostics::Code;
use tofu_eval::functions::TableKind;
use tofu_eval::{EvalContext, FunctionTable, Scope};

use crate::external_files::TrackedFileSystem;
use tofu_syntax::body::AnyExpr;
use tofu_types::{Mark, Type, Value};

use super::resources::unplanned_resource_value;
use super::{Evaluation, InstanceAddr, local_value, resource_value};
use crate::declarations::DeclKind;
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, SourceFile};
use crate::provider_schemas::references::has_schema_problem;
use crate::references::Subject;

/// The instance data of the block an expression is in: `count.index`,
/// `each.key` and `each.value`, where they exist.
#[derive(Debug, Clone, Default)]
pub(crate) struct KeyData {
    pub count_index: Option<Value>,
    pub each: Option<(Value, Value)>,
    /// A variable's own value, for its validation rules (which see it
    /// even in `validate`, where other variables are unknown).
    pub variable: Option<(String, Value)>,
    /// The iterators of the `dynamic` blocks an expression is in, inner
    /// last: each an object of the element's `key` and `value`.
    pub iterators: Vec<(String, Value)>,
}

impl KeyData {
    /// The unknown keys of an expansion that is not known.
    pub fn unknown(count: bool, for_each: bool) -> KeyData {
        KeyData {
            count_index: count.then(|| Value::unknown(Type::Number)),
            each: for_each.then(|| (Value::unknown(Type::String), Value::dynamic())),
            variable: None,
            iterators: Vec::new(),
        }
    }
}

/// Names to values; a name the scope lacks is unknown, since what the
/// reference checks report about it is theirs to report.
struct ExpressionScope {
    roots: HashMap<String, Value>,
}

impl Scope for ExpressionScope {
    fn variable(&self, name: &str) -> Option<Value> {
        Some(self.roots.get(name).cloned().unwrap_or_else(Value::dynamic))
    }
}

/// Evaluates `expr`, from `file` of the module of instance `addr`, with
/// the instance data `keys`.
pub(crate) fn evaluate_in(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    expr: &AnyExpr,
    keys: &KeyData,
) -> (Value, Vec<Diagnostic>) {
    evaluate_as(db, ev, addr, file, expr, keys, Reading::Expression)
}

/// What a diagnostic about `expr` says of the values it refers to in the
/// scope [`evaluate_in`] evaluates it in, as OpenTofu shows them under the
/// snippet (`var.cidr is "10"`). JSON expressions have none here.
pub(crate) fn values_in(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    expr: &AnyExpr,
    keys: &KeyData,
) -> Vec<(String, String)> {
    let AnyExpr::Native(native) = expr else {
        return Vec::new();
    };
    in_scope(db, ev, addr, file, expr, keys, |scope, how| {
        tofu_eval::expression_values(native, &eval_context(db, file, scope, &how))
    })
    .unwrap_or_default()
}

/// `run` with the scope an expression of `addr` is evaluated in; `None`
/// when the instance has no module.
fn in_scope<T>(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    expr: &AnyExpr,
    keys: &KeyData,
    run: impl FnOnce(&ExpressionScope, HowToEvaluate<'_>) -> T,
) -> Option<T> {
    let module = addr.module()?;
    let mut roots = scope_roots(db, ev, addr, module, file, expr, keys);
    // Iterators shadow whatever else has their names, as HCL's child
    // scopes do.
    roots.extend(keys.iterators.iter().cloned());
    let scope = ExpressionScope { roots };
    let base = root_base_dir(db, ev, addr);
    let fs = TrackedFileSystem::of(db, ev.workspace(db));
    let builtin = FunctionTable::builtin_shared(TableKind::Configuration);
    let with_providers =
        crate::provider_schemas::functions::module_provider_functions(db, ev.workspace(db), module)
            .as_ref()
            .map(|p| builtin.with_provider_functions(std::sync::Arc::clone(p)));
    let how = HowToEvaluate {
        base_dir: &base,
        fs: &fs,
        pure_only: true,
        assume_non_empty: ev.mode(db) == super::EvalMode::Types,
        functions: with_providers.as_ref().unwrap_or(builtin),
    };
    Some(run(&scope, how))
}

/// How OpenTofu reads an expression, which decides the wording of its
/// deprecation warnings: on its own (`ExtractDeprecatedDiagnosticsWithExpr`:
/// "This value's attribute a is ..."), or as an argument of a resource's
/// body, evaluated as a whole (`ExtractDeprecationDiagnosticsWithBody`:
/// "This value is ..." at the argument, wherever in its value the mark is).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    Expression,
    BodyArgument,
}

/// [`evaluate_in`], read as `reading` says.
pub(crate) fn evaluate_as(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    file: SourceFile,
    expr: &AnyExpr,
    keys: &KeyData,
    reading: Reading,
) -> (Value, Vec<Diagnostic>) {
    let Some((value, mut diagnostics)) = in_scope(db, ev, addr, file, expr, keys, |scope, how| {
        evaluate_expression(db, file, expr, scope, how)
    }) else {
        return (Value::dynamic(), Vec::new());
    };
    // Only the plan gives module outputs values, deprecated or not;
    // resources' deprecated attributes are marked at validate too.
    if ev.mode(db) == super::EvalMode::Types {
        return (value, diagnostics);
    }
    let (value, warnings) = deprecation_warnings(value, file, expr, reading);
    diagnostics.extend(warnings);
    (value, diagnostics)
}

/// A warning for each deprecation mark in `value`, the result of `expr`,
/// and the value without them: OpenTofu reports a deprecated output where
/// an expression uses it, and nowhere downstream
/// (`marks.ExtractDeprecatedDiagnosticsWithExpr`).
fn deprecation_warnings(
    value: Value,
    file: SourceFile,
    expr: &AnyExpr,
    reading: Reading,
) -> (Value, Vec<Diagnostic>) {
    let found = value.deprecations_deep();
    if found.is_empty() {
        return (value, Vec::new());
    }
    let warnings = found
        .into_iter()
        .map(|(path, cause)| {
            let attribute = path.strip_prefix('.').unwrap_or(&path);
            let source = if attribute.is_empty() || reading == Reading::BodyArgument {
                "This value".to_owned()
            } else {
                format!("This value's attribute {attribute}")
            };
            let detail = if cause.message.is_empty() {
                format!("{source} is derived from {}, which is deprecated.", cause.full_subject())
            } else {
                format!(
                    "{source} is derived from {}, which is deprecated with the following message:\n\n{}",
                    cause.full_subject(),
                    cause.message
                )
            };
            Diagnostic {
                severity: tofu_diagnostics::Severity::Warning,
                deprecation: Some(Box::new((*cause).clone())),
                ..Diagnostic::error_in(Code::DeprecatedValue, detail, file, expr.range())
            }
        })
        .collect();
    (value.without_deprecations_deep(), warnings)
}

/// What differs between the scopes expressions are evaluated in, besides
/// their names.
pub(crate) struct HowToEvaluate<'a> {
    /// Where filesystem functions resolve relative paths.
    pub base_dir: &'a Path,
    /// What they read: the workspace's files, tracked.
    pub fs: &'a dyn tofu_eval::FileSystem,
    /// Impure functions give unknown values.
    pub pure_only: bool,
    pub assume_non_empty: bool,
    /// The functions it may call: the built-in ones, and those of the
    /// module's providers with schemas.
    pub functions: &'a FunctionTable,
}

/// `expr`, from `file`, evaluated against `scope` with the built-in
/// functions, its diagnostics placed in `file`.
pub(crate) fn evaluate_expression(
    db: &dyn salsa::Database,
    file: SourceFile,
    expr: &AnyExpr,
    scope: &dyn Scope,
    how: HowToEvaluate<'_>,
) -> (Value, Vec<Diagnostic>) {
    let ctx = eval_context(db, file, scope, &how);
    let (value, diagnostics) = match expr {
        AnyExpr::Native(expr) => tofu_eval::evaluate(expr, &ctx),
        AnyExpr::Json(value) => tofu_eval::evaluate_json(value, &ctx, true),
    };
    let diagnostics = diagnostics.into_iter().map(|d| d.in_file(file)).collect();
    (value, diagnostics)
}

/// The context an expression of `file` is evaluated in, against `scope`
/// with the built-in functions.
fn eval_context<'a>(
    db: &'a dyn salsa::Database,
    file: SourceFile,
    scope: &'a dyn Scope,
    how: &HowToEvaluate<'a>,
) -> EvalContext<'a> {
    EvalContext {
        scope,
        functions: how.functions,
        fs: how.fs,
        base_dir: how.base_dir,
        pure_only: how.pure_only,
        source_text: crate::input::contents(db, file),
        file_name: file.path(db),
        assume_non_empty: how.assume_non_empty,
    }
}

/// The absolute directory of the instance's root module: `path.cwd`, and
/// where filesystem functions resolve relative paths.
fn root_base_dir(db: &dyn salsa::Database, ev: Evaluation, addr: &InstanceAddr) -> PathBuf {
    let base = Path::new(ev.base_dir(db));
    let root = addr.root.dir(db);
    if root.is_empty() {
        base.to_path_buf()
    } else {
        base.join(root)
    }
}

/// `path.module`: the module's directory relative to its root module's.
pub(crate) fn path_module(db: &dyn salsa::Database, root: ModuleDir, module: ModuleDir) -> String {
    let split = |dir: &str| -> Vec<String> {
        dir.split('/')
            .filter(|s| !s.is_empty() && *s != ".")
            .map(str::to_owned)
            .collect()
    };
    let from = split(root.dir(db));
    let to = split(module.dir(db));
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); from.len() - common];
    parts.extend(to[common..].iter().cloned());
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}

/// The value of every root name `expr` refers to.
fn scope_roots(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    module: ModuleDir,
    file: SourceFile,
    expr: &AnyExpr,
    keys: &KeyData,
) -> HashMap<String, Value> {
    let is_declared = |kind: &DeclKind| {
        crate::declarations::module::module_declaration(db, module, kind).is_some()
    };
    // `validate` evaluates nothing across a module's boundary: variables
    // are unknown values of their types, module outputs and resources
    // unknown (`evaluationStateData` in the validate walk).
    let validate = ev.mode(db) == super::EvalMode::Validate;
    // Static types: variables as in `validate`, module outputs and
    // resources as their types say (`super::types`).
    let types = ev.mode(db) == super::EvalMode::Types;
    // The console has no state: resources are unknown there too.
    let no_resources = validate || ev.mode(db) == super::EvalMode::Console;
    let mut vars: BTreeMap<String, Value> = BTreeMap::new();
    let mut locals: BTreeMap<String, Value> = BTreeMap::new();
    let mut calls: BTreeMap<String, Value> = BTreeMap::new();
    // Resources by root name (`aws_instance`, `data`, `ephemeral`), then
    // by type for data and ephemeral resources.
    let mut managed: BTreeMap<String, BTreeMap<String, Value>> = BTreeMap::new();
    let mut data: BTreeMap<String, BTreeMap<String, BTreeMap<String, Value>>> = BTreeMap::new();
    let mut roots: HashMap<String, Value> = HashMap::new();
    // Roots some reference uses in a way OpenTofu rejects: the reference
    // checks report that, and the root is unknown here.
    let mut rejected: Vec<String> = Vec::new();
    // Resources a reference names an attribute of that their schemas do
    // not have: OpenTofu does not evaluate the expression, and they are
    // unknown here.
    let workspace = ev.workspace(db);
    let unsupported: HashSet<&DeclKind> = super::syntax::references_within(db, file, expr.range())
        .filter(|r| has_schema_problem(db, workspace, module, r))
        .filter_map(|r| match &r.subject {
            Subject::Declared(kind) => Some(kind),
            _ => None,
        })
        .collect();
    let unplanned = |kind: &DeclKind| {
        if unsupported.contains(kind) {
            let unknown = Value::dynamic();
            return if matches!(kind, DeclKind::EphemeralResource { .. }) {
                unknown.mark(Mark::Ephemeral)
            } else {
                unknown
            };
        }
        unplanned_resource_value(db, workspace, module, &addr.to_string(), kind)
    };
    for reference in super::syntax::references_within(db, file, expr.range()) {
        match &reference.subject {
            Subject::Invalid(invalid) => rejected.push(invalid.root.clone()),
            // What is not declared is the reference checks' to report.
            Subject::Declared(kind) if !is_declared(kind) => match kind {
                DeclKind::Variable(name) => {
                    vars.insert(name.clone(), Value::dynamic());
                }
                DeclKind::Local(name) => {
                    locals.insert(name.clone(), Value::dynamic());
                }
                DeclKind::ModuleCall(name) => {
                    calls.insert(name.clone(), Value::dynamic());
                }
                DeclKind::ManagedResource { ty, .. } => rejected.push(ty.clone()),
                DeclKind::DataResource { .. } => rejected.push("data".to_owned()),
                DeclKind::EphemeralResource { .. } => rejected.push("ephemeral".to_owned()),
                _ => {}
            },
            Subject::Declared(DeclKind::Variable(name)) if !vars.contains_key(name) => {
                let value = match &keys.variable {
                    Some((own, value)) if own == name => value.clone(),
                    _ if validate || types => super::variables::validate_value(db, module, name),
                    // A value its validation rules reject stops what
                    // depends on it, as an error stops OpenTofu's walk.
                    _ if super::variables::fails_validation(db, ev, addr, name) => Value::dynamic(),
                    _ => super::variable_value(db, ev, addr.clone(), name.clone())
                        .value
                        .clone(),
                };
                vars.insert(name.clone(), value);
            }
            Subject::Declared(DeclKind::Local(name)) if !locals.contains_key(name) => {
                let value = local_value(db, ev, addr.clone(), name.clone())
                    .value
                    .clone();
                locals.insert(name.clone(), value);
            }
            Subject::Declared(DeclKind::ModuleCall(name)) => {
                let only = reference.module_output.as_deref().map(|(output, _)| output);
                let value = if validate {
                    Value::dynamic()
                } else if types {
                    super::types::module_call_type(db, ev, addr, name)
                } else {
                    module_reference_value(db, ev, addr, name, only)
                };
                // References to several outputs of one call merge.
                let merged = match (calls.remove(name), value) {
                    (Some(old), new) => merge_objects(&old, &new),
                    (None, new) => new,
                };
                calls.insert(name.clone(), merged);
            }
            Subject::Declared(kind @ DeclKind::ManagedResource { ty, name }) => {
                let value = if validate || unsupported.contains(kind) {
                    unplanned(kind)
                } else if types {
                    super::types::resource_type(db, ev.workspace(db), module, kind)
                } else {
                    resource_value(db, ev, addr.clone(), kind.clone())
                        .value
                        .clone()
                };
                managed
                    .entry(ty.clone())
                    .or_default()
                    .insert(name.clone(), value);
            }
            Subject::Declared(
                kind @ (DeclKind::DataResource { ty, name }
                | DeclKind::EphemeralResource { ty, name }),
            ) => {
                let root = if matches!(kind, DeclKind::DataResource { .. }) {
                    "data"
                } else {
                    "ephemeral"
                };
                let value = if unsupported.contains(kind) {
                    unplanned(kind)
                } else if types {
                    let shaped = super::types::resource_type(db, ev.workspace(db), module, kind);
                    if root == "ephemeral" {
                        shaped.mark(Mark::Ephemeral)
                    } else {
                        shaped
                    }
                } else if no_resources {
                    unplanned(kind)
                } else {
                    resource_value(db, ev, addr.clone(), kind.clone())
                        .value
                        .clone()
                };
                data.entry(root.to_owned())
                    .or_default()
                    .entry(ty.clone())
                    .or_default()
                    .insert(name.clone(), value);
            }
            Subject::Builtin { object, attribute } => {
                let known = matches!(
                    (object.as_str(), attribute.as_str()),
                    ("path", "cwd" | "module" | "root")
                        | ("terraform" | "tofu", "workspace" | "applying")
                        | ("count", "index")
                        | ("each", "key" | "value")
                );
                match builtin(db, ev, addr, module, object, keys) {
                    Some(value) if known => {
                        roots.insert(object.clone(), value);
                    }
                    _ => rejected.push(object.clone()),
                }
            }
            _ => {}
        }
    }
    roots.insert("var".to_owned(), Value::object(vars));
    roots.insert("local".to_owned(), Value::object(locals));
    roots.insert("module".to_owned(), Value::object(calls));
    for (ty, resources) in managed {
        roots.insert(ty, Value::object(resources));
    }
    for (root, types) in data {
        let types = types
            .into_iter()
            .map(|(ty, resources)| (ty, Value::object(resources)));
        roots.insert(root, Value::object(types));
    }
    for root in rejected {
        roots.remove(&root);
    }
    roots
}

/// A module call's value as a reference sees it: every output, or only
/// `only` when the reference names one output of a single instance.
fn module_reference_value(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    call: &str,
    only: Option<&String>,
) -> Value {
    match only {
        Some(output) => {
            let expansion = super::call_expansion(db, ev, addr.clone(), call.to_owned());
            if expansion.kind != crate::config::model::Instances::Single {
                return super::module_call_value(db, ev, addr.clone(), call.to_owned()).clone();
            }
            let Some(child) = super::values::single_child(db, ev, addr, call) else {
                return Value::dynamic();
            };
            let value = super::values::output_for_caller(db, ev, &child, output);
            Value::object([(output.as_str(), value)])
        }
        None => super::module_call_value(db, ev, addr.clone(), call.to_owned()).clone(),
    }
}

/// Two objects' attributes together; anything else is the second value.
fn merge_objects(a: &Value, b: &Value) -> Value {
    match (a.entries(), b.entries()) {
        (Some(a_entries), Some(b_entries)) if a.ty().is_object() && b.ty().is_object() => {
            let mut merged = a_entries.to_map();
            merged.extend(b_entries.iter().map(|(k, v)| (k.clone(), v.clone())));
            Value::object(merged)
        }
        _ => b.clone(),
    }
}

/// `count`, `each`, `path`, `terraform` and `tofu`.
pub(crate) fn builtin(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    module: ModuleDir,
    object: &str,
    keys: &KeyData,
) -> Option<Value> {
    Some(match object {
        "count" => Value::object([("index", keys.count_index.clone()?)]),
        "each" => {
            let (key, value) = keys.each.clone()?;
            Value::object([("key", key), ("value", value)])
        }
        // A module's static types are the same under every root: only
        // `path.module` is known (`.`, with its files found from its own
        // directory).
        "path" if ev.mode(db) == super::EvalMode::Types => Value::object([
            ("cwd", Value::unknown(Type::String)),
            ("module", Value::string(".")),
            ("root", Value::unknown(Type::String)),
        ]),
        "path" => Value::object([
            (
                "cwd",
                Value::string(root_base_dir(db, ev, addr).to_string_lossy()),
            ),
            ("module", Value::string(path_module(db, addr.root, module))),
            ("root", Value::string(".")),
        ]),
        "terraform" | "tofu" => Value::object([
            ("workspace", Value::string("default")),
            ("applying", Value::bool(false).mark(Mark::Ephemeral)),
        ]),
        _ => return None,
    })
}
