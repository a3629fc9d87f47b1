//! What a caller expects to find in a body.

/// The attributes and block types a body may contain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct BodySchema<'a> {
    pub attributes: &'a [AttributeSchema<'a>],
    pub blocks: &'a [BlockSchema<'a>],
}

/// An attribute a body may (or must) define.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AttributeSchema<'a> {
    pub name: &'a str,
    pub required: bool,
}

/// A block type a body may contain, with the names of its labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockSchema<'a> {
    pub type_name: &'a str,
    /// The names of the labels, which also appear in error messages.
    pub labels: &'a [&'a str],
}

impl<'a> BodySchema<'a> {
    pub const fn new(
        attributes: &'a [AttributeSchema<'a>],
        blocks: &'a [BlockSchema<'a>],
    ) -> BodySchema<'a> {
        BodySchema { attributes, blocks }
    }

    pub(super) fn attribute(&self, name: &str) -> Option<&AttributeSchema<'a>> {
        self.attributes.iter().find(|it| it.name == name)
    }

    pub(super) fn block(&self, type_name: &str) -> Option<&BlockSchema<'a>> {
        self.blocks.iter().find(|it| it.type_name == type_name)
    }
}

impl<'a> AttributeSchema<'a> {
    pub const fn optional(name: &'a str) -> AttributeSchema<'a> {
        AttributeSchema {
            name,
            required: false,
        }
    }

    pub const fn required(name: &'a str) -> AttributeSchema<'a> {
        AttributeSchema {
            name,
            required: true,
        }
    }
}

impl<'a> BlockSchema<'a> {
    pub const fn new(type_name: &'a str, labels: &'a [&'a str]) -> BlockSchema<'a> {
        BlockSchema { type_name, labels }
    }
}
