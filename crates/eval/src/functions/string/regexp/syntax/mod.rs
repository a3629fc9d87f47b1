// Go port of `regexp/syntax.Parse`: OpenTofu shows its error texts, and Go's meaning is made explicit for `regex`.
//! Go's `regexp/syntax` parser, for its errors and its meaning.
//!
//! OpenTofu compiles patterns with Go's `regexp.Compile` (RE2 syntax, Perl
//! flags). The `regex` crate is close but not the same: its `\d`, `\w`,
//! `\s` and `\b` are Unicode-aware where Go's are ASCII, it rejects
//! escapes, names and repetitions Go accepts and accepts property names Go
//! rejects. So patterns are parsed here as Go parses them, with Go's stack
//! machine, its error codes and the text each error quotes, and the tree
//! is written back out in `regex` syntax with Go's meaning spelled out.

mod atoms;
#[cfg(test)]
mod tests;

use atoms::{class_char, escape, perl_class, posix_class, unicode_class};

use super::tree::{Class, ClassItem, Node, NodeKind, RepeatKind};

/// A Go `*syntax.Error`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub code: &'static str,
    pub expr: String,
}

impl std::fmt::Display for SyntaxError {
    /// Go's `Error()`, which `replace` reports.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

pub(super) const INVALID_CHAR_RANGE: &str = "invalid character class range";
pub(super) const INVALID_ESCAPE: &str = "invalid escape sequence";
const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
pub(super) const MISSING_BRACKET: &str = "missing closing ]";
const MISSING_PAREN: &str = "missing closing )";
const MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
pub(super) const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
const UNEXPECTED_PAREN: &str = "unexpected )";
const NESTING_DEPTH: &str = "expression nests too deeply";
pub(crate) const LARGE: &str = "expression too large";

/// Go's `maxRepeat`: the largest count, and the largest product of
/// nested counts.
const MAX_REPEAT: i64 = 1000;
/// Go's `maxHeight`.
const MAX_HEIGHT: u32 = 1000;
/// Go's `maxSize`: 128 MB of 40-byte instructions.
const MAX_SIZE: i64 = (128 << 20) / 40;

pub(super) fn error(code: &'static str, expr: &str) -> SyntaxError {
    SyntaxError {
        code,
        expr: expr.to_owned(),
    }
}

/// The part of `s` before its suffix `rest`.
pub(super) fn before<'a>(s: &'a str, rest: &str) -> &'a str {
    &s[..s.len() - rest.len()]
}

#[derive(Debug, Clone, Copy)]
struct Flags {
    fold: bool,
    dot_nl: bool,
    one_line: bool,
    non_greedy: bool,
}

/// Go's parse stack: expressions and the pseudo-operators `(` and `|`.
enum Item {
    Node(Node),
    LeftParen { capture: bool, flags: Flags },
    VerticalBar,
}

/// A parsed pattern: the tree and the name of each capture group (empty
/// for unnamed ones), in order.
pub(crate) struct Parsed {
    pub tree: Node,
    pub names: Vec<String>,
}

struct Parser<'a> {
    whole: &'a str,
    flags: Flags,
    stack: Vec<Item>,
    names: Vec<String>,
    /// Go's cheap test for when to start measuring sizes: the nodes made
    /// so far and the product of the repetition counts seen.
    nodes: i64,
    repeats: i64,
    measuring: bool,
}

pub(crate) fn parse(pattern: &str) -> Result<Parsed, SyntaxError> {
    let mut p = Parser {
        whole: pattern,
        flags: Flags {
            fold: false,
            dot_nl: false,
            one_line: true,
            non_greedy: false,
        },
        stack: Vec::new(),
        names: Vec::new(),
        nodes: 0,
        repeats: 1,
        measuring: false,
    };
    let mut t = pattern;
    let mut last_repeat = "";
    while let Some(&b) = t.as_bytes().first() {
        let mut repeat = "";
        match b {
            b'(' if t.as_bytes().get(1) == Some(&b'?') => t = p.perl_flags(t)?,
            b'(' => {
                p.names.push(String::new());
                p.left_paren(true);
                t = &t[1..];
            }
            b'|' => {
                p.vertical_bar()?;
                t = &t[1..];
            }
            b')' => {
                p.right_paren()?;
                t = &t[1..];
            }
            b'^' | b'$' | b'.' => {
                let kind = match (b, p.flags.one_line, p.flags.dot_nl) {
                    (b'^', true, _) => NodeKind::BeginText,
                    (b'^', false, _) => NodeKind::BeginLine,
                    (b'$', true, _) => NodeKind::EndText,
                    (b'$', false, _) => NodeKind::EndLine,
                    (_, _, true) => NodeKind::AnyChar,
                    (_, _, false) => NodeKind::AnyCharNotNl,
                };
                p.push(Node::leaf(kind))?;
                t = &t[1..];
            }
            b'[' => t = p.class(t)?,
            b'*' | b'+' | b'?' => {
                let kind = match b {
                    b'*' => RepeatKind::Star,
                    b'+' => RepeatKind::Plus,
                    _ => RepeatKind::Quest,
                };
                let after = p.repeat(kind, t, &t[1..], last_repeat)?;
                repeat = t;
                t = after;
            }
            b'{' => match repeat_range(t) {
                None => {
                    p.literal('{' as u32)?;
                    t = &t[1..];
                }
                Some((min, max, after)) => {
                    if !(0..=MAX_REPEAT).contains(&min) || max > MAX_REPEAT || max >= 0 && min > max
                    {
                        return Err(error(INVALID_REPEAT_SIZE, before(t, after)));
                    }
                    let kind = RepeatKind::Range {
                        min: min as u32,
                        max: u32::try_from(max).ok(),
                    };
                    let after = p.repeat(kind, t, after, last_repeat)?;
                    repeat = t;
                    t = after;
                }
            },
            b'\\' => t = p.backslash(t)?,
            _ => {
                let c = t.chars().next().unwrap_or_default();
                p.literal(c as u32)?;
                t = &t[c.len_utf8()..];
            }
        }
        last_repeat = repeat;
    }
    p.concat()?;
    if p.swap_vertical_bar() {
        p.stack.pop();
    }
    p.alternate()?;
    match (p.stack.pop(), p.stack.is_empty()) {
        (Some(Item::Node(tree)), true) => Ok(Parsed {
            tree,
            names: p.names,
        }),
        _ => Err(error(MISSING_PAREN, pattern)),
    }
}

impl Parser<'_> {
    /// Pushes an expression and applies Go's size and depth limits.
    fn push(&mut self, node: Node) -> Result<(), SyntaxError> {
        // Go merges a literal into a literal below it and reuses the node.
        let merges = match (&node.kind, self.stack.last()) {
            (NodeKind::Literal { fold, .. }, Some(Item::Node(below))) => {
                matches!(below.kind, NodeKind::Literal { fold: f, .. } if f == *fold)
            }
            _ => false,
        };
        if !merges {
            self.nodes += 1;
        }
        self.check_limits(&node)?;
        self.stack.push(Item::Node(node));
        Ok(())
    }

    /// Go's `checkLimits`. Sizes are only measured once the nodes made,
    /// times the repetition counts seen, could exceed the limit.
    fn check_limits(&mut self, node: &Node) -> Result<(), SyntaxError> {
        if !self.measuring {
            if let NodeKind::Repeat {
                kind: RepeatKind::Range { min, max },
                ..
            } = node.kind
            {
                let n = i64::from(max.unwrap_or(min)).max(1);
                self.repeats = if n > MAX_SIZE / self.repeats {
                    MAX_SIZE
                } else {
                    self.repeats * n
                };
            }
            if self.nodes >= MAX_SIZE / self.repeats {
                self.measuring = true;
                let any_large = self
                    .stack
                    .iter()
                    .any(|i| matches!(i, Item::Node(n) if n.size > MAX_SIZE));
                if any_large {
                    return Err(error(LARGE, self.whole));
                }
            }
        }
        if self.measuring && node.size > MAX_SIZE {
            return Err(error(LARGE, self.whole));
        }
        if node.height > MAX_HEIGHT {
            return Err(error(NESTING_DEPTH, self.whole));
        }
        Ok(())
    }

    fn literal(&mut self, c: u32) -> Result<(), SyntaxError> {
        let fold = self.flags.fold;
        self.push(Node::leaf(NodeKind::Literal { c, fold }))
    }

    fn left_paren(&mut self, capture: bool) {
        self.stack.push(Item::LeftParen {
            capture,
            flags: self.flags,
        });
    }

    /// Go's `repeat`: `before` starts at the operator, `after` follows it.
    fn repeat<'t>(
        &mut self,
        kind: RepeatKind,
        before_op: &'t str,
        after: &'t str,
        last_repeat: &str,
    ) -> Result<&'t str, SyntaxError> {
        let mut after = after;
        let mut non_greedy = self.flags.non_greedy;
        if let Some(rest) = after.strip_prefix('?') {
            after = rest;
            non_greedy = !non_greedy;
        }
        if !last_repeat.is_empty() {
            // Perl forbids stacked repetitions such as `a**`.
            return Err(error(INVALID_REPEAT_OP, before(last_repeat, after)));
        }
        if !matches!(self.stack.last(), Some(Item::Node(_))) {
            return Err(error(MISSING_REPEAT_ARGUMENT, before(before_op, after)));
        }
        let Some(Item::Node(sub)) = self.stack.pop() else {
            return Err(error(MISSING_REPEAT_ARGUMENT, before(before_op, after)));
        };
        let node = Node::repeat(kind, !non_greedy, sub);
        self.nodes += 1;
        self.check_limits(&node)?;
        let counted = matches!(kind, RepeatKind::Range { min, max } if min >= 2 || max.is_some_and(|m| m >= 2));
        if counted && !repeat_is_valid(&node, MAX_REPEAT) {
            return Err(error(INVALID_REPEAT_SIZE, before(before_op, after)));
        }
        self.stack.push(Item::Node(node));
        Ok(after)
    }

    /// Go's `concat`: the expressions above the topmost pseudo-operator.
    fn concat(&mut self) -> Result<(), SyntaxError> {
        let subs = self.pop_nodes();
        let node = match subs.len() {
            0 => Node::leaf(NodeKind::Empty),
            1 => subs
                .into_iter()
                .next()
                .unwrap_or_else(|| Node::leaf(NodeKind::Empty)),
            _ => Node::concat(subs),
        };
        self.push(node)
    }

    /// Go's `alternate`: the alternatives below the topmost `(`.
    fn alternate(&mut self) -> Result<(), SyntaxError> {
        let subs = self.pop_nodes();
        let node = match subs.len() {
            0 => Node::leaf(NodeKind::NoMatch),
            1 => subs
                .into_iter()
                .next()
                .unwrap_or_else(|| Node::leaf(NodeKind::NoMatch)),
            _ => Node::alternate(subs),
        };
        self.push(node)
    }

    fn pop_nodes(&mut self) -> Vec<Node> {
        let start = self
            .stack
            .iter()
            .rposition(|i| !matches!(i, Item::Node(_)))
            .map_or(0, |i| i + 1);
        self.stack
            .drain(start..)
            .filter_map(|i| match i {
                Item::Node(n) => Some(n),
                _ => None,
            })
            .collect()
    }

    fn vertical_bar(&mut self) -> Result<(), SyntaxError> {
        self.concat()?;
        if !self.swap_vertical_bar() {
            self.stack.push(Item::VerticalBar);
        }
        Ok(())
    }

    /// Go's `swapVerticalBar`: keeps the `|` above the alternatives parsed
    /// so far. (Go also merges single characters into one class here,
    /// which does not change what matches.)
    fn swap_vertical_bar(&mut self) -> bool {
        let n = self.stack.len();
        if n >= 2 && matches!(self.stack[n - 2], Item::VerticalBar) {
            self.stack.swap(n - 2, n - 1);
            return true;
        }
        false
    }

    fn right_paren(&mut self) -> Result<(), SyntaxError> {
        self.concat()?;
        if self.swap_vertical_bar() {
            self.stack.pop();
        }
        self.alternate()?;
        let (Some(Item::Node(sub)), Some(Item::LeftParen { capture, flags })) =
            (self.stack.pop(), self.stack.pop())
        else {
            return Err(error(UNEXPECTED_PAREN, self.whole));
        };
        self.flags = flags;
        let node = if capture { Node::capture(sub) } else { sub };
        self.push(node)
    }

    /// Go's `parsePerlFlags`: named groups, flag changes and
    /// non-capturing groups; `s` starts with `(?`.
    fn perl_flags<'t>(&mut self, s: &'t str) -> Result<&'t str, SyntaxError> {
        let bytes = s.as_bytes();
        let starts_with_p = bytes.len() > 4 && bytes[2] == b'P' && bytes[3] == b'<';
        let starts_with_name = bytes.len() > 3 && bytes[2] == b'<';
        if starts_with_p || starts_with_name {
            let name_start = if starts_with_p { 4 } else { 3 };
            let Some(end) = s.find('>') else {
                return Err(error(INVALID_NAMED_CAPTURE, s));
            };
            let name = &s[name_start..end];
            if name.is_empty() || !name.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric()) {
                return Err(error(INVALID_NAMED_CAPTURE, &s[..=end]));
            }
            self.names.push(name.to_owned());
            self.left_paren(true);
            return Ok(&s[end + 1..]);
        }
        let mut t = &s[2..];
        let mut flags = self.flags;
        let mut negated = false;
        let mut saw_flag = false;
        while let Some(c) = t.chars().next() {
            t = &t[c.len_utf8()..];
            let on = !negated;
            match c {
                'i' => flags.fold = on,
                'm' => flags.one_line = !on,
                's' => flags.dot_nl = on,
                'U' => flags.non_greedy = on,
                '-' if !negated => {
                    negated = true;
                    saw_flag = false;
                    continue;
                }
                ':' | ')' if !negated || saw_flag => {
                    if c == ':' {
                        self.left_paren(false);
                    }
                    self.flags = flags;
                    return Ok(t);
                }
                _ => break,
            }
            saw_flag = true;
        }
        Err(error(INVALID_PERL_OP, before(s, t)))
    }

    /// A backslash outside a class: an assertion, `\Q…\E`, a class
    /// escape or an escaped character.
    fn backslash<'t>(&mut self, t: &'t str) -> Result<&'t str, SyntaxError> {
        match t.as_bytes().get(1) {
            Some(b'A') => {
                self.push(Node::leaf(NodeKind::BeginText))?;
                return Ok(&t[2..]);
            }
            Some(b'b') => {
                self.push(Node::leaf(NodeKind::WordBoundary))?;
                return Ok(&t[2..]);
            }
            Some(b'B') => {
                self.push(Node::leaf(NodeKind::NoWordBoundary))?;
                return Ok(&t[2..]);
            }
            Some(b'C') => return Err(error(INVALID_ESCAPE, &t[..2])),
            Some(b'Q') => {
                let (lit, rest) = t[2..].split_once("\\E").unwrap_or((&t[2..], ""));
                for c in lit.chars() {
                    self.literal(c as u32)?;
                }
                return Ok(rest);
            }
            Some(b'z') => {
                self.push(Node::leaf(NodeKind::EndText))?;
                return Ok(&t[2..]);
            }
            _ => {}
        }
        let fold = self.flags.fold;
        if let Some((item, rest)) = unicode_class(t)? {
            self.push(Node::class(Class::single(item, fold)))?;
            return Ok(rest);
        }
        if let Some((item, rest)) = perl_class(t) {
            self.push(Node::class(Class::single(item, fold)))?;
            return Ok(rest);
        }
        let (c, rest) = escape(t)?;
        self.literal(c)?;
        Ok(rest)
    }

    /// Go's `parseClass`: `s` starts with `[`.
    fn class<'t>(&mut self, s: &'t str) -> Result<&'t str, SyntaxError> {
        let mut t = &s[1..];
        let negated = t.starts_with('^');
        if negated {
            t = &t[1..];
        }
        let mut items = Vec::new();
        let mut first = true;
        while first || !t.starts_with(']') {
            first = false;
            if t.len() > 2
                && t.starts_with("[:")
                && let Some((item, rest)) = posix_class(t)?
            {
                items.push(item);
                t = rest;
                continue;
            }
            if let Some((item, rest)) = unicode_class(t)? {
                items.push(item);
                t = rest;
                continue;
            }
            if let Some((item, rest)) = perl_class(t) {
                items.push(item);
                t = rest;
                continue;
            }
            let range = t;
            let (lo, rest) = class_char(t, s)?;
            t = rest;
            let mut hi = lo;
            // `[a-]` is `a` and `-`.
            if t.len() >= 2 && t.starts_with('-') && !t[1..].starts_with(']') {
                let (h, rest) = class_char(&t[1..], s)?;
                t = rest;
                hi = h;
                if hi < lo {
                    return Err(error(INVALID_CHAR_RANGE, before(range, t)));
                }
            }
            items.push(ClassItem::Range(lo, hi));
        }
        let fold = self.flags.fold;
        self.push(Node::class(Class {
            negated,
            fold,
            items,
        }))?;
        Ok(&t[1..])
    }
}

/// Go's `repeatIsValid`: nested counted repetitions multiply.
fn repeat_is_valid(node: &Node, n: i64) -> bool {
    let mut n = n;
    if let NodeKind::Repeat {
        kind: RepeatKind::Range { min, max },
        ..
    } = node.kind
    {
        let m = match max {
            Some(0) => return true,
            Some(m) => i64::from(m),
            None => i64::from(min),
        };
        if m > n {
            return false;
        }
        if m > 0 {
            n /= m;
        }
    }
    node.children().all(|sub| repeat_is_valid(sub, n))
}

/// Go's `parseRepeat`: `{n}`, `{n,}` or `{n,m}`, with -1 for a count too
/// large and max -1 for no maximum; `None` if `s` is not one, and then
/// the `{` is a literal.
fn repeat_range(s: &str) -> Option<(i64, i64, &str)> {
    let s = s.strip_prefix('{')?;
    let (mut min, s) = decimal(s)?;
    let (max, s) = match s.strip_prefix(',') {
        None => (min, s),
        Some("") => return None,
        Some(s) if s.starts_with('}') => (-1, s),
        Some(s) => {
            let (max, s) = decimal(s)?;
            if max < 0 {
                min = -1;
            }
            (max, s)
        }
    };
    Some((min, max, s.strip_prefix('}')?))
}

/// Go's `parseInt`: digits without a leading zero, -1 when too large.
fn decimal(s: &str) -> Option<(i64, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits >= 2 && s.starts_with('0') {
        return None;
    }
    let mut n: i64 = 0;
    for b in s[..digits].bytes() {
        if n >= 100_000_000 {
            n = -1;
            break;
        }
        n = n * 10 + i64::from(b - b'0');
    }
    Some((n, &s[digits..]))
}
