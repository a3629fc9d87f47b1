//! Object constructors, for expressions and splats.

use std::collections::BTreeMap;

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr, ForExpr, Object, SplatExpr};
use tofu_syntax::{SyntaxKind, TextRange};
use tofu_types::convert::convert;
use tofu_types::{Marks, Type, Value};

use super::{Evaluator, node_range};
use crate::Diagnostic;

impl Evaluator<'_, '_> {
    pub(super) fn object(&mut self, e: &Object) -> Value {
        let mut attrs: BTreeMap<String, Value> = BTreeMap::new();
        let mut marks = Marks::NONE;
        let mut known = true;
        for item in e.items() {
            let key_node = item.key();
            let key_expr = key_node.as_ref().and_then(|k| k.expr());
            let key_range = key_expr
                .as_ref()
                .map_or_else(|| node_range(item.syntax()), |k| node_range(k.syntax()));
            let before = self.diagnostics.len();
            let key = match (&key_node, &key_expr) {
                (Some(k), Some(expr)) => self.object_key(k, expr, key_range),
                _ => Value::dynamic(),
            };
            let key_failed =
                self.diagnostics[before..].iter().any(Diagnostic::is_error) || key_expr.is_none();
            let value = self.eval_opt(item.value());
            if key_failed {
                known = false;
                continue;
            }
            if key.is_null() {
                let value_range = item.value().map_or(key_range, |v| node_range(v.syntax()));
                self.error(
                    Diagnostic::error(Code::NullValueAsKey, "Can't use a null value as a key.")
                        .with_subject(value_range),
                );
                known = false;
                continue;
            }
            let (key, key_marks) = key.unmark();
            marks |= key_marks;
            let key = match convert(&key, &Type::String) {
                Ok(k) => k,
                Err(err) => {
                    self.error(
                        Diagnostic::error(
                            Code::IncorrectKeyType,
                            format!("Can't use this value as a key: {}.", err.message),
                        )
                        .with_subject(key_range),
                    );
                    known = false;
                    continue;
                }
            };
            match key.as_str() {
                Some(name) if key.is_known() => {
                    attrs.insert(name.to_owned(), value);
                }
                _ => known = false,
            }
        }
        if !known {
            return Value::dynamic();
        }
        Value::object(attrs).with_marks(marks)
    }

    fn object_key(
        &mut self,
        key: &tofu_syntax::ast::ObjectKey,
        expr: &Expr,
        range: TextRange,
    ) -> Value {
        // A naked multi-step traversal is ambiguous; parentheses force
        // evaluation and keep the key from being read as a name.
        if !matches!(expr, Expr::Paren(_)) {
            if is_multi_step_traversal(expr) {
                self.error(
                    Diagnostic::error(
                        Code::AmbiguousAttributeKey,
                        "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                    )
                    .with_subject(range),
                );
                return Value::dynamic();
            }
            if let Some(name) = key.as_keyword() {
                return Value::string(name);
            }
        }
        self.eval(expr)
    }

    pub(super) fn for_expr(&mut self, e: &ForExpr) -> Value {
        let range = node_range(e.syntax());
        let key_var = e.key_var().map(|t| t.text().to_owned());
        let Some(value_var) = e.value_var().map(|t| t.text().to_owned()) else {
            return Value::dynamic();
        };
        let coll_expr = e.collection();
        let coll_range = coll_expr.as_ref().map_or(range, |c| node_range(c.syntax()));
        let collection = self.eval_opt(coll_expr);
        let Some((collection, coll_marks)) = self.for_collection(collection, coll_range, range)
        else {
            return Value::dynamic();
        };
        let mut marks = coll_marks;

        let cond_expr = e.condition();
        let cond_range = cond_expr.as_ref().map(|c| node_range(c.syntax()));
        let mut cond_marks = Marks::NONE;
        if let Some(cond) = &cond_expr {
            // Checked once with unknown names first, as HCL does, to report
            // type errors even for an empty collection.
            let mut bindings = vec![(value_var.clone(), Value::dynamic())];
            if let Some(k) = &key_var {
                bindings.insert(0, (k.clone(), Value::dynamic()));
            }
            let (result, diags) = self.with_locals(bindings, |ev| ev.eval_isolated(cond));
            let has_errors = diags.iter().any(Diagnostic::is_error);
            self.diagnostics.extend(diags);
            let subject = cond_range.unwrap_or(range);
            if result.is_null() {
                self.error(
                    Diagnostic::error(
                        Code::ConditionIsNull,
                        "The value of the 'if' clause must not be null.",
                    )
                    .with_subject(subject)
                    .with_context(range),
                );
                return Value::dynamic();
            }
            cond_marks = result.marks();
            if let Err(err) = convert(&result, &Type::Bool) {
                self.error(
                    Diagnostic::error(
                        Code::InvalidForCondition,
                        format!("The 'if' clause value is invalid: {}.", err.message),
                    )
                    .with_subject(subject)
                    .with_context(range),
                );
                return Value::dynamic();
            }
            if has_errors {
                return Value::dynamic();
            }
        }
        let key_expr = if e.is_object() { e.key_expr() } else { None };
        let value_expr = e.value_expr();
        let grouping = e.is_grouping();
        if !collection.is_known() {
            if !self.ctx.assume_non_empty {
                return Value::dynamic().with_marks(marks | cond_marks);
            }
            let item = ForItem {
                cond: cond_expr.as_ref(),
                key: key_expr.as_ref(),
                value: value_expr.as_ref(),
                object: e.is_object(),
                context: range,
                report: true,
                assume_included: true,
            };
            // The body is checked with an element of the collection's
            // type. The result stays what HCL's `ForExpr.Value` gives for
            // an unknown collection, `cty.DynamicVal` (once known it is an
            // object or a tuple, which a `map(T)` or `list(T)` type would
            // misjudge: `lookup` takes any default from an object), with
            // the summary of what every such value conforms to.
            let summary = match self.for_over_unknown(&collection, key_var, value_var, item) {
                Type::Dynamic => Type::Dynamic,
                element if !e.is_object() => Type::list(element),
                element if grouping => Type::map(Type::list(element)),
                element => Type::map(element),
            };
            return Value::dynamic_conforming_to(summary).with_marks(marks | cond_marks);
        }
        let mut known = true;
        let mut tuple = Vec::new();
        let mut object: BTreeMap<String, Value> = BTreeMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for (k, v) in collection.element_pairs() {
            let mut bindings = vec![(value_var.clone(), v)];
            if let Some(name) = &key_var {
                bindings.insert(0, (name.clone(), k));
            }
            let outcome = self.with_locals(bindings, |ev| {
                ev.for_item(ForItem {
                    cond: cond_expr.as_ref(),
                    key: key_expr.as_ref(),
                    value: value_expr.as_ref(),
                    object: e.is_object(),
                    context: range,
                    report: known,
                    assume_included: false,
                })
            });
            match outcome {
                ItemOutcome::Unknown(m) => {
                    marks |= m;
                    known = false;
                }
                ItemOutcome::Skip(m) => marks |= m,
                ItemOutcome::Include {
                    key,
                    value,
                    marks: m,
                    key_range,
                } => {
                    marks |= m;
                    match key {
                        None => tuple.push(value),
                        Some(key) if grouping => groups.entry(key).or_default().push(value),
                        Some(key) => match object.entry(key) {
                            std::collections::btree_map::Entry::Occupied(entry) => {
                                let key = tofu_types::render::go_quote(entry.key());
                                self.error(
                                    Diagnostic::error(
                                        Code::DuplicateObjectKey,
                                        format!(
                                            "Two different items produced the key {key} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."
                                        ),
                                    )
                                    .with_subject(key_range)
                                    .with_context(range),
                                );
                            }
                            std::collections::btree_map::Entry::Vacant(entry) => {
                                entry.insert(value);
                            }
                        },
                    }
                }
            }
        }
        if !known {
            return Value::dynamic().with_marks(marks);
        }
        let result = if !e.is_object() {
            Value::tuple(tuple)
        } else if grouping {
            Value::object(groups.into_iter().map(|(k, vs)| (k, Value::tuple(vs))))
        } else {
            Value::object(object)
        };
        result.with_marks(marks)
    }

    /// HCL's checks on the collection of a `for` (expression or template
    /// directive): the unmarked collection and its marks, or `None` when
    /// the `for` can only be unknown (a dynamic collection, or an error,
    /// which is reported).
    pub(super) fn for_collection(
        &mut self,
        collection: Value,
        coll_range: TextRange,
        range: TextRange,
    ) -> Option<(Value, Marks)> {
        let collection = collection.summarised();
        if collection.is_null() {
            self.error(
                Diagnostic::error(
                    Code::IterationOverNullValue,
                    "A null value cannot be used as the collection in a 'for' expression.",
                )
                .with_subject(coll_range)
                .with_context(range),
            );
            return None;
        }
        if collection.ty().is_dynamic() {
            return None;
        }
        let (collection, marks) = collection.unmark();
        if !collection.ty().can_iterate_elements() {
            self.error(
                Diagnostic::error(
                    Code::IterationOverNonIterableValue,
                    format!(
                        "A value of type {} cannot be used as the collection in a 'for' expression.",
                        collection.ty().friendly_name()
                    ),
                )
                .with_subject(coll_range)
                .with_context(range),
            );
            return None;
        }
        Some((collection, marks))
    }

    fn for_item(&mut self, item: ForItem<'_>) -> ItemOutcome {
        let mut marks = Marks::NONE;
        if let Some(cond) = item.cond {
            let subject = node_range(cond.syntax());
            let include = self.eval(cond);
            if include.is_null() {
                if item.report {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidForCondition,
                            "The value of the 'if' clause must not be null.",
                        )
                        .with_subject(subject)
                        .with_context(item.context),
                    );
                }
                return ItemOutcome::Unknown(marks);
            }
            marks |= include.marks();
            if !item.object && !include.is_known() && !item.assume_included {
                return ItemOutcome::Unknown(marks);
            }
            let include = match convert(&include, &Type::Bool) {
                Ok(v) => v,
                Err(err) => {
                    if item.report {
                        self.error(
                            Diagnostic::error(
                                Code::InvalidForCondition,
                                format!("The 'if' clause value is invalid: {}.", err.message),
                            )
                            .with_subject(subject)
                            .with_context(item.context),
                        );
                    }
                    return ItemOutcome::Unknown(marks);
                }
            };
            if !include.is_known() && !item.assume_included {
                return ItemOutcome::Unknown(marks);
            }
            if include.as_bool() == Some(false) {
                return ItemOutcome::Skip(marks);
            }
        }
        if !item.object {
            let value = match item.value {
                Some(v) => self.eval(v),
                None => Value::dynamic(),
            };
            return ItemOutcome::Include {
                key: None,
                value,
                marks,
                key_range: item.context,
            };
        }
        let Some(key_expr) = item.key else {
            return ItemOutcome::Unknown(marks);
        };
        let key_range = node_range(key_expr.syntax());
        let key = self.eval(key_expr);
        if key.is_null() {
            if item.report {
                self.error(
                    Diagnostic::error(
                        Code::InvalidObjectKey,
                        "Key expression in 'for' expression must not produce a null value.",
                    )
                    .with_subject(key_range)
                    .with_context(item.context),
                );
            }
            return ItemOutcome::Unknown(marks);
        }
        marks |= key.marks();
        if !key.is_known() && !item.assume_included {
            return ItemOutcome::Unknown(marks);
        }
        let key = match convert(&key, &Type::String) {
            Ok(k) => k,
            Err(err) => {
                if item.report {
                    self.error(
                        Diagnostic::error(
                            Code::InvalidObjectKey,
                            format!(
                                "The key expression produced an invalid result: {}.",
                                err.message
                            ),
                        )
                        .with_subject(key_range)
                        .with_context(item.context),
                    );
                }
                return ItemOutcome::Unknown(marks);
            }
        };
        let key = key.unmark().0.as_str().unwrap_or_default().to_owned();
        let value = match item.value {
            Some(v) => self.eval(v),
            None => Value::dynamic(),
        };
        ItemOutcome::Include {
            key: Some(key),
            value,
            marks,
            key_range,
        }
    }

    /// The element type of a `for` over a collection that is not known,
    /// taken to be non-empty: the item evaluated with an unknown element
    /// of the collection's element type (for objects and tuples, once per
    /// attribute or element, whose keys the type knows), reporting the
    /// first item's errors. Dynamic when the items' types differ.
    fn for_over_unknown(
        &mut self,
        collection: &Value,
        key_var: Option<String>,
        value_var: String,
        mut item: ForItem<'_>,
    ) -> Type {
        let ty = collection.ty();
        let elements: Vec<(Value, Value)> = if let Some(attributes) = ty.attribute_types() {
            attributes
                .iter()
                .map(|(name, t)| (Value::string(name), Value::unknown(t.clone())))
                .collect()
        } else if let Some(elements) = ty.tuple_element_types() {
            elements
                .iter()
                .enumerate()
                .map(|(i, t)| (Value::int(i as i64), Value::unknown(t.clone())))
                .collect()
        } else {
            let element = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            let key = if ty.is_map() {
                Value::unknown(Type::String)
            } else if ty.is_set() {
                Value::unknown(element.clone())
            } else {
                Value::unknown(Type::Number)
            };
            vec![(key, Value::unknown(element))]
        };
        let mut element_type: Option<Type> = None;
        for (k, v) in elements {
            let mut bindings = vec![(value_var.clone(), v)];
            if let Some(name) = &key_var {
                bindings.insert(0, (name.clone(), k));
            }
            let before = self.diagnostics.len();
            let outcome = self.with_locals(bindings, |ev| ev.for_item(item.clone()));
            if self.diagnostics[before..].iter().any(Diagnostic::is_error) {
                item.report = false;
            }
            let item_type = match outcome {
                ItemOutcome::Include { value, .. } => value.ty().clone(),
                ItemOutcome::Skip(_) => continue,
                ItemOutcome::Unknown(_) => Type::Dynamic,
            };
            element_type = match element_type {
                Some(t) if t != item_type => return Type::Dynamic,
                _ => Some(item_type),
            };
        }
        element_type.unwrap_or(Type::Dynamic)
    }

    pub(super) fn splat(&mut self, e: &SplatExpr) -> Value {
        let range = node_range(e.syntax());
        let before = self.diagnostics.len();
        let source = match e.source() {
            Some(s) => self.eval(&s),
            None => self.splat_item(),
        };
        if self.diagnostics[before..].iter().any(Diagnostic::is_error) {
            return Value::dynamic();
        }
        let source = source.summarised();
        let each = e.each();
        let ty = source.ty().clone();
        let upgrade = !(ty.is_tuple() || ty.is_list() || ty.is_set());
        if source.is_null() {
            if upgrade {
                return Value::empty_tuple().with_marks(source.marks());
            }
            let marker = e
                .syntax()
                .children()
                .find(|n| matches!(n.kind(), SyntaxKind::FULL_SPLAT | SyntaxKind::ATTR_SPLAT))
                .map(|n| node_range(&n));
            let source_range = e.source().map_or(range, |s| node_range(s.syntax()));
            self.error(
                Diagnostic::error(
                    Code::SplatOfNullValue,
                    "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                )
                .with_subject(source_range)
                .with_context(marker.map_or(source_range, |m| source_range.cover(m))),
            );
            return Value::dynamic();
        }
        if ty.is_dynamic() {
            return Value::dynamic().with_marks(source.marks());
        }
        let mut upgraded_unknown = false;
        let source = if upgrade {
            // An unknown that may be null might splat to an empty tuple.
            upgraded_unknown = !source.is_known();
            Value::tuple(vec![source.unmark().0]).with_marks(source.marks())
        } else {
            source
        };
        let ty = source.ty().clone();
        if !source.is_known() {
            let result_ty = self.splat_result_type(&ty, each.as_ref());
            return Value::unknown(result_ty).with_marks(source.marks());
        }
        let (source, marks) = source.unmark();
        let mut values = Vec::new();
        let mut all_known = true;
        for element in source.elements().unwrap_or_default() {
            let value = match &each {
                Some(each) => {
                    let before = self.diagnostics.len();
                    let v = self.with_splat_item(element.clone(), |ev| ev.eval(each));
                    all_known &= !self.diagnostics[before..].iter().any(Diagnostic::is_error);
                    v
                }
                None => element.clone(),
            };
            values.push(value);
        }
        if upgraded_unknown {
            return Value::dynamic().with_marks(marks);
        }
        if !all_known {
            let result_ty = self.splat_result_type_quiet(&ty, each.as_ref());
            return Value::unknown(result_ty).with_marks(marks);
        }
        if ty.is_list() || ty.is_set() {
            if values.is_empty() {
                let result_ty = self.splat_result_type(&ty, each.as_ref());
                let element = result_ty.element_type().cloned().unwrap_or(Type::Dynamic);
                return Value::list_empty(element).with_marks(marks);
            }
            if !Value::can_list(&values) {
                let each_range = each.as_ref().map_or(range, |x| node_range(x.syntax()));
                self.error(
                    Diagnostic::error(
                        Code::InvalidNestedSplatExpressions,
                        "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
                    )
                    .with_subject(each_range)
                    .with_context(range),
                );
                return Value::dynamic();
            }
            return Value::list(values).with_marks(marks);
        }
        Value::tuple(values).with_marks(marks)
    }

    /// The type a splat over `ty` produces, from its steps applied to an
    /// unknown element.
    fn splat_result_type(&mut self, ty: &Type, each: Option<&Expr>) -> Type {
        let apply = |ev: &mut Self, element: &Type| match each {
            Some(each) => ev
                .with_splat_item(Value::unknown(element.clone()), |ev| ev.eval(each))
                .ty()
                .clone(),
            None => element.clone(),
        };
        if ty.is_list() || ty.is_set() {
            let element = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            Type::list(apply(self, &element))
        } else if let Some(elements) = ty.tuple_element_types() {
            let elements = elements.to_vec();
            Type::tuple(elements.iter().map(|e| apply(self, e)).collect::<Vec<_>>())
        } else {
            Type::Dynamic
        }
    }

    fn splat_result_type_quiet(&mut self, ty: &Type, each: Option<&Expr>) -> Type {
        let before = self.diagnostics.len();
        let result = self.splat_result_type(ty, each);
        self.diagnostics.truncate(before);
        result
    }
}

#[derive(Clone)]
struct ForItem<'e> {
    cond: Option<&'e Expr>,
    key: Option<&'e Expr>,
    value: Option<&'e Expr>,
    object: bool,
    context: TextRange,
    /// Only the first failing item is reported, as in HCL.
    report: bool,
    /// Unknown conditions and keys do not stop the item: the value is
    /// still evaluated, for its type ([`Evaluator::for_over_unknown`]).
    assume_included: bool,
}

enum ItemOutcome {
    Include {
        key: Option<String>,
        value: Value,
        marks: Marks,
        key_range: TextRange,
    },
    Skip(Marks),
    Unknown(Marks),
}

fn is_multi_step_traversal(expr: &Expr) -> bool {
    let mut current = expr.clone();
    let mut steps = 0;
    loop {
        current = match current {
            Expr::Attr(a) => match a.receiver() {
                Some(r) => r,
                None => return false,
            },
            Expr::Index(i) if is_literal_key(i.index()) => match i.receiver() {
                Some(r) => r,
                None => return false,
            },
            Expr::LegacyIndex(i) => match i.receiver() {
                Some(r) => r,
                None => return false,
            },
            Expr::Variable(_) => return steps > 0,
            _ => return false,
        };
        steps += 1;
    }
}

/// Whether an index key is folded into a static traversal by HCL's parser.
fn is_literal_key(key: Option<Expr>) -> bool {
    match key {
        Some(Expr::Literal(_)) => true,
        Some(Expr::Template(t)) => t.as_string_literal().is_some(),
        _ => false,
    }
}
