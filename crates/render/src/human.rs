//! Diagnostics for people: a header in OpenTofu's style with the code
//! (`Error[undeclared-variable]: ...`),
//! the source with the subject underlined and the enclosing block named,
//! and the detail as a note.

use std::{io, ops::Range};

use codespan_reporting::{
    diagnostic::{Diagnostic as Report, Label, LabelStyle, Severity as ReportSeverity},
    files::{Error as FilesError, Files},
    term::{self, GeneralWriteResult, WriteStyle, termcolor::WriteColor},
};

use crate::{
    context::context_string,
    warnings::{Presentation, Shown, WarningOptions, present},
};
use tofu_ide::{
    check::CheckReport,
    diagnostic::{Diagnostic, FileId, Severity},
    source::CheckedFile,
};

/// Renders every diagnostic of a report, notes included. Colour is up to
/// the writer: pass a `termcolor::NoColor` for plain text.
pub fn render<W: WriteColor>(report: &CheckReport, out: &mut W) -> io::Result<()> {
    render_with(report, &WarningOptions::default(), out)
}

/// Renders a report as [`render`] does, with warnings filtered and
/// consolidated as `options` say.
pub fn render_with<W: WriteColor>(
    report: &CheckReport,
    options: &WarningOptions,
    out: &mut W,
) -> io::Result<()> {
    let shown = match present(&report.diagnostics, options) {
        Presentation::Full(shown) => shown,
        Presentation::Compact(shown) => return render_compact(report, &shown, out),
    };
    let config = term::Config::default();
    let files = Sources(report);
    let mut out = TitleCaseHeaders {
        inner: out,
        capitalize: false,
    };
    for shown in &shown {
        let report = to_report(report, &shown.diagnostic);
        term::emit_to_write_style(&mut out, &config, &files, &report).map_err(|err| match err {
            FilesError::Io(err) => err,
            other => io::Error::other(other.to_string()),
        })?;
    }
    Ok(())
}

/// `-compact-warnings` with nothing but warnings: each summary and where
/// it (and the warnings it stands for) are.
fn render_compact<W: WriteColor>(
    report: &CheckReport,
    shown: &[Shown],
    out: &mut W,
) -> io::Result<()> {
    writeln!(out, "Warnings:")?;
    writeln!(out)?;
    for shown in shown {
        writeln!(out, "- {}", shown.diagnostic.summary)?;
        match shown.diagnostic.location {
            Some(location) => {
                let source = report.source(location.file);
                let line = source.line_index.line_of(location.range.start()) + 1;
                match shown.others.len() {
                    0 => writeln!(out, "  on {} line {line}", source.path)?,
                    more => writeln!(out, "  on {} line {line} (and {more} more)", source.path)?,
                }
            }
            None if !shown.others.is_empty() => {
                writeln!(
                    out,
                    "  ({} occurrences of this warning)",
                    shown.others.len() + 1
                )?;
            }
            None => {}
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "To see the full warning notes, run tofu-analyzer without -compact-warnings."
    )
}

/// `checked 12 modules (57 files) in 0.03s: 2 errors, 0 warnings`, and
/// `, 3 notes` when there are notes.
pub fn summary_line(report: &CheckReport) -> String {
    let mut line = format!(
        "checked {} ({}) in {:.2}s: {}, {}",
        plural(report.modules.len(), "module"),
        plural(report.file_count(), "file"),
        report.elapsed.as_secs_f64(),
        plural(report.error_count(), "error"),
        plural(report.warning_count(), "warning"),
    );
    let notes = report.count(Severity::Note);
    if notes > 0 {
        line.push_str(", ");
        line.push_str(&plural(notes, "note"));
    }
    line
}

fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

fn to_report(report: &CheckReport, diagnostic: &Diagnostic) -> Report<FileId> {
    let severity = match diagnostic.severity {
        Severity::Error => ReportSeverity::Error,
        Severity::Warning => ReportSeverity::Warning,
        Severity::Note => ReportSeverity::Note,
    };
    // The code in the header, as rustc shows `error[E0425]`: what ignore
    // comments and the configuration name it by.
    let mut rendered = Report::new(severity)
        .with_code(diagnostic.code.name())
        .with_message(&diagnostic.summary);
    if let Some(location) = diagnostic.location {
        let source = report.source(location.file);
        let start = location.range.start();
        let mut label = Label::new(
            LabelStyle::Primary,
            location.file,
            visible_range(source, location.range),
        );
        if let Some(context) = u32::from(start)
            .checked_sub(1)
            .and_then(|at| context_string(source, at.into()))
        {
            label = label.with_message(format!("in {context}"));
        }
        rendered = rendered.with_label(label);
    }
    // What OpenTofu prints under the snippet (`appendSourceSnippets`):
    // the function whose call failed, then the values the failed
    // expression refers to.
    let mut under_snippet: Vec<String> = Vec::new();
    if let Some(call) = &diagnostic.function_call {
        let signature = &call.signature;
        let mut params: Vec<String> = signature
            .params
            .iter()
            .map(|(name, _)| name.clone())
            .collect();
        if let Some((name, _)) = &signature.variadic_param {
            params.push(format!("{name}..."));
        }
        under_snippet.push(format!(
            "while calling {}({})",
            call.called_as,
            params.join(", ")
        ));
    }
    under_snippet.extend(
        diagnostic
            .values
            .iter()
            .map(|(traversal, statement)| format!("{traversal} {statement}")),
    );
    if !under_snippet.is_empty() {
        rendered = rendered.with_note(under_snippet.join("\n"));
    }
    if !diagnostic.detail.is_empty() {
        rendered = rendered.with_note(&diagnostic.detail);
    }
    rendered
}

/// An empty range widened to the character after it, so that there is
/// something to underline, as OpenTofu does.
fn visible_range(source: &CheckedFile, range: tofu_syntax::TextRange) -> Range<usize> {
    let start = usize::from(range.start());
    let end = usize::from(range.end());
    if start < end {
        return start..end;
    }
    let width = source.text[start..]
        .chars()
        .next()
        .map_or(0, char::len_utf8);
    start..start + width
}

/// The sources of a report, with lines and columns counted as in the
/// JSON output.
struct Sources<'a>(&'a CheckReport);

impl<'a> Sources<'a> {
    fn get(&self, id: FileId) -> Result<&'a CheckedFile, FilesError> {
        self.0
            .sources
            .get(id.0 as usize)
            .ok_or(FilesError::FileMissing)
    }
}

impl<'a> Files<'a> for Sources<'a> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(&self.get(id)?.path)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(&self.get(id)?.text)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.get(id)?.line_index.line_of((byte_index as u32).into()))
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, FilesError> {
        let source = self.get(id)?;
        let count = source.line_index.line_count();
        if line_index >= count {
            return Err(FilesError::LineTooLarge {
                given: line_index,
                max: count - 1,
            });
        }
        let range = source.line_index.line_range(&source.text, line_index);
        Ok(range.start().into()..range.end().into())
    }

    fn column_number(
        &'a self,
        id: FileId,
        _line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        Ok(self.get(id)?.line_col((byte_index as u32).into()).column as usize)
    }
}

/// Writes the severity of each header with a capital, `Error:` rather
/// than `error:`, as OpenTofu does. The renderer writes the severity
/// name right after styling the header, so the first write after
/// `set_header` is the one to change.
struct TitleCaseHeaders<'w, W> {
    inner: &'w mut W,
    capitalize: bool,
}

impl<W: WriteColor> io::Write for TitleCaseHeaders<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.capitalize && !buf.is_empty() {
            self.capitalize = false;
            self.inner.write_all(&[buf[0].to_ascii_uppercase()])?;
            self.inner.write_all(&buf[1..])?;
            return Ok(buf.len());
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: WriteColor> WriteStyle for TitleCaseHeaders<'_, W> {
    fn set_header(&mut self, severity: ReportSeverity) -> GeneralWriteResult {
        self.capitalize = true;
        WriteStyle::set_header(self.inner, severity)
    }

    fn set_header_message(&mut self) -> GeneralWriteResult {
        self.capitalize = false;
        WriteStyle::set_header_message(self.inner)
    }

    fn set_line_number(&mut self) -> GeneralWriteResult {
        WriteStyle::set_line_number(self.inner)
    }

    fn set_note_bullet(&mut self) -> GeneralWriteResult {
        WriteStyle::set_note_bullet(self.inner)
    }

    fn set_source_border(&mut self) -> GeneralWriteResult {
        WriteStyle::set_source_border(self.inner)
    }

    fn set_label(
        &mut self,
        severity: ReportSeverity,
        label_style: LabelStyle,
    ) -> GeneralWriteResult {
        WriteStyle::set_label(self.inner, severity, label_style)
    }

    fn reset(&mut self) -> GeneralWriteResult {
        WriteStyle::reset(self.inner)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;
    use tofu_diagnostics::Code;

    use codespan_reporting::term::termcolor::{Buffer, NoColor};
    use expect_test::expect;
    use tofu_syntax::TextRange;

    use super::*;

    fn report(diagnostics: Vec<Diagnostic>) -> CheckReport {
        super::super::test_report(
            "locals {\n\ta = \"é\" ;\n}",
            diagnostics,
            Duration::from_millis(1234),
        )
    }

    fn plain(report: &CheckReport) -> String {
        let mut out = NoColor::new(Vec::new());
        render(report, &mut out).unwrap();
        String::from_utf8(out.into_inner()).unwrap()
    }

    #[test]
    fn headers_sources_and_notes() {
        let report = report(vec![
            Diagnostic::warning(Code::NoConfigurationFiles, "There is nothing here."),
            Diagnostic::error(Code::InvalidCharacter, "The \";\" character is not valid.")
                .with_location(FileId(0), TextRange::new(19.into(), 20.into())),
            Diagnostic::error(Code::UnclosedConfigurationBlock, "")
                .with_summary("Unclosed block")
                .with_location(FileId(0), TextRange::empty(22.into())),
            Diagnostic::note(Code::IgnoredFile, "").with_summary("Ignored main.tf"),
        ]);
        expect![[r#"
            Warning[no-configuration-files]: No configuration files
             = There is nothing here.

            Error[invalid-character]: Invalid character
              ┌─ mod/main.tf:2:10
              │
            2 │     a = "é" ;
              │             ^
              │
              = The ";" character is not valid.

            Error[unclosed-configuration-block]: Unclosed block
              ┌─ mod/main.tf:3:2
              │
            3 │ }
              │  ^

            Note[ignored-file]: Ignored main.tf

        "#]]
        .assert_eq(&plain(&report));
    }

    #[test]
    fn the_failed_call_then_the_values_under_the_snippet() {
        let call = tofu_diagnostics::FunctionCall {
            called_as: "format".to_owned(),
            signature: tofu_diagnostics::FunctionSignature {
                name: "format".to_owned(),
                params: vec![("format".to_owned(), "\"string\"".to_owned())],
                variadic_param: Some(("args".to_owned(), "\"dynamic\"".to_owned())),
                return_type: "\"string\"".to_owned(),
            },
        };
        let report = report(vec![
            Diagnostic::error(
                Code::ErrorInFunctionCall,
                "Call to function \"format\" failed.",
            )
            .with_location(FileId(0), TextRange::new(14.into(), 17.into()))
            .with_values(vec![("local.b".to_owned(), "is \"x\"".to_owned())])
            .with_function_call(Some(Box::new(call))),
        ]);
        expect![[r#"
            Error[error-in-function-call]: Error in function call
              ┌─ mod/main.tf:2:6
              │
            2 │     a = "é" ;
              │         ^^
              │
              = while calling format(format, args...)
                local.b is "x"
              = Call to function "format" failed.

        "#]]
        .assert_eq(&plain(&report));
    }

    #[test]
    fn colour_is_up_to_the_writer() {
        let report = report(vec![
            Diagnostic::error(Code::InternalError, "").with_summary("Bad"),
        ]);
        let mut out = Buffer::ansi();
        render(&report, &mut out).unwrap();
        let text = String::from_utf8(out.into_inner()).unwrap();
        assert!(text.contains("\u{1b}["), "{text:?}");
        assert!(text.contains("Error"), "{text:?}");
    }

    #[test]
    fn summary() {
        let mut report = report(vec![
            Diagnostic::error(Code::InternalError, "").with_summary("Bad"),
            Diagnostic::note(Code::InternalError, "").with_summary("Fine"),
        ]);
        assert_eq!(
            summary_line(&report),
            "checked 0 modules (0 files) in 1.23s: 1 error, 0 warnings, 1 note"
        );
        report
            .diagnostics
            .push(Diagnostic::warning(Code::InternalError, "").with_summary("Hm"));
        report
            .diagnostics
            .push(Diagnostic::note(Code::InternalError, "").with_summary("Also fine"));
        assert_eq!(
            summary_line(&report),
            "checked 0 modules (0 files) in 1.23s: 1 error, 1 warning, 2 notes"
        );
        report.diagnostics.retain(|d| d.severity != Severity::Note);
        assert_eq!(
            summary_line(&report),
            "checked 0 modules (0 files) in 1.23s: 1 error, 1 warning"
        );
    }
}
