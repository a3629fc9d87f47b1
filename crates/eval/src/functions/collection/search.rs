//! Looking into sequences: `contains`, `index` (OpenTofu's), `element`
//! and `one` (OpenTofu's).

use tofu_types::{Type, Value};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, cty_length, int_value, length_int, missing_arguments, number_arg, to_int};

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "contains",
            params: vec![
                Param::new("list", Type::Dynamic),
                Param::new("value", Type::Dynamic).allow_null(),
            ],
            var_param: None,
            return_type: |_, _| Ok(Type::Bool),
            implementation: contains,
        },
        Function {
            name: "index",
            params: vec![
                Param::new("list", Type::Dynamic),
                Param::new("value", Type::Dynamic),
            ],
            var_param: None,
            return_type: |_, _| Ok(Type::Number),
            implementation: index,
        },
        Function {
            name: "element",
            params: vec![
                Param::new("list", Type::Dynamic).allow_marked(),
                Param::new("index", Type::Number),
            ],
            var_param: None,
            return_type: element_type,
            implementation: element,
        },
        Function {
            name: "one",
            params: vec![Param::new("list", Type::Dynamic)],
            var_param: None,
            return_type: one_type,
            implementation: one,
        },
    ]
}

/// Whether any element equals the value; unknown when none does but some
/// comparison was undecided.
fn contains(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value> {
    let [list, value] = args else {
        return Err(missing_arguments());
    };
    let ty = list.ty();
    if !ty.is_list() && !ty.is_tuple() && !ty.is_set() {
        return Err(FunctionError::call("argument must be list, tuple, or set"));
    }
    if list.is_null() {
        return Err(FunctionError::call("cannot search a nil list or set"));
    }
    if length_int(list) == 0 {
        return Ok(Value::bool(false));
    }
    if !list.is_known() || !value.is_known() {
        return Ok(Value::unknown(Type::Bool));
    }
    let mut undecided = false;
    for e in list.elements().unwrap_or_default() {
        match value.equals(e).as_bool() {
            Some(true) => return Ok(Value::bool(true)),
            Some(false) => {}
            None => undecided = true,
        }
    }
    if undecided {
        return Ok(Value::unknown(Type::Bool));
    }
    Ok(Value::bool(false))
}

/// The index of the first element equal to the value; unknown when a
/// comparison before it is undecided.
fn index(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value> {
    let [list, value] = args else {
        return Err(missing_arguments());
    };
    if !list.ty().is_list() && !list.ty().is_tuple() {
        return Err(FunctionError::call("argument must be a list or tuple"));
    }
    if !list.is_known() {
        return Ok(Value::unknown(Type::Number));
    }
    let elements = list.elements().unwrap_or_default();
    if elements.is_empty() {
        return Err(FunctionError::call("cannot search an empty list"));
    }
    for (i, e) in elements.iter().enumerate() {
        match e.equals(value).as_bool() {
            None => return Ok(Value::unknown(Type::Number)),
            Some(true) => return Ok(int_value(i)),
            Some(false) => {}
        }
    }
    Err(FunctionError::call("item not found"))
}

/// `index` wrapped into `0..len`, as Go's `%` then adding `len` to a
/// negative remainder.
fn wrap_index(index: i64, len: usize) -> usize {
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    let wrapped = index % len;
    let wrapped = if wrapped < 0 { wrapped + len } else { wrapped };
    usize::try_from(wrapped).unwrap_or(0)
}

const EMPTY_LIST: &str = "cannot use element function with an empty list";

/// A list's element type; for a tuple, the type of the element the index
/// picks, or dynamic while the index is unknown.
fn element_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let [list, index] = args else {
        return Err(missing_arguments());
    };
    match list.ty() {
        Type::List(ety) => Ok(ety.as_ref().clone()),
        Type::Tuple(etys) => {
            let Some(index) = index.as_number().filter(|_| index.is_known()) else {
                return Ok(Type::Dynamic);
            };
            let index =
                to_int(index).map_err(|e| FunctionError::call(format!("invalid index: {e}")))?;
            if etys.is_empty() {
                return Err(FunctionError::call(EMPTY_LIST));
            }
            Ok(etys
                .get(wrap_index(index, etys.len()))
                .cloned()
                .unwrap_or(Type::Dynamic))
        }
        ty => Err(FunctionError::call(format!(
            "cannot read elements from {}",
            ty.friendly_name()
        ))),
    }
}

/// The element at the index modulo the length, with the list's own marks.
fn element(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let Some(list) = args.first() else {
        return Err(missing_arguments());
    };
    let index = number_arg(args, 1).map_or(Ok(0), to_int);
    let index = index.map_err(|e| FunctionError::call(format!("invalid index: {e}")))?;
    let (list, marks) = list.unmark();
    if !list.is_known() {
        return Ok(Value::unknown(ret.clone()));
    }
    let elements = list.elements().unwrap_or_default();
    if elements.is_empty() {
        return Err(FunctionError::call(EMPTY_LIST));
    }
    let picked = elements.get(wrap_index(index, elements.len()));
    Ok(picked.map_or_else(Value::dynamic, |e| e.with_marks(marks)))
}

const ONE_ELEMENT: &str = "must be a list, set, or tuple value with either zero or one elements";

/// The element type of a list or set; for a tuple, the type of its one
/// element, or dynamic for an empty tuple.
fn one_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    match args.first().map(Value::ty) {
        Some(Type::List(ety) | Type::Set(ety)) => Ok(ety.as_ref().clone()),
        Some(Type::Tuple(etys)) if etys.is_empty() => Ok(Type::Dynamic),
        Some(Type::Tuple(etys)) if etys.len() == 1 => Ok(etys[0].clone()),
        _ => Err(FunctionError::arg(0, ONE_ELEMENT)),
    }
}

/// The only element, or null of the result type for no elements.
fn one(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    if cty_length(list).is_none() {
        // Unknown set elements may still coalesce into one.
        return Ok(Value::unknown(ret.clone()));
    }
    let elements = list.elements().unwrap_or_default();
    match elements {
        [] => Ok(Value::null(ret.clone())),
        [only] => Ok(only.clone()),
        _ => Err(FunctionError::arg(0, ONE_ELEMENT)),
    }
}
