// Go port: mirrors go-yaml's `yaml_emitter_emit`; libyaml-safer's emitter fails encoding.txt:865/878/973 (no `...`) and :907 (😀, BOM).
//! `yamlencode`'s output: go-yaml's emitter (as vendored in go-cty-yaml)
//! for the events go-cty-yaml sends it. Strings are requested
//! double-quoted, or literal when they hold a line break; numbers, bools
//! and null plain; collections in block style, empty ones in flow style.
//! The emitter's own rules then decide the final style, indentation and
//! line folding at 80 columns.

use tofu_types::{Type, Value};

use super::super::MAX_RESULT_BYTES;

const BEST_INDENT: i32 = 2;
const BEST_WIDTH: usize = 80;
/// Longest scalar go-yaml writes as a simple `key: value` key.
const MAX_SIMPLE_KEY: usize = 128;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Requested only for numbers, bools and `null`, which plain style
    /// always takes (go-yaml's single-quoted fallback is never needed).
    Plain,
    DoubleQuoted,
    Literal,
}

/// go-yaml's `yaml_emitter_analyze_scalar` results.
struct Analysis {
    multiline: bool,
    block_plain_allowed: bool,
    block_allowed: bool,
}

fn is_printable(c: char) -> bool {
    matches!(c, '\n' | ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        && c != '\u{feff}'
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn analyze(value: &str) -> Analysis {
    if value.is_empty() {
        return Analysis {
            multiline: false,
            block_plain_allowed: true,
            block_allowed: false,
        };
    }
    let mut block_indicators = value.starts_with("---") || value.starts_with("...");
    let (mut line_breaks, mut special) = (false, false);
    let (mut leading_space, mut leading_break) = (false, false);
    let (mut trailing_space, mut trailing_break) = (false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let mut preceded_by_whitespace = true;
    let mut chars = value.chars().peekable();
    let mut first = true;
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let followed_by_whitespace = next.is_none_or(is_blank);
        if first {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => block_indicators = true,
                '?' | ':' | '-' if followed_by_whitespace => block_indicators = true,
                _ => {}
            }
        } else {
            match c {
                ':' if followed_by_whitespace => block_indicators = true,
                '#' if preceded_by_whitespace => block_indicators = true,
                _ => {}
            }
        }
        special |= !is_printable(c);
        let last = next.is_none();
        if c == ' ' {
            leading_space |= first;
            trailing_space |= last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            line_breaks = true;
            leading_break |= first;
            trailing_break |= last;
            space_break |= previous_space;
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = is_blank(c) || is_break(c) || c == '\0';
        first = false;
    }
    let mut analysis = Analysis {
        multiline: line_breaks,
        block_plain_allowed: true,
        block_allowed: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        analysis.block_plain_allowed = false;
    }
    if trailing_space {
        analysis.block_allowed = false;
    }
    if break_space {
        analysis.block_plain_allowed = false;
    }
    if space_break || special {
        analysis.block_plain_allowed = false;
        analysis.block_allowed = false;
    }
    if line_breaks || block_indicators {
        analysis.block_plain_allowed = false;
    }
    analysis
}

/// Where a node is written, as go-yaml's emitter contexts.
#[derive(Clone, Copy, Default)]
struct Context {
    root: bool,
    mapping: bool,
    simple_key: bool,
}

struct Emitter {
    out: String,
    column: usize,
    indent: i32,
    indents: Vec<i32>,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
    mapping_context: bool,
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn check_size(&self) -> Result<(), String> {
        if self.out.len() > MAX_RESULT_BYTES {
            return Err(format!(
                "the result would be larger than {} MiB",
                MAX_RESULT_BYTES >> 20
            ));
        }
        Ok(())
    }

    fn node(&mut self, value: &Value, context: Context) -> Result<(), String> {
        self.check_size()?;
        self.mapping_context = context.mapping;
        if value.is_null() {
            self.scalar("null", Style::Plain, context);
            return Ok(());
        }
        if !value.is_known() {
            return Err("cannot serialize unknown value as YAML".to_owned());
        }
        match value.ty() {
            Type::String => {
                let s = value.as_str().unwrap_or_default();
                let style = if s.contains('\n') {
                    Style::Literal
                } else {
                    Style::DoubleQuoted
                };
                self.scalar(s, style, context);
            }
            Type::Number => {
                let n = value
                    .as_number()
                    .ok_or("cannot serialize unknown value as YAML")?;
                let text = n.to_text().map_err(|e| e.to_string())?;
                self.scalar(&text, Style::Plain, context);
            }
            Type::Bool => {
                let text = if value.as_bool() == Some(true) {
                    "true"
                } else {
                    "false"
                };
                self.scalar(text, Style::Plain, context);
            }
            Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
                self.sequence(value.elements().unwrap_or_default())?;
            }
            Type::Map(_) | Type::Object(_) => {
                if let Some(entries) = value.entries() {
                    self.mapping(entries)?;
                }
            }
            Type::Dynamic => return Err("cannot serialize unknown value as YAML".to_owned()),
            Type::TypeCapsule => return Err("cannot serialize capsule value as YAML".to_owned()),
        }
        Ok(())
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.increase_indent(true, false);
        self.pop_indent();
        self.write_indicator(close, false, false, false);
    }

    fn sequence(&mut self, elements: &[Value]) -> Result<(), String> {
        if elements.is_empty() {
            self.empty_flow("[", "]");
            return Ok(());
        }
        let indentless = self.mapping_context && !self.indention;
        self.increase_indent(false, indentless);
        for element in elements {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            self.node(element, Context::default())?;
        }
        self.pop_indent();
        Ok(())
    }

    fn mapping(&mut self, entries: &tofu_types::Entries) -> Result<(), String> {
        if entries.is_empty() {
            self.empty_flow("{", "}");
            return Ok(());
        }
        self.increase_indent(false, false);
        for (key, value) in entries {
            self.write_indent();
            let analysis = analyze(key);
            let simple = !analysis.multiline && key.len() <= MAX_SIMPLE_KEY;
            let style = if key.contains('\n') {
                Style::Literal
            } else {
                Style::DoubleQuoted
            };
            let key_context = Context {
                root: false,
                mapping: true,
                simple_key: simple,
            };
            let value_context = Context {
                root: false,
                mapping: true,
                simple_key: false,
            };
            if simple {
                self.scalar(key, style, key_context);
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.scalar(key, style, key_context);
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            self.node(value, value_context)?;
        }
        self.pop_indent();
        Ok(())
    }

    /// go-yaml's `yaml_emitter_emit_scalar` with its style selection.
    fn scalar(&mut self, value: &str, requested: Style, context: Context) {
        let analysis = analyze(value);
        let mut style = requested;
        if context.simple_key && analysis.multiline {
            style = Style::DoubleQuoted;
        }
        debug_assert!(style != Style::Plain || analysis.block_plain_allowed);
        if style == Style::Literal && (!analysis.block_allowed || context.simple_key) {
            style = Style::DoubleQuoted;
        }
        self.increase_indent(true, false);
        match style {
            Style::Plain => self.plain(value, context.root),
            Style::DoubleQuoted => self.double_quoted(value, !context.simple_key),
            Style::Literal => self.literal(value),
        }
        self.pop_indent();
    }

    /// Only numbers, bools and `null` are written plain, and they hold no
    /// spaces or breaks.
    fn plain(&mut self, value: &str, root: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        for c in value.chars() {
            self.put(c);
        }
        self.whitespace = false;
        self.indention = false;
        if root {
            self.open_ended = true;
        }
    }

    fn double_quoted(&mut self, value: &str, allow_breaks: bool) {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        self.write_indicator("\"", true, false, false);
        // go-yaml's BOM check looks at the start of the value, so a
        // leading BOM escapes every character.
        let bom = value.starts_with('\u{feff}');
        let bytes = value.as_bytes();
        let mut spaces = false;
        for (i, c) in value.char_indices() {
            if !is_printable(c) || bom || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    _ => {
                        let v = c as u32;
                        let (marker, digits) = match v {
                            0..=0xff => ('x', 2),
                            0x100..=0xffff => ('u', 4),
                            _ => ('U', 8),
                        };
                        self.put(marker);
                        for k in (0..digits).rev() {
                            self.put(char::from(HEX[((v >> (k * 4)) & 15) as usize]));
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i + 1 < bytes.len()
                {
                    self.write_indent();
                    if bytes.get(i + 1) == Some(&b' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn block_hints(&mut self, value: &str) {
        if value.starts_with(|c: char| c == ' ' || is_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = false;
        let mut tail = value.chars().rev();
        let chomp = match (tail.next(), tail.next()) {
            (None, _) => Some("-"),
            (Some(last), _) if !is_break(last) => Some("-"),
            (Some(_), None) => Some("+"),
            (Some(_), Some(before)) if is_break(before) => Some("+"),
            _ => None,
        };
        if let Some(chomp) = chomp {
            // Writing the indicator clears the open-ended flag again.
            self.write_indicator(chomp, false, false, false);
        }
    }

    fn literal(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        self.block_hints(value);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in value.chars() {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

/// go-cty-yaml's `Marshal` of a wholly known value.
pub(super) fn encode(value: &Value) -> Result<String, String> {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        indent: -1,
        indents: Vec::new(),
        whitespace: true,
        indention: true,
        open_ended: false,
        mapping_context: false,
    };
    e.node(
        value,
        Context {
            root: true,
            ..Context::default()
        },
    )?;
    // Document end, then stream end.
    e.write_indent();
    if e.open_ended {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    e.check_size()?;
    Ok(e.out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(v: Value) -> String {
        encode(&v).unwrap()
    }

    #[test]
    fn go_yaml_output() {
        assert_eq!(yaml(Value::int(1)), "1\n...\n");
        assert_eq!(yaml(Value::string("a")), "\"a\"\n");
        assert_eq!(yaml(Value::string("a\nb\n\n")), "|+\n  a\n  b\n\n");
        assert_eq!(yaml(Value::tuple(vec![Value::string("\n")])), "- |2+\n\n");
        assert_eq!(
            yaml(Value::tuple(vec![
                Value::string("\ttab"),
                Value::string("😀"),
                Value::string("\u{feff}ab"),
                Value::string(" lead\nx"),
                Value::string("trail \nx"),
                Value::string("x\n"),
            ])),
            "- \"\\ttab\"\n- \"\\U0001F600\"\n- \"\\uFEFF\\x61\\x62\"\n- |2-\n   lead\n  x\n- \"trail \\nx\"\n- |\n  x\n"
        );
        assert_eq!(
            yaml(Value::object([
                ("a", Value::string("x y")),
                ("b", Value::string("line\nline2")),
                (
                    "c",
                    Value::tuple(vec![
                        Value::int(1),
                        Value::bool(true),
                        Value::null(Type::Dynamic)
                    ])
                ),
            ])),
            "\"a\": \"x y\"\n\"b\": |-\n  line\n  line2\n\"c\":\n- 1\n- true\n- null\n"
        );
        let words = ["word"; 20].join(" ");
        assert_eq!(
            yaml(Value::object([("a", Value::string(&words))])),
            format!(
                "\"a\": \"{}\n  {}\"\n",
                ["word"; 16].join(" "),
                ["word"; 4].join(" ")
            )
        );
        let long_key = "x".repeat(130);
        assert_eq!(
            yaml(Value::object([
                ("k\nk", Value::int(1)),
                (long_key.as_str(), Value::empty_object())
            ])),
            format!("? |-\n  k\n  k\n: 1\n? \"{long_key}\"\n: {{}}\n")
        );
        assert_eq!(
            yaml(Value::tuple(vec![
                Value::empty_tuple(),
                Value::empty_object(),
                Value::tuple(vec![Value::tuple(vec![Value::int(1)])]),
            ])),
            "- []\n- {}\n- - - 1\n"
        );
    }
}
