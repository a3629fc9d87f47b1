//! Lossless, error-tolerant syntax trees for the OpenTofu language.
//!
//! Every input, however broken, gives a [`Parse`]: a rowan green tree whose
//! text is the input byte for byte, plus the syntax errors HCL would report
//! for it. This crate knows nothing of salsa, values or files on disk.
//!
//! Besides whole files, [`parse_expression`] and [`parse_template`] parse
//! one expression (console input, `-var` values) or one template
//! (`templatefile`), as HCL's `ParseExpression` and `ParseTemplate` do.

mod syntax_kind;

pub mod ast;
pub mod body;
pub mod json;
pub mod native;
pub mod outline;

mod error;
mod green;
mod line_index;
mod parse;
pub mod quote;
mod suggest;

pub use body::trimmed_range;
pub use error::{Code, Severity, SyntaxError};
pub use line_index::{LineCol, LineIndex, Pos, Utf16Pos};
pub use parse::{
    Parse, SourceKind, debug_dump, parse, parse_expression, parse_named, parse_template,
};
pub use rowan::{GreenNode, TextRange, TextSize};
pub use suggest::name_suggestion;
pub use syntax_kind::{SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken, TofuLanguage};
