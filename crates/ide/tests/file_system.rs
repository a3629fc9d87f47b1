//! The host reads everything through the file system it is given: a tree
//! held in memory reports exactly what the same tree on disk reports, a
//! root that cannot be read fails the same way, and a host that sees
//! `tofu init` write `.terraform/modules/modules.json` reports what a
//! fresh load would.

#![allow(clippy::disallowed_methods)] // the trees on disk are written here

use std::{
    io,
    path::{Path, PathBuf},
    sync::{Arc, RwLock},
};

use tofu_ide::{
    check::{CheckError, CheckOptions, CheckReport, SharedFileSystem},
    eval::{DirEntry, FileKind, FileSystem, MemoryFileSystem},
    host::{AnalysisHost, Change},
    variable_inputs::{VariableInputs, VariableOption},
};

/// A root module calling a local child, with a variables file, a file
/// `file()` reads, a test file, and a syntax error in the child.
const TREE: &[(&str, &str)] = &[
    (
        "main.tf",
        r#"variable "name" {
  type = string
}

module "x" {
  source = "./modules/x"
  name   = var.name
}

locals {
  text   = file("${path.module}/a.txt")
  number = tonumber(local.text)
}

output "greeting" {
  value = "${module.x.greeting} ${local.text}"
}
"#,
    ),
    ("a.txt", "not a number"),
    ("terraform.tfvars", "name = \"world\"\nundeclared = 1\n"),
    ("extra.tfvars", "name = 5\nother = true\n"),
    (
        "modules/x/main.tf",
        r#"variable "name" {
  type = string
}

output "greeting" {
  value = "hello ${var.name}"
}

locals {
  broken =
}
"#,
    ),
    (
        "tests/a.tftest.hcl",
        r#"run "plan" {
  command = plan

  variables {
    name = "test"
  }

  assert {
    condition     = output.missing == "x"
    error_message = "wrong"
  }

  bogus = true
}
"#,
    ),
];

/// How a tree is checked: as `tofu validate`, or as `tofu plan` with
/// `-var-file`s relative to the root.
struct Mode {
    name: &'static str,
    plan: bool,
    var_files: &'static [&'static str],
    /// Texts some diagnostic's summary or detail must contain, so that a
    /// file read from the wrong place shows.
    expected: &'static [&'static str],
}

const MODES: &[Mode] = &[
    Mode {
        name: "validate",
        plan: false,
        var_files: &[],
        expected: &["Invalid expression", "a.tftest.hcl"],
    },
    Mode {
        name: "plan",
        plan: true,
        var_files: &["extra.tfvars"],
        expected: &[
            "Invalid expression",
            "a.tftest.hcl",
            "undeclared",
            "other",
            "not a number",
        ],
    },
];

fn memory_tree(root: &Path, files: &[(&str, &str)]) -> MemoryFileSystem {
    let mut fs = MemoryFileSystem::new(root);
    for (path, text) in files {
        fs.insert(root.join(path), *text);
    }
    fs
}

fn write_tree(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn check(
    root: &Path,
    mode: &Mode,
    fs: Option<&SharedFileSystem>,
) -> Result<CheckReport, CheckError> {
    let options: Vec<VariableOption> = mode
        .var_files
        .iter()
        .map(|file| VariableOption::VarFile(file.to_string()))
        .collect();
    let inputs = VariableInputs {
        options: &options,
        working_dir: root,
        environment: &[],
    };
    let check = CheckOptions {
        file_system: fs,
        plan: mode.plan.then_some(inputs),
        variables: Some(inputs),
        ..CheckOptions::default()
    };
    let host = AnalysisHost::load(root, &check)?;
    Ok(host.analysis().report().unwrap())
}

fn assert_same_report(memory: &CheckReport, disk: &CheckReport, mode: &str) {
    assert_eq!(memory.root, disk.root, "{mode}");
    assert_eq!(memory.modules, disk.modules, "{mode}");
    assert_eq!(memory.sources, disk.sources, "{mode}");
    assert_eq!(memory.diagnostics, disk.diagnostics, "{mode}");
    assert_eq!(memory.loads, disk.loads, "{mode}");
}

/// The tree loaded from memory (while nothing is on disk at its root)
/// reports exactly what it reports once written there and loaded from
/// disk.
#[test]
fn a_tree_in_memory_reports_as_on_disk() {
    for mode in MODES {
        let temp = tempfile::tempdir().unwrap();
        let root = temp.path().join("tree");
        let fs: SharedFileSystem = Arc::new(memory_tree(&root, TREE));
        let memory = check(&root, mode, Some(&fs)).unwrap();
        assert!(!root.exists(), "{}: nothing was written", mode.name);

        write_tree(&root, TREE);
        let disk = check(&root, mode, None).unwrap();
        assert_same_report(&memory, &disk, mode.name);

        let lines = memory.comparable_lines();
        for expected in mode.expected {
            assert!(
                lines.iter().any(|line| line.contains(expected)),
                "{}: {expected:?} in {lines:#?}",
                mode.name
            );
        }
        let dirs: Vec<&str> = memory.modules.iter().map(|m| m.dir.as_str()).collect();
        assert_eq!(dirs, ["", "modules/x"], "{}", mode.name);
        assert_eq!(memory.modules[0].tests, ["tests/a.tftest.hcl"]);
    }
}

/// A root that cannot be loaded fails with the same error, of the same
/// kind, from memory as from disk.
#[test]
fn an_unreadable_root_fails_as_on_disk() {
    // The root (relative to the temporary directory), and the files
    // around it.
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("missing", &[("elsewhere/main.tf", "")]),
        ("file.tf", &[("file.tf", "")]),
        ("file.tf/below", &[("file.tf", "")]),
    ];
    let describe = |result: Result<CheckReport, CheckError>| match result {
        Ok(_) => "loaded".to_owned(),
        Err(CheckError::NotADirectory(path)) => format!("not a directory: {}", path.display()),
        Err(CheckError::Unreadable(path, err)) => {
            format!("unreadable: {} ({:?})", path.display(), err.kind())
        }
    };
    for (root, files) in cases {
        let temp = tempfile::tempdir().unwrap();
        let base = temp.path().join("base");
        let root = base.join(root);
        let fs: SharedFileSystem = Arc::new(memory_tree(&base, files));
        let memory = describe(check(&root, &MODES[0], Some(&fs)));
        write_tree(&base, files);
        let disk = describe(check(&root, &MODES[0], None));
        assert_eq!(memory, disk, "{}", root.display());
        assert_ne!(memory, "loaded");
    }
}

/// A memory file system that changes while the host holds it.
struct Shared(RwLock<MemoryFileSystem>);

impl Shared {
    fn write(&self, path: &Path, text: &str) {
        self.0.write().unwrap().insert(path, text);
    }

    fn remove(&self, path: &Path) {
        self.0.write().unwrap().remove(path);
    }
}

impl FileSystem for Shared {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        self.0.read().unwrap().read(path)
    }

    fn kind(&self, path: &Path) -> io::Result<FileKind> {
        self.0.read().unwrap().kind(path)
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>> {
        self.0.read().unwrap().read_dir(path)
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        self.0.read().unwrap().current_dir()
    }

    fn home_dir(&self) -> Option<PathBuf> {
        self.0.read().unwrap().home_dir()
    }

    fn entries(&self, path: &Path) -> io::Result<Vec<DirEntry>> {
        self.0.read().unwrap().entries(path)
    }

    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        self.0.read().unwrap().canonicalize(path)
    }
}

const MANIFEST: &str = ".terraform/modules/modules.json";

const INSTALLED: &str = r#"{"Modules":[
  {"Key":"","Source":"","Dir":"."},
  {"Key":"net","Source":"registry.opentofu.org/acme/net/aws","Version":"1.0.0","Dir":".terraform/modules/net"}
]}"#;

/// What `tofu init` and the user do to a tree, step by step.
enum Step {
    /// Files written, then told to the host as changed on disk.
    OnDisk(&'static [(&'static str, &'static str)]),
    /// A file written, and its text given to the host.
    Set(&'static str, &'static str),
    /// A file removed, and the host told it changed on disk.
    Removed(&'static str),
}

/// Whatever `tofu init` does to `.terraform/modules`, the host that is
/// told reports what a host loaded afresh reports; and each step
/// changes what it reports.
#[test]
fn module_manifest_changes_reload_installed_modules() {
    let root = PathBuf::from("/work/tree");
    let memory = memory_tree(
        &root,
        &[
            (
                "main.tf",
                "module \"net\" {\n  source  = \"acme/net/aws\"\n  version = \"1.0.0\"\n}\n\noutput \"id\" {\n  value = module.net.id\n}\n",
            ),
            ("modules/local/main.tf", "output \"x\" {\n  value = 1\n}\n"),
        ],
    );
    let shared = Arc::new(Shared(RwLock::new(memory)));
    let fs: SharedFileSystem = shared.clone();
    let options = CheckOptions {
        file_system: Some(&fs),
        ..CheckOptions::default()
    };
    let summary = |report: &CheckReport| {
        let mut dirs: Vec<String> = report.modules.iter().map(|m| m.dir.clone()).collect();
        dirs.sort();
        (report.comparable_lines(), dirs, report.loads)
    };
    let mut host = AnalysisHost::load(&root, &options).unwrap();
    let mut before = summary(&host.analysis().report().unwrap());

    let steps: &[(&str, Step)] = &[
        (
            "tofu init",
            Step::OnDisk(&[
                (
                    ".terraform/modules/net/main.tf",
                    "output \"id\" {\n  value = local.missing\n}\n",
                ),
                (MANIFEST, INSTALLED),
            ]),
        ),
        (
            "a broken manifest",
            Step::OnDisk(&[(MANIFEST, "{ not json")]),
        ),
        (
            "the manifest as an editor has it",
            Step::Set(MANIFEST, INSTALLED),
        ),
        (
            "the installed module fixed",
            Step::OnDisk(&[
                (
                    ".terraform/modules/net/main.tf",
                    "output \"id\" {\n  value = 1\n}\n",
                ),
                (MANIFEST, INSTALLED),
            ]),
        ),
        ("the manifest removed", Step::Removed(MANIFEST)),
    ];
    for (name, step) in steps {
        let mut change = Change::new();
        // A text given in the change reaches the file system only after
        // the host took it, so the host must use the text it was given.
        let mut written_after = None;
        match step {
            Step::OnDisk(files) => {
                for (path, text) in *files {
                    shared.write(&root.join(path), text);
                    change.changed_on_disk(*path);
                }
            }
            Step::Set(path, text) => {
                change.set_file(*path, *text);
                written_after = Some((root.join(path), *text));
            }
            Step::Removed(path) => {
                shared.remove(&root.join(path));
                change.changed_on_disk(root.join(path));
            }
        }
        host.apply_change(change);
        let incremental = summary(&host.analysis().report().unwrap());
        if let Some((path, text)) = written_after {
            shared.write(&path, text);
        }
        let fresh = AnalysisHost::load(&root, &options).unwrap();
        let fresh = summary(&fresh.analysis().report().unwrap());
        assert_eq!(incremental, fresh, "after {name}");
        assert_ne!(incremental, before, "{name} changes the report");
        before = incremental;
    }
}

/// `tofu init` run again after a call was added: the module installed
/// before keeps its inputs, so none of its files is parsed again, and
/// the report equals a fresh load's.
#[test]
fn a_module_installed_again_keeps_its_inputs() {
    let root = PathBuf::from("/work/tree");
    let calls = "module \"net\" {\n  source  = \"acme/net/aws\"\n  version = \"1.0.0\"\n}\n\nmodule \"dns\" {\n  source  = \"acme/dns/aws\"\n  version = \"1.0.0\"\n}\n";
    let memory = memory_tree(
        &root,
        &[
            ("main.tf", calls),
            (
                ".terraform/modules/net/main.tf",
                "output \"id\" {\n  value = 1\n}\n",
            ),
            (MANIFEST, INSTALLED),
        ],
    );
    let shared = Arc::new(Shared(RwLock::new(memory)));
    let fs: SharedFileSystem = shared.clone();
    let options = CheckOptions {
        file_system: Some(&fs),
        log_queries: true,
        ..CheckOptions::default()
    };
    let mut host = AnalysisHost::load(&root, &options).unwrap();
    host.analysis().report().unwrap();
    host.take_executed_queries();

    let both = r#"{"Modules":[
  {"Key":"","Source":"","Dir":"."},
  {"Key":"net","Source":"registry.opentofu.org/acme/net/aws","Version":"1.0.0","Dir":".terraform/modules/net"},
  {"Key":"dns","Source":"registry.opentofu.org/acme/dns/aws","Version":"1.0.0","Dir":".terraform/modules/dns"}
]}"#;
    shared.write(
        &root.join(".terraform/modules/dns/main.tf"),
        "output \"zone\" {\n  value = \"z\"\n}\n",
    );
    shared.write(&root.join(MANIFEST), both);
    let mut change = Change::new();
    change.changed_on_disk(MANIFEST);
    host.apply_change(change);
    let incremental = host.analysis().report().unwrap().comparable_lines();
    let parsed = host
        .take_executed_queries()
        .iter()
        .filter(|q| *q == "parse")
        .count();
    assert_eq!(parsed, 1, "only the newly installed module's file");
    let fresh = AnalysisHost::load(
        &root,
        &CheckOptions {
            file_system: Some(&fs),
            ..CheckOptions::default()
        },
    )
    .unwrap();
    assert_eq!(
        incremental,
        fresh.analysis().report().unwrap().comparable_lines()
    );
}
