//! The `assume*` functions (`internal/lang/funcs/assume.go`): checks that
//! a value fits an assumption. OpenTofu also refines unknown values with
//! the assumption; refinements are not modelled here, so an unknown value
//! comes back unchanged unless the assumption contradicts itself.

use tofu_types::convert::convert;
use tofu_types::{Type, Value};
use unicode_segmentation::UnicodeSegmentation;

use super::{Function, FunctionContext, FunctionError, ImplFn, Param};

const NOT_UPHELD: &str = "assumption was not upheld";

pub(super) fn functions() -> Vec<Function> {
    let mut functions = vec![
        Function {
            name: "assumeequal",
            params: vec![
                any_param("actual_value").allow_marked(),
                any_param("expected_value").allow_marked(),
            ],
            var_param: None,
            return_type: |_, args| Ok(args[1].ty().clone()),
            implementation: assume_equal,
        },
        refine_function("assumenotnull", Type::Dynamic, Vec::new(), assume_not_null),
        refine_function(
            "assumestringprefix",
            Type::String,
            vec![Param::new("prefix", Type::String)],
            assume_string_prefix,
        ),
    ];
    for kind in [Kind::List, Kind::Set, Kind::Map] {
        functions.extend(length_functions(kind));
    }
    functions
}

fn any_param(name: &'static str) -> Param {
    Param::new(name, Type::Dynamic)
        .allow_null()
        .allow_unknown()
        .allow_dynamic_type()
}

/// `makeRefineFunc`: the value (of `ty`) and the assumption's parameters.
fn refine_function(
    name: &'static str,
    ty: Type,
    extra: Vec<Param>,
    implementation: ImplFn,
) -> Function {
    let mut params = vec![
        Param::new("value", ty)
            .allow_null()
            .allow_unknown()
            .allow_dynamic_type(),
    ];
    params.extend(extra);
    Function {
        name,
        params,
        var_param: None,
        return_type: |_, args| Ok(refined_type(args)),
        implementation,
    }
}

/// The static return type of a refining function: its value parameter's
/// type, which the value has been converted to.
fn refined_type(args: &[Value]) -> Type {
    let ty = args[0].ty();
    if ty.is_list() {
        Type::list(Type::Dynamic)
    } else if ty.is_set() {
        Type::set(Type::Dynamic)
    } else if ty.is_map() {
        Type::map(Type::Dynamic)
    } else if ty == &Type::String {
        Type::String
    } else {
        Type::Dynamic
    }
}

fn assume_equal(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value, FunctionError> {
    let (actual, expected) = (&args[0], &args[1]);
    let converted = convert(actual, expected.ty()).map_err(|_| {
        FunctionError::arg(
            0,
            format!(
                "actual value type {} does not match assumed value type {}",
                actual.ty().friendly_name(),
                expected.ty().friendly_name()
            ),
        )
    })?;
    let equal = converted.equals(expected).unmark().0;
    if equal.is_known() && equal.as_bool() == Some(false) {
        return Err(FunctionError::arg(
            0,
            "the actual value does not match the assumed value",
        ));
    }
    // OpenTofu carries over the actual value's marks other than sensitive
    // and ephemeral, which are the only marks values have here.
    Ok(expected.clone())
}

fn assume_not_null(
    _: &FunctionContext<'_>,
    args: &[Value],
    _: &Type,
) -> Result<Value, FunctionError> {
    let value = &args[0];
    if value.ty().is_dynamic() {
        return Err(FunctionError::arg(
            0,
            r#"given value must have a known type; consider using the \"convert\" function to specify a type to assume"#,
        ));
    }
    if value.is_known() && value.is_null() {
        return Err(FunctionError::arg(0, NOT_UPHELD));
    }
    Ok(value.clone())
}

fn assume_string_prefix(
    _: &FunctionContext<'_>,
    args: &[Value],
    _: &Type,
) -> Result<Value, FunctionError> {
    let value = &args[0];
    let prefix = safe_known_prefix(args[1].as_str().unwrap_or_default());
    if let Some(have) = value.as_str().filter(|_| value.is_known()) {
        let len = have.len().min(prefix.len());
        if have.as_bytes()[..len] != prefix.as_bytes()[..len] {
            return Err(FunctionError::arg(0, NOT_UPHELD));
        }
    }
    Ok(value.clone())
}

/// cty's `SafeKnownPrefix`: the prefix without its last grapheme cluster,
/// which text appended later could still change, unless that cluster is a
/// single delimiter that nothing can extend.
fn safe_known_prefix(prefix: &str) -> &str {
    let Some((start, last)) = prefix.grapheme_indices(true).next_back() else {
        return prefix;
    };
    let mut chars = last.chars();
    let delimiter = matches!(
        (chars.next(), chars.next()),
        (
            Some(
                '-' | '_'
                    | ':'
                    | ';'
                    | '/'
                    | '\\'
                    | ','
                    | '.'
                    | '('
                    | ')'
                    | '{'
                    | '}'
                    | '['
                    | ']'
                    | '|'
                    | '?'
                    | '!'
                    | '~'
                    | ' '
                    | '\t'
                    | '@'
                    | '#'
                    | '$'
                    | '%'
                    | '^'
                    | '&'
                    | '*'
                    | '+'
                    | '"'
                    | '\''
            ),
            None
        )
    );
    if delimiter { prefix } else { &prefix[..start] }
}

#[derive(Clone, Copy)]
enum Kind {
    List,
    Set,
    Map,
}

/// `assume{list,set,map}length`, `...lengthmin` and `...lengthmax`.
fn length_functions(kind: Kind) -> [Function; 3] {
    let (ty, names) = match kind {
        Kind::List => (
            Type::list(Type::Dynamic),
            [
                "assumelistlength",
                "assumelistlengthmin",
                "assumelistlengthmax",
            ],
        ),
        Kind::Set => (
            Type::set(Type::Dynamic),
            [
                "assumesetlength",
                "assumesetlengthmin",
                "assumesetlengthmax",
            ],
        ),
        Kind::Map => (
            Type::map(Type::Dynamic),
            [
                "assumemaplength",
                "assumemaplengthmin",
                "assumemaplengthmax",
            ],
        ),
    };
    let bound = |name| Param::new(name, Type::Number);
    [
        refine_function(
            names[0],
            ty.clone(),
            vec![bound("min_length"), bound("max_length")],
            |_, args, _| assume_length(&args[0], Some((&args[1], 1)), Some((&args[2], 2))),
        ),
        refine_function(
            names[1],
            ty.clone(),
            vec![bound("min_length")],
            |_, args, _| {
                // OpenTofu reports a bad bound of the one-bound functions as
                // about the first argument.
                assume_length(&args[0], Some((&args[1], 0)), None)
            },
        ),
        refine_function(names[2], ty, vec![bound("max_length")], |_, args, _| {
            assume_length(&args[0], None, Some((&args[1], 0)))
        }),
    ]
}

/// A bound must be a whole number that fits Go's `int`.
fn length_bound((value, index): (&Value, usize)) -> Result<i64, FunctionError> {
    value
        .as_number()
        .filter(|n| n.is_integer())
        .and_then(|n| n.to_i64().ok())
        .filter(|&n| n < i64::MAX)
        .ok_or_else(|| {
            FunctionError::arg(
                index,
                format!("must be a whole number between 0 and {}", i64::MAX),
            )
        })
}

fn assume_length(
    value: &Value,
    min: Option<(&Value, usize)>,
    max: Option<(&Value, usize)>,
) -> Result<Value, FunctionError> {
    let min = min.map(length_bound).transpose()?;
    let max = max.map(length_bound).transpose()?;
    // cty checks each bound against a known length, then that the bounds
    // agree with each other.
    if value.is_known() {
        if value.is_null() {
            return Err(FunctionError::arg(0, NOT_UPHELD));
        }
        let len = value.length().unwrap_or(0) as i64;
        let known_length = !value.ty().is_set() || value.is_wholly_known();
        if known_length && (min.is_some_and(|m| m > len) || max.is_some_and(|m| m < len)) {
            return Err(FunctionError::arg(0, NOT_UPHELD));
        }
    }
    if max.is_some_and(|max| min.unwrap_or(0).max(0) > max) {
        return Err(FunctionError::arg(0, NOT_UPHELD));
    }
    Ok(value.clone())
}
