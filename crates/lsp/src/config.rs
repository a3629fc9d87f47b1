//! The client's settings (`initializationOptions` and
//! `workspace/didChangeConfiguration`) and the `.tofu-analyzer.hcl` found
//! for the root, turned into the options the host loads with, as
//! `tofu-analyzer check` turns its command line and that file into them.
//!
//! Settings are `{ "tofuAnalyzer": { ... } }` or the inner object alone:
//! `varFiles` and `vars` (`-var-file` and `-var`, for static evaluation
//! and, with `plan`, for plan-mode checks), `exclude` (globs, added to the
//! file's), `providerSchemas` (added to the file's) and `plan`. Relative
//! paths start at the workspace's root.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use serde::Deserialize;
use serde_json::Value;
use tofu_ide::{
    analyzer_config::{AnalyzerConfig, Exclusions},
    check::{CheckError, CheckOptions},
    host::AnalysisHost,
    policy::Policy,
    variable_inputs::{VariableInputs, VariableOption},
};

/// What the client configured.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    pub var_files: Vec<String>,
    /// `-var` values: strings as they are, anything else as its JSON
    /// text (which HCL reads as the same value).
    pub vars: BTreeMap<String, Value>,
    pub exclude: Vec<String>,
    pub provider_schemas: Vec<String>,
    pub plan: bool,
}

impl Settings {
    /// The settings in a client's JSON, `None` when it holds none (a
    /// `null`, or something that is not settings).
    pub fn from_json(value: &Value) -> Option<Settings> {
        let inner = value
            .get("tofuAnalyzer")
            .or_else(|| value.get("tofu-analyzer"))
            .unwrap_or(value);
        if !inner.is_object() {
            return None;
        }
        match serde_json::from_value(inner.clone()) {
            Ok(settings) => Some(settings),
            Err(err) => {
                eprintln!("tofu-analyzer: ignoring settings that do not parse: {err}");
                None
            }
        }
    }

    /// `vars` as `-var` arguments, in name order.
    fn var_options(&self) -> impl Iterator<Item = VariableOption> + '_ {
        self.vars.iter().map(|(name, value)| {
            let value = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            VariableOption::Var(format!("{name}={value}"))
        })
    }
}

/// Loads the tree at `root` as `settings` and the root's
/// `.tofu-analyzer.hcl` say. A configuration file or globs that cannot
/// be used are logged and left out.
pub fn load(root: &Path, settings: &Settings) -> Result<AnalysisHost, CheckError> {
    let config = AnalyzerConfig::find(root, None).unwrap_or_else(|err| {
        eprintln!(
            "tofu-analyzer: ignoring {}, which cannot be used",
            err.path.display()
        );
        AnalyzerConfig::default()
    });
    let globs: Vec<String> = config
        .exclude
        .iter()
        .chain(&settings.exclude)
        .cloned()
        .collect();
    let exclude = Exclusions::new(&globs).unwrap_or_else(|err| {
        eprintln!("tofu-analyzer: ignoring the exclusions: {err}");
        Exclusions::none()
    });
    let policy = Policy::new(&config.rule_settings(), &[], &[]);
    let options: Vec<VariableOption> = config
        .var_file_paths()
        .into_iter()
        .map(|path| path.to_string_lossy().into_owned())
        .chain(settings.var_files.iter().cloned())
        .map(VariableOption::VarFile)
        .chain(settings.var_options())
        .collect();
    // The server is the process, as `check` is: it reads `TF_VAR_`s
    // as the command line does.
    #[allow(clippy::disallowed_methods)]
    let environment: Vec<(String, String)> = std::env::vars()
        .filter(|(name, _)| name.starts_with("TF_VAR_"))
        .collect();
    let inputs = VariableInputs {
        options: &options,
        working_dir: root,
        environment: &environment,
    };
    let provider_schemas: Vec<PathBuf> = config
        .provider_schema_paths()
        .into_iter()
        .chain(settings.provider_schemas.iter().map(|p| root.join(p)))
        .collect();
    AnalysisHost::load(
        root,
        &CheckOptions {
            file_system: None,
            progress: None,
            plan: settings.plan.then_some(inputs),
            variables: Some(inputs),
            exclude: Some(&exclude),
            policy: Some(&policy),
            provider_schemas: &provider_schemas,
            log_queries: false,
        },
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn nested_or_flat() {
        let nested = json!({"tofuAnalyzer": {"varFiles": ["a.tfvars"], "vars": {"n": 1, "s": "x"}, "plan": true}});
        let flat = json!({"varFiles": ["a.tfvars"], "vars": {"n": 1, "s": "x"}, "plan": true});
        let settings = Settings::from_json(&nested).unwrap();
        assert_eq!(Settings::from_json(&flat), Some(settings.clone()));
        assert!(settings.plan);
        let vars: Vec<VariableOption> = settings.var_options().collect();
        assert_eq!(
            vars,
            [
                VariableOption::Var("n=1".into()),
                VariableOption::Var("s=x".into())
            ]
        );
        assert_eq!(Settings::from_json(&Value::Null), None);
        assert_eq!(Settings::from_json(&json!({"plan": "yes"})), None);
    }
}
