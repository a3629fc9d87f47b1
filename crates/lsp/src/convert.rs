//! Between the host's data (paths relative to the root, byte offsets)
//! and the protocol's (URIs, UTF-16 positions).

use std::path::{Component, Path, PathBuf};

use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, NumberOrString, Position,
    Range, TextDocumentContentChangeEvent, Url,
};
use tofu_ide::{
    check::{CheckReport, Severity},
    syntax::{LineIndex, TextRange, TextSize, Utf16Pos},
};

/// The workspace's root, absolute, and how paths under it are named.
#[derive(Debug, Clone)]
pub struct Root {
    pub dir: PathBuf,
    /// The same, with symbolic links resolved, for files named through
    /// their real paths.
    canonical: Option<PathBuf>,
}

impl Root {
    pub fn new(dir: PathBuf) -> Root {
        let canonical = dir.canonicalize().ok().filter(|c| *c != dir);
        Root { dir, canonical }
    }

    /// The tree's name of the file a URI names: relative to the root,
    /// with `/` separators; `../` first for a file outside the root (the
    /// host knows those only in modules that local sources call there).
    /// `None` for URIs that are not files.
    pub fn path_of(&self, uri: &Url) -> Option<String> {
        let path = uri.to_file_path().ok()?;
        let relative = path
            .strip_prefix(&self.dir)
            .ok()
            .or_else(|| path.strip_prefix(self.canonical.as_ref()?).ok())
            .map(Path::to_path_buf);
        let relative = match relative {
            Some(relative) => relative,
            None => {
                // Resolved as the host names modules outside the root:
                // the real directory relative to the real root.
                let (dir, name) = (path.parent()?, path.file_name()?);
                let real = dir.canonicalize().ok()?.join(name);
                let root = self.canonical.as_ref().unwrap_or(&self.dir);
                outside_name(root, &real)?
            }
        };
        let mut parts = Vec::new();
        for component in relative.components() {
            match component {
                Component::Normal(part) => parts.push(part.to_str()?.to_owned()),
                Component::ParentDir => parts.push("..".to_owned()),
                _ => return None,
            }
        }
        (!parts.is_empty()).then(|| parts.join("/"))
    }

    pub fn uri_of(&self, path: &str) -> Option<Url> {
        Url::from_file_path(self.absolute(path)).ok()
    }

    /// The absolute path of a file of the tree; `..` resolved against the
    /// real root, as the host names directories outside it.
    pub fn absolute(&self, path: &str) -> PathBuf {
        if !path.starts_with("../") {
            return self.dir.join(path);
        }
        let mut out = self.canonical.clone().unwrap_or_else(|| self.dir.clone());
        for part in path.split('/') {
            match part {
                ".." => {
                    out.pop();
                }
                part => out.push(part),
            }
        }
        out
    }
}

/// `path` relative to `root` with `..` components, when it is outside.
fn outside_name(root: &Path, path: &Path) -> Option<PathBuf> {
    let root: Vec<Component> = root.components().collect();
    let path: Vec<Component> = path.components().collect();
    let common = root.iter().zip(&path).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return None;
    }
    let mut out: PathBuf = std::iter::repeat_n(Component::ParentDir, root.len() - common).collect();
    out.extend(&path[common..]);
    Some(out)
}

pub fn position(index: &LineIndex, text: &str, offset: TextSize) -> Position {
    let pos = index.utf16_pos(text, offset);
    Position::new(pos.line, pos.column)
}

pub fn range(index: &LineIndex, text: &str, range: TextRange) -> Range {
    Range::new(
        position(index, text, range.start()),
        position(index, text, range.end()),
    )
}

pub fn offset(index: &LineIndex, text: &str, position: Position) -> TextSize {
    index.offset_of_utf16(
        text,
        Utf16Pos {
            line: position.line,
            column: position.character,
        },
    )
}

/// A document's text after a `didChange`'s changes, in order.
pub fn apply_changes(text: &mut String, changes: Vec<TextDocumentContentChangeEvent>) {
    for change in changes {
        match change.range {
            None => *text = change.text,
            Some(changed) => {
                let index = LineIndex::new(text);
                let start = usize::from(offset(&index, text, changed.start));
                let end = usize::from(offset(&index, text, changed.end)).max(start);
                text.replace_range(start..end, &change.text);
            }
        }
    }
}

/// A report's diagnostics by the file they are in, as the protocol has
/// them; diagnostics about no file go at the start of the root module's
/// first file (to stderr when there is none).
pub fn diagnostics(report: &CheckReport) -> Vec<(String, Vec<lsp_types::Diagnostic>)> {
    let mut by_file: Vec<Vec<lsp_types::Diagnostic>> = vec![Vec::new(); report.sources.len()];
    // Diagnostics about no file are shown at the start of the root
    // module's first file, which the report's sources hold only when
    // something else points into it.
    let root_file = report
        .modules
        .iter()
        .find(|m| m.dir.is_empty())
        .and_then(|m| m.files.first())
        .map(|f| f.name.clone());
    let mut sourceless = Vec::new();
    for diagnostic in &report.diagnostics {
        let (file, text_range) = match (diagnostic.location, &root_file) {
            (Some(location), _) => (location.file.0 as usize, location.range),
            (None, Some(_)) => {
                sourceless.push(protocol_diagnostic(report, diagnostic, Range::default()));
                continue;
            }
            (None, None) => {
                eprintln!(
                    "tofu-analyzer: {}: {}",
                    diagnostic.summary, diagnostic.detail
                );
                continue;
            }
        };
        let source = &report.sources[file];
        by_file[file].push(protocol_diagnostic(
            report,
            diagnostic,
            range(&source.line_index, &source.text, text_range),
        ));
    }
    let mut out: Vec<(String, Vec<lsp_types::Diagnostic>)> = report
        .sources
        .iter()
        .zip(by_file)
        .filter(|(source, _)| source.available)
        .map(|(source, diagnostics)| (source.path.clone(), diagnostics))
        .collect();
    if let Some(root_file) = root_file {
        match out.iter_mut().find(|(path, _)| *path == root_file) {
            Some((_, diagnostics)) => {
                sourceless.append(diagnostics);
                *diagnostics = sourceless;
            }
            None => out.push((root_file, sourceless)),
        }
    }
    out
}

/// One diagnostic as the protocol has it, at `at`.
fn protocol_diagnostic(
    report: &CheckReport,
    diagnostic: &tofu_ide::diagnostic::Diagnostic,
    at: Range,
) -> lsp_types::Diagnostic {
    let mut message = diagnostic.summary.clone();
    if !diagnostic.detail.is_empty() {
        message.push_str("\n\n");
        message.push_str(&diagnostic.detail);
    }
    for (name, value) in &diagnostic.values {
        message.push_str(&format!("\n  {name} {value}"));
    }
    let related = related_information(report, &diagnostic.detail);
    lsp_types::Diagnostic {
        range: at,
        related_information: (!related.is_empty()).then_some(related),
        severity: Some(match diagnostic.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::HINT,
        }),
        code: Some(NumberOrString::String(diagnostic.code.name().to_owned())),
        source: Some("tofu-analyzer".to_owned()),
        message,
        tags: diagnostic
            .deprecation
            .is_some()
            .then(|| vec![DiagnosticTag::DEPRECATED]),
        ..Default::default()
    }
}

/// The places a diagnostic's detail names (`already declared at
/// main.tf:2,3-15`), for the protocol's related information.
fn related_information(report: &CheckReport, detail: &str) -> Vec<DiagnosticRelatedInformation> {
    let mut out = Vec::new();
    for (at, _) in detail.match_indices(" at ") {
        let rest = &detail[at + 4..];
        let Some((path, tail)) = rest.split_once(':') else {
            continue;
        };
        let Some(source) = report
            .sources
            .iter()
            .find(|s| s.available && s.path == path)
        else {
            continue;
        };
        let Some((start, end)) = hcl_range(tail) else {
            continue;
        };
        let offset = |(line, column): (usize, usize)| {
            let line_range = source
                .line_index
                .line_range(&source.text, line.checked_sub(1)?);
            let line_text = &source.text[line_range];
            let within = line_text
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(line_text.len(), |(i, _)| i);
            Some(line_range.start() + TextSize::from(within as u32))
        };
        let (Some(start), Some(end)) = (offset(start), offset(end)) else {
            continue;
        };
        let Some(uri) = source_uri(report, &source.path) else {
            continue;
        };
        out.push(DiagnosticRelatedInformation {
            location: lsp_types::Location::new(
                uri,
                range(
                    &source.line_index,
                    &source.text,
                    TextRange::new(start, end.max(start)),
                ),
            ),
            message: "declared here".to_owned(),
        });
    }
    out
}

/// `L,C-C2` or `L,C-L2,C2` at the start of `text` (HCL's range string
/// after the file name): the start and end as 1-based lines and columns.
fn hcl_range(text: &str) -> Option<((usize, usize), (usize, usize))> {
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '-'))
        .unwrap_or(text.len());
    let (from, to) = text[..end].trim_end_matches([',', '-']).split_once('-')?;
    let (line, column) = from.split_once(',')?;
    let start = (line.parse().ok()?, column.parse().ok()?);
    let end = match to.split_once(',') {
        Some((line, column)) => (line.parse().ok()?, column.parse().ok()?),
        None => (start.0, to.parse().ok()?),
    };
    Some((start, end))
}

/// The URI of a file the report names, under its root.
fn source_uri(report: &CheckReport, path: &str) -> Option<Url> {
    let root = std::path::absolute(&report.root).ok()?;
    Root::new(root).uri_of(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_changes_in_utf16() {
        let mut text = "a = \"🗻\"\nb = 1\n".to_owned();
        let change = |line, from, to, new: &str| TextDocumentContentChangeEvent {
            range: Some(Range::new(
                Position::new(line, from),
                Position::new(line, to),
            )),
            range_length: None,
            text: new.to_owned(),
        };
        apply_changes(&mut text, vec![change(0, 5, 7, "x"), change(1, 4, 5, "22")]);
        assert_eq!(text, "a = \"x\"\nb = 22\n");
    }

    #[test]
    fn hcl_ranges() {
        assert_eq!(hcl_range("2,3-15. More"), Some(((2, 3), (2, 15))));
        assert_eq!(hcl_range("2,3-4,1."), Some(((2, 3), (4, 1))));
        assert_eq!(hcl_range("nothing"), None);
    }

    #[test]
    fn paths_under_the_root_only() {
        let root = Root::new(PathBuf::from("/nonexistent/root"));
        let uri = Url::parse("file:///nonexistent/root/net/main.tf").unwrap();
        assert_eq!(root.path_of(&uri).as_deref(), Some("net/main.tf"));
        let outside = Url::parse("file:///nonexistent/other.tf").unwrap();
        assert_eq!(root.path_of(&outside), None);
        let http = Url::parse("https://example.com/main.tf").unwrap();
        assert_eq!(root.path_of(&http), None);
        assert_eq!(root.uri_of("net/main.tf"), Some(uri));
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes its own tree
    fn files_beside_the_root_are_named_with_dots() {
        let base = std::env::temp_dir().join(format!("tofu-lsp-paths-{}", std::process::id()));
        let (root_dir, module) = (base.join("envs/prod"), base.join("modules/vpc"));
        std::fs::create_dir_all(&root_dir).unwrap();
        std::fs::create_dir_all(&module).unwrap();
        let root = Root::new(root_dir.canonicalize().unwrap());
        let uri = Url::from_file_path(module.canonicalize().unwrap().join("main.tf")).unwrap();
        assert_eq!(
            root.path_of(&uri).as_deref(),
            Some("../../modules/vpc/main.tf")
        );
        assert_eq!(root.uri_of("../../modules/vpc/main.tf"), Some(uri));
        std::fs::remove_dir_all(&base).unwrap();
    }
}
