//! Conversions planned from types (cty's `getConversion`) and applied to
//! values.

use std::collections::BTreeMap;

use super::dynamic::dynamic_replace;
use super::{ConversionError, IndexKey, PathStep, convert, mismatch_message, unify};
use crate::{Number, Type, Value};

type Path = Vec<PathStep>;
type Result<T> = std::result::Result<T, ConversionError>;

/// A conversion between two types, ready to apply to values of the source
/// type (or of the dynamic type).
#[derive(Clone, Debug)]
pub struct Conversion(Steps);

#[derive(Clone, Debug)]
enum Steps {
    Plan(Plan),
    /// Unification with dynamic types involved turns every value into
    /// `DynamicVal`, as cty cannot predict the eventual conversion.
    ToDynamic,
    /// Tuples unified as lists: to a list first, then to the unified list.
    Then(Box<Conversion>, Box<Conversion>),
}

impl Conversion {
    pub(super) fn from_plan(plan: Plan) -> Conversion {
        Conversion(Steps::Plan(plan))
    }

    pub(super) fn to_dynamic() -> Conversion {
        Conversion(Steps::ToDynamic)
    }

    pub(super) fn then(self, next: Conversion) -> Conversion {
        Conversion(Steps::Then(Box::new(self), Box::new(next)))
    }

    /// Converts a value of the conversion's source type.
    pub fn apply(&self, value: &Value) -> Result<Value> {
        match &self.0 {
            Steps::Plan(plan) => plan.apply(value, &mut Vec::new()),
            Steps::ToDynamic => Ok(Value::dynamic()),
            Steps::Then(first, next) => next.apply(&first.apply(value)?),
        }
    }
}

/// A conversion to `out`, wrapped in cty's standard handling of marks,
/// nulls, unknowns and dynamic targets.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    out: Type,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Passthrough,
    /// From the dynamic type: converted once the value's type is known.
    DynamicFixup(Type),
    NumberToString,
    BoolToString,
    StringToNumber,
    StringToBool,
    ObjectToObject {
        /// Attributes to keep, with their conversions where needed.
        attrs: BTreeMap<String, Option<Plan>>,
    },
    TupleToTuple(Vec<Option<Plan>>),
    CollectionToList(Type, Option<Box<Plan>>),
    CollectionToSet(Type, Option<Box<Plan>>),
    CollectionToMap(Type, Box<Plan>),
    EmptyList(Type),
    EmptySet(Type),
    EmptyMap(Type),
    TupleToList {
        elements: Vec<Option<Plan>>,
        unsafe_: bool,
    },
    TupleToSet(Vec<Option<Plan>>),
    ObjectToMap {
        ety: Type,
        attrs: BTreeMap<String, Option<Plan>>,
        unsafe_: bool,
    },
    MapToObject(BTreeMap<String, MapAttr>),
}

/// How a map element becomes an object attribute.
#[derive(Clone, Debug)]
enum MapAttr {
    Same,
    Convert(Plan),
    /// An optional attribute the element type cannot convert to: fine as
    /// long as the map has no such key.
    Incompatible,
}

pub(super) fn get_conversion(from: &Type, to: &Type, unsafe_: bool) -> Option<Plan> {
    let kind = known_conversion(from, to, unsafe_)?;
    Some(Plan {
        out: to.clone(),
        kind,
    })
}

fn known_conversion(from: &Type, to: &Type, unsafe_: bool) -> Option<Kind> {
    use Type::*;
    Some(match (from, to) {
        (_, Dynamic) => Kind::Passthrough,
        (Dynamic, _) if unsafe_ => Kind::DynamicFixup(to.clone()),
        (Number, String) => Kind::NumberToString,
        (Bool, String) => Kind::BoolToString,
        (String, Number) if unsafe_ => Kind::StringToNumber,
        (String, Bool) if unsafe_ => Kind::StringToBool,
        (Object(_), Object(_)) => object_to_object(from, to, unsafe_)?,
        (Tuple(f), Tuple(t)) => {
            if f.len() != t.len() {
                return None;
            }
            let elements = f
                .iter()
                .zip(t.iter())
                .map(|(f, t)| element_conversion(f, t, unsafe_))
                .collect::<Option<_>>()?;
            Kind::TupleToTuple(elements)
        }
        (List(f) | Set(f), List(t)) => {
            if f == t {
                Kind::CollectionToList((**t).clone(), None)
            } else {
                let conv = get_conversion(f, t, unsafe_)?;
                Kind::CollectionToList((**t).clone(), Some(Box::new(conv)))
            }
        }
        (List(f) | Set(f), Set(t)) => {
            // Lists lose order and duplicates on the way to sets.
            if from.is_list() && !unsafe_ {
                return None;
            }
            let conv = get_conversion(f, t, unsafe_);
            if f == t {
                Kind::CollectionToSet((**t).clone(), None)
            } else {
                Kind::CollectionToSet((**t).clone(), Some(Box::new(conv?)))
            }
        }
        // Note that cty has no conversion between equal map types here;
        // equal types never get this far at the top level.
        (Map(f), Map(t)) => {
            Kind::CollectionToMap((**t).clone(), Box::new(get_conversion(f, t, unsafe_)?))
        }
        (Tuple(f), List(t)) => tuple_to_list(f, t, unsafe_)?,
        (Tuple(f), Set(t)) => tuple_to_set(f, t, unsafe_)?,
        (Object(f), Map(t)) => object_to_map(f.attributes(), t, unsafe_)?,
        (Map(f), Object(_)) if unsafe_ => map_to_object(f, to)?,
        _ => return None,
    })
}

/// `None` inside when no conversion is needed; `None` outside when none is
/// possible.
fn element_conversion(from: &Type, to: &Type, unsafe_: bool) -> Option<Option<Plan>> {
    if from == to {
        Some(None)
    } else {
        get_conversion(from, to, unsafe_).map(Some)
    }
}

fn object_to_object(from: &Type, to: &Type, unsafe_: bool) -> Option<Kind> {
    let from_attrs = from.attribute_types()?;
    let mut attrs = BTreeMap::new();
    for (name, out_ty) in to.attribute_types()? {
        match from_attrs.get(name) {
            // Absent optional attributes become null.
            None if to.is_optional_attribute(name) => continue,
            None => return None,
            Some(in_ty) => {
                attrs.insert(name.clone(), element_conversion(in_ty, out_ty, unsafe_)?);
            }
        }
    }
    Some(Kind::ObjectToObject { attrs })
}

fn tuple_to_list(from: &[Type], ety: &Type, unsafe_: bool) -> Option<Kind> {
    if from.is_empty() {
        return Some(Kind::EmptyList(ety.without_optional_attributes_deep()));
    }
    let ety = structural_element_type(from, ety, unsafe_)?;
    let elements = from
        .iter()
        .map(|f| element_conversion(f, &ety, unsafe_))
        .collect::<Option<_>>()?;
    Some(Kind::TupleToList { elements, unsafe_ })
}

fn tuple_to_set(from: &[Type], ety: &Type, unsafe_: bool) -> Option<Kind> {
    if from.is_empty() {
        return Some(Kind::EmptySet(ety.without_optional_attributes_deep()));
    }
    let ety = structural_element_type(from, ety, unsafe_)?;
    let elements = from
        .iter()
        .map(|f| element_conversion(f, &ety, unsafe_))
        .collect::<Option<_>>()?;
    Some(Kind::TupleToSet(elements))
}

/// The element type for a list or set made from a tuple: the wanted one,
/// or for `list(any)` the unification of the tuple's element types, which
/// may only stay dynamic if every element is.
fn structural_element_type(from: &[Type], ety: &Type, unsafe_: bool) -> Option<Type> {
    if !ety.is_dynamic() {
        return Some(ety.clone());
    }
    let unified = unify::unify_types(from, unsafe_)?;
    if unified.is_dynamic() && !from.iter().all(Type::is_dynamic) {
        return None;
    }
    Some(unified)
}

fn object_to_map(from: &BTreeMap<String, Type>, ety: &Type, unsafe_: bool) -> Option<Kind> {
    if from.is_empty() {
        return Some(Kind::EmptyMap(ety.without_optional_attributes_deep()));
    }
    let ety = if ety.is_dynamic() {
        let types: Vec<Type> = from.values().cloned().collect();
        unify::unify_types(&types, unsafe_)?
    } else {
        ety.clone()
    };
    let attrs = from
        .iter()
        .map(|(name, aty)| Some((name.clone(), element_conversion(aty, &ety, unsafe_)?)))
        .collect::<Option<_>>()?;
    Some(Kind::ObjectToMap {
        ety,
        attrs,
        unsafe_,
    })
}

fn map_to_object(ety: &Type, to: &Type) -> Option<Kind> {
    let mut attrs = BTreeMap::new();
    for (name, aty) in to.attribute_types()? {
        let attr = if aty == ety {
            MapAttr::Same
        } else if let Some(conv) = get_conversion(ety, aty, true) {
            MapAttr::Convert(conv)
        } else if to.is_optional_attribute(name) {
            MapAttr::Incompatible
        } else {
            return None;
        };
        attrs.insert(name.clone(), attr);
    }
    Some(Kind::MapToObject(attrs))
}

fn index(i: usize) -> PathStep {
    PathStep::Index(IndexKey::Int(i as i64))
}

fn key(k: &str) -> PathStep {
    PathStep::Index(IndexKey::String(k.to_owned()))
}

fn error(path: &Path, message: impl Into<String>) -> ConversionError {
    ConversionError::new(path.clone(), message)
}

/// Runs `f` with `step` pushed onto the path.
fn at<T>(path: &mut Path, step: PathStep, f: impl FnOnce(&mut Path) -> T) -> T {
    path.push(step);
    let result = f(path);
    path.pop();
    result
}

/// Nulls inside collections and objects lose optional-attribute markers in
/// their types, and their marks (cty rebuilds them with `NullVal`).
fn strip_null(v: Value) -> Value {
    if v.is_null() {
        Value::null(v.ty().without_optional_attributes_deep())
    } else {
        v
    }
}

fn apply_opt(plan: &Option<Plan>, v: &Value, path: &mut Path) -> Result<Value> {
    match plan {
        Some(plan) => plan.apply(v, path),
        None => Ok(v.clone()),
    }
}

impl Plan {
    pub(super) fn apply(&self, v: &Value, path: &mut Path) -> Result<Value> {
        if v.is_marked() {
            let (inner, marks) = v.unmark();
            return Ok(self.apply(&inner, path)?.with_marks(marks));
        }
        if self.out.is_dynamic() {
            return Ok(v.clone());
        }
        if !v.is_known() || v.is_null() {
            let out = self.out.without_optional_attributes_deep();
            let ty = dynamic_replace(v.ty(), &out);
            return Ok(if v.is_known() {
                Value::null(ty)
            } else {
                Value::unknown(ty)
            });
        }
        self.apply_known(v, path)
    }

    fn apply_known(&self, v: &Value, path: &mut Path) -> Result<Value> {
        let elements = || v.elements().unwrap_or_default();
        let entries = || v.entries().map(|e| e.iter()).into_iter().flatten();
        match &self.kind {
            Kind::Passthrough => Ok(v.clone()),
            Kind::DynamicFixup(want) => convert(v, want).map_err(|mut e| {
                let mut full = path.clone();
                full.append(&mut e.path);
                e.path = full;
                e
            }),
            Kind::NumberToString => Ok(Value::string(
                v.as_number().map(Number::to_string).unwrap_or_default(),
            )),
            Kind::BoolToString => Ok(Value::string(if v.as_bool() == Some(true) {
                "true"
            } else {
                "false"
            })),
            Kind::StringToNumber => Number::parse(v.as_str().unwrap_or_default())
                .map(Value::number)
                .map_err(|e| error(path, e.to_string())),
            Kind::StringToBool => string_to_bool(v.as_str().unwrap_or_default(), path),
            Kind::ObjectToObject { attrs } => {
                let mut out = BTreeMap::new();
                for (name, attr) in entries() {
                    let Some(plan) = attrs.get(name) else {
                        continue;
                    };
                    let converted = at(path, PathStep::Attr(name.clone()), |p| {
                        apply_opt(plan, attr, p)
                    })?;
                    out.insert(name.clone(), strip_null(converted));
                }
                for name in self.out_optional() {
                    if !out.contains_key(name) {
                        let ty = self.out.attribute_type(name).expect("declared attribute");
                        out.insert(
                            name.clone(),
                            Value::null(ty.without_optional_attributes_deep()),
                        );
                    }
                }
                Ok(Value::object(out))
            }
            Kind::TupleToTuple(plans) => {
                let mut out = Vec::with_capacity(plans.len());
                for (i, (plan, e)) in plans.iter().zip(elements()).enumerate() {
                    out.push(at(path, index(i), |p| apply_opt(plan, e, p))?);
                }
                Ok(Value::tuple(out))
            }
            Kind::CollectionToList(ety, plan) => {
                if v.ty().is_set() && v.length() != Some(1) && !v.is_wholly_known() {
                    // Unknown elements may still merge: the length is unknown.
                    let ety = v.ty().element_type().cloned().unwrap_or(Type::Dynamic);
                    return Ok(Value::unknown(Type::list(ety)));
                }
                let out = convert_elements(elements(), plan.as_deref(), path)?;
                if out.is_empty() {
                    return Ok(Value::list_empty(empty_element_type(ety, v)));
                }
                if !Value::can_list(&out) {
                    return Err(error(
                        path,
                        "element types must all match for conversion to list",
                    ));
                }
                Ok(Value::list(out))
            }
            Kind::CollectionToSet(ety, plan) => {
                let out = convert_elements(elements(), plan.as_deref(), path)?;
                if out.is_empty() {
                    return Ok(Value::set_empty(empty_element_type(ety, v)));
                }
                to_set(out, path)
            }
            Kind::CollectionToMap(ety, plan) => {
                let mut out = BTreeMap::new();
                for (k, e) in entries() {
                    out.insert(k.clone(), at(path, key(k), |p| plan.apply(e, p))?);
                }
                if out.is_empty() {
                    return Ok(Value::map_empty(empty_element_type(ety, v)));
                }
                if ety.is_collection() || ety.is_object() {
                    out = unify_map_elements(out, path, false)?;
                }
                to_map(
                    out,
                    path,
                    "element types must all match for conversion to map",
                )
            }
            Kind::EmptyList(ety) => Ok(Value::list_empty(ety.clone())),
            Kind::EmptySet(ety) => Ok(Value::set_empty(ety.clone())),
            Kind::EmptyMap(ety) => Ok(Value::map_empty(ety.clone())),
            Kind::TupleToList {
                elements: plans,
                unsafe_,
            } => {
                let mut out = Vec::with_capacity(plans.len());
                for (i, (plan, e)) in plans.iter().zip(elements()).enumerate() {
                    out.push(at(path, index(i), |p| apply_opt(plan, e, p))?);
                }
                // cty unifies with the path of the last element still in
                // place, and reports its failures there.
                let out = at(path, index(plans.len() - 1), |p| {
                    unify_list_elements(out, p, *unsafe_)
                })?;
                if !Value::can_list(&out) {
                    return Err(error(
                        path,
                        "element types must all match for conversion to list",
                    ));
                }
                Ok(Value::list(out))
            }
            Kind::TupleToSet(plans) => {
                let mut out = Vec::with_capacity(plans.len());
                for (i, (plan, e)) in plans.iter().zip(elements()).enumerate() {
                    out.push(strip_null(at(path, index(i), |p| apply_opt(plan, e, p))?));
                }
                to_set(out, path)
            }
            Kind::ObjectToMap {
                ety,
                attrs,
                unsafe_,
            } => {
                let mut out = BTreeMap::new();
                for (name, e) in entries() {
                    let plan = attrs.get(name).and_then(Option::as_ref);
                    let converted = at(path, key(name), |p| match plan {
                        Some(plan) => plan.apply(e, p),
                        None => Ok(e.clone()),
                    })?;
                    out.insert(name.clone(), converted);
                }
                if ety.is_collection() || ety.is_object() {
                    out = unify_map_elements(out, path, *unsafe_)?;
                }
                to_map(
                    out,
                    path,
                    "attribute types must all match for conversion to map",
                )
            }
            Kind::MapToObject(attrs) => {
                let mut out = BTreeMap::new();
                for (name, e) in entries() {
                    let Some(attr) = attrs.get(name) else {
                        continue;
                    };
                    let converted = match attr {
                        MapAttr::Same => e.clone(),
                        MapAttr::Convert(plan) => at(path, key(name), |p| plan.apply(e, p))?,
                        MapAttr::Incompatible => {
                            let want = self.out.attribute_type(name).expect("declared attribute");
                            return Err(error(
                                path,
                                format!(
                                    "map element type is incompatible with attribute {}: {}",
                                    crate::render::go_quote(name),
                                    mismatch_message(e.ty(), want)
                                ),
                            ));
                        }
                    };
                    out.insert(name.clone(), strip_null(converted));
                }
                for (name, aty) in self.out.attribute_types().into_iter().flatten() {
                    if out.contains_key(name) {
                        continue;
                    }
                    if !self.out.is_optional_attribute(name) {
                        return Err(error(
                            path,
                            format!(
                                "map has no element for required attribute {}",
                                crate::render::go_quote(name)
                            ),
                        ));
                    }
                    out.insert(name.clone(), Value::null(aty.clone()));
                }
                Ok(Value::object(out))
            }
        }
    }

    fn out_optional(&self) -> impl Iterator<Item = &String> {
        match &self.out {
            Type::Object(o) => Some(o.optional().iter()),
            _ => None,
        }
        .into_iter()
        .flatten()
    }
}

/// The element type of an empty collection result: a concrete source
/// element type is preferred over a dynamic target one.
fn empty_element_type(ety: &Type, source: &Value) -> Type {
    if ety.is_dynamic() {
        source.ty().element_type().cloned().unwrap_or(Type::Dynamic)
    } else {
        ety.without_optional_attributes_deep()
    }
}

fn convert_elements(
    elements: &[Value],
    plan: Option<&Plan>,
    path: &mut Path,
) -> Result<Vec<Value>> {
    let mut out = Vec::with_capacity(elements.len());
    for (i, e) in elements.iter().enumerate() {
        let converted = match plan {
            Some(plan) => at(path, index(i), |p| plan.apply(e, p))?,
            None => e.clone(),
        };
        out.push(strip_null(converted));
    }
    Ok(out)
}

fn string_to_bool(s: &str, path: &Path) -> Result<Value> {
    match s {
        "true" | "1" => Ok(Value::bool(true)),
        "false" | "0" => Ok(Value::bool(false)),
        _ => Err(error(
            path,
            match s.to_lowercase().as_str() {
                "true" => "a bool is required; to convert from string, use lowercase \"true\"",
                "false" => "a bool is required; to convert from string, use lowercase \"false\"",
                _ => "a bool is required",
            },
        )),
    }
}

fn to_set(elements: Vec<Value>, path: &Path) -> Result<Value> {
    if !Value::can_list(&elements) {
        return Err(error(
            path,
            "element types must all match for conversion to set",
        ));
    }
    Ok(Value::set(elements))
}

fn to_map(elements: BTreeMap<String, Value>, path: &Path, message: &str) -> Result<Value> {
    let values: Vec<Value> = elements.values().cloned().collect();
    if !Value::can_list(&values) {
        return Err(error(path, message));
    }
    Ok(Value::map(elements))
}

/// cty's `conversionUnifyListElements`: the elements converted to their
/// unified type.
fn unify_list_elements(elements: Vec<Value>, path: &mut Path, unsafe_: bool) -> Result<Vec<Value>> {
    let types: Vec<Type> = elements.iter().map(|e| e.ty().clone()).collect();
    let Some(unified) = unify::unify_types(&types, unsafe_) else {
        return Err(error(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    let mut out = Vec::with_capacity(elements.len());
    for (i, e) in elements.into_iter().enumerate() {
        if e.ty() == &unified {
            out.push(e);
            continue;
        }
        let Some(plan) = get_conversion(e.ty(), &unified, unsafe_) else {
            return Err(error(
                path,
                "cannot find a common base type for all elements",
            ));
        };
        out.push(at(path, index(i), |p| plan.apply(&e, p))?);
    }
    Ok(out)
}

/// cty's `conversionUnifyCollectionElements`, for maps.
fn unify_map_elements(
    elements: BTreeMap<String, Value>,
    path: &mut Path,
    unsafe_: bool,
) -> Result<BTreeMap<String, Value>> {
    let types: Vec<Type> = elements.values().map(|e| e.ty().clone()).collect();
    let Some(unified) = unify::unify_types(&types, unsafe_) else {
        return Err(error(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    let mut out = BTreeMap::new();
    for (k, e) in elements {
        if e.ty() == &unified {
            out.insert(k, e);
            continue;
        }
        let Some(plan) = get_conversion(e.ty(), &unified, unsafe_) else {
            return Err(error(
                path,
                "cannot find a common base type for all elements",
            ));
        };
        let converted = at(path, key(&k), |p| plan.apply(&e, p))?;
        out.insert(k, converted);
    }
    Ok(out)
}
