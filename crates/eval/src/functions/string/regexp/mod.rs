//! cty's `regex` and `regexall`, and the Go regular expressions behind
//! them and OpenTofu's `replace`.

mod replace;
mod syntax;
mod tree;
mod unicode_names;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use tofu_types::{Type, Value};

use super::{check_element_count, text};
use crate::functions::{Function, FunctionError, Param};

pub(super) use replace::replace_all;
pub(super) use syntax::SyntaxError;

/// A compiled Go pattern: the `regex` crate's equivalent and Go's
/// capture group names (empty for unnamed groups).
pub(super) struct GoRegexp {
    regex: regex::Regex,
    names: Vec<String>,
}

/// Go's `regexp.Compile`, remembering recent patterns: `regex` compiles
/// its pattern twice (for its type and its value), and calls in `for`
/// expressions repeat the same pattern.
pub(super) fn compile(pattern: &str) -> Result<Rc<GoRegexp>, SyntaxError> {
    // Only small patterns, so that the cache stays small.
    const CACHED: usize = 64;
    const MAX_CACHED_PATTERN: usize = 4096;
    thread_local! {
        static RECENT: RefCell<HashMap<String, Rc<GoRegexp>>> = RefCell::new(HashMap::new());
    }
    if let Some(re) = RECENT.with(|r| r.borrow().get(pattern).cloned()) {
        return Ok(re);
    }
    let re = Rc::new(compile_uncached(pattern)?);
    if pattern.len() > MAX_CACHED_PATTERN {
        return Ok(re);
    }
    RECENT.with(|r| {
        let mut recent = r.borrow_mut();
        if recent.len() >= CACHED {
            recent.clear();
        }
        recent.insert(pattern.to_owned(), Rc::clone(&re));
    });
    Ok(re)
}

fn compile_uncached(pattern: &str) -> Result<GoRegexp, SyntaxError> {
    let parsed = syntax::parse(pattern)?;
    let mut translated = String::with_capacity(pattern.len() * 2);
    parsed.tree.write(&mut translated);
    let regex = regex::RegexBuilder::new(&translated)
        .size_limit(128 << 20)
        .nest_limit(10_000)
        .build()
        // Go's limits allow patterns the regex crate finds too large.
        .map_err(|_| SyntaxError {
            code: syntax::LARGE,
            expr: pattern.to_owned(),
        })?;
    Ok(GoRegexp {
        regex,
        names: parsed.names,
    })
}

pub(super) fn functions() -> Vec<Function> {
    let params = || {
        vec![
            Param::new("pattern", Type::String),
            Param::new("string", Type::String),
        ]
    };
    vec![
        Function {
            name: "regex",
            params: params(),
            var_param: None,
            return_type: |_, args| {
                if !args[0].is_known() {
                    return Ok(Type::Dynamic);
                }
                result_type(text(&args[0])).map(|(_, ty)| ty)
            },
            implementation: |_, args, ty| {
                let (re, _) = result_type(text(&args[0]))?;
                let s = text(&args[1]);
                let Some(captures) = re.regex.captures(s) else {
                    return Err(FunctionError::call(
                        "pattern did not match any part of the given string",
                    ));
                };
                Ok(match_value(&re, &captures, ty))
            },
        },
        Function {
            name: "regexall",
            params: params(),
            var_param: None,
            return_type: |_, args| {
                if !args[0].is_known() {
                    return Ok(Type::list(Type::Dynamic));
                }
                result_type(text(&args[0])).map(|(_, ty)| Type::list(ty))
            },
            implementation: |_, args, _| {
                let (re, ty) = result_type(text(&args[0]))?;
                let s = text(&args[1]);
                let mut matches = Vec::new();
                for captures in replace::all_matches(&re.regex, s) {
                    check_element_count(matches.len() + 1)?;
                    matches.push(match_value(&re, &captures, &ty));
                }
                if matches.is_empty() {
                    return Ok(Value::list_empty(ty));
                }
                Ok(Value::list(matches))
            },
        },
    ]
}

/// cty's `regexPatternResultType`: a string without capture groups, a
/// tuple of strings for unnamed groups, an object for named ones.
fn result_type(pattern: &str) -> Result<(Rc<GoRegexp>, Type), FunctionError> {
    let re = compile(pattern).map_err(|e| {
        FunctionError::arg(
            0,
            format!("invalid regexp pattern: {} in {}", e.code, e.expr),
        )
    })?;
    let unnamed = re.names.iter().filter(|n| n.is_empty()).count();
    let named = re.names.len() - unnamed;
    let ty = match (unnamed, named) {
        (0, 0) => Type::String,
        (_, 0) => Type::tuple(vec![Type::String; unnamed]),
        (0, _) => Type::object(re.names.iter().map(|n| (n, Type::String))),
        _ => {
            return Err(FunctionError::arg(
                0,
                "invalid regexp pattern: cannot mix both named and unnamed capture groups",
            ));
        }
    };
    Ok((re, ty))
}

/// cty's `regexPatternResult`: unmatched groups are null, and of groups
/// sharing a name the last one counts.
fn match_value(re: &GoRegexp, captures: &regex::Captures<'_>, ty: &Type) -> Value {
    let group = |i: usize| {
        captures
            .get(i)
            .map_or(Value::null(Type::String), |m| Value::string(m.as_str()))
    };
    match ty {
        Type::Tuple(_) => Value::tuple((1..=re.names.len()).map(group).collect()),
        Type::Object(_) => {
            let mut attrs = BTreeMap::new();
            for (i, name) in re.names.iter().enumerate() {
                attrs.insert(name.as_str(), group(i + 1));
            }
            Value::object(attrs)
        }
        _ => group(0),
    }
}

#[cfg(test)]
mod tests {
    use super::compile_uncached;

    fn find_all(pattern: &str, s: &str) -> Vec<String> {
        let re = compile_uncached(pattern).unwrap();
        super::replace::all_matches(&re.regex, s)
            .map(|c| c.get(0).unwrap().as_str().to_owned())
            .collect()
    }

    #[test]
    fn go_meaning() {
        // ASCII classes and boundaries, as in Go.
        assert_eq!(find_all(r"\d+", "12٣4"), ["12", "4"]);
        assert_eq!(find_all(r"\w+", "héllo"), ["h", "llo"]);
        assert_eq!(find_all(r"\s", "a\u{b}b c"), [" "]);
        assert_eq!(find_all(r"\bé", "a é"), Vec::<String>::new());
        assert_eq!(find_all(r"(?i)k", "kK\u{212A}"), ["k", "K", "\u{212A}"]);
        assert_eq!(find_all(r"[[:alpha:]]+", "ab1c"), ["ab", "c"]);
        assert_eq!(find_all(r"\p{Greek}+", "aαβb"), ["αβ"]);
        assert_eq!(find_all(r"a{,2}", "a{,2}"), ["a{,2}"]);
        assert_eq!(find_all(r"\Q+.\E", "a+.b"), ["+."]);
        assert_eq!(find_all(r"^a", "a\na"), ["a"]);
        assert_eq!(find_all(r"(?m)^a", "a\na"), ["a", "a"]);
        assert_eq!(find_all(r"a$", "a\n"), Vec::<String>::new());
        assert_eq!(find_all(r"(?U)a+", "aaa"), ["a", "a", "a"]);
        assert_eq!(find_all(r"\x{D800}|b", "ab"), ["b"]);
        assert_eq!(find_all(r"[^\x00-\x{10FFFF}]|b", "ab"), ["b"]);
        assert_eq!(find_all(r"\pC", "a\u{0}\u{378}"), ["\u{0}"]);
        assert_eq!(find_all(r"", "ab"), ["", "", ""]);
        assert_eq!(find_all(r"a*", "baaab"), ["", "aaa", ""]);
    }
}
