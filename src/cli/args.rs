//! What the command accepts, including the single-dash flags of the
//! `tofu` command (`-json`, `-no-color`) that clap has no notion of.

use std::{ffi::OsString, path::PathBuf};

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(name = "tofu-analyzer", version, about = "Checks OpenTofu configuration", long_about = None)]
pub struct Cli {
    /// Never colour the output; it is only coloured on a terminal anyway.
    /// `-no-color` works too.
    #[arg(long = "no-color", global = true)]
    pub no_color: bool,

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
}

#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The root module; modules below it are included too.
    #[arg(default_value = ".")]
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct ConsoleArgs {
    /// The root module: filesystem functions resolve relative paths
    /// against it.
    #[arg(default_value = ".")]
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The root module. It need not hold configuration files itself.
    #[arg(default_value = ".")]
    pub dir: PathBuf,

    /// `json` writes what `tofu validate -json` writes; `-json` works too.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
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
    Cli::from_arg_matches(&matches)
}

/// Rewrites `-json` and `-no-color` to the flags clap knows. Only whole
/// arguments before a `--` are touched, so a directory named `-json` can
/// still be given after `--`.
fn translate_tofu_flags(args: Vec<OsString>) -> Vec<OsString> {
    let mut options_ended = false;
    args.into_iter()
        .enumerate()
        .map(|(index, arg)| {
            if index == 0 || options_ended {
                return arg;
            }
            if arg == "--" {
                options_ended = true;
            }
            match arg.to_str() {
                Some("-json") => OsString::from("--format=json"),
                Some("-no-color") => OsString::from("--no-color"),
                _ => arg,
            }
        })
        .collect()
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
        let translated = translate_tofu_flags(args(&["-jsonx", "--json", "-json"]));
        assert_eq!(translated, args(&["-jsonx", "--json", "--format=json"]));
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
    fn usage_errors_exit_with_2() {
        let err = parse(args(&["check", "--format", "xml"])).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        let err = parse(args(&["frobnicate"])).unwrap_err();
        assert_eq!(err.exit_code(), 2);
    }
}
