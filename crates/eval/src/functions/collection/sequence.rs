//! Building sequences: `concat`, `range`, `reverse`, `slice` and
//! `flatten`.

use tofu_types::{Marks, Number, Type, Value, convert, unify};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{
    Result, check_element_count, cty_length, length_int, list_or_empty, missing_arguments,
    panicked, to_int,
};

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "concat",
            params: Vec::new(),
            var_param: Some(Param::new("seqs", Type::Dynamic).allow_marked()),
            return_type: concat_type,
            implementation: concat,
        },
        Function {
            name: "range",
            params: Vec::new(),
            var_param: Some(Param::new("params", Type::Number)),
            return_type: |_, _| Ok(Type::list(Type::Number)),
            implementation: range,
        },
        Function {
            name: "reverse",
            params: vec![Param::new("list", Type::Dynamic).allow_marked()],
            var_param: None,
            return_type: reverse_type,
            implementation: reverse,
        },
        Function {
            name: "slice",
            params: vec![
                Param::new("list", Type::Dynamic).allow_marked(),
                Param::new("start_index", Type::Number),
                Param::new("end_index", Type::Number),
            ],
            var_param: None,
            return_type: slice_type,
            implementation: slice,
        },
        Function {
            name: "flatten",
            params: vec![Param::new("list", Type::Dynamic).allow_marked()],
            var_param: None,
            return_type: flatten_type,
            implementation: flatten,
        },
    ]
}

/// A list when all arguments are lists of unifiable types; otherwise a
/// tuple of all their element types, which needs every list known.
fn concat_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let Some(first) = args.first() else {
        return Err(FunctionError::call("at least one argument is required"));
    };
    if first.ty().is_list() && args.iter().all(|a| a.ty().is_list()) {
        let types: Vec<Type> = args.iter().map(|a| a.ty().clone()).collect();
        if let Some((common, _)) = unify(&types) {
            return Ok(common);
        }
    }
    let mut etys = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        match arg.ty() {
            Type::Tuple(types) => etys.extend(types.iter().cloned()),
            Type::List(ety) => {
                let Some(len) = arg.length() else {
                    return Ok(Type::Dynamic);
                };
                check_element_count(etys.len().saturating_add(len))?;
                etys.extend(std::iter::repeat_n(ety.as_ref().clone(), len));
            }
            ty => {
                return Err(FunctionError::arg(
                    i,
                    format!(
                        "all arguments must be lists or tuples; got {}",
                        ty.friendly_name()
                    ),
                ));
            }
        }
        check_element_count(etys.len())?;
    }
    Ok(Type::tuple(etys))
}

/// The elements of all arguments in order, with the arguments' own marks.
fn concat(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let mut elements = Vec::new();
    let mut marks = Marks::NONE;
    for (i, seq) in args.iter().enumerate() {
        let seq = if ret.is_list() {
            convert(seq, ret).map_err(|e| FunctionError::arg(i, e.message))?
        } else {
            seq.clone()
        };
        let (seq, seq_marks) = seq.unmark();
        marks |= seq_marks;
        let seq_elements = seq.elements().unwrap_or_default();
        check_element_count(elements.len().saturating_add(seq_elements.len()))?;
        elements.extend(seq_elements.iter().cloned());
    }
    let result = match ret {
        Type::List(ety) => list_or_empty(elements, ety)?,
        Type::Tuple(_) => Value::tuple(elements),
        _ => return Err(panicked("unsupported return type")),
    };
    Ok(result.with_marks(marks))
}

/// cty's artificial limit on the elements of a range.
const MAX_RANGE: usize = 1024;

/// `start`, `start + step`, … up to `end` exclusive. With one or two
/// arguments the start defaults to zero and the step to 1 or -1, whichever
/// reaches the end.
fn range(_: &FunctionContext<'_>, args: &[Value], _: &Type) -> Result<Value> {
    let numbers: Vec<&Number> = args.iter().filter_map(Value::as_number).collect();
    let one = || Number::from_i64(1);
    let minus_one = || Number::from_i64(-1);
    let (start, end, step) = match numbers.as_slice() {
        [end] if end.less_than(&Number::zero()) => (Number::zero(), (*end).clone(), minus_one()),
        [end] => (Number::zero(), (*end).clone(), one()),
        [start, end] if end.less_than(start) => ((*start).clone(), (*end).clone(), minus_one()),
        [start, end] => ((*start).clone(), (*end).clone(), one()),
        [start, end, step] => ((*start).clone(), (*end).clone(), (*step).clone()),
        _ => {
            return Err(FunctionError::call(
                "must have one, two, or three arguments",
            ));
        }
    };
    // cty's "step must not be zero" check compares with its own zero
    // constant by identity, which an argument never is, so a zero step
    // runs into the element limit instead.
    let down = step.less_than(&Number::zero());
    if down && end.greater_than(&start) {
        return Err(FunctionError::arg(
            1,
            "end must be less than start when step is negative",
        ));
    }
    if !down && end.less_than(&start) {
        return Err(FunctionError::arg(
            1,
            "end must be greater than start when step is positive",
        ));
    }
    let mut values = Vec::new();
    let mut n = start;
    loop {
        let done = if down {
            n.less_than_or_equal(&end)
        } else {
            n.greater_than_or_equal(&end)
        };
        if done {
            break;
        }
        if values.len() >= MAX_RANGE {
            return Err(FunctionError::call(
                "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
            ));
        }
        let next = n.add(&step).map_err(|_| {
            // big.Float's panic on ±∞ + ∓∞.
            panicked("addition of infinities with opposite signs")
        })?;
        values.push(Value::number(n));
        n = next;
    }
    list_or_empty(values, &Type::Number)
}

/// A tuple of the element types reversed; a list for a list or set.
fn reverse_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    match args.first().map(Value::ty) {
        Some(Type::Tuple(etys)) => Ok(Type::tuple(etys.iter().rev().cloned())),
        Some(Type::List(ety) | Type::Set(ety)) => Ok(Type::list(ety.as_ref().clone())),
        ty => Err(FunctionError::arg(
            0,
            format!(
                "can only reverse list or tuple values, not {}",
                ty.map_or_else(|| "dynamic".to_owned(), Type::friendly_name)
            ),
        )),
    }
}

/// The elements in reverse order, with the sequence's own marks.
fn reverse(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    let (list, marks) = list.unmark();
    let elements: Vec<Value> = list
        .elements()
        .unwrap_or_default()
        .iter()
        .rev()
        .cloned()
        .collect();
    let result = match ret {
        Type::Tuple(_) => Value::tuple(elements),
        _ => list_or_empty(elements, ret.element_type().unwrap_or(&Type::Dynamic))?,
    };
    Ok(result.with_marks(marks))
}

/// The slice bounds, each checked when known; `None` while either is
/// unknown.
fn slice_bounds(args: &[Value]) -> Result<Option<(usize, usize)>> {
    let [list, start, end] = args else {
        return Err(missing_arguments());
    };
    let (list, _) = list.unmark();
    // A tuple's length is in its type; a collection's needs the value.
    let length = if list.ty().is_tuple() || list.is_known() {
        i64::try_from(length_int(&list)).ok()
    } else {
        None
    };
    let bound = |index: usize, value: &Value, which: &str| -> Result<Option<i64>> {
        let Some(n) = value.as_number() else {
            return Ok(None);
        };
        let n = to_int(n)
            .map_err(|e| FunctionError::arg(index, format!("invalid {which} index: {e}")))?;
        if n < 0 {
            return Err(FunctionError::arg(
                index,
                format!("{which} index must not be less than zero"),
            ));
        }
        if length.is_some_and(|len| n > len) {
            return Err(FunctionError::arg(
                index,
                format!("{which} index must not be greater than the length of the list"),
            ));
        }
        Ok(Some(n))
    };
    let start = bound(1, start, "start")?;
    let end = bound(2, end, "end")?;
    let (Some(start), Some(end)) = (start, end) else {
        return Ok(None);
    };
    if start > end {
        return Err(FunctionError::arg(
            1,
            "start index must not be greater than end index",
        ));
    }
    let to_usize = |n: i64| usize::try_from(n).unwrap_or(0);
    Ok(Some((to_usize(start), to_usize(end))))
}

/// A list's own type; for a tuple, the types of the sliced elements, or
/// dynamic while the bounds are unknown.
fn slice_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let ty = args.first().map_or(&Type::Dynamic, Value::ty);
    if ty.is_set() {
        return Err(FunctionError::arg(
            0,
            "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important",
        ));
    }
    if !ty.is_list() && !ty.is_tuple() {
        return Err(FunctionError::arg(0, "must be a list or tuple value"));
    }
    let bounds = slice_bounds(args)?;
    match (ty, bounds) {
        (Type::Tuple(etys), Some((start, end))) => Ok(Type::tuple(
            etys.get(start..end).unwrap_or_default().iter().cloned(),
        )),
        (Type::Tuple(_), None) => Ok(Type::Dynamic),
        _ => Ok(ty.clone()),
    }
}

/// The elements from the start index up to the end index, with the
/// sequence's own marks.
fn slice(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let Some(list) = args.first() else {
        return Err(missing_arguments());
    };
    let (list, marks) = list.unmark();
    if ret.is_dynamic() {
        return Ok(Value::dynamic().with_marks(marks));
    }
    let (start, end) = slice_bounds(args)?.unwrap_or((0, 0));
    let elements = list.elements().unwrap_or_default();
    let picked = elements.get(start..end).unwrap_or_default().to_vec();
    let result = match ret {
        Type::Tuple(_) => Value::tuple(picked),
        _ => list_or_empty(picked, ret.element_type().unwrap_or(&Type::Dynamic))?,
    };
    Ok(result.with_marks(marks))
}

/// A tuple of the flattened elements' types, once everything is known.
fn flatten_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let Some(list) = args.first() else {
        return Err(missing_arguments());
    };
    if !list.is_wholly_known() {
        return Ok(Type::Dynamic);
    }
    let ty = list.ty();
    if !ty.is_list() && !ty.is_set() && !ty.is_tuple() {
        return Err(FunctionError::call(
            "can only flatten lists, sets and tuples",
        ));
    }
    let flat = flattened(list);
    if !flat.known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::tuple(flat.elements.iter().map(|e| e.ty().clone())))
}

/// Nested lists, sets and tuples replaced by their elements, at any
/// depth, as a tuple; the marks of the sequences flattened away go on the
/// result.
fn flatten(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let [list] = args else {
        return Err(missing_arguments());
    };
    let (unmarked, marks) = list.unmark();
    if length_int(&unmarked) == 0 {
        return Ok(Value::empty_tuple().with_marks(marks));
    }
    let flat = flattened(list);
    if !flat.known {
        return Ok(Value::unknown(ret.clone()).with_marks(flat.marks));
    }
    Ok(Value::tuple(flat.elements).with_marks(flat.marks))
}

struct Flattened {
    elements: Vec<Value>,
    marks: Marks,
    /// Whether the result is final: no sequence of unknown length or
    /// value of unknown type was met.
    known: bool,
}

/// cty's `flattener`.
fn flattened(list: &Value) -> Flattened {
    let (list, mut marks) = list.unmark();
    let Some(elements) = list.elements().filter(|_| cty_length(&list).is_some()) else {
        return Flattened {
            elements: Vec::new(),
            marks,
            known: false,
        };
    };
    let mut out = Vec::new();
    let mut known = true;
    for e in elements {
        let is_dynamic_val = !e.is_marked() && !e.is_known() && e.ty().is_dynamic();
        if is_dynamic_val {
            known = false;
        }
        let ty = e.ty();
        if !e.is_null() && (ty.is_list() || ty.is_set() || ty.is_tuple()) {
            if !e.is_known() {
                known = false;
                marks |= e.marks();
                continue;
            }
            let inner = flattened(e);
            marks |= inner.marks;
            if inner.known {
                out.extend(inner.elements);
            } else {
                known = false;
            }
        } else {
            out.push(e.clone());
        }
    }
    Flattened {
        elements: out,
        marks,
        known,
    }
}
