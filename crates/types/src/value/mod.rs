//! OpenTofu values, as cty values: known values of every type, typed nulls,
//! typed unknowns, each with marks.
//!
//! Values are immutable and share their contents, so clones are cheap.
//! Marks are kept where they were put: a list may hold a sensitive element
//! without being sensitive itself. Sets are the exception, as in cty: the
//! marks of their elements move to the set.

mod deprecation;
mod entries;
mod equality;
mod marks;
mod set;

use std::fmt;
use std::sync::Arc;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use crate::convert::{IndexKey, PathStep};
use crate::{Number, NumberError, Type};

pub use deprecation::DeprecationCause;
pub use entries::Entries;
pub use marks::{Mark, Marks};

/// A cty value.
///
/// `==` is cty's `RawEquals`: same type, same marks, same contents, with
/// unknowns equal to unknowns of the same type. Use [`Value::equals`] for
/// the language's `==`.
#[derive(Clone)]
pub struct Value(Arc<Inner>);

struct Inner {
    ty: Type,
    marks: Marks,
    data: Data,
}

#[derive(Clone)]
pub(crate) enum Data {
    /// With the summary of what it may become (see
    /// [`Value::dynamic_conforming_to`]).
    Unknown(Option<Arc<Type>>),
    Null,
    Bool(bool),
    Number(Number),
    String(Box<str>),
    /// List, set (in cty's order, without duplicates) or tuple elements.
    Seq(Arc<[Value]>),
    /// Map elements or object attributes, by key.
    Map(Entries),
    /// The type a [`Type::TypeCapsule`] value holds.
    Type(Arc<Type>),
}

/// NFC, as `cty.StringVal` normalises every string and attribute name.
pub(crate) fn normalize(s: &str) -> String {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => s.to_owned(),
        _ => s.nfc().collect(),
    }
}

impl Value {
    pub(crate) fn from_parts(ty: Type, marks: Marks, data: Data) -> Value {
        Value(Arc::new(Inner { ty, marks, data }))
    }

    pub(crate) fn data(&self) -> &Data {
        &self.0.data
    }

    /// `cty.StringVal`: the text in Unicode normal form C.
    pub fn string(s: impl AsRef<str>) -> Value {
        Value::from_parts(
            Type::String,
            Marks::NONE,
            Data::String(normalize(s.as_ref()).into()),
        )
    }

    pub fn number(n: Number) -> Value {
        Value::from_parts(Type::Number, Marks::NONE, Data::Number(n))
    }

    /// `cty.NumberIntVal`: 64-bit precision.
    pub fn int(n: i64) -> Value {
        Value::number(Number::from_i64(n))
    }

    /// `cty.ParseNumberVal`, as for literals: 512-bit precision.
    pub fn parse_number(text: &str) -> Result<Value, NumberError> {
        Number::parse(text).map(Value::number)
    }

    pub fn bool(b: bool) -> Value {
        Value::from_parts(Type::Bool, Marks::NONE, Data::Bool(b))
    }

    pub fn null(ty: Type) -> Value {
        Value::from_parts(ty, Marks::NONE, Data::Null)
    }

    pub fn unknown(ty: Type) -> Value {
        // Unknowns of the primitive types are most of them (every resource
        // attribute, every value derived from one): one copy of each.
        static PRIMITIVE: std::sync::LazyLock<[Value; 4]> = std::sync::LazyLock::new(|| {
            [Type::String, Type::Number, Type::Bool, Type::Dynamic]
                .map(|ty| Value::from_parts(ty, Marks::NONE, Data::Unknown(None)))
        });
        match ty {
            Type::String => PRIMITIVE[0].clone(),
            Type::Number => PRIMITIVE[1].clone(),
            Type::Bool => PRIMITIVE[2].clone(),
            Type::Dynamic => PRIMITIVE[3].clone(),
            _ => Value::from_parts(ty, Marks::NONE, Data::Unknown(None)),
        }
    }

    /// `cty.DynamicVal`: unknown, of unknown type.
    pub fn dynamic() -> Value {
        Value::unknown(Type::Dynamic)
    }

    /// `cty.DynamicVal` standing for a value that, once known, is a tuple
    /// or an object whose elements all conform to the element type of
    /// `summary` (a list or map type): what a `for` expression over a
    /// collection that is not known gives. Its type stays dynamic, as
    /// HCL's, so that nothing telling a tuple from a list or an object
    /// from a map (`lookup`'s default, `merge`) rejects it; what fails
    /// for every such value (a conversion to a number, an attribute of a
    /// tuple) is checked against `summary` (see [`Value::summary`]).
    pub fn dynamic_conforming_to(summary: Type) -> Value {
        if summary.is_dynamic() {
            return Value::dynamic();
        }
        Value::from_parts(
            Type::Dynamic,
            Marks::NONE,
            Data::Unknown(Some(Arc::new(summary))),
        )
    }

    /// The summary of a [`Value::dynamic_conforming_to`] value.
    pub fn summary(&self) -> Option<&Type> {
        match &self.0.data {
            Data::Unknown(Some(summary)) => Some(summary),
            _ => None,
        }
    }

    /// An unknown of the value's type, summary and marks: the value as
    /// its static type knows it.
    pub fn as_unknown(&self) -> Value {
        let unknown = match self.summary() {
            Some(summary) => Value::dynamic_conforming_to(summary.clone()),
            None => Value::unknown(self.ty().clone()),
        };
        unknown.with_marks(self.marks())
    }

    /// The value, or for one with a [`Value::summary`] an unknown of
    /// that type with its marks: what traversals, iteration and
    /// conversions check, since they fail for a value of the summary
    /// exactly when they fail for every value it stands for.
    pub fn summarised(&self) -> Value {
        match self.summary() {
            Some(summary) => Value::unknown(summary.clone()).with_marks(self.marks()),
            None => self.clone(),
        }
    }

    /// `cty.ListVal`: the element type is that of the first element not of
    /// dynamic type.
    ///
    /// # Panics
    ///
    /// On an empty list (use [`Value::list_empty`]) or mixed element types
    /// (check with [`Value::can_list`]), as cty does.
    pub fn list(elements: Vec<Value>) -> Value {
        assert!(
            !elements.is_empty(),
            "must not call Value::list with no elements"
        );
        let ety = common_type(&elements).expect("inconsistent list element types");
        Value::from_parts(Type::list(ety), Marks::NONE, Data::Seq(elements.into()))
    }

    pub fn list_empty(element: Type) -> Value {
        Value::from_parts(Type::list(element), Marks::NONE, Data::Seq(Arc::new([])))
    }

    /// Whether [`Value::list`] (or `set`, `map`) accepts these elements.
    pub fn can_list(elements: &[Value]) -> bool {
        common_type(elements).is_some()
    }

    /// `cty.SetVal`: duplicates dropped, elements put in cty's order, and
    /// the elements' marks (at any depth) moved to the set.
    ///
    /// # Panics
    ///
    /// As [`Value::list`].
    pub fn set(elements: Vec<Value>) -> Value {
        assert!(
            !elements.is_empty(),
            "must not call Value::set with no elements"
        );
        let mut marks = Marks::NONE;
        let elements: Vec<Value> = elements
            .into_iter()
            .map(|e| {
                let (e, m) = e.unmark_deep();
                marks |= m;
                e
            })
            .collect();
        let ety = common_type(&elements).expect("inconsistent set element types");
        let elements = set::canonical(&ety, elements);
        Value::from_parts(Type::set(ety), marks, Data::Seq(elements.into()))
    }

    pub fn set_empty(element: Type) -> Value {
        Value::from_parts(Type::set(element), Marks::NONE, Data::Seq(Arc::new([])))
    }

    /// `cty.MapVal`; keys are NFC-normalised.
    ///
    /// # Panics
    ///
    /// As [`Value::list`].
    pub fn map<K: AsRef<str>>(elements: impl IntoIterator<Item = (K, Value)>) -> Value {
        let elements: Entries = elements
            .into_iter()
            .map(|(k, v)| (normalize(k.as_ref()), v))
            .collect();
        assert!(
            !elements.is_empty(),
            "must not call Value::map with no elements"
        );
        let values: Vec<Value> = elements.values().cloned().collect();
        let ety = common_type(&values).expect("inconsistent map element types");
        Value::from_parts(Type::map(ety), Marks::NONE, Data::Map(elements))
    }

    pub fn map_empty(element: Type) -> Value {
        Value::from_parts(
            Type::map(element),
            Marks::NONE,
            Data::Map(Entries::default()),
        )
    }

    /// `cty.ObjectVal`; attribute names are NFC-normalised.
    pub fn object<K: AsRef<str>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        let attrs: Entries = attrs
            .into_iter()
            .map(|(k, v)| (normalize(k.as_ref()), v))
            .collect();
        let ty = Type::object(attrs.iter().map(|(k, v)| (k, v.ty().clone())));
        Value::from_parts(ty, Marks::NONE, Data::Map(attrs))
    }

    pub fn empty_object() -> Value {
        Value::object(std::iter::empty::<(&str, Value)>())
    }

    /// `cty.TupleVal`.
    pub fn tuple(elements: Vec<Value>) -> Value {
        let ty = Type::tuple(elements.iter().map(|e| e.ty().clone()));
        Value::from_parts(ty, Marks::NONE, Data::Seq(elements.into()))
    }

    pub fn empty_tuple() -> Value {
        Value::tuple(Vec::new())
    }

    pub fn ty(&self) -> &Type {
        &self.0.ty
    }

    /// Whether the value itself is unknown; a known list may still hold
    /// unknown elements.
    pub fn is_known(&self) -> bool {
        !matches!(self.0.data, Data::Unknown(_))
    }

    pub fn is_null(&self) -> bool {
        matches!(self.0.data, Data::Null)
    }

    /// Known, and so is everything inside it.
    pub fn is_wholly_known(&self) -> bool {
        match &self.0.data {
            Data::Unknown(_) => false,
            Data::Seq(e) => e.iter().all(Value::is_wholly_known),
            Data::Map(e) => e.values().all(Value::is_wholly_known),
            _ => true,
        }
    }

    /// cty's `HasWhollyKnownType`: no unknown of dynamic type inside, so
    /// the value's type is final.
    pub fn has_wholly_known_type(&self) -> bool {
        match &self.0.data {
            Data::Null => true,
            Data::Unknown(_) => !self.ty().has_dynamic_types(),
            Data::Seq(e) => e.iter().all(Value::has_wholly_known_type),
            Data::Map(e) => e.values().all(Value::has_wholly_known_type),
            _ => true,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.0.data {
            Data::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&Number> {
        match &self.0.data {
            Data::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.0.data {
            Data::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// A value of OpenTofu's `types.TypeType` capsule holding `ty`, as the
    /// console's `type()` function returns.
    pub fn type_value(ty: Type) -> Value {
        Value::from_parts(Type::TypeCapsule, Marks::NONE, Data::Type(Arc::new(ty)))
    }

    /// The type a known [`Type::TypeCapsule`] value holds.
    pub fn as_type(&self) -> Option<&Type> {
        match &self.0.data {
            Data::Type(ty) => Some(ty),
            _ => None,
        }
    }

    /// The elements of a known list, set (in cty's order) or tuple.
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.0.data {
            Data::Seq(e) => Some(e),
            _ => None,
        }
    }

    /// The elements of a known map or the attributes of a known object.
    pub fn entries(&self) -> Option<&Entries> {
        match &self.0.data {
            Data::Map(e) => Some(e),
            _ => None,
        }
    }

    /// cty's `ElementIterator` over a known collection: index and element
    /// for lists and tuples, element and element for sets, key and element
    /// in key order for maps and objects; nothing for anything else.
    pub fn element_pairs(&self) -> Vec<(Value, Value)> {
        if let Some(entries) = self.entries() {
            return entries
                .iter()
                .map(|(k, v)| (Value::string(k), v.clone()))
                .collect();
        }
        let elements = self.elements().unwrap_or_default();
        if self.ty().is_set() {
            return elements.iter().map(|e| (e.clone(), e.clone())).collect();
        }
        elements
            .iter()
            .enumerate()
            .map(|(i, e)| (Value::int(i as i64), e.clone()))
            .collect()
    }

    /// An attribute of a known object.
    pub fn get_attr(&self, name: &str) -> Option<&Value> {
        match (&self.0.ty, &self.0.data) {
            (Type::Object(_), Data::Map(e)) => e.get(name),
            _ => None,
        }
    }

    /// The number of elements of a known collection or structure.
    pub fn length(&self) -> Option<usize> {
        match &self.0.data {
            Data::Seq(e) => Some(e.len()),
            Data::Map(e) => Some(e.len()),
            _ => None,
        }
    }

    pub fn marks(&self) -> Marks {
        self.0.marks
    }

    pub fn is_marked(&self) -> bool {
        !self.0.marks.is_empty()
    }

    pub fn has_mark(&self, mark: Mark) -> bool {
        self.0.marks.contains(mark)
    }

    /// Whether this value or anything inside it is marked.
    pub fn contains_marked(&self) -> bool {
        self.is_marked() || self.children().any(Value::contains_marked)
    }

    pub fn has_mark_deep(&self, mark: Mark) -> bool {
        self.has_mark(mark) || self.children().any(|c| c.has_mark_deep(mark))
    }

    /// All marks on this value and inside it.
    pub fn marks_deep(&self) -> Marks {
        self.children()
            .fold(self.marks(), |marks, c| marks | c.marks_deep())
    }

    fn children(&self) -> impl Iterator<Item = &Value> {
        let (seq, map): (&[Value], _) = match &self.0.data {
            Data::Seq(e) => (e, None),
            Data::Map(e) => (&[], Some(e.values())),
            _ => (&[], None),
        };
        seq.iter().chain(map.into_iter().flatten())
    }

    pub fn mark(&self, mark: Mark) -> Value {
        self.with_marks(mark.into())
    }

    /// The value with `marks` added to its own.
    pub fn with_marks(&self, marks: Marks) -> Value {
        let all = self.marks() | marks;
        if all == self.marks() {
            return self.clone();
        }
        Value::from_parts(self.ty().clone(), all, self.0.data.clone())
    }

    /// The value without its own marks, and those marks; marks inside stay.
    pub fn unmark(&self) -> (Value, Marks) {
        if !self.is_marked() {
            return (self.clone(), Marks::NONE);
        }
        let v = Value::from_parts(self.ty().clone(), Marks::NONE, self.0.data.clone());
        (v, self.marks())
    }

    /// The value with no marks anywhere, and all the marks it had.
    pub fn unmark_deep(&self) -> (Value, Marks) {
        let marks = self.marks_deep();
        if marks.is_empty() {
            return (self.clone(), marks);
        }
        (self.strip_marks(), marks)
    }

    /// Each deprecation mark on this value or inside it, top down, with
    /// the path to the value it is on as cty formats paths (`.a["k"][0]`,
    /// empty for the value itself).
    pub fn deprecations_deep(&self) -> Vec<(String, std::sync::Arc<DeprecationCause>)> {
        let mut out = Vec::new();
        if self.marks_deep().has_deprecations() {
            self.collect_deprecations(&mut Vec::new(), &mut out);
        }
        out
    }

    fn collect_deprecations(
        &self,
        path: &mut Vec<PathStep>,
        out: &mut Vec<(String, std::sync::Arc<DeprecationCause>)>,
    ) {
        for cause in self.marks().deprecations() {
            out.push((crate::convert::format_path(path), cause));
        }
        let object = self.ty().is_object();
        let steps: Vec<(PathStep, &Value)> = match &self.0.data {
            Data::Seq(elements) => elements
                .iter()
                .enumerate()
                .map(|(i, e)| (PathStep::Index(IndexKey::Int(i as i64)), e))
                .collect(),
            Data::Map(entries) => entries
                .iter()
                .map(|(k, e)| match object {
                    true => (PathStep::Attr(k.clone()), e),
                    false => (PathStep::Index(IndexKey::String(k.clone())), e),
                })
                .collect(),
            _ => Vec::new(),
        };
        for (step, e) in steps {
            path.push(step);
            e.collect_deprecations(path, out);
            path.pop();
        }
    }

    /// The value without deprecation marks anywhere; other marks stay.
    pub fn without_deprecations_deep(&self) -> Value {
        if !self.marks_deep().has_deprecations() {
            return self.clone();
        }
        self.remark_deep(&Marks::without_deprecations)
    }

    fn strip_marks(&self) -> Value {
        self.remark_deep(&|_| Marks::NONE)
    }

    /// The value with the marks of it and of everything inside it
    /// replaced by what `f` makes of them.
    fn remark_deep(&self, f: &dyn Fn(Marks) -> Marks) -> Value {
        let data = match &self.0.data {
            Data::Seq(e) => Data::Seq(e.iter().map(|v| v.remark_deep(f)).collect()),
            Data::Map(e) => Data::Map(
                e.iter()
                    .map(|(k, v)| (k.clone(), v.remark_deep(f)))
                    .collect(),
            ),
            other => other.clone(),
        };
        Value::from_parts(self.ty().clone(), f(self.marks()), data)
    }
}

/// The type `cty.ListVal` and friends give a collection of these elements:
/// the first element type that is not dynamic, all others equal to it or
/// dynamic; `None` if they differ.
fn common_type(elements: &[Value]) -> Option<Type> {
    let mut ety = Type::Dynamic;
    for e in elements {
        if ety.is_dynamic() {
            ety = e.ty().clone();
        } else if !e.ty().is_dynamic() && e.ty() != &ety {
            return None;
        }
    }
    Some(ety)
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.raw_equals(other)
    }
}

impl fmt::Debug for Value {
    /// The console rendering with marks and types spelled out, for test
    /// failures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::render::debug(self))
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::string(s)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::bool(b)
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::number(n)
    }
}
