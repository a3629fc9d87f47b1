//! tofu-lsp: the Language Server Protocol over the analysis host, on
//! stdio. The only crate that knows `lsp-types`; every answer comes from
//! `tofu-ide`, and this crate converts.
//!
//! One main loop owns the [`AnalysisHost`]: it applies the editor's
//! edits and the watched files' changes, and hands every request a
//! snapshot to answer on a worker thread, so it never waits for analysis.
//! It keeps no snapshot itself: a change waits until every snapshot is
//! dropped, and cancels those still computing (their requests are
//! answered `ContentModified`). The workspace is loaded on a worker too,
//! with `$/progress`; requests that come before it are answered once it
//! is loaded. Diagnostics are computed after edits settle (a short
//! debounce) and published per file, and cleared for files that have
//! none left.

mod config;
mod convert;
mod handlers;

use std::{
    collections::{HashMap, HashSet},
    panic::AssertUnwindSafe,
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    CompletionOptions, DidChangeConfigurationParams, DidChangeTextDocumentParams,
    DidChangeWatchedFilesParams, DidChangeWatchedFilesRegistrationOptions,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, FileChangeType, FileSystemWatcher,
    GlobPattern, HoverProviderCapability, InitializeParams, OneOf, ProgressParams,
    ProgressParamsValue, PublishDiagnosticsParams, Registration, RegistrationParams, RenameOptions,
    SaveOptions, ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, WorkDoneProgress, WorkDoneProgressBegin,
    WorkDoneProgressCreateParams, WorkDoneProgressEnd, WorkDoneProgressOptions,
    notification::{
        Cancel, DidChangeConfiguration, DidChangeTextDocument, DidChangeWatchedFiles,
        DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument, Exit, Notification as _,
        Progress, PublishDiagnostics,
    },
    request::{RegisterCapability, WorkDoneProgressCreate},
};
use tofu_ide::host::{AnalysisHost, Change};

use crate::{config::Settings, convert::Root};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// How long edits must settle before diagnostics are computed.
const DEBOUNCE: Duration = Duration::from_millis(50);

/// Serves one client on stdin and stdout until it says `exit`.
pub fn run_stdio() -> Result<(), Error> {
    let (connection, io_threads) = Connection::stdio();
    serve(connection)?;
    io_threads.join()?;
    Ok(())
}

/// The server's capabilities: what it answers.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..Default::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        signature_help_provider: Some(lsp_types::SignatureHelpOptions {
            trigger_characters: Some(vec!["(".to_owned(), ",".to_owned()]),
            ..Default::default()
        }),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(lsp_types::CodeActionProviderCapability::Simple(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(
            lsp_types::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp_types::SemanticTokensOptions {
                    legend: handlers::semantic_tokens_legend(),
                    full: Some(lsp_types::SemanticTokensFullOptions::Bool(true)),
                    range: None,
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                },
            ),
        ),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![".".to_owned()]),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// The directory to load: the first workspace folder, the root URI, the
/// root path, or the working directory (`.`, made absolute by the caller).
#[allow(deprecated)] // `root_uri` and `root_path` are what older clients send
fn root_of(params: &InitializeParams) -> PathBuf {
    let folder = params
        .workspace_folders
        .as_ref()
        .and_then(|folders| folders.first())
        .and_then(|folder| folder.uri.to_file_path().ok());
    folder
        .or_else(|| params.root_uri.as_ref()?.to_file_path().ok())
        .or_else(|| params.root_path.as_ref().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Serves one client on `connection`: the handshake, then the main loop
/// until `exit`.
pub fn serve(connection: Connection) -> Result<(), Error> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let root = root_of(&params);
    let root = std::path::absolute(&root).unwrap_or(root);
    let result = lsp_types::InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo {
            name: "tofu-analyzer".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    connection.initialize_finish(id, serde_json::to_value(result)?)?;
    let capabilities = &params.capabilities;
    let progress = capabilities
        .window
        .as_ref()
        .and_then(|w| w.work_done_progress)
        .unwrap_or(false);
    let watch = capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|w| w.dynamic_registration)
        .unwrap_or(false);
    let settings = params
        .initialization_options
        .as_ref()
        .and_then(Settings::from_json)
        .unwrap_or_default();
    let pull = capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.configuration)
        .unwrap_or(false);
    let mut server = Server::new(connection, Root::new(root), progress, watch);
    server.settings = settings;
    server.pull_configuration = pull;
    server.client.snippets = capabilities
        .text_document
        .as_ref()
        .and_then(|t| t.completion.as_ref())
        .and_then(|c| c.completion_item.as_ref())
        .and_then(|i| i.snippet_support)
        .unwrap_or(false);
    server.run()
}

/// What workers send back to the main loop.
enum Task {
    /// A load's result, with the number of the load.
    Loaded(u64, Result<AnalysisHost, String>),
    Response(Response),
    Diagnostics {
        generation: u64,
        files: Vec<(String, Vec<lsp_types::Diagnostic>)>,
    },
}

/// A document the editor has open.
struct Document {
    text: String,
}

struct Server {
    connection: Connection,
    root: Root,
    progress: bool,
    watch: bool,
    settings: Settings,
    client: handlers::Client,
    /// The first load's `$/progress` has begun and not ended.
    progress_open: bool,
    /// The number of the latest load: a reload's result replaces the
    /// host, an older load's is dropped.
    load: u64,
    /// `None` while the workspace loads.
    host: Option<AnalysisHost>,
    /// The workspace could not be loaded (its root is not a directory).
    load_failed: bool,
    /// Requests that came before the workspace was loaded.
    waiting: Vec<Request>,
    documents: HashMap<String, Document>,
    /// Requests sent to workers and not yet answered.
    in_flight: HashSet<RequestId>,
    tasks: (Sender<Task>, Receiver<Task>),
    /// When to compute diagnostics next, once edits settle.
    diagnostics_due: Option<Instant>,
    /// Bumped by every change: diagnostics of an older tree are dropped.
    generation: u64,
    /// The files that have diagnostics in the editor.
    published: HashSet<String>,
    next_request: i32,
    /// The client answers `workspace/configuration`: settings are pulled
    /// after initialization and whenever it says they changed.
    pull_configuration: bool,
    /// The pull awaiting its answer.
    configuration_request: Option<RequestId>,
}

impl Server {
    fn new(connection: Connection, root: Root, progress: bool, watch: bool) -> Server {
        Server {
            connection,
            root,
            progress,
            watch,
            settings: Settings::default(),
            client: handlers::Client::default(),
            progress_open: false,
            load: 0,
            host: None,
            load_failed: false,
            waiting: Vec::new(),
            documents: HashMap::new(),
            in_flight: HashSet::new(),
            tasks: crossbeam_channel::unbounded(),
            diagnostics_due: None,
            generation: 0,
            published: HashSet::new(),
            next_request: 0,
            pull_configuration: false,
            configuration_request: None,
        }
    }

    fn send(&self, message: impl Into<Message>) {
        // The client has gone when this fails: the loop ends on the
        // closed receiver.
        let _ = self.connection.sender.send(message.into());
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(Notification::new(N::METHOD.to_owned(), params));
    }

    fn request<R: lsp_types::request::Request>(&mut self, params: R::Params) -> RequestId {
        self.next_request += 1;
        let id = RequestId::from(format!("tofu-analyzer/{}", self.next_request));
        self.send(Request::new(id.clone(), R::METHOD.to_owned(), params));
        id
    }

    /// Asks the client for the `tofu-analyzer` section of its settings
    /// (`workspace/configuration`), when it can answer.
    fn pull_settings(&mut self) {
        if !self.pull_configuration {
            return;
        }
        let params = lsp_types::ConfigurationParams {
            items: vec![lsp_types::ConfigurationItem {
                scope_uri: None,
                section: Some("tofu-analyzer".to_owned()),
            }],
        };
        let id = self.request::<lsp_types::request::WorkspaceConfiguration>(params);
        self.configuration_request = Some(id);
    }

    /// The client's answer to a request of ours: settings pulled are
    /// applied (and the workspace loaded again) when they differ.
    fn on_response(&mut self, response: Response) {
        if self.configuration_request.as_ref() != Some(&response.id) {
            return;
        }
        self.configuration_request = None;
        let pulled = response
            .result
            .as_ref()
            .and_then(|result| result.get(0))
            .and_then(Settings::from_json);
        if let Some(settings) = pulled
            && settings != self.settings
        {
            self.settings = settings;
            self.reload();
        }
    }

    fn run(mut self) -> Result<(), Error> {
        self.start_loading();
        self.pull_settings();
        loop {
            let timeout = match self.diagnostics_due {
                Some(due) => due.saturating_duration_since(Instant::now()),
                None => Duration::from_secs(3600),
            };
            let tasks = self.tasks.1.clone();
            select! {
                recv(self.connection.receiver) -> message => {
                    let Ok(message) = message else { return Ok(()) };
                    match message {
                        Message::Request(request) => {
                            if self.connection.handle_shutdown(&request)? {
                                return Ok(());
                            }
                            self.on_request(request);
                        }
                        Message::Notification(notification) => {
                            if notification.method == Exit::METHOD {
                                return Ok(());
                            }
                            self.on_notification(notification);
                        }
                        Message::Response(response) => self.on_response(response),
                    }
                }
                recv(tasks) -> task => {
                    if let Ok(task) = task {
                        self.on_task(task);
                    }
                }
                default(timeout) => {}
            }
            if self
                .diagnostics_due
                .is_some_and(|due| due <= Instant::now())
            {
                self.diagnostics_due = None;
                self.compute_diagnostics();
            }
        }
    }

    fn start_loading(&mut self) {
        let token = lsp_types::NumberOrString::String("tofu-analyzer/load".to_owned());
        if self.progress {
            self.progress_open = true;
            self.request::<WorkDoneProgressCreate>(WorkDoneProgressCreateParams {
                token: token.clone(),
            });
            self.notify::<Progress>(ProgressParams {
                token,
                value: ProgressParamsValue::WorkDone(WorkDoneProgress::Begin(
                    WorkDoneProgressBegin {
                        title: "Loading the OpenTofu workspace".to_owned(),
                        message: Some(self.root.dir.display().to_string()),
                        ..Default::default()
                    },
                )),
            });
        }
        if self.watch {
            let options = DidChangeWatchedFilesRegistrationOptions {
                watchers: vec![FileSystemWatcher {
                    glob_pattern: GlobPattern::String("**/*".to_owned()),
                    kind: None,
                }],
            };
            self.request::<RegisterCapability>(RegistrationParams {
                registrations: vec![Registration {
                    id: "tofu-analyzer/watch".to_owned(),
                    method: DidChangeWatchedFiles::METHOD.to_owned(),
                    register_options: serde_json::to_value(options).ok(),
                }],
            });
        }
        self.reload();
    }

    /// Loads the workspace afresh on a worker, with the current settings;
    /// until it is loaded the previous host, if any, keeps answering.
    fn reload(&mut self) {
        self.load += 1;
        let load = self.load;
        let sender = self.tasks.0.clone();
        let dir = self.root.dir.clone();
        let settings = self.settings.clone();
        spawn(move || {
            let loaded = config::load(&dir, &settings).map_err(|err| err.to_string());
            let _ = sender.send(Task::Loaded(load, loaded));
        });
    }

    fn on_task(&mut self, task: Task) {
        match task {
            Task::Loaded(load, _) if load != self.load => {}
            Task::Loaded(_, loaded) => {
                if std::mem::take(&mut self.progress_open) {
                    self.notify::<Progress>(ProgressParams {
                        token: lsp_types::NumberOrString::String("tofu-analyzer/load".to_owned()),
                        value: ProgressParamsValue::WorkDone(WorkDoneProgress::End(
                            WorkDoneProgressEnd { message: None },
                        )),
                    });
                }
                let mut host = match loaded {
                    Ok(host) => host,
                    Err(err) => {
                        eprintln!(
                            "tofu-analyzer: cannot load {}: {err}",
                            self.root.dir.display()
                        );
                        // Nothing to answer about: every request gets
                        // an empty result.
                        self.load_failed = true;
                        for request in std::mem::take(&mut self.waiting) {
                            self.on_request(request);
                        }
                        return;
                    }
                };
                let mut change = Change::new();
                for (path, document) in &self.documents {
                    change.set_file(path.clone(), document.text.clone());
                }
                if !change.is_empty() {
                    host.apply_change(change);
                }
                self.host = Some(host);
                self.generation += 1;
                for request in std::mem::take(&mut self.waiting) {
                    self.on_request(request);
                }
                self.diagnostics_due = Some(Instant::now());
            }
            Task::Response(response) => {
                if self.in_flight.remove(&response.id) {
                    self.send(response);
                }
            }
            Task::Diagnostics { generation, files } => {
                if generation != self.generation {
                    return;
                }
                let mut published = HashSet::new();
                for (path, diagnostics) in files {
                    if diagnostics.is_empty() {
                        continue;
                    }
                    let Some(uri) = self.root.uri_of(&path) else {
                        continue;
                    };
                    self.notify::<PublishDiagnostics>(PublishDiagnosticsParams::new(
                        uri,
                        diagnostics,
                        None,
                    ));
                    published.insert(path);
                }
                for path in self.published.difference(&published) {
                    if let Some(uri) = self.root.uri_of(path) {
                        self.notify::<PublishDiagnostics>(PublishDiagnosticsParams::new(
                            uri,
                            Vec::new(),
                            None,
                        ));
                    }
                }
                self.published = published;
            }
        }
    }

    fn on_request(&mut self, request: Request) {
        let Some(host) = &self.host else {
            match self.load_failed {
                true => self.send(Response::new_ok(request.id, serde_json::Value::Null)),
                false => self.waiting.push(request),
            }
            return;
        };
        self.in_flight.insert(request.id.clone());
        let analysis = host.analysis();
        let root = self.root.clone();
        let client = self.client;
        let sender = self.tasks.0.clone();
        spawn(move || {
            let id = request.id.clone();
            let response = std::panic::catch_unwind(AssertUnwindSafe(|| {
                handlers::handle(&analysis, &root, &client, &request)
            }))
            .unwrap_or_else(|panic| {
                let message = panic_message(&panic);
                eprintln!("tofu-analyzer: {} panicked: {message}", request.method);
                Response::new_err(id, ErrorCode::InternalError as i32, message)
            });
            drop(analysis);
            let _ = sender.send(Task::Response(response));
        });
    }

    fn on_notification(&mut self, notification: Notification) {
        let method = notification.method.clone();
        match method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = notification.extract::<DidOpenTextDocumentParams>(&method) else {
                    return;
                };
                let Some(path) = self.root.path_of(&p.text_document.uri) else {
                    return;
                };
                self.set_document(path, p.text_document.text);
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = notification.extract::<DidChangeTextDocumentParams>(&method) else {
                    return;
                };
                let Some(path) = self.root.path_of(&p.text_document.uri) else {
                    return;
                };
                let mut text = match self.documents.get(&path) {
                    Some(document) => document.text.clone(),
                    None => return,
                };
                convert::apply_changes(&mut text, p.content_changes);
                self.set_document(path, text);
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = notification.extract::<DidCloseTextDocumentParams>(&method) else {
                    return;
                };
                let Some(path) = self.root.path_of(&p.text_document.uri) else {
                    return;
                };
                if self.documents.remove(&path).is_some() {
                    // What is on disk counts again.
                    let mut change = Change::new();
                    self.read_from_disk(&path, &mut change);
                    self.apply(change);
                }
            }
            DidSaveTextDocument::METHOD => {}
            DidChangeConfiguration::METHOD => {
                let Ok(p) = notification.extract::<DidChangeConfigurationParams>(&method) else {
                    return;
                };
                match Settings::from_json(&p.settings) {
                    Some(settings) if settings != self.settings => {
                        self.settings = settings;
                        self.reload();
                    }
                    Some(_) => {}
                    // The pull model: the notification only says that
                    // something changed.
                    None => self.pull_settings(),
                }
            }
            DidChangeWatchedFiles::METHOD => {
                let Ok(p) = notification.extract::<DidChangeWatchedFilesParams>(&method) else {
                    return;
                };
                let mut change = Change::new();
                let mut reload = false;
                for event in p.changes {
                    if event
                        .uri
                        .path()
                        .ends_with(tofu_ide::analyzer_config::FILE_NAME)
                    {
                        reload = true;
                        continue;
                    }
                    let Some(path) = self.root.path_of(&event.uri) else {
                        continue;
                    };
                    if self.documents.contains_key(&path) {
                        continue;
                    }
                    if is_tree_file(&path) {
                        match event.typ {
                            FileChangeType::DELETED => change.remove_file(path),
                            _ => self.read_from_disk(&path, &mut change),
                        }
                    } else {
                        change.changed_on_disk(path);
                    }
                }
                self.apply(change);
                if reload {
                    self.reload();
                }
            }
            Cancel::METHOD => {
                let Ok(p) = notification.extract::<lsp_types::CancelParams>(&method) else {
                    return;
                };
                let id = match p.id {
                    lsp_types::NumberOrString::Number(n) => RequestId::from(n),
                    lsp_types::NumberOrString::String(s) => RequestId::from(s),
                };
                if let Some(index) = self.waiting.iter().position(|r| r.id == id) {
                    self.waiting.remove(index);
                    self.cancelled(id);
                } else if self.in_flight.remove(&id) {
                    self.cancelled(id);
                }
            }
            _ => {}
        }
    }

    fn cancelled(&self, id: RequestId) {
        self.send(Response::new_err(
            id,
            ErrorCode::RequestCanceled as i32,
            "cancelled".to_owned(),
        ));
    }

    /// A file's text as it is on disk into `change`, or its removal.
    fn read_from_disk(&self, path: &str, change: &mut Change) {
        #[allow(clippy::disallowed_methods)] // the server follows the disk
        match std::fs::read(self.root.absolute(path)) {
            Ok(bytes) => change.set_file(path, String::from_utf8_lossy(&bytes).into_owned()),
            Err(_) => change.remove_file(path),
        }
    }

    fn set_document(&mut self, path: String, text: String) {
        let mut change = Change::new();
        change.set_file(path.clone(), text.clone());
        self.documents.insert(path, Document { text });
        self.apply(change);
    }

    /// Applies a change (once the workspace is loaded: until then the
    /// open documents are kept and applied after loading) and schedules
    /// diagnostics.
    fn apply(&mut self, change: Change) {
        if change.is_empty() {
            return;
        }
        let Some(host) = &mut self.host else {
            return;
        };
        self.generation += 1;
        host.apply_change(change);
        self.diagnostics_due = Some(Instant::now() + DEBOUNCE);
    }

    fn compute_diagnostics(&mut self) {
        let Some(host) = &self.host else {
            return;
        };
        let analysis = host.analysis();
        let generation = self.generation;
        let sender = self.tasks.0.clone();
        spawn(move || {
            let report = std::panic::catch_unwind(AssertUnwindSafe(|| analysis.report()));
            drop(analysis);
            match report {
                Ok(Ok(report)) => {
                    let files = convert::diagnostics(&report);
                    let _ = sender.send(Task::Diagnostics { generation, files });
                }
                // A later change cancelled it and will compute its own.
                Ok(Err(_)) => {}
                Err(panic) => {
                    eprintln!(
                        "tofu-analyzer: diagnostics panicked: {}",
                        panic_message(&panic)
                    );
                }
            }
        });
    }
}

/// Whether the host reads `path` as a file of the tree: configuration
/// and variables files.
fn is_tree_file(path: &str) -> bool {
    let name = Path::new(path)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    [
        ".tf",
        ".tf.json",
        ".tofu",
        ".tofu.json",
        ".tfvars",
        ".tfvars.json",
    ]
    .iter()
    .any(|ext| name.ends_with(ext))
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_owned())
}

/// Work off the main loop, with the stack deep configurations need.
fn spawn(work: impl FnOnce() + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("tofu-lsp-worker".to_owned())
        .stack_size(tofu_ide::ANALYSIS_STACK_SIZE)
        .spawn(work);
    if let Err(err) = spawned {
        eprintln!("tofu-analyzer: cannot start a worker thread: {err}");
    }
}
