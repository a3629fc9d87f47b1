//! The formatter on any UTF-8 input: it never panics; what it formats
//! parses again, keeps every token but whitespace (or makes `tofu fmt`'s
//! rewrites), and formats the same again unless a nested interpolation was
//! unwrapped (which `tofu fmt` itself does one level a run); its outline
//! parse reports the tree's errors. Run with `cargo fuzz run fmt` from
//! `fuzz/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tofu_syntax::{SourceKind, outline::parse_outline, parse};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let tree = parse(text, SourceKind::Native);
    assert_eq!(parse_outline(text, "").errors, tree.errors(), "outline errors");
    let _ = tofu_fmt::format_spacing(text);
    let Ok(once) = tofu_fmt::format(text) else {
        return;
    };
    let twice = match tofu_fmt::format(&once) {
        Ok(twice) => twice,
        // `tofu fmt` removes the space in `b.1 .2`, and HCL then lexes
        // `1.2` as one number (crates/fmt/tests/cases/
        // legacy_index_joined_breaks_syntax.tf): what it writes no longer
        // parses, and ours neither.
        Err(_) if joins_numbers(text) => return,
        Err(errors) => panic!("formatted text does not parse: {errors:?}\n{once}"),
    };
    if !text.contains("\"${") {
        assert_eq!(twice, once, "not idempotent");
    }
});

/// Whether a digit and a `.` followed by a digit are separated by spaces
/// alone, which the formatter joins.
fn joins_numbers(text: &str) -> bool {
    let bytes = text.as_bytes();
    (0..bytes.len()).any(|dot| {
        if bytes[dot] != b'.' || !bytes.get(dot + 1).is_some_and(u8::is_ascii_digit) {
            return false;
        }
        let before = bytes[..dot].iter().rev().position(|b| *b != b' ' && *b != b'\t');
        before.is_some_and(|spaces| spaces > 0 && bytes[dot - spaces - 1].is_ascii_digit())
    })
}
