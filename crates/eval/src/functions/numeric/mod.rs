//! Numeric functions: cty's `stdlib/number.go` (`abs`, `ceil`, `floor`,
//! `log`, `max`, `min`, `parseint`, `pow`, `signum`) and OpenTofu's `sum`.
//!
//! Results keep cty's precisions: `abs`, `ceil` and `floor` keep the
//! argument's, `log` and `pow` compute in float64 and give 53-bit numbers,
//! `signum` gives a 64-bit integer.

mod parseint;
mod sum;

use tofu_types::{Number, NumberError, Type, Value};

use super::{Function, FunctionError, ImplFn, Param, TypeFn};

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "abs",
            params: vec![
                Param::new("num", Type::Number)
                    .allow_dynamic_type()
                    .allow_marked(),
            ],
            var_param: None,
            return_type: NUMBER,
            implementation: |_, args, _| {
                let (num, marks) = args[0].unmark();
                Ok(Value::number(number(&num).abs()).with_marks(marks))
            },
        },
        unary("ceil", |_, args, _| {
            Ok(Value::number(number(&args[0]).ceil()))
        }),
        unary("floor", |_, args, _| {
            Ok(Value::number(number(&args[0]).floor()))
        }),
        unary("signum", |_, args, _| {
            number_result(number(&args[0]).signum())
        }),
        binary("log", ["num", "base"], |_, args, _| {
            number_result(number(&args[0]).log(&number(&args[1])))
        }),
        binary("pow", ["num", "power"], |_, args, _| {
            number_result(number(&args[0]).pow(&number(&args[1])))
        }),
        extremum("max", |_, args, _| {
            pick(args, |candidate, best| candidate.greater_than(best))
        }),
        extremum("min", |_, args, _| {
            pick(args, |candidate, best| candidate.less_than(best))
        }),
        parseint::function(),
        sum::function(),
    ]
}

const NUMBER: TypeFn = |_, _| Ok(Type::Number);

fn unary(name: &'static str, implementation: ImplFn) -> Function {
    Function {
        name,
        params: vec![Param::new("num", Type::Number)],
        var_param: None,
        return_type: NUMBER,
        implementation,
    }
}

fn binary(name: &'static str, params: [&'static str; 2], implementation: ImplFn) -> Function {
    Function {
        name,
        params: params
            .into_iter()
            .map(|p| Param::new(p, Type::Number))
            .collect(),
        var_param: None,
        return_type: NUMBER,
        implementation,
    }
}

fn extremum(name: &'static str, implementation: ImplFn) -> Function {
    Function {
        name,
        params: Vec::new(),
        var_param: Some(Param::new("numbers", Type::Number).allow_dynamic_type()),
        return_type: NUMBER,
        implementation,
    }
}

/// cty's `min`/`max`: the first argument that beats every earlier one,
/// starting from the infinity on the losing side.
fn pick(args: &[Value], better: fn(&Number, &Number) -> bool) -> Result<Value, FunctionError> {
    let Some(first) = args.first() else {
        return Err(FunctionError::call("must pass at least one number"));
    };
    let mut best = number(first);
    let mut best_value = first;
    for arg in args {
        let candidate = number(arg);
        if better(&candidate, &best) {
            best = candidate;
            best_value = arg;
        }
    }
    Ok(best_value.clone())
}

/// The number inside an argument the caller has already checked to be a
/// known, non-null number.
fn number(value: &Value) -> Number {
    value.as_number().cloned().unwrap_or_else(Number::zero)
}

fn number_result(result: Result<Number, NumberError>) -> Result<Value, FunctionError> {
    result.map(Value::number).map_err(number_error)
}

/// cty's error for a failed number operation. A NaN result makes cty's
/// `NumberFloatVal` panic, which cty reports (with a stack trace, left out
/// here) as the call's error.
fn number_error(error: NumberError) -> FunctionError {
    match error {
        NumberError::NotANumber => {
            FunctionError::call("panic in function implementation: Float.SetFloat64(NaN)")
        }
        other => FunctionError::call(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use tofu_types::Value;

    use super::super::testing::rendered as eval;

    fn num(text: &str) -> Value {
        Value::parse_number(text).expect("number")
    }

    fn s(text: &str) -> Value {
        Value::string(text)
    }

    #[test]
    fn float64_functions() {
        assert_eq!(eval("pow", &[num("2"), num("64")]), "18446744073709550000");
        assert_eq!(eval("pow", &[num("3"), num("2")]), "9");
        assert_eq!(eval("log", &[num("16"), num("2")]), "4");
        assert_eq!(
            eval("pow", &[num("-8"), num("0.5")]),
            "error: panic in function implementation: Float.SetFloat64(NaN)"
        );
        assert_eq!(
            eval("pow", &[num("1e400"), num("1")]),
            format!("error: {}", tofu_types::NumberError::NotAFloat64)
        );
    }

    #[test]
    fn rounding_and_sign() {
        assert_eq!(eval("ceil", &[num("1.2")]), "2");
        assert_eq!(eval("floor", &[num("-1.2")]), "-2");
        assert_eq!(eval("abs", &[num("-1.5")]), "1.5");
        assert_eq!(eval("signum", &[num("-7")]), "-1");
        assert!(eval("signum", &[num("0.5")]).starts_with("error: value must be a whole number"));
        assert_eq!(eval("max", &[num("1"), num("3"), num("2")]), "3");
        assert_eq!(eval("min", &[num("1"), num("-3"), num("2")]), "-3");
        assert_eq!(eval("min", &[]), "error: must pass at least one number");
    }

    #[test]
    fn parseint_like_go() {
        assert_eq!(eval("parseint", &[s("FF"), num("16")]), "255");
        assert_eq!(eval("parseint", &[s("-zz"), num("36")]), "-1295");
        assert_eq!(eval("parseint", &[s("Z"), num("62")]), "61");
        assert_eq!(eval("parseint", &[s("+101"), num("2")]), "5");
        assert_eq!(
            eval("parseint", &[s("12"), num("2")]),
            "error: cannot parse \"12\" as a base 2 integer"
        );
        for bad in ["", "-", "0x1f", "1_000", " 1", "--1"] {
            assert!(eval("parseint", &[s(bad), num("16")]).starts_with("error: cannot parse"));
        }
        assert_eq!(
            eval("parseint", &[s("1"), num("63")]),
            "error: base must be a whole number between 2 and 62 inclusive"
        );
        assert_eq!(
            eval("parseint", &[num("1"), num("10")]),
            "error: first argument must be a string, not number"
        );
        assert_eq!(
            eval(
                "parseint",
                &[s("123456789012345678901234567890"), num("10")]
            ),
            "123456789012345678901234567890"
        );
    }

    #[test]
    fn parseint_bounds_its_work() {
        let long = "z".repeat(10_000);
        let parsed = eval("parseint", &[s(&long), num("62")]);
        assert!(parsed.len() > 17_000, "{}", parsed.len());
        let too_long = format!(
            "000{}",
            "z".repeat(tofu_types::number::MAX_SIGNIFICANT_DIGITS + 1)
        );
        assert!(
            eval("parseint", &[s(&too_long), num("62")])
                .ends_with("the number has too many digits to be computed")
        );
    }

    #[test]
    fn sum_like_opentofu() {
        let list = Value::tuple(vec![num("1"), s("2"), num("3.5")]);
        assert_eq!(eval("sum", &[list]), "6.5");
        assert_eq!(
            eval("sum", &[Value::empty_tuple()]),
            "error: cannot sum an empty list"
        );
        assert_eq!(eval("sum", &[s("x")]), "error: cannot sum noniterable");
        assert_eq!(
            eval("sum", &[Value::object([("a", num("1"))])]),
            "error: argument must be list, set, or tuple. Received object"
        );
        assert_eq!(
            eval("sum", &[Value::tuple(vec![num("1"), s("a")])]),
            "error: argument must be list, set, or tuple of number values"
        );
    }
}
