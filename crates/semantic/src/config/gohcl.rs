//! gohcl's decoding of literal arguments with no evaluation context.

use tofu_diagnostics::Code;
use tofu_eval::Severity;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_syntax::body::{AnyAttribute, AnyExpr};
use tofu_syntax::{TextRange, TextSize, trimmed_range};
use tofu_types::convert::convert;
use tofu_types::{Type, Value};

use crate::config::Decoder;
use crate::diagnostics::Diagnostic;

/// How much of gohcl's reporting a caller keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::config) enum Gohcl {
    /// All of it: after the expression's own errors, a null or unknown
    /// value (as after "Variables not allowed") is also "Unsuitable".
    Full,
    /// Only conversion failures of an expression that evaluated without
    /// errors; null and unknown values are left unreported (the provider,
    /// resource, removed and terraform blocks, whose tests pin this).
    ConversionOnly,
}

/// gohcl's `DecodeExpression(expr, nil, &goValue)` into a Go value of type
/// `ty`: the expression's own diagnostics, then "Unsuitable value type"
/// (at the expression's start, as gohcl reports it) when the value does
/// not convert or, with [`Gohcl::Full`], is null or not known. `Err` when
/// there were errors or no usable value.
pub(in crate::config) fn gohcl_decode(
    d: &mut Decoder<'_>,
    attribute: &AnyAttribute,
    ty: &Type,
    mode: Gohcl,
) -> Result<Value, ()> {
    let Some(expr) = &attribute.expr else {
        return Err(());
    };
    let (value, diagnostics) = tofu_eval::typeexpr::constant_any_value(expr);
    let failed = diagnostics.iter().any(tofu_eval::Diagnostic::is_error);
    d.eval_diagnostics(diagnostics);
    if failed && mode == Gohcl::ConversionOnly {
        return Err(());
    }
    let full = mode == Gohcl::Full;
    let message = match convert(&value, ty) {
        Err(err) => Some(err.message),
        Ok(v) if v.is_null() => full.then(|| "null value is not allowed".to_owned()),
        Ok(v) if !v.is_known() => full.then(|| "value must be known".to_owned()),
        Ok(v) => {
            if !failed {
                return Ok(v);
            }
            None
        }
    };
    if let Some(message) = message {
        d.out.push(Diagnostic {
            severity: Severity::Error,
            code: Code::UnsuitableValueType,
            summary: "Unsuitable value type".to_owned(),
            detail: format!("Unsuitable value: {message}"),
            location: Some(tofu_diagnostics::Location {
                file: d.file,
                range: start_range(expr),
            }),
            context: Some(expr.range()),
            values: Vec::new(),
            deprecation: None,
            function_call: None,
        });
    }
    Err(())
}

/// HCL's `StartRange` of an expression.
fn start_range(expr: &AnyExpr) -> TextRange {
    match expr {
        AnyExpr::Json(value) => value.start_range(),
        AnyExpr::Native(expr) => native_start_range(expr),
    }
}

fn native_start_range(expr: &Expr) -> TextRange {
    let whole = trimmed_range(expr.syntax());
    match expr {
        Expr::Binary(b) => b.lhs().map_or(whole, |l| native_start_range(&l)),
        Expr::Conditional(c) => c.condition().map_or(whole, |c| native_start_range(&c)),
        Expr::Tuple(_) | Expr::Object(_) | Expr::For(_) => expr
            .syntax()
            .first_token()
            .map_or(whole, |t| t.text_range()),
        // A quoted literal starts at its text.
        Expr::Template(t)
            if t.as_string_literal().is_some() && whole.len() >= TextSize::from(2) =>
        {
            TextRange::new(
                whole.start() + TextSize::from(1),
                whole.end() - TextSize::from(1),
            )
        }
        _ => whole,
    }
}
