//! The output of `tofu validate -json`, field for field, so that tools
//! reading it can read ours.
//!
//! The shape follows OpenTofu's `internal/command/views/validate.go`
//! (`ValidateJSON`) and `internal/command/jsonentities/diagnostic.go`
//! (`Diagnostic`, `DiagnosticRange`, `Pos`, `DiagnosticSnippet`), and the
//! text is what Go's `json.MarshalIndent(v, "", "  ")` writes, HTML-safe
//! escapes included.

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

use crate::snippet::{self, Pos};
use tofu_ide::{
    check::CheckReport,
    diagnostic::{Diagnostic, Severity},
};

/// Renders a report, ending with a newline.
pub fn render(report: &CheckReport) -> String {
    let diagnostics: Vec<JsonDiagnostic<'_>> = report
        .diagnostics
        .iter()
        .filter_map(|diagnostic| json_diagnostic(report, diagnostic))
        .collect();
    let output = Output {
        format_version: "1.0",
        valid: !report.has_errors(),
        error_count: report.error_count(),
        warning_count: report.warning_count(),
        diagnostics,
    };
    let mut bytes = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, GoFormatter::default());
    output
        .serialize(&mut serializer)
        .expect("serializing to memory cannot fail");
    bytes.push(b'\n');
    String::from_utf8(bytes).expect("JSON output is UTF-8")
}

#[derive(Serialize)]
struct Output<'a> {
    format_version: &'static str,
    valid: bool,
    error_count: usize,
    warning_count: usize,
    diagnostics: Vec<JsonDiagnostic<'a>>,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    severity: &'static str,
    summary: &'a str,
    detail: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<JsonRange<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    snippet: Option<JsonSnippet<'a>>,
}

#[derive(Serialize)]
struct JsonRange<'a> {
    filename: &'a str,
    start: JsonPos,
    end: JsonPos,
}

#[derive(Serialize)]
struct JsonPos {
    line: u32,
    column: u32,
    byte: u32,
}

#[derive(Serialize)]
struct JsonSnippet<'a> {
    /// `null` rather than absent when there is none, as in OpenTofu.
    context: Option<String>,
    code: String,
    start_line: u32,
    highlight_start_offset: usize,
    highlight_end_offset: usize,
    /// Expression values; syntax checks have none, but the array is
    /// always there.
    values: Vec<JsonValue<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    function_call: Option<JsonFunctionCall<'a>>,
}

/// `DiagnosticFunctionCall`.
#[derive(Serialize)]
struct JsonFunctionCall<'a> {
    called_as: &'a str,
    signature: JsonSignature<'a>,
}

/// `jsonentities.Function`, without descriptions (OpenTofu has none).
#[derive(Serialize)]
struct JsonSignature<'a> {
    name: &'a str,
    params: Vec<JsonParam<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    variadic_param: Option<JsonParam<'a>>,
    return_type: serde_json::Value,
}

#[derive(Serialize)]
struct JsonParam<'a> {
    name: &'a str,
    #[serde(rename = "type")]
    ty: serde_json::Value,
}

impl<'a> JsonFunctionCall<'a> {
    fn new(call: &'a tofu_eval::FunctionCall) -> JsonFunctionCall<'a> {
        let param = |(name, ty): &'a (String, String)| JsonParam {
            name,
            ty: type_json(ty),
        };
        let signature = &call.signature;
        JsonFunctionCall {
            called_as: &call.called_as,
            signature: JsonSignature {
                name: &signature.name,
                params: signature.params.iter().map(param).collect(),
                variadic_param: signature.variadic_param.as_ref().map(param),
                return_type: type_json(&signature.return_type),
            },
        }
    }
}

/// A type in cty's JSON encoding, as the signature holds it, for the
/// pretty printer to lay out.
fn type_json(encoding: &str) -> serde_json::Value {
    serde_json::from_str(encoding).unwrap_or(serde_json::Value::Null)
}

#[derive(Serialize)]
struct JsonValue<'a> {
    traversal: &'a str,
    statement: &'a str,
}

/// `None` for notes, which the schema has no severity for.
fn json_diagnostic<'a>(
    report: &'a CheckReport,
    diagnostic: &'a Diagnostic,
) -> Option<JsonDiagnostic<'a>> {
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => return None,
    };
    let mut json = JsonDiagnostic {
        severity,
        summary: &diagnostic.summary,
        detail: &diagnostic.detail,
        range: None,
        snippet: None,
    };
    if let Some(location) = diagnostic.location {
        let source = report.source(location.file);
        let (start, end) = snippet::highlight(source, location.range);
        json.range = Some(JsonRange {
            filename: &source.path,
            start: start.into(),
            end: end.into(),
        });
        if !source.available {
            return Some(json);
        }
        let snippet = snippet::snippet(source, location.range, diagnostic.context);
        json.snippet = Some(JsonSnippet {
            context: snippet.context,
            code: snippet.code,
            start_line: snippet.start_line,
            highlight_start_offset: snippet.highlight_start_offset,
            highlight_end_offset: snippet.highlight_end_offset,
            values: diagnostic
                .values
                .iter()
                .map(|(traversal, statement)| JsonValue {
                    traversal,
                    statement,
                })
                .collect(),
            function_call: diagnostic
                .function_call
                .as_deref()
                .map(JsonFunctionCall::new),
        });
    }
    Some(json)
}

impl From<Pos> for JsonPos {
    fn from(pos: Pos) -> JsonPos {
        JsonPos {
            line: pos.line,
            column: pos.column,
            byte: pos.byte,
        }
    }
}

/// serde_json's pretty printer with Go's extra escapes: `<`, `>`, `&`,
/// U+2028 and U+2029 become `\u003c` and so on.
struct GoFormatter(PrettyFormatter<'static>);

impl Default for GoFormatter {
    fn default() -> Self {
        GoFormatter(PrettyFormatter::with_indent(b"  "))
    }
}

impl Formatter for GoFormatter {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment;
        while let Some(at) = rest.find(['<', '>', '&', '\u{2028}', '\u{2029}']) {
            writer.write_all(&rest.as_bytes()[..at])?;
            let c = rest[at..].chars().next().expect("found a character");
            write!(writer, "\\u{:04x}", c as u32)?;
            rest = &rest[at + c.len_utf8()..];
        }
        writer.write_all(rest.as_bytes())
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;
    use tofu_diagnostics::Code;

    use expect_test::expect;
    use tofu_syntax::TextRange;

    use super::*;
    use tofu_ide::diagnostic::FileId;

    fn report(diagnostics: Vec<Diagnostic>) -> CheckReport {
        super::super::test_report("locals {\n  a = <1 & 2>\n}\n", diagnostics, Duration::ZERO)
    }

    #[test]
    fn no_diagnostics() {
        expect![[r#"
            {
              "format_version": "1.0",
              "valid": true,
              "error_count": 0,
              "warning_count": 0,
              "diagnostics": []
            }
        "#]]
        .assert_eq(&render(&report(Vec::new())));
    }

    #[test]
    fn located_and_sourceless_diagnostics() {
        let range = TextRange::new(15.into(), 16.into());
        let report = report(vec![
            Diagnostic::warning(Code::InternalError, "Something is broken").with_summary("Oh no"),
            Diagnostic::note(Code::InternalError, "").with_summary("Only for people"),
            Diagnostic::error(Code::InvalidCharacter, "The \"<\" is <odd> & \u{2028}.")
                .with_location(FileId(0), range),
        ]);
        expect![[r#"
            {
              "format_version": "1.0",
              "valid": false,
              "error_count": 1,
              "warning_count": 1,
              "diagnostics": [
                {
                  "severity": "warning",
                  "summary": "Oh no",
                  "detail": "Something is broken"
                },
                {
                  "severity": "error",
                  "summary": "Invalid character",
                  "detail": "The \"\u003c\" is \u003codd\u003e \u0026 \u2028.",
                  "range": {
                    "filename": "mod/main.tf",
                    "start": {
                      "line": 2,
                      "column": 7,
                      "byte": 15
                    },
                    "end": {
                      "line": 2,
                      "column": 8,
                      "byte": 16
                    }
                  },
                  "snippet": {
                    "context": null,
                    "code": "  a = \u003c1 \u0026 2\u003e",
                    "start_line": 2,
                    "highlight_start_offset": 6,
                    "highlight_end_offset": 7,
                    "values": []
                  }
                }
              ]
            }
        "#]]
        .assert_eq(&render(&report));
    }

    #[test]
    fn values_and_function_calls_in_snippets() {
        use tofu_types::Type;
        let range = TextRange::new(15.into(), 16.into());
        let object = Type::object_with_optional(
            [("name", Type::String), ("tags", Type::list(Type::String))],
            ["tags"],
        );
        let call = tofu_eval::FunctionCall {
            called_as: "core::example".to_owned(),
            signature: tofu_eval::FunctionSignature {
                name: "example".to_owned(),
                params: vec![("input".to_owned(), object.json_encoding())],
                variadic_param: Some((
                    "rest".to_owned(),
                    Type::tuple([Type::Number, Type::map(Type::Bool)]).json_encoding(),
                )),
                return_type: Type::set(Type::Dynamic).json_encoding(),
            },
        };
        let report = report(vec![
            Diagnostic::error(Code::InvalidFunctionArgument, "Bad.")
                .with_location(FileId(0), range)
                .with_values(vec![("local.a".to_owned(), "is \"x\"".to_owned())])
                .with_function_call(Some(Box::new(call))),
        ]);
        let json = render(&report);
        let snippet = &json[json.find("\"values\"").expect("values")..];
        expect![[r#"
            "values": [
                      {
                        "traversal": "local.a",
                        "statement": "is \"x\""
                      }
                    ],
                    "function_call": {
                      "called_as": "core::example",
                      "signature": {
                        "name": "example",
                        "params": [
                          {
                            "name": "input",
                            "type": [
                              "object",
                              {
                                "name": "string",
                                "tags": [
                                  "list",
                                  "string"
                                ]
                              },
                              [
                                "tags"
                              ]
                            ]
                          }
                        ],
                        "variadic_param": {
                          "name": "rest",
                          "type": [
                            "tuple",
                            [
                              "number",
                              [
                                "map",
                                "bool"
                              ]
                            ]
                          ]
                        },
                        "return_type": [
                          "set",
                          "dynamic"
                        ]
                      }
                    }
                  }
                }
              ]
            }
        "#]]
        .assert_eq(snippet);
    }
}
