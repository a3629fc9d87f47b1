//! `templatefile` and `templatestring` (`internal/lang/funcs`): a template
//! parsed in template mode and evaluated with the given variables and the
//! same functions.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

use tofu_syntax::ast::{AstNode, TemplateFile};
use tofu_syntax::{LineIndex, TextRange};
use tofu_types::render::go_quote;
use tofu_types::{Entries, Type, Value};

use super::{Function, FunctionContext, FunctionError, Param};
use crate::Diagnostic;
use crate::eval::{EvalContext, Scope, evaluate_template, template_roots};

/// The file name templates from `templatestring` are parsed under.
const TEMPLATE_STRING_FILE_NAME: &str = "NoFileNeeded";

/// How deeply `templatefile` may call itself through templates. OpenTofu
/// allows 1024 by default; evaluation here recurses on the stack, so the
/// bound is lower.
const MAX_TEMPLATE_DEPTH: usize = 100;

thread_local! {
    /// How many `templatefile` renders enclose the current one.
    static TEMPLATE_DEPTH: Cell<usize> = const { Cell::new(0) };
    /// Set when the depth limit was hit: the call sites the failure passed
    /// through, innermost first (OpenTofu's `ErrorTemplateRecursionLimit`).
    static RECURSION_SOURCES: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "templatefile",
            params: vec![
                Param::new("path", Type::String).allow_marked(),
                Param::new("vars", Type::Dynamic),
            ],
            var_param: None,
            return_type: |ctx, args| {
                if !args[0].is_known() || !args[1].is_known() {
                    return Ok(Type::Dynamic);
                }
                templatefile(ctx, args).map(|v| v.ty().clone())
            },
            implementation: |ctx, args, _| templatefile(ctx, args),
        },
        Function {
            name: "templatestring",
            params: vec![
                Param::new("data", Type::String).allow_marked(),
                Param::new("vars", Type::Dynamic).allow_marked(),
            ],
            var_param: None,
            return_type: |ctx, args| {
                if !args[0].is_known() || !args[1].is_known() {
                    return Ok(Type::Dynamic);
                }
                templatestring(ctx, args).map(|v| v.ty().clone())
            },
            implementation: |ctx, args, _| templatestring(ctx, args),
        },
    ]
}

fn templatefile(ctx: &FunctionContext<'_>, args: &[Value]) -> Result<Value, FunctionError> {
    let (path, path_marks) = args[0].unmark();
    let path = path.as_str().unwrap_or_default().to_owned();
    let depth = TEMPLATE_DEPTH.get();
    if depth > MAX_TEMPLATE_DEPTH {
        RECURSION_SOURCES.set(Some(Vec::new()));
        return Err(FunctionError::call("maximum recursion depth reached"));
    }
    let text = super::filesystem::file_text(ctx, &args[0])?;
    let text = text.unmark().0.as_str().unwrap_or_default().to_owned();
    TEMPLATE_DEPTH.set(depth + 1);
    let result = render(ctx, &text, &path, &args[1], true);
    TEMPLATE_DEPTH.set(depth);
    if depth == 0 {
        // The outermost call reports a recursion failure as OpenTofu does.
        if let Some(sources) = RECURSION_SOURCES.take() {
            return Err(FunctionError::call(recursion_message(&sources)));
        }
    }
    result.map(|v| v.with_marks(path_marks))
}

fn templatestring(ctx: &FunctionContext<'_>, args: &[Value]) -> Result<Value, FunctionError> {
    let (data, data_marks) = args[0].unmark();
    let (vars, vars_marks) = args[1].unmark();
    let text = data.as_str().unwrap_or_default().to_owned();
    render(ctx, &text, TEMPLATE_STRING_FILE_NAME, &vars, false)
        .map(|v| v.with_marks(data_marks | vars_marks))
}

/// The variables of a template: the attributes of the vars argument.
struct TemplateVariables(BTreeMap<String, Value>);

impl Scope for TemplateVariables {
    fn variable(&self, name: &str) -> Option<Value> {
        self.0.get(name).cloned()
    }

    fn variable_names(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }
}

/// OpenTofu's `renderTemplate`.
fn render(
    ctx: &FunctionContext<'_>,
    text: &str,
    file_name: &str,
    vars: &Value,
    with_positions: bool,
) -> Result<Value, FunctionError> {
    let parse = tofu_syntax::parse_template(text, file_name);
    if !parse.errors().is_empty() {
        let index = LineIndex::new(text);
        let diagnostics: Vec<Diagnostic> = parse.errors().to_vec();
        return Err(FunctionError::call(diagnostics_error(
            &diagnostics,
            &index,
            text,
            file_name,
        )));
    }
    let ty = vars.ty();
    if !ty.is_map() && !ty.is_object() {
        return Err(FunctionError::arg(1, "invalid vars value: must be a map"));
    }
    let variables: BTreeMap<String, Value> =
        vars.entries().map(Entries::to_map).unwrap_or_default();
    for name in variables.keys() {
        if !is_valid_identifier(name) {
            return Err(FunctionError::arg(
                1,
                format!(
                    "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                    go_quote(name)
                ),
            ));
        }
    }
    let Some(template) = TemplateFile::cast(parse.syntax()) else {
        return Ok(Value::string(""));
    };
    let parts = template.parts();
    let index = LineIndex::new(text);
    for (root, range) in template_roots(&parts) {
        if !variables.contains_key(&root) {
            let position = if with_positions {
                format!(
                    "{root:?}, referenced at {}",
                    index.range_string(text, file_name, range)
                )
            } else {
                format!("{root:?}")
            };
            return Err(FunctionError::arg(
                1,
                format!("vars map does not contain key {position}"),
            ));
        }
    }
    let scope = TemplateVariables(variables);
    let eval_ctx = EvalContext {
        scope: &scope,
        functions: ctx.table,
        fs: ctx.fs,
        base_dir: ctx.base_dir,
        pure_only: ctx.pure_only,
        source_text: text,
        file_name,
        assume_non_empty: false,
    };
    let (value, diagnostics) = evaluate_template(&parts, &eval_ctx, template.syntax());
    let recursing = RECURSION_SOURCES.with_borrow(Option::is_some);
    if recursing && let Some(failed) = diagnostics.iter().find(|d| d.is_error()) {
        let site = failed.range().map_or_else(
            || "<nil>".to_owned(),
            |range| index.range_string(text, file_name, range),
        );
        RECURSION_SOURCES.with_borrow_mut(|s| s.get_or_insert_with(Vec::new).push(site));
        return Err(FunctionError::call("maximum recursion depth reached"));
    }
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(FunctionError::call(diagnostics_error(
            &diagnostics,
            &index,
            text,
            file_name,
        )));
    }
    Ok(value)
}

/// `ErrorTemplateRecursionLimit.Error()`: the call sites up to the first
/// repeated one (at most 16).
fn recursion_message(sources: &[String]) -> String {
    let mut trace: Vec<&str> = Vec::new();
    for source in sources.iter().take(16) {
        let looped = trace.contains(&source.as_str());
        trace.push(source);
        if looped {
            break;
        }
    }
    format!(
        "maximum recursion depth {} reached in {} ... ",
        sources.len().saturating_sub(1),
        trace.join(", ")
    )
}

/// `hcl.Diagnostics.Error()`: the first diagnostic as
/// `subject: summary; detail`, and how many others there were.
fn diagnostics_error(
    diagnostics: &[Diagnostic],
    index: &LineIndex,
    text: &str,
    file_name: &str,
) -> String {
    let errors: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.is_error()).collect();
    let Some(first) = errors.first() else {
        return "no diagnostics".to_owned();
    };
    let subject = first.range().map_or_else(
        || "<nil>".to_owned(),
        |range: TextRange| index.range_string(text, file_name, range),
    );
    let head = format!("{subject}: {}; {}", first.summary, first.detail);
    match errors.len() {
        1 => head,
        n => format!("{head}, and {} other diagnostic(s)", n - 1),
    }
}

/// HCL's `ValidIdentifier`: the name lexes as exactly one identifier.
fn is_valid_identifier(name: &str) -> bool {
    matches!(
        tofu_syntax::native::lex(name).as_slice(),
        [token] if token.kind == tofu_syntax::SyntaxKind::IDENT && token.len as usize == name.len()
    )
}
