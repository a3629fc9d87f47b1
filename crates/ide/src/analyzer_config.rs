//! The analyzer's own configuration: a `.tofu-analyzer.hcl` file in the
//! checked directory or one of its parents (as tflint finds `.tflint.hcl`),
//! or the file `--config` names, read with our own syntax crate.
//!
//! ```hcl
//! exclude = ["test/fixtures/**", "deprecated/**"]
//! ```
//!
//! `exclude` takes globs matched against paths relative to the checked
//! directory, with `/` separators (`*` stays within one name, `**` spans
//! directories); a directory that matches is skipped with everything in
//! it, a file that matches is skipped.
//!
//! `provider_schemas` lists `tofu providers schema -json` documents to
//! check resources against, relative to the configuration file's
//! directory (`--provider-schemas` adds to them):
//!
//! ```hcl
//! provider_schemas = ["schemas/aws.json"]
//! ```
//!
//! `var_files` lists variables files for `--plan`, relative to the
//! configuration file's directory, read before the command line's
//! `-var-file`s and `-var`s:
//!
//! ```hcl
//! var_files = ["env/prod.tfvars"]
//! ```
//!
//! `lints` enables lints, off otherwise: a preset (`recommended`, tflint's
//! recommended `terraform` rules; `all`, with the whole-tree lints) or
//! single lints by code (`--lint` adds to them):
//!
//! ```hcl
//! lints = ["recommended", "output-never-read"]
//! ```
//!
//! A `rule` block per diagnostic code, as tflint's, disables the code or
//! changes its severity (`error`, `warning` or `note`):
//!
//! ```hcl
//! rule "deprecated-variable" {
//!   enabled = false
//! }
//! rule "unused-ignore" {
//!   severity = "error"
//! }
//! ```

use std::{
    io,
    path::{Path, PathBuf},
};

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use tofu_diagnostics::Code;
use tofu_eval::{FileKind, FileSystem};
use tofu_syntax::{
    SourceKind, TextRange,
    ast::{AstNode, BodyItem, Expr, SourceFile},
    parse_named,
};

use crate::diagnostic::{Diagnostic, FileId};
use crate::disk::DiskFileSystem;
use crate::policy::{RuleSetting, code_named, parse_severity, unknown_code_detail};

/// The name looked for in the checked directory and its parents.
pub const FILE_NAME: &str = ".tofu-analyzer.hcl";

/// What a configuration file says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnalyzerConfig {
    /// Where it was read from; `None` when there is no file.
    pub path: Option<PathBuf>,
    pub exclude: Vec<String>,
    /// `provider_schemas`, as written (relative to the file's directory).
    pub provider_schemas: Vec<String>,
    /// `var_files`, as written (relative to the file's directory).
    pub var_files: Vec<String>,
    /// What the `rule` blocks say, in file order.
    pub rules: Vec<RuleSetting>,
    /// The lints `lints` enables (presets expanded), in file order.
    pub lints: Vec<Code>,
}

/// A configuration file that cannot be used: its diagnostics point into
/// `text` (file 0).
#[derive(Debug, Clone)]
pub struct ConfigError {
    pub path: PathBuf,
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl AnalyzerConfig {
    /// The `provider_schemas` paths as the process can open them: relative
    /// to the configuration file's directory.
    pub fn provider_schema_paths(&self) -> Vec<PathBuf> {
        self.provider_schemas
            .iter()
            .map(|path| self.relative_to_file(path))
            .collect()
    }

    /// The `var_files` paths as the process can open them: relative to
    /// the configuration file's directory.
    pub fn var_file_paths(&self) -> Vec<PathBuf> {
        self.var_files
            .iter()
            .map(|path| self.relative_to_file(path))
            .collect()
    }

    fn relative_to_file(&self, path: &str) -> PathBuf {
        let base = self
            .path
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."));
        base.join(path)
    }

    /// The configuration for checking `dir`: `explicit` if given, else the
    /// first `.tofu-analyzer.hcl` in `dir` or its parents, else none.
    /// Read from the disk (see [`AnalyzerConfig::find_in`]).
    pub fn find(dir: &Path, explicit: Option<&Path>) -> Result<AnalyzerConfig, ConfigError> {
        let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        AnalyzerConfig::find_in(&DiskFileSystem::default(), &dir, explicit)
    }

    /// [`AnalyzerConfig::find`] in the file system `fs`; a relative `dir`
    /// is taken from the file system's working directory.
    pub fn find_in(
        fs: &dyn FileSystem,
        dir: &Path,
        explicit: Option<&Path>,
    ) -> Result<AnalyzerConfig, ConfigError> {
        let path = match explicit {
            Some(path) => Some(path.to_path_buf()),
            None => {
                let dir = match dir.is_absolute() {
                    true => Some(dir.to_path_buf()),
                    false => fs.current_dir().ok().map(|cwd| cwd.join(dir)),
                };
                dir.and_then(|dir| {
                    dir.ancestors()
                        .map(|d| d.join(FILE_NAME))
                        .find(|p| matches!(fs.kind(p), Ok(FileKind::File)))
                })
            }
        };
        let Some(path) = path else {
            return Ok(AnalyzerConfig::default());
        };
        let text = read_to_string(fs, &path).map_err(|err| ConfigError {
            path: path.clone(),
            text: String::new(),
            diagnostics: vec![Diagnostic::error(
                Code::UnreadableConfigurationFile,
                format!("{} could not be read: {err}.", path.display()),
            )],
        })?;
        AnalyzerConfig::parse(&text, &path.display().to_string())
            .map(|config| AnalyzerConfig {
                path: Some(path.clone()),
                ..config
            })
            .map_err(|diagnostics| ConfigError {
                path,
                text,
                diagnostics,
            })
    }

    /// Reads a configuration file's text; every problem is a diagnostic
    /// in file 0 with its place.
    pub fn parse(text: &str, file_name: &str) -> Result<AnalyzerConfig, Vec<Diagnostic>> {
        let parse = parse_named(text, SourceKind::Native, file_name);
        let mut diagnostics: Vec<Diagnostic> = parse
            .errors()
            .iter()
            .map(|error| error.clone().in_file(FileId(0)))
            .collect();
        let mut config = AnalyzerConfig::default();
        let body = SourceFile::cast(parse.syntax()).and_then(|file| file.body());
        for item in body.iter().flat_map(|body| body.items()) {
            match item {
                BodyItem::Attribute(attribute) => {
                    let Some(name) = attribute.name() else {
                        continue;
                    };
                    let paths = match name.text() {
                        "provider_schemas" => Some(&mut config.provider_schemas),
                        "var_files" => Some(&mut config.var_files),
                        _ => None,
                    };
                    if let Some(paths) = paths {
                        match attribute.expr().and_then(|expr| string_list(&expr)) {
                            Some(found) => paths.extend(found.into_iter().map(|(path, _)| path)),
                            None => diagnostics.push(
                                Diagnostic::error(
                                    Code::IncorrectAttributeValueType,
                                    format!(
                                        "Inappropriate value for attribute {:?}: a list of literal strings is required.",
                                        name.text()
                                    ),
                                )
                                .with_location(FileId(0), attribute.syntax().text_range()),
                            ),
                        }
                        continue;
                    }
                    if name.text() == "lints" {
                        match attribute.expr().and_then(|expr| string_list(&expr)) {
                            Some(names) => {
                                for (lint, range) in names {
                                    match tofu_diagnostics::lints::lints_named(&lint) {
                                        Some(codes) => config.lints.extend(codes),
                                        None => diagnostics.push(
                                            Diagnostic::error(Code::UnknownCode, unknown_lint_detail(&lint))
                                                .with_location(FileId(0), range),
                                        ),
                                    }
                                }
                            }
                            None => diagnostics.push(
                                Diagnostic::error(
                                    Code::IncorrectAttributeValueType,
                                    "Inappropriate value for attribute \"lints\": a list of literal strings is required.",
                                )
                                .with_location(FileId(0), attribute.syntax().text_range()),
                            ),
                        }
                        continue;
                    }
                    if name.text() != "exclude" {
                        diagnostics.push(
                            Diagnostic::error(
                                Code::UnsupportedArgument,
                                format!(
                                    "An argument named {:?} is not expected here.",
                                    name.text()
                                ),
                            )
                            .with_location(FileId(0), name.text_range()),
                        );
                        continue;
                    }
                    match attribute.expr().and_then(|expr| string_list(&expr)) {
                        Some(globs) => {
                            for (glob, range) in globs {
                                match compile(&glob) {
                                    Ok(_) => config.exclude.push(glob),
                                    Err(err) => diagnostics.push(
                                        Diagnostic::error(Code::InvalidGlob, err).with_location(FileId(0), range),
                                    ),
                                }
                            }
                        }
                        None => diagnostics.push(
                            Diagnostic::error(
                                Code::IncorrectAttributeValueType,
                                "Inappropriate value for attribute \"exclude\": a list of literal strings is required.",
                            )
                            .with_location(FileId(0), attribute.syntax().text_range()),
                        ),
                    }
                }
                BodyItem::Block(block) => {
                    let Some(kind) = block.block_type() else {
                        continue;
                    };
                    if kind.text() == "rule" {
                        match rule(&block, kind.text_range()) {
                            Ok(setting) => config.rules.push(setting),
                            Err(found) => diagnostics.extend(found),
                        }
                        continue;
                    }
                    diagnostics.push(
                        Diagnostic::error(
                            Code::UnsupportedBlockType,
                            format!("Blocks of type {:?} are not expected here.", kind.text()),
                        )
                        .with_location(FileId(0), kind.text_range()),
                    );
                }
            }
        }
        if diagnostics.is_empty() {
            Ok(config)
        } else {
            Err(diagnostics)
        }
    }
}

impl AnalyzerConfig {
    /// What the file says about codes, as a policy reads it: the lints
    /// `lints` enables, then the `rule` blocks (which win over them).
    pub fn rule_settings(&self) -> Vec<RuleSetting> {
        self.lints
            .iter()
            .map(|&code| RuleSetting {
                code,
                enabled: Some(true),
                severity: None,
            })
            .chain(self.rules.iter().copied())
            .collect()
    }
}

/// The detail of an `unknown-code` diagnostic about a lint name.
pub fn unknown_lint_detail(name: &str) -> String {
    let names = tofu_diagnostics::lints::PRESETS.into_iter().chain(
        tofu_diagnostics::lints::LINTS
            .iter()
            .map(|(code, _)| code.name()),
    );
    let suggestion = tofu_syntax::name_suggestion(name, names)
        .map(|s| format!(" Did you mean {s:?}?"))
        .unwrap_or_default();
    format!(
        "There is no lint or lint preset named {name:?}.{suggestion} The presets are \"recommended\" and \"all\"; `tofu-analyzer codes` lists the lints."
    )
}

/// A `rule "code" { enabled = BOOL, severity = "..." }` block.
fn rule(
    block: &tofu_syntax::ast::Block,
    type_range: TextRange,
) -> Result<RuleSetting, Vec<Diagnostic>> {
    let error = |code, detail: String, range| {
        vec![Diagnostic::error(code, detail).with_location(FileId(0), range)]
    };
    let labels: Vec<_> = block.labels().collect();
    let [label] = labels.as_slice() else {
        return Err(vec![
            Diagnostic::error(
                Code::MissingLabel,
                "A rule block has one label: the diagnostic code it is about, as in rule \"deprecated-variable\" { ... }.",
            )
            .with_summary("Missing name for rule")
            .with_location(FileId(0), type_range),
        ]);
    };
    let name = label.value();
    let label_range = label.syntax().text_range();
    let code = match code_named(&name) {
        Ok(code) => code,
        Err(suggestion) => {
            return Err(error(
                Code::UnknownCode,
                unknown_code_detail(&name, suggestion),
                label_range,
            ));
        }
    };
    let mut setting = RuleSetting {
        code,
        enabled: None,
        severity: None,
    };
    let mut found = Vec::new();
    for item in block.body().iter().flat_map(|body| body.items()) {
        let BodyItem::Attribute(attribute) = item else {
            if let BodyItem::Block(inner) = item
                && let Some(kind) = inner.block_type()
            {
                found.extend(error(
                    Code::UnsupportedBlockType,
                    format!("Blocks of type {:?} are not expected here.", kind.text()),
                    kind.text_range(),
                ));
            }
            continue;
        };
        let Some(attr_name) = attribute.name() else {
            continue;
        };
        let whole = attribute.syntax().text_range();
        let expr = attribute.expr();
        match attr_name.text() {
            "enabled" => match expr.as_ref().and_then(|expr| match expr {
                Expr::Literal(literal) => literal.kind(),
                _ => None,
            }) {
                Some(tofu_syntax::ast::LiteralKind::Bool(value)) => setting.enabled = Some(value),
                _ => found.extend(error(
                    Code::IncorrectAttributeValueType,
                    "Inappropriate value for attribute \"enabled\": true or false is required.".to_owned(),
                    whole,
                )),
            },
            "severity" => match expr
                .as_ref()
                .and_then(|expr| match expr {
                    Expr::Template(template) => template.as_string_literal(),
                    _ => None,
                })
                .as_deref()
                .and_then(parse_severity)
            {
                Some(severity) => setting.severity = Some(severity),
                None => found.extend(error(
                    Code::IncorrectAttributeValueType,
                    "Inappropriate value for attribute \"severity\": \"error\", \"warning\" or \"note\" is required.".to_owned(),
                    whole,
                )),
            },
            other => found.extend(error(
                Code::UnsupportedArgument,
                format!("An argument named {other:?} is not expected here."),
                attr_name.text_range(),
            )),
        }
    }
    if found.is_empty() {
        Ok(setting)
    } else {
        Err(found)
    }
}

/// A file's text, with `std::fs::read_to_string`'s error for one that is
/// not UTF-8.
fn read_to_string(fs: &dyn FileSystem, path: &Path) -> io::Result<String> {
    String::from_utf8(fs.read(path)?).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// `["a", "b"]` as strings with their places; `None` for anything else.
fn string_list(expr: &Expr) -> Option<Vec<(String, TextRange)>> {
    let Expr::Tuple(tuple) = expr else {
        return None;
    };
    tuple
        .elements()
        .map(|element| match &element {
            Expr::Template(template) => template
                .as_string_literal()
                .map(|text| (text, template.syntax().text_range())),
            _ => None,
        })
        .collect()
}

fn compile(glob: &str) -> Result<Glob, String> {
    GlobBuilder::new(glob)
        .literal_separator(true)
        .build()
        .map_err(|err| format!("{glob:?} is not a glob: {}.", err.kind()))
}

/// Paths to leave out of a check.
#[derive(Debug, Clone)]
pub struct Exclusions {
    globs: GlobSet,
}

impl Exclusions {
    /// The globs of the configuration and of the command line; an invalid
    /// glob of the command line is an error naming it.
    pub fn new(globs: &[String]) -> Result<Exclusions, String> {
        let mut builder = GlobSetBuilder::new();
        for glob in globs {
            builder.add(compile(glob)?);
        }
        Ok(Exclusions {
            globs: builder.build().map_err(|err| err.to_string())?,
        })
    }

    pub fn none() -> Exclusions {
        Exclusions::new(&[]).expect("no globs")
    }

    /// Whether `path` (relative to the checked directory, `/` separators)
    /// is excluded.
    pub fn excludes(&self, path: &str) -> bool {
        !self.globs.is_empty() && self.globs.is_match(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_in_a_parent_of_the_file_system_given() {
        let mut fs = tofu_eval::MemoryFileSystem::new("/work");
        fs.insert("/work/.tofu-analyzer.hcl", "exclude = [\"fixtures/**\"]\n");
        fs.insert("/work/envs/prod/main.tf", "");
        let config = AnalyzerConfig::find_in(&fs, Path::new("envs/prod"), None).unwrap();
        assert_eq!(
            config.path.as_deref(),
            Some(Path::new("/work/.tofu-analyzer.hcl"))
        );
        assert_eq!(config.exclude, ["fixtures/**"]);

        let none = AnalyzerConfig::find_in(&fs, Path::new("/elsewhere"), None).unwrap();
        assert_eq!(none, AnalyzerConfig::default());

        let missing = Path::new("/work/missing.hcl");
        let err = AnalyzerConfig::find_in(&fs, Path::new("/work"), Some(missing)).unwrap_err();
        assert_eq!(err.path, missing);
        assert_eq!(err.diagnostics[0].code, Code::UnreadableConfigurationFile);
    }

    fn errors(text: &str) -> Vec<(String, String, std::ops::Range<usize>)> {
        AnalyzerConfig::parse(text, ".tofu-analyzer.hcl")
            .unwrap_err()
            .into_iter()
            .map(|d| {
                let range = d.location.map(|l| l.range).unwrap_or_default();
                (d.summary, d.detail, range.into())
            })
            .collect()
    }

    #[test]
    fn exclude_globs_are_read() {
        let config = AnalyzerConfig::parse("exclude = [\"a/**\", \"*.tofu\"]\n", "x").unwrap();
        assert_eq!(config.exclude, ["a/**", "*.tofu"]);
        let exclusions = Exclusions::new(&config.exclude).unwrap();
        assert!(exclusions.excludes("a/b/c"));
        assert!(exclusions.excludes("main.tofu"));
        assert!(!exclusions.excludes("b/main.tofu"), "* stays within a name");
        assert!(!Exclusions::none().excludes("a"));
    }

    #[test]
    fn file_lists_are_relative_to_the_configuration_file() {
        let config = AnalyzerConfig::parse(
            "provider_schemas = [\"schemas/aws.json\"]\nvar_files = [\"env/prod.tfvars\", \"x.tfvars\"]\n",
            "x",
        )
        .unwrap();
        let config = AnalyzerConfig {
            path: Some(PathBuf::from("/repo/.tofu-analyzer.hcl")),
            ..config
        };
        assert_eq!(
            config.provider_schema_paths(),
            [PathBuf::from("/repo/schemas/aws.json")]
        );
        assert_eq!(
            config.var_file_paths(),
            [
                PathBuf::from("/repo/env/prod.tfvars"),
                PathBuf::from("/repo/x.tfvars")
            ]
        );
        expect_test::expect![[r#"
            [
                (
                    "Incorrect attribute value type",
                    "Inappropriate value for attribute \"var_files\": a list of literal strings is required.",
                    0..22,
                ),
            ]
        "#]]
        .assert_debug_eq(&errors("var_files = \"x.tfvars\"\n"));
    }

    #[test]
    fn rules_are_read() {
        let config = AnalyzerConfig::parse(
            "rule \"deprecated-value\" {\n  enabled = false\n}\nrule \"unused-ignore\" {\n  severity = \"note\"\n}\n",
            "x",
        )
        .unwrap();
        assert_eq!(
            config.rules,
            [
                RuleSetting {
                    code: Code::DeprecatedValue,
                    enabled: Some(false),
                    severity: None,
                },
                RuleSetting {
                    code: Code::UnusedIgnore,
                    enabled: None,
                    severity: Some(tofu_diagnostics::Severity::Note),
                },
            ]
        );
    }

    #[test]
    fn mistakes_are_errors_with_places() {
        expect_test::expect![[r#"
            [
                (
                    "Unsupported argument",
                    "An argument named \"exlude\" is not expected here.",
                    0..6,
                ),
                (
                    "Incorrect attribute value type",
                    "Inappropriate value for attribute \"exclude\": a list of literal strings is required.",
                    12..28,
                ),
                (
                    "Unsupported block type",
                    "Blocks of type \"rules\" are not expected here.",
                    29..34,
                ),
            ]
        "#]]
        .assert_debug_eq(&errors("exlude = []\nexclude = \"a/**\"\nrules \"x\" {}\n"));
        expect_test::expect![[r#"
            [
                (
                    "Unknown diagnostic code",
                    "There is no diagnostic code named \"undeclared-locals\". Did you mean \"undeclared-local\"? `tofu-analyzer codes` lists them.",
                    5..24,
                ),
                (
                    "Missing name for rule",
                    "A rule block has one label: the diagnostic code it is about, as in rule \"deprecated-variable\" { ... }.",
                    28..32,
                ),
                (
                    "Incorrect attribute value type",
                    "Inappropriate value for attribute \"enabled\": true or false is required.",
                    53..64,
                ),
                (
                    "Incorrect attribute value type",
                    "Inappropriate value for attribute \"severity\": \"error\", \"warning\" or \"note\" is required.",
                    67..85,
                ),
                (
                    "Unsupported argument",
                    "An argument named \"level\" is not expected here.",
                    88..93,
                ),
                (
                    "Unsupported block type",
                    "Blocks of type \"x\" are not expected here.",
                    100..101,
                ),
            ]
        "#]].assert_debug_eq(&errors(
            "rule \"undeclared-locals\" {}\nrule {}\nrule \"cycle\" {\n  enabled = 1\n  severity = \"fatal\"\n  level = 2\n  x {}\n}\n",
        ));
        expect_test::expect![[r#"
            [
                (
                    "Invalid glob",
                    "\"a[\" is not a glob: unclosed character class; missing ']'.",
                    11..15,
                ),
            ]
        "#]]
        .assert_debug_eq(&errors("exclude = [\"a[\"]\n"));
        assert_eq!(errors("exclude = [\n")[0].0, "Missing expression");
    }
}
