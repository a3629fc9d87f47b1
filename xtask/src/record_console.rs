//! Records the expected outputs of console case files from a reference
//! console (`tofu`, else `terraform`), one process per expression.
//!
//! A case file holds cases of the form
//!
//! ```text
//! # comments
//! > EXPRESSION
//! expected stdout, or one `Error: SUMMARY: DETAIL` line per error
//! ```
//!
//! A case directly under a `# keep` comment is left as it is: its expected
//! output was written by hand, where OpenTofu differs from the reference.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

pub(crate) fn run(file: &Path, dir: &Path) -> Result<ExitCode, String> {
    let program = reference_console()?;
    let text = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    let mut keep = false;
    let mut recorded = 0;
    while let Some(line) = lines.next() {
        let Some(expr) = line.strip_prefix("> ") else {
            keep |= line.trim() == "# keep";
            out.push_str(line);
            out.push('\n');
            continue;
        };
        out.push_str(line);
        out.push('\n');
        let mut old = Vec::new();
        while let Some(next) = lines.next_if(|l| !l.starts_with("> ") && !l.starts_with('#')) {
            old.push(next);
        }
        while old.last().is_some_and(|l| l.is_empty()) {
            old.pop();
        }
        let expected = if keep {
            old.join("\n")
        } else {
            recorded += 1;
            evaluate(&program, expr, dir)?
        };
        if !expected.is_empty() {
            out.push_str(&expected);
            out.push('\n');
        }
        out.push('\n');
        keep = false;
    }
    fs::write(file, out.trim_end().to_owned() + "\n")
        .map_err(|e| format!("{}: {e}", file.display()))?;
    eprintln!("recorded {recorded} cases with {program}");
    Ok(ExitCode::SUCCESS)
}

fn reference_console() -> Result<String, String> {
    for program in ["tofu", "terraform"] {
        let found = Command::new(program)
            .arg("version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if found {
            return Ok(program.to_owned());
        }
    }
    Err("neither `tofu` nor `terraform` is on PATH".to_owned())
}

fn evaluate(program: &str, expr: &str, dir: &Path) -> Result<String, String> {
    // A state file of its own keeps concurrent recordings from waiting on
    // each other's state lock.
    let state = std::env::temp_dir().join(format!("record-console-{}.tfstate", std::process::id()));
    let mut child = Command::new(program)
        .args(["console", "-no-color"])
        .arg(format!("-state={}", state.display()))
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{program}: {e}"))?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(format!("{expr}\n").as_bytes())
        .map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    if output.status.success() {
        let stdout = String::from_utf8_lossy(&output.stdout);
        return Ok(stdout.trim_end_matches('\n').to_owned());
    }
    Ok(error_lines(&String::from_utf8_lossy(&output.stderr)))
}

/// `Error: SUMMARY: DETAIL` for each error block of the reference console's
/// output, with the detail's wrapped lines joined.
fn error_lines(stderr: &str) -> String {
    let mut errors = Vec::new();
    let mut lines = stderr.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(summary) = line.strip_prefix("Error: ") else {
            continue;
        };
        let mut detail = Vec::new();
        while let Some(next) = lines.next_if(|l| !l.starts_with("Error: ")) {
            detail.push(next);
        }
        // Skip the `on <console-input> line 1:` source block.
        let body: Vec<&str> = match detail
            .iter()
            .position(|l| l.contains("(source code not available)"))
        {
            Some(i) => detail[i + 1..].to_vec(),
            None => detail,
        };
        let words: Vec<&str> = body.iter().flat_map(|l| l.split_whitespace()).collect();
        if words.is_empty() {
            errors.push(format!("Error: {summary}"));
        } else {
            errors.push(format!("Error: {summary}: {}", words.join(" ")));
        }
    }
    errors.join("\n")
}
