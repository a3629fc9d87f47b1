//! Where a value sits in the document, for error messages: a chain of steps
//! on the stack, written out only when something is wrong there.
//!
//! The written form is a JSON path without the leading `$`:
//! `provider_schemas["registry.opentofu.org/x/y"].resource_schemas["z"].block`.

use std::fmt::{self, Write};

/// A place in the document: its parent's place and the last step.
#[derive(Clone, Copy)]
pub(crate) struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    step: Step<'a>,
}

#[derive(Clone, Copy)]
enum Step<'a> {
    Root,
    /// A property the format names: `.block`.
    Field(&'a str),
    /// An entry of a map keyed by data: `["docker_container"]`.
    Key(&'a str),
    /// An element of an array: `[0]`.
    Index(usize),
}

impl<'a> Path<'a> {
    pub(crate) const ROOT: Path<'static> = Path {
        parent: None,
        step: Step::Root,
    };

    pub(crate) fn field<'b>(&'b self, name: &'b str) -> Path<'b> {
        self.then(Step::Field(name))
    }

    pub(crate) fn key<'b>(&'b self, key: &'b str) -> Path<'b> {
        self.then(Step::Key(key))
    }

    pub(crate) fn index(&self, index: usize) -> Path<'_> {
        self.then(Step::Index(index))
    }

    fn then<'b>(&'b self, step: Step<'b>) -> Path<'b> {
        Path {
            parent: Some(self),
            step,
        }
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Depth is bounded by the JSON reader's nesting limit, so the
        // recursion is too.
        if let Some(parent) = self.parent {
            parent.fmt(f)?;
        }
        match self.step {
            Step::Root => Ok(()),
            Step::Field(name) => {
                if self.parent.is_some_and(|parent| !parent.is_root()) {
                    f.write_char('.')?;
                }
                f.write_str(name)
            }
            Step::Key(key) => {
                f.write_char('[')?;
                // A key is data: quoted as JSON writes it, so that any key
                // reads back unambiguously.
                f.write_str(&serde_json::to_string(key).map_err(|_| fmt::Error)?)?;
                f.write_char(']')
            }
            Step::Index(index) => write!(f, "[{index}]"),
        }
    }
}

impl Path<'_> {
    fn is_root(&self) -> bool {
        matches!(self.step, Step::Root)
    }
}

#[cfg(test)]
mod tests {
    use super::Path;

    #[test]
    fn written_as_json_paths() {
        let root = Path::ROOT;
        assert_eq!(root.to_string(), "");
        let schemas = root.field("provider_schemas");
        let provider = schemas.key("registry.opentofu.org/x/y");
        let kind = provider.field("resource_schemas");
        let resource = kind.key("a\"b");
        let parameters = resource.field("parameters");
        let first = parameters.index(0);
        assert_eq!(
            first.to_string(),
            r#"provider_schemas["registry.opentofu.org/x/y"].resource_schemas["a\"b"].parameters[0]"#
        );
        assert_eq!(root.key("k").to_string(), r#"["k"]"#);
    }
}
