//! How many instances a module call or a resource has:
//! `count` and `for_each` evaluated as OpenTofu's `evalchecks` do.

use tofu_diagnostics::Code;
use tofu_syntax::body::AnyExpr;
use tofu_types::{Mark, Type, Value, convert};

use super::scope::{KeyData, evaluate_in};
use super::syntax::merged_argument;
use super::unknowns::depends_on_apply_time_attribute;
use super::{EvalMode, Evaluation, InstanceAddr, InstanceKey};
use crate::config::model::Instances;
use crate::declarations::DeclKind;
use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;

/// A module call or a resource expanded: its instances' keys with the
/// `each.value` of each, or `None` when they are not known (always so
/// for a repeated object in `validate`).
#[derive(Debug, Clone, PartialEq)]
pub struct Expansion {
    pub kind: Instances,
    pub keys: Option<Vec<(InstanceKey, Value)>>,
    pub diagnostics: Vec<Diagnostic>,
    /// The type of `each.value` when the keys are not known: dynamic but
    /// for the static types, which take it from the `for_each` value's.
    pub each_value_type: Type,
}

impl Expansion {
    fn single() -> Expansion {
        Expansion {
            kind: Instances::Single,
            keys: Some(vec![(InstanceKey::None, Value::null(Type::Dynamic))]),
            diagnostics: Vec::new(),
            each_value_type: Type::Dynamic,
        }
    }

    /// The instance data of instance `key`.
    pub(crate) fn key_data(&self, key: &InstanceKey) -> KeyData {
        match (self.kind, key) {
            (Instances::Single, _) => KeyData::default(),
            (Instances::Count, InstanceKey::Int(i)) => KeyData {
                count_index: Some(Value::int(*i)),
                ..KeyData::default()
            },
            (Instances::ForEach, InstanceKey::Str(k)) => {
                let value = self
                    .keys
                    .iter()
                    .flatten()
                    .find(|(candidate, _)| candidate == key)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_else(Value::dynamic);
                KeyData {
                    each: Some((Value::string(k), value)),
                    ..KeyData::default()
                }
            }
            (Instances::Count, _) => KeyData::unknown(true, false),
            (Instances::ForEach, _) => KeyData {
                each: Some((
                    Value::unknown(Type::String),
                    Value::unknown(self.each_value_type.clone()),
                )),
                ..KeyData::default()
            },
        }
    }

    /// The instances to evaluate: each key, or one with unknown keys.
    pub(crate) fn instances(&self) -> Vec<InstanceKey> {
        match &self.keys {
            Some(keys) => keys.iter().map(|(k, _)| k.clone()).collect(),
            None => vec![InstanceKey::Unknown],
        }
    }
}

fn cycle_expansion(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _ev: Evaluation,
    _addr: InstanceAddr,
    _name: String,
) -> Expansion {
    Expansion {
        kind: Instances::Single,
        keys: None,
        diagnostics: Vec::new(),
        each_value_type: Type::Dynamic,
    }
}

/// The instances of module call `call` of instance `addr`.
#[salsa::tracked(returns(ref), cycle_result = cycle_expansion)]
pub fn call_expansion(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    call: String,
) -> Expansion {
    expand(db, ev, &addr, &DeclKind::ModuleCall(call))
}

fn cycle_resource_expansion(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _ev: Evaluation,
    _addr: InstanceAddr,
    _kind: DeclKind,
) -> Expansion {
    Expansion {
        kind: Instances::Single,
        keys: None,
        diagnostics: Vec::new(),
        each_value_type: Type::Dynamic,
    }
}

/// The instances of resource `kind` of instance `addr`.
#[salsa::tracked(returns(ref), cycle_result = cycle_resource_expansion)]
pub fn resource_expansion(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    kind: DeclKind,
) -> Expansion {
    expand(db, ev, &addr, &kind)
}

fn expand(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: &InstanceAddr,
    kind: &DeclKind,
) -> Expansion {
    let Some(decl) = super::instances::instance_declaration(db, addr, kind) else {
        return Expansion::single();
    };
    let (name, by) = match decl.instances {
        Instances::Single => return Expansion::single(),
        Instances::Count => ("count", Instances::Count),
        Instances::ForEach => ("for_each", Instances::ForEach),
    };
    let unknown = Expansion {
        kind: by,
        keys: None,
        diagnostics: Vec::new(),
        each_value_type: Type::Dynamic,
    };
    // `validate` evaluates repeated objects once, with unknown keys; the
    // meta-argument itself is checked only when its value is known.
    let Some(module) = addr.module() else {
        return unknown;
    };
    let Some((file, expr)) = merged_argument(db, module, decl, name) else {
        return unknown;
    };
    let (value, mut diagnostics) = evaluate_in(db, ev, addr, file, &expr, &KeyData::default());
    let unknown = Expansion {
        each_value_type: match ev.mode(db) {
            EvalMode::Types => element_type(value.ty()),
            _ => Type::Dynamic,
        },
        ..unknown
    };
    if diagnostics
        .iter()
        .any(|d| d.severity == tofu_diagnostics::Severity::Error)
    {
        return Expansion {
            diagnostics,
            ..unknown
        };
    }
    let checked = match by {
        Instances::Count => count_keys(&value, decl.file, &expr),
        _ => for_each_keys(&value, decl.file, &expr),
    };
    let mode = ev.mode(db);
    match checked {
        Ok(Keys::Known(keys)) if !mode.is_unknown_inputs() => Expansion {
            kind: by,
            keys: Some(keys),
            diagnostics,
            each_value_type: Type::Dynamic,
        },
        Ok(Keys::Unknown(detail))
            if mode == EvalMode::Plan
                && depends_on_apply_time_attribute(db, ev, addr, decl.file, expr.range()) =>
        {
            let (summary, detail) = match by {
                Instances::Count => (
                    Code::InvalidCountArgument,
                    "The \"count\" value depends on resource attributes that cannot be determined until apply, so OpenTofu cannot predict how many instances will be created.\n\n",
                ),
                _ => (Code::InvalidForEachArgument, detail),
            };
            let excludable = match kind {
                // OpenTofu names the calling module instance.
                DeclKind::ModuleCall(_) => addr.to_string(),
                resource => resource_address(addr, resource),
            };
            diagnostics.push(Diagnostic::error_in(
                summary,
                format!(
                    "{detail}To work around this, use the planning option {} to first apply without this object, and then apply normally to converge.",
                    shell_quote(&format!("-exclude={excludable}"))
                ),
                decl.file,
                expr.range(),
            ));
            Expansion {
                diagnostics,
                ..unknown
            }
        }
        Ok(_) => Expansion {
            diagnostics,
            ..unknown
        },
        Err(error) => {
            diagnostics.push(error);
            Expansion {
                diagnostics,
                ..unknown
            }
        }
    }
}

/// The type of `each.value` for a `for_each` value of type `ty`: a map's
/// or set's element type; an object's attributes' when they all have one.
fn element_type(ty: &Type) -> Type {
    if let Some(attributes) = ty.attribute_types() {
        let mut types = attributes.values();
        return match types.next() {
            Some(first) if types.all(|t| t == first) => first.clone(),
            _ => Type::Dynamic,
        };
    }
    ty.element_type().cloned().unwrap_or(Type::Dynamic)
}

/// What a `count` or `for_each` value says of the instances.
enum Keys {
    Known(Vec<(InstanceKey, Value)>),
    /// Not known until apply; the detail OpenTofu gives when it must be.
    Unknown(&'static str),
    /// More than are evaluated one by one.
    TooMany,
}

const UNKNOWN_MAP: &str = "The \"for_each\" map includes keys derived from resource attributes that cannot be determined until apply, and so OpenTofu cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to define the map keys statically in your configuration and place apply-time results only in the map values.\n\n";
const UNKNOWN_SET: &str = "The \"for_each\" set includes values derived from resource attributes that cannot be determined until apply, and so OpenTofu cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to use a map value where the keys are defined statically in your configuration and where only the values contain apply-time results.\n\n";
const UNKNOWN_DYNAMIC: &str = "The \"for_each\" value includes keys or set values from resource attributes that cannot be determined until apply, and so OpenTofu cannot determine what will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to define the map keys statically in your configuration and place apply-time results only in the map values.\n\n";

/// A resource's absolute address: `module.a[0].aws_instance.x`.
fn resource_address(addr: &InstanceAddr, kind: &DeclKind) -> String {
    let local = crate::reference_checks::resource_address(kind).unwrap_or_default();
    if addr.is_root() {
        local
    } else {
        format!("{addr}.{local}")
    }
}

/// An argument as a POSIX shell needs it: single-quoted unless every
/// character is safe there.
fn shell_quote(arg: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || ",._+:@%/=-".contains(c);
    if !arg.is_empty() && arg.chars().all(safe) {
        arg.to_owned()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

/// Instances beyond this many are not evaluated one by one: the object
/// is taken as unknown, so a huge `count` costs nothing.
const MAX_INSTANCES: usize = 10_000;

fn error(summary: Code, detail: String, file: SourceFile, expr: &AnyExpr) -> Diagnostic {
    Diagnostic::error_in(summary, detail, file, expr.range())
}

/// `EvaluateCountExpressionValue`: a whole number from zero, or unknown.
fn count_keys(value: &Value, file: SourceFile, expr: &AnyExpr) -> Result<Keys, Diagnostic> {
    let invalid = |detail: String| error(Code::InvalidCountArgument, detail, file, expr);
    let value = match convert(value, &Type::Number) {
        Ok(v) => v,
        Err(err) => {
            return Err(error(
                Code::IncorrectValueType,
                format!("Invalid expression value: {}.", err.message),
                file,
                expr,
            ));
        }
    };
    let (value, marks) = value.unmark();
    if marks.contains(Mark::Ephemeral) {
        return Err(invalid("Ephemeral values, or values derived from ephemeral values, cannot be used as count arguments. If used, the ephemeral value could be exposed as a resource instance key.".to_owned()));
    }
    if value.is_null() {
        return Err(invalid(
            "The given \"count\" argument value is null. An integer is required.".to_owned(),
        ));
    }
    if !value.is_known() {
        return Ok(Keys::Unknown(""));
    }
    let Some(number) = value.as_number() else {
        return Ok(Keys::Unknown(""));
    };
    let whole = number.to_i64().ok().filter(|_| number.is_integer());
    let Some(count) = whole else {
        return Err(invalid(
            "The given \"count\" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.".to_owned(),
        ));
    };
    if count > i64::from(i32::MAX) {
        return Err(invalid(format!(
            "The given \"count\" argument value is unsuitable: must be less than or equal to {}.",
            i32::MAX
        )));
    }
    if count < 0 {
        return Err(invalid(
            "The given \"count\" argument value is unsuitable: must be greater than or equal to zero.".to_owned(),
        ));
    }
    if count as usize > MAX_INSTANCES {
        return Ok(Keys::TooMany);
    }
    Ok(Keys::Known(
        (0..count)
            .map(|i| (InstanceKey::Int(i), Value::null(Type::Dynamic)))
            .collect(),
    ))
}

/// `EvaluateForEachExpressionValue` without tuples: a map, an object or a
/// set of strings, known and without null or marked keys.
fn for_each_keys(value: &Value, file: SourceFile, expr: &AnyExpr) -> Result<Keys, Diagnostic> {
    let invalid = |detail: String| error(Code::InvalidForEachArgument, detail, file, expr);
    let ty = value.ty().clone();
    let is_set = ty.is_set();
    if !(ty.is_dynamic() || ty.is_map() || ty.is_object() || is_set) {
        return Err(invalid(format!(
            "The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type {}.",
            ty.friendly_name()
        )));
    }
    if is_set
        && let Some(element) = ty.element_type()
        && *element != Type::String
        && !element.is_dynamic()
    {
        return Err(invalid(format!(
            "The given \"for_each\" argument value is unsuitable: \"for_each\" supports sets of strings, but you have provided a set containing type {}.",
            element.friendly_name()
        )));
    }
    let unknown_detail = if is_set {
        UNKNOWN_SET
    } else if ty.is_dynamic() {
        UNKNOWN_DYNAMIC
    } else {
        UNKNOWN_MAP
    };
    if !value.is_known() {
        return Ok(Keys::Unknown(unknown_detail));
    }
    if value.is_null() {
        return Err(invalid(
            "The given \"for_each\" argument value is unsuitable: the given \"for_each\" argument value is null.".to_owned(),
        ));
    }
    if value.has_mark(Mark::Sensitive) {
        return Err(invalid("Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.".to_owned()));
    }
    if value.has_mark(Mark::Ephemeral) {
        return Err(invalid("Ephemeral values, or values derived from ephemeral values, cannot be used as for_each arguments. If used, the ephemeral value could be exposed as a resource instance key.".to_owned()));
    }
    let (value, _) = value.unmark();
    if is_set {
        if !value.is_wholly_known() {
            return Ok(Keys::Unknown(unknown_detail));
        }
        let mut keys = Vec::new();
        for element in value.elements().unwrap_or_default() {
            let (element, _) = element.unmark();
            if element.is_null() {
                return Err(invalid(
                    "The given \"for_each\" argument value is unsuitable: \"for_each\" sets must not contain null values.".to_owned(),
                ));
            }
            let Some(key) = element.as_str() else {
                return Ok(Keys::Unknown(unknown_detail));
            };
            keys.push((InstanceKey::Str(key.to_owned()), Value::string(key)));
        }
        return Ok(if keys.len() <= MAX_INSTANCES {
            Keys::Known(keys)
        } else {
            Keys::TooMany
        });
    }
    let Some(entries) = value.entries() else {
        return Ok(Keys::Unknown(unknown_detail));
    };
    if entries.len() > MAX_INSTANCES {
        return Ok(Keys::TooMany);
    }
    Ok(Keys::Known(
        entries
            .iter()
            .map(|(k, v)| (InstanceKey::Str(k.clone()), v.clone()))
            .collect(),
    ))
}
