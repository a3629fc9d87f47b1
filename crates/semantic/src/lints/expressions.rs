//! Lints of expression forms in the native syntax, as tflint's
//! `terraform_deprecated_interpolation`, `terraform_deprecated_index`,
//! `terraform_deprecated_lookup` and `terraform_empty_list_equality`
//! find them. JSON has no such forms of its own: its strings are
//! templates by nature.

use tofu_diagnostics::Code;
use tofu_syntax::SourceKind;
use tofu_syntax::ast::{AstNode, BinaryOp, Expr, TemplatePart};

use super::warning;
use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;

pub(super) fn lint(db: &dyn salsa::Database, file: SourceFile, out: &mut Vec<Diagnostic>) {
    let parsed = crate::parsing::parse(db, file);
    if parsed.kind != SourceKind::Native {
        return;
    }
    for node in parsed.syntax().descendants() {
        let Some(expr) = Expr::cast(node) else {
            continue;
        };
        let range = tofu_syntax::body::trimmed_range(expr.syntax());
        match &expr {
            // `TemplateWrapExpr`: a quoted template of one interpolation.
            Expr::Template(template)
                if matches!(
                    template.parts().as_slice(),
                    [TemplatePart::Interpolation(_)]
                ) =>
            {
                out.push(warning(
                    Code::DeprecatedInterpolation,
                    "Interpolation-only expressions are deprecated: a string that is one interpolation and nothing else is the interpolated expression's value. Write the expression without the quotes and ${ }.".to_owned(),
                    file,
                    range,
                ));
            }
            Expr::LegacyIndex(_) => out.push(warning(
                Code::DeprecatedIndex,
                "List items should be accessed using square brackets: write list[0], not list.0.".to_owned(),
                file,
                range,
            )),
            Expr::Splat(splat) if !splat.is_full() => out.push(warning(
                Code::DeprecatedIndex,
                "A legacy splat (list.*.id) is used: write list[*].id, which also works on single values.".to_owned(),
                file,
                range,
            )),
            Expr::FunctionCall(call)
                if call.name().as_deref() == Some("lookup") && call.args().count() == 2 =>
            {
                out.push(warning(
                    Code::DeprecatedLookup,
                    "lookup with two arguments is deprecated: write map[key], or give lookup a default as its third argument.".to_owned(),
                    file,
                    range,
                ));
            }
            Expr::Binary(binary)
                if matches!(binary.op(), Some(BinaryOp::Equal | BinaryOp::NotEqual))
                    && [binary.lhs(), binary.rhs()]
                        .iter()
                        .any(|side| matches!(side, Some(Expr::Tuple(t)) if t.elements().next().is_none())) =>
            {
                out.push(warning(
                    Code::EmptyListEquality,
                    "Comparing a collection with [] compares it with an empty tuple, which is never equal to a list: compare length(...) with 0 instead.".to_owned(),
                    file,
                    range,
                ));
            }
            _ => {}
        }
    }
}
