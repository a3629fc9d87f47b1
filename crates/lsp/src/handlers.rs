//! Requests answered from a snapshot, on a worker thread: each converts
//! the protocol's parameters, asks [`Analysis`] and converts its answer.

use std::collections::HashMap;

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionResponse, DocumentSymbol, DocumentSymbolParams,
    DocumentSymbolResponse, GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents,
    HoverParams, Location, MarkupContent, MarkupKind, PrepareRenameResponse, ReferenceParams,
    RenameParams, SymbolKind, TextDocumentPositionParams, TextEdit, WorkspaceEdit,
    request::{
        Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest, PrepareRenameRequest,
        References, Rename, Request as _,
    },
};
use serde::de::DeserializeOwned;
use serde_json::Value;
use tofu_ide::{
    analysis::{Analysis, CompletionKind},
    semantic_db::DeclKind,
    syntax::{LineIndex, TextRange, TextSize},
};

use crate::convert::{self, Root};

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
pub fn handle(analysis: &Analysis, root: &Root, request: &Request) -> Response {
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
        Completion::METHOD => params(request).and_then(|p| completion(analysis, root, p)),
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
    let Some(path) = root.path_of(&p.text_document.uri) else {
        return Ok(Value::Null);
    };
    let Some(file) = File::open(analysis, &path) else {
        return Ok(Value::Null);
    };
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

fn completion(analysis: &Analysis, root: &Root, p: lsp_types::CompletionParams) -> Answer {
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
            }),
            detail: c.detail,
            ..Default::default()
        })
        .collect();
    json(CompletionResponse::Array(items))
}
