//! Operators and conditionals (`expression_ops.go`, `ConditionalExpr`).
//!
//! Operands are converted to the operator's parameter type first, as HCL
//! does, so `1 + "2"` is 3 and `"a" < "b"` fails to convert; `==` and `!=`
//! take any values unconverted.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::ast::{AstNode, BinaryExpr, BinaryOp, ConditionalExpr, Expr, UnaryExpr, UnaryOp};
use tofu_types::convert::{Conversion, convert, get_conversion, unify};
use tofu_types::{Number, NumberError, Type, Value};

use super::{Evaluator, node_range};
use crate::Diagnostic;

impl Evaluator<'_, '_> {
    pub(super) fn unary(&mut self, e: &UnaryExpr) -> Value {
        let range = node_range(e.syntax());
        let operand = e.operand();
        let op = e.op();
        let param = match op {
            Some(UnaryOp::Negate) => Type::Number,
            _ => Type::Bool,
        };
        let before = self.diagnostics.len();
        let given = self.eval_opt(operand.clone());
        let value = match convert(&given, &param) {
            Ok(v) => Some(v),
            Err(err) => {
                let subject = operand.as_ref().map_or(range, |o| node_range(o.syntax()));
                let diagnostic = Diagnostic::error(
                    Code::InvalidOperand,
                    format!("Unsuitable value for unary operand: {}.", err.message),
                )
                .with_subject(subject)
                .with_context(range);
                self.error(self.with_values(diagnostic, operand.as_ref()));
                None
            }
        };
        let has_errors = self.diagnostics[before..].iter().any(Diagnostic::is_error);
        let (Some(value), false) = (value, has_errors) else {
            return Value::unknown(param);
        };
        let (value, marks) = value.unmark();
        let result = if value.is_null() {
            Err(NULL_ARGUMENT.to_owned())
        } else if !value.is_known() {
            Ok(Value::unknown(param.clone()))
        } else {
            match (value.as_number(), value.as_bool()) {
                (Some(n), _) => Ok(Value::number(n.neg())),
                (_, Some(b)) => Ok(Value::bool(!b)),
                _ => Ok(Value::unknown(param.clone())),
            }
        };
        match result {
            Ok(value) => value.with_marks(marks),
            Err(err) => {
                let diagnostic = Diagnostic::error(
                    Code::OperationFailed,
                    format!("Error during operation: {err}."),
                )
                .with_subject(range);
                self.error(self.with_values(diagnostic, Some(&Expr::Unary(e.clone()))));
                Value::unknown(param)
            }
        }
    }

    pub(super) fn binary(&mut self, e: &BinaryExpr) -> Value {
        let range = node_range(e.syntax());
        let Some(op) = e.op() else {
            return Value::dynamic();
        };
        let param = operand_type(op);
        let result_type = result_type(op);
        let (lhs_expr, rhs_expr) = (e.lhs(), e.rhs());

        let mut conversion_errors = Vec::new();
        let (given_lhs, lhs_diags) = self.eval_side(lhs_expr.as_ref());
        let lhs = self.convert_operand(&given_lhs, &param, "left", lhs_expr.as_ref(), range);
        let lhs = lhs.map_err(|d| conversion_errors.push(d)).ok();
        let (given_rhs, rhs_diags) = self.eval_side(rhs_expr.as_ref());
        let rhs = self.convert_operand(&given_rhs, &param, "right", rhs_expr.as_ref(), range);
        let rhs = rhs.map_err(|d| conversion_errors.push(d)).ok();

        let (Some(lhs), Some(rhs)) = (lhs, rhs) else {
            self.diagnostics.extend(conversion_errors);
            self.diagnostics.extend(lhs_diags);
            self.diagnostics.extend(rhs_diags);
            return Value::unknown(result_type);
        };
        let (lhs, lhs_marks) = lhs.unmark();
        let (rhs, rhs_marks) = rhs.unmark();
        let marks = lhs_marks | rhs_marks;

        if let Some((forced, diags)) = short_circuit(op, &lhs, &rhs, &lhs_diags, &rhs_diags) {
            self.diagnostics.extend(diags);
            return forced.with_marks(marks);
        }
        let has_errors = lhs_diags.iter().chain(&rhs_diags).any(Diagnostic::is_error);
        self.diagnostics.extend(lhs_diags);
        self.diagnostics.extend(rhs_diags);
        if has_errors {
            return Value::unknown(result_type).with_marks(marks);
        }
        match apply_binary(op, &lhs, &rhs) {
            Ok(value) => value.with_marks(marks),
            Err(err) => {
                let diagnostic = Diagnostic::error(
                    Code::OperationFailed,
                    format!("Error during operation: {err}."),
                )
                .with_subject(range);
                self.error(self.with_values(diagnostic, Some(&Expr::Binary(e.clone()))));
                Value::unknown(result_type)
            }
        }
    }

    fn eval_side(&mut self, expr: Option<&Expr>) -> (Value, Vec<Diagnostic>) {
        match expr {
            Some(expr) => self.eval_isolated(expr),
            None => (Value::dynamic(), Vec::new()),
        }
    }

    fn convert_operand(
        &self,
        given: &Value,
        param: &Type,
        side: &str,
        expr: Option<&Expr>,
        context: TextRange,
    ) -> Result<Value, Diagnostic> {
        convert(given, param).map_err(|err| {
            let subject = expr.map_or(context, |e| node_range(e.syntax()));
            let diagnostic = Diagnostic::error(
                Code::InvalidOperand,
                format!("Unsuitable value for {side} operand: {}.", err.message),
            )
            .with_subject(subject)
            .with_context(context);
            self.with_values(diagnostic, expr)
        })
    }

    pub(super) fn conditional(&mut self, e: &ConditionalExpr) -> Value {
        let range = node_range(e.syntax());
        let (true_expr, false_expr) = (e.true_result(), e.false_result());
        let (true_value, true_diags) = self.eval_side(true_expr.as_ref());
        let (false_value, false_diags) = self.eval_side(false_expr.as_ref());
        let null_dynamic = Value::null(Type::Dynamic);

        let mut conversions: [Option<Conversion>; 2] = [None, None];
        let result_type = if true_value.raw_equals(&null_dynamic) {
            let ty = false_value.ty().clone();
            conversions[0] = get_conversion(&Type::Dynamic, &ty, true);
            ty
        } else if false_value.raw_equals(&null_dynamic) {
            let ty = true_value.ty().clone();
            conversions[1] = get_conversion(&Type::Dynamic, &ty, true);
            ty
        } else if true_value.ty().is_dynamic() || false_value.ty().is_dynamic() {
            Type::Dynamic
        } else {
            match unify(&[true_value.ty().clone(), false_value.ty().clone()]) {
                Some((ty, convs)) => {
                    let mut convs = convs.into_iter();
                    conversions = [convs.next().flatten(), convs.next().flatten()];
                    ty
                }
                None => {
                    let subject = match (&true_expr, &false_expr) {
                        (Some(t), Some(f)) => node_range(t.syntax()).cover(node_range(f.syntax())),
                        _ => range,
                    };
                    let diagnostic = Diagnostic::error(
                        Code::InconsistentConditionalResultTypes,
                        format!(
                            "The true and false result expressions must have consistent types. {}.",
                            describe_mismatch(true_value.ty(), false_value.ty())
                        ),
                    )
                    .with_subject(subject)
                    .with_context(range);
                    self.error(self.with_values(diagnostic, Some(&Expr::Conditional(e.clone()))));
                    return Value::dynamic();
                }
            }
        };

        let cond_expr = e.condition();
        let cond_range = cond_expr.as_ref().map_or(range, |c| node_range(c.syntax()));
        let condition = self.eval_opt(cond_expr.clone());
        if condition.is_null() {
            self.error(self.with_values(null_condition(cond_range, range), cond_expr.as_ref()));
            return Value::unknown(result_type);
        }
        let (condition, cond_marks) = condition.unmark();
        let (true_value, true_marks) = true_value.unmark();
        let (false_value, false_marks) = false_value.unmark();
        let marks = cond_marks | true_marks | false_marks;
        if !condition.is_known() {
            if true_value.is_null() && false_value.is_null() {
                return Value::null(result_type).with_marks(marks);
            }
            return Value::unknown(result_type).with_marks(marks);
        }
        let Ok(condition) = convert(&condition, &Type::Bool) else {
            self.error(self.with_values(condition_type(cond_range, range), cond_expr.as_ref()));
            return Value::unknown(result_type);
        };
        let (chosen, diags, conversion, which, chosen_expr) = if condition.as_bool() == Some(true) {
            let [c, _] = conversions;
            (true_value, true_diags, c, "true", true_expr)
        } else {
            let [_, c] = conversions;
            (false_value, false_diags, c, "false", false_expr)
        };
        self.diagnostics.extend(diags);
        let chosen = match conversion {
            None => chosen,
            Some(conversion) => match conversion.apply(&chosen) {
                Ok(v) => v,
                Err(err) => {
                    let subject = chosen_expr
                        .as_ref()
                        .map_or(range, |c| node_range(c.syntax()));
                    let diagnostic = Diagnostic::error(
                        Code::InconsistentConditionalResultTypes,
                        format!(
                            "The {which} result value has the wrong type: {}.",
                            err.message
                        ),
                    )
                    .with_subject(subject)
                    .with_context(range);
                    self.error(self.with_values(diagnostic, Some(&Expr::Conditional(e.clone()))));
                    Value::unknown(result_type)
                }
            },
        };
        chosen.with_marks(marks)
    }
}

fn operand_type(op: BinaryOp) -> Type {
    match op {
        BinaryOp::Or | BinaryOp::And => Type::Bool,
        BinaryOp::Equal | BinaryOp::NotEqual => Type::Dynamic,
        _ => Type::Number,
    }
}

fn result_type(op: BinaryOp) -> Type {
    match op {
        BinaryOp::Add
        | BinaryOp::Subtract
        | BinaryOp::Multiply
        | BinaryOp::Divide
        | BinaryOp::Modulo => Type::Number,
        _ => Type::Bool,
    }
}

/// HCL's `ShortCircuit` for `&&` and `||`: a known controlling operand
/// decides the result and hides the other operand's diagnostics.
fn short_circuit(
    op: BinaryOp,
    lhs: &Value,
    rhs: &Value,
    lhs_diags: &[Diagnostic],
    rhs_diags: &[Diagnostic],
) -> Option<(Value, Vec<Diagnostic>)> {
    let decisive = match op {
        BinaryOp::Or => true,
        BinaryOp::And => false,
        _ => return None,
    };
    let is = |v: &Value, b: bool| v.is_known() && v.as_bool() == Some(b);
    let unknown = Value::unknown(Type::Bool);
    let lhs_has_errors = lhs_diags.iter().any(Diagnostic::is_error);
    match () {
        _ if !lhs.is_known() && !rhs.is_known() => {
            (!lhs_has_errors).then(|| (unknown, lhs_diags.to_vec()))
        }
        _ if is(lhs, decisive) => Some((Value::bool(decisive), lhs_diags.to_vec())),
        _ if is(rhs, decisive) => Some((Value::bool(decisive), rhs_diags.to_vec())),
        _ if !lhs.is_known() && is(rhs, !decisive) => Some((unknown, lhs_diags.to_vec())),
        _ if !rhs.is_known() && is(lhs, !decisive) => Some((unknown, rhs_diags.to_vec())),
        _ => None,
    }
}

/// cty's message for a null argument of a function that does not allow one.
const NULL_ARGUMENT: &str = "argument must not be null";

/// cty's operator functions on unmarked, converted operands.
fn apply_binary(op: BinaryOp, lhs: &Value, rhs: &Value) -> Result<Value, String> {
    match op {
        BinaryOp::Equal => return Ok(lhs.equals(rhs)),
        BinaryOp::NotEqual => {
            let eq = lhs.equals(rhs);
            return Ok(match eq.as_bool() {
                Some(b) if eq.is_known() => Value::bool(!b).with_marks(eq.marks()),
                _ => eq,
            });
        }
        _ => {}
    }
    let ty = result_type(op);
    if lhs.is_null() || rhs.is_null() {
        return Err(NULL_ARGUMENT.to_owned());
    }
    if !lhs.is_known() || !rhs.is_known() {
        return Ok(Value::unknown(ty));
    }
    if op == BinaryOp::Or || op == BinaryOp::And {
        let (a, b) = (
            lhs.as_bool().unwrap_or(false),
            rhs.as_bool().unwrap_or(false),
        );
        return Ok(Value::bool(if op == BinaryOp::Or {
            a || b
        } else {
            a && b
        }));
    }
    let (a, b): (&Number, &Number) = match (lhs.as_number(), rhs.as_number()) {
        (Some(a), Some(b)) => (a, b),
        _ => return Ok(Value::unknown(ty)),
    };
    let number = |n: Result<Number, NumberError>| n.map(Value::number).map_err(|e| e.to_string());
    match op {
        BinaryOp::Add => number(a.add(b)),
        BinaryOp::Subtract => number(a.sub(b)),
        BinaryOp::Multiply => number(a.mul(b)),
        BinaryOp::Divide => number(a.div(b)),
        BinaryOp::Modulo => number(a.rem(b)),
        BinaryOp::Greater => Ok(Value::bool(a.greater_than(b))),
        BinaryOp::GreaterOrEqual => Ok(Value::bool(a.greater_than_or_equal(b))),
        BinaryOp::Less => Ok(Value::bool(a.less_than(b))),
        BinaryOp::LessOrEqual => Ok(Value::bool(a.less_than_or_equal(b))),
        _ => unreachable!("handled above"),
    }
}

/// HCL's `describeConditionalTypeMismatch`.
fn describe_mismatch(t: &Type, f: &Type) -> String {
    if let (Some(ta), Some(fa)) = (t.attribute_types(), f.attribute_types())
        && t.is_object()
        && f.is_object()
    {
        for (name, tty) in ta {
            let Some(fty) = fa.get(name) else {
                return format!(
                    "The 'true' value includes object attribute {name:?}, which is absent in the 'false' value"
                );
            };
            if tty != fty {
                return format!(
                    "Type mismatch for object attribute {name:?}: {}",
                    describe_mismatch(tty, fty)
                );
            }
        }
        if let Some(name) = fa.keys().find(|n| !ta.contains_key(*n)) {
            return format!(
                "The 'false' value includes object attribute {name:?}, which is absent in the 'true' value"
            );
        }
    } else if let (Some(te), Some(fe)) = (t.tuple_element_types(), f.tuple_element_types()) {
        if te.len() != fe.len() {
            return format!(
                "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                te.len(),
                fe.len()
            );
        }
        for (i, (tty, fty)) in te.iter().zip(fe).enumerate() {
            if tty != fty {
                return format!(
                    "Type mismatch for tuple element {i}: {}",
                    describe_mismatch(tty, fty)
                );
            }
        }
    } else if t.is_collection() && f.is_collection() {
        let same_kind = (t.is_list() && f.is_list())
            || (t.is_map() && f.is_map())
            || (t.is_set() && f.is_set());
        if let (true, Some(te), Some(fe)) = (same_kind, t.element_type(), f.element_type())
            && ((te.is_object() && fe.is_object()) || (te.is_tuple() && fe.is_tuple()))
        {
            let noun = if t.is_list() {
                "list"
            } else if t.is_set() {
                "set"
            } else {
                "map"
            };
            return format!(
                "Mismatched {noun} element types: {}",
                describe_mismatch(te, fe)
            );
        }
    }
    let (tn, fname) = (t.friendly_name(), f.friendly_name());
    if tn == fname {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".to_owned();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fname}")
}

/// A conditional's (or `%{ if }`'s) condition was null.
pub(super) fn null_condition(cond_range: TextRange, range: TextRange) -> Diagnostic {
    Diagnostic::error(
        Code::NullCondition,
        "The condition value is null. Conditions must either be true or false.",
    )
    .with_subject(cond_range)
    .with_context(range)
}

/// A conditional's (or `%{ if }`'s) condition was not a bool.
pub(super) fn condition_type(cond_range: TextRange, range: TextRange) -> Diagnostic {
    Diagnostic::error(
        Code::IncorrectConditionType,
        "The condition expression must be of type bool.",
    )
    .with_subject(cond_range)
    .with_context(range)
}
