//! Unit tests calling the collection functions through cty's calling
//! convention.

use tofu_types::{Mark, Type, Value};

use super::super::FunctionError;
use super::super::testing::run;

fn s(text: &str) -> Value {
    Value::string(text)
}

fn strings(items: &[&str]) -> Vec<Value> {
    items.iter().map(|t| s(t)).collect()
}

fn ints(items: &[i64]) -> Vec<Value> {
    items.iter().map(|&n| Value::int(n)).collect()
}

fn call_message(message: &str) -> Result<Value, FunctionError> {
    Err(FunctionError::call(message))
}

#[test]
fn every_function_is_registered_once() {
    let mut names: Vec<&str> = super::functions().iter().map(|f| f.name).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count);
    assert_eq!(count, 31);
}

#[test]
fn length_counts_grapheme_clusters_and_keeps_own_marks() {
    assert_eq!(run("length", &[s("e\u{301}a")]), Ok(Value::int(2)));
    let secret = s("abc").mark(Mark::Sensitive);
    assert_eq!(
        run("length", &[secret]),
        Ok(Value::int(3).mark(Mark::Sensitive))
    );
    let list = Value::list(vec![s("a").mark(Mark::Sensitive)]);
    assert_eq!(run("length", &[list]), Ok(Value::int(1)));
    assert_eq!(
        run("length", &[Value::int(1)]),
        call_message("argument must be a string, a collection type, or a structural type")
    );
    let unknown_set = Value::set(vec![Value::unknown(Type::String), s("a")]);
    assert_eq!(
        run("length", &[unknown_set]),
        Ok(Value::unknown(Type::Number))
    );
    let one_unknown = Value::set(vec![Value::unknown(Type::String)]);
    assert_eq!(run("length", &[one_unknown]), Ok(Value::int(1)));
}

#[test]
fn range_counts_and_caps() {
    let got = run("range", &[Value::int(3)]).unwrap();
    assert_eq!(
        got,
        Value::list(vec![
            Value::number(tofu_types::Number::zero()),
            Value::int(1),
            Value::int(2)
        ])
    );
    assert_eq!(
        run("range", &[Value::int(0), Value::int(10), Value::int(0)]),
        call_message(
            "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step"
        )
    );
    assert_eq!(
        run("range", &[Value::int(5), Value::int(0), Value::int(1)]),
        Err(FunctionError::arg(
            1,
            "end must be greater than start when step is positive"
        ))
    );
    assert_eq!(
        run("range", &[Value::int(1), Value::int(1)]),
        Ok(Value::list_empty(Type::Number))
    );
}

#[test]
fn set_operations_sort_and_deduplicate() {
    let a = Value::set(strings(&["b", "a"]));
    let b = Value::set(strings(&["c", "a"]));
    assert_eq!(
        run("setunion", &[a.clone(), b.clone()]),
        Ok(Value::set(strings(&["a", "b", "c"])))
    );
    assert_eq!(
        run("setintersection", &[a.clone(), b.clone()]),
        Ok(Value::set(strings(&["a"])))
    );
    assert_eq!(run("setsubtract", &[a, b]), Ok(Value::set(strings(&["b"]))));
}

#[test]
fn setproduct_varies_the_last_argument_fastest() {
    let got = run(
        "setproduct",
        &[
            Value::list(strings(&["a", "b"])),
            Value::list(ints(&[1, 2])),
        ],
    )
    .unwrap();
    let pair = |x: &str, n: i64| Value::tuple(vec![s(x), Value::int(n)]);
    assert_eq!(
        got,
        Value::list(vec![pair("a", 1), pair("a", 2), pair("b", 1), pair("b", 2)])
    );
}

#[test]
fn flatten_nested_sequences() {
    let nested = Value::tuple(vec![
        Value::tuple(vec![s("a"), Value::tuple(vec![s("b")])]),
        Value::empty_tuple(),
        s("c"),
    ]);
    assert_eq!(
        run("flatten", &[nested]),
        Ok(Value::tuple(strings(&["a", "b", "c"])))
    );
    let marked = Value::tuple(vec![Value::list(strings(&["a"])).mark(Mark::Sensitive)]);
    assert_eq!(
        run("flatten", &[marked]),
        Ok(Value::tuple(strings(&["a"])).mark(Mark::Sensitive))
    );
}

#[test]
fn merge_types() {
    let a = Value::object([("a", Value::int(1))]);
    let b = Value::map([("b", s("x"))]);
    let got = run("merge", &[a, b]).unwrap();
    assert_eq!(got, Value::object([("a", Value::int(1)), ("b", s("x"))]));
    assert_eq!(run("merge", &[]), Ok(Value::empty_object()));
    assert_eq!(
        run("merge", &[Value::int(1)]),
        call_message("arguments must be maps or objects, got \"number\"")
    );
}

#[test]
fn lookup_errors_and_redaction() {
    let obj = Value::object([("a", Value::int(1))]);
    assert_eq!(
        run("lookup", &[obj, s("b")]),
        Err(FunctionError::arg(
            0,
            "the given object has no attribute \"b\""
        ))
    );
    let map = Value::map([("a", Value::int(1))]);
    assert_eq!(
        run("lookup", &[map.clone(), s("b").mark(Mark::Sensitive)]),
        call_message("lookup failed to find key (sensitive value)")
    );
    assert_eq!(
        run("lookup", &[map.clone(), s("b"), Value::int(7)]),
        Ok(Value::int(7))
    );
    assert_eq!(
        run("lookup", &[map, s("b"), Value::bool(true)]),
        Err(FunctionError::arg(
            2,
            "the default value must have the same type as the map elements"
        ))
    );
}

#[test]
fn element_wraps_negative_indexes() {
    let list = Value::tuple(vec![s("a"), Value::int(2)]);
    assert_eq!(
        run("element", &[list.clone(), Value::int(-1)]),
        Ok(Value::int(2))
    );
    assert_eq!(run("element", &[list, Value::int(5)]), Ok(Value::int(2)));
}

#[test]
fn slice_checks_indexes() {
    let list = Value::list(ints(&[1, 2, 3]));
    assert_eq!(
        run("slice", &[list.clone(), Value::int(2), Value::int(1)]),
        Err(FunctionError::arg(
            1,
            "start index must not be greater than end index"
        ))
    );
    assert_eq!(
        run("slice", &[list.clone(), Value::int(0), Value::int(4)]),
        Err(FunctionError::arg(
            2,
            "end index must not be greater than the length of the list"
        ))
    );
    assert_eq!(
        run("slice", &[list, Value::int(1), Value::int(3)]),
        Ok(Value::list(ints(&[2, 3])))
    );
}

#[test]
fn transpose_and_zipmap() {
    let map = Value::map([
        ("a", Value::list(strings(&["x", "y"]))),
        ("b", Value::list(strings(&["x"]))),
    ]);
    assert_eq!(
        run("transpose", &[map]),
        Ok(Value::map([
            ("x", Value::list(strings(&["a", "b"]))),
            ("y", Value::list(strings(&["a"]))),
        ]))
    );
    let nulls = Value::map([("k", Value::list(vec![s("x"), Value::null(Type::String)]))]);
    assert_eq!(
        run("transpose", &[nulls]),
        Err(FunctionError::arg(
            0,
            "cannot use null string for [\"k\"][1]"
        ))
    );
    let keys = Value::list(strings(&["a", "b"]));
    assert_eq!(
        run(
            "zipmap",
            &[keys.clone(), Value::tuple(vec![Value::int(1), s("x")])]
        ),
        Ok(Value::object([("a", Value::int(1)), ("b", s("x"))]))
    );
    assert_eq!(
        run("zipmap", &[keys, Value::tuple(vec![Value::int(1)])]),
        call_message("number of keys (2) does not match number of values (1)")
    );
}

#[test]
fn keys_of_a_sensitive_map_are_sensitive() {
    let map = Value::map([("a", Value::int(1))]).mark(Mark::Sensitive);
    assert_eq!(
        run("keys", &[map]),
        Ok(Value::list(strings(&["a"])).mark(Mark::Sensitive))
    );
}

#[test]
fn coalesce_skips_nulls_and_empty_strings() {
    assert_eq!(
        run("coalesce", &[Value::null(Type::String), s(""), s("b")]),
        Ok(s("b"))
    );
    assert_eq!(run("coalesce", &[Value::int(1), s("x")]), Ok(s("1")));
    assert_eq!(
        run("coalesce", &[Value::int(1), Value::bool(true)]),
        call_message("all arguments must have the same type")
    );
}

#[test]
fn deprecated_functions_always_fail() {
    let got = run("list", &[s("a")]);
    assert!(matches!(got, Err(FunctionError::Call(m)) if m.contains("tolist([ ... ])")));
    let got = run("map", &[]);
    assert!(matches!(got, Err(FunctionError::Call(m)) if m.contains("tomap({ ... })")));
}

#[test]
fn too_few_arguments_do_not_panic() {
    for f in super::functions() {
        let _ = run(f.name, &[]);
    }
}

#[test]
fn grapheme_clusters_follow_unicode_15_0() {
    use super::length::grapheme_count;
    // GB9c (Unicode 15.1) would join these conjuncts.
    assert_eq!(grapheme_count("क्ष"), 2);
    assert_eq!(grapheme_count("नमस्ते"), 4);
    assert_eq!(grapheme_count("क्\u{200d}ष"), 2);
    assert_eq!(grapheme_count("ক্ষ"), 2);
    assert_eq!(grapheme_count("👨‍👩‍👧"), 1);
    assert_eq!(grapheme_count("\r\n"), 1);
    assert_eq!(grapheme_count("e\u{301}"), 1);
    // A prepended mark joins the consonant after it in every version.
    assert_eq!(grapheme_count("\u{600}\u{915}"), 1);
    assert_eq!(grapheme_count(""), 0);
}

fn unknown(ty: Type) -> Value {
    Value::unknown(ty)
}

#[test]
fn unknown_arguments() {
    let str_list = || Type::list(Type::String);
    // length: an unknown keeps its marks; tuples and objects count their
    // types.
    assert_eq!(
        run("length", &[unknown(str_list()).mark(Mark::Sensitive)]),
        Ok(unknown(Type::Number).mark(Mark::Sensitive))
    );
    let tuple = Type::tuple([Type::String, Type::Number]);
    assert_eq!(run("length", &[unknown(tuple)]), Ok(Value::int(2)));
    assert_eq!(
        run("length", &[Value::dynamic()]),
        Ok(unknown(Type::Number))
    );
    // keys of an unknown object come from its type.
    let object = Type::object([("b", Type::Number), ("a", Type::Bool)]);
    assert_eq!(
        run("keys", &[unknown(object)]),
        Ok(Value::tuple(strings(&["a", "b"])))
    );
    assert_eq!(
        run("keys", &[unknown(Type::map(Type::Number))]),
        Ok(unknown(str_list()))
    );
    // sort and compact wait for every element.
    let partly = Value::list(vec![s("b"), unknown(Type::String)]);
    assert_eq!(
        run("sort", std::slice::from_ref(&partly)),
        Ok(unknown(str_list()))
    );
    assert_eq!(
        run("compact", std::slice::from_ref(&partly)),
        Ok(unknown(str_list()))
    );
    // contains and index: undecided comparisons.
    assert_eq!(
        run("contains", &[partly.clone(), s("a")]),
        Ok(unknown(Type::Bool))
    );
    assert_eq!(
        run("contains", &[partly.clone(), s("b")]),
        Ok(Value::bool(true))
    );
    assert_eq!(run("index", &[partly.clone(), s("b")]), Ok(Value::int(0)));
    assert_eq!(
        run("index", &[partly.clone(), s("x")]),
        Ok(unknown(Type::Number))
    );
    // alltrue stops at the first unknown, anytrue goes on for a true.
    let bools = Value::list(vec![unknown(Type::Bool), Value::bool(true)]);
    assert_eq!(
        run("alltrue", std::slice::from_ref(&bools)),
        Ok(unknown(Type::Bool))
    );
    assert_eq!(run("anytrue", &[bools]), Ok(Value::bool(true)));
    // element of a tuple at an unknown index has an unknown type.
    let pair = Value::tuple(vec![s("a"), Value::int(1)]);
    assert_eq!(
        run("element", &[pair.clone(), unknown(Type::Number)]),
        Ok(Value::dynamic())
    );
    assert_eq!(
        run("slice", &[pair, Value::int(0), unknown(Type::Number)]),
        Ok(Value::dynamic())
    );
    // one of a set whose unknowns may coalesce.
    let set = Value::set(vec![unknown(Type::String), unknown(Type::String)]);
    assert_eq!(
        run("one", std::slice::from_ref(&set)),
        Ok(unknown(Type::String))
    );
    // A union keeps unknown elements apart; an intersection waits.
    let known = Value::set(strings(&["a"]));
    let union = run("setunion", &[set.clone(), known.clone()]).unwrap();
    assert_eq!(union.length(), Some(3));
    assert_eq!(
        run("setintersection", &[set.clone(), known.clone()]),
        Ok(unknown(Type::set(Type::String)))
    );
    // setproduct of a set of unknown length is unknown, with all marks.
    let got = run("setproduct", &[set, known.mark(Mark::Sensitive)]).unwrap();
    let product = Type::set(Type::tuple([Type::String, Type::String]));
    assert_eq!(got, unknown(product).mark(Mark::Sensitive));
    // concat of an unknown list with a tuple has no type yet.
    assert_eq!(
        run("concat", &[unknown(str_list()), Value::empty_tuple()]),
        Ok(Value::dynamic())
    );
    // flatten: an unknown nested list makes the whole result unknown.
    let nested = Value::tuple(vec![unknown(str_list()), s("a")]);
    assert_eq!(run("flatten", &[nested]), Ok(Value::dynamic()));
    let leaf = Value::tuple(vec![unknown(Type::String)]);
    assert_eq!(run("flatten", std::slice::from_ref(&leaf)), Ok(leaf));
    // zipmap with unknown keys.
    let keys = Value::list(vec![unknown(Type::String)]);
    assert_eq!(
        run("zipmap", &[keys.clone(), Value::list(ints(&[1]))]),
        Ok(unknown(Type::map(Type::Number)))
    );
    assert_eq!(
        run("zipmap", &[keys, Value::tuple(ints(&[1]))]),
        Ok(Value::dynamic())
    );
    // merge of an unknown map with an object cannot know the attributes.
    let merged = run(
        "merge",
        &[unknown(Type::map(Type::Number)), Value::empty_object()],
    );
    assert_eq!(merged, Ok(Value::dynamic()));
    // lookup in an object with an unknown key.
    let obj = Value::object([("a", Value::int(1))]);
    assert_eq!(
        run("lookup", &[obj, unknown(Type::String)]),
        Ok(Value::dynamic())
    );
    // matchkeys gives up on an undecided comparison.
    let got = run(
        "matchkeys",
        &[
            Value::list(strings(&["a"])),
            Value::list(vec![unknown(Type::String)]),
            Value::list(strings(&["x"])),
        ],
    );
    assert_eq!(got, Ok(unknown(str_list())));
    // coalesce: an unknown before any match; coalescelist's type.
    assert_eq!(
        run("coalesce", &[unknown(Type::String), s("a")]),
        Ok(unknown(Type::String))
    );
    assert_eq!(
        run(
            "coalescelist",
            &[unknown(str_list()), Value::list(strings(&["a"]))]
        ),
        Ok(Value::dynamic())
    );
}

#[test]
fn huge_products_are_refused() {
    let big = Value::list((0..4000).map(Value::int).collect());
    let got = run("setproduct", &[big.clone(), big]);
    assert_eq!(
        got,
        call_message("the result would have more than 1048576 elements, which is not supported")
    );
}
