//! Set operations: `setunion`, `setintersection`, `setsubtract` and
//! `setproduct`.

use tofu_types::{Marks, Type, Value, convert, unify};

use super::super::{Function, FunctionContext, FunctionError, Param};
use super::{Result, check_element_count, cty_length, list_or_empty, set_or_empty};

pub(super) fn functions() -> Vec<Function> {
    let any_set = |name| Param::new(name, Type::set(Type::Dynamic)).allow_dynamic_type();
    vec![
        Function {
            name: "setunion",
            params: vec![any_set("first_set")],
            var_param: Some(any_set("other_sets")),
            return_type: set_operation_type,
            implementation: |_, args, ret| set_operation(args, ret, SetOperation::Union),
        },
        Function {
            name: "setintersection",
            params: vec![any_set("first_set")],
            var_param: Some(any_set("other_sets")),
            return_type: set_operation_type,
            implementation: |_, args, ret| set_operation(args, ret, SetOperation::Intersection),
        },
        Function {
            name: "setsubtract",
            params: vec![any_set("a"), any_set("b")],
            var_param: None,
            return_type: set_operation_type,
            implementation: |_, args, ret| set_operation(args, ret, SetOperation::Subtract),
        },
        Function {
            name: "setproduct",
            params: Vec::new(),
            var_param: Some(
                Param::new("sets", Type::Dynamic)
                    .allow_marked()
                    .allow_unknown(),
            ),
            return_type: setproduct_type,
            implementation: setproduct,
        },
    ]
}

/// A set of the unified element type; empty sets of unknown element type
/// are left out as they convert to anything.
fn set_operation_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    let etys: Vec<Type> = args
        .iter()
        .filter_map(|arg| {
            let ety = arg.ty().element_type().cloned().unwrap_or(Type::Dynamic);
            let empty_dynamic = arg.is_known() && arg.length() == Some(0) && ety.is_dynamic();
            (!empty_dynamic).then_some(ety)
        })
        .collect();
    if etys.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    match unify(&etys) {
        Some((ety, _)) => Ok(Type::set(ety)),
        None => Err(FunctionError::call(
            "given sets must all have compatible element types",
        )),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SetOperation {
    Union,
    Intersection,
    Subtract,
}

/// The operation applied left to right after converting every set to the
/// result type. Only a union can be computed with unknown elements: they
/// might turn out equal to others.
fn set_operation(args: &[Value], ret: &Type, op: SetOperation) -> Result<Value> {
    let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
    let mut result: Vec<Value> = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        let set = convert(arg, ret).map_err(|e| FunctionError::arg(i, e.message))?;
        if op != SetOperation::Union && !set.is_wholly_known() {
            return Ok(Value::unknown(ret.clone()));
        }
        let elements = set.elements().unwrap_or_default();
        if i == 0 {
            result = elements.to_vec();
            continue;
        }
        match op {
            SetOperation::Union => {
                check_element_count(result.len().saturating_add(elements.len()))?;
                result.extend(elements.iter().cloned());
                // Deduplicate as we go so repeated unions stay small.
                result = set_or_empty(result, &ety)?
                    .elements()
                    .unwrap_or_default()
                    .to_vec();
            }
            SetOperation::Intersection => result.retain(|e| has_element(elements, e)),
            SetOperation::Subtract => result.retain(|e| !has_element(elements, e)),
        }
    }
    set_or_empty(result, &ety)
}

/// cty's set membership: known to be equal.
fn has_element(set: &[Value], e: &Value) -> bool {
    set.iter().any(|s| s.equals(e).as_bool() == Some(true))
}

/// A list of tuples when every argument is a list or tuple, else a set of
/// tuples; a tuple argument needs one type its elements unify to.
fn setproduct_type(_: &FunctionContext<'_>, args: &[Value]) -> Result<Type> {
    if args.len() < 2 {
        return Err(FunctionError::call("at least two arguments are required"));
    }
    let mut sequences = 0;
    let mut etys = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        match arg.ty() {
            Type::Set(ety) => etys.push(ety.as_ref().clone()),
            Type::List(ety) => {
                etys.push(ety.as_ref().clone());
                sequences += 1;
            }
            Type::Tuple(types) => {
                if types.is_empty() {
                    etys.push(Type::Dynamic);
                } else {
                    let Some((ety, _)) = unify(types) else {
                        return Err(FunctionError::arg(
                            i,
                            "all elements must be of the same type",
                        ));
                    };
                    etys.push(ety);
                }
                sequences += 1;
            }
            _ => return Err(FunctionError::arg(i, "a set or a list is required")),
        }
    }
    let product = Type::tuple(etys);
    Ok(if sequences == args.len() {
        Type::list(product)
    } else {
        Type::set(product)
    })
}

/// Every combination of one element from each argument, the last argument
/// varying fastest, with the marks of all arguments.
fn setproduct(_: &FunctionContext<'_>, args: &[Value], ret: &Type) -> Result<Value> {
    let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
    let mut marks = Marks::NONE;
    let mut unknown_length = false;
    let mut total: usize = 1;
    let mut inputs: Vec<Vec<Value>> = Vec::with_capacity(args.len());
    for arg in args {
        let (arg, arg_marks) = arg.unmark();
        marks |= arg_marks;
        if !arg.is_known() || cty_length(&arg).is_none() {
            unknown_length = true;
            continue;
        }
        let elements = arg.elements().unwrap_or_default().to_vec();
        total = total.saturating_mul(elements.len());
        inputs.push(elements);
    }
    if unknown_length {
        return Ok(Value::unknown(ret.clone()).with_marks(marks));
    }
    if total == 0 {
        return Ok(empty_product(ret, ety).with_marks(marks));
    }
    check_element_count(total)?;
    let subtypes = ety.tuple_element_types().unwrap_or_default();
    let mut product = Vec::with_capacity(total);
    let mut positions = vec![0usize; inputs.len()];
    for _ in 0..total {
        let mut tuple = Vec::with_capacity(inputs.len());
        for (j, (&n, elements)) in positions.iter().zip(&inputs).enumerate() {
            let Some(value) = elements.get(n) else {
                continue;
            };
            let Some(want) = subtypes.get(j) else {
                continue;
            };
            tuple.push(if value.ty() == want {
                value.clone()
            } else {
                convert(value, want).map_err(|_| {
                    FunctionError::call(format!(
                        "failed to convert argVals[{j}][{n}] to {}; this is a bug in cty",
                        want.friendly_name()
                    ))
                })?
            });
        }
        product.push(Value::tuple(tuple));
        for (position, elements) in positions.iter_mut().zip(&inputs).rev() {
            *position += 1;
            if *position < elements.len() {
                break;
            }
            *position = 0;
        }
    }
    let result = if ret.is_list() {
        list_or_empty(product, &ety)?
    } else {
        set_or_empty(product, &ety)?
    };
    Ok(result.with_marks(marks))
}

fn empty_product(ret: &Type, ety: Type) -> Value {
    if ret.is_list() {
        Value::list_empty(ety)
    } else {
        Value::set_empty(ety)
    }
}
