//! `tofu-analyzer lsp` over its stdio protocol: a client of these tests'
//! own spawns the binary, initializes, opens and edits files, waits for
//! diagnostics and asks what editors ask.

use std::{
    io::{BufRead, BufReader, Read, Write},
    path::{Path, PathBuf},
    process::{Child, ChildStdin, Command, Stdio},
    sync::mpsc::{Receiver, RecvTimeoutError, channel},
    time::{Duration, Instant},
};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");
const WAIT: Duration = Duration::from_secs(30);

fn fixture_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lsp")
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The server under test and what it has sent that no one took yet.
struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    unread: Vec<Value>,
    next_id: i64,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(BIN)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let message: Value = serde_json::from_slice(&body).expect("JSON from the server");
                if sender.send(message).is_err() {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
            unread: Vec::new(),
            next_id: 0,
        }
    }

    fn send_raw(&mut self, body: &str) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, message: Value) {
        self.send_raw(&message.to_string());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn send_request(&mut self, method: &str, params: Value) -> i64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The first message (taken before others) that `wanted` accepts.
    fn wait_for(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.unread.iter().position(&wanted) {
            return self.unread.remove(index);
        }
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(message) if wanted(&message) => return message,
                Ok(message) => {
                    // Answer the server's own requests as a client would.
                    if message.get("id").is_some() && message.get("method").is_some() {
                        let id = message["id"].clone();
                        self.send(json!({"jsonrpc": "2.0", "id": id, "result": null}));
                    }
                    self.unread.push(message);
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no {what} within {WAIT:?}; received {:#?}", self.unread)
                }
                Err(RecvTimeoutError::Disconnected) => panic!("the server went away before {what}"),
            }
        }
    }

    /// The whole response to a request.
    fn request_response(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        self.wait_for(&format!("response to {method}"), |m| {
            m["id"] == json!(id) && m.get("method").is_none()
        })
    }

    /// The result of a request, which must succeed.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_response(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    fn initialize(&mut self, root: &Path) {
        self.initialize_with(root, Value::Null);
    }

    fn initialize_with(&mut self, root: &Path, options: Value) {
        let result = self.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "initializationOptions": options,
                "capabilities": {
                    "window": {"workDoneProgress": true},
                    "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}},
                    "textDocument": {"completion": {"completionItem": {"snippetSupport": true}}}
                }
            }),
        );
        assert_eq!(result["serverInfo"]["name"], "tofu-analyzer");
        assert_eq!(
            result["capabilities"]["renameProvider"]["prepareProvider"],
            true
        );
        self.notify("initialized", json!({}));
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics_for(&mut self, uri: &str) -> Vec<Value> {
        let message = self.wait_for(&format!("diagnostics for {uri}"), |m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        message["params"]["diagnostics"].as_array().unwrap().clone()
    }

    fn shutdown(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "the server exited with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn position(text: &str, needle: &str) -> Value {
    let offset = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in the text"));
    let line = text[..offset].matches('\n').count();
    let column = offset - text[..offset].rfind('\n').map_or(0, |n| n + 1);
    json!({"line": line, "character": column})
}

fn at(uri: &str, text: &str, needle: &str) -> Value {
    json!({"textDocument": {"uri": uri}, "position": position(text, needle)})
}

#[test]
fn a_session_with_diagnostics_and_navigation() {
    let root = fixture_root();
    let main = uri(&root.join("main.tf"));
    let net = uri(&root.join("net/main.tf"));
    #[allow(clippy::disallowed_methods)]
    let text = std::fs::read_to_string(root.join("main.tf")).unwrap();
    let mut server = Server::start();
    server.initialize(&root);
    server.wait_for("the end of loading", |m| {
        m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end"
    });

    // An edit that breaks a reference is reported with its code, in
    // UTF-16 positions.
    let broken = text.replace("var.region}a", "var.regoin}a");
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": main, "languageId": "opentofu", "version": 1, "text": broken}}),
    );
    let diagnostics = server.diagnostics_for(&main);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let diagnostic = &diagnostics[0];
    assert_eq!(diagnostic["severity"], 1);
    assert_eq!(diagnostic["source"], "tofu-analyzer");
    assert!(
        diagnostic["code"].as_str().unwrap().contains('-'),
        "{diagnostic}"
    );
    assert!(
        diagnostic["message"].as_str().unwrap().contains("regoin"),
        "{diagnostic}"
    );
    assert_eq!(
        diagnostic["range"]["start"],
        position(&broken, "var.regoin")
    );

    // An incremental change that fixes it clears them.
    let start = position(&broken, "regoin");
    server.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": main, "version": 2},
            "contentChanges": [{
                "range": {"start": start, "end": {"line": start["line"], "character": start["character"].as_u64().unwrap() + 6}},
                "text": "region"
            }]
        }),
    );
    assert_eq!(server.diagnostics_for(&main), Vec::<Value>::new());

    let hover = server.request("textDocument/hover", at(&main, &text, "region}a"));
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(markdown.contains("variable \"region\""), "{markdown}");
    assert!(markdown.contains("type: `string`"), "{markdown}");
    assert!(markdown.contains("Where everything runs."), "{markdown}");

    let signature = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": net}, "position": {"line": 5, "character": 12}}),
    );
    assert!(
        signature["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("cidrsubnet(prefix string"),
        "{signature}"
    );

    // Across modules: `module.net.first` is the child's output.
    let definition = server.request("textDocument/definition", at(&main, &text, "first\n}"));
    assert_eq!(definition["uri"], net);
    assert_eq!(
        definition["range"]["start"],
        json!({"line": 4, "character": 8})
    );

    let references = server.request(
        "textDocument/references",
        json!({"textDocument": {"uri": net}, "position": {"line": 0, "character": 11}, "context": {"includeDeclaration": true}}),
    );
    let mut found: Vec<String> = references
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            format!(
                "{} {}",
                l["uri"].as_str().unwrap().rsplit_once("lsp/").unwrap().1,
                l["range"]["start"]["line"]
            )
        })
        .collect();
    found.sort();
    assert_eq!(found, ["main.tf 12", "net/main.tf 0", "net/main.tf 5"]);

    let prepared = server.request("textDocument/prepareRename", at(&main, &text, "region}a"));
    assert_eq!(prepared["start"], position(&text, "region}a"));
    let edit = server.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": net}, "position": {"line": 0, "character": 11}, "newName": "block"}),
    );
    assert_eq!(edit["changes"][&main].as_array().unwrap().len(), 1);
    assert_eq!(edit["changes"][&net].as_array().unwrap().len(), 2);
    let refused = server.request_response(
        "textDocument/rename",
        json!({"textDocument": {"uri": net}, "position": {"line": 0, "character": 11}, "newName": "not valid"}),
    );
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not a valid name")
    );

    let symbols = server.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": main}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["var.region", "local.zone", "module.net", "output.first"]
    );

    let completion_text = text.replace("module.net.first", "module.net.");
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 3}, "contentChanges": [{"text": completion_text}]}),
    );
    let mut after_dot = at(&main, &completion_text, "module.net.\n");
    after_dot["position"]["character"] =
        json!(after_dot["position"]["character"].as_u64().unwrap() + 11);
    let items = server.request("textDocument/completion", after_dot);
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["first"]);

    // Closing the document makes the file on disk count again.
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": main}}),
    );
    server.shutdown();
}

#[test]
fn garbage_never_brings_the_server_down() {
    let root = fixture_root();
    let main = uri(&root.join("main.tf"));
    let mut server = Server::start();
    server.initialize(&root);

    // Unknown methods and bad parameters are errors, not crashes.
    let unknown = server.request_response("textDocument/unheardOf", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    let bad = server.request_response("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(bad["error"]["code"], -32602);
    server.notify("textDocument/didOpen", json!({"garbage": [1, 2, 3]}));
    server.notify("workspace/unheardOf", json!(null));
    server.notify("$/cancelRequest", json!({"id": 424242}));

    // Files outside the workspace, other schemes, positions past the end.
    for uri in [
        "file:///nowhere/at/all.tf",
        "untitled:Untitled-1",
        "https://example.com/x.tf",
    ] {
        let hover = server.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
        );
        assert_eq!(hover, Value::Null);
    }
    let far = server.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": main}, "position": {"line": 9999, "character": 9999}}),
    );
    assert_eq!(far, Value::Null);

    // Garbage text, and edits with ranges past the end and inside
    // characters, of every request kind.
    let garbage = "resource \"\" {{{ = = \u{0}\u{1f5fb} ${ %{ <<EOT\n\"\\u12\" module. var. local.";
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": main, "languageId": "opentofu", "version": 1, "text": garbage}}),
    );
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 40}, "end": {"line": 70, "character": 3}}, "text": "}}}"},
            {"range": {"start": {"line": 0, "character": 35}, "end": {"line": 0, "character": 34}}, "text": "var."}
        ]}),
    );
    for line in 0..3 {
        for character in [0, 1, 5, 33, 34, 35, 36, 200] {
            let position = json!({"textDocument": {"uri": main}, "position": {"line": line, "character": character}});
            for method in [
                "textDocument/hover",
                "textDocument/definition",
                "textDocument/completion",
                "textDocument/prepareRename",
            ] {
                let response = server.request_response(method, position.clone());
                assert!(response.get("result").is_some() || response.get("error").is_some());
            }
            let mut rename = position.clone();
            rename["newName"] = json!("x");
            server.request_response("textDocument/rename", rename);
            let mut references = position.clone();
            references["context"] = json!({"includeDeclaration": true});
            server.request_response("textDocument/references", references);
        }
    }
    server.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": main}}),
    );
    server.diagnostics_for(&main);

    // Still serving.
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": main}}),
    );
    #[allow(clippy::disallowed_methods)]
    let text = std::fs::read_to_string(root.join("main.tf")).unwrap();
    let hover = server.request("textDocument/hover", at(&main, &text, "region}a"));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("variable \"region\"")
    );
    server.shutdown();
}

fn labels(items: &Value) -> Vec<&str> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect()
}

/// The configuration file changing on disk reloads the workspace: here
/// an exclusion goes, and the excluded directory's error appears.
#[test]
#[allow(clippy::disallowed_methods)] // the test makes its own tree
fn a_changed_configuration_file_reloads_the_workspace() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("tree");
    std::fs::create_dir_all(root.join("broken")).unwrap();
    std::fs::write(root.join("main.tf"), "output \"o\" {\n  value = 1\n}\n").unwrap();
    std::fs::write(root.join("broken/main.tf"), "locals {\n  a = \n").unwrap();
    let config = root.join(".tofu-analyzer.hcl");
    std::fs::write(&config, "exclude = [\"broken\"]\n").unwrap();
    let broken = uri(&root.join("broken/main.tf"));
    let mut server = Server::start();
    server.initialize(&root);
    let tree = server.request("workspace/symbol", json!({"query": "o"}));
    assert!(tree.as_array().is_some(), "{tree}");
    std::fs::write(&config, "exclude = []\n").unwrap();
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&config), "type": 2}]}),
    );
    let diagnostics = server.diagnostics_for(&broken);
    assert!(!diagnostics.is_empty(), "{diagnostics:?}");
    server.shutdown();
}

/// `tofu init` writing `.terraform/modules/modules.json` while the editor
/// is open: the module it installs is loaded, and the call is checked
/// against it.
#[test]
#[allow(clippy::disallowed_methods)] // the test makes its own tree
fn an_installed_module_appears_when_its_manifest_is_written() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("tree");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(
        root.join("main.tf"),
        "module \"thing\" {\n  source  = \"example/thing/aws\"\n  version = \"1.0.0\"\n  nope    = 1\n}\n",
    )
    .unwrap();
    let main = uri(&root.join("main.tf"));
    let mut server = Server::start();
    server.initialize(&root);
    let before = server.diagnostics_for(&main);
    assert!(
        before.iter().all(|d| d["message"]
            .as_str()
            .is_some_and(|m| !m.contains("Unsupported argument"))),
        "{before:?}"
    );
    let modules = root.join(".terraform/modules");
    std::fs::create_dir_all(modules.join("thing")).unwrap();
    std::fs::write(
        modules.join("thing/main.tf"),
        "variable \"name\" {\n  default = \"x\"\n}\n",
    )
    .unwrap();
    let manifest = modules.join("modules.json");
    std::fs::write(
        &manifest,
        r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"thing","Source":"registry.opentofu.org/example/thing/aws","Version":"1.0.0","Dir":".terraform/modules/thing"}]}"#,
    )
    .unwrap();
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&manifest), "type": 1}]}),
    );
    let found = (0..5).any(|_| {
        server.diagnostics_for(&main).iter().any(|d| {
            d["message"]
                .as_str()
                .is_some_and(|m| m.contains("Unsupported argument"))
        })
    });
    assert!(found, "the installed module was not loaded");
    server.shutdown();
}

#[test]
fn settings_pulled_with_workspace_configuration() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lsp-config");
    let main = uri(&root.join("main.tf"));
    let mut server = Server::start();
    server.request(
        "initialize",
        json!({
            "processId": null,
            "rootUri": uri(&root),
            "capabilities": {"workspace": {"configuration": true}}
        }),
    );
    server.notify("initialized", json!({}));
    // The server asks for its section; plan mode makes the required
    // variable an error.
    let answer = |server: &mut Server, settings: Value| {
        let pull = server.wait_for("a configuration pull", |m| {
            m["method"] == "workspace/configuration"
        });
        assert_eq!(pull["params"]["items"][0]["section"], "tofu-analyzer");
        server.send(json!({"jsonrpc": "2.0", "id": pull["id"], "result": [settings]}));
    };
    answer(&mut server, json!({"plan": true}));
    let diagnostics = loop {
        let diagnostics = server.diagnostics_for(&main);
        if !diagnostics.is_empty() {
            break diagnostics;
        }
    };
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("No value for required variable"),
        "{diagnostics:?}"
    );
    // A change notification without settings makes it pull again.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": null}),
    );
    answer(&mut server, json!({"plan": true, "vars": {"size": 3}}));
    assert_eq!(server.diagnostics_for(&main), Vec::<Value>::new());
    server.shutdown();
}

#[test]
fn configuration_from_options_settings_and_the_config_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lsp-config");
    let main = uri(&root.join("main.tf"));
    let broken = uri(&root.join("broken/main.tf"));
    let mut server = Server::start();
    // Plan mode from the options: the required variable has no value.
    server.initialize_with(&root, json!({"tofuAnalyzer": {"plan": true}}));
    let diagnostics = server.diagnostics_for(&main);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("No value for required variable"),
        "{diagnostics:?}"
    );

    // A value from the settings (flat this time) fixes it.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"plan": true, "vars": {"size": 3}}}),
    );
    assert_eq!(server.diagnostics_for(&main), Vec::<Value>::new());

    // Back to validate mode: nothing either; the directory the
    // configuration file excludes, with its syntax error, is never
    // reported.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"tofuAnalyzer": {}}}),
    );
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": main}, "position": {"line": 13, "character": 4}}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("doubled")
    );
    assert!(
        !server
            .unread
            .iter()
            .any(|m| m["params"]["uri"] == broken.as_str()),
        "{:?}",
        server.unread
    );

    // Completion of a typed object's attributes, and function snippets.
    #[allow(clippy::disallowed_methods)]
    let text = std::fs::read_to_string(root.join("main.tf")).unwrap();
    let edited = text.replace("var.size * 2", "var.settings.");
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": main, "languageId": "opentofu", "version": 1, "text": edited}}),
    );
    let mut after = at(&main, &edited, "var.settings.");
    after["position"]["character"] = json!(after["position"]["character"].as_u64().unwrap() + 13);
    let items = server.request("textDocument/completion", after);
    assert_eq!(labels(&items), ["name", "zone"]);
    let edited = text.replace("var.size * 2", "cidrsub");
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 2}, "contentChanges": [{"text": edited}]}),
    );
    let mut after = at(&main, &edited, "cidrsub");
    after["position"]["character"] = json!(after["position"]["character"].as_u64().unwrap() + 7);
    let items = server.request("textDocument/completion", after);
    assert_eq!(labels(&items), ["cidrsubnet", "cidrsubnets"]);
    assert_eq!(items[0]["insertTextFormat"], 2);
    assert_eq!(
        items[0]["insertText"],
        "cidrsubnet(${1:prefix}, ${2:newbits}, ${3:netnum})$0"
    );
    server.shutdown();
}

#[test]
fn a_diagnostic_about_no_file_is_shown_at_the_start_of_the_root_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lsp-config");
    let main = uri(&root.join("main.tf"));
    let mut server = Server::start();
    // A provider schema file that does not exist: a problem of no file.
    server.initialize_with(
        &root,
        json!({"tofuAnalyzer": {"providerSchemas": ["no-such-schema.json"]}}),
    );
    let diagnostics = server.diagnostics_for(&main);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("no-such-schema.json"),
        "{diagnostics:?}"
    );
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}})
    );
    server.shutdown();
}

#[test]
fn formatting_hints_symbols_folding_and_fixes() {
    let root = fixture_root();
    let main = uri(&root.join("main.tf"));
    let net = uri(&root.join("net/main.tf"));
    #[allow(clippy::disallowed_methods)]
    let text = std::fs::read_to_string(root.join("main.tf")).unwrap();
    let mut server = Server::start();
    server.initialize(&root);

    // Formatting: `tofu fmt`'s edits; none with a syntax error.
    let unformatted = text.replace("  cidr   = ", "  cidr = ");
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": main, "languageId": "opentofu", "version": 1, "text": unformatted}}),
    );
    let formatting =
        json!({"textDocument": {"uri": main}, "options": {"tabSize": 2, "insertSpaces": true}});
    let edits = server.request("textDocument/formatting", formatting.clone());
    assert_eq!(edits.as_array().unwrap().len(), 1, "{edits}");
    assert_eq!(edits[0]["newText"], "  cidr   = \"10.0.0.0/16\"\n");
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 2}, "contentChanges": [{"text": format!("{unformatted}\nlocals {{")}]}),
    );
    let edits = server.request("textDocument/formatting", formatting);
    assert_eq!(edits, json!([]));

    // Signature help inside a call.
    let help = server.request(
        "textDocument/signatureHelp",
        json!({"textDocument": {"uri": net}, "position": {"line": 5, "character": 31}}),
    );
    assert_eq!(help["activeParameter"], 1, "{help}");
    assert!(
        help["signatures"][0]["label"]
            .as_str()
            .unwrap()
            .starts_with("cidrsubnet(")
    );

    // Inlay hints: the types of the local and the output.
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 3}, "contentChanges": [{"text": text}]}),
    );
    let hints = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": main}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}}}),
    );
    let hint_labels: Vec<&str> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["label"].as_str().unwrap())
        .collect();
    assert_eq!(hint_labels, [": string", ": string"]);
    assert_eq!(hints[0]["position"], json!({"line": 7, "character": 6}));

    // Workspace symbols across modules.
    let symbols = server.request("workspace/symbol", json!({"query": "first"}));
    let mut found: Vec<String> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| format!("{} {}", s["name"].as_str().unwrap(), s["containerName"]))
        .collect();
    found.sort();
    assert_eq!(found, ["output.first \"net\"", "output.first null"]);

    // Folding: every block.
    let folds = server.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": main}}),
    );
    let starts: Vec<u64> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["startLine"].as_u64().unwrap())
        .collect();
    assert_eq!(starts, [0, 6, 10, 15]);

    // Semantic tokens: one per token and line, relative positions, types
    // from the announced legend.
    let tokens = server.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": main}}),
    );
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(data.len() % 5, 0);
    let (mut line, mut character) = (0, 0);
    let mut decoded = Vec::new();
    for token in data.chunks(5) {
        if token[0] > 0 {
            character = 0;
        }
        line += token[0];
        character += token[1];
        let lines: Vec<&str> = text.lines().collect();
        let slice: String = lines[line as usize]
            .chars()
            .skip(character as usize)
            .take(token[2] as usize)
            .collect();
        decoded.push((slice, token[3]));
    }
    // The first block's type is a keyword (type 0), its first label a
    // type (1).
    assert_eq!(decoded[0].1, 0, "{decoded:?}");
    assert!(
        decoded.iter().any(|(t, k)| t == "region" && *k == 3),
        "{decoded:?}"
    );
    assert!(
        decoded.iter().any(|(t, k)| t == "var" && *k == 4),
        "{decoded:?}"
    );

    // Fixes for a misspelt reference: the suggestion and a declaration.
    let broken = text.replace("var.region}a", "var.regoin}a");
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 4}, "contentChanges": [{"text": broken}]}),
    );
    // Earlier edits' diagnostics may come first.
    let diagnostics = loop {
        let diagnostics = server.diagnostics_for(&main);
        if diagnostics
            .iter()
            .any(|d| d["message"].as_str().unwrap().contains("regoin"))
        {
            break diagnostics;
        }
    };
    let actions = server.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": main}, "range": diagnostics[0]["range"], "context": {"diagnostics": diagnostics}}),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Change to \"region\"", "Declare variable \"regoin\""]
    );
    let edit = &actions[0]["edit"]["changes"][&main][0];
    assert_eq!(edit["newText"], "region");
    assert_eq!(edit["range"]["start"], position(&broken, "regoin"));
    server.shutdown();
}

#[test]
fn a_duplicate_points_at_the_other_declaration() {
    let root = fixture_root();
    let main = uri(&root.join("main.tf"));
    #[allow(clippy::disallowed_methods)]
    let text = std::fs::read_to_string(root.join("main.tf")).unwrap();
    let mut server = Server::start();
    server.initialize(&root);
    let duplicated = format!("{text}\nvariable \"region\" {{}}\n");
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": main, "languageId": "opentofu", "version": 1, "text": duplicated}}),
    );
    let diagnostics = server.diagnostics_for(&main);
    let duplicate = diagnostics
        .iter()
        .find(|d| d["code"] == "duplicate-variable-declaration")
        .unwrap_or_else(|| panic!("{diagnostics:?}"));
    let related = &duplicate["relatedInformation"][0]["location"];
    assert_eq!(related["uri"], main.as_str(), "{duplicate}");
    assert_eq!(
        related["range"]["start"],
        json!({"line": 0, "character": 0})
    );
    server.shutdown();
}
