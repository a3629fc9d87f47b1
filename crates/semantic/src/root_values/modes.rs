//! How a root variable's string values (`-var`, `TF_VAR_`) are read:
//! OpenTofu's `VariableParsingMode`, decided by the variable's `type`
//! (`decodeVariableType`).

use std::collections::BTreeMap;

use tofu_eval::typeexpr::{constant_value, variable_type};
use tofu_syntax::ast::Expr;
use tofu_syntax::body::{AnyExpr, AttributeSchema, BodySchema, SourceText};

use crate::ModuleDir;
use crate::declarations::file_blocks;

/// `VariableParsingMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParsingMode {
    /// The string is the value (`VariableParseLiteral`): primitive types
    /// and variables without a type.
    Literal,
    /// The string is an expression (`VariableParseHCL`): every other type
    /// constraint, `any` included, and types with errors.
    Expression,
}

const TYPE_ONLY: &[AttributeSchema<'static>] = &[AttributeSchema::optional("type")];

/// The root module's declared variables and how each reads its string
/// values. The first of duplicate declarations counts; an override file's
/// `type` replaces the mode of a variable the primary files declare, as
/// OpenTofu's merging does.
#[salsa::tracked(returns(ref))]
pub fn variable_parsing_modes(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> BTreeMap<String, ParsingMode> {
    let mut modes = BTreeMap::new();
    for (files, overriding) in [(module.files(db), false), (module.overrides(db), true)] {
        for &file in files.iter().filter(|f| f.exists(db)) {
            let text = crate::input::contents(db, file);
            let source = SourceText::new(text, file.path(db));
            for block in file_blocks(db, file)
                .into_iter()
                .filter(|b| b.type_name == "variable")
            {
                let Some(name) = block.labels.first() else {
                    continue;
                };
                let (content, _, _) = block
                    .body
                    .partial_content(&BodySchema::new(TYPE_ONLY, &[]), &source);
                let mode = content
                    .attribute("type")
                    .and_then(|attr| attr.expr.as_ref())
                    .map(type_mode);
                if overriding {
                    if let (Some(mode), Some(existing)) = (mode, modes.get_mut(name)) {
                        *existing = mode;
                    }
                } else if !modes.contains_key(name) {
                    modes.insert(name.clone(), mode.unwrap_or(ParsingMode::Literal));
                }
            }
        }
    }
    modes
}

/// The mode a `type` argument gives.
fn type_mode(expr: &AnyExpr) -> ParsingMode {
    let (constraint, diagnostics) = match expr {
        AnyExpr::Native(expr @ (Expr::Template(_) | Expr::Heredoc(_))) => {
            // The legacy quoted forms: only "string" keeps literal values.
            let (value, diagnostics) = constant_value(expr);
            let literal = !diagnostics.iter().any(tofu_eval::Diagnostic::is_error)
                && value.as_str() == Some("string");
            return if literal {
                ParsingMode::Literal
            } else {
                ParsingMode::Expression
            };
        }
        AnyExpr::Native(expr) => variable_type(expr),
        AnyExpr::Json(value) => crate::config::named_values::json_variable_type(value),
    };
    match constraint {
        Some(constraint)
            if !diagnostics.iter().any(tofu_eval::Diagnostic::is_error)
                && constraint.ty.is_primitive() =>
        {
            ParsingMode::Literal
        }
        _ => ParsingMode::Expression,
    }
}
