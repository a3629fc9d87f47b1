//! Any UTF-8 input, in either syntax: the tree gives back the text and
//! every error points into it. Run with `cargo fuzz run parse` from `fuzz/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tofu_syntax::{SourceKind, TextSize, native};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_lex(text);
    check_parse(text, SourceKind::Native);
    check_parse(text, SourceKind::Json);
});

fn check_lex(text: &str) {
    let len: u64 = native::lex(text)
        .iter()
        .map(|token| u64::from(token.len))
        .sum();
    assert_eq!(
        len,
        text.len() as u64,
        "token lengths must add up to the text"
    );
}

fn check_parse(text: &str, kind: SourceKind) {
    let parse = tofu_syntax::parse(text, kind);
    assert_eq!(
        parse.syntax().to_string(),
        text,
        "{kind:?} tree is not lossless"
    );
    let end = TextSize::of(text);
    for error in parse.errors() {
        let range = error.range;
        assert!(
            range.end() <= end,
            "{kind:?} error {error:?} is past the end"
        );
        // Diagnostics slice the text at these offsets.
        let on_boundaries = text.is_char_boundary(range.start().into())
            && text.is_char_boundary(range.end().into());
        assert!(on_boundaries, "{kind:?} error {error:?} splits a character");
    }
}
