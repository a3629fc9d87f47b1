//! Input variables' values: from the caller's arguments in a child, from
//! outside in a root module (or unknown, in `validate`), then converted
//! and checked as `prepareFinalInputVariableValue` does, and validated.

use tofu_diagnostics::{Code, Severity};
use tofu_syntax::TextRange;
use tofu_syntax::body::{AnyExpr, SourceText};
use tofu_types::defaults::convert_with_defaults;
use tofu_types::{Mark, Type, Value, convert};

use super::declared::{VariableDecl, module_variable_decls};
use super::scope::{KeyData, evaluate_in, values_in};
use super::{Evaluated, Evaluation, InstanceAddr, call_expansion};
use crate::config::named_values::format_error;
use crate::declarations::DeclKind;
use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;
use crate::root_values::{ValueOrigin, root_variable_values};

/// Where a variable's value came from, for the wording of errors.
enum Source {
    /// An expression in the configuration or a tfvars file.
    Expression(SourceFile, TextRange),
    CommandLine,
    Environment,
}

/// `var.<name>` of instance `addr`: converted to its type, defaulted,
/// marked as the declaration says.
#[salsa::tracked(returns(ref), cycle_result = super::unknown_in_cycle)]
pub fn variable_value(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    name: String,
) -> Evaluated {
    variable_value_of(db, ev, &addr, &name)
}

/// [`variable_value`] without a memo of its own. Where inputs are unknown
/// (`validate`, the static types), expressions see every variable as an
/// unknown value of its type, so an instance's variables are read only by
/// the diagnostics of its arguments, which evaluate all of them: a memo
/// per variable would only be more for salsa to verify after the first
/// edit of a file. (The static types' check of a call's arguments, which
/// runs again with any change to the calling module, keeps a memo per
/// variable of the called instances.)
pub(crate) fn variable_value_of(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    name: &str,
) -> Evaluated {
    let Some(module) = addr.module() else {
        return Evaluated::unknown();
    };
    let Some(decl) = module_variable_decls(db, module)
        .iter()
        .find(|v| v.name == name)
    else {
        return Evaluated::unknown();
    };
    let display = variable_address(addr, name);
    let mut diagnostics = Vec::new();
    let (given, source) = if addr.is_root() {
        let inputs = ev
            .root_inputs(db)
            .filter(|inputs| !ev.mode(db).is_unknown_inputs() && *inputs.module(db) == addr.root);
        let Some(inputs) = inputs else {
            // `validate`: unknown values of the declared types.
            return Evaluated {
                value: marked(Value::unknown(decl.constraint.ty.clone()), decl),
                diagnostics,
            };
        };
        match root_variable_values(db, inputs).values.get(name) {
            Some(assigned) => {
                if let Some(message) = &decl.deprecated {
                    diagnostics.push(Diagnostic {
                        severity: Severity::Warning,
                        ..Diagnostic::error_in(
                            Code::DeprecatedRootVariable,
                            format!(
                                "The root variable {:?} is deprecated with the following message: {message}",
                                name
                            ),
                            decl.file,
                            decl.range,
                        )
                    });
                }
                let source = match &assigned.origin {
                    ValueOrigin::Environment => Source::Environment,
                    ValueOrigin::CommandLine { .. } => Source::CommandLine,
                    ValueOrigin::File { file, range } => Source::Expression(*file, *range),
                };
                (Some(assigned.value.clone()), source)
            }
            // Required and not given: the plan stops before evaluation
            // ([`missing_root_values`]); the console takes it as unknown.
            None if decl.default.is_none() => {
                return Evaluated {
                    value: marked(Value::unknown(decl.constraint.ty.clone()), decl),
                    diagnostics,
                };
            }
            None => (None, Source::Expression(decl.file, decl.range)),
        }
    } else {
        match call_argument(db, ev, addr, name) {
            Some((file, expr, keys)) => {
                let parent = addr.parent().expect("a child has a caller");
                let (value, found) = evaluate_in(db, ev, &parent, file, &expr, &keys);
                let failed = found.iter().any(|d| d.severity == Severity::Error);
                diagnostics.extend(found);
                if let Some(message) = &decl.deprecated {
                    diagnostics.push(Diagnostic {
                        severity: Severity::Warning,
                        deprecation: Some(Box::new(deprecation_cause(db, addr, name, message))),
                        function_call: None,
                        ..Diagnostic::error_in(
                            Code::DeprecatedVariable,
                            format!(
                                "Variable {name:?} is marked as deprecated with the following message:\n{message}"
                            ),
                            file,
                            expr.range(),
                        )
                    });
                }
                if failed {
                    return Evaluated {
                        value: Value::dynamic(),
                        diagnostics,
                    };
                }
                (Some(value), Source::Expression(file, expr.range()))
            }
            // A required argument the call lacks is the call's error.
            None if decl.default.is_none() => return Evaluated::unknown(),
            None => (None, Source::Expression(decl.file, decl.range)),
        }
    };
    let (value, found) = finalize(db, decl, &display, given, &source);
    diagnostics.extend(found);
    Evaluated {
        value: marked(value, decl),
        diagnostics,
    }
}

/// What `var.<name>` is in `validate`, in every module: an unknown value
/// of its type, marked as declared.
pub(crate) fn validate_value(
    db: &dyn salsa::Database,
    module: crate::input::ModuleDir,
    name: &str,
) -> Value {
    match module_variable_decls(db, module)
        .iter()
        .find(|v| v.name == name)
    {
        Some(decl) => marked(Value::unknown(decl.constraint.ty.clone()), decl),
        None => Value::dynamic(),
    }
}

/// "No value for required variable" for each variable of the root module
/// that has no default and is given no value (`ParseVariableValues`):
/// OpenTofu stops there, before it evaluates anything.
#[salsa::tracked(returns(ref))]
pub fn missing_root_values(
    db: &dyn salsa::Database,
    inputs: crate::input::RootInputs,
) -> Vec<Diagnostic> {
    let values = &root_variable_values(db, inputs).values;
    module_variable_decls(db, *inputs.module(db))
        .iter()
        .filter(|decl| decl.default.is_none() && !values.contains_key(&decl.name))
        .map(|decl| {
            Diagnostic::error_in(
                Code::NoValueForRequiredVariable,
                format!(
                    "The root module input variable {:?} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.",
                    decl.name
                ),
                decl.file,
                decl.range,
            )
        })
        .collect()
}

/// What a child's deprecated variable warning is about: the variable
/// of the called module instance, and where that module comes from.
pub(super) fn deprecation_cause(
    db: &dyn salsa::Database,
    addr: &InstanceAddr,
    name: &str,
    message: &str,
) -> tofu_types::DeprecationCause {
    let source = addr
        .parent()
        .zip(addr.last_step())
        .and_then(|(parent, step)| {
            let parent_module = parent.module()?;
            crate::calls::module_calls(db, parent_module)
                .iter()
                .find(|call| *call.name == *step.call)?
                .source
                .clone()
        });
    let remote = source
        .as_deref()
        .is_some_and(|s| !crate::calls::is_local_source(s));
    tofu_types::DeprecationCause {
        module: addr.to_string(),
        subject: name.to_owned(),
        message: message.to_owned(),
        source,
        remote,
    }
}

/// `var.x`, or `module.a.var.x` in a child.
fn variable_address(addr: &InstanceAddr, name: &str) -> String {
    if addr.is_root() {
        format!("var.{name}")
    } else {
        format!("{addr}.var.{name}")
    }
}

fn marked(mut value: Value, decl: &VariableDecl) -> Value {
    if decl.sensitive {
        value = value.mark(Mark::Sensitive);
    }
    if decl.ephemeral {
        value = value.mark(Mark::Ephemeral);
    }
    value
}

/// The argument a child instance's caller gives for `name`: its file,
/// expression and the instance data of the child's key.
fn call_argument(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    name: &str,
) -> Option<(SourceFile, AnyExpr, KeyData)> {
    let (parent, file, expr) = caller_argument(db, addr, name)?;
    let step = addr.last_step()?;
    let keys = call_expansion(db, ev, parent, step.call.to_string()).key_data(&step.key);
    Some((file, expr, keys))
}

/// The calling instance of child instance `addr` and its argument for
/// variable `name`, with the file it is in.
pub(crate) fn caller_argument(
    db: &dyn salsa::Database,
    addr: &InstanceAddr,
    name: &str,
) -> Option<(InstanceAddr, SourceFile, AnyExpr)> {
    let parent = addr.parent()?;
    let call = DeclKind::ModuleCall(addr.last_step()?.call.to_string());
    let decl = super::instances::instance_declaration(db, &parent, &call)?;
    let module = parent.module()?;
    let (file, expr) = super::syntax::merged_argument(db, module, decl, name)?;
    Some((parent, file, expr))
}

/// `hcl.Range.String()`: `main.tf:1,1-13`.
fn range_string(db: &dyn salsa::Database, file: SourceFile, range: TextRange) -> String {
    SourceText::new(crate::input::contents(db, file), file.path(db)).range_string(range)
}

/// `prepareFinalInputVariableValue`.
fn finalize(
    db: &dyn salsa::Database,
    decl: &VariableDecl,
    display: &str,
    given: Option<Value>,
    source: &Source,
) -> (Value, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let unknown = || Value::unknown(decl.constraint.ty.clone());
    let decl_range = || range_string(db, decl.file, decl.range);
    let name = &decl.name;
    if let Some(value) = &given
        && value.has_mark_deep(Mark::Ephemeral)
        && !decl.ephemeral
    {
        let (file, range) = match source {
            Source::Expression(file, range) => (*file, *range),
            _ => (decl.file, decl.range),
        };
        diagnostics.push(Diagnostic::error_in(
            Code::VariableDoesNotAllowEphemeralValue,
            format!(
                "The value used for the variable {name:?} is ephemeral, but it is not configured to allow one."
            ),
            file,
            range,
        ));
        return (unknown(), diagnostics);
    }
    let non_file_source = match source {
        Source::CommandLine => Some(format!("set using -var=\"{name}=...\"")),
        Source::Environment => Some(format!("set using the TF_VAR_{name} environment variable")),
        Source::Expression(..) => None,
    };
    let given = match given {
        Some(value) => value,
        None => match &decl.default {
            Some(default) => default.clone(),
            None => {
                diagnostics.push(Diagnostic::error_in(
                    Code::RequiredVariableNotSet,
                    format!("The variable {name:?} is required, but is not set."),
                    decl.file,
                    decl.range,
                ));
                return (unknown(), diagnostics);
            }
        },
    };
    let converted = convert_with_defaults(
        &given,
        &decl.constraint.ty,
        decl.constraint.defaults.as_ref(),
    );
    let value = match converted {
        Ok(value) => value,
        Err(err) => {
            let err = format_error(&err);
            let detail = match (&non_file_source, source) {
                (Some(how), _) => format!("Unsuitable value for {display} {how}: {err}."),
                (None, Source::Expression(file, range)) if decl.ephemeral || decl.sensitive => {
                    format!(
                        "The given value is not suitable for {display}, which is {}: {err}. Invalid value defined at {}.",
                        if decl.ephemeral {
                            "ephemeral"
                        } else {
                            "sensitive"
                        },
                        range_string(db, *file, *range)
                    )
                }
                (None, _) => format!(
                    "The given value is not suitable for {display} declared at {}: {err}.",
                    decl_range()
                ),
            };
            diagnostics.push(Diagnostic::error_in(
                Code::InvalidValueForInputVariable,
                detail,
                decl.file,
                decl.range,
            ));
            return (unknown(), diagnostics);
        }
    };
    if value.is_null() && !decl.nullable {
        if let Some(default) = &decl.default {
            return (default.clone(), diagnostics);
        }
        let diagnostic = match (&non_file_source, source) {
            (Some(how), _) => Diagnostic::error_in(
                Code::RequiredVariableNotSet,
                format!(
                    "Unsuitable value for {display} {how}: required variable may not be set to null."
                ),
                decl.file,
                decl.range,
            ),
            (None, Source::Expression(file, range)) => Diagnostic::error_in(
                Code::RequiredVariableNotSet,
                format!(
                    "The given value is not suitable for {display} defined at {}: required variable may not be set to null.",
                    decl_range()
                ),
                *file,
                *range,
            ),
            (None, _) => unreachable!("a source without a file has its wording"),
        };
        diagnostics.push(diagnostic);
        return (unknown(), diagnostics);
    }
    (value, diagnostics)
}

/// Whether the value of `var.<name>` of `addr` breaks one of its
/// validation rules (or could not be checked against one).
pub(crate) fn fails_validation(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    name: &str,
) -> bool {
    let has_rules = addr.module().is_some_and(|module| {
        module_variable_decls(db, module)
            .iter()
            .any(|v| v.name == name && !v.validations.is_empty())
    });
    has_rules
        && variable_validation_diagnostics(db, ev, addr.clone(), name.to_owned())
            .iter()
            .any(|d| d.severity == Severity::Error)
}

fn cycle_validations(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _ev: Evaluation,
    _addr: InstanceAddr,
    _name: String,
) -> Vec<Diagnostic> {
    Vec::new()
}

/// `evalVariableValidations`: each rule whose condition is known and
/// false reports "Invalid value for variable" with its message, at the
/// caller's argument in a child, at the declaration in a root module.
#[salsa::tracked(returns(ref), cycle_result = cycle_validations)]
pub fn variable_validation_diagnostics(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    name: String,
) -> Vec<Diagnostic> {
    let own = &variable_value(db, ev, addr.clone(), name.clone()).value;
    validation_diagnostics_of(db, ev, &addr, &name, own)
}

/// [`variable_validation_diagnostics`] without a memo of its own (see
/// [`variable_value_of`]), the variable's value being `own`.
pub(crate) fn validation_diagnostics_of(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    name: &str,
    own: &Value,
) -> Vec<Diagnostic> {
    let Some(module) = addr.module() else {
        return Vec::new();
    };
    let Some(decl) = module_variable_decls(db, module)
        .iter()
        .find(|v| v.name == name)
    else {
        return Vec::new();
    };
    if decl.validations.is_empty() {
        return Vec::new();
    }
    let places = crate::config::file_source_map(db, decl.file);
    let root = crate::parsing::parse(db, decl.file).syntax();
    let expr_at = |span: Option<crate::config::model::ExprSpan>| places.expr(span?).to_expr(&root);
    // Where a failure is reported: the caller's argument, or the
    // declaration.
    let subject = call_argument(db, ev, addr, name)
        .map(|(file, expr, _)| (file, expr.range()))
        .unwrap_or((decl.file, decl.range));
    let mut out = Vec::new();
    for rule in &decl.validations {
        let (Some(condition), Some(message)) =
            (expr_at(rule.condition), expr_at(rule.error_message))
        else {
            continue;
        };
        let keys = KeyData {
            variable: Some((name.to_owned(), own.clone())),
            ..KeyData::default()
        };
        let (result, found) = evaluate_in(db, ev, addr, decl.file, &condition, &keys);
        let failed = found.iter().any(|d| d.severity == Severity::Error);
        out.extend(found);
        if failed || !result.is_known() {
            continue;
        }
        if result.is_null() {
            out.push(Diagnostic::error_in(
                Code::InvalidVariableValidationResult,
                "Validation condition expression must return either true or false, not null."
                    .to_owned(),
                decl.file,
                condition.range(),
            ));
            continue;
        }
        let result = match convert(&result, &Type::Bool) {
            Ok(result) => result,
            Err(err) => {
                out.push(Diagnostic::error_in(
                    Code::InvalidVariableValidationResult,
                    format!(
                        "Invalid validation condition result value: {}.",
                        format_error(&err)
                    ),
                    decl.file,
                    condition.range(),
                ));
                continue;
            }
        };
        let (result, _) = result.unmark();
        if result.as_bool() != Some(false) {
            continue;
        }
        let (text, found) = evaluate_in(db, ev, addr, decl.file, &message, &keys);
        let message_failed = found.iter().any(|d| d.severity == Severity::Error);
        out.extend(found);
        let mut error_message = String::new();
        if !message_failed && !text.is_known() {
            out.push(Diagnostic::error_in(
                Code::InvalidErrorMessage,
                "Value used in error message is not known and can not be used in error_message until after apply.".to_owned(),
                decl.file,
                message.range(),
            ));
            continue;
        }
        if !message_failed && !text.is_null() {
            match convert(&text, &Type::String) {
                Err(err) => out.push(Diagnostic::error_in(
                    Code::InvalidErrorMessage,
                    format!(
                        "Unsuitable value for error message: {}.",
                        format_error(&err)
                    ),
                    decl.file,
                    message.range(),
                )),
                Ok(text) if text.has_mark_deep(Mark::Sensitive) => {
                    out.push(Diagnostic::error_in(
                        Code::ErrorMessageRefersToSensitiveValues,
                        "The error expression used to explain this condition refers to sensitive values. OpenTofu will not display the resulting message.\n\nYou can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.".to_owned(),
                        decl.file,
                        message.range(),
                    ));
                    error_message = "The error message included a sensitive value, so it will not be displayed.".to_owned();
                }
                Ok(text) if text.has_mark_deep(Mark::Ephemeral) => {
                    out.push(Diagnostic::error_in(
                        Code::ErrorMessageRefersToEphemeralValues,
                        "The error expression used to explain this condition refers to ephemeral values. OpenTofu will not display the resulting message.\n\nYou can correct this by removing references to ephemeral values or by utilizing the builtin ephemeralasnull() function.".to_owned(),
                        decl.file,
                        message.range(),
                    ));
                    error_message = "The error message included an ephemeral value, so it will not be displayed.".to_owned();
                }
                Ok(text) => {
                    let (text, _) = text.unmark_deep();
                    error_message = text.as_str().unwrap_or_default().trim().to_owned();
                }
            }
        }
        if error_message.is_empty() {
            error_message = "Failed to evaluate condition error message.".to_owned();
        }
        // OpenTofu's diagnostic carries the condition and its context:
        // the values it refers to show under the snippet.
        out.push(
            Diagnostic::error_in(
                Code::InvalidValueForVariable,
                format!(
                    "{error_message}\n\nThis was checked by the validation rule at {}.",
                    range_string(db, decl.file, places.range(rule.header))
                ),
                subject.0,
                subject.1,
            )
            .with_values(values_in(db, ev, addr, decl.file, &condition, &keys)),
        );
    }
    out
}
