//! One test per file of `tests/cases/`: the file formatted, or its syntax
//! errors, against `NAME.out` beside it. `UPDATE_EXPECT=1` rewrites the
//! expectations. Every expected output must also be a fixed point: what
//! `tofu fmt` writes, it leaves alone (but for `*not_idempotent*` cases,
//! where it needs two runs, and `*breaks_syntax*` ones, where what it
//! writes no longer parses).
//!
//! The expectations were checked against `tofu fmt`'s rules by hand and,
//! where a `terraform` binary was at hand, against `terraform fmt`
//! (identical for every case but `no_final_newline.tf` and
//! `trailing_spaces.tf` when read from standard input, where Terraform adds
//! a newline; from a file it does not, and neither does OpenTofu).

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::{fmt::Write, path::Path};

use tofu_syntax::LineIndex;

fn fmt_case(path: &Path) -> datatest_stable::Result<()> {
    let bytes = std::fs::read(path)?;
    let input = String::from_utf8(bytes)?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let actual = match tofu_fmt::format(&input) {
        Ok(formatted) if name.contains("breaks_syntax") => {
            // Where `tofu fmt` writes what no longer parses, so do we.
            if tofu_fmt::format(&formatted).is_ok() {
                return Err("expected the formatted output not to parse".into());
            }
            formatted
        }
        Ok(formatted) => {
            let again = tofu_fmt::format(&formatted)
                .map_err(|errors| format!("formatted output does not parse: {errors:?}"))?;
            if name.contains("not_idempotent") {
                // Where `tofu fmt` needs two runs, so do we.
                if again == formatted {
                    return Err("expected a second run to change more".into());
                }
            } else if again != formatted {
                return Err(
                    format!("not idempotent:\n--- once\n{formatted}\n--- twice\n{again}").into(),
                );
            }
            formatted
        }
        Err(errors) => {
            let index = LineIndex::new(&input);
            let mut out = String::from("syntax errors; the file is left as it is\n");
            for error in errors {
                let at = index.line_col(&input, error.range().unwrap().start());
                writeln!(
                    out,
                    "{}:{}: {}: {}",
                    at.line, at.column, error.summary, error.detail
                )?;
            }
            out
        }
    };
    let expected_path = path.with_extension(format!(
        "{}.out",
        path.extension().unwrap_or_default().to_string_lossy()
    ));
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected_path, &actual)?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(&expected_path).map_err(|err| {
        format!(
            "{}: {err} (UPDATE_EXPECT=1 writes it)",
            expected_path.display()
        )
    })?;
    if actual != expected {
        return Err(format!(
            "{} differs (UPDATE_EXPECT=1 updates it):\n{}",
            expected_path.display(),
            tofu_fmt::unified_diff(&expected, &actual, "case")
        )
        .into());
    }
    Ok(())
}

datatest_stable::harness! {
    { test = fmt_case, root = "tests/cases", pattern = r"^[^.]+\.(tf|tfvars|tftest\.hcl)$" },
}
