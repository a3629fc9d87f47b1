//! Presenting a [`CheckReport`](tofu_ide::check::CheckReport): to people, as
//! `tofu validate -json` does, as GitHub Actions annotations, or in the
//! formats that CI systems and code review tools read (SARIF, JUnit XML,
//! Checkstyle XML).

pub mod checkstyle;
mod context;
pub mod github;
pub mod graph;
pub mod human;
pub mod json;
pub mod junit;
pub mod sarif;
mod snippet;
pub mod warnings;
mod xml;

use tofu_ide::{check::CheckReport, diagnostic::Diagnostic, source::CheckedFile};

/// A file of the report as the user named it: the checked directory
/// joined with the file's path, without a leading `./`, so that it is
/// relative to the directory the check ran in (the repository's root in
/// CI), with `/` separators on every system. A value given on the command
/// line keeps its name (`<value for var.NAME>`).
fn user_path(report: &CheckReport, source: &CheckedFile) -> String {
    if !source.available {
        return source.path.clone();
    }
    let joined = report.root.join(&source.path);
    let joined = joined.to_string_lossy();
    let joined = joined.strip_prefix("./").unwrap_or(&joined);
    separators(joined)
}

/// The checked directory as the user named it, for diagnostics that point
/// at no file.
fn user_root(report: &CheckReport) -> String {
    separators(&report.root.to_string_lossy())
}

/// The summary, then the detail after a blank line when there is one.
fn message(diagnostic: &Diagnostic) -> String {
    if diagnostic.detail.is_empty() {
        diagnostic.summary.clone()
    } else {
        format!("{}\n\n{}", diagnostic.summary, diagnostic.detail)
    }
}

fn separators(path: &str) -> String {
    if cfg!(windows) {
        path.replace('\\', "/")
    } else {
        path.to_owned()
    }
}

/// An error, a warning without a place and a note, over the text
/// `a = 1\nb = x\n`, for the machine formats' tests.
#[cfg(test)]
fn mixed_report() -> tofu_ide::check::CheckReport {
    use tofu_ide::diagnostic::{Code, Diagnostic, FileId};
    use tofu_syntax::TextRange;
    test_report(
        "a = 1\nb = x\n",
        vec![
            Diagnostic::error(Code::InvalidReference, "A reference to \"x\" & <y>.")
                .with_location(FileId(0), TextRange::new(10.into(), 11.into())),
            Diagnostic::warning(Code::InternalError, "").with_summary("Sourceless"),
            Diagnostic::note(Code::ModuleNotInstalled, "Run tofu init.")
                .with_location(FileId(0), TextRange::new(0.into(), 7.into())),
        ],
        std::time::Duration::ZERO,
    )
}

/// A report over one native file `mod/main.tf` holding `text`, for the
/// renderers' tests.
#[cfg(test)]
fn test_report(
    text: &str,
    diagnostics: Vec<tofu_ide::diagnostic::Diagnostic>,
    elapsed: std::time::Duration,
) -> tofu_ide::check::CheckReport {
    use tofu_syntax::SourceKind;
    // An empty tree: the context of a diagnostic is tested elsewhere.
    let tree = tofu_syntax::parse("", SourceKind::Json).green().clone();
    tofu_ide::check::CheckReport {
        root: std::path::PathBuf::from("."),
        modules: Default::default(),
        sources: vec![tofu_ide::source::CheckedFile::new(
            "mod/main.tf".into(),
            SourceKind::Native,
            text.into(),
            tree,
        )],
        diagnostics,
        elapsed,
        loads: true,
    }
}
