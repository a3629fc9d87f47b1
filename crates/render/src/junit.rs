//! JUnit XML (`--format junit`), for CI systems that show test reports
//! (GitLab, Jenkins, Azure Pipelines and others).
//!
//! The shape is tflint's `--format junit`: one `testsuites` element with
//! one `testsuite`, and one `testcase` per diagnostic, in the report's
//! order, whose `name` is the diagnostic's code and whose `classname` is
//! its file (as the `github` format names it: relative to the directory
//! the check ran in), or the checked directory for a diagnostic that
//! points at no file. An error or a warning is a `failure` whose `type` is
//! its severity, whose `message` is its place (HCL's `file:line,column-column`,
//! columns in characters as OpenTofu counts them) and whose text is the
//! severity, the summary and the detail. Notes do not fail the check:
//! they are `skipped` test cases with the same message and text (and no
//! `type`), so that they are shown without counting as failures. Times
//! are all `0`.

use std::fmt::Write;

use crate::xml;
use tofu_ide::{
    check::CheckReport,
    diagnostic::{Diagnostic, Severity},
};

/// Renders a report as a JUnit XML document, ending with a newline.
pub fn render(report: &CheckReport) -> String {
    let failures = report
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.severity != Severity::Note)
        .count();
    let skipped = report.diagnostics.len() - failures;
    let mut out = String::from(xml::DECLARATION);
    out.push_str("<testsuites>\n");
    let _ = writeln!(
        out,
        "  <testsuite name=\"tofu-analyzer\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"0\">",
        report.diagnostics.len(),
    );
    for diagnostic in &report.diagnostics {
        test_case(report, diagnostic, &mut out);
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

fn test_case(report: &CheckReport, diagnostic: &Diagnostic, out: &mut String) {
    let (file, place) = match diagnostic.location {
        Some(location) => {
            let source = report.source(location.file);
            let path = super::user_path(report, source);
            let place = source
                .line_index
                .range_string(&source.text, &path, location.range);
            (path, place)
        }
        None => {
            let root = super::user_root(report);
            (root.clone(), root)
        }
    };
    let (element, severity) = match diagnostic.severity {
        Severity::Error => ("failure", "error"),
        Severity::Warning => ("failure", "warning"),
        Severity::Note => ("skipped", "note"),
    };
    let _ = writeln!(
        out,
        "    <testcase name=\"{}\" classname=\"{}\" time=\"0\">",
        xml::attribute(diagnostic.code.name()),
        xml::attribute(&file),
    );
    let text = format!("{}: {}", capitalized(severity), super::message(diagnostic));
    // JUnit's `skipped` has no `type`.
    let kind = if element == "failure" {
        format!(" type=\"{severity}\"")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "      <{element} message=\"{}\"{kind}>{}</{element}>",
        xml::attribute(&place),
        xml::content(&text),
    );
    out.push_str("    </testcase>\n");
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
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
            <testsuites>
              <testsuite name="tofu-analyzer" tests="0" failures="0" errors="0" skipped="0" time="0">
              </testsuite>
            </testsuites>
        "#]]
        .assert_eq(&render(&report));
    }

    #[test]
    fn a_test_case_per_diagnostic() {
        let report = super::super::mixed_report();
        expect![[r#"
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="tofu-analyzer" tests="3" failures="2" errors="0" skipped="1" time="0">
                <testcase name="invalid-reference" classname="mod/main.tf" time="0">
                  <failure message="mod/main.tf:2,5-6" type="error">Error: Invalid reference

            A reference to &quot;x&quot; &amp; &lt;y&gt;.</failure>
                </testcase>
                <testcase name="internal-error" classname="." time="0">
                  <failure message="." type="warning">Warning: Sourceless</failure>
                </testcase>
                <testcase name="module-not-installed" classname="mod/main.tf" time="0">
                  <skipped message="mod/main.tf:1,1-2,2">Note: Module not installed

            Run tofu init.</skipped>
                </testcase>
              </testsuite>
            </testsuites>
        "#]]
        .assert_eq(&render(&report));
    }
}
