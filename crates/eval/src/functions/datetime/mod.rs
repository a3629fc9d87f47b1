//! Date and time functions: cty's `formatdate` and `timeadd`
//! (`stdlib/datetime.go`), OpenTofu's `timecmp`, `timestamp` and
//! `plantimestamp` (`internal/lang/funcs/datetime.go`).

mod duration;
mod formatdate;
mod parse;
mod time;

use std::cmp::Ordering;

use tofu_types::{Type, Value};

use super::{Function, FunctionContext, FunctionError, Param, TableKind, TypeFn};
use time::Time;

const STRING: TypeFn = |_, _| Ok(Type::String);

pub(super) fn functions(kind: TableKind) -> Vec<Function> {
    let mut functions = vec![
        Function {
            name: "formatdate",
            params: vec![
                Param::new("format", Type::String),
                Param::new("time", Type::String),
            ],
            var_param: None,
            return_type: STRING,
            implementation: |_, args, _| {
                let t =
                    parse::parse_strict(string(&args[1])).map_err(|e| FunctionError::arg(1, e))?;
                let text = formatdate::format_date(string(&args[0]), &t)
                    .map_err(|e| FunctionError::arg(0, e))?;
                Ok(Value::string(text))
            },
        },
        Function {
            name: "timeadd",
            params: vec![
                Param::new("timestamp", Type::String),
                Param::new("duration", Type::String),
            ],
            var_param: None,
            return_type: STRING,
            implementation: |_, args, _| {
                let t = parse::parse_strict(string(&args[0])).map_err(FunctionError::call)?;
                let d = duration::parse_duration(string(&args[1])).map_err(FunctionError::call)?;
                Ok(Value::string(t.add(d).format_rfc3339()))
            },
        },
        Function {
            name: "timecmp",
            params: vec![
                Param::new("timestamp_a", Type::String),
                Param::new("timestamp_b", Type::String),
            ],
            var_param: None,
            return_type: |_, _| Ok(Type::Number),
            implementation: |_, args, _| {
                let a =
                    parse::parse_lenient(string(&args[0])).map_err(|e| FunctionError::arg(0, e))?;
                let b =
                    parse::parse_lenient(string(&args[1])).map_err(|e| FunctionError::arg(1, e))?;
                let order = match a.cmp_instant(&b) {
                    Ordering::Less => -1,
                    Ordering::Equal => 0,
                    Ordering::Greater => 1,
                };
                Ok(Value::int(order))
            },
        },
        Function {
            name: "timestamp",
            params: Vec::new(),
            var_param: None,
            return_type: STRING,
            implementation: |ctx, _, _| Ok(current_time(ctx)),
        },
    ];
    if kind == TableKind::Configuration {
        functions.push(Function {
            name: "plantimestamp",
            params: Vec::new(),
            var_param: None,
            return_type: STRING,
            implementation: |ctx, _, _| Ok(current_time(ctx)),
        });
    }
    functions
}

fn string(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

/// The current time as OpenTofu formats it, unknown during analysis (as
/// `timestamp` is during planning and `plantimestamp` during validation).
fn current_time(ctx: &FunctionContext<'_>) -> Value {
    if ctx.pure_only {
        return Value::unknown(Type::String);
    }
    Value::string(Time::now_utc().format_rfc3339())
}

#[cfg(test)]
mod tests {
    use tofu_types::{Type, Value};

    use super::super::TableKind;
    use super::super::testing::TestContext;
    use super::formatdate::format_date;
    use super::parse::parse_strict;

    fn eval(kind: TableKind, pure_only: bool, name: &str) -> Option<Value> {
        let at = TestContext {
            kind,
            pure_only,
            ..TestContext::default()
        };
        Some(at.try_call(name, &[])?.expect("no error"))
    }

    #[test]
    fn plantimestamp_only_outside_the_console() {
        assert!(eval(TableKind::Console, false, "plantimestamp").is_none());
        let now = eval(TableKind::Configuration, false, "plantimestamp").expect("registered");
        assert_eq!(now.as_str().map(str::len), Some(20));
        assert_eq!(
            eval(TableKind::Configuration, true, "plantimestamp"),
            Some(Value::unknown(Type::String))
        );
    }

    #[test]
    fn timestamp_is_unknown_during_analysis() {
        assert_eq!(
            eval(TableKind::Console, true, "timestamp"),
            Some(Value::unknown(Type::String))
        );
        let now = eval(TableKind::Console, false, "timestamp").expect("registered");
        let text = now.as_str().expect("string");
        assert!(parse_strict(text).is_ok(), "{text}");
        assert!(text.ends_with('Z'));
    }

    #[test]
    fn format_stops_at_tokens_longer_than_the_scanner_buffer() {
        let t = parse_strict("2018-01-02T23:12:01Z").expect("valid");
        let long_verb = "Y".repeat(70_000);
        assert_eq!(
            format_date(&format!("YYYY-{long_verb}-MM"), &t),
            Ok("2018-".into())
        );
        let quoted = format!("MM '{}'", "x".repeat(70_000));
        assert_eq!(format_date(&quoted, &t), Ok("01 ".into()));
        // A run of exactly 64 KiB at the end still needs one more read.
        let exact = "Y".repeat(64 * 1024);
        assert_eq!(format_date(&exact, &t), Ok(String::new()));
        let just_under = "Y".repeat(64 * 1024 - 1);
        assert!(format_date(&just_under, &t).is_err());
        // Long literal text is copied whole.
        let literal = "-".repeat(100_000);
        assert_eq!(format_date(&literal, &t).map(|s| s.len()), Ok(100_000));
    }
}
