//! GitHub Actions workflow commands: one `::error`, `::warning` or
//! `::notice` line per diagnostic, which a workflow run shows as an
//! annotation on the file and lines it names (`--format github`).
//!
//! Paths are the checked directory joined with the file's path, so that
//! they are relative to the repository when the check runs from its root;
//! values are escaped as the Actions toolkit escapes them (`%`, `\r`, `\n`
//! everywhere, and `:` and `,` in properties).

use std::fmt::Write;

use tofu_ide::{
    check::CheckReport,
    diagnostic::{Diagnostic, Severity},
};

/// Every diagnostic of the report, in its order, one line each.
pub fn render(report: &CheckReport) -> String {
    let mut out = String::new();
    for diagnostic in &report.diagnostics {
        command(report, diagnostic, &mut out);
    }
    out
}

fn command(report: &CheckReport, diagnostic: &Diagnostic, out: &mut String) {
    let name = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    let mut properties = Vec::new();
    if let Some(location) = diagnostic.location {
        let source = report.source(location.file);
        let path = super::user_path(report, source);
        let start = source.line_col(location.range.start());
        let end = source.line_col(location.range.end());
        properties.push(format!("file={}", escape_property(&path)));
        properties.push(format!("line={}", start.line));
        properties.push(format!("col={}", start.column));
        properties.push(format!("endLine={}", end.line));
        properties.push(format!("endColumn={}", end.column));
    }
    properties.push(format!("title={}", escape_property(&diagnostic.summary)));
    let message = if diagnostic.detail.is_empty() {
        &diagnostic.summary
    } else {
        &diagnostic.detail
    };
    let _ = writeln!(
        out,
        "::{name} {}::{}",
        properties.join(","),
        escape_data(message)
    );
}

fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;
    use tofu_diagnostics::Code;

    use tofu_syntax::TextRange;

    use crate::test_report;
    use tofu_ide::diagnostic::{Diagnostic, FileId};

    #[test]
    fn one_annotation_per_diagnostic_with_escapes() {
        let report = test_report(
            "a = 1\nb = x\n",
            vec![
                Diagnostic::error(Code::InvalidReference, "A reference to 100%\nof it.")
                    .with_summary("Invalid reference: x, y")
                    .with_location(FileId(0), TextRange::new(10.into(), 11.into())),
                Diagnostic::warning(Code::InternalError, "").with_summary("Sourceless"),
                Diagnostic::note(Code::ModuleNotInstalled, "Run tofu init."),
            ],
            Duration::ZERO,
        );
        expect_test::expect![[r#"
            ::error file=mod/main.tf,line=2,col=5,endLine=2,endColumn=6,title=Invalid reference%3A x%2C y::A reference to 100%25%0Aof it.
            ::warning title=Sourceless::Sourceless
            ::notice title=Module not installed::Run tofu init.
        "#]]
        .assert_eq(&super::render(&report));
    }
}
