//! Functions on marks (`internal/lang/funcs/sensitive.go`, `ephemeral.go`).

use tofu_types::{Mark, Marks, Type, Value};

use super::{Function, Param};

fn value_param() -> Param {
    Param::new("value", Type::Dynamic)
        .allow_unknown()
        .allow_null()
        .allow_marked()
        .allow_dynamic_type()
}

fn mark_function(name: &'static str, implementation: super::ImplFn) -> Function {
    Function {
        name,
        params: vec![value_param()],
        var_param: None,
        return_type: |_, args| Ok(args[0].ty().clone()),
        implementation,
    }
}

pub(super) fn functions() -> Vec<Function> {
    vec![
        mark_function("sensitive", |_, args, _| Ok(args[0].mark(Mark::Sensitive))),
        mark_function("nonsensitive", |_, args, _| {
            let (value, marks) = args[0].unmark();
            Ok(value.with_marks(without(marks, Mark::Sensitive)))
        }),
        Function {
            name: "issensitive",
            params: vec![value_param()],
            var_param: None,
            return_type: |_, _| Ok(Type::Bool),
            implementation: |_, args, _| {
                if !args[0].is_known() {
                    return Ok(Value::unknown(Type::Bool));
                }
                Ok(Value::bool(args[0].has_mark(Mark::Sensitive)))
            },
        },
        mark_function("ephemeralasnull", |_, args, _| {
            Ok(ephemeral_as_null(&args[0]))
        }),
    ]
}

fn without(marks: Marks, mark: Mark) -> Marks {
    marks
        .iter()
        .filter(|m| *m != mark)
        .fold(Marks::NONE, |all, m| all.with(m))
}

/// Every ephemeral part of `value` replaced by a null of its type, other
/// marks kept, as `cty.Transform` does it: children first.
fn ephemeral_as_null(value: &Value) -> Value {
    let (plain, marks) = value.unmark();
    let rest = without(marks, Mark::Ephemeral);
    let ty = plain.ty().clone();
    if plain.is_null() {
        return Value::null(ty).with_marks(rest);
    }
    if !plain.is_known() {
        return Value::unknown(ty).with_marks(rest);
    }
    if marks.contains(Mark::Ephemeral) {
        return Value::null(ty).with_marks(rest);
    }
    rebuild(&plain, ephemeral_as_null).with_marks(marks)
}

/// `value` (unmarked, known, not null) with `f` applied to each child.
fn rebuild(value: &Value, f: fn(&Value) -> Value) -> Value {
    let ty = value.ty();
    if let Some(entries) = value.entries() {
        let children = entries.iter().map(|(k, v)| (k.clone(), f(v)));
        if ty.is_map() {
            if entries.is_empty() {
                return value.clone();
            }
            return Value::map(children);
        }
        return Value::object(children);
    }
    if let Some(elements) = value.elements() {
        if elements.is_empty() {
            return value.clone();
        }
        let children: Vec<Value> = elements.iter().map(f).collect();
        if ty.is_list() {
            return Value::list(children);
        }
        if ty.is_set() {
            return Value::set(children);
        }
        return Value::tuple(children);
    }
    value.clone()
}
