//! What OpenTofu reports about each reference when it evaluates it during
//! `validate`: references it cannot parse (`addrs.ParseRef`), names that
//! are not declared (`GetInputVariable`, `GetLocalValue`,
//! `staticValidateReference`), `count`, `each`, `self`, `path` and
//! `terraform` where they are not available, and instance keys that do
//! not fit a resource's `count` or `for_each`.

use std::collections::HashMap;

use tofu_diagnostics::Code;

use crate::config::model::Instances;
use crate::declarations::{DeclKind, Declaration};
use crate::diagnostics::Diagnostic;
use crate::references::{Reference, Subject};

/// The diagnostics of every reference of one module, in reference order.
pub(crate) fn reference_diagnostics(
    declarations: &[std::sync::Arc<Declaration>],
    references: &[&Reference],
    module_name: &str,
) -> Vec<Diagnostic> {
    // The first declaration of a name is the one OpenTofu keeps; data
    // sources in check blocks come after the others.
    let mut declared: HashMap<&DeclKind, &Declaration> = HashMap::new();
    for pass in [false, true] {
        for d in declarations
            .iter()
            .filter(|d| d.check_block.is_some() == pass)
        {
            declared.entry(&d.kind).or_insert(d);
        }
    }
    let mut out = Vec::new();
    for reference in references {
        // `validateDependsOn`: a whole object, or nothing more is checked.
        if let (true, Some(rest), false) = (
            reference.context.depends_on,
            reference.remaining.rest,
            matches!(reference.subject, Subject::Invalid(_)),
        ) {
            out.push(Diagnostic::error_in(
                Code::InvalidDependsOnReference,
                "References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.".to_owned(),
                reference.file,
                rest,
            ));
            continue;
        }
        let problem = match &reference.subject {
            Subject::Invalid(invalid) => Some((
                tofu_eval::Diagnostic::error(invalid.code, invalid.detail.clone()),
                invalid.range,
            )),
            Subject::Declared(kind) => match declared.get(kind) {
                None => {
                    let (code, detail) = undeclared(kind, declarations, module_name);
                    Some((tofu_eval::Diagnostic::error(code, detail), reference.range))
                }
                Some(decl) => {
                    for (summary, detail) in instance_key_problems(kind, decl, reference) {
                        out.push(Diagnostic::error_in(
                            summary,
                            detail,
                            reference.file,
                            reference.range,
                        ));
                    }
                    scoped_resource_problem(kind, decl, reference).map(|(code, detail)| {
                        (tofu_eval::Diagnostic::error(code, detail), reference.range)
                    })
                }
            },
            Subject::Builtin { object, attribute } => {
                builtin_problem(object, attribute, reference).map(|d| (d, reference.range))
            }
            Subject::SelfObject if !reference.context.self_object => Some((
                tofu_eval::Diagnostic::error(
                    Code::InvalidSelfObject,
                    "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.",
                ),
                reference.range,
            )),
            Subject::SelfObject | Subject::TypeKeyword => None,
        };
        if let Some((diagnostic, range)) = problem {
            out.push(diagnostic.placed(reference.file, range));
        }
    }
    out
}

/// "Reference to undeclared ..." for a name the module does not declare.
fn undeclared(
    kind: &DeclKind,
    declarations: &[std::sync::Arc<Declaration>],
    module_name: &str,
) -> (Code, String) {
    let names = |pick: fn(&DeclKind) -> Option<&String>| -> Vec<&str> {
        declarations
            .iter()
            .filter_map(|d| pick(&d.kind))
            .map(String::as_str)
            .collect()
    };
    let suggest = |pick: fn(&DeclKind) -> Option<&String>, name: &str| {
        tofu_syntax::name_suggestion(name, names(pick)).map(|s| format!(" Did you mean {s:?}?"))
    };
    match kind {
        DeclKind::Variable(name) => (
            Code::UndeclaredVariable,
            format!(
                "An input variable with the name {name:?} has not been declared.{}",
                suggest(variable_name, name).unwrap_or_else(|| format!(
                    " This variable can be declared with a variable {name:?} {{}} block."
                ))
            ),
        ),
        DeclKind::Local(name) => (
            Code::UndeclaredLocal,
            format!(
                "A local value with the name {name:?} has not been declared.{}",
                suggest(local_name, name).unwrap_or_default()
            ),
        ),
        DeclKind::ModuleCall(name) => (
            Code::UndeclaredModule,
            format!(
                "No module call named {name:?} is declared in {module_name}.{}",
                suggest(module_call_name, name).unwrap_or_default()
            ),
        ),
        DeclKind::ManagedResource { ty, name }
        | DeclKind::DataResource { ty, name }
        | DeclKind::EphemeralResource { ty, name } => {
            let mode = match kind {
                DeclKind::ManagedResource { .. } => "managed",
                DeclKind::DataResource { .. } => "data",
                _ => "ephemeral",
            };
            (
                Code::UndeclaredResource,
                format!(
                    "There is no {mode} resource {ty:?} {name:?} definition in {module_name}.{}",
                    other_mode_suggestion(kind, declarations)
                ),
            )
        }
        // Only the kinds above are ever referred to by name.
        _ => (Code::InvalidReference, String::new()),
    }
}

fn variable_name(kind: &DeclKind) -> Option<&String> {
    match kind {
        DeclKind::Variable(name) => Some(name),
        _ => None,
    }
}

fn local_name(kind: &DeclKind) -> Option<&String> {
    match kind {
        DeclKind::Local(name) => Some(name),
        _ => None,
    }
}

fn module_call_name(kind: &DeclKind) -> Option<&String> {
    match kind {
        DeclKind::ModuleCall(name) => Some(name),
        _ => None,
    }
}

/// `candidateSuggestion`: the same type and name declared in another
/// mode (managed, then data, then ephemeral, skipping the reference's).
fn other_mode_suggestion(kind: &DeclKind, declarations: &[std::sync::Arc<Declaration>]) -> String {
    let (ty, name) = match kind {
        DeclKind::ManagedResource { ty, name }
        | DeclKind::DataResource { ty, name }
        | DeclKind::EphemeralResource { ty, name } => (ty.clone(), name.clone()),
        _ => return String::new(),
    };
    let candidates = [
        (
            "managed",
            format!("{ty}.{name}"),
            DeclKind::ManagedResource {
                ty: ty.clone(),
                name: name.clone(),
            },
        ),
        (
            "data",
            format!("data.{ty}.{name}"),
            DeclKind::DataResource {
                ty: ty.clone(),
                name: name.clone(),
            },
        ),
        (
            "ephemeral",
            format!("ephemeral.{ty}.{name}"),
            DeclKind::EphemeralResource { ty, name },
        ),
    ];
    candidates
        .into_iter()
        .filter(|(_, _, candidate)| candidate != kind)
        .find(|(_, _, candidate)| declarations.iter().any(|d| &d.kind == candidate))
        .map(|(mode, addr, _)| format!("\n\nDid you mean the {mode} resource {addr}?"))
        .unwrap_or_default()
}

/// The resource's address as OpenTofu prints it.
pub(crate) fn resource_address(kind: &DeclKind) -> Option<String> {
    match kind {
        DeclKind::ManagedResource { ty, name } => Some(format!("{ty}.{name}")),
        DeclKind::DataResource { ty, name } => Some(format!("data.{ty}.{name}")),
        DeclKind::EphemeralResource { ty, name } => Some(format!("ephemeral.{ty}.{name}")),
        _ => None,
    }
}

/// Missing or unexpected instance keys, and the removed `count`
/// attribute (`staticValidateSingleResourceReference` and its kin).
fn instance_key_problems(
    kind: &DeclKind,
    decl: &Declaration,
    reference: &Reference,
) -> Vec<(Code, String)> {
    let mut out = Vec::new();
    let Some(addr) = resource_address(kind) else {
        return out;
    };
    let remaining = &reference.remaining;
    if remaining.instance_key {
        if decl.instances == Instances::Single {
            out.push((
                Code::UnexpectedResourceInstanceKey,
                format!(
                    "Because {addr} does not have \"count\" or \"for_each\" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource."
                ),
            ));
        }
    } else if remaining.any {
        match decl.instances {
            Instances::Count => {
                out.push((
                    Code::MissingResourceInstanceKey,
                    format!(
                        "Because {addr} has \"count\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {addr}[count.index]"
                    ),
                ));
            }
            Instances::ForEach => {
                out.push((
                    Code::MissingResourceInstanceKey,
                    format!(
                        "Because {addr} has \"for_each\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {addr}[each.key]"
                    ),
                ));
            }
            Instances::Single => {}
        }
    }
    if remaining.first_attribute.as_deref() == Some("count") {
        out.push((
            Code::InvalidResourceCountAttribute,
            format!(
                "The special \"count\" attribute is no longer supported after OpenTofu v0.12. Instead, use length({addr}) to count resource instances."
            ),
        ));
    }
    out
}

/// A data source of a `check` block used from outside that block.
fn scoped_resource_problem(
    kind: &DeclKind,
    decl: &Declaration,
    reference: &Reference,
) -> Option<(Code, String)> {
    let check = decl.check_block.as_ref()?;
    if *reference.from == DeclKind::Check(check.clone()) {
        return None;
    }
    let DeclKind::DataResource { ty, name } = kind else {
        return None;
    };
    Some((
        Code::ReferenceToScopedResource,
        format!("The referenced data resource {ty:?} {name:?} is not available from this context."),
    ))
}

/// `count.*`, `each.*`, `path.*` and `terraform.*` as the evaluator
/// answers them (`GetCountAttr`, `GetForEachAttr`, `GetPathAttr`,
/// `GetTerraformAttr`).
fn builtin_problem(
    object: &str,
    attribute: &str,
    reference: &Reference,
) -> Option<tofu_eval::Diagnostic> {
    let context = reference.context;
    let problem = |code: Code, detail: String| Some(tofu_eval::Diagnostic::error(code, detail));
    match (object, attribute) {
        ("count", "index") if context.count => None,
        ("count", "index") => problem(
            Code::CountReferenceWithoutCount,
            "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.".to_owned(),
        ),
        ("count", _) => problem(
            Code::InvalidCountAttribute,
            format!(
                "The \"count\" object does not have an attribute named {attribute:?}. The only supported attribute is count.index, which is the index of each instance of a resource block that has the \"count\" argument set."
            ),
        ),
        ("each", "key" | "value") if context.for_each => None,
        // `GetForEachAttr` asks for `each.value` before it looks at whether
        // there is a key, so without `for_each` it has its own error.
        ("each", "value") => problem(
            Code::EachValueCannotBeUsedInThisContext,
            "A reference to \"each.value\" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its \"for_each\" expression. Remove this reference to each.value in your configuration to work around this error.".to_owned(),
        ),
        ("each", "key") => problem(
            Code::EachReferenceWithoutForEach,
            "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.".to_owned(),
        ),
        ("each", _) => problem(
            Code::InvalidEachAttribute,
            format!(
                "The \"each\" object does not have an attribute named {attribute:?}. The supported attributes are each.key and each.value, the current key and value pair of the \"for_each\" attribute set."
            ),
        ),
        ("path", "cwd" | "module" | "root") => None,
        ("path", _) => problem(
            Code::InvalidPathAttribute,
            format!(
                "The \"path\" object does not have an attribute named {attribute:?}.{}",
                tofu_syntax::name_suggestion(attribute, ["cwd", "module", "root"])
                    .map(|s| format!(" Did you mean {s:?}?"))
                    .unwrap_or_default()
            ),
        ),
        ("terraform" | "tofu", "workspace" | "applying") => None,
        ("terraform" | "tofu", "env") => Some(
            tofu_eval::Diagnostic::error(
                Code::InvalidTerraformAttribute,
                format!(
                "The {object}.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was renamed to \"workspace\" in v0.12, and so the workspace name can now be accessed using the {object}.workspace attribute."
            ),
            )
            .with_summary(format!("Invalid {object:?} attribute")),
        ),
        ("terraform" | "tofu", _) => Some(
            tofu_eval::Diagnostic::error(
                Code::InvalidTerraformAttribute,
                format!(
                "The {object:?} object does not have an attribute named {attribute:?}. The only supported attributes are {object}.workspace and {object}.applying"
            ),
            )
            .with_summary(format!("Invalid {object:?} attribute")),
        ),
        _ => None,
    }
}
