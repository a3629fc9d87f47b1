//! OpenTofu types: cty's primitive, collection and structural types and the
//! dynamic pseudo-type.
//!
//! Object types may mark attributes optional; that only matters when the
//! type is a conversion target (a type constraint). Values never have types
//! with optional attributes.

mod json;
mod names;
mod shared;

pub use names::is_identifier;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use crate::value::normalize;

/// A cty type.
///
/// `==` is cty's `Type.Equals`: structural, and object types compare their
/// optional-attribute sets too.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Type {
    String,
    Number,
    Bool,
    List(Arc<Type>),
    Set(Arc<Type>),
    Map(Arc<Type>),
    Object(Arc<ObjectType>),
    Tuple(Arc<[Type]>),
    /// `cty.DynamicPseudoType`: "any type" in constraints, the type of
    /// values whose type is not known yet.
    Dynamic,
    /// OpenTofu's `types.TypeType`: the capsule type of the values the
    /// console's `type()` returns, each holding a type. Nothing converts
    /// to or from it; its friendly name is "type".
    TypeCapsule,
}

/// The attributes of an object type, ordered by name (byte order of the
/// NFC-normalised UTF-8, as cty iterates them).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ObjectType {
    attrs: BTreeMap<String, Type>,
    optional: BTreeSet<String>,
}

impl ObjectType {
    pub fn attributes(&self) -> &BTreeMap<String, Type> {
        &self.attrs
    }

    pub fn optional(&self) -> &BTreeSet<String> {
        &self.optional
    }
}

impl Type {
    pub fn list(element: Type) -> Type {
        Type::List(element_arc(element))
    }

    pub fn set(element: Type) -> Type {
        Type::Set(element_arc(element))
    }

    pub fn map(element: Type) -> Type {
        Type::Map(element_arc(element))
    }

    pub fn tuple(elements: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(elements.into_iter().collect())
    }

    /// `cty.Object`; attribute names are NFC-normalised.
    pub fn object<K: AsRef<str>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::object_with_optional(attrs, std::iter::empty::<&str>())
    }

    /// `cty.ObjectWithOptionalAttrs`.
    ///
    /// # Panics
    ///
    /// If an optional name is not one of the attributes, as cty does.
    pub fn object_with_optional<K: AsRef<str>, O: AsRef<str>>(
        attrs: impl IntoIterator<Item = (K, Type)>,
        optional: impl IntoIterator<Item = O>,
    ) -> Type {
        let attrs: BTreeMap<String, Type> = attrs
            .into_iter()
            .map(|(k, t)| (normalize(k.as_ref()), t))
            .collect();
        let optional = optional
            .into_iter()
            .map(|name| {
                let name = normalize(name.as_ref());
                assert!(
                    attrs.contains_key(&name),
                    "optional contains undeclared attribute {name:?}"
                );
                name
            })
            .collect();
        Type::Object(shared::share(ObjectType { attrs, optional }))
    }

    pub fn empty_object() -> Type {
        Type::Object(Arc::default())
    }

    pub fn empty_tuple() -> Type {
        Type::Tuple(Arc::new([]))
    }

    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    pub fn is_list(&self) -> bool {
        matches!(self, Type::List(_))
    }

    pub fn is_set(&self) -> bool {
        matches!(self, Type::Set(_))
    }

    pub fn is_map(&self) -> bool {
        matches!(self, Type::Map(_))
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }

    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }

    /// Lists, sets and maps.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// cty's `CanIterateElements`: collections, objects and tuples.
    pub fn can_iterate_elements(&self) -> bool {
        self.is_collection() || self.is_object() || self.is_tuple()
    }

    /// The element type of a list, set or map.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// The attribute types of an object type.
    pub fn attribute_types(&self) -> Option<&BTreeMap<String, Type>> {
        match self {
            Type::Object(o) => Some(&o.attrs),
            _ => None,
        }
    }

    pub fn attribute_type(&self, name: &str) -> Option<&Type> {
        self.attribute_types()?.get(name)
    }

    pub fn is_optional_attribute(&self, name: &str) -> bool {
        matches!(self, Type::Object(o) if o.optional.contains(name))
    }

    /// The element types of a tuple type.
    pub fn tuple_element_types(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(e) => Some(e),
            _ => None,
        }
    }

    /// Whether the dynamic pseudo-type appears anywhere in the type.
    pub fn has_dynamic_types(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::String | Type::Number | Type::Bool | Type::TypeCapsule => false,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic_types(),
            Type::Object(o) => o.attrs.values().any(Type::has_dynamic_types),
            Type::Tuple(e) => e.iter().any(Type::has_dynamic_types),
        }
    }

    /// cty's `WithoutOptionalAttributesDeep`: the same type with every
    /// object attribute required.
    pub fn without_optional_attributes_deep(&self) -> Type {
        match self {
            Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => {
                self.clone()
            }
            Type::List(e) => Type::list(e.without_optional_attributes_deep()),
            Type::Set(e) => Type::set(e.without_optional_attributes_deep()),
            Type::Map(e) => Type::map(e.without_optional_attributes_deep()),
            Type::Object(o) => {
                if o.optional.is_empty()
                    && !o.attrs.values().any(|t| t.has_optional_attributes_deep())
                {
                    return self.clone();
                }
                Type::Object(shared::share(ObjectType {
                    attrs: o
                        .attrs
                        .iter()
                        .map(|(k, t)| (k.clone(), t.without_optional_attributes_deep()))
                        .collect(),
                    optional: BTreeSet::new(),
                }))
            }
            Type::Tuple(e) => Type::tuple(e.iter().map(Type::without_optional_attributes_deep)),
        }
    }

    fn has_optional_attributes_deep(&self) -> bool {
        match self {
            Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => false,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_optional_attributes_deep(),
            Type::Object(o) => {
                !o.optional.is_empty() || o.attrs.values().any(Type::has_optional_attributes_deep)
            }
            Type::Tuple(e) => e.iter().any(Type::has_optional_attributes_deep),
        }
    }

    /// Whether a value of type `self` conforms to `want` with dynamic parts
    /// of `want` matching anything (cty's `TestConformance` without the
    /// error list).
    pub fn conforms_to(&self, want: &Type) -> bool {
        if want.is_dynamic() || self == want {
            return true;
        }
        match (self, want) {
            (Type::Object(g), Type::Object(w)) => {
                g.attrs.len() == w.attrs.len()
                    && w.attrs
                        .iter()
                        .all(|(name, wt)| g.attrs.get(name).is_some_and(|gt| gt.conforms_to(wt)))
            }
            (Type::Tuple(g), Type::Tuple(w)) => {
                g.len() == w.len() && g.iter().zip(w.iter()).all(|(g, w)| g.conforms_to(w))
            }
            (Type::List(g), Type::List(w))
            | (Type::Map(g), Type::Map(w))
            | (Type::Set(g), Type::Set(w)) => g.conforms_to(w),
            _ => false,
        }
    }
}

impl fmt::Debug for Type {
    /// The type expression with optional attributes shown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:#}")
    }
}

/// A collection's element type. Collections of primitive types are most
/// of them (`list(string)`, `map(string)`): those share one element each.
fn element_arc(element: Type) -> Arc<Type> {
    static PRIMITIVES: std::sync::LazyLock<[Arc<Type>; 4]> = std::sync::LazyLock::new(|| {
        [Type::String, Type::Number, Type::Bool, Type::Dynamic].map(Arc::new)
    });
    match element {
        Type::String => PRIMITIVES[0].clone(),
        Type::Number => PRIMITIVES[1].clone(),
        Type::Bool => PRIMITIVES[2].clone(),
        Type::Dynamic => PRIMITIVES[3].clone(),
        other => Arc::new(other),
    }
}
