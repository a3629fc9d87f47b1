//! `tofu-analyzer check [DIR] [--format FORMAT] [--plan] [-var NAME=VALUE] [-var-file FILE]
//! [-deprecation=module:LEVEL] [-consolidate-warnings=false] [-compact-warnings]`

use std::{
    env,
    io::{self, IsTerminal, Write},
    process::ExitCode,
};

use codespan_reporting::term::termcolor::{Ansi, NoColor};
use tofu_ide::{
    analyzer_config::{AnalyzerConfig, ConfigError, Exclusions},
    check::{CheckOptions, CheckReport, Progress, check_tree},
    policy::{Policy, at_least},
    source::CheckedFile,
    syntax::SourceKind,
    variable_inputs::{VariableInputs, VariableOption},
};
use tofu_render::{
    checkstyle, github, human, json, junit, sarif,
    warnings::{DeprecationLevel, WarningOptions},
};

use super::{
    FAILURE,
    args::{CheckArgs, Format},
    environment::{process_environment, working_dir},
    print_stdout,
    progress::TerminalProgress,
};

pub fn run(args: CheckArgs, no_color: bool) -> ExitCode {
    let config = match AnalyzerConfig::find(&args.dir, args.config.as_deref()) {
        Ok(config) => config,
        Err(error) => return config_error(error, no_color),
    };
    let globs: Vec<String> = config
        .exclude
        .iter()
        .chain(&args.exclude)
        .cloned()
        .collect();
    let exclude = match Exclusions::new(&globs) {
        Ok(exclude) => exclude,
        Err(err) => {
            eprintln!("error: invalid value for --exclude: {err}");
            return ExitCode::from(FAILURE);
        }
    };
    let enable: Vec<_> = args
        .lint
        .iter()
        .flatten()
        .chain(&args.enable)
        .copied()
        .collect();
    let policy = Policy::new(&config.rule_settings(), &enable, &args.disable);
    let progress = TerminalProgress::on_stderr();
    let environment = process_environment();
    let working_dir = working_dir();
    // The configuration's variables files come first, as if given before
    // the command line's options.
    let variable_options: Vec<VariableOption> = config
        .var_file_paths()
        .into_iter()
        .map(|path| VariableOption::VarFile(path.to_string_lossy().into_owned()))
        .chain(args.variables.options.iter().cloned())
        .collect();
    let inputs = VariableInputs {
        options: &variable_options,
        working_dir: &working_dir,
        environment: &environment,
    };
    let mut provider_schemas = config.provider_schema_paths();
    provider_schemas.extend(args.provider_schemas.iter().cloned());
    let options = CheckOptions {
        file_system: None,
        progress: progress.as_ref().map(|progress| progress as &dyn Progress),
        plan: args.plan.then_some(inputs),
        variables: Some(inputs),
        exclude: Some(&exclude),
        policy: Some(&policy),
        provider_schemas: &provider_schemas,
        log_queries: false,
    };
    let result = check_tree(&args.dir, &options);
    if let Some(progress) = progress {
        progress.finish();
    }
    let report = match result {
        Ok(report) => report,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(FAILURE);
        }
    };

    let output = match args.format {
        Format::Json => json::render(&report).into_bytes(),
        Format::Github => github::render(&report).into_bytes(),
        Format::Sarif => sarif::render(&report).into_bytes(),
        Format::Junit => junit::render(&report).into_bytes(),
        Format::Checkstyle => checkstyle::render(&report).into_bytes(),
        Format::Human => {
            let colour = !no_color && colour_allowed() && io::stdout().is_terminal();
            let warnings = WarningOptions {
                deprecation: args
                    .warnings
                    .deprecation
                    .as_deref()
                    .map_or(DeprecationLevel::All, DeprecationLevel::parse),
                consolidate_warnings: args.warnings.consolidate_warnings.unwrap_or(true),
                consolidate_errors: args.warnings.consolidate_errors.unwrap_or(false),
                compact_warnings: args.warnings.compact_warnings,
                notes: !args.warnings.quiet,
            };
            render_human(&report, &warnings, colour)
        }
    };
    if let Err(code) = print_stdout(&output) {
        return code;
    }
    if args.format == Format::Human && !args.warnings.quiet {
        eprintln!("{}", human::summary_line(&report));
    }
    let failed = report
        .diagnostics
        .iter()
        .any(|d| at_least(d.severity, args.minimum_failure_severity));
    ExitCode::from(u8::from(failed))
}

/// A configuration file that cannot be used: its errors, with snippets,
/// and the status of a usage error.
fn config_error(error: ConfigError, no_color: bool) -> ExitCode {
    let display = error.path.display().to_string();
    let tree = tofu_ide::syntax::parse(&error.text, SourceKind::Native);
    let report = CheckReport {
        root: error.path.clone(),
        modules: Default::default(),
        sources: vec![CheckedFile::new(
            display,
            SourceKind::Native,
            error.text,
            tree.green().clone(),
        )],
        diagnostics: error.diagnostics,
        elapsed: std::time::Duration::ZERO,
        loads: false,
    };
    let colour = !no_color && colour_allowed() && io::stderr().is_terminal();
    let rendered = render_human(&report, &WarningOptions::default(), colour);
    let _ = io::stderr().write_all(&rendered);
    ExitCode::from(FAILURE)
}

/// Rendered in memory first, so that a closed stdout is noticed in one
/// place.
pub(super) fn render_human(
    report: &CheckReport,
    warnings: &WarningOptions,
    colour: bool,
) -> Vec<u8> {
    let result = if colour {
        let mut out = Ansi::new(Vec::new());
        human::render_with(report, warnings, &mut out).map(|()| out.into_inner())
    } else {
        let mut out = NoColor::new(Vec::new());
        human::render_with(report, warnings, &mut out).map(|()| out.into_inner())
    };
    result.expect("rendering to memory cannot fail")
}

/// The `NO_COLOR` convention (no-color.org).
pub(super) fn colour_allowed() -> bool {
    env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}
