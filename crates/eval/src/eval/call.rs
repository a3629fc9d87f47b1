//! Function calls (HCL's `FunctionCallExpr.Value`), including the calls
//! whose arguments are expressions rather than values: `try`, `can`,
//! `convert`'s type and the console's `type`.

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr, FunctionCall};
use tofu_syntax::{LineIndex, SyntaxKind, TextRange};
use tofu_types::convert::convert;
use tofu_types::{Mark, Type, Value};

use super::range::token_range;
use super::{Evaluator, node_range};
use crate::functions::{
    Function, FunctionError, FunctionTable, ProviderFunction, ProviderLookup, call,
};
use crate::{Diagnostic, typeexpr};

/// One argument after `...` expansion.
enum Arg {
    Expr(Expr),
    /// An element of the expanded final argument.
    Expanded(Value, TextRange),
}

/// The function a call calls.
#[derive(Clone, Copy)]
enum Callee<'f> {
    Builtin(&'f Function),
    Provider(&'f ProviderFunction),
}

impl Arg {
    /// The expression the argument came from, for what a diagnostic says
    /// of its values (none for an element of an expanded argument).
    fn expr(&self) -> Option<&Expr> {
        match self {
            Arg::Expr(e) => Some(e),
            Arg::Expanded(..) => None,
        }
    }

    fn start_range(&self) -> TextRange {
        match self {
            Arg::Expr(e) => start_range(e),
            Arg::Expanded(_, range) => *range,
        }
    }
}

impl Evaluator<'_, '_> {
    pub(super) fn function_call(&mut self, e: &FunctionCall) -> Value {
        let range = node_range(e.syntax());
        let Some(name) = e.name() else {
            return Value::dynamic();
        };
        let name_range = e.name_node().map_or(range, |n| node_range(&n));
        let Some(f) = self.ctx.functions.get(&name).cloned() else {
            match self.ctx.functions.provider_function(&name) {
                Some(ProviderLookup::Function(f)) => {
                    let f = f.clone();
                    return self.provider_call(e, &name, &f);
                }
                Some(ProviderLookup::Placeholder) => {
                    // Anything goes; the arguments' marks are the
                    // result's, as for any function that takes no marks.
                    let mut marks = tofu_types::Marks::NONE;
                    for arg in e.args() {
                        marks |= self.eval(&arg).unmark_deep().1;
                    }
                    return Value::dynamic().with_marks(marks);
                }
                None => {}
            }
            if let Some(provider) = self.ctx.functions.unknown_function_provider(&name) {
                // `ProviderFunctionTransformer`: found while building the
                // graph, before anything is evaluated.
                self.error(
                    Diagnostic::error(
                        Code::UnknownFunctionProvider,
                        format!(
                            "Provider {provider:?} does not exist within the required_providers of this module"
                        ),
                    )
                    .with_subject(name_range),
                );
                return Value::dynamic();
            }
            if self.ctx.functions.is_empty() {
                self.error(
                    Diagnostic::error(
                        Code::FunctionCallsNotAllowed,
                        "Functions may not be called here.",
                    )
                    .with_subject(range),
                );
                return Value::dynamic();
            }
            self.unknown_function(&name, name_range, range);
            return Value::dynamic();
        };
        let close = paren(e, SyntaxKind::R_PAREN);
        let start = start_range(&Expr::FunctionCall(e.clone()));

        let Some(args) = self.expand_args(e, range, &name, Callee::Builtin(&f)) else {
            return Value::dynamic();
        };
        if !self.arity_matches(Callee::Builtin(&f), &name, &args, close, range) {
            return Value::dynamic();
        }
        match f.name {
            "try" => return self.call_try(&name, &args, start, range),
            "can" => return self.call_can(&args),
            "type" => return self.call_type(&args),
            _ => {}
        }

        let before = self.diagnostics.len();
        let mut values = Vec::with_capacity(args.len());
        let mut conversion = None;
        for (i, arg) in args.iter().enumerate() {
            let param = f.param(i).expect("arity checked");
            if f.name == "convert" && i == 1 {
                if let Arg::Expr(expr) = arg {
                    let (constraint, diags) = typeexpr::type_constraint_with_defaults(expr);
                    self.diagnostics.extend(diags);
                    conversion = constraint;
                }
                values.push(Value::dynamic());
                continue;
            }
            let value = self.argument(
                arg,
                param.name,
                &param.ty,
                Callee::Builtin(&f),
                &name,
                range,
            );
            values.push(value);
        }
        if self.diagnostics[before..].iter().any(Diagnostic::is_error) {
            return Value::dynamic();
        }
        let result = if f.name == "convert" {
            match conversion {
                Some(constraint) => convert_call(&values[0], &constraint),
                None => return Value::dynamic(),
            }
        } else {
            call(&f, &self.ctx.function_context(), &values)
        };
        match result {
            Ok(v) => v,
            Err(err) => {
                self.call_error(e, &f, &name, &args, err, start);
                Value::dynamic()
            }
        }
    }

    fn call_error(
        &mut self,
        call: &FunctionCall,
        f: &Function,
        name: &str,
        args: &[Arg],
        err: FunctionError,
        start: TextRange,
    ) {
        let range = node_range(call.syntax());
        let whole = Expr::FunctionCall(call.clone());
        let call_failed = |message: String| {
            Diagnostic::error(
                Code::ErrorInFunctionCall,
                format!("Call to function {name:?} failed: {message}."),
            )
            .with_subject(start)
            .with_context(range)
        };
        let (diagnostic, expr) = match err {
            FunctionError::Arg { index, message } => match (f.param(index), args.get(index)) {
                (Some(param), Some(arg)) => (
                    Diagnostic::error(
                        Code::InvalidFunctionArgument,
                        format!("Invalid value for {:?} parameter: {message}.", param.name),
                    )
                    .with_subject(arg.start_range())
                    .with_context(range),
                    arg.expr(),
                ),
                (Some(param), None) => (
                    Diagnostic::error(
                        Code::InvalidFunctionArgument,
                        format!("Invalid value for {:?} parameter: {message}.", param.name),
                    )
                    .with_subject(range),
                    Some(&whole),
                ),
                (None, _) => (call_failed(message), Some(&whole)),
            },
            FunctionError::Call(message) => (call_failed(message), Some(&whole)),
        };
        let diagnostic = self.with_function(diagnostic, name, f);
        self.error(self.with_values(diagnostic, expr));
    }

    /// `diagnostic` about a call of `f` by the name `called_as`.
    fn with_function(&self, diagnostic: Diagnostic, called_as: &str, f: &Function) -> Diagnostic {
        self.with_callee(diagnostic, called_as, Callee::Builtin(f))
    }

    /// An argument's value converted to its parameter's type (HCL's
    /// conversion before the call); when it does not convert, "Invalid
    /// function argument" and the dynamic unknown.
    fn argument(
        &mut self,
        arg: &Arg,
        param_name: &str,
        param_ty: &Type,
        callee: Callee<'_>,
        name: &str,
        range: TextRange,
    ) -> Value {
        let value = match arg {
            Arg::Expr(expr) => self.eval(expr),
            Arg::Expanded(v, _) => v.clone(),
        };
        match convert(&value, param_ty) {
            Ok(v) => v,
            Err(err) => {
                let diagnostic = Diagnostic::error(
                    Code::InvalidFunctionArgument,
                    format!(
                        "Invalid value for {param_name:?} parameter: {}.",
                        err.message
                    ),
                )
                .with_subject(arg.start_range())
                .with_context(range);
                let diagnostic = self.with_callee(diagnostic, name, callee);
                self.error(self.with_values(diagnostic, arg.expr()));
                Value::dynamic()
            }
        }
    }

    /// Whether `args` are as many as `callee` takes; if not, HCL's "Not
    /// enough" or "Too many function arguments" is reported.
    fn arity_matches(
        &mut self,
        callee: Callee<'_>,
        name: &str,
        args: &[Arg],
        close: Option<TextRange>,
        range: TextRange,
    ) -> bool {
        let (count, variadic) = match callee {
            Callee::Builtin(f) => (f.params.len(), f.var_param.is_some()),
            Callee::Provider(f) => (f.params.len(), f.var_param.is_some()),
        };
        let diagnostic = if args.len() < count {
            let missing = match callee {
                Callee::Builtin(f) => f.params[args.len()].name,
                Callee::Provider(f) => f.params[args.len()].name.as_str(),
            };
            let qualifier = if variadic { " at least" } else { "" };
            Diagnostic::error(
                Code::NotEnoughFunctionArguments,
                format!(
                    "Function {name:?} expects{qualifier} {count} argument(s). Missing value for {missing:?}."
                ),
            )
            .with_subject(close.unwrap_or(range))
        } else if !variadic && args.len() > count {
            Diagnostic::error(
                Code::TooManyFunctionArguments,
                format!("Function {name:?} expects only {count} argument(s)."),
            )
            .with_subject(args[count].start_range())
        } else {
            return true;
        };
        self.error(self.with_callee(diagnostic.with_context(range), name, callee));
        false
    }

    /// `diagnostic` about a call of `callee` by the name `called_as`.
    fn with_callee(
        &self,
        mut diagnostic: Diagnostic,
        called_as: &str,
        callee: Callee<'_>,
    ) -> Diagnostic {
        let signature = match callee {
            Callee::Builtin(f) => f.signature(&self.ctx.function_context()),
            Callee::Provider(f) => f.signature(called_as),
        };
        diagnostic.function_call = Some(Box::new(crate::FunctionCall {
            called_as: called_as.to_owned(),
            signature,
        }));
        diagnostic
    }

    /// A call of a provider's function (cty's `Function.Call` of the
    /// function `providers.BuildProviderFunction` builds): the arguments
    /// counted and converted as for any function, nulls rejected unless
    /// the parameter allows them; the result, which only the provider
    /// could compute, unknown of the return type (dynamic for a dynamic
    /// argument), with the arguments' marks.
    fn provider_call(&mut self, e: &FunctionCall, name: &str, f: &ProviderFunction) -> Value {
        let range = node_range(e.syntax());
        let close = paren(e, SyntaxKind::R_PAREN);
        let callee = Callee::Provider(f);
        let Some(args) = self.expand_args(e, range, name, callee) else {
            return Value::dynamic();
        };
        if !self.arity_matches(callee, name, &args, close, range) {
            return Value::dynamic();
        }
        let before = self.diagnostics.len();
        let mut values = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let param = f.param(i).expect("arity checked");
            let value = self.argument(arg, &param.name, &param.ty, callee, name, range);
            values.push(value);
        }
        if self.diagnostics[before..].iter().any(Diagnostic::is_error) {
            return Value::dynamic();
        }
        // cty's own checks, after HCL's conversions, argument by argument:
        // a null a parameter does not take is an error; an argument of no
        // known type (a dynamic parameter's) leaves the result's type
        // unknown and stops the checks.
        let mut ty = f.return_type.clone();
        for (i, value) in values.iter().enumerate() {
            let param = f.param(i).expect("arity checked");
            if value.is_null() && !param.allow_null {
                let diagnostic = Diagnostic::error(
                    Code::InvalidFunctionArgument,
                    format!(
                        "Invalid value for {:?} parameter: argument must not be null.",
                        param.name
                    ),
                )
                .with_subject(args[i].start_range())
                .with_context(range);
                let diagnostic = self.with_callee(diagnostic, name, callee);
                self.error(self.with_values(diagnostic, args[i].expr()));
                return Value::dynamic();
            }
            if value.ty().is_dynamic() {
                ty = Type::Dynamic;
                break;
            }
        }
        let mut marks = tofu_types::Marks::NONE;
        for value in &values {
            marks |= value.unmark_deep().1;
        }
        Value::unknown(ty).with_marks(marks)
    }

    /// HCL's "Call to unknown function", with OpenTofu's rewording for
    /// namespaced names (`lang.enhanceFunctionDiag`).
    fn unknown_function(&mut self, name: &str, name_range: TextRange, range: TextRange) {
        let (summary, detail) = unknown_function_message(name, self.ctx.functions);
        self.error(
            Diagnostic::error(summary, detail)
                .with_subject(name_range)
                .with_context(range),
        );
    }

    /// The arguments with a final `...` argument spliced in; `None` when
    /// expansion failed (and was reported) or cannot be done yet.
    fn expand_args(
        &mut self,
        e: &FunctionCall,
        range: TextRange,
        called_as: &str,
        f: Callee<'_>,
    ) -> Option<Vec<Arg>> {
        let mut args: Vec<Arg> = e.args().map(Arg::Expr).collect();
        if !e.expands_final_arg() {
            return Some(args);
        }
        let Some(Arg::Expr(last)) = args.pop() else {
            return Some(args);
        };
        let last_range = node_range(last.syntax());
        let before = self.diagnostics.len();
        let value = self.eval(&last);
        if self.diagnostics[before..].iter().any(Diagnostic::is_error) {
            return None;
        }
        let ty = value.ty();
        let sequence = ty.is_tuple() || ty.is_list() || ty.is_set();
        if !sequence && !ty.is_dynamic() {
            let diagnostic = Diagnostic::error(
                Code::InvalidExpandingArgumentValue,
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
            )
            .with_subject(last_range)
            .with_context(range);
            self.error(self.with_callee(diagnostic, called_as, f));
            return None;
        }
        if value.is_null() {
            let diagnostic = Diagnostic::error(
                Code::InvalidExpandingArgumentValue,
                "The expanding argument (indicated by ...) must not be null.",
            )
            .with_subject(last_range)
            .with_context(range);
            self.error(self.with_callee(diagnostic, called_as, f));
            return None;
        }
        if ty.is_dynamic() || !value.is_known() {
            return None;
        }
        let (value, marks) = value.unmark();
        for element in value.elements().unwrap_or_default() {
            args.push(Arg::Expanded(element.with_marks(marks), last_range));
        }
        Some(args)
    }

    /// The value and diagnostics of one closure argument.
    fn closure(&mut self, arg: &Arg) -> (Value, Vec<Diagnostic>) {
        match arg {
            Arg::Expr(expr) => self.eval_isolated(expr),
            Arg::Expanded(v, _) => (v.clone(), Vec::new()),
        }
    }

    fn call_try(&mut self, name: &str, args: &[Arg], start: TextRange, range: TextRange) -> Value {
        if args.is_empty() {
            self.error(
                Diagnostic::error(
                    Code::ErrorInFunctionCall,
                    format!("Call to function {name:?} failed: at least one argument is required."),
                )
                .with_subject(start)
                .with_context(range),
            );
            return Value::dynamic();
        }
        let mut failures = Vec::new();
        for arg in args {
            let (value, diags) = self.closure(arg);
            let failed = diags.iter().any(Diagnostic::is_error);
            failures.extend(diags);
            if failed {
                continue;
            }
            if !value.is_wholly_known() {
                return Value::dynamic();
            }
            return value;
        }
        let mut message = String::from("no expression succeeded:\n");
        let index = LineIndex::new(self.ctx.source_text);
        for d in &failures {
            match d.range() {
                Some(subject) => {
                    let at = index.range_string(self.ctx.source_text, self.ctx.file_name, subject);
                    message.push_str(&format!("- {} (at {at})\n  {}\n", d.summary, d.detail));
                }
                None => message.push_str(&format!("- {}\n  {}\n", d.summary, d.detail)),
            }
        }
        message.push_str("\nAt least one expression must produce a successful result");
        self.error(
            Diagnostic::error(
                Code::ErrorInFunctionCall,
                format!("Call to function {name:?} failed: {message}."),
            )
            .with_subject(start)
            .with_context(range),
        );
        Value::dynamic()
    }

    /// OpenTofu's console-only `TypeFunc`: the argument's type in a
    /// capsule marked `TypeType`, with the argument's own marks (cty moves
    /// them to the result of a parameter that does not allow marks).
    fn call_type(&mut self, args: &[Arg]) -> Value {
        let Some(Arg::Expr(arg)) = args.first() else {
            return Value::dynamic();
        };
        let before = self.diagnostics.len();
        let value = self.eval(arg);
        if self.diagnostics[before..].iter().any(Diagnostic::is_error) {
            return Value::dynamic();
        }
        Value::type_value(value.ty().clone())
            .with_marks(value.marks())
            .mark(Mark::TypeFunction)
    }

    fn call_can(&mut self, args: &[Arg]) -> Value {
        let Some(arg) = args.first() else {
            return Value::dynamic();
        };
        let (value, diags) = self.closure(arg);
        if diags.iter().any(Diagnostic::is_error) {
            return Value::bool(false);
        }
        if !value.is_wholly_known() {
            return Value::unknown(Type::Bool);
        }
        Value::bool(true)
    }
}

/// OpenTofu's `convert(value, type)`: defaults applied to non-null values,
/// then cty's conversion; a failure is about the value argument.
fn convert_call(
    value: &Value,
    constraint: &typeexpr::TypeConstraint,
) -> Result<Value, FunctionError> {
    let value = match &constraint.defaults {
        Some(defaults) if !value.is_null() => defaults.apply(value),
        _ => value.clone(),
    };
    convert(&value, &constraint.ty).map_err(|err| FunctionError::arg(0, err.message))
}

/// HCL's `StartRange` of an expression: where a diagnostic about the
/// whole argument points.
fn start_range(expr: &Expr) -> TextRange {
    match expr {
        Expr::Binary(b) => b
            .lhs()
            .map_or_else(|| node_range(b.syntax()), |l| start_range(&l)),
        Expr::Conditional(c) => c
            .condition()
            .map_or_else(|| node_range(c.syntax()), |l| start_range(&l)),
        Expr::FunctionCall(f) => {
            let name = f
                .name_node()
                .map_or_else(|| node_range(f.syntax()), |n| node_range(&n));
            paren(f, SyntaxKind::L_PAREN).map_or(name, |o| name.cover(o))
        }
        Expr::Tuple(_) | Expr::Object(_) | Expr::For(_) => expr
            .syntax()
            .first_token()
            .map_or_else(|| node_range(expr.syntax()), |t| t.text_range()),
        _ => node_range(expr.syntax()),
    }
}

fn unknown_function_message(name: &str, table: &FunctionTable) -> (Code, String) {
    let Some(sep) = name.rfind("::") else {
        let suggestion = tofu_syntax::name_suggestion(name, table.names())
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        return (
            Code::CallToUnknownFunction,
            format!("There is no function named {name:?}.{suggestion}"),
        );
    };
    let (namespace, short) = (&name[..sep + 2], &name[sep + 2..]);
    let namespaces: Vec<&str> = name.split("::").collect();
    match namespaces[0] {
        "core" => (
            Code::CallToUnknownFunction,
            format!("There is no builtin (core::) function named {short:?}."),
        ),
        "provider" if !(3..=4).contains(&namespaces.len()) => (
            Code::InvalidFunctionFormat,
            format!(
                "invalid provider function {name:?}: expected provider::<name>::<function> or provider::<name>::<alias>::<function>"
            ),
        ),
        "provider" => {
            let available: Vec<&str> = table
                .names()
                .filter_map(|n| n.strip_prefix(namespace))
                .collect();
            if available.is_empty() {
                return (
                    Code::CallToUnknownFunction,
                    format!("There are no functions in namespace {namespace:?}."),
                );
            }
            let suggestion = tofu_syntax::name_suggestion(short, available)
                .map(|s| format!(" Did you mean {namespace}{s}?"))
                .unwrap_or_default();
            (
                Code::CallToUnknownFunction,
                format!(
                    "There is no function named {short:?} in namespace {namespace}.{suggestion}"
                ),
            )
        }
        _ => (
            Code::UnknownFunctionNamespace,
            format!("Function {name:?} does not exist within a valid namespace (provider,core)"),
        ),
    }
}

/// The range of a call's opening or closing parenthesis.
fn paren(call: &FunctionCall, kind: SyntaxKind) -> Option<TextRange> {
    call.syntax()
        .children()
        .find(|n| n.kind() == SyntaxKind::ARG_LIST)
        .and_then(|list| token_range(&list, kind))
}
