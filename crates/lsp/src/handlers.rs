//! Requests answered from a snapshot, on a worker thread: each converts
//! the protocol's parameters, asks [`Analysis`] and converts its answer.

use std::collections::HashMap;

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionResponse, DocumentFormattingParams,
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverContents, HoverParams, InsertTextFormat, Location,
    MarkupContent, MarkupKind, PrepareRenameResponse, ReferenceParams, RenameParams, SymbolKind,
    TextDocumentPositionParams, TextEdit, WorkspaceEdit,
    request::{
        CodeActionRequest, Completion, DocumentSymbolRequest, FoldingRangeRequest, Formatting,
        GotoDefinition, HoverRequest, InlayHintRequest, PrepareRenameRequest, References, Rename,
        Request as _, SemanticTokensFullRequest, SignatureHelpRequest, WorkspaceSymbolRequest,
    },
};
use serde::de::DeserializeOwned;
use serde_json::Value;
use tofu_ide::{
    analysis::{Analysis, CompletionKind, FoldKind, HighlightKind},
    semantic_db::DeclKind,
    syntax::{LineIndex, TextRange, TextSize},
};

use crate::convert::{self, Root};

/// What the client can take.
#[derive(Debug, Clone, Copy, Default)]
pub struct Client {
    /// Completion items with snippets (`${1:name}` placeholders).
    pub snippets: bool,
}

/// Why a request got no result.
pub enum Failure {
    /// A change cancelled the snapshot.
    Cancelled,
    /// A rename that cannot be made, or parameters that do not parse.
    Invalid(String),
    Unknown,
}

impl From<salsa::Cancelled> for Failure {
    fn from(_: salsa::Cancelled) -> Failure {
        Failure::Cancelled
    }
}

type Answer = Result<Value, Failure>;

fn params<P: DeserializeOwned>(request: &Request) -> Result<P, Failure> {
    serde_json::from_value(request.params.clone())
        .map_err(|err| Failure::Invalid(format!("invalid parameters: {err}")))
}

/// The answer to `request`, from `analysis`.
pub fn handle(analysis: &Analysis, root: &Root, client: &Client, request: &Request) -> Response {
    let id = request.id.clone();
    let answer = match request.method.as_str() {
        HoverRequest::METHOD => params(request).and_then(|p| hover(analysis, root, p)),
        GotoDefinition::METHOD => params(request).and_then(|p| definition(analysis, root, p)),
        References::METHOD => params(request).and_then(|p| references(analysis, root, p)),
        DocumentSymbolRequest::METHOD => params(request).and_then(|p| symbols(analysis, root, p)),
        PrepareRenameRequest::METHOD => {
            params(request).and_then(|p| prepare_rename(analysis, root, p))
        }
        Rename::METHOD => params(request).and_then(|p| rename(analysis, root, p)),
        Completion::METHOD => params(request).and_then(|p| completion(analysis, root, client, p)),
        Formatting::METHOD => params(request).and_then(|p| formatting(analysis, root, p)),
        SignatureHelpRequest::METHOD => {
            params(request).and_then(|p| signature_help(analysis, root, p))
        }
        InlayHintRequest::METHOD => params(request).and_then(|p| inlay_hints(analysis, root, p)),
        WorkspaceSymbolRequest::METHOD => {
            params(request).and_then(|p| workspace_symbols(analysis, root, p))
        }
        FoldingRangeRequest::METHOD => params(request).and_then(|p| folding(analysis, root, p)),
        SemanticTokensFullRequest::METHOD => {
            params(request).and_then(|p| semantic_tokens(analysis, root, p))
        }
        CodeActionRequest::METHOD => params(request).and_then(|p| code_actions(analysis, root, p)),
        _ => Err(Failure::Unknown),
    };
    match answer {
        Ok(value) => Response::new_ok(id, value),
        Err(Failure::Cancelled) => Response::new_err(
            id,
            ErrorCode::ContentModified as i32,
            "the content changed".to_owned(),
        ),
        Err(Failure::Invalid(message)) => {
            Response::new_err(id, ErrorCode::InvalidParams as i32, message)
        }
        Err(Failure::Unknown) => Response::new_err(
            id,
            ErrorCode::MethodNotFound as i32,
            format!("unknown method {}", request.method),
        ),
    }
}

/// A file of the tree, with its text and line index.
struct File {
    path: String,
    text: String,
    index: LineIndex,
}

impl File {
    /// The tree's file a document's URI names; `None` for a URI outside
    /// the root or a file the tree does not have.
    fn of_document(analysis: &Analysis, root: &Root, uri: &lsp_types::Url) -> Option<File> {
        File::open(analysis, &root.path_of(uri)?)
    }

    fn open(analysis: &Analysis, path: &str) -> Option<File> {
        let text = analysis.file_text(path)?;
        Some(File {
            path: path.to_owned(),
            index: LineIndex::new(&text),
            text,
        })
    }

    fn range(&self, range: TextRange) -> lsp_types::Range {
        convert::range(&self.index, &self.text, range)
    }
}

/// The file and offset a position names; `None` for files outside the
/// tree.
fn at(
    analysis: &Analysis,
    root: &Root,
    p: &TextDocumentPositionParams,
) -> Option<(File, TextSize)> {
    let path = root.path_of(&p.text_document.uri)?;
    let file = File::open(analysis, &path)?;
    let offset = convert::offset(&file.index, &file.text, p.position);
    Some((file, offset))
}

fn json<T: serde::Serialize>(value: T) -> Answer {
    Ok(serde_json::to_value(value).unwrap_or(Value::Null))
}

/// Files opened once per request, for ranges in several of them.
#[derive(Default)]
struct Files(HashMap<String, Option<File>>);

impl Files {
    fn location(
        &mut self,
        analysis: &Analysis,
        root: &Root,
        path: &str,
        range: TextRange,
    ) -> Option<Location> {
        let file = self
            .0
            .entry(path.to_owned())
            .or_insert_with(|| File::open(analysis, path))
            .as_ref()?;
        Some(Location::new(root.uri_of(path)?, file.range(range)))
    }
}

fn hover(analysis: &Analysis, root: &Root, p: HoverParams) -> Answer {
    let Some((file, offset)) = at(analysis, root, &p.text_document_position_params) else {
        return Ok(Value::Null);
    };
    let Some(found) = analysis.hover(&file.path, offset)? else {
        return Ok(Value::Null);
    };
    json(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: found.markdown,
        }),
        range: Some(file.range(found.range)),
    })
}

fn definition(analysis: &Analysis, root: &Root, p: GotoDefinitionParams) -> Answer {
    let Some((file, offset)) = at(analysis, root, &p.text_document_position_params) else {
        return Ok(Value::Null);
    };
    let Some(target) = analysis.goto_definition(&file.path, offset)? else {
        // A path argument of file() or templatefile(): its file.
        if let Some(link) = analysis.file_link(&file.path, offset)?
            && let Some(uri) = root.uri_of(&link.path)
        {
            let start = lsp_types::Position::new(0, 0);
            return json(GotoDefinitionResponse::Scalar(Location::new(
                uri,
                lsp_types::Range::new(start, start),
            )));
        }
        return Ok(Value::Null);
    };
    let location = Files::default().location(analysis, root, &target.path, target.focus_range);
    match location {
        Some(location) => json(GotoDefinitionResponse::Scalar(location)),
        None => Ok(Value::Null),
    }
}

fn references(analysis: &Analysis, root: &Root, p: ReferenceParams) -> Answer {
    let Some((file, offset)) = at(analysis, root, &p.text_document_position) else {
        return Ok(Value::Null);
    };
    let include = p.context.include_declaration;
    let Some(ranges) = analysis.find_references(&file.path, offset, include)? else {
        return Ok(Value::Null);
    };
    let mut files = Files::default();
    let locations: Vec<Location> = ranges
        .iter()
        .filter_map(|r| files.location(analysis, root, &r.path, r.range))
        .collect();
    json(locations)
}

fn symbol_kind(kind: &DeclKind) -> SymbolKind {
    match kind {
        DeclKind::Variable(_) => SymbolKind::VARIABLE,
        DeclKind::Local(_) => SymbolKind::CONSTANT,
        DeclKind::Output(_) => SymbolKind::PROPERTY,
        DeclKind::ModuleCall(_) => SymbolKind::MODULE,
        DeclKind::ManagedResource { .. }
        | DeclKind::DataResource { .. }
        | DeclKind::EphemeralResource { .. } => SymbolKind::STRUCT,
        DeclKind::Provider { .. } => SymbolKind::INTERFACE,
        DeclKind::Terraform => SymbolKind::NAMESPACE,
        _ => SymbolKind::OBJECT,
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` has to be given
fn symbols(analysis: &Analysis, root: &Root, p: DocumentSymbolParams) -> Answer {
    let Some(file) = File::of_document(analysis, root, &p.text_document.uri) else {
        return Ok(Value::Null);
    };
    let path = file.path.clone();
    let symbols: Vec<DocumentSymbol> = analysis
        .document_symbols(&path)?
        .into_iter()
        .map(|s| DocumentSymbol {
            name: s.name,
            detail: None,
            kind: symbol_kind(&s.target.kind),
            tags: None,
            deprecated: None,
            range: file.range(s.target.full_range),
            selection_range: file.range(s.target.focus_range),
            children: None,
        })
        .collect();
    json(DocumentSymbolResponse::Nested(symbols))
}

fn prepare_rename(analysis: &Analysis, root: &Root, p: TextDocumentPositionParams) -> Answer {
    let Some((file, offset)) = at(analysis, root, &p) else {
        return Ok(Value::Null);
    };
    match analysis.prepare_rename(&file.path, offset)? {
        Ok(found) => json(PrepareRenameResponse::Range(file.range(found.range))),
        Err(message) => Err(Failure::Invalid(message)),
    }
}

fn rename(analysis: &Analysis, root: &Root, p: RenameParams) -> Answer {
    let Some((file, offset)) = at(analysis, root, &p.text_document_position) else {
        return Err(Failure::Invalid("not a file of the workspace".to_owned()));
    };
    let edits = match analysis.rename(&file.path, offset, &p.new_name)? {
        Ok(edits) => edits,
        Err(message) => return Err(Failure::Invalid(message)),
    };
    let mut files = Files::default();
    let mut changes: HashMap<lsp_types::Url, Vec<TextEdit>> = HashMap::new();
    for edit in edits {
        let Some(location) = files.location(analysis, root, &edit.path, edit.range) else {
            continue;
        };
        changes
            .entry(location.uri)
            .or_default()
            .push(TextEdit::new(location.range, edit.new_text));
    }
    json(WorkspaceEdit {
        changes: Some(changes),
        ..Default::default()
    })
}

fn completion(
    analysis: &Analysis,
    root: &Root,
    client: &Client,
    p: lsp_types::CompletionParams,
) -> Answer {
    let Some((file, offset)) = at(analysis, root, &p.text_document_position) else {
        return Ok(Value::Null);
    };
    let items: Vec<CompletionItem> = analysis
        .completions(&file.path, offset)?
        .into_iter()
        .map(|c| CompletionItem {
            label: c.label,
            kind: Some(match c.kind {
                CompletionKind::Variable => CompletionItemKind::VARIABLE,
                CompletionKind::Local => CompletionItemKind::CONSTANT,
                CompletionKind::ModuleCall => CompletionItemKind::MODULE,
                CompletionKind::Output => CompletionItemKind::PROPERTY,
                CompletionKind::Function => CompletionItemKind::FUNCTION,
                CompletionKind::ResourceType => CompletionItemKind::CLASS,
                CompletionKind::Resource | CompletionKind::DataSource => CompletionItemKind::STRUCT,
                CompletionKind::Attribute => CompletionItemKind::FIELD,
                CompletionKind::Argument => CompletionItemKind::PROPERTY,
                CompletionKind::Keyword => CompletionItemKind::KEYWORD,
            }),
            detail: c.detail,
            insert_text_format: c
                .snippet
                .as_ref()
                .filter(|_| client.snippets)
                .map(|_| InsertTextFormat::SNIPPET),
            insert_text: c.snippet.filter(|_| client.snippets),
            ..Default::default()
        })
        .collect();
    json(CompletionResponse::Array(items))
}

/// `tofu fmt`'s edits for a native-syntax file: whole runs of changed
/// lines. A file with syntax errors, or in the JSON syntax, gets none.
fn formatting(analysis: &Analysis, root: &Root, p: DocumentFormattingParams) -> Answer {
    let Some(path) = root.path_of(&p.text_document.uri) else {
        return Ok(Value::Null);
    };
    if !tofu_fmt::EXTENSIONS.iter().any(|ext| path.ends_with(ext)) {
        return Ok(Value::Null);
    }
    let Some(file) = File::open(analysis, &path) else {
        return Ok(Value::Null);
    };
    json(format_edits(&file))
}

fn format_edits(file: &File) -> Vec<TextEdit> {
    let Ok(formatted) = tofu_fmt::format_named(&file.text, &file.path) else {
        return Vec::new();
    };
    tofu_fmt::edits(&file.text, &formatted)
        .into_iter()
        .map(|edit| TextEdit::new(file.range(edit.range), edit.new_text))
        .collect()
}

fn signature_help(analysis: &Analysis, root: &Root, p: lsp_types::SignatureHelpParams) -> Answer {
    let Some((file, offset)) = at(analysis, root, &p.text_document_position_params) else {
        return Ok(Value::Null);
    };
    let Some(help) = analysis.signature_help(&file.path, offset)? else {
        return Ok(Value::Null);
    };
    // Parameter labels as UTF-16 offsets into the label.
    let utf16 = |byte: u32| help.label[..byte as usize].encode_utf16().count() as u32;
    json(lsp_types::SignatureHelp {
        signatures: vec![lsp_types::SignatureInformation {
            label: help.label.clone(),
            documentation: None,
            parameters: Some(
                help.parameters
                    .iter()
                    .map(|&(start, end)| lsp_types::ParameterInformation {
                        label: lsp_types::ParameterLabel::LabelOffsets([utf16(start), utf16(end)]),
                        documentation: None,
                    })
                    .collect(),
            ),
            active_parameter: help.active_parameter,
        }],
        active_signature: Some(0),
        active_parameter: help.active_parameter,
    })
}

fn inlay_hints(analysis: &Analysis, root: &Root, p: lsp_types::InlayHintParams) -> Answer {
    let Some(file) = File::of_document(analysis, root, &p.text_document.uri) else {
        return Ok(Value::Null);
    };
    let path = file.path.clone();
    let hints: Vec<lsp_types::InlayHint> = analysis
        .inlay_hints(&path)?
        .into_iter()
        .map(|h| lsp_types::InlayHint {
            position: convert::position(&file.index, &file.text, h.offset),
            label: lsp_types::InlayHintLabel::String(h.label),
            kind: Some(lsp_types::InlayHintKind::TYPE),
            text_edits: None,
            tooltip: None,
            padding_left: None,
            padding_right: None,
            data: None,
        })
        .filter(|h| p.range.start <= h.position && h.position <= p.range.end)
        .collect();
    json(hints)
}

/// At most this many workspace symbols are answered.
const WORKSPACE_SYMBOLS: usize = 1000;

#[allow(deprecated)] // `SymbolInformation::deprecated` has to be given
fn workspace_symbols(
    analysis: &Analysis,
    root: &Root,
    p: lsp_types::WorkspaceSymbolParams,
) -> Answer {
    let mut files = Files::default();
    let symbols: Vec<lsp_types::SymbolInformation> = analysis
        .workspace_symbols(&p.query, WORKSPACE_SYMBOLS)?
        .into_iter()
        .filter_map(|s| {
            let target = &s.symbol.target;
            let location = files.location(analysis, root, &target.path, target.full_range)?;
            Some(lsp_types::SymbolInformation {
                name: s.symbol.name,
                kind: symbol_kind(&target.kind),
                tags: None,
                deprecated: None,
                location,
                container_name: (!s.module.is_empty()).then_some(s.module),
            })
        })
        .collect();
    json(symbols)
}

fn folding(analysis: &Analysis, root: &Root, p: lsp_types::FoldingRangeParams) -> Answer {
    let Some(file) = File::of_document(analysis, root, &p.text_document.uri) else {
        return Ok(Value::Null);
    };
    let path = file.path.clone();
    let ranges: Vec<lsp_types::FoldingRange> = analysis
        .folding_ranges(&path)?
        .into_iter()
        .filter_map(|fold| {
            let range = file.range(fold.range);
            // Brackets keep their closing line visible.
            let end_line = match fold.kind {
                FoldKind::Comment => range.end.line,
                _ => range.end.line.checked_sub(1)?,
            };
            (end_line > range.start.line).then(|| lsp_types::FoldingRange {
                start_line: range.start.line,
                end_line,
                kind: Some(match fold.kind {
                    FoldKind::Comment => lsp_types::FoldingRangeKind::Comment,
                    _ => lsp_types::FoldingRangeKind::Region,
                }),
                ..Default::default()
            })
        })
        .collect();
    json(ranges)
}

/// The token types semantic tokens use, in the order of their indexes.
const TOKEN_TYPES: [(HighlightKind, lsp_types::SemanticTokenType); 11] = [
    (
        HighlightKind::Keyword,
        lsp_types::SemanticTokenType::KEYWORD,
    ),
    (HighlightKind::Type, lsp_types::SemanticTokenType::TYPE),
    (
        HighlightKind::Declaration,
        lsp_types::SemanticTokenType::VARIABLE,
    ),
    (
        HighlightKind::Property,
        lsp_types::SemanticTokenType::PROPERTY,
    ),
    (
        HighlightKind::Namespace,
        lsp_types::SemanticTokenType::NAMESPACE,
    ),
    (
        HighlightKind::Variable,
        lsp_types::SemanticTokenType::VARIABLE,
    ),
    (
        HighlightKind::Function,
        lsp_types::SemanticTokenType::FUNCTION,
    ),
    (HighlightKind::String, lsp_types::SemanticTokenType::STRING),
    (HighlightKind::Number, lsp_types::SemanticTokenType::NUMBER),
    (
        HighlightKind::Comment,
        lsp_types::SemanticTokenType::COMMENT,
    ),
    (
        HighlightKind::Operator,
        lsp_types::SemanticTokenType::OPERATOR,
    ),
];

/// The legend the server announces: the token types above and one
/// modifier, `declaration` (a label naming what its block declares).
pub fn semantic_tokens_legend() -> lsp_types::SemanticTokensLegend {
    lsp_types::SemanticTokensLegend {
        token_types: TOKEN_TYPES.iter().map(|(_, t)| t.clone()).collect(),
        token_modifiers: vec![lsp_types::SemanticTokenModifier::DECLARATION],
    }
}

/// The file's highlights as semantic tokens: one per line of each
/// (clients need not take tokens across lines), positions in UTF-16,
/// each relative to the one before.
fn semantic_tokens(analysis: &Analysis, root: &Root, p: lsp_types::SemanticTokensParams) -> Answer {
    let Some(file) = File::of_document(analysis, root, &p.text_document.uri) else {
        return Ok(Value::Null);
    };
    let mut data = Vec::new();
    let (mut last_line, mut last_start) = (0u32, 0u32);
    for highlight in analysis.highlights(&file.path)? {
        let Some(index) = TOKEN_TYPES.iter().position(|(k, _)| *k == highlight.kind) else {
            continue;
        };
        let modifiers = u32::from(highlight.kind == HighlightKind::Declaration);
        let mut start = usize::from(highlight.range.start());
        let end = usize::from(highlight.range.end());
        while start < end {
            let line_end = file.text[start..end].find('\n').map_or(end, |n| start + n);
            let piece = file.text[start..line_end].trim_end_matches('\r');
            if !piece.is_empty() {
                let at = convert::position(&file.index, &file.text, TextSize::from(start as u32));
                let length = piece.encode_utf16().count() as u32;
                let delta_line = at.line - last_line;
                let delta_start = if delta_line == 0 {
                    at.character - last_start
                } else {
                    at.character
                };
                data.push(lsp_types::SemanticToken {
                    delta_line,
                    delta_start,
                    length,
                    token_type: index as u32,
                    token_modifiers_bitset: modifiers,
                });
                (last_line, last_start) = (at.line, at.character);
            }
            start = line_end + 1;
        }
    }
    json(lsp_types::SemanticTokens {
        result_id: None,
        data,
    })
}

/// Quick fixes for the client's diagnostics of ours in the range.
fn code_actions(analysis: &Analysis, root: &Root, p: lsp_types::CodeActionParams) -> Answer {
    let Some(file) = File::of_document(analysis, root, &p.text_document.uri) else {
        return Ok(Value::Null);
    };
    let path = file.path.clone();
    let mut files = Files::default();
    let mut actions = Vec::new();
    for diagnostic in &p.context.diagnostics {
        if diagnostic.source.as_deref() != Some("tofu-analyzer") {
            continue;
        }
        let range = TextRange::new(
            convert::offset(&file.index, &file.text, diagnostic.range.start),
            convert::offset(&file.index, &file.text, diagnostic.range.end),
        );
        for fix in analysis.fixes(&path, range, &diagnostic.message)? {
            let mut changes: HashMap<lsp_types::Url, Vec<TextEdit>> = HashMap::new();
            for edit in fix.edits {
                let Some(location) = files.location(analysis, root, &edit.path, edit.range) else {
                    continue;
                };
                changes
                    .entry(location.uri)
                    .or_default()
                    .push(TextEdit::new(location.range, edit.new_text));
            }
            actions.push(lsp_types::CodeActionOrCommand::CodeAction(
                lsp_types::CodeAction {
                    title: fix.title,
                    kind: Some(lsp_types::CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(WorkspaceEdit {
                        changes: Some(changes),
                        ..Default::default()
                    }),
                    is_preferred: Some(actions.is_empty()),
                    ..Default::default()
                },
            ));
        }
    }
    json(actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> File {
        File {
            path: "main.tf".to_owned(),
            text: text.to_owned(),
            index: LineIndex::new(text),
        }
    }

    #[test]
    fn formatting_edits_whole_lines() {
        let edits = format_edits(&file("a = 1\nbb=2\n\nc = \"🗻\"\n"));
        assert_eq!(edits.len(), 1, "{edits:?}");
        assert_eq!(edits[0].range.start, lsp_types::Position::new(0, 0));
        assert_eq!(edits[0].range.end, lsp_types::Position::new(2, 0));
        assert_eq!(edits[0].new_text, "a  = 1\nbb = 2\n");
        assert!(format_edits(&file("a = 1\n")).is_empty());
    }

    #[test]
    fn no_formatting_with_syntax_errors() {
        assert!(format_edits(&file("a=1\nb = {\n")).is_empty());
    }
}
