//! The string functions that are one Go `strings` call each, and
//! OpenTofu's `replace`, `startswith`, `endswith` and `strcontains`.

use tofu_types::{Number, Type, Value};

use super::{MAX_STRING_BYTES, case, check_element_count, check_length, regexp, text, too_long};
use crate::functions::{Function, FunctionError, ImplFn, Param, TypeFn};

pub(super) fn functions() -> Vec<Function> {
    vec![
        string_to_string("chomp", Param::new("str", Type::String), |_, args, _| {
            Ok(text(&args[0]).trim_end_matches(['\r', '\n']).into())
        }),
        string_to_string(
            "lower",
            Param::new("str", Type::String).allow_dynamic_type(),
            |_, args, _| {
                Ok(text(&args[0])
                    .chars()
                    .map(case::to_lower)
                    .collect::<String>()
                    .into())
            },
        ),
        string_to_string(
            "upper",
            Param::new("str", Type::String).allow_dynamic_type(),
            |_, args, _| {
                Ok(text(&args[0])
                    .chars()
                    .map(case::to_upper)
                    .collect::<String>()
                    .into())
            },
        ),
        string_to_string("title", Param::new("str", Type::String), |_, args, _| {
            Ok(case::title(text(&args[0])).into())
        }),
        string_to_string(
            "trimspace",
            Param::new("str", Type::String),
            |_, args, _| Ok(text(&args[0]).trim_matches(case::is_space).into()),
        ),
        two_strings("trim", ["str", "cutset"], STRING, |_, args, _| {
            let cutset = text(&args[1]);
            Ok(text(&args[0]).trim_matches(|c| cutset.contains(c)).into())
        }),
        two_strings("trimprefix", ["str", "prefix"], STRING, |_, args, _| {
            let (s, prefix) = (text(&args[0]), text(&args[1]));
            Ok(s.strip_prefix(prefix).unwrap_or(s).into())
        }),
        two_strings("trimsuffix", ["str", "suffix"], STRING, |_, args, _| {
            let (s, suffix) = (text(&args[0]), text(&args[1]));
            Ok(s.strip_suffix(suffix).unwrap_or(s).into())
        }),
        two_strings("endswith", ["str", "suffix"], BOOL, |_, args, _| {
            Ok(text(&args[0]).ends_with(text(&args[1])).into())
        }),
        two_strings("strcontains", ["str", "substr"], BOOL, |_, args, _| {
            Ok(text(&args[0]).contains(text(&args[1])).into())
        }),
        startswith(),
        indent(),
        join(),
        split(),
        replace(),
    ]
}

const STRING: TypeFn = |_, _| Ok(Type::String);
const BOOL: TypeFn = |_, _| Ok(Type::Bool);

fn string_to_string(name: &'static str, param: Param, implementation: ImplFn) -> Function {
    Function {
        name,
        params: vec![param],
        var_param: None,
        return_type: STRING,
        implementation,
    }
}

fn two_strings(
    name: &'static str,
    params: [&'static str; 2],
    return_type: TypeFn,
    implementation: ImplFn,
) -> Function {
    Function {
        name,
        params: params
            .into_iter()
            .map(|p| Param::new(p, Type::String))
            .collect(),
        var_param: None,
        return_type,
        implementation,
    }
}

/// OpenTofu's `startswith`, which answers for an unknown string when the
/// prefix is empty.
fn startswith() -> Function {
    Function {
        name: "startswith",
        params: vec![
            Param::new("str", Type::String).allow_unknown(),
            Param::new("prefix", Type::String),
        ],
        var_param: None,
        return_type: BOOL,
        implementation: |_, args, _| {
            let prefix = text(&args[1]);
            if !args[0].is_known() {
                return Ok(if prefix.is_empty() {
                    Value::bool(true)
                } else {
                    Value::unknown(Type::Bool)
                });
            }
            Ok(text(&args[0]).starts_with(prefix).into())
        },
    }
}

/// cty's `indent`: spaces after every newline.
fn indent() -> Function {
    Function {
        name: "indent",
        params: vec![
            Param::new("spaces", Type::Number),
            Param::new("str", Type::String),
        ],
        var_param: None,
        return_type: STRING,
        implementation: |_, args, _| {
            let spaces = whole_number(&args[0])?;
            // Go's strings.Repeat panics on a negative count; cty reports
            // the panic.
            let Ok(spaces) = usize::try_from(spaces) else {
                return Err(FunctionError::call(
                    "panic in function implementation: strings: negative Repeat count",
                ));
            };
            if spaces > MAX_STRING_BYTES {
                return Err(too_long());
            }
            let s = text(&args[1]);
            let newlines = s.bytes().filter(|&b| b == b'\n').count();
            check_length(newlines.saturating_mul(spaces).saturating_add(s.len()))?;
            let pad = format!("\n{}", " ".repeat(spaces));
            Ok(s.replace('\n', &pad).into())
        },
    }
}

/// A number argument as `gocty` decodes it into a Go `int`.
pub(super) fn whole_number(value: &Value) -> Result<i64, FunctionError> {
    value
        .as_number()
        .map_or(Ok(0), Number::to_i64)
        .map_err(|e| FunctionError::call(e.to_string()))
}

/// cty's `join`: any number of lists, null elements rejected.
fn join() -> Function {
    Function {
        name: "join",
        params: vec![Param::new("separator", Type::String)],
        var_param: Some(Param::new("lists", Type::list(Type::String))),
        return_type: STRING,
        implementation: |_, args, _| {
            let separator = text(&args[0]);
            let lists = &args[1..];
            if lists.is_empty() {
                return Err(FunctionError::call("at least one list is required"));
            }
            if !lists.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            let mut items: Vec<&str> = Vec::new();
            for (list_index, list) in lists.iter().enumerate() {
                for (element_index, element) in
                    list.elements().unwrap_or_default().iter().enumerate()
                {
                    if element.is_null() {
                        let message = if lists.len() > 1 {
                            format!(
                                "element {element_index} of list {} is null; cannot concatenate null values",
                                list_index + 1
                            )
                        } else {
                            format!(
                                "element {element_index} is null; cannot concatenate null values"
                            )
                        };
                        return Err(FunctionError::arg(list_index + 1, message));
                    }
                    items.push(text(element));
                }
            }
            let bytes = items.iter().map(|s| s.len()).sum::<usize>().saturating_add(
                separator
                    .len()
                    .saturating_mul(items.len().saturating_sub(1)),
            );
            check_length(bytes)?;
            Ok(items.join(separator).into())
        },
    }
}

/// cty's `split`: Go's `strings.Split`, which splits into characters at an
/// empty separator.
fn split() -> Function {
    Function {
        name: "split",
        params: vec![
            Param::new("separator", Type::String),
            Param::new("str", Type::String),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::list(Type::String)),
        implementation: |_, args, _| {
            let (separator, s) = (text(&args[0]), text(&args[1]));
            let parts: Vec<&str> = if separator.is_empty() {
                s.char_indices()
                    .map(|(i, c)| &s[i..i + c.len_utf8()])
                    .collect()
            } else {
                s.split(separator).collect()
            };
            check_element_count(parts.len())?;
            if parts.is_empty() {
                return Ok(Value::list_empty(Type::String));
            }
            Ok(Value::list(parts.into_iter().map(Value::string).collect()))
        },
    }
}

/// OpenTofu's `replace`: a substring, or a Go regular expression when the
/// substring is wrapped in slashes.
fn replace() -> Function {
    Function {
        name: "replace",
        params: vec![
            Param::new("str", Type::String),
            Param::new("substr", Type::String),
            Param::new("replace", Type::String),
        ],
        var_param: None,
        return_type: STRING,
        implementation: |_, args, _| {
            let (s, substr, replacement) = (text(&args[0]), text(&args[1]), text(&args[2]));
            if let Some(pattern) = substr
                .strip_prefix('/')
                .and_then(|p| p.strip_suffix('/'))
                .filter(|_| substr.len() > 1)
            {
                let re =
                    regexp::compile(pattern).map_err(|e| FunctionError::call(e.to_string()))?;
                return regexp::replace_all(&re, s, replacement).map(Value::string);
            }
            let count = if substr.is_empty() {
                s.chars().count() + 1
            } else {
                s.matches(substr).count()
            };
            let bytes = (s.len() - count * substr.len())
                .saturating_add(count.saturating_mul(replacement.len()));
            check_length(bytes)?;
            Ok(s.replace(substr, replacement).into())
        },
    }
}
