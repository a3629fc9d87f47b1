//! One variable definitions file (`.tfvars`, `.tfvars.json`), read as
//! `addVarsFromFile` reads it.

use tofu_diagnostics::Code;
use tofu_eval::{
    EvalContext, FunctionTable, MemoryFileSystem, NoVariables, evaluate, evaluate_json,
};
use tofu_syntax::body::{AnyBody, AnyExpr, BlockSchema, BodySchema, SourceText};
use tofu_syntax::quote::go_quote;
use tofu_syntax::{SourceKind, TextRange};
use tofu_types::Value;

use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;
use crate::parsing::ParsedFile;

/// The syntax OpenTofu reads a variables file in: JSON for names ending
/// `.json`, native for names ending `.tfvars`, and for any other name
/// (`-var-file=<(script)`) JSON when the trimmed text starts with `{`.
pub fn variables_file_kind(path: &str, text: &str) -> SourceKind {
    let json =
        path.ends_with(".json") || (!path.ends_with(".tfvars") && text.trim().starts_with('{'));
    if json {
        SourceKind::Json
    } else {
        SourceKind::Native
    }
}

/// A variables file's syntax tree and syntax errors, in the syntax
/// [`variables_file_kind`] chooses.
#[salsa::tracked(returns(ref))]
pub fn parse_variables_file(db: &dyn salsa::Database, file: SourceFile) -> ParsedFile {
    let path = file.path(db);
    let text = crate::input::contents(db, file);
    let kind = variables_file_kind(path, text);
    let parse = tofu_syntax::parse_named(text, kind, path);
    ParsedFile {
        kind,
        green: parse.green().clone(),
        errors: parse.errors().to_vec(),
    }
}

/// What a variables file gives: its assignments, and what reading it
/// reported.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct VariablesFile {
    /// Syntax errors (reported with the file, not here), `variable`
    /// blocks: OpenTofu stops reading the file there, and stops
    /// collecting values altogether.
    pub failed: bool,
    /// `variable` blocks, then what `JustAttributes` reports.
    pub diagnostics: Vec<Diagnostic>,
    /// Every assignment in source order (the first of duplicates in
    /// JSON; native duplicates are syntax errors).
    pub assignments: Vec<Assignment>,
}

/// `NAME = expr`, with the expression's value as `expr.Value(nil)` gives
/// it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Assignment {
    pub name: String,
    pub value: Value,
    /// The expression's range.
    pub range: TextRange,
    /// What evaluating it reported: "Variables not allowed", "Function
    /// calls not allowed", ...; OpenTofu reports these only for the value
    /// that wins.
    pub diagnostics: Vec<Diagnostic>,
}

const VARIABLE_BLOCK: &[BlockSchema<'static>] = &[BlockSchema::new("variable", &["name"])];

#[salsa::tracked(returns(ref))]
pub(crate) fn variables_file(db: &dyn salsa::Database, file: SourceFile) -> VariablesFile {
    let parsed = parse_variables_file(db, file);
    let mut out = VariablesFile {
        failed: !parsed.errors.is_empty(),
        diagnostics: Vec::new(),
        assignments: Vec::new(),
    };
    if out.failed {
        return out;
    }
    let path = file.path(db);
    let text = crate::input::contents(db, file);
    let source = SourceText::new(text, path);
    let body = AnyBody::of_file(&parsed.to_parse());

    // A common mistake, probed for first with a better message than
    // JustAttributes would give.
    let (content, _, _) = body.partial_content(&BodySchema::new(&[], VARIABLE_BLOCK), &source);
    for block in &content.blocks {
        let name = block.labels.first().map_or("", String::as_str);
        out.diagnostics.push(Diagnostic::error_in(
            Code::VariableDeclarationInTfvarsFile,
            format!(
                "A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. To declare variable {}, place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this variable in {path}, use the definition syntax instead:\n    {name} = <value>",
                go_quote(name)
            ),
            file,
            block.type_range,
        ));
    }
    if !out.diagnostics.is_empty() {
        out.failed = true;
        return out;
    }

    let (attributes, errors) = body.just_attributes(&source);
    for error in errors {
        out.diagnostics.push(error.in_file(file));
    }
    let functions = FunctionTable::default();
    let fs = MemoryFileSystem::new("");
    let ctx = EvalContext {
        scope: &NoVariables,
        functions: &functions,
        fs: &fs,
        base_dir: std::path::Path::new(""),
        pure_only: true,
        source_text: text,
        file_name: path,
        assume_non_empty: false,
    };
    for attribute in attributes {
        let Some(expr) = attribute.expr else {
            continue;
        };
        // `expr.Value(nil)`: JSON strings are taken literally.
        let (value, diagnostics) = match &expr {
            AnyExpr::Native(native) => evaluate(native, &ctx),
            AnyExpr::Json(json) => evaluate_json(json, &ctx, false),
        };
        out.assignments.push(Assignment {
            name: attribute.name,
            value,
            range: expr.range(),
            diagnostics: diagnostics
                .into_iter()
                .map(|d| super::eval_diagnostic(d, Some(file)))
                .collect(),
        });
    }
    out
}
