//! Any UTF-8 input, in either syntax: the tree gives back the text and
//! every error points into it. Run with `cargo fuzz run parse` from `fuzz/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tofu_syntax::{Parse, SourceKind, TextSize, native};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_lex(native::lex(text), text);
    check_lex(native::lex_template(text), text);
    check_tree(
        "native",
        text,
        &tofu_syntax::parse(text, SourceKind::Native),
    );
    check_tree("json", text, &tofu_syntax::parse(text, SourceKind::Json));
    check_tree(
        "expression",
        text,
        &tofu_syntax::parse_expression(text, "<console-input>"),
    );
    check_tree(
        "template",
        text,
        &tofu_syntax::parse_template(text, "t.tmpl"),
    );
});

fn check_lex(tokens: Vec<native::Token>, text: &str) {
    let len: u64 = tokens.iter().map(|token| u64::from(token.len)).sum();
    assert_eq!(
        len,
        text.len() as u64,
        "token lengths must add up to the text"
    );
}

fn check_tree(kind: &str, text: &str, parse: &Parse) {
    assert_eq!(
        parse.syntax().to_string(),
        text,
        "{kind} tree is not lossless"
    );
    let end = TextSize::of(text);
    for error in parse.errors() {
        let Some(range) = error.range() else {
            continue;
        };
        assert!(range.end() <= end, "{kind} error {error:?} is past the end");
        // Diagnostics slice the text at these offsets.
        let on_boundaries = text.is_char_boundary(range.start().into())
            && text.is_char_boundary(range.end().into());
        assert!(on_boundaries, "{kind} error {error:?} splits a character");
    }
}
