//! SARIF 2.1.0 (`--format sarif`), the format GitHub code scanning and
//! other code review tools read.
//!
//! One run, whose tool is tofu-analyzer with a rule for each diagnostic
//! code that the report holds (in the order of the code table, so the
//! same codes always come in the same order), and one result per
//! diagnostic, in the report's order:
//!
//! - `ruleId` is the code's name and `ruleIndex` its rule;
//! - `level` is `error`, `warning` or `note`;
//! - `message.text` is the summary, then the detail after a blank line;
//! - a diagnostic that points into a file has one location: the file's
//!   path as a relative URI (the checked directory joined with the file's
//!   path, as the `github` format names it, so that it is relative to the
//!   repository when the check runs from its root; a `file:` URI when the
//!   checked directory is absolute), and the region from the start to the
//!   end of the diagnostic's range, lines and columns 1-based, columns in
//!   UTF-16 code units (`columnKind` says so, SARIF's default).
//!
//! A diagnostic that points at nothing (a cycle, an unreadable file), or
//! at a value given on the command line rather than into a file, is not
//! a result but a tool execution notification of the run's invocation,
//! with its code as the associated rule: GitHub code scanning rejects a
//! whole upload with a result that has no location.

use serde::Serialize;
use tofu_syntax::TextSize;

use tofu_ide::{
    check::CheckReport,
    diagnostic::{Code, Diagnostic, Severity},
    source::CheckedFile,
};

/// The schema the output declares: OASIS's, as published with the
/// standard's errata.
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Renders a report as a SARIF log, ending with a newline.
pub fn render(report: &CheckReport) -> String {
    let mut codes: Vec<Code> = report.diagnostics.iter().map(|d| d.code).collect();
    codes.sort_unstable();
    codes.dedup();
    let rules = codes
        .iter()
        .map(|&code| Rule {
            id: code.name(),
            short_description: Text {
                text: code.summary().to_owned(),
            },
            full_description: Text {
                text: code.description().to_owned(),
            },
        })
        .collect();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    for diagnostic in &report.diagnostics {
        let rule_index = codes
            .binary_search(&diagnostic.code)
            .expect("every code has a rule");
        match location(report, diagnostic) {
            Some(location) => results.push(SarifResult {
                rule_id: diagnostic.code.name(),
                rule_index,
                level: level(diagnostic.severity),
                message: Text {
                    text: super::message(diagnostic),
                },
                locations: vec![location],
            }),
            None => notifications.push(Notification {
                level: level(diagnostic.severity),
                message: Text {
                    text: super::message(diagnostic),
                },
                associated_rule: RuleReference {
                    id: diagnostic.code.name(),
                    index: rule_index,
                },
            }),
        }
    }
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "tofu-analyzer",
                    version: env!("CARGO_PKG_VERSION"),
                    rules,
                },
            },
            invocations: [Invocation {
                execution_successful: true,
                tool_execution_notifications: notifications,
            }],
            column_kind: "utf16CodeUnits",
            results,
        }],
    };
    let mut text = serde_json::to_string_pretty(&log).expect("serializing to memory cannot fail");
    text.push('\n');
    text
}

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    invocations: [Invocation; 1],
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

/// The run itself: the check finished, whatever it found; what it found
/// about no file is said here.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Notification {
    level: &'static str,
    message: Text,
    associated_rule: RuleReference,
}

#[derive(Serialize)]
struct RuleReference {
    id: &'static str,
    index: usize,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
struct Driver {
    name: &'static str,
    version: &'static str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    short_description: Text,
    full_description: Text,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: Vec<SarifLocation>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    physical_location: PhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize)]
struct ArtifactLocation {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// Where in a file of the tree `diagnostic` points, if it does.
fn location(report: &CheckReport, diagnostic: &Diagnostic) -> Option<SarifLocation> {
    let location = diagnostic.location?;
    let source = report.source(location.file);
    if !source.available {
        return None;
    }
    let (start_line, start_column) = utf16_position(source, location.range.start());
    let (end_line, end_column) = utf16_position(source, location.range.end());
    Some(SarifLocation {
        physical_location: PhysicalLocation {
            artifact_location: ArtifactLocation {
                uri: uri(&super::user_path(report, source)),
            },
            region: Region {
                start_line,
                start_column,
                end_line,
                end_column,
            },
        },
    })
}

/// The 1-based line of `offset` as every renderer counts it, and its
/// 1-based column in UTF-16 code units rather than the grapheme clusters
/// HCL counts.
fn utf16_position(source: &CheckedFile, offset: TextSize) -> (u32, u32) {
    let pos = source.line_index.utf16_pos(&source.text, offset);
    (pos.line + 1, pos.column + 1)
}

/// A path with `/` separators as a URI reference: relative as it is, or a
/// `file:` URI when absolute, with every byte that a URI path may not hold
/// percent-encoded (and `:`, so that a first segment is never read as a
/// scheme).
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b'/'
            | b'!'
            | b'$'
            | b'&'
            | b'\''
            | b'('
            | b')'
            | b'*'
            | b'+'
            | b','
            | b';'
            | b'='
            | b'@' => out.push(char::from(byte)),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use expect_test::expect;
    use tofu_syntax::TextRange;

    use super::*;
    use crate::test_report;
    use tofu_ide::diagnostic::FileId;

    #[test]
    fn results_rules_and_regions() {
        // `é` is one UTF-16 unit, `😀` two.
        let text = "a = \"é😀\" + x\nb = <2>\n";
        let x = text.find('x').unwrap() as u32;
        let b = text.find('b').unwrap() as u32;
        let report = test_report(
            text,
            vec![
                Diagnostic::error(Code::InvalidReference, "A reference to \"x\".")
                    .with_location(FileId(0), TextRange::new(x.into(), (x + 1).into())),
                Diagnostic::warning(Code::InternalError, "").with_summary("Sourceless"),
                Diagnostic::note(Code::InvalidReference, "Across lines.")
                    .with_location(FileId(0), TextRange::new((x - 2).into(), (b + 1).into())),
            ],
            Duration::ZERO,
        );
        let sarif = render(&report).replace(env!("CARGO_PKG_VERSION"), "<version>");
        expect![[r#"
            {
              "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
              "version": "2.1.0",
              "runs": [
                {
                  "tool": {
                    "driver": {
                      "name": "tofu-analyzer",
                      "version": "<version>",
                      "rules": [
                        {
                          "id": "internal-error",
                          "shortDescription": {
                            "text": "Internal error"
                          },
                          "fullDescription": {
                            "text": "The analyzer itself failed on part of the configuration; the rest of the report stands."
                          }
                        },
                        {
                          "id": "invalid-reference",
                          "shortDescription": {
                            "text": "Invalid reference"
                          },
                          "fullDescription": {
                            "text": "A reference uses a special object such as data or module without naming one of its attributes."
                          }
                        }
                      ]
                    }
                  },
                  "invocations": [
                    {
                      "executionSuccessful": true,
                      "toolExecutionNotifications": [
                        {
                          "level": "warning",
                          "message": {
                            "text": "Sourceless"
                          },
                          "associatedRule": {
                            "id": "internal-error",
                            "index": 0
                          }
                        }
                      ]
                    }
                  ],
                  "columnKind": "utf16CodeUnits",
                  "results": [
                    {
                      "ruleId": "invalid-reference",
                      "ruleIndex": 1,
                      "level": "error",
                      "message": {
                        "text": "Invalid reference\n\nA reference to \"x\"."
                      },
                      "locations": [
                        {
                          "physicalLocation": {
                            "artifactLocation": {
                              "uri": "mod/main.tf"
                            },
                            "region": {
                              "startLine": 1,
                              "startColumn": 13,
                              "endLine": 1,
                              "endColumn": 14
                            }
                          }
                        }
                      ]
                    },
                    {
                      "ruleId": "invalid-reference",
                      "ruleIndex": 1,
                      "level": "note",
                      "message": {
                        "text": "Invalid reference\n\nAcross lines."
                      },
                      "locations": [
                        {
                          "physicalLocation": {
                            "artifactLocation": {
                              "uri": "mod/main.tf"
                            },
                            "region": {
                              "startLine": 1,
                              "startColumn": 11,
                              "endLine": 2,
                              "endColumn": 2
                            }
                          }
                        }
                      ]
                    }
                  ]
                }
              ]
            }
        "#]]
        .assert_eq(&sarif);
    }

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri("mod/main.tf"), "mod/main.tf");
        assert_eq!(uri("a b/c%d:é.tf"), "a%20b/c%25d%3A%C3%A9.tf");
        assert_eq!(uri("/abs/dir/main.tf"), "file:///abs/dir/main.tf");
    }

    #[test]
    fn columns_skip_a_byte_order_mark_and_clamp() {
        let report = test_report("\u{feff}ab\n", Vec::new(), Duration::ZERO);
        let source = &report.sources[0];
        assert_eq!(utf16_position(source, 3.into()), (1, 1));
        assert_eq!(utf16_position(source, 4.into()), (1, 2));
        assert_eq!(utf16_position(source, 99.into()), (2, 1));
    }
}
