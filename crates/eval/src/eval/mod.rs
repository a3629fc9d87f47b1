//! The evaluator: HCL's `Expression.Value` for every native-syntax
//! expression form, with cty's semantics for unknowns and marks.
//!
//! Evaluation never stops at the first error: like HCL it returns a
//! placeholder (usually the dynamic unknown) with its diagnostics and goes
//! on, so one pass reports every independent error in HCL's order.

mod access;
mod call;
mod collections;
mod json;
mod ops;
mod range;
mod snippet;
mod template;
mod variables;

use std::cell::Cell;
use std::path::Path;

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::ast::{AstNode, Expr, LiteralKind};
use tofu_types::{Type, Value};

use crate::functions::{FunctionContext, FunctionTable};
use crate::{Diagnostic, FileSystem};

pub use json::evaluate_json;
pub(crate) use range::node_range;
pub use variables::referenced_roots;
pub(crate) use variables::template_roots;

/// The names an expression can refer to: what HCL's `EvalContext.Variables`
/// holds. The semantic layer resolves `var`, `local`, `module`, resources,
/// `path`, ... to objects; for-expression names are the evaluator's own.
pub trait Scope {
    /// The value of the root name of a reference, if the scope has it.
    fn variable(&self, name: &str) -> Option<Value>;
    /// Every name the scope has, for "Did you mean" suggestions.
    fn variable_names(&self) -> Vec<String> {
        Vec::new()
    }
    /// Whether the scope allows references at all; when not, HCL reports
    /// "Variables not allowed".
    fn allows_variables(&self) -> bool {
        true
    }
    /// The summary and detail to report for a name the scope lacks, when
    /// the scope knows better than HCL's "Unknown variable".
    fn missing_variable(&self, _name: &str) -> Option<(Code, String)> {
        None
    }
    /// What the scope reports about an expression's references before it
    /// is evaluated (OpenTofu's `lang.Scope` builds its evaluation context
    /// from them, reporting the undeclared); errors stop the evaluation.
    fn reference_diagnostics(&self, _expr: &Expr) -> Vec<Diagnostic> {
        Vec::new()
    }
}

/// A scope without names, where references are not allowed.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoVariables;

impl Scope for NoVariables {
    fn variable(&self, _name: &str) -> Option<Value> {
        None
    }
    fn allows_variables(&self) -> bool {
        false
    }
}

/// Everything an evaluation reads besides the expression.
#[derive(Clone, Copy)]
pub struct EvalContext<'a> {
    pub scope: &'a dyn Scope,
    pub functions: &'a FunctionTable,
    pub fs: &'a dyn FileSystem,
    pub base_dir: &'a Path,
    /// Impure functions give unknown values, as during a plan.
    pub pure_only: bool,
    /// The text the expression was parsed from and its file name, for
    /// messages that quote source positions (`try`'s).
    pub source_text: &'a str,
    pub file_name: &'a str,
    /// Collections whose value is not known are taken to have at least one
    /// element: the bodies of `for` expressions and directives over them
    /// are evaluated with an unknown element of their element type, so
    /// that static type checking reports what any non-empty value would.
    pub assume_non_empty: bool,
}

impl<'a> EvalContext<'a> {
    pub(crate) fn function_context(&self) -> FunctionContext<'a> {
        FunctionContext {
            fs: self.fs,
            base_dir: self.base_dir,
            pure_only: self.pure_only,
            table: self.functions,
        }
    }
}

/// Expressions nest at most this deep in evaluation (the parser bounds
/// syntax nesting; this also bounds nested template evaluation).
const MAX_DEPTH: usize = 256;

thread_local! {
    /// Expression evaluations left in the outermost evaluation on this
    /// thread (nested template functions share it), and how many
    /// evaluations are running.
    static STEPS_LEFT: Cell<u64> = const { Cell::new(0) };
    static ACTIVE: Cell<u32> = const { Cell::new(0) };
}

/// Runs one evaluation under the shared step budget: the outermost one
/// on a thread starts a fresh budget.
fn budgeted<T>(f: impl FnOnce() -> T) -> T {
    if ACTIVE.get() == 0 {
        STEPS_LEFT.set(crate::limits::MAX_EVALUATION_STEPS);
    }
    ACTIVE.set(ACTIVE.get() + 1);
    let result = f();
    ACTIVE.set(ACTIVE.get() - 1);
    result
}

/// Evaluates `expr` parsed from a file, HCL's `expr.Value(ctx)`: the value
/// (a placeholder where evaluation failed) and every diagnostic in order.
pub fn evaluate(expr: &Expr, ctx: &EvalContext<'_>) -> (Value, Vec<Diagnostic>) {
    budgeted(|| {
        let mut evaluator = Evaluator::new(ctx);
        let value = evaluator.eval(expr);
        (value, evaluator.diagnostics)
    })
}

/// What a diagnostic about `expr` says of the values it refers to (HCL's
/// `Expression` and `EvalContext`, which OpenTofu describes under the
/// snippet): `("var.cidr", "is \"10\"")`.
pub fn expression_values(expr: &Expr, ctx: &EvalContext<'_>) -> Vec<(String, String)> {
    Evaluator::new(ctx).expression_values(expr)
}

/// Evaluates a standalone template (`templatefile`, `templatestring`).
pub(crate) fn evaluate_template(
    parts: &[tofu_syntax::ast::TemplatePart],
    ctx: &EvalContext<'_>,
    node: &tofu_syntax::SyntaxNode,
) -> (Value, Vec<Diagnostic>) {
    budgeted(|| {
        let mut evaluator = Evaluator::new(ctx);
        let value = evaluator.template_parts(parts, false, node_range(node));
        (value, evaluator.diagnostics)
    })
}

/// As [`evaluate`], with the console-only `type` function available.
pub(crate) fn evaluate_console(expr: &Expr, ctx: &EvalContext<'_>) -> (Value, Vec<Diagnostic>) {
    budgeted(|| {
        let mut evaluator = Evaluator::new(ctx);
        let value = evaluator.eval(expr);
        (value, evaluator.diagnostics)
    })
}

pub(crate) struct Evaluator<'c, 'a> {
    pub(crate) ctx: &'c EvalContext<'a>,
    /// For-expression and template-for names, innermost last.
    locals: Vec<(String, Value)>,
    /// The elements splat steps apply to, innermost last.
    splat_items: Vec<Value>,
    depth: usize,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl<'c, 'a> Evaluator<'c, 'a> {
    pub(crate) fn new(ctx: &'c EvalContext<'a>) -> Self {
        Evaluator {
            ctx,
            locals: Vec::new(),
            splat_items: Vec::new(),
            depth: 0,
            diagnostics: Vec::new(),
        }
    }

    /// Evaluates with a fresh diagnostics list, returning it: for callers
    /// that must look at one sub-expression's diagnostics on their own.
    pub(crate) fn eval_isolated(&mut self, expr: &Expr) -> (Value, Vec<Diagnostic>) {
        self.isolated(|ev| ev.eval(expr))
    }

    /// Runs `f` with a fresh diagnostics list, returning it with `f`'s
    /// result.
    pub(crate) fn isolated<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> (T, Vec<Diagnostic>) {
        let outer = std::mem::take(&mut self.diagnostics);
        let value = f(self);
        let inner = std::mem::replace(&mut self.diagnostics, outer);
        (value, inner)
    }

    pub(crate) fn error(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    pub(crate) fn eval_opt(&mut self, expr: Option<Expr>) -> Value {
        match expr {
            Some(expr) => self.eval(&expr),
            // The parser reported the missing expression already.
            None => Value::dynamic(),
        }
    }

    pub(crate) fn eval(&mut self, expr: &Expr) -> Value {
        match STEPS_LEFT.get() {
            0 => return Value::dynamic(),
            1 => {
                STEPS_LEFT.set(0);
                self.error(
                    Diagnostic::error(
                        Code::EvaluationTooExpensive,
                        format!(
                            "Evaluating this expression takes more than {} steps, beyond what can be evaluated.",
                            crate::limits::MAX_EVALUATION_STEPS
                        ),
                    )
                    .with_subject(node_range(expr.syntax())),
                );
                return Value::dynamic();
            }
            n => STEPS_LEFT.set(n - 1),
        }
        if self.depth >= MAX_DEPTH {
            self.error(
                Diagnostic::error(
                    Code::ExpressionTooDeeplyNested,
                    format!(
                        "This expression nests more than {MAX_DEPTH} levels deep, beyond what can be evaluated."
                    ),
                )
                .with_subject(node_range(expr.syntax())),
            );
            return Value::dynamic();
        }
        self.depth += 1;
        let value = self.eval_inner(expr);
        self.depth -= 1;
        value
    }

    fn eval_inner(&mut self, expr: &Expr) -> Value {
        match expr {
            Expr::Literal(lit) => literal(lit.kind()),
            Expr::Variable(var) => match var.name() {
                Some(name) => self.variable(name.text(), node_range(var.syntax())),
                None => Value::dynamic(),
            },
            Expr::Template(t) => self.quoted_template(t),
            Expr::Heredoc(h) => self.heredoc(h),
            Expr::Tuple(t) => {
                let elements = t.elements().map(|e| self.eval(&e)).collect();
                Value::tuple(elements)
            }
            Expr::Object(o) => self.object(o),
            Expr::FunctionCall(call) => self.function_call(call),
            Expr::For(f) => self.for_expr(f),
            Expr::Attr(a) => self.attr(a),
            Expr::Index(i) => self.index(i),
            Expr::LegacyIndex(i) => self.legacy_index(i),
            Expr::Splat(s) => self.splat(s),
            Expr::Paren(p) => self.eval_opt(p.inner()),
            Expr::Unary(u) => self.unary(u),
            Expr::Binary(b) => self.binary(b),
            Expr::Conditional(c) => self.conditional(c),
        }
    }

    fn variable(&mut self, name: &str, range: TextRange) -> Value {
        if let Some((_, value)) = self.locals.iter().rev().find(|(n, _)| n == name) {
            return value.clone();
        }
        let scope = self.ctx.scope;
        if let Some(value) = scope.variable(name) {
            return value;
        }
        if !scope.allows_variables() {
            self.error(
                Diagnostic::error(Code::VariablesNotAllowed, "Variables may not be used here.")
                    .with_subject(range),
            );
            return Value::dynamic();
        }
        if let Some((summary, detail)) = scope.missing_variable(name) {
            self.error(Diagnostic::error(summary, detail).with_subject(range));
            return Value::dynamic();
        }
        let mut names = scope.variable_names();
        names.extend(self.locals.iter().map(|(n, _)| n.clone()));
        let suggestion = tofu_syntax::name_suggestion(name, names.iter().map(String::as_str))
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        self.error(
            Diagnostic::error(
                Code::UnknownVariable,
                format!("There is no variable named {name:?}.{suggestion}"),
            )
            .with_subject(range),
        );
        Value::dynamic()
    }

    /// Runs `f` with `bindings` visible as local names.
    pub(crate) fn with_locals<T>(
        &mut self,
        bindings: Vec<(String, Value)>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let depth = self.locals.len();
        self.locals.extend(bindings);
        let result = f(self);
        self.locals.truncate(depth);
        result
    }

    pub(crate) fn with_splat_item<T>(&mut self, item: Value, f: impl FnOnce(&mut Self) -> T) -> T {
        self.splat_items.push(item);
        let result = f(self);
        self.splat_items.pop();
        result
    }

    /// The element a receiver-less step applies to: HCL's anonymous splat
    /// symbol, dynamic when there is none.
    pub(crate) fn splat_item(&self) -> Value {
        self.splat_items
            .last()
            .cloned()
            .unwrap_or_else(Value::dynamic)
    }
}

fn literal(kind: Option<LiteralKind>) -> Value {
    match kind {
        Some(LiteralKind::Number(text)) => {
            // The parser already reported malformed numbers.
            Value::parse_number(&text).unwrap_or_else(|_| Value::unknown(Type::Number))
        }
        Some(LiteralKind::Bool(b)) => Value::bool(b),
        Some(LiteralKind::Null) => Value::null(Type::Dynamic),
        None => Value::dynamic(),
    }
}
