//! What the human output shows of a report's diagnostics, as OpenTofu's
//! views decide it (`View.Diagnostics`): deprecation warnings filtered by
//! `-deprecation` and each shown once, warnings alike consolidated into
//! the first of them ("(and 2 more similar warnings elsewhere)"), and
//! `-compact-warnings` listing only summaries when there are no errors.
//! The analyzer's own notes consolidate the same way, and `-q` hides them.

use std::collections::{HashMap, HashSet};

use tofu_ide::diagnostic::{Diagnostic, Location, Severity};

/// Which deprecation warnings `-deprecation=module:LEVEL` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeprecationLevel {
    #[default]
    All,
    /// Only those of modules called with a local path.
    Local,
    None,
}

impl DeprecationLevel {
    /// `ParseDeprecatedWarningLevel`: anything unknown means all.
    pub fn parse(level: &str) -> DeprecationLevel {
        match level {
            "local" => DeprecationLevel::Local,
            "none" => DeprecationLevel::None,
            _ => DeprecationLevel::All,
        }
    }
}

/// The presentation options of the human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WarningOptions {
    pub deprecation: DeprecationLevel,
    /// `-consolidate-warnings` (on unless `=false`).
    pub consolidate_warnings: bool,
    /// `-consolidate-errors` (off unless given).
    pub consolidate_errors: bool,
    /// `-compact-warnings`.
    pub compact_warnings: bool,
    /// Notes are shown (not with `-q`).
    pub notes: bool,
}

impl Default for WarningOptions {
    fn default() -> Self {
        WarningOptions {
            deprecation: DeprecationLevel::All,
            consolidate_warnings: true,
            consolidate_errors: false,
            compact_warnings: false,
            notes: true,
        }
    }
}

/// One diagnostic as shown: the first of its group, and where the others
/// it stands for are.
#[derive(Debug, Clone)]
pub struct Shown {
    pub diagnostic: Diagnostic,
    pub others: Vec<Option<Location>>,
}

/// What the human output shows.
#[derive(Debug, Clone)]
pub enum Presentation {
    /// Each diagnostic in full.
    Full(Vec<Shown>),
    /// Only warnings, listed by summary (`-compact-warnings`).
    Compact(Vec<Shown>),
}

/// Applies the options to diagnostics in display order.
pub fn present(diagnostics: &[Diagnostic], options: &WarningOptions) -> Presentation {
    let mut seen_causes = HashSet::new();
    let allowed = diagnostics
        .iter()
        .filter(|d| options.notes || d.severity != Severity::Note);
    let allowed = allowed.filter(|d| match &d.deprecation {
        None => true,
        Some(cause) => {
            seen_causes.insert(cause.clone())
                && match options.deprecation {
                    DeprecationLevel::All => true,
                    DeprecationLevel::Local => !cause.remote,
                    DeprecationLevel::None => false,
                }
        }
    });
    let mut shown: Vec<Shown> = Vec::new();
    let mut groups: HashMap<(Severity, String), usize> = HashMap::new();
    for diagnostic in allowed {
        // Notes are the analyzer's own, so they consolidate with or
        // without a place; warnings and errors as OpenTofu's views do.
        let consolidates = match diagnostic.severity {
            Severity::Warning => diagnostic.location.is_some() && options.consolidate_warnings,
            Severity::Error => diagnostic.location.is_some() && options.consolidate_errors,
            Severity::Note => options.consolidate_warnings,
        };
        if consolidates {
            let key = (diagnostic.severity, consolidation_key(diagnostic));
            if let Some(&group) = groups.get(&key) {
                shown[group].others.push(diagnostic.location);
                continue;
            }
            groups.insert(key, shown.len());
        }
        shown.push(Shown {
            diagnostic: diagnostic.clone(),
            others: Vec::new(),
        });
    }
    for group in &mut shown {
        let more = group.others.len();
        if more == 0 {
            continue;
        }
        let kind = match group.diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        let message = match more {
            1 => format!("(and one more similar {kind} elsewhere)"),
            n => format!("(and {n} more similar {kind}s elsewhere)"),
        };
        let detail = &mut group.diagnostic.detail;
        if detail.is_empty() {
            *detail = message;
        } else {
            detail.push_str("\n\n");
            detail.push_str(&message);
        }
    }
    let only_warnings = shown
        .iter()
        .all(|s| s.diagnostic.severity == Severity::Warning);
    if options.compact_warnings && !shown.is_empty() && only_warnings {
        Presentation::Compact(shown)
    } else {
        Presentation::Full(shown)
    }
}

/// What makes warnings alike: the summary, and for deprecation warnings
/// what is deprecated and the module's source (so that two calls of one
/// module show one warning).
fn consolidation_key(diagnostic: &Diagnostic) -> String {
    match &diagnostic.deprecation {
        Some(cause) => format!(
            "{}{}{}{}",
            diagnostic.summary,
            cause.subject,
            cause.message,
            cause.source.as_deref().unwrap_or(&cause.module)
        ),
        None => diagnostic.summary.clone(),
    }
}

#[cfg(test)]
mod tests {
    use tofu_diagnostics::Code;
    use tofu_semantic::DeprecationCause;

    use super::*;
    use tofu_ide::diagnostic::FileId;

    fn deprecated(line: u32, module: &str, source: &str, remote: bool) -> Diagnostic {
        Diagnostic::warning(Code::DeprecatedVariable, "x")
            .with_location(
                FileId(0),
                tofu_syntax::TextRange::new(line.into(), (line + 1).into()),
            )
            .with_deprecation(Some(Box::new(DeprecationCause {
                module: module.to_owned(),
                subject: "v".to_owned(),
                message: "gone".to_owned(),
                source: Some(source.to_owned()),
                remote,
            })))
    }

    fn shown(presentation: Presentation) -> Vec<(String, usize)> {
        let (Presentation::Full(shown) | Presentation::Compact(shown)) = presentation;
        shown
            .into_iter()
            .map(|s| (s.diagnostic.detail, s.others.len()))
            .collect()
    }

    #[test]
    fn deprecation_warnings_are_filtered_by_level_and_shown_once_per_cause() {
        let diagnostics = [
            deprecated(1, "module.a", "./a", false),
            // The same cause again (another evaluation of one instance).
            deprecated(1, "module.a", "./a", false),
            deprecated(2, "module.r", "acme/r/aws", true),
            Diagnostic::warning(Code::QuotedReferencesAreDeprecated, "q")
                .with_location(FileId(0), tofu_syntax::TextRange::new(3.into(), 4.into())),
        ];
        let options = |deprecation| WarningOptions {
            deprecation,
            consolidate_warnings: false,
            ..WarningOptions::default()
        };
        assert_eq!(
            shown(present(&diagnostics, &options(DeprecationLevel::All))).len(),
            3
        );
        assert_eq!(
            shown(present(&diagnostics, &options(DeprecationLevel::Local))),
            [("x".to_owned(), 0), ("q".to_owned(), 0)]
        );
        assert_eq!(
            shown(present(&diagnostics, &options(DeprecationLevel::None))),
            [("q".to_owned(), 0)]
        );
    }

    #[test]
    fn warnings_consolidate_by_summary_and_deprecations_by_source() {
        let diagnostics = [
            deprecated(1, "module.a", "./m", false),
            deprecated(2, "module.b", "./m", false),
            deprecated(3, "module.c", "./other", false),
        ];
        assert_eq!(
            shown(present(&diagnostics, &WarningOptions::default())),
            [
                (
                    "x\n\n(and one more similar warning elsewhere)".to_owned(),
                    1
                ),
                ("x".to_owned(), 0)
            ]
        );
    }

    #[test]
    fn notes_consolidate_with_or_without_a_place_and_quiet_hides_them() {
        let note = |line: Option<u32>| {
            let note = Diagnostic::note(Code::ModuleNotInstalled, "why");
            match line {
                Some(line) => note.with_location(
                    FileId(0),
                    tofu_syntax::TextRange::new(line.into(), (line + 1).into()),
                ),
                None => note,
            }
        };
        let diagnostics = [
            note(Some(1)),
            note(Some(5)),
            note(None),
            Diagnostic::note(Code::IgnoredFile, "x"),
        ];
        assert_eq!(
            shown(present(&diagnostics, &WarningOptions::default())),
            [
                ("why\n\n(and 2 more similar notes elsewhere)".to_owned(), 2),
                ("x".to_owned(), 0)
            ]
        );
        let quiet = WarningOptions {
            notes: false,
            ..WarningOptions::default()
        };
        assert_eq!(shown(present(&diagnostics, &quiet)), []);
    }
}
