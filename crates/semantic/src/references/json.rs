//! References in JSON-syntax files, found as HCL's `json` package finds an
//! expression's variables: every string (object keys included) is a
//! template, parsed at the string's position, and its traversals are the
//! references; numbers, bools and null have none. Which properties of a
//! block are expressions follows the native rules: the same address
//! arguments are skipped, `dynamic` iterators are bound in their blocks,
//! and `depends_on` holds traversals (`hcl.AbsTraversalForExpr`), not
//! templates.

use std::borrow::Cow;
use std::sync::Arc;

use tofu_syntax::ast::{
    AstNode, Expr, ExpressionFile, TemplateFile, TemplateNode, template_structure,
};
use tofu_syntax::json::{JsonScalarKind, JsonValue, decode_string, is_comment_key};
use tofu_syntax::{SyntaxKind, SyntaxToken, TextRange, TextSize, trimmed_range};

use super::{
    BlockScope, Parsed, Reference, ReferenceContext, expr_references, has_self_object,
    is_address_argument_name,
};
use crate::addrs::traversal::variable_traversal;
use crate::declarations::DeclKind;
use crate::input::SourceFile;

/// The references of a JSON expression (a local value's).
pub(super) fn collect_expression(
    value: &JsonValue,
    from: &Arc<DeclKind>,
    scope: &BlockScope,
    file: SourceFile,
    out: &mut Vec<Reference>,
) {
    let mut walk = Walk::new(from, scope, file, out);
    walk.expression(value, scope.context(false, false, false));
}

/// The references of a top-level block's JSON body.
pub(super) fn collect_body(
    value: &JsonValue,
    block_type: &str,
    from: &Arc<DeclKind>,
    scope: &BlockScope,
    file: SourceFile,
    out: &mut Vec<Reference>,
) {
    let mut walk = Walk::new(from, scope, file, out);
    walk.body(value, block_type, true);
}

/// A walk over one top-level block.
struct Walk<'a> {
    from: &'a Arc<DeclKind>,
    scope: &'a BlockScope,
    file: SourceFile,
    out: &'a mut Vec<Reference>,
    /// Names bound by the iterators of the enclosing `dynamic` blocks.
    bound: Vec<String>,
    /// Inside a provisioner, connection or postcondition.
    self_object: bool,
}

impl<'a> Walk<'a> {
    fn new(
        from: &'a Arc<DeclKind>,
        scope: &'a BlockScope,
        file: SourceFile,
        out: &'a mut Vec<Reference>,
    ) -> Walk<'a> {
        Walk {
            from,
            scope,
            file,
            out,
            bound: Vec::new(),
            self_object: false,
        }
    }

    /// A block body of type `block_type` (`top` for the top-level block's
    /// own body): its properties are arguments or nested blocks.
    fn body(&mut self, value: &JsonValue, block_type: &str, top: bool) {
        for (name, value) in members(value) {
            let Some(value) = value else { continue };
            let name = name.as_str();
            if is_comment_key(name) {
                continue;
            }
            if top && self.scope.nested_blocks_only {
                if name == "validation" {
                    self.blocks(&value, 0, name);
                }
                continue;
            }
            if top && self.scope.backend_blocks_only {
                match name {
                    "backend" => self.blocks(&value, 1, name),
                    "cloud" => self.blocks(&value, 0, name),
                    _ => {}
                }
                continue;
            }
            if is_address_argument_name(name, block_type) {
                continue;
            }
            if top && name == "depends_on" {
                self.depends_on(&value);
                continue;
            }
            let labels = match name {
                "dynamic" => {
                    self.dynamic(&value);
                    continue;
                }
                "lifecycle" if top => Some(0),
                "provisioner" if top => Some(1),
                "connection" if top || block_type == "provisioner" => Some(0),
                "precondition" | "postcondition" if top || block_type == "lifecycle" => Some(0),
                "assert" if top && block_type == "check" => Some(0),
                "data" if top && block_type == "check" => Some(2),
                "content" if block_type == "dynamic" => Some(0),
                _ => None,
            };
            match labels {
                Some(labels) => self.blocks(&value, labels, name),
                None => {
                    let meta_argument = top && matches!(name, "count" | "for_each");
                    let context = self.scope.context(meta_argument, self.self_object, false);
                    self.expression(&value, context);
                }
            }
        }
    }

    /// Blocks of `block_type` with `labels` levels of label properties
    /// before each body.
    fn blocks(&mut self, value: &JsonValue, labels: usize, block_type: &str) {
        if labels > 0 {
            for (_, value) in members(value) {
                if let Some(value) = value {
                    self.blocks(&value, labels - 1, block_type);
                }
            }
            return;
        }
        let outer = self.self_object;
        self.self_object |= has_self_object(block_type);
        self.body(value, block_type, false);
        self.self_object = outer;
    }

    /// `"dynamic": {"NAME": {"for_each": ..., "iterator": ..., "content": {...}}}`:
    /// the iterator (NAME, or the `iterator` argument) is bound in the
    /// block.
    fn dynamic(&mut self, value: &JsonValue) {
        for (label, body) in members(value) {
            let Some(body) = body else { continue };
            let iterator = members(&body)
                .into_iter()
                .find(|(name, _)| name == "iterator")
                .and_then(|(_, value)| value)
                .and_then(|value| {
                    value
                        .as_scalar()
                        .and_then(|s| s.as_str())
                        .map(Cow::into_owned)
                });
            self.bound.push(iterator.unwrap_or(label));
            self.body(&body, "dynamic", false);
            self.bound.pop();
        }
    }

    /// An expression: every string in it, keys included, is a template.
    fn expression(&mut self, value: &JsonValue, context: ReferenceContext) {
        match value {
            JsonValue::Scalar(scalar) if scalar.kind() == JsonScalarKind::String => {
                self.template(scalar.token(), context);
            }
            JsonValue::Scalar(_) => {}
            JsonValue::Array(array) => {
                for element in array.elements() {
                    self.expression(&element, context);
                }
            }
            JsonValue::Object(object) => {
                for member in object.members() {
                    self.template(member.name_token(), context);
                    let Some(value) = member.value() else {
                        continue;
                    };
                    // A nested block of a provider's schema may hold
                    // `dynamic` blocks too.
                    if member.name().as_deref() == Some("dynamic")
                        && !matches!(value, JsonValue::Scalar(_))
                    {
                        self.dynamic(&value);
                    } else {
                        self.expression(&value, context);
                    }
                }
            }
        }
    }

    /// The references of a string token read as a template.
    fn template(&mut self, token: &SyntaxToken, context: ReferenceContext) {
        let Some(string) = JsonString::of(token) else {
            return;
        };
        if !string.text.contains("${") && !string.text.contains("%{") {
            return;
        }
        let base = string.content_start;
        for parsed in template_references(&string.text, &self.bound) {
            let parsed = parsed.map_ranges(&|range| string.map_range(range, base));
            self.out
                .push(parsed.into_reference(self.from, self.file, context));
        }
    }

    /// `depends_on`: a list of strings, each an absolute traversal.
    fn depends_on(&mut self, value: &JsonValue) {
        let Some(array) = value.as_array() else {
            return;
        };
        let context = self.scope.context(false, self.self_object, true);
        for element in array.elements() {
            let Some(scalar) = element.as_scalar() else {
                continue;
            };
            if scalar.kind() != JsonScalarKind::String {
                continue;
            }
            let Some(string) = JsonString::of(scalar.token()) else {
                continue;
            };
            // HCL parses the traversal at the string's start, its quote.
            let base = string.token_start;
            for parsed in traversal_references(&string.text) {
                let parsed = parsed.map_ranges(&|range| string.map_range(range, base));
                self.out
                    .push(parsed.into_reference(self.from, self.file, context));
            }
        }
    }
}

/// The properties of an object, or of each object of an array, in
/// order, with their decoded names.
fn members(value: &JsonValue) -> Vec<(String, Option<JsonValue>)> {
    let objects: Vec<_> = match value {
        JsonValue::Object(object) => vec![object.clone()],
        JsonValue::Array(array) => array
            .elements()
            .filter_map(|e| e.as_object().cloned())
            .collect(),
        JsonValue::Scalar(_) => Vec::new(),
    };
    objects
        .iter()
        .flat_map(|object| object.members())
        .filter_map(|member| Some((member.name()?.into_owned(), member.value())))
        .collect()
}

/// The references of `text` parsed as a template (none when it does not
/// parse, as in HCL), with `bound` names and those of `for` directives
/// left out. Ranges are offsets in `text`.
fn template_references(text: &str, bound: &[String]) -> Vec<Parsed> {
    let parse = tofu_syntax::parse_template(text, "");
    if !parse.errors().is_empty() {
        return Vec::new();
    }
    let Some(file) = TemplateFile::cast(parse.syntax()) else {
        return Vec::new();
    };
    let mut names = bound.to_vec();
    let mut out = Vec::new();
    walk_template(&template_structure(&file.parts()), &mut names, &mut out);
    out
}

fn walk_template(nodes: &[TemplateNode], bound: &mut Vec<String>, out: &mut Vec<Parsed>) {
    let expr = |expr: Option<Expr>, bound: &[String], out: &mut Vec<Parsed>| {
        if let Some(expr) = expr {
            out.extend(expr_references(&expr, &|_, root| {
                bound.iter().any(|b| b == root)
            }));
        }
    };
    for node in nodes {
        match node {
            TemplateNode::Literal(_) => {}
            TemplateNode::Interpolation(interpolation) => expr(interpolation.expr(), bound, out),
            TemplateNode::If {
                directive,
                then_branch,
                else_branch,
                ..
            } => {
                expr(directive.expr(), bound, out);
                walk_template(then_branch, bound, out);
                walk_template(else_branch, bound, out);
            }
            TemplateNode::For {
                directive, body, ..
            } => {
                expr(directive.expr(), bound, out);
                let depth = bound.len();
                bound.extend(directive.key_var().map(|t| t.text().to_owned()));
                bound.extend(directive.value_var().map(|t| t.text().to_owned()));
                walk_template(body, bound, out);
                bound.truncate(depth);
            }
        }
    }
}

/// The reference of `text` read as an absolute traversal
/// (`hclsyntax.ParseTraversalAbs`): a name followed by attribute names and
/// constant keys only; nothing otherwise.
fn traversal_references(text: &str) -> Vec<Parsed> {
    let parse = tofu_syntax::parse_expression(text, "");
    if !parse.errors().is_empty() {
        return Vec::new();
    }
    let Some(expr) = ExpressionFile::cast(parse.syntax()).and_then(|file| file.expr()) else {
        return Vec::new();
    };
    let Some(variable) = expr
        .syntax()
        .descendants()
        .find(|n| n.kind() == SyntaxKind::VARIABLE)
    else {
        return Vec::new();
    };
    let covered = variable_traversal(&variable, TextSize::from(0)).range();
    if covered != trimmed_range(expr.syntax()) {
        return Vec::new();
    }
    expr_references(&expr, &|_, _| false)
}

/// A JSON string token's decoded text, and where each byte of it came
/// from in the file.
#[derive(Debug)]
struct JsonString {
    text: String,
    /// The token's start: its opening quote.
    token_start: TextSize,
    /// Where the text between the quotes starts.
    content_start: TextSize,
    /// For each byte of `text` and its end, the offset in the content of
    /// the character (or escape sequence) it comes from; `None` when the
    /// text is the content unchanged.
    map: Option<Vec<u32>>,
    content_len: u32,
}

impl JsonString {
    fn of(token: &SyntaxToken) -> Option<JsonString> {
        let raw = token.text();
        let decoded = decode_string(raw).ok()?;
        let content = raw.strip_prefix('"')?;
        let content = content.strip_suffix('"').unwrap_or(content);
        let content_len = u32::try_from(content.len()).ok()?;
        let token_start = token.text_range().start();
        let map = match &decoded {
            Cow::Borrowed(_) => None,
            Cow::Owned(text) => escape_map(content).filter(|map| map.len() == text.len() + 1),
        };
        Some(JsonString {
            text: decoded.into_owned(),
            token_start,
            content_start: token_start + TextSize::from(1),
            map,
            content_len,
        })
    }

    /// The offset in the content of byte `offset` of the text.
    fn content_offset(&self, offset: TextSize) -> u32 {
        let offset = u32::from(offset);
        match &self.map {
            Some(map) => map
                .get(offset as usize)
                .copied()
                .unwrap_or(self.content_len),
            None => offset.min(self.content_len),
        }
    }

    /// `range` of the text as a range of the file, for a parse of the
    /// text that started at `base` (the content's start, or the quote
    /// for traversals as HCL parses them).
    fn map_range(&self, range: TextRange, base: TextSize) -> TextRange {
        let start = base + TextSize::from(self.content_offset(range.start()));
        let end = base + TextSize::from(self.content_offset(range.end()));
        TextRange::new(start, end.max(start))
    }
}

/// For the content of a JSON string with escapes, the content offset each
/// byte of its decoded text comes from, plus the content's length for the
/// end. Follows Go's `encoding/json`: a surrogate pair is one character, a
/// lone surrogate becomes U+FFFD. `None` if the content is malformed.
fn escape_map(content: &str) -> Option<Vec<u32>> {
    let bytes = content.as_bytes();
    let hex4 = |at: usize| -> Option<u32> {
        let digits = content.get(at..at + 4)?;
        u32::from_str_radix(digits, 16).ok()
    };
    let mut map = Vec::with_capacity(bytes.len() + 1);
    let mut i = 0;
    while i < bytes.len() {
        let start = u32::try_from(i).ok()?;
        if bytes[i] != b'\\' {
            map.push(start);
            i += 1;
            continue;
        }
        let (ch, len) = match *bytes.get(i + 1)? {
            b'u' => {
                let unit = hex4(i + 2)?;
                let pair = (0xD800..0xDC00).contains(&unit)
                    && content.get(i + 6..i + 8) == Some("\\u")
                    && hex4(i + 8).is_some_and(|low| (0xDC00..0xE000).contains(&low));
                if pair {
                    let low = hex4(i + 8)?;
                    let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                    (char::from_u32(code)?, 12)
                } else {
                    (char::from_u32(unit).unwrap_or('\u{FFFD}'), 6)
                }
            }
            _ => ('x', 2),
        };
        for _ in 0..ch.len_utf8() {
            map.push(start);
        }
        i += len;
    }
    map.push(u32::try_from(bytes.len()).ok()?);
    Some(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string_token(text: &str) -> SyntaxToken {
        let parse = tofu_syntax::json::parse(text);
        parse
            .syntax()
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == SyntaxKind::JSON_STRING)
            .expect("a string token")
    }

    /// The file text each reference of the template in `json` covers.
    fn covered(json: &str) -> Vec<String> {
        let token = string_token(json);
        let string = JsonString::of(&token).expect("a valid string");
        template_references(&string.text, &[])
            .into_iter()
            .map(|parsed| {
                let range = string.map_range(parsed.range, string.content_start);
                assert!(token.text_range().contains_range(range));
                json[range].to_owned()
            })
            .collect()
    }

    #[test]
    fn plain_strings_map_one_to_one() {
        assert_eq!(covered(r#"  "a ${var.x} b""#), ["var.x"]);
        assert_eq!(
            covered(r#""${aws_instance.a[0].id}-${local.y}""#),
            ["aws_instance.a[0]", "local.y"]
        );
    }

    #[test]
    fn escapes_before_and_inside_map_back() {
        assert_eq!(covered(r#""\n\t\"${var.x}""#), [r#"var.x"#]);
        assert_eq!(
            covered(r#""\u00e9${var.x}\ud83d\ude00${local.y}""#),
            ["var.x", "local.y"]
        );
        // An escaped quote inside the interpolation: the reference after
        // it still maps to its own text.
        assert_eq!(
            covered(r#""${lookup(var.m, \"k\", local.d)}""#),
            ["var.m", "local.d"]
        );
        // A lone surrogate decodes to U+FFFD.
        assert_eq!(covered(r#""\ud800${var.x}""#), ["var.x"]);
    }

    #[test]
    fn escaped_interpolations_and_broken_templates_have_none() {
        assert!(covered(r#""$${var.x}""#).is_empty());
        assert!(covered(r#""%%{if var.x}""#).is_empty());
        assert!(covered(r#""${var.x""#).is_empty());
    }

    #[test]
    fn for_directives_bind_their_names() {
        assert_eq!(
            covered(r#""%{for k, v in var.m}${k}${v}${local.z}%{endfor}""#),
            ["var.m", "local.z"]
        );
        assert_eq!(covered(r#""${[for x in var.l : x]}""#), ["var.l"]);
    }

    #[test]
    fn traversals_start_at_the_quote_as_in_hcl() {
        let json = r#""aws_instance.a""#;
        let token = string_token(json);
        let string = JsonString::of(&token).unwrap();
        let refs = traversal_references(&string.text);
        assert_eq!(refs.len(), 1);
        let range = string.map_range(refs[0].range, string.token_start);
        assert_eq!(&json[range], "\"aws_instance.");
        assert!(traversal_references("var.a + 1").is_empty());
        assert!(traversal_references("${var.a}").is_empty());
        assert!(traversal_references("a[var.b]").is_empty());
    }

    #[test]
    fn ranges_never_leave_the_string() {
        let string = JsonString::of(&string_token(r#""a\nb""#)).unwrap();
        let range = string.map_range(TextRange::new(0.into(), 100.into()), string.content_start);
        assert!(range.end() <= string.content_start + TextSize::from(string.content_len));
    }
}
