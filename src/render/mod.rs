//! Presenting a [`CheckReport`](crate::check::CheckReport): to people, as
//! `tofu validate -json` does, or as GitHub Actions annotations.

mod context;
pub mod github;
pub mod human;
pub mod json;
mod snippet;
pub mod warnings;

/// A report over one native file `mod/main.tf` holding `text`, for the
/// renderers' tests.
#[cfg(test)]
fn test_report(
    text: &str,
    diagnostics: Vec<crate::diagnostic::Diagnostic>,
    elapsed: std::time::Duration,
) -> crate::check::CheckReport {
    use tofu_syntax::SourceKind;
    // An empty tree: the context of a diagnostic is tested elsewhere.
    let tree = tofu_syntax::parse("", SourceKind::Json).green().clone();
    crate::check::CheckReport {
        root: std::path::PathBuf::from("."),
        modules: Vec::new(),
        sources: vec![crate::source::SourceFile::new(
            "mod/main.tf".into(),
            SourceKind::Native,
            text.into(),
            tree,
        )],
        diagnostics,
        elapsed,
    }
}
