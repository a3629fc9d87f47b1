// Go port of `regexp/syntax`'s size and height limits: patterns Go refuses must be refused with its message.
//! A parsed Go pattern, with Go's size and height measures, written out in
//! the `regex` crate's syntax with Go's meaning made explicit.

use std::fmt::Write;

/// An expression and Go's measures of it (`calcSize`, `calcHeight`).
#[derive(Debug)]
pub(crate) struct Node {
    pub kind: NodeKind,
    pub size: i64,
    pub height: u32,
}

#[derive(Debug)]
pub(crate) enum NodeKind {
    Empty,
    NoMatch,
    /// A code point (Go accepts escaped surrogates) and whether it matches
    /// case-insensitively.
    Literal {
        c: u32,
        fold: bool,
    },
    Class(Class),
    AnyChar,
    AnyCharNotNl,
    BeginLine,
    EndLine,
    BeginText,
    EndText,
    WordBoundary,
    NoWordBoundary,
    Capture(Box<Node>),
    Repeat {
        kind: RepeatKind,
        greedy: bool,
        sub: Box<Node>,
    },
    Concat(Vec<Node>),
    Alternate(Vec<Node>),
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum RepeatKind {
    Star,
    Plus,
    Quest,
    Range { min: u32, max: Option<u32> },
}

/// A bracketed class, or a class escape on its own.
#[derive(Debug)]
pub(crate) struct Class {
    pub negated: bool,
    pub fold: bool,
    pub items: Vec<ClassItem>,
}

#[derive(Debug)]
pub(crate) enum ClassItem {
    /// Code points, possibly surrogates.
    Range(u32, u32),
    /// A Perl (`\d`) or POSIX (`[:alpha:]`) class: ASCII ranges.
    Ranges {
        ranges: &'static [(u32, u32)],
        negated: bool,
    },
    Unicode {
        class: UnicodeClass,
        negated: bool,
    },
}

/// The Unicode classes Go's `\p` knows: `Any`, general categories and
/// scripts, by their exact names.
#[derive(Debug, Clone, Copy)]
pub(crate) enum UnicodeClass {
    Any,
    Category(&'static str),
    Script(&'static str),
}

impl Class {
    pub fn single(item: ClassItem, fold: bool) -> Class {
        Class {
            negated: false,
            fold,
            items: vec![item],
        }
    }
}

impl Node {
    pub fn leaf(kind: NodeKind) -> Node {
        Node {
            kind,
            size: 1,
            height: 1,
        }
    }

    pub fn class(class: Class) -> Node {
        Node::leaf(NodeKind::Class(class))
    }

    pub fn capture(sub: Node) -> Node {
        Node {
            size: sub.size.saturating_add(2),
            height: sub.height + 1,
            kind: NodeKind::Capture(Box::new(sub)),
        }
    }

    pub fn repeat(kind: RepeatKind, greedy: bool, sub: Node) -> Node {
        let s = sub.size;
        let size = match kind {
            RepeatKind::Star => s.saturating_add(2),
            RepeatKind::Plus | RepeatKind::Quest => s.saturating_add(1),
            RepeatKind::Range { min: 0, max: None } => s.saturating_add(2),
            RepeatKind::Range { min, max: None } => {
                s.saturating_mul(i64::from(min)).saturating_add(1)
            }
            RepeatKind::Range {
                min,
                max: Some(max),
            } => s
                .saturating_mul(i64::from(max))
                .saturating_add(i64::from(max) - i64::from(min)),
        };
        Node {
            size: size.max(1),
            height: sub.height + 1,
            kind: NodeKind::Repeat {
                kind,
                greedy,
                sub: Box::new(sub),
            },
        }
    }

    pub fn concat(subs: Vec<Node>) -> Node {
        let size = subs.iter().fold(0i64, |a, n| a.saturating_add(n.size));
        // Go merges a run of literals into one string node.
        let one_string = subs.windows(2).all(|w| match (&w[0].kind, &w[1].kind) {
            (NodeKind::Literal { fold: a, .. }, NodeKind::Literal { fold: b, .. }) => a == b,
            _ => false,
        });
        let height = if one_string {
            1
        } else {
            1 + subs.iter().map(|n| n.height).max().unwrap_or(0)
        };
        Node {
            kind: NodeKind::Concat(subs),
            size: size.max(1),
            height,
        }
    }

    pub fn alternate(subs: Vec<Node>) -> Node {
        let size = subs
            .iter()
            .fold(0i64, |a, n| a.saturating_add(n.size))
            .saturating_add(subs.len() as i64 - 1);
        let height = 1 + subs.iter().map(|n| n.height).max().unwrap_or(0);
        Node {
            kind: NodeKind::Alternate(subs),
            size: size.max(1),
            height,
        }
    }

    pub fn children(&self) -> impl Iterator<Item = &Node> {
        let (one, many): (Option<&Node>, &[Node]) = match &self.kind {
            NodeKind::Capture(sub) | NodeKind::Repeat { sub, .. } => (Some(sub), &[]),
            NodeKind::Concat(subs) | NodeKind::Alternate(subs) => (None, subs),
            _ => (None, &[]),
        };
        one.into_iter().chain(many)
    }

    /// The expression in `regex` syntax. Every node is self-delimiting and
    /// carries its own flags, so nothing leaks between neighbours.
    pub fn write(&self, out: &mut String) {
        match &self.kind {
            NodeKind::Empty => out.push_str("(?:)"),
            NodeKind::NoMatch => out.push_str(NOTHING),
            NodeKind::Literal { c, fold } => match char::from_u32(*c) {
                None => out.push_str(NOTHING),
                Some(c) if *fold => {
                    out.push_str("(?i:");
                    write_char(out, c);
                    out.push(')');
                }
                Some(c) => write_char(out, c),
            },
            NodeKind::Class(class) => class.write(out),
            NodeKind::AnyChar => out.push_str("(?s:.)"),
            NodeKind::AnyCharNotNl => out.push_str("[^\\n]"),
            NodeKind::BeginLine => out.push_str("(?m:^)"),
            NodeKind::EndLine => out.push_str("(?m:$)"),
            NodeKind::BeginText => out.push_str("\\A"),
            NodeKind::EndText => out.push_str("\\z"),
            // Go's word boundaries are ASCII ones.
            NodeKind::WordBoundary => out.push_str("(?-u:\\b)"),
            NodeKind::NoWordBoundary => out.push_str("(?-u:\\B)"),
            NodeKind::Capture(sub) => {
                out.push('(');
                sub.write(out);
                out.push(')');
            }
            NodeKind::Repeat { kind, greedy, sub } => {
                out.push_str("(?:");
                sub.write(out);
                out.push(')');
                match kind {
                    RepeatKind::Star => out.push('*'),
                    RepeatKind::Plus => out.push('+'),
                    RepeatKind::Quest => out.push('?'),
                    RepeatKind::Range { min, max: None } => {
                        let _ = write!(out, "{{{min},}}");
                    }
                    RepeatKind::Range {
                        min,
                        max: Some(max),
                    } => {
                        let _ = write!(out, "{{{min},{max}}}");
                    }
                }
                if !greedy {
                    out.push('?');
                }
            }
            NodeKind::Concat(subs) => subs.iter().for_each(|n| n.write(out)),
            NodeKind::Alternate(subs) => {
                out.push_str("(?:");
                for (i, n) in subs.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    n.write(out);
                }
                out.push(')');
            }
        }
    }
}

/// A class that matches nothing.
const NOTHING: &str = "[^\\x{0}-\\x{10FFFF}]";

fn write_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() {
        out.push(c);
    } else {
        let _ = write!(out, "\\x{{{:X}}}", c as u32);
    }
}

impl Class {
    fn write(&self, out: &mut String) {
        if self.fold {
            out.push_str("(?i:");
        }
        out.push('[');
        if self.negated {
            out.push('^');
        }
        let start = out.len();
        for item in &self.items {
            match item {
                ClassItem::Range(lo, hi) => write_range(out, *lo, *hi),
                ClassItem::Ranges { ranges, negated } => {
                    out.push_str(if *negated { "[^" } else { "[" });
                    ranges.iter().for_each(|&(lo, hi)| write_range(out, lo, hi));
                    out.push(']');
                }
                ClassItem::Unicode { class, negated } => class.write(out, *negated),
            }
        }
        if out.len() == start {
            // Only surrogates, which never match.
            out.push_str(NOTHING);
        }
        out.push(']');
        if self.fold {
            out.push(')');
        }
    }
}

/// A range of code points, less the surrogates, which text never holds.
fn write_range(out: &mut String, lo: u32, hi: u32) {
    let lo = if (0xD800..0xE000).contains(&lo) {
        0xE000
    } else {
        lo
    };
    let hi = if (0xD800..0xE000).contains(&hi) {
        0xD7FF
    } else {
        hi
    };
    let (Some(lo), Some(hi)) = (char::from_u32(lo), char::from_u32(hi)) else {
        return;
    };
    if lo > hi {
        return;
    }
    write_char_in_class(out, lo);
    if hi != lo {
        out.push('-');
        write_char_in_class(out, hi);
    }
}

fn write_char_in_class(out: &mut String, c: char) {
    let _ = write!(out, "\\x{{{:X}}}", c as u32);
}

impl UnicodeClass {
    /// As a class item, inside brackets.
    fn write(self, out: &mut String, negated: bool) {
        let p = if negated { 'P' } else { 'p' };
        match self {
            UnicodeClass::Any => out.push_str(if negated {
                "[^\\x{0}-\\x{10FFFF}]"
            } else {
                "[\\x{0}-\\x{10FFFF}]"
            }),
            // Go's `C` is `Cc|Cf|Co|Cs`, without the unassigned code
            // points that Unicode's `C` has.
            UnicodeClass::Category("C") => {
                out.push_str(if negated { "[^" } else { "[" });
                out.push_str("\\p{gc=Cc}\\p{gc=Cf}\\p{gc=Co}]");
            }
            // Surrogates never occur in text.
            UnicodeClass::Category("Cs") => out.push_str(if negated {
                "[\\x{0}-\\x{10FFFF}]"
            } else {
                NOTHING
            }),
            UnicodeClass::Category(name) => {
                let _ = write!(out, "\\{p}{{gc={name}}}");
            }
            UnicodeClass::Script(name) => {
                let _ = write!(out, "\\{p}{{sc={name}}}");
            }
        }
    }
}
