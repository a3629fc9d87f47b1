//! References to resources checked against their schemas, as OpenTofu's
//! `staticValidateResourceReference` checks them before it evaluates an
//! expression (`configschema.Block.StaticValidateTraversal`): the steps
//! after a resource (and its instance key) must name an argument, nested
//! block or exported attribute of its type, "Unsupported attribute"
//! otherwise, with a suggestion.
//!
//! OpenTofu checks references before evaluating, so `try` and `can` do
//! not catch what this finds, and an expression with such a reference is
//! not evaluated: evaluation takes the resource as unknown there
//! ([`has_schema_problem`]).
//!
//! Where this differs from OpenTofu: only the names are checked. Steps
//! into an attribute's value (`.name.foo`), index steps directly on an
//! object (`["id"]`) and steps into a block of the wrong kind (`.ports.x`
//! of a list of blocks, any step into a set of blocks) are left to
//! evaluation, which finds most of them with the schema's types.

use tofu_diagnostics::Code;
use tofu_provider_schema::{Block, NestingMode};
use tofu_syntax::quote::go_quote;
use tofu_syntax::{SyntaxKind, TextRange, TextSize};

use super::values::resource_schema;
use crate::addrs::traversal::{Step, variable_traversal};
use crate::declarations::DeclKind;
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, Workspace};
use crate::references::{Reference, Subject};

/// What OpenTofu's static validation of `reference`, made in `module`,
/// reports against the schema of the resource it names; nothing for
/// references to anything else, or to resources without a schema.
pub(crate) fn reference_schema_problem(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    reference: &Reference,
) -> Option<Diagnostic> {
    let Subject::Declared(
        kind @ (DeclKind::ManagedResource { .. }
        | DeclKind::DataResource { .. }
        | DeclKind::EphemeralResource { .. }),
    ) = &reference.subject
    else {
        return None;
    };
    let rest = reference.remaining.rest?;
    // `depends_on` names whole objects (checked elsewhere), and `.count`
    // has an error of its own.
    if reference.context.depends_on
        || reference.remaining.first_attribute.as_deref() == Some("count")
    {
        return None;
    }
    crate::declarations::module::module_declaration(db, module, kind)?;
    let schema = resource_schema(db, workspace, module, kind)?;
    let text = crate::input::contents(db, reference.file);
    let steps = rest_steps(text, rest)?;
    let (block, name, range) = unsupported(schema, &steps)?;
    let mut candidates: Vec<&str> = block
        .attributes
        .keys()
        .chain(schema.block_types.keys())
        .map(String::as_str)
        .collect();
    candidates.sort_unstable();
    let suggestion = tofu_syntax::name_suggestion(name, candidates)
        .map(|s| format!(" Did you mean {}?", go_quote(s)))
        .unwrap_or_default();
    Some(Diagnostic::error_in(
        Code::UnsupportedAttribute,
        format!(
            "This object has no argument, nested block, or exported attribute named {}.{suggestion}",
            go_quote(name)
        ),
        reference.file,
        range,
    ))
}

/// Whether `reference` is one OpenTofu's static validation rejects
/// against its resource's schema (see [`reference_schema_problem`]).
pub(crate) fn has_schema_problem(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    reference: &Reference,
) -> bool {
    reference.remaining.rest.is_some()
        && reference_schema_problem(db, workspace, module, reference).is_some()
}

/// The static steps of `text` in `rest` (`.a[0].b`), each with its range
/// in `text`; `None` when they do not read as a traversal.
fn rest_steps(text: &str, rest: TextRange) -> Option<Vec<(Step, TextRange)>> {
    let steps = text.get(usize::from(rest.start())..usize::from(rest.end()))?;
    let parse = tofu_syntax::parse_expression(&format!("x{steps}"), "");
    if !parse.errors().is_empty() {
        return None;
    }
    let variable = parse
        .syntax()
        .descendants()
        .find(|n| n.kind() == SyntaxKind::VARIABLE)?;
    let by = rest.start().checked_sub(TextSize::from(1))?;
    let traversal = variable_traversal(&variable, by);
    let steps: Vec<(Step, TextRange)> = traversal.steps.into_iter().skip(1).collect();
    // Every step of the text, or it was not a plain traversal.
    let end = steps.last().map(|(_, r)| r.end())?;
    (end == rest.end()).then_some(steps)
}

/// The first name among `steps` that `block` does not have, with the
/// block that lacks it and its step's range, following the steps through
/// nested blocks as `StaticValidateTraversal` does.
fn unsupported<'b, 's>(
    block: &'b Block,
    steps: &'s [(Step, TextRange)],
) -> Option<(&'b Block, &'s str, TextRange)> {
    let ((Step::Attr(name), range), after) = steps.split_first()? else {
        return None;
    };
    if block.attributes.contains_key(name) {
        return None;
    }
    let Some(nested) = block.block_types.get(name) else {
        return Some((block, name, *range));
    };
    match nested.nesting {
        NestingMode::Single | NestingMode::Group => unsupported(&nested.block, after),
        NestingMode::List => match after.split_first() {
            Some(((Step::Index(_), _), after)) => unsupported(&nested.block, after),
            _ => None,
        },
        NestingMode::Map => unsupported(&nested.block, after.get(1..)?),
        NestingMode::Set => None,
    }
}
