//! Collection functions: cty's `stdlib` collection, sequence and set
//! functions and OpenTofu's own (`internal/lang/funcs/collection.go`), as
//! OpenTofu's function table picks them.

mod boolean;
mod coalesce;
mod deprecated;
mod length;
mod lists;
mod lookup;
mod maps;
mod merge;
mod search;
mod sequence;
mod sets;

use tofu_types::convert::{IndexKey, PathStep};
use tofu_types::{ConversionError, Number, Type, Value};

use super::check_element_count;
use super::{Function, FunctionError};

pub(super) fn functions() -> Vec<Function> {
    [
        boolean::functions(),
        coalesce::functions(),
        deprecated::functions(),
        length::functions(),
        lists::functions(),
        lookup::functions(),
        maps::functions(),
        merge::functions(),
        search::functions(),
        sequence::functions(),
        sets::functions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

type Result<T> = std::result::Result<T, FunctionError>;

/// cty's answer to a call with fewer arguments than parameters, which the
/// evaluator rejects before calling.
fn missing_arguments() -> FunctionError {
    FunctionError::call("not enough arguments")
}

/// `cty.ListVal`, or `cty.ListValEmpty(ety)` for no elements.
fn list_or_empty(elements: Vec<Value>, ety: &Type) -> Result<Value> {
    if elements.is_empty() {
        Ok(Value::list_empty(ety.clone()))
    } else if Value::can_list(&elements) {
        Ok(Value::list(elements))
    } else {
        Err(inconsistent_elements())
    }
}

/// `cty.SetVal`, or `cty.SetValEmpty(ety)` for no elements.
fn set_or_empty(elements: Vec<Value>, ety: &Type) -> Result<Value> {
    if elements.is_empty() {
        Ok(Value::set_empty(ety.clone()))
    } else if Value::can_list(&elements) {
        Ok(Value::set(elements))
    } else {
        Err(inconsistent_elements())
    }
}

/// `cty.MapVal`, or `cty.MapValEmpty(ety)` for no elements.
fn map_or_empty(entries: Vec<(String, Value)>, ety: &Type) -> Result<Value> {
    if entries.is_empty() {
        return Ok(Value::map_empty(ety.clone()));
    }
    let values: Vec<Value> = entries.iter().map(|(_, v)| v.clone()).collect();
    if Value::can_list(&values) {
        Ok(Value::map(entries))
    } else {
        Err(inconsistent_elements())
    }
}

/// Where cty would panic building a collection of mixed element types.
fn inconsistent_elements() -> FunctionError {
    panicked("inconsistent list element types")
}

/// A Go panic inside a cty function, which cty turns into an error
/// (followed by a goroutine stack trace, which is left out here).
fn panicked(message: &str) -> FunctionError {
    FunctionError::call(format!("panic in function implementation: {message}"))
}

/// The element count of a known collection or structure (`LengthInt`),
/// zero otherwise; tuples count their element types even when unknown.
fn length_int(value: &Value) -> usize {
    match value.ty() {
        Type::Tuple(etys) => etys.len(),
        Type::Object(o) => o.attributes().len(),
        _ => value.length().unwrap_or(0),
    }
}

/// cty's `Length`: a tuple's from its type even when unknown; unknown for
/// an unknown collection and for a set whose unknown elements might still
/// coalesce with others.
fn cty_length(value: &Value) -> Option<usize> {
    match value.ty() {
        Type::Tuple(etys) => Some(etys.len()),
        Type::Set(_) => {
            let len = value.length()?;
            (len == 1 || value.is_wholly_known()).then_some(len)
        }
        _ => value.length(),
    }
}

/// `gocty.FromCtyValue` into a Go `int`.
fn to_int(n: &Number) -> std::result::Result<i64, String> {
    n.to_i64().map_err(|e| e.to_string())
}

/// The number argument at `index`, known and non-null by the calling
/// convention.
fn number_arg(args: &[Value], index: usize) -> Option<&Number> {
    args.get(index).and_then(Value::as_number)
}

/// A path of index steps as OpenTofu's `tfdiags.FormatCtyPath` writes it.
fn format_index_path(steps: Vec<IndexKey>) -> String {
    ConversionError {
        path: steps.into_iter().map(PathStep::Index).collect(),
        message: String::new(),
    }
    .path_string()
}

/// `len` as a cty number (`cty.NumberIntVal`).
fn int_value(len: usize) -> Value {
    Value::int(i64::try_from(len).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests;
