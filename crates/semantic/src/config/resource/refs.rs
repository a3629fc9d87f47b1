//! Traversals and references as the resource decoders need them: HCL's
//! `Variables()` and `AbsTraversalForExpr`, and enough of OpenTofu's
//! `addrs.ParseRef` to tell resources from other objects.

use std::collections::HashSet;

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr, LiteralKind};
use tofu_syntax::body::AnyExpr;
use tofu_syntax::json::JsonValue;
use tofu_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize, trimmed_range};

/// One step of a static traversal, with its own source range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::config) enum Step {
    Root(String),
    Attr(String),
    Index,
}

/// A static traversal: a root name and the steps after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::config) struct Traversal {
    pub steps: Vec<(Step, TextRange)>,
}

impl Traversal {
    pub fn root(&self) -> &str {
        match self.steps.first() {
            Some((Step::Root(name), _)) => name,
            _ => "",
        }
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn range(&self) -> TextRange {
        let first = self.steps.first().map(|(_, r)| *r).unwrap_or_default();
        let last = self.steps.last().map(|(_, r)| *r).unwrap_or(first);
        first.cover(last)
    }

    fn attr(&self, index: usize) -> Option<&str> {
        match self.steps.get(index) {
            Some((Step::Attr(name), _)) => Some(name),
            _ => None,
        }
    }
}

/// The range from `start` to `end`, empty if they are out of order.
fn span(start: TextSize, end: TextSize) -> TextRange {
    TextRange::new(start.min(end), end)
}

/// The static traversal an expression is (a name, then attribute names
/// and constant index keys), as `hcl.AbsTraversalForExpr` reads it.
/// With `text`, the expression was parsed from a quoted traversal, where
/// `true`, `false` and `null` are names like any other
/// (`hclsyntax.ParseTraversalAbs`).
pub(in crate::config) fn traversal_of(expr: &Expr, by: TextSize, text: bool) -> Option<Traversal> {
    let mut steps = Vec::new();
    collect_steps(expr, by, text, &mut steps)?;
    Some(Traversal { steps })
}

fn collect_steps(
    expr: &Expr,
    by: TextSize,
    text: bool,
    out: &mut Vec<(Step, TextRange)>,
) -> Option<()> {
    match expr {
        Expr::Literal(l)
            if text && matches!(l.kind(), Some(LiteralKind::Bool(_) | LiteralKind::Null)) =>
        {
            let range = trimmed_range(l.syntax());
            out.push((Step::Root(l.syntax().text().to_string()), range + by));
        }
        Expr::Variable(v) => {
            let name = v.name()?;
            out.push((Step::Root(name.text().to_owned()), name.text_range() + by));
        }
        Expr::Attr(a) => {
            collect_steps(&a.receiver()?, by, text, out)?;
            let name = a.name()?;
            let start = a
                .syntax()
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == SyntaxKind::DOT)
                .map_or(name.text_range(), |t| t.text_range());
            out.push((
                Step::Attr(name.text().to_owned()),
                start.cover(name.text_range()) + by,
            ));
        }
        Expr::LegacyIndex(i) => {
            let receiver = i.receiver()?;
            collect_steps(&receiver, by, text, out)?;
            let end = trimmed_range(i.syntax());
            let start = trimmed_range(receiver.syntax()).end();
            out.push((Step::Index, span(start, end.end()) + by));
        }
        Expr::Index(i) => {
            let receiver = i.receiver()?;
            if !is_literal_key(i.index()) {
                return None;
            }
            collect_steps(&receiver, by, text, out)?;
            let end = trimmed_range(i.syntax());
            let start = trimmed_range(receiver.syntax()).end();
            out.push((Step::Index, span(start, end.end()) + by));
        }
        _ => return None,
    }
    Some(())
}

pub(in crate::config) use crate::references::literal_key as is_literal_key;

/// HCL's `Variables()`: every traversal of a free name in the
/// expression.
pub(in crate::config) fn variables(expr: &AnyExpr) -> Vec<Traversal> {
    let mut out = Vec::new();
    match expr {
        AnyExpr::Native(expr) => node_variables(expr.syntax(), TextSize::from(0), &mut out),
        AnyExpr::Json(value) => json_variables(value, &mut out),
    }
    out
}

/// The variables of the strings of a JSON value, each read as a template.
fn json_variables(value: &JsonValue, out: &mut Vec<Traversal>) {
    match value {
        JsonValue::Scalar(scalar) => {
            if let Some(text) = scalar.as_str() {
                let start = scalar.token().text_range().start() + TextSize::from(1);
                template_variables(&text, start, out);
            }
        }
        JsonValue::Array(array) => {
            for element in array.elements() {
                json_variables(&element, out);
            }
        }
        JsonValue::Object(object) => {
            for member in object.members() {
                if let Some(name) = member.name() {
                    let start = member.name_token().text_range().start() + TextSize::from(1);
                    template_variables(&name, start, out);
                }
                if let Some(value) = member.value() {
                    json_variables(&value, out);
                }
            }
        }
    }
}

fn template_variables(text: &str, start: TextSize, out: &mut Vec<Traversal>) {
    if !text.contains("${") && !text.contains("%{") {
        return;
    }
    // HCL's JSON `Variables()` gives nothing for a string that is not a
    // valid template.
    let parse = tofu_syntax::parse_template(text, "");
    if !parse.errors().is_empty() {
        return;
    }
    node_variables(&parse.syntax(), start, out);
}

/// The traversals of the free names under `node`.
pub(super) fn node_variables(node: &SyntaxNode, by: TextSize, out: &mut Vec<Traversal>) {
    let outermost = node.descendants().filter_map(Expr::cast).filter(|e| {
        if e.syntax() == node {
            return true;
        }
        for above in e.syntax().ancestors().skip(1) {
            if Expr::can_cast(above.kind()) {
                return false;
            }
            if &above == node {
                break;
            }
        }
        true
    });
    for expr in outermost {
        let free: HashSet<TextRange> = tofu_eval::referenced_roots(&expr)
            .into_iter()
            .map(|(_, range)| range)
            .collect();
        for variable in expr.syntax().descendants() {
            if variable.kind() != SyntaxKind::VARIABLE || !free.contains(&trimmed_range(&variable))
            {
                continue;
            }
            out.push(variable_traversal(&variable, by));
        }
    }
}

/// A variable and the static steps applied to it, each with its own
/// range (from the end of the step before).
fn variable_traversal(variable: &SyntaxNode, by: TextSize) -> Traversal {
    let (root, static_steps) = crate::references::traversal(variable);
    let mut before = trimmed_range(variable).end();
    let mut steps = vec![(Step::Root(root), trimmed_range(variable) + by)];
    for (step, range) in static_steps {
        let step = match step {
            crate::references::Step::Attr(name) => Step::Attr(name),
            crate::references::Step::Index => Step::Index,
        };
        steps.push((step, span(before, range.end()) + by));
        before = range.end();
    }
    Traversal { steps }
}

/// A resource's mode, as references name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Managed,
    Data,
    Ephemeral,
}

/// What a reference names, as far as these checks care.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Subject {
    Resource {
        mode: Mode,
        ty: String,
        name: String,
    },
    Count(String),
    Each(String),
    Other,
}

/// An error from reading a traversal as a reference.
pub(super) struct RefError {
    pub code: Code,
    pub detail: String,
    /// Where `addrs.ParseRef` reports it (callers here use their own).
    #[allow(dead_code)]
    pub range: TextRange,
}

fn invalid(detail: impl Into<String>, range: TextRange) -> RefError {
    RefError {
        code: Code::InvalidReference,
        detail: detail.into(),
        range,
    }
}

/// `addrs.ParseRef`.
pub(super) fn parse_ref(t: &Traversal) -> Result<Subject, RefError> {
    let root = t.root();
    let root_range = t.steps.first().map(|(_, r)| *r).unwrap_or_default();
    let single = |make: fn(String) -> Subject| -> Result<Subject, RefError> {
        match t.steps.get(1) {
            None => Err(invalid(
                format!(
                    "The {} object cannot be accessed directly. Instead, access one of its attributes.",
                    tofu_syntax::quote::go_quote(root)
                ),
                root_range,
            )),
            Some((Step::Attr(name), _)) => Ok(make(name.clone())),
            Some((_, range)) => Err(invalid(
                format!(
                    "The {} object does not support this operation.",
                    tofu_syntax::quote::go_quote(root)
                ),
                *range,
            )),
        }
    };
    match root {
        "count" => single(Subject::Count),
        "each" => single(Subject::Each),
        "local" | "path" | "terraform" | "tofu" | "var" | "module" => single(|_| Subject::Other),
        "self" => Ok(Subject::Other),
        "data" | "ephemeral" | "resource" => {
            let (mode, detail) = match root {
                "data" => (
                    Mode::Data,
                    "The \"data\" object must be followed by two attribute names: the data source type and the resource name.",
                ),
                "ephemeral" => (
                    Mode::Ephemeral,
                    "The \"ephemeral\" object must be followed by two attribute names: the ephemeral resource type and its name.",
                ),
                _ => (
                    Mode::Managed,
                    "The \"resource\" object must be followed by two attribute names: the resource type and the resource name.",
                ),
            };
            if t.len() < 3 {
                return Err(invalid(detail, t.range()));
            }
            resource_ref(mode, t, 1)
        }
        "template" | "lazy" | "arg" => Err(RefError {
            code: Code::ReservedSymbolName,
            detail: format!(
                "The symbol name {} is reserved for use in a future OpenTofu version. If you are using a provider that already uses this as a resource type name, add the prefix \"resource.\" to force interpretation as a resource type name.",
                tofu_syntax::quote::go_quote(root)
            ),
            range: root_range,
        }),
        "string" | "number" | "bool" | "any" if t.len() == 1 => Ok(Subject::Other),
        _ => resource_ref(Mode::Managed, t, 0),
    }
}

/// `parseResourceRef` on the steps from `from`.
fn resource_ref(mode: Mode, t: &Traversal, from: usize) -> Result<Subject, RefError> {
    let rest = &t.steps[from..];
    if rest.len() < 2 {
        let range = rest
            .first()
            .map(|(_, r)| *r)
            .unwrap_or_default()
            .cover(rest.last().map(|(_, r)| *r).unwrap_or_default());
        return Err(invalid(
            "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
            range,
        ));
    }
    let ty = match &rest[0].0 {
        Step::Root(name) | Step::Attr(name) => name.clone(),
        Step::Index => {
            return Err(invalid(
                "The \"data\" object does not support this operation.",
                rest[0].1,
            ));
        }
    };
    let Some(name) = t.attr(from + 1) else {
        let what = match mode {
            Mode::Data => "a data source",
            Mode::Ephemeral => "an ephemeral resource",
            Mode::Managed => "a resource type",
        };
        return Err(invalid(
            format!(
                "A reference to {what} must be followed by at least one attribute access, specifying the resource name."
            ),
            rest[1].1,
        ));
    };
    Ok(Subject::Resource {
        mode,
        ty,
        name: name.to_owned(),
    })
}
