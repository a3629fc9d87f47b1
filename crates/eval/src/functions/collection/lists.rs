//! Functions of lists: `chunklist`, `compact`, `distinct`, `matchkeys`
//! (OpenTofu's) and `sort`.

use tofu_types::{Type, Value, convert, unify};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, list_or_empty, missing_arguments, panicked, to_int};

pub(super) fn functions() -> Vec<Function> {
    let any_list = || Type::list(Type::Dynamic);
    vec![
        Function {
            name: "chunklist",
            params: vec![
                Param::new("list", any_list()).allow_marked(),
                Param::new("size", Type::Number).allow_marked(),
            ],
            var_param: None,
            return_type: |_, args| Ok(Type::list(first_type(args))),
            implementation: chunklist,
        },
        Function {
            name: "compact",
            params: vec![Param::new("list", Type::list(Type::String))],
            var_param: None,
            return_type: |_, _| Ok(Type::list(Type::String)),
            implementation: compact,
        },
        Function {
            name: "distinct",
            params: vec![Param::new("list", any_list())],
            var_param: None,
            return_type: |_, args| Ok(first_type(args)),
            implementation: distinct,
        },
        Function {
            name: "matchkeys",
            params: vec![
                Param::new("values", any_list()),
                Param::new("keys", any_list()),
                Param::new("searchset", any_list()),
            ],
            var_param: None,
            return_type: matchkeys_type,
            implementation: matchkeys,
        },
        Function {
            name: "sort",
            params: vec![Param::new("list", Type::list(Type::String)).allow_unknown()],
            var_param: None,
            return_type: |_, _| Ok(Type::list(Type::String)),
            implementation: sort,
        },
    ]
}

fn first_type(args: &[Value]) -> Type {
    args.first().map_or(Type::Dynamic, |a| a.ty().clone())
}

/// The element type of a list type (`ElementType`).
fn element_type(ty: &Type) -> Type {
    ty.element_type().cloned().unwrap_or(Type::Dynamic)
}

/// Consecutive chunks of `size` elements, the last one shorter; size zero
/// gives the whole list as the only chunk. The arguments' own marks go on
/// the result; element marks stay where they are.
fn chunklist(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value> {
    let [list, size] = args else {
        return Err(missing_arguments());
    };
    let (list, list_marks) = list.unmark();
    let (size, size_marks) = size.unmark();
    let marks = list_marks | size_marks;
    let size = size
        .as_number()
        .map_or(Ok(0), to_int)
        .map_err(|e| FunctionError::call(format!("invalid size: {e}")))?;
    if size < 0 {
        return Err(FunctionError::call("the size argument must be positive"));
    }
    let elements = list.elements().unwrap_or_default();
    if elements.is_empty() {
        return Ok(Value::list_empty(list.ty().clone()).with_marks(marks));
    }
    if size == 0 {
        return Ok(Value::list(vec![list.clone()]).with_marks(marks));
    }
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let chunks = elements
        .chunks(size)
        .map(|chunk| list_or_empty(chunk.to_vec(), &element_type(list.ty())))
        .collect::<Result<Vec<Value>>>()?;
    Ok(list_or_empty(chunks, list.ty())?.with_marks(marks))
}

/// The list without null and empty-string elements; unknown while any
/// element is.
fn compact(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    if !list.is_wholly_known() {
        return Ok(Value::unknown(ret.clone()));
    }
    let kept: Vec<Value> = list
        .elements()
        .unwrap_or_default()
        .iter()
        .filter(|e| e.as_str().is_some_and(|s| !s.is_empty()))
        .cloned()
        .collect();
    list_or_empty(kept, &Type::String)
}

/// The first of each group of equal elements, in order; unknown while any
/// element is.
fn distinct(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    if !list.is_wholly_known() {
        return Ok(Value::unknown(ret.clone()));
    }
    let mut kept: Vec<Value> = Vec::new();
    for e in list.elements().unwrap_or_default() {
        if !kept.iter().any(|k| k.equals(e).as_bool() == Some(true)) {
            kept.push(e.clone());
        }
    }
    list_or_empty(kept, &element_type(ret))
}

/// The type of `values`, once `keys` and `searchset` are known to unify.
fn matchkeys_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let [values, keys, searchset] = args else {
        return Err(missing_arguments());
    };
    if unify(&[keys.ty().clone(), searchset.ty().clone()]).is_none() {
        return Err(FunctionError::call(
            "keys and searchset must be of the same type",
        ));
    }
    Ok(values.ty().clone())
}

/// The elements of `values` whose counterpart in `keys` is in `searchset`.
fn matchkeys(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [values, keys, searchset] = args else {
        return Err(missing_arguments());
    };
    let ety = element_type(ret);
    let value_elements = values.elements().unwrap_or_default();
    if value_elements.len() != keys.length().unwrap_or(0) {
        return Err(FunctionError::call(
            "length of keys and values should be equal",
        ));
    }
    let common =
        unify(&[keys.ty().clone(), searchset.ty().clone()]).map_or(Type::Dynamic, |(ty, _)| ty);
    // cty goes on with its nil value when a conversion fails, and then
    // panics on it.
    let searchset = convert(searchset, &common).map_err(|_| panicked("value is null"))?;
    let keys = convert(keys, &common);
    if searchset.length() == Some(0) {
        return Ok(Value::list_empty(ety));
    }
    let keys = keys.map_err(|_| panicked("can't use ElementIterator on null value"))?;
    if !values.is_wholly_known() || !keys.is_wholly_known() {
        return Ok(Value::unknown(ret.clone()));
    }
    let search = searchset.elements().unwrap_or_default();
    let mut matched = Vec::new();
    for (key, value) in keys
        .elements()
        .unwrap_or_default()
        .iter()
        .zip(value_elements)
    {
        for s in search {
            match key.equals(s).as_bool() {
                None => return Ok(Value::list_empty(ety)),
                Some(true) => {
                    matched.push(value.clone());
                    break;
                }
                Some(false) => {}
            }
        }
    }
    list_or_empty(matched, &ety)
}

/// The strings in byte order; unknown while any element is.
fn sort(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    if !list.is_wholly_known() {
        return Ok(Value::unknown(ret.clone()));
    }
    let elements = list.elements().unwrap_or_default();
    if elements.is_empty() {
        return Ok(list.clone());
    }
    let mut strings = Vec::with_capacity(elements.len());
    for (index, e) in elements.iter().enumerate() {
        let Some(s) = e.as_str() else {
            return Err(FunctionError::call(format!(
                "given list element {index} is null; a null string cannot be sorted"
            )));
        };
        strings.push(s);
    }
    strings.sort_unstable();
    Ok(Value::list(
        strings.into_iter().map(Value::string).collect(),
    ))
}
