//! `strrev` and `substr`, which count in grapheme clusters as cty does.

use tofu_types::Type;
use unicode_segmentation::UnicodeSegmentation;

use super::simple::whole_number;
use super::text;
use crate::functions::{Function, Param};

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "strrev",
            params: vec![Param::new("str", Type::String).allow_dynamic_type()],
            var_param: None,
            return_type: |_, _| Ok(Type::String),
            implementation: |_, args, _| {
                Ok(text(&args[0])
                    .graphemes(true)
                    .rev()
                    .collect::<String>()
                    .into())
            },
        },
        Function {
            name: "substr",
            params: vec![
                Param::new("str", Type::String).allow_dynamic_type(),
                Param::new("offset", Type::Number).allow_dynamic_type(),
                Param::new("length", Type::Number).allow_dynamic_type(),
            ],
            var_param: None,
            return_type: |_, _| Ok(Type::String),
            implementation: |_, args, _| {
                let offset = whole_number(&args[1])?;
                let length = whole_number(&args[2])?;
                Ok(substr(text(&args[0]), offset, length).into())
            },
        },
    ]
}

/// cty's `substr`, quirks included: an offset still negative after adding
/// the length counts from the start, and a zero length with a negative
/// offset takes the rest of the string.
fn substr(s: &str, offset: i64, length: i64) -> &str {
    let mut offset = offset;
    if offset < 0 {
        let total = i64::try_from(s.graphemes(true).count()).unwrap_or(i64::MAX);
        offset = offset.saturating_add(total);
    } else if length == 0 {
        return "";
    }
    let mut rest = s;
    if offset > 0 {
        let mut boundaries = s.grapheme_indices(true).map(|(i, g)| i + g.len());
        // The end of the offset-th cluster, if the string has that many.
        match boundaries.nth(usize::try_from(offset - 1).unwrap_or(usize::MAX)) {
            Some(end) => rest = &s[end..],
            None if s.is_empty() => {}
            None => return "",
        }
    }
    // A zero length is only left with a negative offset, where cty's
    // count never reaches it and the whole rest is taken.
    if length <= 0 {
        return rest;
    }
    let end = rest
        .grapheme_indices(true)
        .map(|(i, g)| i + g.len())
        .nth(usize::try_from(length - 1).unwrap_or(usize::MAX))
        .unwrap_or(rest.len());
    &rest[..end]
}

#[cfg(test)]
mod tests {
    use super::substr;

    #[test]
    fn substr_as_cty() {
        assert_eq!(substr("hello world", 1, 4), "ello");
        assert_eq!(substr("🤔🤷", 0, 1), "🤔");
        assert_eq!(substr("abc", -1, 0), "c");
        assert_eq!(substr("abc", -10, 1), "a");
        assert_eq!(substr("abc", 5, 1), "");
        assert_eq!(substr("abc", 3, 1), "");
        assert_eq!(substr("abc", 2, 5), "c");
        assert_eq!(substr("", 0, 1), "");
        assert_eq!(substr("", 3, 1), "");
        assert_eq!(substr("abc", 1, -5), "bc");
        assert_eq!(substr("abc", 1, 0), "");
        assert_eq!(substr("abc", 0, -1), "abc");
        assert_eq!(substr("abc", -2, 1), "b");
    }
}
