//! Type conversion functions (`internal/lang/funcs/conversion.go`) and the
//! entries of the functions whose arguments the evaluator handles itself:
//! `try`, `can`, `convert` and the console's `type`.

use tofu_types::convert::{convert, get_conversion, mismatch_message};
use tofu_types::render::go_quote;
use tofu_types::{Mark, Type, Value};

use super::{Function, FunctionError, Param, TableKind};

pub(super) fn functions(kind: TableKind) -> Vec<Function> {
    let mut functions = vec![
        to_function(
            "tostring",
            |_, args| to_type(&Type::String, &args[0]),
            |_, args, _| convert_to(&Type::String, &args[0]),
        ),
        to_function(
            "tonumber",
            |_, args| to_type(&Type::Number, &args[0]),
            |_, args, _| convert_to(&Type::Number, &args[0]),
        ),
        to_function(
            "tobool",
            |_, args| to_type(&Type::Bool, &args[0]),
            |_, args, _| convert_to(&Type::Bool, &args[0]),
        ),
        to_function(
            "tolist",
            |_, args| to_type(&Type::list(Type::Dynamic), &args[0]),
            |_, args, _| convert_to(&Type::list(Type::Dynamic), &args[0]),
        ),
        to_function(
            "toset",
            |_, args| to_type(&Type::set(Type::Dynamic), &args[0]),
            |_, args, _| convert_to(&Type::set(Type::Dynamic), &args[0]),
        ),
        to_function(
            "tomap",
            |_, args| to_type(&Type::map(Type::Dynamic), &args[0]),
            |_, args, _| convert_to(&Type::map(Type::Dynamic), &args[0]),
        ),
        expression_function(
            "try",
            Vec::new(),
            Some(Param::new("expressions", Type::Dynamic)),
        ),
        expression_function("can", vec![Param::new("expression", Type::Dynamic)], None),
        expression_function(
            "convert",
            vec![
                Param::new("value", Type::Dynamic)
                    .allow_dynamic_type()
                    .allow_null()
                    .allow_unknown()
                    .allow_marked(),
                Param::new("type", Type::Dynamic),
            ],
            None,
        ),
    ];
    if kind == TableKind::Console {
        functions.push(expression_function(
            "type",
            vec![
                Param::new("value", Type::Dynamic)
                    .allow_dynamic_type()
                    .allow_unknown()
                    .allow_null(),
            ],
            None,
        ));
    }
    functions
}

fn to_function(
    name: &'static str,
    return_type: super::TypeFn,
    implementation: super::ImplFn,
) -> Function {
    Function {
        name,
        params: vec![
            Param::new("v", Type::Dynamic)
                .allow_null()
                .allow_marked()
                .allow_dynamic_type(),
        ],
        var_param: None,
        return_type,
        implementation,
    }
}

/// A function whose arguments are expressions the evaluator decodes
/// itself; its entry gives the parameters for arity checks.
fn expression_function(
    name: &'static str,
    params: Vec<Param>,
    var_param: Option<Param>,
) -> Function {
    Function {
        name,
        params,
        var_param,
        return_type: |_, _| Ok(Type::Dynamic),
        implementation: |_, _, _| {
            Err(FunctionError::call(
                "this function takes expressions and is evaluated by the evaluator",
            ))
        },
    }
}

/// `MakeToFunc`'s type check.
fn to_type(want: &Type, value: &Value) -> Result<Type, FunctionError> {
    let got = value.ty();
    if got != want && get_conversion(got, want, true).is_none() {
        let message = if got.is_tuple() && want.is_tuple() {
            format!(
                "incompatible tuple type for conversion: {}",
                mismatch_message(got, want)
            )
        } else if got.is_object() && want.is_object() {
            format!(
                "incompatible object type for conversion: {}",
                mismatch_message(got, want)
            )
        } else {
            format!(
                "cannot convert {} to {}",
                got.friendly_name(),
                want.friendly_name_for_constraint()
            )
        };
        return Err(FunctionError::arg(0, message));
    }
    Ok(want.clone())
}

/// `MakeToFunc`'s implementation.
fn convert_to(want: &Type, value: &Value) -> Result<Value, FunctionError> {
    convert(value, want).map_err(|_| {
        let (plain, _) = value.unmark_deep();
        let got = plain.ty();
        let message = if value.has_mark_deep(Mark::Ephemeral) {
            format!(
                "cannot convert this ephemeral {} to {}",
                got.friendly_name(),
                want.friendly_name_for_constraint()
            )
        } else if value.has_mark_deep(Mark::Sensitive) {
            format!(
                "cannot convert this sensitive {} to {}",
                got.friendly_name(),
                want.friendly_name_for_constraint()
            )
        } else if got == &Type::String && (want == &Type::Bool || want == &Type::Number) {
            let what = plain.as_str().map_or_else(|| "string".to_owned(), go_quote);
            if want == &Type::Bool {
                format!(
                    "cannot convert {what} to bool; only the strings \"true\" or \"false\" are allowed"
                )
            } else {
                format!(
                    "cannot convert {what} to number; given string must be a decimal representation of a number"
                )
            }
        } else {
            format!(
                "cannot convert {} to {}",
                got.friendly_name(),
                want.friendly_name_for_constraint()
            )
        };
        FunctionError::arg(0, message)
    })
}
