//! What `tofu fmt` changes besides whitespace (`formatBody`,
//! `formatValueExpr` and `formatTypeExpr` in OpenTofu's
//! `internal/command/fmt.go`, and `hclwrite`'s label handling):
//!
//! - every block's labels are written quoted, as `hclwrite`'s `SetLabels`
//!   writes them, which also drops anything between the type and the last
//!   label (comments);
//! - an argument whose value is one interpolation, `"${var.x}"`, becomes
//!   the bare expression (in parentheses if it spans lines);
//! - a top-level `variable` block's `type` loses the quotes of the legacy
//!   `"string"`, `"list"` and `"map"`, and `list`, `map` and `set` alone
//!   become `list(any)` and so on.
//!
//! Each change is found in the syntax tree and given as a range of the
//! token stream with the tokens that replace it.

use std::{borrow::Cow, ops::Range};

use tofu_syntax::{TextRange, native::unescape_quoted, outline::Item};
use unicode_normalization::UnicodeNormalization;

use crate::tokens::{Kind, Token};

/// Tokens `range` (indices into the token stream) are replaced by `with`.
pub(crate) struct Rewrite<'a> {
    pub(crate) range: Range<usize>,
    pub(crate) with: Vec<Token<'a>>,
}

/// The rewrites of a file without syntax errors whose body is `items`, in
/// source order.
pub(crate) fn rewrites<'a>(
    text: &str,
    items: &[Item],
    tokens: &[Token<'a>],
    starts: &[u32],
) -> Vec<Rewrite<'a>> {
    let mut finder = Finder {
        text,
        tokens,
        starts,
        out: Vec::new(),
    };
    finder.body(items, &mut Vec::new());
    finder.out.sort_by_key(|rewrite| rewrite.range.start);
    finder.out
}

struct Finder<'t, 'a> {
    text: &'t str,
    tokens: &'t [Token<'a>],
    starts: &'t [u32],
    out: Vec<Rewrite<'a>>,
}

impl<'t, 'a> Finder<'t, 'a> {
    /// `formatBody`: the body's arguments, then its blocks, recursively.
    /// (A name given twice is a syntax error, "Attribute redefined", so
    /// `hclwrite`'s map of arguments by name holds each of them.)
    fn body(&mut self, items: &[Item], in_blocks: &mut Vec<&'t str>) {
        for item in items {
            let Item::Attribute { name, value } = item else {
                continue;
            };
            let range = self.token_range(*value);
            let value_tokens = &self.tokens[range.clone()];
            let rewritten = if in_blocks.len() == 1
                && in_blocks[0] == "variable"
                && &self.text[*name] == "type"
            {
                type_expr(value_tokens)
            } else {
                value_expr(value_tokens)
            };
            if let Some(with) = rewritten {
                self.out.push(Rewrite { range, with });
            }
        }
        for item in items {
            let Item::Block {
                type_name,
                labels,
                body,
            } = item
            else {
                continue;
            };
            self.labels(*type_name, labels);
            in_blocks.push(&self.text[*type_name]);
            self.body(body, in_blocks);
            in_blocks.pop();
        }
    }

    /// `block.SetLabels(block.Labels())`: each label quoted and escaped as
    /// `hclwrite` writes a string, in place of everything from the end of
    /// the block type to the end of the last label (`hclwrite`'s parser
    /// keeps neither what stands before the first label nor what stands
    /// between labels).
    fn labels(&mut self, type_name: TextRange, labels: &[TextRange]) {
        let Some(last) = labels.last() else {
            return;
        };
        let span = self.token_range(TextRange::new(type_name.end(), last.end()));
        let mut with = Vec::with_capacity(labels.len() * 3);
        for label in labels {
            let Some(value) = label_value(&self.tokens[self.token_range(*label)]) else {
                continue;
            };
            with.push(Token::new(Kind::OQuote, "\""));
            let escaped = escape_quoted(&value);
            if !escaped.is_empty() {
                with.push(Token {
                    kind: Kind::QuotedLit,
                    text: Cow::Owned(escaped),
                    spaces_before: 0,
                });
            }
            with.push(Token::new(Kind::CQuote, "\""));
        }
        let unchanged = span.len() == with.len()
            && self.tokens[span.clone()]
                .iter()
                .zip(&with)
                .all(|(old, new)| old.kind == new.kind && old.text == new.text);
        if !unchanged {
            self.out.push(Rewrite { range: span, with });
        }
    }

    /// The indices of the tokens inside `range` of the source.
    fn token_range(&self, range: TextRange) -> Range<usize> {
        let start = self
            .starts
            .partition_point(|&s| s < u32::from(range.start()));
        let end = self.starts.partition_point(|&s| s < u32::from(range.end()));
        start..end
    }
}

/// A label's value as `hclwrite`'s `blockLabels.Current` reads it from the
/// label's tokens: an identifier's name, or a quoted label's literal
/// unescaped; made a cty string, so NFC-normalised.
fn label_value(tokens: &[Token<'_>]) -> Option<String> {
    let raw = match tokens {
        [ident] if ident.kind == Kind::Ident => ident.text.to_string(),
        [open, literal, close]
            if open.kind == Kind::OQuote
                && literal.kind == Kind::QuotedLit
                && close.kind == Kind::CQuote =>
        {
            unescape_quoted(&literal.text)
        }
        [open, close] if open.kind == Kind::OQuote && close.kind == Kind::CQuote => String::new(),
        _ => return None,
    };
    if raw.is_ascii() {
        return Some(raw);
    }
    Some(raw.nfc().collect())
}

/// `hclwrite`'s `escapeQuotedStringLit`.
fn escape_quoted(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if chars.peek() == Some(&'{') {
                    out.push(c);
                }
            }
            c if tofu_syntax::quote::is_go_printable(c) => out.push(c),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out
}

/// `formatValueExpr`: `"${expr}"` becomes `expr` when the quotes hold
/// nothing but that one interpolation.
fn value_expr<'a>(tokens: &[Token<'a>]) -> Option<Vec<Token<'a>>> {
    let [open, interp, inside @ .., seq_end, close] = tokens else {
        return None;
    };
    if inside.is_empty()
        || open.kind != Kind::OQuote
        || interp.kind != Kind::TemplateInterp
        || seq_end.kind != Kind::TemplateSeqEnd
        || close.kind != Kind::CQuote
    {
        return None;
    }
    let mut quotes = 0i32;
    for token in inside {
        match token.kind {
            Kind::OQuote => quotes += 1,
            Kind::CQuote => quotes -= 1,
            // Interpolations inside nested quotes belong to an inner
            // expression: `"${foo("${bar}")}"`.
            _ if quotes > 0 => {}
            Kind::TemplateInterp | Kind::TemplateSeqEnd | Kind::QuotedLit => return None,
            _ => {}
        }
    }
    // Newlines at either end would end the argument early.
    let first = inside.iter().position(|t| t.kind != Kind::Newline)?;
    let last = inside.iter().rposition(|t| t.kind != Kind::Newline)?;
    let trimmed = &inside[first..=last];
    let multi_line = trimmed.iter().any(|t| t.kind == Kind::Newline);
    let parenthesized = trimmed[0].kind == Kind::OParen
        && trimmed.len() > 1
        && trimmed[trimmed.len() - 1].kind == Kind::CParen;
    let mut out = Vec::with_capacity(trimmed.len() + 2);
    if multi_line && !parenthesized {
        // A multi-line conditional, say, parses only in parentheses.
        out.push(Token::new(Kind::OParen, "("));
        out.extend_from_slice(trimmed);
        out.push(Token::new(Kind::CParen, ")"));
    } else {
        out.extend_from_slice(trimmed);
    }
    Some(out)
}

/// `formatTypeExpr`: legacy and bare collection type constraints.
fn type_expr<'a>(tokens: &[Token<'a>]) -> Option<Vec<Token<'a>>> {
    let collection = |name: &'static str, element: &'static str| {
        vec![
            Token::new(Kind::Ident, name),
            Token::new(Kind::OParen, "("),
            Token::new(Kind::Ident, element),
            Token::new(Kind::CParen, ")"),
        ]
    };
    match tokens {
        [keyword] if keyword.kind == Kind::Ident => match &*keyword.text {
            "list" => Some(collection("list", "any")),
            "map" => Some(collection("map", "any")),
            "set" => Some(collection("set", "any")),
            _ => None,
        },
        [open, literal, close]
            if open.kind == Kind::OQuote
                && literal.kind == Kind::QuotedLit
                && close.kind == Kind::CQuote =>
        {
            // Quoted types are from before `any`; their elements were
            // strings.
            match &*literal.text {
                "string" => Some(vec![Token::new(Kind::Ident, "string")]),
                "list" => Some(collection("list", "string")),
                "map" => Some(collection("map", "string")),
                _ => None,
            }
        }
        _ => None,
    }
}
