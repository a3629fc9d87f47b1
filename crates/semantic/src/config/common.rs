//! Decoding helpers every block type shares: names, literal arguments
//! (gohcl with a nil context), static traversals, `depends_on` and the
//! meta-arguments that exclude each other.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::ast::{AstNode, Expr, LiteralKind};
use tofu_syntax::body::{AnyAttribute, AnyBlock, AnyExpr};
use tofu_syntax::json::JsonValue;
use tofu_types::{Type, Value};

use super::Decoder;
use super::gohcl::{Gohcl, gohcl_decode};

/// `badIdentifierDetail`.
pub(crate) const BAD_IDENTIFIER_DETAIL: &str = "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.";

pub(crate) use tofu_types::is_identifier as is_valid_identifier;

impl Decoder<'_> {
    /// Reports an invalid block name (`Invalid variable name` and the
    /// like) at the label; true when the name is valid.
    pub fn check_name(&mut self, summary: Code, name: &str, range: TextRange) -> bool {
        if is_valid_identifier(name) {
            return true;
        }
        self.error(summary, BAD_IDENTIFIER_DETAIL, range);
        false
    }

    /// gohcl's decoding of a literal into a Go value of type `ty`, as the
    /// provider, resource, removed and terraform blocks read it: the value
    /// when it is known, not null and converts ([`Gohcl::ConversionOnly`]).
    pub fn literal_of_type(&mut self, attribute: &AnyAttribute, ty: &Type) -> Option<Value> {
        gohcl_decode(self, attribute, ty, Gohcl::ConversionOnly).ok()
    }

    /// A literal bool argument.
    pub fn literal_bool(&mut self, attribute: &AnyAttribute) -> Option<bool> {
        self.literal_of_type(attribute, &Type::Bool)?.as_bool()
    }

    /// A literal string argument.
    pub fn literal_string(&mut self, attribute: &AnyAttribute) -> Option<String> {
        self.literal_of_type(attribute, &Type::String)?
            .as_str()
            .map(str::to_owned)
    }

    /// How many errors have been reported so far, to tell whether a step
    /// added any.
    pub fn error_count(&self) -> usize {
        self.out
            .iter()
            .filter(|d| d.severity == tofu_eval::Severity::Error)
            .count()
    }

    /// A nested block type that may appear only once: records the first
    /// `block` in `seen` and returns true; reports a repeat (`detail` is
    /// given where the first one is) and returns false.
    pub fn only_once(
        &mut self,
        seen: &mut Option<TextRange>,
        block: &AnyBlock,
        summary: Code,
        detail: impl FnOnce(&str) -> String,
    ) -> bool {
        if let Some(first) = *seen {
            let at = self.source.range_string(first);
            self.error(summary, detail(&at), block.def_range);
            return false;
        }
        *seen = Some(block.def_range);
        true
    }

    /// The escaping block `_`, once per block: `interpreted_as` is what
    /// its arguments are read as, `what` the containing block type.
    pub fn escaping_block_once(
        &mut self,
        seen: &mut Option<TextRange>,
        block: &AnyBlock,
        interpreted_as: &str,
        what: &str,
    ) {
        self.only_once(seen, block, Code::DuplicateEscapingBlock, |at| {
            format!(
                "The special block type \"_\" can be used to force particular arguments to be interpreted as {interpreted_as} rather than as meta-arguments, but each {what} block can have only one such block. The first escaping block was at {at}."
            )
        });
    }

    /// `decodeDependsOn`: a static list of references, each an absolute
    /// traversal; quoted ones are accepted with a warning.
    pub fn decode_depends_on(&mut self, attribute: &AnyAttribute) -> Vec<TextRange> {
        let Some(expr) = attribute.expr.as_ref() else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for element in self.expr_list(expr) {
            let element = self.shim_traversal_in_string(element, false);
            if let Some(range) = self.abs_traversal(&element) {
                found.push(range);
            }
        }
        found
    }

    /// Where the model keeps a `depends_on` (`found`, as
    /// [`Self::decode_depends_on`] gives it) starting: its first
    /// reference's traversal range.
    pub fn depends_on_place(&mut self, found: &[TextRange]) -> super::model::DependsOn {
        let first = *found.first()?;
        let range = traversal_range(self.source.text(), first, self.is_json());
        Some(self.span(range))
    }

    /// HCL's `hcl.ExprList`: the elements of a tuple (or JSON array).
    pub fn expr_list(&mut self, expr: &AnyExpr) -> Vec<AnyExpr> {
        match expr {
            AnyExpr::Native(Expr::Tuple(tuple)) => tuple.elements().map(AnyExpr::Native).collect(),
            AnyExpr::Json(JsonValue::Array(array)) => array.elements().map(AnyExpr::Json).collect(),
            _ => {
                self.error(
                    Code::InvalidExpression,
                    "A static list expression is required.",
                    expr.range(),
                );
                Vec::new()
            }
        }
    }

    /// `shimTraversalInString`: a native quoted string stands for the
    /// traversal it holds, with a deprecation warning.
    pub fn shim_traversal_in_string(
        &mut self,
        expr: AnyExpr,
        want_keyword: bool,
    ) -> ShimmedTraversal {
        if let AnyExpr::Native(Expr::Template(template)) = &expr
            && let Some(text) = template.as_string_literal()
        {
            let range = expr.range();
            if want_keyword {
                self.warning(
                    Code::QuotedKeywordsAreDeprecated,
                    "In this context, keywords are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted keywords are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this keyword to silence this warning.",
                    range,
                );
            } else {
                self.warning(
                    Code::QuotedReferencesAreDeprecated,
                    "In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this reference to silence this warning.",
                    range,
                );
            }
            return ShimmedTraversal::Text(text, range);
        }
        ShimmedTraversal::Expr(expr)
    }

    /// HCL's `hcl.AbsTraversalForExpr`: the range of a static traversal
    /// (a name followed by attribute names and constant index keys).
    pub fn abs_traversal(&mut self, traversal: &ShimmedTraversal) -> Option<TextRange> {
        let (ok, range) = match traversal {
            ShimmedTraversal::Expr(AnyExpr::Native(expr)) => (
                is_static_traversal(expr),
                tofu_syntax::trimmed_range(expr.syntax()),
            ),
            ShimmedTraversal::Expr(AnyExpr::Json(value)) => {
                match value.as_scalar().and_then(|s| s.as_str()) {
                    Some(text) => (is_traversal_text(&text), value.text_range()),
                    None => (false, value.text_range()),
                }
            }
            ShimmedTraversal::Text(text, range) => (is_traversal_text(text), *range),
        };
        if ok {
            return Some(range);
        }
        self.error(Code::InvalidExpression, STATIC_TRAVERSAL_REQUIRED, range);
        None
    }

    /// `complainRngAndMsg` and its diagnostic: two or more of `count`,
    /// `enabled` and `for_each` set together. `verb` is "may" for
    /// resources, "should" for module calls; `what` names the instances.
    pub fn check_exclusive_meta_arguments(
        &mut self,
        count: Option<TextRange>,
        enabled: Option<TextRange>,
        for_each: Option<TextRange>,
        verb: &str,
        what: &str,
    ) {
        let set: Vec<(TextRange, &str)> = [
            (count, "\"count\""),
            (enabled, "\"enabled\""),
            (for_each, "\"for_each\""),
        ]
        .into_iter()
        .filter_map(|(range, name)| Some((range?, name)))
        .collect();
        if set.len() < 2 {
            return;
        }
        let names: Vec<&str> = set.iter().map(|(_, name)| *name).collect();
        let message = match names.as_slice() {
            [a, b] => format!("{a} and {b}"),
            [a, b, c] => format!("{a}, {b}, and {c}"),
            _ => names.join(", "),
        };
        let start = set.iter().map(|(r, _)| r.start()).min().unwrap_or_default();
        let end = set.iter().map(|(r, _)| r.end()).max().unwrap_or_default();
        self.error_named(
            Code::InvalidCombinationOfArguments,
            format!("Invalid combination of {message}"),
            format!(
                "The {message} meta-arguments are mutually-exclusive. Only one {verb} be used to be explicit about the number of {what} to be created."
            ),
            TextRange::new(start, end),
        );
    }
}

/// An expression that stands for a traversal, as `shimTraversalInString`
/// gives it: itself, or the text of a quoted one (the traversal itself is
/// [`crate::addrs::traversal::Traversal`]).
pub(crate) enum ShimmedTraversal {
    Expr(AnyExpr),
    Text(String, TextRange),
}

/// HCL's detail when `AbsTraversalForExpr` gets something else than a
/// static traversal.
pub(crate) const STATIC_TRAVERSAL_REQUIRED: &str = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";

/// A name followed by `.attr`, `[constant]` and `.0` steps only.
pub(crate) fn is_static_traversal(expr: &Expr) -> bool {
    match expr {
        Expr::Variable(_) => true,
        Expr::Attr(a) => a.receiver().is_some_and(|r| is_static_traversal(&r)),
        Expr::LegacyIndex(i) => i.receiver().is_some_and(|r| is_static_traversal(&r)),
        Expr::Index(i) => {
            i.receiver().is_some_and(|r| is_static_traversal(&r))
                && match i.index() {
                    Some(Expr::Literal(l)) => l.kind().is_some_and(|k| k != LiteralKind::Null),
                    Some(Expr::Template(t)) => t.as_string_literal().is_some(),
                    _ => false,
                }
        }
        _ => false,
    }
}

/// Whether `text` parses as an absolute traversal (`hclsyntax.ParseTraversalAbs`).
pub(crate) fn is_traversal_text(text: &str) -> bool {
    let parse = tofu_syntax::parse_expression(text, "");
    parse.errors().is_empty()
        && tofu_syntax::ast::ExpressionFile::cast(parse.syntax())
            .and_then(|file| file.expr())
            .is_some_and(|expr| is_static_traversal(&expr))
}

/// The range of a traversal written as `range`, as HCL gives it: for a
/// quoted one in native syntax the text between the quotes; in JSON the
/// string's length less two, from the opening quote.
fn traversal_range(text: &str, range: TextRange, json: bool) -> TextRange {
    let quoted = text.get(usize::from(range.start())..usize::from(range.end()));
    if !quoted.is_some_and(|s| s.len() >= 2 && s.starts_with('"')) {
        return range;
    }
    let len = range.len() - tofu_syntax::TextSize::from(2);
    if json {
        TextRange::at(range.start(), len)
    } else {
        TextRange::at(range.start() + tofu_syntax::TextSize::from(1), len)
    }
}
