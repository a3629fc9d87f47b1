//! The lints: diagnostics beyond what `tofu validate` reports, off unless
//! the user enables them (by code, or by preset), as tflint's rules are.
//! The `recommended` preset is tflint's `terraform` ruleset's recommended
//! preset; `all` adds what only a whole-tree analysis can know.

use crate::Code;

/// Every lint, and whether the `recommended` preset has it.
pub const LINTS: &[(Code, bool)] = &[
    (Code::DeprecatedInterpolation, true),
    (Code::DeprecatedIndex, true),
    (Code::DeprecatedLookup, true),
    (Code::EmptyListEquality, true),
    (Code::UnpinnedModuleSource, true),
    (Code::MissingModuleVersion, true),
    (Code::MissingRequiredVersion, true),
    (Code::MissingProviderRequirement, true),
    (Code::UntypedVariable, true),
    (Code::UnusedDeclaration, true),
    (Code::UnusedRequiredProvider, true),
    (Code::VariableNeverSet, false),
    (Code::VariableAlwaysSame, false),
    (Code::OutputNeverRead, false),
    (Code::ArgumentEqualsDefault, false),
    (Code::StaticVariableNotConst, false),
];

/// The names of the presets.
pub const PRESETS: [&str; 2] = ["recommended", "all"];

/// Whether `code` is a lint (off unless enabled).
pub fn is_lint(code: Code) -> bool {
    LINTS.iter().any(|(lint, _)| *lint == code)
}

/// The lints of the preset `name`; `None` for another name.
pub fn preset(name: &str) -> Option<Vec<Code>> {
    let recommended_only = match name {
        "recommended" => true,
        "all" => false,
        _ => return None,
    };
    Some(
        LINTS
            .iter()
            .filter(|(_, recommended)| *recommended || !recommended_only)
            .map(|(code, _)| *code)
            .collect(),
    )
}

/// The lints a name enables: a preset's, or the one lint of that code.
/// `None` when the name is neither.
pub fn lints_named(name: &str) -> Option<Vec<Code>> {
    preset(name).or_else(|| {
        let code = Code::from_name(name)?;
        is_lint(code).then(|| vec![code])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets() {
        assert_eq!(preset("recommended").unwrap().len(), 11);
        assert_eq!(preset("all").unwrap().len(), LINTS.len());
        assert_eq!(
            lints_named("untyped-variable"),
            Some(vec![Code::UntypedVariable])
        );
        assert_eq!(lints_named("undeclared-variable"), None, "not a lint");
        assert_eq!(lints_named("nope"), None);
    }
}
