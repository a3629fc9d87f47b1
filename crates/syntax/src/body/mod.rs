//! Bodies read the same way whatever their syntax.
//!
//! Later stages ask a body for the attributes and blocks a schema names,
//! as HCL's `hcl.Body` does: [`AnyBody::content`] (everything must be in
//! the schema), [`AnyBody::partial_content`] (the rest is left for a later
//! reading) and [`AnyBody::just_attributes`] (every item is an attribute).
//! Native and JSON bodies give the same content for the same
//! configuration, and each reports problems with HCL's messages and
//! ranges for its syntax, in HCL's order.
//!
//! Where this differs from HCL:
//! - HCL keeps attributes in maps; here they come in source order, and so
//!   do the errors about a native body's extraneous attributes.
//! - Errors have a subject range only, no context range.
//! - In files with syntax errors the view reads what the parser kept,
//!   where HCL drops a broken JSON object or array whole: a broken root
//!   becomes an empty body, a broken value a placeholder that is then
//!   reported as mistyped.
//! - A JSON root that is no object or array reads as an empty body, as in
//!   HCL, but its missing item range is at offset 0, not at HCL's invalid
//!   zero position.

mod json;
mod native;

mod schema;
mod source;

use std::collections::BTreeSet;
use std::rc::Rc;

use rowan::TextRange;

use tofu_diagnostics::Code;

use crate::ast::{self, AstNode};
use crate::json::{JsonFile, JsonValue};
use crate::{Parse, SyntaxError, SyntaxKind, SyntaxNode};

pub use schema::{AttributeSchema, BlockSchema, BodySchema};
pub use source::SourceText;

/// A body of either syntax, possibly with some names hidden because an
/// earlier [`partial_content`](AnyBody::partial_content) consumed them.
///
/// Cheap to clone: it holds a syntax node and a shared set of names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyBody {
    repr: Repr,
    hidden: Option<Rc<Hidden>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Repr {
    Native(ast::Body),
    /// An object, an array of objects, or any other value, which is then
    /// reported as mistyped when read.
    Json(JsonValue),
    /// Nothing at all: the body of a native block whose header is broken,
    /// or the root of a JSON file whose root is not an object or array.
    Empty {
        missing_item_range: TextRange,
    },
}

/// Where a body is, to find it again in the same tree without reading
/// the file's blocks again (rust-analyzer's `AstPtr`): its syntax node, or
/// the place of an empty body. It keeps no hidden names: it points at a
/// block's whole body.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BodyPtr(PtrRepr);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum PtrRepr {
    Native(rowan::ast::SyntaxNodePtr<crate::TofuLanguage>),
    Json(rowan::ast::SyntaxNodePtr<crate::TofuLanguage>),
    Empty(TextRange),
}

impl BodyPtr {
    /// The body in `root`, the root of the tree the pointer was made in;
    /// `None` in any other tree.
    pub fn to_body(&self, root: &SyntaxNode) -> Option<AnyBody> {
        Some(match &self.0 {
            PtrRepr::Native(ptr) => AnyBody::native(ast::Body::cast(ptr.try_to_node(root)?)?),
            PtrRepr::Json(ptr) => AnyBody::json(JsonValue::cast(ptr.try_to_node(root)?)?),
            PtrRepr::Empty(range) => AnyBody::empty(*range),
        })
    }

    /// Where the body is: its node's range, or for an empty body the
    /// place HCL reports a missing item.
    pub fn text_range(&self) -> TextRange {
        match &self.0 {
            PtrRepr::Native(ptr) | PtrRepr::Json(ptr) => ptr.text_range(),
            PtrRepr::Empty(range) => *range,
        }
    }
}

/// Where an expression is, to find it again in the same tree without
/// reading its block again, as [`BodyPtr`] is for bodies.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ExprPtr {
    Native(rowan::ast::SyntaxNodePtr<crate::TofuLanguage>),
    Json(rowan::ast::SyntaxNodePtr<crate::TofuLanguage>),
}

impl ExprPtr {
    /// The expression in `root`, the root of the tree the pointer was
    /// made in; `None` in any other tree.
    pub fn to_expr(&self, root: &SyntaxNode) -> Option<AnyExpr> {
        Some(match self {
            ExprPtr::Native(ptr) => AnyExpr::Native(ast::Expr::cast(ptr.try_to_node(root)?)?),
            ExprPtr::Json(ptr) => AnyExpr::Json(JsonValue::cast(ptr.try_to_node(root)?)?),
        })
    }
}

/// Names a `partial_content` reading consumed, which later readings of the
/// remaining body must not see.
///
/// Native bodies hide attributes and block types separately; JSON bodies
/// keep every consumed property name in `attributes`, as HCL does.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Hidden {
    attributes: BTreeSet<String>,
    blocks: BTreeSet<String>,
}

/// An attribute definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyAttribute {
    pub name: String,
    pub name_range: TextRange,
    /// From the name to the end of the value.
    pub range: TextRange,
    /// Absent where a syntax error left no value.
    pub expr: Option<AnyExpr>,
}

/// A block: in JSON, one object (or array element) at the end of the
/// label properties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyBlock {
    pub type_name: String,
    pub type_range: TextRange,
    pub labels: Vec<String>,
    pub label_ranges: Vec<TextRange>,
    /// The header: from the type to the last label in native syntax, the
    /// opening brace (or bracket, for an array of blocks) in JSON.
    pub def_range: TextRange,
    pub body: AnyBody,
}

/// An attribute value: a native expression or a JSON value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyExpr {
    Native(ast::Expr),
    Json(JsonValue),
}

/// What a schema picked out of a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyContent {
    /// The schema's attributes that are defined, in source order.
    pub attributes: Vec<AnyAttribute>,
    /// The blocks of the schema's types, in source order.
    pub blocks: Vec<AnyBlock>,
    /// Where to report something missing from the body.
    pub missing_item_range: TextRange,
}

impl BodyContent {
    pub fn attribute(&self, name: &str) -> Option<&AnyAttribute> {
        self.attributes.iter().find(|it| it.name == name)
    }
}

impl AnyBody {
    /// The root body of a parsed file of either syntax. A JSON file whose
    /// root is not an object or array (already an error) has an empty body,
    /// as in HCL.
    pub fn of_file(parse: &Parse) -> AnyBody {
        let root = parse.syntax();
        if let Some(body) = ast::SourceFile::cast(root.clone()).and_then(|file| file.body()) {
            return AnyBody::native(body);
        }
        match JsonFile::cast(root).and_then(|file| file.value()) {
            Some(value @ (JsonValue::Object(_) | JsonValue::Array(_))) => AnyBody::json(value),
            _ => AnyBody::empty(TextRange::empty(0.into())),
        }
    }

    pub fn native(body: ast::Body) -> AnyBody {
        AnyBody {
            repr: Repr::Native(body),
            hidden: None,
        }
    }

    /// A JSON value read as a body; anything but an object or an array of
    /// objects is reported when the body is read.
    pub fn json(value: JsonValue) -> AnyBody {
        AnyBody {
            repr: Repr::Json(value),
            hidden: None,
        }
    }

    fn empty(missing_item_range: TextRange) -> AnyBody {
        AnyBody {
            repr: Repr::Empty { missing_item_range },
            hidden: None,
        }
    }

    /// Where this body is (its hidden names aside).
    pub fn ptr(&self) -> BodyPtr {
        BodyPtr(match &self.repr {
            Repr::Native(body) => PtrRepr::Native(rowan::ast::SyntaxNodePtr::new(body.syntax())),
            Repr::Json(value) => PtrRepr::Json(rowan::ast::SyntaxNodePtr::new(value.syntax())),
            Repr::Empty { missing_item_range } => PtrRepr::Empty(*missing_item_range),
        })
    }

    /// The native body, unless this is JSON or a placeholder.
    pub fn as_native(&self) -> Option<&ast::Body> {
        match &self.repr {
            Repr::Native(body) => Some(body),
            _ => None,
        }
    }

    /// The JSON value, unless this is native or a placeholder.
    pub fn as_json(&self) -> Option<&JsonValue> {
        match &self.repr {
            Repr::Json(value) => Some(value),
            _ => None,
        }
    }

    /// Where HCL reports an item missing from this body: an empty range at
    /// the start of a native body; a JSON object's closing brace, an
    /// array's opening bracket or the start of any other value.
    pub fn missing_item_range(&self) -> TextRange {
        match &self.repr {
            Repr::Native(body) => native::missing_item_range(body),
            Repr::Json(value) => json::missing_item_range(value),
            Repr::Empty { missing_item_range } => *missing_item_range,
        }
    }

    /// The items of `schema`, with an error for anything else in the body
    /// (unless an earlier reading consumed it).
    pub fn content(
        &self,
        schema: &BodySchema<'_>,
        source: &SourceText<'_>,
    ) -> (BodyContent, Vec<SyntaxError>) {
        let hidden = self.hidden();
        match &self.repr {
            Repr::Json(value) => json::content(value, schema, hidden, source),
            _ => native::content(
                &self.native_items(),
                schema,
                hidden,
                self.missing_item_range(),
            ),
        }
    }

    /// The items of `schema`, and the body without them for another
    /// reading: names the schema covers are hidden from it, whether or not
    /// they were found, so a later [`content`](AnyBody::content) reports
    /// only what no reading wanted.
    pub fn partial_content(
        &self,
        schema: &BodySchema<'_>,
        source: &SourceText<'_>,
    ) -> (BodyContent, AnyBody, Vec<SyntaxError>) {
        let hidden = self.hidden();
        let (content, hidden, errors) = match &self.repr {
            Repr::Json(value) => json::partial_content(value, schema, hidden, source),
            _ => native::partial_content(
                &self.native_items(),
                schema,
                hidden,
                self.missing_item_range(),
            ),
        };
        let remain = AnyBody {
            repr: self.repr.clone(),
            hidden: Some(Rc::new(hidden)),
        };
        (content, remain, errors)
    }

    /// Every item as an attribute, in source order, for bodies whose
    /// attribute names are not known in advance (`locals`, `.tfvars`).
    /// Blocks are errors.
    pub fn just_attributes(
        &self,
        source: &SourceText<'_>,
    ) -> (Vec<AnyAttribute>, Vec<SyntaxError>) {
        let hidden = self.hidden();
        match &self.repr {
            Repr::Json(value) => json::just_attributes(value, hidden, source),
            _ => native::just_attributes(&self.native_items(), hidden),
        }
    }

    /// The attribute `name` of the body, as reading it with a schema of
    /// that one optional attribute finds it (HCL's
    /// `PartialContent(&BodySchema{Attributes: {name}})`), its errors
    /// ignored: for a query that reads one argument of a block it has
    /// already decoded.
    pub fn attribute(&self, name: &str, source: &SourceText<'_>) -> Option<AnyAttribute> {
        let attributes = [AttributeSchema::optional(name)];
        let (content, _, _) = self.partial_content(&BodySchema::new(&attributes, &[]), source);
        content.attributes.into_iter().next()
    }

    /// The items of a native body; a placeholder reads as a native body
    /// with nothing in it.
    fn native_items(&self) -> native::Items {
        match &self.repr {
            Repr::Native(body) => native::Items::of(body),
            _ => native::Items::default(),
        }
    }

    fn hidden(&self) -> &Hidden {
        static NOTHING: Hidden = Hidden {
            attributes: BTreeSet::new(),
            blocks: BTreeSet::new(),
        };
        self.hidden.as_deref().unwrap_or(&NOTHING)
    }
}

impl AnyExpr {
    pub fn syntax(&self) -> &SyntaxNode {
        match self {
            AnyExpr::Native(expr) => expr.syntax(),
            AnyExpr::Json(value) => value.syntax(),
        }
    }

    /// Where the expression is, to find it again in the same tree.
    pub fn ptr(&self) -> ExprPtr {
        let ptr = rowan::ast::SyntaxNodePtr::new(self.syntax());
        match self {
            AnyExpr::Native(_) => ExprPtr::Native(ptr),
            AnyExpr::Json(_) => ExprPtr::Json(ptr),
        }
    }

    /// The expression's source range, without surrounding trivia.
    pub fn range(&self) -> TextRange {
        trimmed_range(self.syntax())
    }
}

fn missing_argument(name: &str, range: TextRange) -> SyntaxError {
    SyntaxError::error_at(
        Code::MissingRequiredArgument,
        format!(
            "The argument {} is required, but no definition was found.",
            crate::quote::go_quote(name)
        ),
        range,
    )
}

/// Tokens that never start or end a construct as HCL sees it.
fn is_trivia(kind: SyntaxKind) -> bool {
    kind.is_trivia() || kind == SyntaxKind::NEWLINE
}

/// The range of `node` from its first to its last significant token, as
/// HCL gives ranges: without surrounding whitespace, comments or newlines.
///
/// Read off the green tree, which costs no allocation: this runs for every
/// reference and attribute.
pub fn trimmed_range(node: &SyntaxNode) -> TextRange {
    let range = node.text_range();
    let green = node.green();
    let first = first_significant(&green, range.start());
    let last = last_significant(&green, range.end());
    match (first, last) {
        (Some(first), Some(last)) => first.cover(last),
        _ => range,
    }
}

fn green_kind(raw: rowan::SyntaxKind) -> SyntaxKind {
    <crate::TofuLanguage as rowan::Language>::kind_from_raw(raw)
}

/// The first significant token under `node`, which starts at `start`.
fn first_significant(node: &rowan::GreenNodeData, start: rowan::TextSize) -> Option<TextRange> {
    let mut at = start;
    for child in node.children() {
        match child {
            rowan::NodeOrToken::Token(token) => {
                let range = TextRange::at(at, token.text_len());
                if !is_trivia(green_kind(token.kind())) {
                    return Some(range);
                }
                at = range.end();
            }
            rowan::NodeOrToken::Node(inner) => {
                if let Some(found) = first_significant(inner, at) {
                    return Some(found);
                }
                at += inner.text_len();
            }
        }
    }
    None
}

/// The last significant token under `node`, which ends at `end`.
fn last_significant(node: &rowan::GreenNodeData, end: rowan::TextSize) -> Option<TextRange> {
    let mut at = end;
    for child in node.children().rev() {
        match child {
            rowan::NodeOrToken::Token(token) => {
                let range = TextRange::at(at - token.text_len(), token.text_len());
                if !is_trivia(green_kind(token.kind())) {
                    return Some(range);
                }
                at = range.start();
            }
            rowan::NodeOrToken::Node(inner) => {
                if let Some(found) = last_significant(inner, at) {
                    return Some(found);
                }
                at -= inner.text_len();
            }
        }
    }
    None
}
