//! OpenTofu's `addrs.ParseRef` (`internal/addrs/parse_ref.go`): what a
//! static traversal names, with the summaries and details of its errors.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::quote::go_quote;

use super::traversal::{Step, Traversal};

/// A resource's mode, as references name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ResourceMode {
    Managed,
    Data,
    Ephemeral,
}

/// What a reference names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Subject {
    Variable(String),
    Local(String),
    ModuleCall(String),
    Resource {
        mode: ResourceMode,
        ty: String,
        name: String,
    },
    /// `count.index`, `each.key`, `path.module`, `terraform.workspace`
    /// and the like: the object and the attribute.
    Builtin {
        object: String,
        attribute: String,
    },
    /// `self`, whose meaning depends on where it is used.
    SelfObject,
    /// A type keyword alone (`string`), as in a type constraint.
    TypeKeyword,
}

/// What follows a resource's or a module call's name in a reference.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Remaining {
    /// An instance key (`[0]`, `["a"]`) came right after the name.
    pub instance_key: bool,
    /// The first step after the name and key, when it is an attribute.
    pub first_attribute: Option<Box<str>>,
    /// Any step follows the name and key.
    pub any: bool,
    /// The steps after what the reference consumed (`.id` of
    /// `aws_instance.a.id`, `.b` of `var.a.b`), for any subject.
    pub rest: Option<TextRange>,
}

/// A traversal read as a reference.
#[derive(Debug)]
pub(crate) struct Ref {
    pub subject: Subject,
    /// What the reference covers: the root and the steps it consumed.
    pub range: TextRange,
    /// For `module.NAME.OUTPUT`: the output's name and the range of the
    /// `.OUTPUT` step.
    pub module_output: Option<Box<(String, TextRange)>>,
    /// For resources and module calls: what follows the name.
    pub remaining: Remaining,
}

/// An error from reading a traversal as a reference.
#[derive(Debug)]
pub(crate) struct RefError {
    pub code: Code,
    pub detail: String,
    /// Where `addrs.ParseRef` reports it.
    pub range: TextRange,
}

fn invalid(detail: impl Into<String>, range: TextRange) -> RefError {
    RefError {
        code: Code::InvalidReference,
        detail: detail.into(),
        range,
    }
}

/// `addrs.ParseRef`: the subject, the range it covers and what remains.
pub(crate) fn parse_ref(t: &Traversal) -> Result<Ref, RefError> {
    let steps = &t.steps;
    let root = t.root();
    let root_range = steps.first().map(|(_, r)| *r).unwrap_or_default();
    // Each step's own range, from the end of the step before.
    let step_range = |i: usize| TextRange::new(steps[i - 1].1.end(), steps[i].1.end());
    // From the root through step `i`.
    let through = |i: usize| root_range.cover(steps[i].1);
    let whole = steps
        .last()
        .map_or(root_range, |(_, r)| root_range.cover(*r));
    if steps.is_empty() {
        return Err(invalid(
            "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
            whole,
        ));
    }
    let attr = |i: usize| match steps.get(i) {
        Some((Step::Attr(name), _)) => Some(name.clone()),
        _ => None,
    };
    let plain = |subject: Subject, range: TextRange| Ref {
        subject,
        range,
        module_output: None,
        remaining: Remaining::default(),
    };
    // `parseSingleAttrRef`: the object must be followed by an attribute.
    let single_attr = |make: &dyn Fn(String) -> Subject| match (steps.get(1), attr(1)) {
        (None, _) => Err(invalid(
            format!(
                "The {} object cannot be accessed directly. Instead, access one of its attributes.",
                go_quote(root)
            ),
            root_range,
        )),
        (Some(_), Some(name)) => Ok(plain(make(name), through(1))),
        (Some(_), None) => Err(invalid(
            format!(
                "The {} object does not support this operation.",
                go_quote(root)
            ),
            step_range(1),
        )),
    };
    // `parseResourceRef` over the steps from the type on (`type_at` is
    // the index of the type's step: 0 when the root is the type).
    let resource = |mode: ResourceMode, type_at: usize| {
        let name_at = type_at + 1;
        let ty = match &steps[type_at].0 {
            Step::Root(name) | Step::Attr(name) => name.clone(),
            Step::Index(_) => {
                return Err(invalid(
                    "The \"data\" object does not support this operation.",
                    step_range(type_at),
                ));
            }
        };
        if steps.len() <= name_at {
            return Err(invalid(
                "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
                whole,
            ));
        }
        let Some(name) = attr(name_at) else {
            let what = match mode {
                ResourceMode::Data => "a data source",
                ResourceMode::Ephemeral => "an ephemeral resource",
                ResourceMode::Managed => "a resource type",
            };
            return Err(invalid(
                format!(
                    "A reference to {what} must be followed by at least one attribute access, specifying the resource name."
                ),
                step_range(name_at),
            ));
        };
        let mut range = through(name_at);
        let mut next = name_at + 1;
        let instance_key = matches!(steps.get(next), Some((Step::Index(_), _)));
        if instance_key {
            range = through(next);
            next += 1;
        }
        Ok(Ref {
            subject: Subject::Resource { mode, ty, name },
            range,
            module_output: None,
            remaining: Remaining {
                instance_key,
                first_attribute: attr(next).map(String::into_boxed_str),
                any: steps.len() > next,
                rest: None,
            },
        })
    };
    let too_short = |object: &str, detail: &str| {
        Err(invalid(
            format!("The \"{object}\" object must be followed by two attribute names: {detail}."),
            whole,
        ))
    };
    match root {
        "var" => single_attr(&Subject::Variable),
        "local" => single_attr(&Subject::Local),
        "count" | "each" | "path" | "terraform" | "tofu" => {
            single_attr(&|attribute| Subject::Builtin {
                object: root.to_owned(),
                attribute,
            })
        }
        "data" if steps.len() < 3 => {
            too_short("data", "the data source type and the resource name")
        }
        "data" => resource(ResourceMode::Data, 1),
        "ephemeral" if steps.len() < 3 => {
            too_short("ephemeral", "the ephemeral resource type and its name")
        }
        "ephemeral" => resource(ResourceMode::Ephemeral, 1),
        "resource" if steps.len() < 3 => {
            too_short("resource", "the resource type and the resource name")
        }
        "resource" => resource(ResourceMode::Managed, 1),
        "module" => {
            let call = single_attr(&Subject::ModuleCall)?;
            let mut next = 2;
            let mut range = call.range;
            let keyed = matches!(steps.get(next), Some((Step::Index(_), _)));
            if keyed {
                range = through(next);
                next += 1;
            }
            let remaining = Remaining {
                instance_key: keyed,
                ..Remaining::default()
            };
            match (steps.get(next), attr(next)) {
                (None, _) => Ok(Ref {
                    range,
                    remaining,
                    ..call
                }),
                (Some(_), Some(output)) => Ok(Ref {
                    range: through(next),
                    module_output: Some(Box::new((output, step_range(next)))),
                    remaining,
                    ..call
                }),
                (Some(_), None) => Err(invalid(
                    "Module instance objects do not support this operation.",
                    step_range(next),
                )),
            }
        }
        "self" => Ok(plain(Subject::SelfObject, root_range)),
        "template" | "lazy" | "arg" => Err(RefError {
            code: Code::ReservedSymbolName,
            detail: format!(
                "The symbol name {} is reserved for use in a future OpenTofu version. If you are using a provider that already uses this as a resource type name, add the prefix \"resource.\" to force interpretation as a resource type name.",
                go_quote(root)
            ),
            range: root_range,
        }),
        "string" | "number" | "bool" | "any" if steps.len() == 1 => {
            Ok(plain(Subject::TypeKeyword, root_range))
        }
        _ => resource(ResourceMode::Managed, 0),
    }
}
