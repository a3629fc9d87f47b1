//! Checkstyle XML (`--format checkstyle`), which code review tools such as
//! reviewdog and many CI plugins read.
//!
//! The shape is tflint's `--format checkstyle`: a `checkstyle` element
//! holding a `file` element per file, in the order the files first come in
//! the report, each with an `error` element per diagnostic in it, in the
//! report's order. A file is named as the `github` format names it
//! (relative to the directory the check ran in). `source` is the
//! diagnostic's code, `line` and `column` are where it starts (1-based,
//! columns in characters as OpenTofu counts them), `severity` is `error`,
//! `warning` or `info` (for notes), and `message` is the summary, then the
//! detail after a blank line. Diagnostics that point at no file are under
//! a `file` named after the checked directory, without `line` or `column`.

use std::fmt::Write;

use crate::xml;
use tofu_ide::{
    check::CheckReport,
    diagnostic::{Diagnostic, Severity},
};

/// Renders a report as a Checkstyle XML document, ending with a newline.
pub fn render(report: &CheckReport) -> String {
    // (file name, its errors), in order of first appearance.
    let mut files: Vec<(String, String)> = Vec::new();
    for diagnostic in &report.diagnostics {
        let (name, error) = error(report, diagnostic);
        match files.iter_mut().find(|(file, _)| *file == name) {
            Some((_, errors)) => errors.push_str(&error),
            None => files.push((name, error)),
        }
    }
    let mut out = String::from(xml::DECLARATION);
    out.push_str("<checkstyle version=\"5.0\">\n");
    for (name, errors) in files {
        let _ = writeln!(out, "  <file name=\"{}\">", xml::attribute(&name));
        out.push_str(&errors);
        out.push_str("  </file>\n");
    }
    out.push_str("</checkstyle>\n");
    out
}

/// The file a diagnostic belongs to, and its `error` element.
fn error(report: &CheckReport, diagnostic: &Diagnostic) -> (String, String) {
    let (file, position) = match diagnostic.location {
        Some(location) => {
            let source = report.source(location.file);
            let start = source.line_col(location.range.start());
            (
                super::user_path(report, source),
                format!(" line=\"{}\" column=\"{}\"", start.line, start.column),
            )
        }
        None => (super::user_root(report), String::new()),
    };
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "info",
    };
    let element = format!(
        "    <error source=\"{}\"{position} severity=\"{severity}\" message=\"{}\"/>\n",
        xml::attribute(diagnostic.code.name()),
        xml::attribute(&super::message(diagnostic)),
    );
    (file, element)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use expect_test::expect;

    use super::*;
    use crate::test_report;

    #[test]
    fn no_diagnostics() {
        let report = test_report("a = 1\n", Vec::new(), Duration::ZERO);
        expect![[r#"
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="5.0">
            </checkstyle>
        "#]]
        .assert_eq(&render(&report));
    }

    #[test]
    fn errors_grouped_by_file() {
        let report = super::super::mixed_report();
        expect![[r#"
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="5.0">
              <file name="mod/main.tf">
                <error source="invalid-reference" line="2" column="5" severity="error" message="Invalid reference&#10;&#10;A reference to &quot;x&quot; &amp; &lt;y&gt;."/>
                <error source="module-not-installed" line="1" column="1" severity="info" message="Module not installed&#10;&#10;Run tofu init."/>
              </file>
              <file name=".">
                <error source="internal-error" severity="warning" message="Sourceless"/>
              </file>
            </checkstyle>
        "#]]
        .assert_eq(&render(&report));
    }
}
