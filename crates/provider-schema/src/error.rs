//! Why a schema document, or one schema in it, could not be read: with where,
//! as a line and column for text that is not JSON and as a JSON path for
//! JSON of the wrong shape.

use std::fmt;

use crate::path::Path;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SchemaError {
    /// The text is not JSON: serde_json's message, without its position.
    Syntax { message: String, position: Position },
    /// `format_version` is missing or names a major version other than 1;
    /// the format's rule is to reject such input.
    FormatVersion {
        /// The JSON text of the value found, if any.
        found: Option<String>,
    },
    /// JSON of another shape than the format's.
    Shape {
        /// A JSON path without the leading `$`; empty for the document.
        path: String,
        message: String,
        /// Where the document's reader stopped, when the error was found
        /// while reading the document. Schemas decoded on first access know
        /// only their path.
        position: Option<Position>,
    },
}

/// A place in the text as serde_json gives it: the line 1-based, the column
/// the number of bytes read of that line (so the 1-based column of the last
/// byte read, 0 before the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl SchemaError {
    pub(crate) fn shape(path: &Path<'_>, message: impl Into<String>) -> SchemaError {
        SchemaError::Shape {
            path: path.to_string(),
            message: message.into(),
            position: None,
        }
    }

    /// `serde_json`'s error for text that is not JSON (or ends early).
    pub(crate) fn syntax(error: &serde_json::Error) -> SchemaError {
        SchemaError::Syntax {
            message: message_without_position(error),
            position: Position {
                line: error.line(),
                column: error.column(),
            },
        }
    }
}

/// serde_json's message without the position its `Display` appends, so
/// that ours says where once, in one form.
pub(crate) fn message_without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    match text.strip_suffix(&suffix) {
        Some(message) => message.to_owned(),
        None => text,
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchemaError::Syntax { message, position } => {
                write!(f, "invalid JSON at {position}: {message}")
            }
            SchemaError::FormatVersion { found: None } => f.write_str(
                "missing format_version: not the output of `tofu providers schema -json`",
            ),
            SchemaError::FormatVersion { found: Some(found) } => write!(
                f,
                "unsupported format_version {found}: only format 1.x can be read"
            ),
            SchemaError::Shape {
                path,
                message,
                position,
            } => {
                if path.is_empty() {
                    f.write_str("the document")?;
                } else {
                    f.write_str(path)?;
                }
                write!(f, ": {message}")?;
                if let Some(position) = position {
                    write!(f, " (at {position})")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

impl std::error::Error for SchemaError {}
