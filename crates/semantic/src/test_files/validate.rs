//! What `tofu validate` checks of a loaded test file
//! (`internal/command/validate.go`, after the configuration validates):
//! `TestFile.Validate` for the file, then `TestRun.Validate` for each run
//! block, from `internal/configs/test_file.go`.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::quote::go_quote;

use super::{OverrideModule, OverrideResource, TestFile};
use crate::addrs::reference::{Subject, parse_ref};
use crate::addrs::traversal::{Step, Traversal};
use crate::config::Decoder;

/// `validate.go`'s loop over the test files: `file.Validate()`, then
/// `run.Validate()` for each run. (Validating the local modules that run
/// blocks' `module` blocks name is not done.)
pub(super) fn validate_file(d: &mut Decoder<'_>, file: &TestFile) {
    // `TestFile.Validate`.
    duplicated_override_resources(d, &file.overrides);
    duplicated_override_modules(d, &file.override_modules);
    // `TestRun.Validate`.
    for run in &file.runs {
        for traversal in &run.expect_failures {
            expect_failures_reference(d, traversal);
        }
        duplicated_override_resources(d, &run.overrides);
        duplicated_override_modules(d, &run.override_modules);
    }
}

/// `TestRun.Validate`'s check of one `expect_failures` reference, read
/// by `addrs.ParseRefFromTestingScope`: only checkable objects (input
/// variables, outputs, check blocks, resources) can fail.
fn expect_failures_reference(d: &mut Decoder<'_>, traversal: &Traversal) {
    let (subject, range) = match testing_scope_ref(traversal) {
        Ok(found) => found,
        Err((code, detail, range)) => {
            d.error(code, detail, range);
            return;
        }
    };
    if let Some(subject) = subject {
        d.error(
            Code::InvalidExpectFailuresReference,
            format!(
                "You cannot expect failures from {subject}. You can only expect failures from checkable objects such as input variables, output values, check blocks, managed resources and data sources."
            ),
            range,
        );
    }
}

/// `addrs.ParseRefFromTestingScope`: `output.NAME` and `check.NAME`, or
/// anything `addrs.ParseRef` reads. `Ok(None, _)` for a subject that can
/// be expected to fail; `Ok(Some(text), range)` for any other, with its
/// address as OpenTofu prints it and the reference's range.
#[allow(clippy::type_complexity)]
fn testing_scope_ref(
    traversal: &Traversal,
) -> Result<(Option<String>, TextRange), (Code, String, TextRange)> {
    let root = traversal.root();
    let steps = &traversal.steps;
    let root_range = steps.first().map(|(_, r)| *r).unwrap_or_default();
    if root == "output" || root == "check" {
        // `parseSingleAttrRef`.
        return match steps.get(1) {
            None => Err((
                Code::InvalidReference,
                format!(
                    "The {} object cannot be accessed directly. Instead, access one of its attributes.",
                    go_quote(root)
                ),
                root_range,
            )),
            Some((Step::Attr(_), range)) => Ok((None, root_range.cover(*range))),
            Some((_, range)) => Err((
                Code::InvalidReference,
                format!(
                    "The {} object does not support this operation.",
                    go_quote(root)
                ),
                TextRange::new(root_range.end(), range.end()),
            )),
        };
    }
    let reference = parse_ref(traversal).map_err(|e| (e.code, e.detail, e.range))?;
    let text = |range: TextRange| address_text(traversal, range);
    match &reference.subject {
        Subject::Variable(_) | Subject::Resource { .. } => Ok((None, reference.range)),
        // A type keyword alone is, to `ParseRef`, a resource type
        // without a name.
        Subject::TypeKeyword => Err((
            Code::InvalidReference,
            "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.".to_owned(),
            reference.range,
        )),
        Subject::Local(_)
        | Subject::ModuleCall(_)
        | Subject::Builtin { .. }
        | Subject::SelfObject => Ok((Some(text(reference.range)), reference.range)),
    }
}

/// The address a reference covers, as OpenTofu prints it: its steps
/// within `range`.
fn address_text(traversal: &Traversal, range: TextRange) -> String {
    let steps: Vec<(Step, TextRange)> = traversal
        .steps
        .iter()
        .filter(|(_, r)| range.contains_range(*r))
        .cloned()
        .collect();
    super::address_string(&Traversal { steps })
}

/// `checkForDuplicatedOverrideResources`.
fn duplicated_override_resources(d: &mut Decoder<'_>, resources: &[OverrideResource]) {
    let mut seen: Vec<&str> = Vec::new();
    for res in resources {
        if seen.contains(&res.target.as_str()) {
            let kind = res.block_name;
            d.error_named(
                Code::DuplicatedTestBlock,
                format!("Duplicated `{kind}` block"),
                format!(
                    "It is not allowed to have multiple `{kind}` blocks with the same target: `{}`.",
                    res.target
                ),
                res.target_range,
            );
            continue;
        }
        seen.push(&res.target);
    }
}

/// `checkForDuplicatedOverrideModules`.
fn duplicated_override_modules(d: &mut Decoder<'_>, modules: &[OverrideModule]) {
    let mut seen: Vec<&str> = Vec::new();
    for module in modules {
        if seen.contains(&module.target.as_str()) {
            d.error_named(
                Code::DuplicatedTestBlock,
                "Duplicated `override_module` block".to_owned(),
                format!(
                    "It is not allowed to have multiple `override_module` blocks with the same target: `{}`.",
                    module.target
                ),
                module.target_range,
            );
            continue;
        }
        seen.push(&module.target);
    }
}
