//! HCL native syntax: `.tf`, `.tofu`, `.tfvars` and other HCL files.

mod escapes;
mod invalid_tokens;
mod lexer;
mod parser;
mod template;

pub use escapes::{unescape_heredoc, unescape_quoted};
pub use lexer::lex;

use std::cell::RefCell;

use rowan::NodeCache;

use crate::Parse;

/// One token of the native lexer: its kind and its length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: crate::SyntaxKind,
    pub len: u32,
}

/// Parses a native-syntax file. `file_name` appears in messages that
/// point at other places in the file, as HCL's do.
pub fn parse_named(text: &str, file_name: &str) -> Parse {
    let tokens = lex(text);
    let mut errors = invalid_tokens::check(text, &tokens);
    let (green, parse_errors) = with_node_cache(text.len(), |cache| {
        parser::Parser::new(text, file_name, &tokens, cache).parse_file()
    });
    errors.extend(parse_errors);
    Parse::new(green, errors)
}

/// Runs `f` with this thread's node cache. Sharing the cache between
/// parses lets the many identical tokens and small nodes of a code base
/// (spaces, punctuation, common names) be built once; it is renewed after
/// a while so that it cannot grow without bound.
fn with_node_cache<R>(input_len: usize, f: impl FnOnce(&mut NodeCache) -> R) -> R {
    const RENEW_AFTER_BYTES: usize = 64 << 20;
    thread_local! {
        static CACHE: RefCell<(NodeCache, usize)> = RefCell::new((NodeCache::default(), 0));
    }
    CACHE.with(|cell| match cell.try_borrow_mut() {
        Ok(mut entry) => {
            if entry.1 > RENEW_AFTER_BYTES {
                *entry = (NodeCache::default(), 0);
            }
            entry.1 += input_len;
            f(&mut entry.0)
        }
        Err(_) => f(&mut NodeCache::default()),
    })
}

/// Parses a native-syntax file whose name is not known.
pub fn parse(text: &str) -> Parse {
    parse_named(text, "")
}
