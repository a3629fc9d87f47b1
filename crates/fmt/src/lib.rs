//! OpenTofu's formatter: what `tofu fmt` writes, byte for byte.
//!
//! A port, because the output must be exactly that of `tofu fmt`, the
//! convention every OpenTofu user already follows, and no crate reproduces
//! it: OpenTofu's own rewrites (`internal/command/fmt.go`, in [`rewrite`])
//! followed by HCL's `hclwrite` whitespace rules (`hclwrite/format.go`, in
//! [`layout`]). Formatting changes only the spaces between tokens, but for
//! those rewrites; it never adds or drops a comment (but those between
//! block labels, as `tofu fmt` drops them).
//!
//! A file with syntax errors is not formatted: [`format`] returns the
//! errors, as `tofu fmt` reports them and leaves the file alone. JSON files
//! are not formatted at all.

mod diff;
mod layout;
mod rewrite;
mod tokens;

pub use diff::{TextEdit, edits, unified_diff};
use tofu_syntax::{SyntaxError, TextRange, native::lex, outline::parse_outline};

/// The endings of the file names `tofu fmt` formats (`fmtSupportedExts`).
pub const EXTENSIONS: [&str; 5] = [".tf", ".tofu", ".tfvars", ".tftest.hcl", ".tofutest.hcl"];

/// `text` formatted as `tofu fmt` formats it, or the syntax errors that
/// keep it from being formatted.
pub fn format(text: &str) -> Result<String, Vec<SyntaxError>> {
    format_named(text, "")
}

/// [`format`], with the file name that syntax errors pointing at other
/// places of the file mention.
pub fn format_named(text: &str, file_name: &str) -> Result<String, Vec<SyntaxError>> {
    // The outline is all the rewrites need: no syntax tree is built.
    let parse = parse_outline(text, file_name);
    if !parse.errors.is_empty() {
        return Err(parse.errors);
    }
    let (mut tokens, starts) = tokens::from_lexed(text, &parse.tokens);
    let rewrites = rewrite::rewrites(text, &parse.items, &tokens, &starts);
    if !rewrites.is_empty() {
        tokens = apply(tokens, rewrites);
    }
    layout::format(&mut tokens);
    Ok(write(&tokens, text.len()))
}

/// HCL's `hclwrite.Format`: only the spacing rules, on any text, syntax
/// errors or not, without OpenTofu's rewrites. Tokens are left as they
/// are; what `tofu fmt` writes is [`format`]'s.
pub fn format_spacing(text: &str) -> String {
    let (mut tokens, _) = tokens::from_lexed(text, &lex(text));
    layout::format(&mut tokens);
    write(&tokens, text.len())
}

/// The edits that format the lines of `text` that `range` touches, for an
/// editor's range formatting. Alignment can reach beyond the range: the
/// lines it changes outside are left as they are.
pub fn format_range(text: &str, range: TextRange) -> Result<Vec<TextEdit>, Vec<SyntaxError>> {
    let formatted = format(text)?;
    Ok(edits(text, &formatted)
        .into_iter()
        .filter(|edit| edit.range.start() <= range.end() && range.start() <= edit.range.end())
        .collect())
}

fn apply<'a>(
    tokens: Vec<tokens::Token<'a>>,
    rewrites: Vec<rewrite::Rewrite<'a>>,
) -> Vec<tokens::Token<'a>> {
    let mut out = Vec::with_capacity(tokens.len() + rewrites.len() * 2);
    let mut tokens = tokens.into_iter().enumerate().peekable();
    for rewrite in rewrites {
        while let Some((_, token)) = tokens.next_if(|(i, _)| *i < rewrite.range.start) {
            out.push(token);
        }
        while tokens.next_if(|(i, _)| *i < rewrite.range.end).is_some() {}
        out.extend(rewrite.with);
    }
    out.extend(tokens.map(|(_, token)| token));
    out
}

/// The text of `tokens`, each after its spaces.
fn write(tokens: &[tokens::Token<'_>], capacity: usize) -> String {
    let mut out = String::with_capacity(capacity + capacity / 8);
    const SPACES: &str = "                                        ";
    for token in tokens {
        let mut spaces = token.spaces_before;
        while spaces > 0 {
            let chunk = spaces.min(SPACES.len());
            out.push_str(&SPACES[..chunk]);
            spaces -= chunk;
        }
        out.push_str(&token.text);
    }
    out
}
