//! Go's errors for malformed patterns.

use super::parse;

fn err(pattern: &str) -> String {
    match parse(pattern) {
        Ok(_) => "ok".to_owned(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn errors_as_go() {
    assert_eq!(err("(a"), "error parsing regexp: missing closing ): `(a`");
    assert_eq!(err("a)"), "error parsing regexp: unexpected ): `a)`");
    assert_eq!(
        err("[a-z"),
        "error parsing regexp: missing closing ]: `[a-z`"
    );
    assert_eq!(
        err("[z-a]"),
        "error parsing regexp: invalid character class range: `z-a`"
    );
    assert_eq!(
        err("a**"),
        "error parsing regexp: invalid nested repetition operator: `**`"
    );
    assert_eq!(
        err("a*?+"),
        "error parsing regexp: invalid nested repetition operator: `*?+`"
    );
    assert_eq!(
        err("*"),
        "error parsing regexp: missing argument to repetition operator: `*`"
    );
    assert_eq!(
        err("a|*?"),
        "error parsing regexp: missing argument to repetition operator: `*?`"
    );
    assert_eq!(
        err("x{1001}"),
        "error parsing regexp: invalid repeat count: `{1001}`"
    );
    assert_eq!(
        err("x{2,1}"),
        "error parsing regexp: invalid repeat count: `{2,1}`"
    );
    assert_eq!(
        err("(?:[a-z]{4}){0,251}"),
        "error parsing regexp: invalid repeat count: `{0,251}`"
    );
    assert_eq!(err("(?:[a-z]{4}){0,250}"), "ok");
    assert_eq!(err("x{,2}"), "ok");
    assert_eq!(
        err("\\1"),
        "error parsing regexp: invalid escape sequence: `\\1`"
    );
    assert_eq!(
        err("\\8"),
        "error parsing regexp: invalid escape sequence: `\\8`"
    );
    assert_eq!(
        err("\\q"),
        "error parsing regexp: invalid escape sequence: `\\q`"
    );
    assert_eq!(
        err("\\C"),
        "error parsing regexp: invalid escape sequence: `\\C`"
    );
    assert_eq!(
        err("\\xA"),
        "error parsing regexp: invalid escape sequence: `\\xA`"
    );
    assert_eq!(
        err("\\x{110000}"),
        "error parsing regexp: invalid escape sequence: `\\x{110000`"
    );
    assert_eq!(
        err("a\\"),
        "error parsing regexp: trailing backslash at end of expression: ``"
    );
    assert_eq!(
        err("(?P<n>a"),
        "error parsing regexp: missing closing ): `(?P<n>a`"
    );
    assert_eq!(
        err("(?P<x y>a)"),
        "error parsing regexp: invalid named capture: `(?P<x y>`"
    );
    assert_eq!(
        err("(?P<name"),
        "error parsing regexp: invalid named capture: `(?P<name`"
    );
    assert_eq!(
        err("(?!a)"),
        "error parsing regexp: invalid or unsupported Perl syntax: `(?!`"
    );
    assert_eq!(
        err("(?i-)"),
        "error parsing regexp: invalid or unsupported Perl syntax: `(?i-)`"
    );
    assert_eq!(
        err("(?i"),
        "error parsing regexp: invalid or unsupported Perl syntax: `(?i`"
    );
    assert_eq!(err("(?)"), "ok");
    assert_eq!(
        err("\\p{Foo}"),
        "error parsing regexp: invalid character class range: `\\p{Foo}`"
    );
    assert_eq!(
        err("\\p"),
        "error parsing regexp: invalid character class range: `\\p`"
    );
    assert_eq!(
        err("[[:foo:]]"),
        "error parsing regexp: invalid character class range: `[:foo:]`"
    );
    assert_eq!(
        err("\\Q\\E*"),
        "error parsing regexp: missing argument to repetition operator: `*`"
    );
    assert_eq!(
        err(&("(".repeat(1000) + &")".repeat(1000))),
        "error parsing regexp: expression nests too deeply: `".to_owned()
            + &"(".repeat(1000)
            + &")".repeat(1000)
            + "`"
    );
    assert_eq!(err(&("(".repeat(999) + &")".repeat(999))), "ok");
    assert_eq!(err(&("(".repeat(999) + "ab" + &")".repeat(999))), "ok");
    assert_eq!(
        err("a{2}{3}"),
        "error parsing regexp: invalid nested repetition operator: `{2}{3}`"
    );
    assert_eq!(err("a*(?i)*"), "ok");
    assert_eq!(err("[]a]"), "ok");
    assert_eq!(err("[]"), "error parsing regexp: missing closing ]: `[]`");
}
