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
    let twice = tofu_fmt::format(&once)
        .unwrap_or_else(|errors| panic!("formatted text does not parse: {errors:?}\n{once}"));
    if !text.contains("\"${") {
        assert_eq!(twice, once, "not idempotent");
    }
});
