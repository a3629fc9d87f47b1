//! The values a root module's variables are given from outside the
//! configuration, as `tofu plan` collects them (`meta_vars.go`): `TF_VAR_`
//! environment variables, the tfvars files loaded automatically, then
//! `-var` and `-var-file` in command-line order, later sources winning.
//! Values are parsed here, not converted: conversion, `nullable` and
//! defaults are the evaluator's, the same for root and child modules.

mod file;
mod modes;

use std::collections::BTreeMap;

use tofu_diagnostics::{Code, Severity};
use tofu_eval::typeexpr::constant_value;
use tofu_syntax::TextRange;
use tofu_syntax::ast::{AstNode, ExpressionFile};
use tofu_syntax::quote::go_quote;
use tofu_types::Value;

use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;

pub use file::{parse_variables_file, variables_file_kind};
pub use modes::{ParsingMode, variable_parsing_modes};

use crate::input::{RootInputs, VariableSource};

/// The value assigned to one root variable, before conversion.
#[derive(Debug, Clone, PartialEq)]
pub struct AssignedValue {
    pub value: Value,
    pub origin: ValueOrigin,
}

/// Where an assigned value came from, for the wording and place of the
/// errors about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueOrigin {
    /// `TF_VAR_<name>`.
    Environment,
    /// A `-var` option; `raw` is its argument, `NAME=VALUE`.
    CommandLine { raw: String },
    /// An assignment in a tfvars file; `range` is its value expression.
    File { file: SourceFile, range: TextRange },
}

/// Every value given to a root module's variables, and what reading them
/// reported.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RootVariableValues {
    /// The value that wins for each variable, declared or not, parsed
    /// as OpenTofu parses it: a value whose parsing failed is left out
    /// (its errors are in `diagnostics`), as OpenTofu leaves it out.
    pub values: BTreeMap<String, AssignedValue>,
    /// The tfvars files' own errors (not their syntax errors, which are
    /// the parser's), undeclared variables, malformed `-var` options,
    /// missing files and values that do not parse, in the order OpenTofu
    /// prints them (warnings first, then those without a place, then by
    /// place; undeclared variables by name where OpenTofu's order is a
    /// map's).
    pub diagnostics: Vec<Diagnostic>,
    /// Where the diagnostics about string values (`-var`, `TF_VAR_`)
    /// parsed as expressions point: into the string, which HCL names
    /// `<value for var.NAME>`. Those diagnostics have no location of
    /// their own.
    pub string_places: Vec<StringPlace>,
    /// Collecting the values failed (a file with errors, a malformed
    /// `-var`, a missing file): OpenTofu stops there, before it loads the
    /// configuration, so it reports nothing more about the values (nor
    /// about anything else).
    pub aborted: bool,
}

/// The place of `diagnostics[diagnostic]` in a string value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringPlace {
    pub diagnostic: usize,
    /// `<value for var.NAME>`.
    pub file_name: String,
    /// The value as given.
    pub text: String,
    pub range: TextRange,
    pub context: Option<TextRange>,
}

/// The value of one source for one variable, before it is parsed:
/// `backend.UnparsedVariableValue`.
enum Unparsed<'a> {
    /// `-var` or `TF_VAR_`: parsed as the variable's mode says.
    String { raw: &'a str, origin: ValueOrigin },
    /// An assignment in a file, already evaluated.
    File {
        file: SourceFile,
        assignment: &'a file::Assignment,
    },
}

/// A diagnostic and, for one about a string value, its place there.
type Found = (Diagnostic, Option<StringPlace>);

/// The root module's variable values, from every source in `inputs`:
/// `collectVariableValues`, then `ParseVariableValues` without the
/// check for required variables (the evaluator's, with the defaults).
#[salsa::tracked(returns(ref))]
pub fn root_variable_values(db: &dyn salsa::Database, inputs: RootInputs) -> RootVariableValues {
    let mut out = RootVariableValues::default();

    // Collecting: later sources replace earlier ones.
    let mut winners: BTreeMap<String, Unparsed<'_>> = BTreeMap::new();
    let mut failed = false;
    for (name, raw) in inputs.environment(db) {
        winners.insert(
            name.clone(),
            Unparsed::String {
                raw,
                origin: ValueOrigin::Environment,
            },
        );
    }
    for source in inputs.sources(db) {
        match source {
            VariableSource::AutoFile(file) | VariableSource::NamedFile(file) => {
                let read = file::variables_file(db, *file);
                failed |= read.failed;
                out.diagnostics.extend(read.diagnostics.iter().cloned());
                for assignment in &read.assignments {
                    winners.insert(
                        assignment.name.clone(),
                        Unparsed::File {
                            file: *file,
                            assignment,
                        },
                    );
                }
            }
            VariableSource::MissingFile(path) => out.diagnostics.push(Diagnostic::new(
                Severity::Error,
                Code::FailedToReadVariablesFile,
                format!("Given variables file {path} does not exist."),
            )),
            VariableSource::UnreadableFile { path, error } => {
                out.diagnostics.push(Diagnostic::new(
                    Severity::Error,
                    Code::FailedToReadVariablesFile,
                    format!("Error while reading {path}: {error}."),
                ))
            }
            VariableSource::Option(raw) => match split_option(raw) {
                Ok((name, value)) => {
                    winners.insert(
                        name.to_owned(),
                        Unparsed::String {
                            raw: value,
                            origin: ValueOrigin::CommandLine { raw: raw.clone() },
                        },
                    );
                }
                Err(diagnostic) => out.diagnostics.push(diagnostic),
            },
        }
    }
    out.aborted = failed
        || out
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error);

    // Parsing: declared variables first, then the others, each in name
    // order (OpenTofu's order is a map's).
    let modes = variable_parsing_modes(db, *inputs.module(db));
    let mut found: Vec<Found> = Vec::new();
    for (name, unparsed) in winners.iter().filter(|(n, _)| modes.contains_key(*n)) {
        let (value, diagnostics) = parse_value(name, unparsed, modes[name]);
        let failed = diagnostics
            .iter()
            .any(|(d, _)| d.severity == Severity::Error);
        found.extend(diagnostics);
        if let (false, Some(value)) = (failed, value) {
            out.values.insert(name.clone(), value);
        }
    }
    let mut undeclared_in_files = 0;
    for (name, unparsed) in winners.iter().filter(|(n, _)| !modes.contains_key(*n)) {
        let (value, diagnostics) = parse_value(name, unparsed, ParsingMode::Literal);
        let Some(value) = value else {
            continue;
        };
        if diagnostics
            .iter()
            .any(|(d, _)| d.severity == Severity::Error)
        {
            continue;
        }
        match &value.origin {
            ValueOrigin::File { file, .. } => {
                if undeclared_in_files < 2 {
                    found.push((
                        Diagnostic::new(
                            Severity::Warning,
                            Code::ValueForUndeclaredVariable,
                            format!(
                                "The root module does not declare a variable named {} but a value was found in file {}. If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.",
                                go_quote(name),
                                go_quote(file.path(db))
                            ),
                        ),
                        None,
                    ));
                }
                undeclared_in_files += 1;
            }
            ValueOrigin::Environment => {}
            ValueOrigin::CommandLine { .. } => found.push((
                Diagnostic::new(
                    Severity::Error,
                    Code::ValueForUndeclaredVariable,
                    format!(
                        "A variable named {} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                        go_quote(name)
                    ),
                ),
                None,
            )),
        }
        out.values.insert(name.clone(), value);
    }
    if undeclared_in_files > 2 {
        found.push((
            Diagnostic::new(
                Severity::Warning,
                Code::ValuesForUndeclaredVariables,
                format!(
                    "In addition to the other similar warnings shown, {} other variable(s) defined without being declared.",
                    undeclared_in_files - 2
                ),
            ),
            None,
        ));
    }

    let mut all: Vec<Found> = std::mem::take(&mut out.diagnostics)
        .into_iter()
        .map(|d| (d, None))
        .collect();
    if !out.aborted {
        all.extend(found);
    }
    // As OpenTofu's views sort them (`tfdiags.Diagnostics.Sort`, stable):
    // warnings first, then those without a place, then by file (fewer
    // path segments first) and range.
    all.sort_by_cached_key(|(diagnostic, place)| {
        let subject = match (&diagnostic.location, place) {
            (Some(location), _) => Some((location.file.path(db).clone(), location.range)),
            (None, Some(place)) => Some((place.file_name.clone(), place.range)),
            (None, None) => None,
        };
        (
            diagnostic.severity != Severity::Warning,
            subject
                .map(|(file, range)| (file.matches('/').count(), file, range.start(), range.end())),
        )
    });
    for (diagnostic, place) in all {
        if let Some(mut place) = place {
            place.diagnostic = out.diagnostics.len();
            out.string_places.push(place);
        }
        out.diagnostics.push(diagnostic);
    }
    out
}

/// A `-var` option's name and value, or why it is malformed.
fn split_option(raw: &str) -> Result<(&str, &str), Diagnostic> {
    let Some((name, value)) = raw.split_once('=') else {
        return Err(Diagnostic::new(
            Severity::Error,
            Code::InvalidVarOption,
            format!(
                "The given -var option {} is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\".",
                go_quote(raw)
            ),
        ));
    };
    if let Some(before) = name.strip_suffix(' ') {
        return Err(Diagnostic::new(
            Severity::Error,
            Code::InvalidVarOption,
            format!(
                "Variable name {} is invalid due to trailing space. Did you mean -var=\"{before}={}\"?",
                go_quote(name),
                value.strip_prefix(' ').unwrap_or(value)
            ),
        ));
    }
    Ok((name, value))
}

/// `UnparsedVariableValue.ParseVariableValue`: the value (unless there
/// is none to give) and what parsing it reported.
fn parse_value(
    name: &str,
    unparsed: &Unparsed<'_>,
    mode: ParsingMode,
) -> (Option<AssignedValue>, Vec<Found>) {
    match unparsed {
        Unparsed::File { file, assignment } => (
            Some(AssignedValue {
                value: assignment.value.clone(),
                origin: ValueOrigin::File {
                    file: *file,
                    range: assignment.range,
                },
            }),
            assignment
                .diagnostics
                .iter()
                .map(|d| (d.clone(), None))
                .collect(),
        ),
        Unparsed::String { raw, origin } => {
            let (value, diagnostics) = match mode {
                ParsingMode::Literal => (Value::string(raw), Vec::new()),
                ParsingMode::Expression => parse_string(name, raw),
            };
            let value = AssignedValue {
                value,
                origin: origin.clone(),
            };
            (Some(value), diagnostics)
        }
    }
}

/// `VariableParseHCL`: the string as one native expression, evaluated
/// with no variables and no functions, in a file HCL names
/// `<value for var.NAME>`.
fn parse_string(name: &str, raw: &str) -> (Value, Vec<Found>) {
    let file_name = format!("<value for var.{name}>");
    let parse = tofu_syntax::parse_expression(raw, &file_name);
    let place = |range: TextRange, context: Option<TextRange>| StringPlace {
        diagnostic: 0,
        file_name: file_name.clone(),
        text: raw.to_owned(),
        range,
        context,
    };
    if !parse.errors().is_empty() {
        let found = parse
            .errors()
            .iter()
            .map(|e| {
                (
                    e.clone().without_place(),
                    e.range().map(|range| place(range, e.context)),
                )
            })
            .collect();
        return (Value::dynamic(), found);
    }
    let Some(expr) = ExpressionFile::cast(parse.syntax()).and_then(|f| f.expr()) else {
        return (Value::dynamic(), Vec::new());
    };
    let (value, diagnostics) = constant_value(&expr);
    let found = diagnostics
        .into_iter()
        .map(|d| {
            let at = d.range().map(|range| place(range, d.context));
            (eval_diagnostic(d, None), at)
        })
        .collect();
    (value, found)
}

/// An evaluation diagnostic, located in `file` if it has a subject there.
fn eval_diagnostic(d: tofu_eval::Diagnostic, file: Option<SourceFile>) -> Diagnostic {
    let d = tofu_eval::Diagnostic {
        values: Vec::new(),
        function_call: None,
        ..d
    };
    match file {
        Some(file) => d.in_file(file),
        None => d.without_place(),
    }
}
