//! `tofu-analyzer fmt [PATH...]`: `tofu fmt`, with its options, output and
//! exit codes (OpenTofu's `internal/command/fmt.go`): 0 when done, 2 when
//! a file could not be read, parsed or written, 3 with `-check` when some
//! file is not formatted.
//!
//! Files are written only when they change and `-write` is on (the
//! default, as `tofu fmt`'s), and then atomically: the new text goes to a
//! temporary file beside the original, with its permissions, and is
//! renamed over it.

use std::{
    fs,
    io::{self, IsTerminal, Read, Write},
    path::{Component, Path, PathBuf},
    process::ExitCode,
    time::Duration,
};

use tofu_diagnostics::Code;
use tofu_ide::{
    check::CheckReport,
    diagnostic::{Diagnostic, FileId},
    module_files::is_ignored_file,
    source::{CheckedFile, decode, encoding_error},
    syntax::{SourceKind, SyntaxError, parse_named},
};
use tofu_render::warnings::WarningOptions;

use super::{
    FAILURE,
    args::FmtArgs,
    check::{colour_allowed, render_human},
    print_stdout,
};

/// `-check` with changes found.
const UNFORMATTED: u8 = 3;

pub fn run(args: FmtArgs, no_color: bool) -> ExitCode {
    let stdin = args
        .paths
        .first()
        .is_some_and(|path| path.as_os_str() == "-");
    // Standard input is never listed or written.
    let list = args.list && !stdin;
    let mut options = Options {
        list,
        write: args.write && !stdin,
        diff: args.diff,
    };
    if args.check {
        // `-check` lists into a buffer and judges by whether it is empty.
        options.list = true;
        options.write = false;
    }
    let mut run = Run {
        options,
        recursive: args.recursive,
        output: Vec::new(),
        sources: Vec::new(),
        diagnostics: Vec::new(),
        working_dir: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
    };
    if stdin {
        let mut bytes = Vec::new();
        match io::stdin().read_to_end(&mut bytes) {
            Ok(_) => run.file("<stdin>", None, bytes),
            Err(_) => run.error(
                Code::FailedToReadFile,
                "Failed to load the content of the \"<stdin>\" file".to_owned(),
            ),
        }
    } else if args.paths.is_empty() {
        run.path(Path::new("."));
    } else {
        for path in &args.paths {
            if !run.path(path) {
                break;
            }
        }
    }

    // Without `-check` the output streams as `tofu fmt`'s does, so what
    // came before an error is shown; with it, the list is shown only when
    // asked for and nothing failed.
    let has_errors = !run.diagnostics.is_empty();
    if (!args.check || (list && !has_errors))
        && let Err(code) = print_stdout(&run.output)
    {
        return code;
    }
    if has_errors {
        let report = CheckReport {
            root: PathBuf::from("."),
            modules: Default::default(),
            sources: run.sources,
            diagnostics: run.diagnostics,
            elapsed: Duration::ZERO,
            loads: true,
        };
        let colour = !no_color && colour_allowed() && io::stderr().is_terminal();
        let rendered = render_human(&report, &WarningOptions::default(), colour);
        let _ = io::stderr().write_all(&rendered);
        return ExitCode::from(FAILURE);
    }
    if args.check && !run.output.is_empty() {
        return ExitCode::from(UNFORMATTED);
    }
    ExitCode::SUCCESS
}

#[derive(Debug, Clone, Copy)]
struct Options {
    list: bool,
    write: bool,
    diff: bool,
}

struct Run {
    options: Options,
    recursive: bool,
    /// What goes to standard output: listed names, diffs, formatted text.
    output: Vec<u8>,
    sources: Vec<CheckedFile>,
    diagnostics: Vec<Diagnostic>,
    working_dir: PathBuf,
}

impl Run {
    /// One path given on the command line. `false` when it does not exist,
    /// which ends the run, as it does `tofu fmt`'s.
    fn path(&mut self, given: &Path) -> bool {
        let display = self.display(given);
        let Ok(metadata) = fs::metadata(given) else {
            self.error(
                Code::InvalidFileOrDirectoryPath,
                format!("No file or directory at {display}"),
            );
            return false;
        };
        if metadata.is_dir() {
            self.dir(given);
        } else if has_extension(&display) {
            self.read_and_format(given, &display);
        } else {
            self.error(
                Code::InvalidFileExtension,
                "Only .tf, .tofu, .tfvars, .tftest.hcl, and .tofutest.hcl files can be processed with tofu-analyzer fmt".to_owned(),
            );
        }
        true
    }

    /// `processDir`: the directory's files in name order, its
    /// subdirectories too with `-recursive`; hidden files and editor
    /// leftovers are skipped.
    fn dir(&mut self, dir: &Path) {
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(err) => {
                let display = self.display(dir);
                let detail = if err.kind() == io::ErrorKind::NotFound {
                    format!("There is no configuration directory at {display}")
                } else {
                    format!("Cannot read directory {display}")
                };
                self.error(Code::InvalidPath, detail);
                return;
            }
        };
        let mut entries: Vec<(String, PathBuf, bool)> = entries
            .filter_map(Result::ok)
            .map(|entry| {
                let path = entry.path();
                // As Go's `DirEntry.IsDir`, a link is not a directory: links
                // to directories are not followed, so a loop of them cannot
                // make the walk endless.
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                (
                    entry.file_name().to_string_lossy().into_owned(),
                    path,
                    is_dir,
                )
            })
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, path, is_dir) in entries {
            if is_ignored_file(&name) {
                continue;
            }
            if is_dir {
                if self.recursive {
                    self.dir(&path);
                }
            } else if has_extension(&name) {
                let display = self.display(&path);
                self.read_and_format(&path, &display);
            }
        }
    }

    fn read_and_format(&mut self, path: &Path, display: &str) {
        match fs::read(path) {
            Ok(bytes) => self.file(display, Some(path), bytes),
            Err(_) => self.error(
                Code::FailedToOpenFile,
                format!("Failed to read file {display}"),
            ),
        }
    }

    /// `processFile`: formats one file's content; `path` is where to write
    /// it back, `None` for standard input.
    fn file(&mut self, display: &str, path: Option<&Path>, bytes: Vec<u8>) {
        let decoded = decode(bytes);
        let text = decoded.text;
        let formatted = match (
            decoded.first_invalid,
            tofu_fmt::format_named(&text, display),
        ) {
            (None, Ok(formatted)) => formatted,
            (invalid, result) => {
                let mut errors: Vec<SyntaxError> =
                    invalid.map(encoding_error).into_iter().collect();
                errors.extend(result.err().unwrap_or_default());
                // The tree, for the renderer to name the block an error is in.
                let tree = parse_named(&text, SourceKind::Native, display)
                    .green()
                    .clone();
                let file = FileId(self.sources.len() as u32);
                self.sources.push(CheckedFile::new(
                    display.to_owned(),
                    SourceKind::Native,
                    text,
                    tree,
                ));
                self.diagnostics
                    .extend(errors.into_iter().map(|error| error.in_file(file)));
                return;
            }
        };
        let options = self.options;
        if formatted != text {
            if options.list {
                self.output.extend_from_slice(display.as_bytes());
                self.output.push(b'\n');
            }
            if options.write
                && let Some(path) = path
                && write_atomically(path, formatted.as_bytes()).is_err()
            {
                self.error(
                    Code::WritingFormattedFileFailed,
                    format!("Failed to write {display}"),
                );
                return;
            }
            if options.diff {
                self.output.extend_from_slice(
                    tofu_fmt::unified_diff(&text, &formatted, display).as_bytes(),
                );
            }
        }
        if !options.list && !options.write && !options.diff {
            self.output.extend_from_slice(formatted.as_bytes());
        }
    }

    fn error(&mut self, summary: tofu_diagnostics::Code, detail: String) {
        self.diagnostics.push(Diagnostic::error(summary, detail));
    }

    /// A path as `tofu fmt` prints it: relative to the working directory
    /// (OpenTofu's `NormalizePath`).
    fn display(&self, path: &Path) -> String {
        let absolute = clean(&self.working_dir.join(path));
        relative(&clean(&self.working_dir), &absolute)
            .to_string_lossy()
            .into_owned()
    }
}

fn has_extension(name: &str) -> bool {
    tofu_fmt::EXTENSIONS.iter().any(|ext| name.ends_with(ext))
}

/// Replaces the file `path` points to (through symbolic links) with
/// `content`: written to a temporary file in the same directory with the
/// original's permissions, then renamed over it, so that no reader ever
/// sees half a file and a crash leaves the original in place.
fn write_atomically(path: &Path, content: &[u8]) -> io::Result<()> {
    let target = fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let permissions = fs::metadata(&target)?.permissions();
    let mut temporary = tempfile::Builder::new()
        .prefix(".tofu-analyzer-fmt")
        .tempfile_in(dir)?;
    temporary.write_all(content)?;
    temporary.as_file().sync_all()?;
    fs::set_permissions(temporary.path(), permissions)?;
    temporary.persist(&target).map_err(|err| err.error)?;
    Ok(())
}

/// Go's `filepath.Clean`, lexically: `.` parts dropped, `..` parts taken
/// back where they can be.
fn clean(path: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(component),
            },
            other => out.push(other),
        }
    }
    if out.is_empty() {
        return PathBuf::from(".");
    }
    out.iter().collect()
}

/// Go's `filepath.Rel` of two clean absolute paths.
fn relative(base: &Path, path: &Path) -> PathBuf {
    let base: Vec<_> = base.components().collect();
    let target: Vec<_> = path.components().collect();
    let common = base.iter().zip(&target).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..base.len() {
        out.push("..");
    }
    for component in &target[common..] {
        out.push(component);
    }
    if out.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_shown_relative_to_the_working_directory() {
        let cwd = Path::new("/work/infra");
        let show = |p: &str| {
            relative(&clean(cwd), &clean(&cwd.join(p)))
                .display()
                .to_string()
        };
        assert_eq!(show("."), ".");
        assert_eq!(show("./main.tf"), "main.tf");
        assert_eq!(
            show("modules/../modules/vpc/main.tf"),
            "modules/vpc/main.tf"
        );
        assert_eq!(show("/work/infra/envs/prod"), "envs/prod");
        assert_eq!(show("/work/other/x.tf"), "../other/x.tf");
        assert_eq!(show("../../a.tf"), "../../a.tf");
    }

    #[test]
    fn atomic_writes_keep_permissions_and_follow_links() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("main.tf");
        fs::write(&file, "a=1\n").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.tf");
        symlink(&file, &link).unwrap();
        write_atomically(&link, b"a = 1\n").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "a = 1\n");
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let leftovers = fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 2, "no temporary file is left behind");
    }
}
