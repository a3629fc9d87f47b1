//! Which diagnostics a user wants to see, and how severe: the
//! configuration file's `rule "code" { ... }` blocks and `--enable` /
//! `--disable` on the command line, as tflint's `rule` blocks and flags
//! work. Codes are the stable names of `tofu_diagnostics::Code`.

use std::collections::HashMap;

use tofu_diagnostics::{Code, Diagnostic, Severity, lints};

/// What the configuration says about one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSetting {
    pub code: Code,
    /// `false` leaves the code's diagnostics out of every report.
    pub enabled: Option<bool>,
    /// Reports the code's diagnostics with this severity instead.
    pub severity: Option<Severity>,
}

/// The settings of every code that has some; the others are reported as
/// found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    settings: HashMap<Code, (bool, Option<Severity>)>,
}

impl Policy {
    /// The configuration's rules, then the command line's `--enable` and
    /// `--disable` (which win over the configuration).
    pub fn new(rules: &[RuleSetting], enable: &[Code], disable: &[Code]) -> Policy {
        let mut settings: HashMap<Code, (bool, Option<Severity>)> = HashMap::new();
        for rule in rules {
            let entry = settings.entry(rule.code).or_insert((true, None));
            if let Some(enabled) = rule.enabled {
                entry.0 = enabled;
            }
            if rule.severity.is_some() {
                entry.1 = rule.severity;
            }
        }
        for (codes, enabled) in [(enable, true), (disable, false)] {
            for &code in codes {
                settings.entry(code).or_insert((true, None)).0 = enabled;
            }
        }
        Policy { settings }
    }

    /// The lints enabled (each is off unless enabled).
    pub fn enabled_lints(&self) -> Vec<Code> {
        let mut out: Vec<Code> = self
            .settings
            .iter()
            .filter(|(code, (enabled, _))| *enabled && lints::is_lint(**code))
            .map(|(code, _)| *code)
            .collect();
        out.sort();
        out
    }

    /// Drops the diagnostics of disabled codes (lints are disabled unless
    /// enabled) and gives the others the severity their code is set to.
    pub fn apply<F>(&self, diagnostics: &mut Vec<Diagnostic<F>>) {
        diagnostics.retain_mut(|d| match self.settings.get(&d.code) {
            None => !lints::is_lint(d.code),
            Some((false, _)) => false,
            Some((true, severity)) => {
                if let Some(severity) = severity {
                    d.severity = *severity;
                }
                true
            }
        });
    }
}

/// The code a user named, or the nearest name to suggest (if any is near).
pub fn code_named(name: &str) -> Result<Code, Option<&'static str>> {
    Code::from_name(name)
        .ok_or_else(|| tofu_syntax::name_suggestion(name, Code::ALL.iter().map(|c| c.name())))
}

/// The detail of an `unknown-code` diagnostic about `name`.
pub fn unknown_code_detail(name: &str, suggestion: Option<&str>) -> String {
    let suggestion = suggestion
        .map(|s| format!(" Did you mean {s:?}?"))
        .unwrap_or_default();
    format!(
        "There is no diagnostic code named {name:?}.{suggestion} `tofu-analyzer codes` lists them."
    )
}

/// Whether `severity` is at least as severe as `minimum`, for
/// `--minimum-failure-severity`.
pub fn at_least(severity: Severity, minimum: Severity) -> bool {
    severity <= minimum
}

/// `error`, `warning` or `note`.
pub fn parse_severity(text: &str) -> Option<Severity> {
    [Severity::Error, Severity::Warning, Severity::Note]
        .into_iter()
        .find(|s| s.as_str() == text)
}

#[cfg(test)]
mod tests {
    use tofu_diagnostics::{Code, Diagnostic, Severity};

    use super::{Policy, RuleSetting, at_least};

    fn found() -> Vec<Diagnostic> {
        vec![
            Diagnostic::error(Code::UnsupportedArgument, ""),
            Diagnostic::warning(Code::DeprecatedValue, ""),
            Diagnostic::note(Code::ModuleNotInstalled, ""),
        ]
    }

    fn codes(diagnostics: &[Diagnostic]) -> Vec<(Code, Severity)> {
        diagnostics.iter().map(|d| (d.code, d.severity)).collect()
    }

    #[test]
    fn rules_disable_and_change_severity_and_the_command_line_wins() {
        let rules = [
            RuleSetting {
                code: Code::DeprecatedValue,
                enabled: None,
                severity: Some(Severity::Error),
            },
            RuleSetting {
                code: Code::ModuleNotInstalled,
                enabled: Some(false),
                severity: None,
            },
            RuleSetting {
                code: Code::UnsupportedArgument,
                enabled: Some(false),
                severity: Some(Severity::Warning),
            },
        ];
        let mut diagnostics = found();
        Policy::new(&rules, &[Code::UnsupportedArgument], &[]).apply(&mut diagnostics);
        assert_eq!(
            codes(&diagnostics),
            [
                (Code::UnsupportedArgument, Severity::Warning),
                (Code::DeprecatedValue, Severity::Error),
            ]
        );
        let mut diagnostics = found();
        Policy::new(&[], &[], &[Code::DeprecatedValue]).apply(&mut diagnostics);
        assert_eq!(
            codes(&diagnostics),
            [
                (Code::UnsupportedArgument, Severity::Error),
                (Code::ModuleNotInstalled, Severity::Note),
            ]
        );
    }

    #[test]
    fn lints_are_off_unless_enabled() {
        let lint = || vec![Diagnostic::warning(Code::UntypedVariable, "")];
        let mut off = lint();
        Policy::default().apply(&mut off);
        assert!(off.is_empty());
        assert!(Policy::default().enabled_lints().is_empty());
        let mut on = lint();
        let policy = Policy::new(&[], &[Code::UntypedVariable], &[]);
        policy.apply(&mut on);
        assert_eq!(codes(&on), [(Code::UntypedVariable, Severity::Warning)]);
        assert_eq!(policy.enabled_lints(), [Code::UntypedVariable]);
        // --disable wins over a rule that enables it.
        let rule = RuleSetting {
            code: Code::UntypedVariable,
            enabled: Some(true),
            severity: None,
        };
        let policy = Policy::new(&[rule], &[], &[Code::UntypedVariable]);
        assert!(policy.enabled_lints().is_empty());
    }

    #[test]
    fn failure_thresholds() {
        assert!(at_least(Severity::Error, Severity::Warning));
        assert!(at_least(Severity::Warning, Severity::Warning));
        assert!(!at_least(Severity::Note, Severity::Warning));
        assert!(!at_least(Severity::Warning, Severity::Error));
    }
}
