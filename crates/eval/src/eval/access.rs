//! Attribute access and indexing: HCL's `GetAttr` and `Index` (`ops.go`).

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, AttrExpr, Expr, IndexExpr, LegacyIndexExpr};
use tofu_syntax::{SyntaxKind, TextRange};
use tofu_types::convert::convert;
use tofu_types::{Number, Type, Value};

use super::range::token_range;
use super::{Evaluator, node_range};
use crate::Diagnostic;

impl Evaluator<'_, '_> {
    pub(super) fn attr(&mut self, e: &AttrExpr) -> Value {
        let receiver = match e.receiver() {
            Some(r) => self.eval(&r),
            None => self.splat_item(),
        };
        let Some(name) = e.name() else {
            return Value::dynamic();
        };
        // HCL's range of a `.name` step covers the dot and the name.
        let dot = token_range(e.syntax(), SyntaxKind::DOT);
        let subject = dot.map_or(name.text_range(), |d| d.cover(name.text_range()));
        match get_attr(&receiver, name.text()) {
            Ok(v) => v,
            Err((summary, detail)) => {
                let diagnostic = Diagnostic::error(summary, detail).with_subject(subject);
                self.error(self.with_values(diagnostic, Some(&Expr::Attr(e.clone()))));
                Value::dynamic()
            }
        }
    }

    pub(super) fn index(&mut self, e: &IndexExpr) -> Value {
        let collection = match e.receiver() {
            Some(r) => self.eval(&r),
            None => self.splat_item(),
        };
        let key = self.eval_opt(e.index());
        let subject = bracket_range(e.syntax());
        self.apply_index(&collection, &key, subject, &Expr::Index(e.clone()))
    }

    pub(super) fn legacy_index(&mut self, e: &LegacyIndexExpr) -> Value {
        let collection = match e.receiver() {
            Some(r) => self.eval(&r),
            None => self.splat_item(),
        };
        let Some(number) = e.index() else {
            return Value::dynamic();
        };
        let key = Number::parse(number.text())
            .map(Value::number)
            .unwrap_or_else(|_| Value::unknown(Type::Number));
        let dot = token_range(e.syntax(), SyntaxKind::DOT);
        let subject = dot.map_or(number.text_range(), |d| d.cover(number.text_range()));
        self.apply_index(&collection, &key, subject, &Expr::LegacyIndex(e.clone()))
    }

    /// `expr` is the whole step, whose references the diagnostic
    /// describes.
    fn apply_index(
        &mut self,
        collection: &Value,
        key: &Value,
        subject: TextRange,
        expr: &Expr,
    ) -> Value {
        match index(collection, key) {
            Ok(v) => v,
            Err((summary, detail)) => {
                let diagnostic = Diagnostic::error(summary, detail).with_subject(subject);
                self.error(self.with_values(diagnostic, Some(expr)));
                Value::dynamic()
            }
        }
    }
}

/// From `[` to `]` of an index step.
fn bracket_range(node: &tofu_syntax::SyntaxNode) -> TextRange {
    let open = token_range(node, SyntaxKind::L_BRACK);
    let close = token_range(node, SyntaxKind::R_BRACK);
    match (open, close) {
        (Some(o), Some(c)) => o.cover(c),
        (Some(o), None) => o,
        _ => node_range(node),
    }
}

type AccessError = (Code, String);

/// HCL's `Index`.
pub(crate) fn index(collection: &Value, key: &Value) -> Result<Value, AccessError> {
    let collection = &collection.summarised();
    if collection.is_null() {
        return Err((
            Code::AttemptToIndexNullValue,
            "This value is null, so it does not have any indices.".to_owned(),
        ));
    }
    if key.is_null() {
        return Err((
            Code::InvalidIndex,
            "Can't use a null value as an indexing key.".to_owned(),
        ));
    }
    let ty = collection.ty();
    if key.ty().is_dynamic() || ty.is_dynamic() {
        return Ok(Value::dynamic().with_marks(collection.marks()));
    }
    let not_found = |detail: &str| {
        Err((
            Code::InvalidIndex,
            format!("The given key does not identify an element in this collection value{detail}"),
        ))
    };
    if ty.is_list() || ty.is_tuple() || ty.is_map() {
        let want = if ty.is_map() {
            Type::String
        } else {
            Type::Number
        };
        let key = match convert(key, &want) {
            Ok(k) => k,
            Err(err) => return not_found(&format!(": {}.", err.message)),
        };
        let (coll, coll_marks) = collection.unmark();
        let (key, key_marks) = key.unmark();
        let marks = coll_marks | key_marks;
        // A tuple's length is in its type, so cty decides whether a known
        // key is in range even when the tuple itself is unknown.
        let tuple_types = ty.tuple_element_types().filter(|_| key.is_known());
        if let (Some(types), false) = (tuple_types, coll.is_known()) {
            let n = key.as_number().cloned().unwrap_or_else(Number::zero);
            if let Some(element) = whole_index(&n).and_then(|i| types.get(i)) {
                return Ok(Value::unknown(element.clone()).with_marks(marks));
            }
            return sequence_index_error(&n, types.len(), collection.marks().is_empty());
        }
        if !key.is_known() || !coll.is_known() {
            return Ok(if ty.is_tuple() {
                Value::dynamic()
            } else {
                Value::unknown(ty.element_type().cloned().unwrap_or(Type::Dynamic))
            }
            .with_marks(marks));
        }
        if ty.is_map() {
            let name = key.as_str().unwrap_or_default();
            return match coll.entries().and_then(|m| m.get(name)) {
                Some(v) => Ok(v.with_marks(marks)),
                None => not_found("."),
            };
        }
        let elements = coll.elements().unwrap_or_default();
        let n = key.as_number().cloned().unwrap_or_else(Number::zero);
        if let Some(i) = whole_index(&n)
            && let Some(v) = elements.get(i)
        {
            return Ok(v.with_marks(marks));
        }
        return sequence_index_error(&n, elements.len(), collection.marks().is_empty());
    }
    if ty.is_object() {
        let was_number = key.ty() == &Type::Number;
        let key = match convert(key, &Type::String) {
            Ok(k) => k,
            Err(err) => return not_found(&format!(": {}.", err.message)),
        };
        if !key.is_known() {
            return Ok(Value::dynamic().with_marks(collection.marks()));
        }
        let (key, key_marks) = key.unmark();
        let name = key.as_str().unwrap_or_default();
        let Some(attr_ty) = ty.attribute_type(name) else {
            let hint = if was_number {
                " An object only supports looking up attributes by name, not by numeric index."
            } else {
                ""
            };
            return not_found(&format!(".{hint}"));
        };
        let (coll, coll_marks) = collection.unmark();
        if !coll.is_known() {
            return Ok(Value::unknown(attr_ty.clone()).with_marks(coll_marks));
        }
        let value = coll.get_attr(name).cloned().unwrap_or_else(Value::dynamic);
        return Ok(value.with_marks(coll_marks | key_marks));
    }
    if ty.is_set() {
        return Err((
            Code::InvalidIndex,
            "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.".to_owned(),
        ));
    }
    Err((
        Code::InvalidIndex,
        "This value does not have any indices.".to_owned(),
    ))
}

/// Why `n` indexes no element of a sequence of `len` elements. The
/// length is named only when it is not marked.
fn sequence_index_error(n: &Number, len: usize, length_shown: bool) -> Result<Value, AccessError> {
    let not_found = |detail: &str| {
        Err((
            Code::InvalidIndex,
            format!("The given key does not identify an element in this collection value{detail}"),
        ))
    };
    if !n.is_integer() {
        return not_found(
            ": indexing a sequence requires a whole number, but the given index has a fractional part.",
        );
    }
    if n.is_sign_negative() && !n.is_zero() {
        return not_found(": a negative number is not a valid index for a sequence.");
    }
    // HCL explains only an index equal to the length (its test is
    // `index - length < 1`); larger ones get the general message.
    if length_shown && whole_index(n) == Some(len) {
        if len == 0 {
            return not_found(": the collection has no elements.");
        }
        return not_found(
            ": the given index is greater than or equal to the length of the collection.",
        );
    }
    not_found(".")
}

/// The index a whole, non-negative number names, if it fits.
fn whole_index(n: &Number) -> Option<usize> {
    if !n.is_integer() {
        return None;
    }
    usize::try_from(n.to_i64().ok()?).ok()
}

/// HCL's `GetAttr`.
pub(crate) fn get_attr(obj: &Value, name: &str) -> Result<Value, AccessError> {
    let obj = &obj.summarised();
    if obj.is_null() {
        return Err((
            Code::AttemptToGetAttributeFromNullValue,
            "This value is null, so it does not have any attributes.".to_owned(),
        ));
    }
    let ty = obj.ty();
    let (unmarked, marks) = obj.unmark();
    if ty.is_object() {
        let Some(attr_ty) = ty.attribute_type(name) else {
            return Err((
                Code::UnsupportedAttribute,
                format!("This object does not have an attribute named {name:?}."),
            ));
        };
        if !unmarked.is_known() {
            return Ok(Value::unknown(attr_ty.clone()).with_marks(marks));
        }
        let value = unmarked
            .get_attr(name)
            .cloned()
            .unwrap_or_else(Value::dynamic);
        return Ok(value.with_marks(marks));
    }
    if ty.is_map() {
        if !unmarked.is_known() {
            let element = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            return Ok(Value::unknown(element).with_marks(marks));
        }
        return match unmarked.entries().and_then(|m| m.get(name)) {
            Some(v) => Ok(v.with_marks(marks)),
            None => Err((
                Code::MissingMapElement,
                format!("This map does not have an element with the key {name:?}."),
            )),
        };
    }
    if ty.is_dynamic() {
        return Ok(Value::dynamic().with_marks(marks));
    }
    if let Some(element) = ty.element_type().filter(|e| e.is_object()) {
        if ty.is_list() {
            let detail = if element.attribute_type(name).is_some() {
                format!(
                    "Can't access attributes on a list of objects. Did you mean to access attribute {name:?} for a specific element of the list, or across all elements of the list?"
                )
            } else {
                "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_owned()
            };
            return Err((Code::UnsupportedAttribute, detail));
        }
        if ty.is_set() {
            return Err((
                Code::UnsupportedAttribute,
                "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?".to_owned(),
            ));
        }
    }
    if ty.is_primitive() {
        return Err((
            Code::UnsupportedAttribute,
            format!(
                "Can't access attributes on a primitive-typed value ({}).",
                ty.friendly_name()
            ),
        ));
    }
    Err((
        Code::UnsupportedAttribute,
        "This value does not have any attributes.".to_owned(),
    ))
}
