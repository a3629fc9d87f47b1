//! What the command accepts, including the single-dash flags of the
//! `tofu` command (`-json`, `-no-color`, `-var`, `-var-file`) that clap
//! has no notion of.

use std::{ffi::OsString, path::PathBuf};

use clap::{
    ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum,
};
use tofu_ide::diagnostic::{Code, Severity};
use tofu_ide::variable_inputs::VariableOption;

#[derive(Debug, Parser)]
#[command(name = "tofu-analyzer", version, about = "Checks OpenTofu configuration", long_about = None)]
pub struct Cli {
    /// Never colour the output; it is only coloured on a terminal anyway.
    /// `-no-color` works too.
    #[arg(long = "no-color", global = true)]
    pub no_color: bool,

    /// Switch to DIR before doing anything else, as `tofu -chdir=DIR`
    /// does; `-chdir=DIR` works too.
    #[arg(long, value_name = "DIR", global = true)]
    pub chdir: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check a directory and every directory below it that holds
    /// configuration files.
    Check(CheckArgs),
    /// Print the syntax tree of one file and its syntax errors.
    Syntax(SyntaxArgs),
    /// Evaluate expressions read from stdin, one per line, printing each
    /// value as `tofu console` does.
    Console(ConsoleArgs),
    /// Print the dependency graph of every module as DOT: declarations,
    /// what each refers to, and the modules that calls name.
    Graph(GraphArgs),
    /// List every diagnostic code with what it means.
    Codes,
    /// Rewrite configuration files in the canonical style, exactly as
    /// `tofu fmt` does: `.tf`, `.tofu`, `.tfvars`, `.tftest.hcl` and
    /// `.tofutest.hcl` files (JSON files are not formatted).
    Fmt(FmtArgs),
    /// Measure re-evaluation on a tree: the load, the first report, and
    /// standard edits chosen in it (or your own, with --edits), each
    /// alternating between two texts, checked against a fresh load.
    /// Nothing is written to the tree.
    Bench(BenchArgs),
    /// Serve the Language Server Protocol on stdin and stdout, for
    /// editors: diagnostics as you type, hover, go to definition, find
    /// references, rename, document symbols and completion.
    Lsp,
}

/// `tofu fmt`'s options; the single-dash spellings (`-list=false`,
/// `-write=false`, `-diff`, `-check`, `-recursive`) work too.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Files and directories to format (default: the current directory);
    /// `-` formats standard input to standard output.
    pub paths: Vec<PathBuf>,

    /// List the files whose formatting changed (`false` to not; always off
    /// for standard input).
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_value = "true", default_missing_value = "true", value_parser = parse_go_bool)]
    pub list: bool,

    /// Write the formatted files back (`false` to not; always off for
    /// standard input and with `-check`). Files are replaced atomically,
    /// keeping their permissions.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_value = "true", default_missing_value = "true", value_parser = parse_go_bool)]
    pub write: bool,

    /// Print a unified diff of every change.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = parse_go_bool)]
    pub diff: bool,

    /// Change nothing; exit with 3 when some file is not formatted.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = parse_go_bool)]
    pub check: bool,

    /// Also format the files of every directory below the given ones.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = parse_go_bool)]
    pub recursive: bool,
}

/// A boolean flag value as Go's `strconv.ParseBool` reads it, which is
/// how `tofu` reads `-list=false`.
fn parse_go_bool(value: &str) -> Result<bool, String> {
    match value {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Ok(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Ok(false),
        _ => Err(format!("invalid boolean value {value:?}")),
    }
}

#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The root module; modules below it are included too.
    #[arg(default_value = ".")]
    pub dir: PathBuf,

    /// DOT text, or the graph laid out as an SVG picture or an HTML page
    /// holding one. A graph too large to lay out is drawn as its modules
    /// and their calls.
    #[arg(long, value_enum, default_value_t = GraphFormat::Dot)]
    pub format: GraphFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    Dot,
    Svg,
    Html,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The tree to measure.
    #[arg(default_value = ".")]
    pub dir: PathBuf,

    /// How many times each text of each edit is measured, per phase.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub rounds: usize,

    /// How many mixed edits come between the warm and the late phase.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub session: usize,

    /// Edits of your own instead of the standard ones: an HCL file of
    /// `edit "NAME" { file = "...", find = "...", replace = "..." }`
    /// blocks (paths relative to DIR).
    #[arg(long, value_name = "FILE")]
    pub edits: Option<PathBuf>,

    /// Print the results as JSON (what --baseline reads).
    #[arg(long)]
    pub json: bool,

    /// Also write the results as one self-contained HTML page, with a
    /// chart of each edit's latency (beside the baseline's, if given).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// Compare with an earlier run's JSON: exit 1 when an edit's warm
    /// median grew beyond --threshold.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,

    /// The growth over the baseline that counts as a regression, in
    /// percent.
    #[arg(long, value_name = "PERCENT", default_value_t = 25.0)]
    pub threshold: f64,

    /// Instead of DIR, measure generated trees of these sizes (numbers of
    /// modules, e.g. `100,1000,3000`) and report how each cost grows.
    #[arg(
        long,
        value_name = "MODULES,...",
        value_delimiter = ',',
        num_args = 1..,
        conflicts_with_all = ["edits", "baseline"],
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub scale: Vec<u32>,
}

#[derive(Debug, Args)]
pub struct ConsoleArgs {
    /// The root module: filesystem functions resolve relative paths
    /// against it.
    #[arg(default_value = ".")]
    pub dir: PathBuf,

    #[command(flatten)]
    pub variables: VariableArgs,
}

/// `-var` and `-var-file`, as `tofu plan` and `tofu console` take them.
#[derive(Debug, Default, Args)]
pub struct VariableArgs {
    /// Set a root module variable, NAME=VALUE; may be repeated. `-var`
    /// works too.
    #[arg(long = "var", value_name = "NAME=VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    var: Vec<String>,

    /// Load root module variable values from a file (relative to the
    /// working directory); may be repeated. `-var-file` works too.
    #[arg(long = "var-file", value_name = "FILE", action = ArgAction::Append, allow_hyphen_values = true)]
    var_file: Vec<String>,

    /// Both kinds of option in command-line order, which decides which
    /// value wins.
    #[arg(skip)]
    pub options: Vec<VariableOption>,
}

impl VariableArgs {
    /// Fills `options` from the matches of the subcommand: clap keeps
    /// each option's values apart, their indices give the order.
    fn order(&mut self, matches: &ArgMatches) {
        let mut options: Vec<(usize, VariableOption)> = Vec::new();
        for (id, make) in [
            ("var", VariableOption::Var as fn(String) -> VariableOption),
            ("var_file", VariableOption::VarFile),
        ] {
            let (Some(indices), Some(values)) =
                (matches.indices_of(id), matches.get_many::<String>(id))
            else {
                continue;
            };
            options.extend(indices.zip(values).map(|(i, v)| (i, make(v.clone()))));
        }
        options.sort_by_key(|(index, _)| *index);
        self.options = options.into_iter().map(|(_, option)| option).collect();
    }
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The root module. It need not hold configuration files itself.
    #[arg(default_value = ".")]
    pub dir: PathBuf,

    /// `json` writes what `tofu validate -json` writes (`-json` works
    /// too); `github` writes GitHub Actions annotations; `sarif`, `junit`
    /// and `checkstyle` write those formats for CI and review tools.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,

    /// Check as `tofu plan -input=false -refresh=false` would: read the
    /// root module's variable values (environment, tfvars files, `-var`,
    /// `-var-file`) and report what reading them reports. `-plan` works
    /// too.
    #[arg(long)]
    pub plan: bool,

    #[command(flatten)]
    pub variables: VariableArgs,

    #[command(flatten)]
    pub warnings: WarningArgs,

    /// The analyzer's configuration file (default: `.tofu-analyzer.hcl`
    /// in DIR or the nearest parent that has one).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Leave out directories and files whose paths (relative to DIR)
    /// match GLOB (`*` within a name, `**` across directories); may be
    /// repeated, and adds to the configuration file's `exclude`.
    #[arg(long, value_name = "GLOB", action = ArgAction::Append)]
    pub exclude: Vec<String>,

    /// Check resources, data sources and provider configurations against
    /// the provider schemas in FILE, as `tofu providers schema -json`
    /// writes them after `tofu init`; may be repeated, and adds to the
    /// configuration file's `provider_schemas`.
    #[arg(long, value_name = "FILE", action = ArgAction::Append)]
    pub provider_schemas: Vec<PathBuf>,

    /// Report the diagnostics of CODE even if the configuration file
    /// disables it; may be repeated. `tofu-analyzer codes` lists codes.
    #[arg(long, value_name = "CODE", action = ArgAction::Append, value_delimiter = ',', value_parser = parse_code)]
    pub enable: Vec<Code>,

    /// Leave out the diagnostics of CODE; may be repeated.
    #[arg(long, value_name = "CODE", action = ArgAction::Append, value_delimiter = ',', value_parser = parse_code)]
    pub disable: Vec<Code>,

    /// Enable lints, off otherwise: a preset (`recommended`: tflint's
    /// recommended terraform rules; `all`: those and the whole-tree lints)
    /// or one lint by code; may be repeated, and adds to the
    /// configuration file's `lints`.
    #[arg(long, value_name = "NAME", action = ArgAction::Append, value_delimiter = ',', value_parser = parse_lint)]
    pub lint: Vec<Vec<Code>>,

    /// Exit with status 1 when a diagnostic at least this severe is
    /// reported: `error` (the default), `warning` or `note`.
    #[arg(long, value_name = "SEVERITY", default_value = "error", value_parser = parse_severity_flag)]
    pub minimum_failure_severity: Severity,
}

/// The lints a name enables: a preset's or one lint's.
fn parse_lint(name: &str) -> Result<Vec<Code>, String> {
    tofu_diagnostics::lints::lints_named(name)
        .ok_or_else(|| tofu_ide::analyzer_config::unknown_lint_detail(name))
}

/// A diagnostic code by its name, with a suggestion for a near miss.
fn parse_code(name: &str) -> Result<Code, String> {
    tofu_ide::policy::code_named(name).map_err(|suggestion| {
        let suggestion = suggestion
            .map(|s| format!("; did you mean {s:?}?"))
            .unwrap_or_default();
        format!(
            "there is no diagnostic code {name:?}{suggestion} (`tofu-analyzer codes` lists them)"
        )
    })
}

fn parse_severity_flag(text: &str) -> Result<Severity, String> {
    tofu_ide::policy::parse_severity(text)
        .ok_or_else(|| format!("{text:?} is not a severity: error, warning or note"))
}

/// How the human output shows warnings, as OpenTofu's views take them.
#[derive(Debug, Default, Args)]
pub struct WarningArgs {
    /// Which deprecation warnings to show: `module:all` (the default),
    /// `module:local` (not those of modules from remote sources) or
    /// `module:none`. `-deprecation=...` works too.
    #[arg(long, value_name = "module:LEVEL", value_parser = parse_deprecation)]
    pub deprecation: Option<String>,

    /// `false` shows every warning rather than one of each kind with a
    /// count of the others. `-consolidate-warnings=false` works too.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true", action = ArgAction::Set)]
    pub consolidate_warnings: Option<bool>,

    /// Show one of each kind of error with a count of the others.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true", action = ArgAction::Set)]
    pub consolidate_errors: Option<bool>,

    /// When there are warnings and no errors, list only their summaries.
    #[arg(long)]
    pub compact_warnings: bool,

    /// Show no notes and no summary line: errors and warnings only.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `-deprecation` takes `module:LEVEL`.
fn parse_deprecation(value: &str) -> Result<String, String> {
    match value.strip_prefix("module:") {
        Some(level) => Ok(level.to_owned()),
        None => Err(format!(
            "Expected -deprecation prefix \"module:\", got {value:?}"
        )),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    /// GitHub Actions workflow commands: an annotation per diagnostic.
    Github,
    /// SARIF 2.1.0, for GitHub code scanning and other review tools.
    Sarif,
    /// JUnit XML, a test case per diagnostic, as tflint writes it.
    Junit,
    /// Checkstyle XML, as tflint writes it.
    Checkstyle,
}

#[derive(Debug, Args)]
pub struct SyntaxArgs {
    /// A `.tf`, `.tofu` or other HCL file; names ending in `.json` are
    /// read as JSON.
    pub file: PathBuf,
}

pub fn parse(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    let args = translate_tofu_flags(args);
    let mut command = Cli::command();
    if flags(&args).any(|arg| arg == "--no-color") {
        command = command.color(clap::ColorChoice::Never);
    }
    let matches = command.try_get_matches_from(args)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let Some((_, sub)) = matches.subcommand() {
        match &mut cli.command {
            Command::Check(check) => check.variables.order(sub),
            Command::Console(console) => console.variables.order(sub),
            _ => {}
        }
    }
    Ok(cli)
}

/// Rewrites `-json`, `-no-color`, `-plan`, `-var` and `-var-file` (with
/// their values after `=` or in the next argument), the warning options
/// and `fmt`'s options to the flags clap knows. Only whole arguments before a `--` are touched, so a directory
/// named `-json` can still be given after `--`, and a value in the next
/// argument is never taken for a flag.
fn translate_tofu_flags(args: Vec<OsString>) -> Vec<OsString> {
    let mut options_ended = false;
    let mut value_next = false;
    args.into_iter()
        .enumerate()
        .map(|(index, arg)| {
            if index == 0 || options_ended || std::mem::take(&mut value_next) {
                return arg;
            }
            if arg == "--" {
                options_ended = true;
            }
            let Some(text) = arg.to_str() else {
                return arg;
            };
            match text {
                "-json" => OsString::from("--format=json"),
                "-no-color" => OsString::from("--no-color"),
                "-plan" => OsString::from("--plan"),
                "-compact-warnings"
                | "-consolidate-warnings"
                | "-consolidate-errors"
                | "-list"
                | "-write"
                | "-diff"
                | "-check"
                | "-recursive" => OsString::from(format!("-{text}")),
                _ if [
                    "-deprecation=",
                    "-consolidate-warnings=",
                    "-consolidate-errors=",
                    "-list=",
                    "-write=",
                    "-diff=",
                    "-check=",
                    "-recursive=",
                ]
                .iter()
                .any(|flag| text.starts_with(flag)) =>
                {
                    OsString::from(format!("-{text}"))
                }
                "-var" | "-var-file" | "--var" | "--var-file" => {
                    value_next = true;
                    OsString::from(format!("--{}", text.trim_start_matches('-')))
                }
                _ if text.starts_with("-var=") || text.starts_with("-var-file=") => {
                    OsString::from(format!("-{text}"))
                }
                // Every other long flag in `tofu`'s single-dash spelling
                // (`-version`, `-format=json`, `-chdir=DIR`, or one that does
                // not exist, which clap then names as it was meant).
                _ if is_single_dash_long_flag(text) => OsString::from(format!("-{text}")),
                _ => arg,
            }
        })
        .collect()
}

/// `-word` or `-word=value`: a long flag with one dash, not a bundle of
/// short ones (no command here takes more than one short flag at once).
fn is_single_dash_long_flag(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('-') else {
        return false;
    };
    let name = rest.split('=').next().unwrap_or_default();
    name.len() > 1
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The arguments before `--`, after the program name.
fn flags(args: &[OsString]) -> impl Iterator<Item = &OsString> {
    args.iter().skip(1).take_while(|arg| *arg != "--")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn args(args: &[&str]) -> Vec<OsString> {
        std::iter::once("tofu-analyzer")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect()
    }

    fn parse_check(arguments: &[&str]) -> (CheckArgs, bool) {
        let cli = parse(args(arguments)).unwrap();
        match cli.command {
            Command::Check(check) => (check, cli.no_color),
            other => panic!("not check: {other:?}"),
        }
    }

    #[test]
    fn check_defaults() {
        let (check, no_color) = parse_check(&["check"]);
        assert_eq!(check.dir, PathBuf::from("."));
        assert_eq!(check.format, Format::Human);
        assert!(!no_color);
    }

    #[test]
    fn tofu_style_flags() {
        let (check, no_color) = parse_check(&["check", "-json", "-no-color", "infra"]);
        assert_eq!(
            (check.dir, check.format, no_color),
            (PathBuf::from("infra"), Format::Json, true)
        );
        let (check, no_color) = parse_check(&["-no-color", "check", "--format", "json"]);
        assert_eq!((check.format, no_color), (Format::Json, true));
        let (_, no_color) = parse_check(&["check", "--no-color"]);
        assert!(no_color);
    }

    #[test]
    fn flags_after_double_dash_are_operands() {
        let (check, _) = parse_check(&["check", "--", "-json"]);
        assert_eq!(
            (check.dir, check.format),
            (PathBuf::from("-json"), Format::Human)
        );
    }

    #[test]
    fn only_whole_arguments_are_translated() {
        // A flag that merely starts like a known one stays itself (and is
        // then unknown to clap), never the flag it resembles.
        let translated = translate_tofu_flags(args(&["-jsonx", "--json", "-json"]));
        assert_eq!(translated, args(&["--jsonx", "--json", "--format=json"]));
        let translated = translate_tofu_flags(args(&["-variable", "-var-files=x", "-var=a=1"]));
        assert_eq!(
            translated,
            args(&["--variable", "--var-files=x", "--var=a=1"])
        );
    }

    #[test]
    fn syntax_takes_one_file() {
        let cli = parse(args(&["syntax", "-no-color", "main.tf"])).unwrap();
        assert!(cli.no_color);
        assert!(
            matches!(cli.command, Command::Syntax(SyntaxArgs { file }) if file == Path::new("main.tf"))
        );
        assert!(parse(args(&["syntax"])).is_err());
        assert!(parse(args(&["syntax", "-json", "main.tf"])).is_err());
    }

    #[test]
    fn variable_options_keep_their_order_in_every_form() {
        let (check, _) = parse_check(&[
            "check",
            "-var",
            "a=1",
            "infra",
            "-var-file=x.tfvars",
            "--var=b=2",
            "-var=c=3",
            "--var-file",
            "y.tfvars",
            "-var-file",
            "z.tfvars",
            "--var",
            "d=4",
        ]);
        assert_eq!(check.dir, PathBuf::from("infra"));
        assert!(!check.plan);
        assert_eq!(
            check.variables.options,
            [
                VariableOption::Var("a=1".into()),
                VariableOption::VarFile("x.tfvars".into()),
                VariableOption::Var("b=2".into()),
                VariableOption::Var("c=3".into()),
                VariableOption::VarFile("y.tfvars".into()),
                VariableOption::VarFile("z.tfvars".into()),
                VariableOption::Var("d=4".into()),
            ]
        );
    }

    #[test]
    fn variable_values_are_never_taken_for_flags() {
        let (check, _) = parse_check(&["check", "-var", "-json", "-var-file", "-plan", "-json"]);
        assert_eq!(
            check.variables.options,
            [
                VariableOption::Var("-json".into()),
                VariableOption::VarFile("-plan".into()),
            ]
        );
        assert_eq!((check.format, check.plan), (Format::Json, false));
        // Malformed options are OpenTofu's to report, not usage errors.
        let (check, _) = parse_check(&["check", "-var", "novalue", "-var=a =1"]);
        assert_eq!(
            check.variables.options,
            [
                VariableOption::Var("novalue".into()),
                VariableOption::Var("a =1".into()),
            ]
        );
    }

    #[test]
    fn plan_flag() {
        let (check, _) = parse_check(&["check", "-plan"]);
        assert!(check.plan);
        let (check, _) = parse_check(&["check", ".", "--plan", "-var=a=1"]);
        assert!(check.plan);
        assert_eq!(check.variables.options, [VariableOption::Var("a=1".into())]);
        assert!(parse(args(&["console", "-plan"])).is_err());
    }

    #[test]
    fn console_takes_variable_options() {
        let cli = parse(args(&[
            "console",
            "-var-file=a.tfvars",
            "dir",
            "-var",
            "x=1",
        ]))
        .unwrap();
        let Command::Console(console) = cli.command else {
            panic!("not console");
        };
        assert_eq!(console.dir, PathBuf::from("dir"));
        assert_eq!(
            console.variables.options,
            [
                VariableOption::VarFile("a.tfvars".into()),
                VariableOption::Var("x=1".into()),
            ]
        );
    }

    #[test]
    fn fmt_takes_tofu_flags_as_go_reads_booleans() {
        let fmt = |arguments: &[&str]| match parse(args(arguments)).unwrap().command {
            Command::Fmt(fmt) => fmt,
            other => panic!("not fmt: {other:?}"),
        };
        let defaults = fmt(&["fmt"]);
        assert!(defaults.paths.is_empty());
        assert_eq!(
            (
                defaults.list,
                defaults.write,
                defaults.diff,
                defaults.check,
                defaults.recursive
            ),
            (true, true, false, false, false)
        );
        let given = fmt(&[
            "fmt",
            "-list=false",
            "-write=F",
            "-diff",
            "-check",
            "-recursive",
            "a",
            "-",
        ]);
        assert_eq!(
            (
                given.list,
                given.write,
                given.diff,
                given.check,
                given.recursive
            ),
            (false, false, true, true, true)
        );
        assert_eq!(given.paths, [PathBuf::from("a"), PathBuf::from("-")]);
        // A flag never takes the next argument as its value.
        let next = fmt(&["fmt", "--check", "main.tf", "--list=0"]);
        assert_eq!((next.check, next.list), (true, false));
        assert_eq!(next.paths, [PathBuf::from("main.tf")]);
        assert!(parse(args(&["fmt", "-list=maybe"])).is_err());
    }

    #[test]
    fn every_long_flag_takes_one_dash() {
        let cli = parse(args(&[
            "-chdir=infra",
            "check",
            "-format=json",
            "-no-color",
        ]))
        .unwrap();
        assert_eq!(cli.chdir, Some(PathBuf::from("infra")));
        assert!(matches!(&cli.command, Command::Check(check) if check.format == Format::Json));
        let version = parse(args(&["-version"])).unwrap_err();
        assert_eq!(version.kind(), clap::error::ErrorKind::DisplayVersion);
        let unknown = parse(args(&["check", "-bogus"])).unwrap_err();
        assert!(unknown.to_string().contains("'--bogus'"), "{unknown}");
        // Short flags, a lone dash and values stay as they are.
        assert_eq!(
            translate_tofu_flags(args(&["-h", "-", "-var", "-x=1", "-1"])),
            args(&["-h", "-", "--var", "-x=1", "-1"])
        );
    }

    #[test]
    fn usage_errors_exit_with_2() {
        let err = parse(args(&["check", "--format", "xml"])).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        let err = parse(args(&["frobnicate"])).unwrap_err();
        assert_eq!(err.exit_code(), 2);
    }
}
