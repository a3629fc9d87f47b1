//! cty's `format` and `formatlist`.

mod gofmt;
mod verbs;

use tofu_types::{Type, Value};

use super::{MAX_STRING_BYTES, check_element_count, text, too_long};
use crate::functions::{Function, FunctionError, Param};

pub(super) fn functions() -> Vec<Function> {
    let args = || {
        Param::new("args", Type::Dynamic)
            .allow_null()
            .allow_unknown()
            .allow_dynamic_type()
    };
    vec![
        Function {
            name: "format",
            params: vec![Param::new("format", Type::String)],
            var_param: Some(args()),
            return_type: |_, _| Ok(Type::String),
            implementation: |_, args, _| {
                // Collections and structures print as JSON, which needs
                // them wholly known.
                if !args[1..].iter().all(Value::is_wholly_known) {
                    return Ok(Value::unknown(Type::String));
                }
                verbs::format(text(&args[0]), &args[1..]).map(Value::string)
            },
        },
        Function {
            name: "formatlist",
            params: vec![Param::new("format", Type::String)],
            var_param: Some(args()),
            return_type: |_, _| Ok(Type::list(Type::String)),
            implementation: |_, args, ty| formatlist(text(&args[0]), &args[1..], ty),
        },
    ]
}

/// One argument of `formatlist`: a sequence to iterate, or a value used in
/// every iteration.
enum Source<'a> {
    Each(&'a [Value]),
    Single(&'a Value),
}

/// cty's `formatlist`: lists, sets and tuples are iterated together and
/// must have the same length; other values repeat.
fn formatlist(format: &str, args: &[Value], ty: &Type) -> Result<Value, FunctionError> {
    if args.is_empty() {
        return verbs::format(format, args).map(|s| Value::list(vec![Value::string(s)]));
    }
    let mut length: Option<(usize, usize)> = None;
    let mut unknown = false;
    let mut sources = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let ty_ = arg.ty();
        let sequence = ty_.is_list() || ty_.is_set() || ty_.is_tuple();
        if sequence && !arg.is_null() {
            if !ty_.is_tuple() && !arg.is_known() {
                unknown = true;
                sources.push(Source::Single(arg));
                continue;
            }
            let this = match arg.elements() {
                Some(elements) => elements.len(),
                None => ty_.tuple_element_types().map_or(0, <[Type]>::len),
            };
            match length {
                None => length = Some((this, i)),
                Some((expected, chooser)) if expected != this => {
                    return Err(FunctionError::arg(
                        i + 1,
                        format!(
                            "argument {} has length {this}, which is inconsistent with argument {} of length {expected}",
                            i + 1,
                            chooser + 1
                        ),
                    ));
                }
                Some(_) => {}
            }
            match arg.elements() {
                Some(elements) => sources.push(Source::Each(elements)),
                None => {
                    unknown = true;
                    sources.push(Source::Single(arg));
                }
            }
        } else {
            unknown |= !arg.is_known() && arg.ty().is_dynamic();
            sources.push(Source::Single(arg));
        }
    }
    if unknown {
        return Ok(Value::unknown(ty.clone()));
    }
    let iterations = length.map_or(1, |(n, _)| n);
    if iterations == 0 {
        return Ok(Value::list_empty(Type::String));
    }
    check_element_count(iterations)?;
    let mut total = 0usize;
    let mut results = Vec::with_capacity(iterations);
    for iteration in 0..iterations {
        let call_args: Vec<Value> = sources
            .iter()
            .map(|s| match s {
                Source::Each(elements) => elements[iteration].clone(),
                Source::Single(value) => (*value).clone(),
            })
            .collect();
        if !call_args.iter().all(Value::is_wholly_known) {
            results.push(Value::unknown(Type::String));
            continue;
        }
        let s = verbs::format(format, &call_args).map_err(|e| {
            FunctionError::call(format!("error on format iteration {iteration}: {e}"))
        })?;
        total = total.saturating_add(s.len());
        if total > MAX_STRING_BYTES {
            return Err(too_long());
        }
        results.push(Value::string(s));
    }
    Ok(Value::list(results))
}
