//! The outline of a native file's bodies, without a syntax tree: for each
//! body its arguments (name and value ranges) and blocks (type, labels,
//! body), with the file's syntax errors and tokens.
//!
//! It is what the formatter needs, made by the same parser as the tree
//! (so the errors are the tree's) at a fraction of the cost: no green
//! tokens or nodes are made, shared or freed. Ranges are HCL's, without
//! surrounding whitespace, comments or newlines.

use rowan::{TextRange, TextSize};

use crate::{
    SyntaxError,
    SyntaxKind::{self, *},
    green::{Build, Checkpoint},
    native::{Token, lex, parser::Parser},
};

/// One item of a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `name = value`
    Attribute { name: TextRange, value: TextRange },
    /// `type label... { body }`
    Block {
        type_name: TextRange,
        labels: Vec<TextRange>,
        body: Vec<Item>,
    },
}

/// A native file's outline, its tokens and its syntax errors.
#[derive(Debug, Clone)]
pub struct OutlineParse {
    /// The items of the file's body; meaningful only without errors.
    pub items: Vec<Item>,
    pub tokens: Vec<Token>,
    pub errors: Vec<SyntaxError>,
}

/// Parses a native file for its outline only: the same errors as
/// [`crate::parse_named`], without the tree.
pub fn parse_outline(text: &str, file_name: &str) -> OutlineParse {
    let tokens = lex(text);
    let mut errors = super::native::invalid_token_errors(text, &tokens);
    let parser = Parser::with_builder(text, file_name, &tokens, OutlineBuilder::default());
    let (items, parse_errors) = parser.parse_file();
    errors.extend(parse_errors);
    OutlineParse {
        items,
        tokens,
        errors,
    }
}

/// A finished child of an open node, or a token.
#[derive(Debug, Clone, Copy)]
struct Entry {
    kind: SyntaxKind,
    /// The span of its significant tokens; `None` for trivia and newlines.
    span: Option<TextRange>,
    /// What a finished node left in `items` or `bodies`.
    payload: u32,
}

const NO_PAYLOAD: u32 = u32::MAX;

#[derive(Default)]
struct OutlineBuilder {
    offset: TextSize,
    entries: Vec<Entry>,
    parents: Vec<(SyntaxKind, usize)>,
    /// Finished arguments and blocks, taken by the body that holds them.
    items: Vec<Option<Item>>,
    /// Finished bodies, taken by the block or file that holds them.
    bodies: Vec<Vec<Item>>,
}

/// The body a finished `kind` child among `children` left in `bodies`.
fn take_body(bodies: &mut [Vec<Item>], children: &[Entry], kind: SyntaxKind) -> Vec<Item> {
    children
        .iter()
        .find(|entry| entry.kind == kind && entry.payload != NO_PAYLOAD)
        .map(|entry| std::mem::take(&mut bodies[entry.payload as usize]))
        .unwrap_or_default()
}

impl Build for OutlineBuilder {
    type Output = Vec<Item>;

    fn token(&mut self, kind: SyntaxKind, text: &str) {
        let range = TextRange::at(self.offset, TextSize::of(text));
        self.offset = range.end();
        let significant = !kind.is_trivia() && kind != NEWLINE;
        self.entries.push(Entry {
            kind,
            span: significant.then_some(range),
            payload: NO_PAYLOAD,
        });
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        self.parents.push((kind, self.entries.len()));
    }

    fn checkpoint(&self) -> Checkpoint {
        Checkpoint::new(self.entries.len())
    }

    fn start_node_at(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        self.parents.push((kind, checkpoint.children()));
    }

    fn finish_node(&mut self) {
        let (kind, first) = self
            .parents
            .pop()
            .expect("finish_node without an open node");
        let Self {
            entries,
            items,
            bodies,
            ..
        } = self;
        let children = &entries[first..];
        let span = {
            let mut spans = children.iter().filter_map(|entry| entry.span);
            let start = spans.next();
            start.map(|start| start.cover(spans.next_back().unwrap_or(start)))
        };
        let first_span = |kind: SyntaxKind| {
            children
                .iter()
                .find(|e| e.kind == kind)
                .and_then(|e| e.span)
        };
        let payload = match kind {
            ATTRIBUTE => {
                let value = children
                    .iter()
                    .find(|e| !e.kind.is_token())
                    .and_then(|e| e.span);
                match (first_span(IDENT), value) {
                    (Some(name), Some(value)) => {
                        items.push(Some(Item::Attribute { name, value }));
                        (items.len() - 1) as u32
                    }
                    _ => NO_PAYLOAD,
                }
            }
            BLOCK => match first_span(IDENT) {
                Some(type_name) => {
                    let labels = children
                        .iter()
                        .filter(|e| e.kind == BLOCK_LABEL)
                        .filter_map(|e| e.span)
                        .collect();
                    let body = take_body(bodies, children, BLOCK_BODY);
                    items.push(Some(Item::Block {
                        type_name,
                        labels,
                        body,
                    }));
                    (items.len() - 1) as u32
                }
                None => NO_PAYLOAD,
            },
            BODY => {
                let body = children
                    .iter()
                    .filter(|e| matches!(e.kind, ATTRIBUTE | BLOCK) && e.payload != NO_PAYLOAD)
                    .filter_map(|e| items[e.payload as usize].take())
                    .collect();
                bodies.push(body);
                (bodies.len() - 1) as u32
            }
            BLOCK_BODY | SOURCE_FILE => {
                let body = take_body(bodies, children, BODY);
                bodies.push(body);
                (bodies.len() - 1) as u32
            }
            _ => NO_PAYLOAD,
        };
        self.entries.truncate(first);
        self.entries.push(Entry {
            kind,
            span,
            payload,
        });
    }

    fn finish(mut self) -> Vec<Item> {
        assert!(self.parents.is_empty(), "unfinished nodes");
        match self.entries.pop() {
            Some(root) if root.payload != NO_PAYLOAD => {
                std::mem::take(&mut self.bodies[root.payload as usize])
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline(text: &str) -> String {
        fn write(text: &str, items: &[Item], depth: usize, out: &mut String) {
            for item in items {
                let indent = "  ".repeat(depth);
                match item {
                    Item::Attribute { name, value } => {
                        out.push_str(&format!("{indent}{} = {}\n", &text[*name], &text[*value]));
                    }
                    Item::Block {
                        type_name,
                        labels,
                        body,
                    } => {
                        let labels: Vec<&str> = labels.iter().map(|l| &text[*l]).collect();
                        out.push_str(&format!("{indent}{} {labels:?}\n", &text[*type_name]));
                        write(text, body, depth + 1, out);
                    }
                }
            }
        }
        let parse = parse_outline(text, "main.tf");
        assert!(parse.errors.is_empty(), "{:?}", parse.errors);
        let mut out = String::new();
        write(text, &parse.items, 0, &mut out);
        out
    }

    #[test]
    fn bodies_arguments_and_blocks() {
        let text = "a = 1 + 2 # c\nresource aws_x \"b\" {\n  c = [\n    1,\n  ] // x\n  d {\n    e = f(\"${g}\")\n  }\n}\nempty {}\n";
        expect_test::expect![[r#"
            a = 1 + 2
            resource ["aws_x", "\"b\""]
              c = [
                1,
              ]
              d []
                e = f("${g}")
            empty []
        "#]]
        .assert_eq(&outline(text));
    }

    #[test]
    fn errors_are_the_trees() {
        for text in ["a = \n", "b {\n", "c = \"${\"\n", "x = 1\nx = 2\n"] {
            let tree = crate::parse_named(text, crate::SourceKind::Native, "main.tf");
            assert_eq!(
                parse_outline(text, "main.tf").errors,
                tree.errors(),
                "{text:?}"
            );
        }
    }
}
