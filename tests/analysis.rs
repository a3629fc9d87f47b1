//! The embedding host: open a tree, edit it, ask about it.

use std::path::Path;

use tofu_ide::check::{CheckOptions, Diagnostic};
use tofu_ide::host::{AnalysisHost, Change};
use tofu_ide::semantic_db::{Constness, DeclKind, Reference};
use tofu_ide::syntax::TextSize;
use tofu_ide::{analysis::DeclarationAt, types::Type};

/// A host and the questions these tests ask its snapshots; nothing
/// changes it while a snapshot answers, so none is cancelled.
struct Analysis(AnalysisHost);

impl Analysis {
    fn open(root: &Path) -> Result<Analysis, tofu_ide::check::CheckError> {
        AnalysisHost::load(root, &CheckOptions::default()).map(Analysis)
    }

    /// Sets a file's text; whether the tree had it before.
    fn set_file_text(&mut self, path: &str, text: String) -> bool {
        let known = self.file_text(path).is_some();
        let mut change = Change::new();
        change.set_file(path, text);
        self.0.apply_change(change);
        known
    }

    fn remove_file(&mut self, path: &str) {
        let mut change = Change::new();
        change.remove_file(path);
        self.0.apply_change(change);
    }

    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.0.analysis().report().unwrap().diagnostics
    }

    fn file_text(&self, path: &str) -> Option<String> {
        self.0.analysis().file_text(path)
    }

    fn definition(&self, path: &str, offset: TextSize) -> Option<DeclarationAt> {
        self.0.analysis().definition(path, offset).unwrap()
    }

    fn references_to(&self, module: &str, kind: &DeclKind) -> Vec<Reference> {
        self.0.analysis().references_to(module, kind).unwrap()
    }

    fn type_of_declaration(&self, module: &str, kind: &DeclKind) -> Option<Type> {
        self.0.analysis().type_of_declaration(module, kind).unwrap()
    }

    fn type_of(&self, path: &str, offset: TextSize) -> Option<Type> {
        self.0.analysis().type_of(path, offset).unwrap()
    }

    fn is_const(&self, module: &str, kind: &DeclKind) -> Option<Constness> {
        self.0.analysis().is_const(module, kind).unwrap()
    }
}

fn fixture() -> Analysis {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/analysis");
    Analysis::open(&root).expect("the fixture opens")
}

/// The summaries of every diagnostic, in order.
fn summaries(analysis: &Analysis) -> Vec<String> {
    analysis
        .diagnostics()
        .iter()
        .map(|d| d.summary.clone())
        .collect()
}

fn offset_of(text: &str, needle: &str) -> TextSize {
    TextSize::from(text.find(needle).expect("in the text") as u32)
}

#[test]
fn definitions_and_references() {
    let analysis = fixture();
    let text = analysis.file_text("main.tf").expect("main.tf").to_owned();
    let definition = analysis
        .definition(
            "main.tf",
            offset_of(&text, "var.region") + TextSize::from(5),
        )
        .expect("var.region has a definition");
    assert_eq!(definition.kind, DeclKind::Variable("region".into()));
    assert_eq!(definition.path, "main.tf");
    assert_eq!(&text[definition.range], "variable \"region\"");

    let uses = analysis.references_to("", &DeclKind::Local("zone".into()));
    let used_at: Vec<&str> = uses.iter().map(|r| &text[r.range]).collect();
    assert_eq!(used_at, ["local.zone"]);
    assert!(analysis.diagnostics().is_empty());
}

#[test]
fn constness_of_declarations() {
    let mut analysis = fixture();
    let constness = analysis
        .is_const("", &DeclKind::Local("zone".into()))
        .expect("the root is in the tree");
    assert!(constness.is_const(), "{constness}");
    let text = analysis.file_text("main.tf").expect("main.tf").to_owned();
    let edited = text.replace(
        "\"${var.region}-a\"",
        "terraform_data.x.id\n  via = local.zone",
    );
    assert!(analysis.set_file_text("main.tf", edited));
    let via = analysis
        .is_const("", &DeclKind::Local("via".into()))
        .expect("the root is in the tree");
    assert_eq!(
        via.to_string(),
        "local.via -> local.zone -> terraform_data.x"
    );
}

#[test]
fn edits_update_the_answers() {
    let mut analysis = fixture();
    let text = analysis
        .file_text("main.tf")
        .unwrap()
        .replace("local.zone", "local.zones");
    assert!(analysis.set_file_text("main.tf", text));
    assert_eq!(
        summaries(&analysis),
        ["Reference to undeclared local value"]
    );
    // A new file joins the tree and its module.
    assert!(!analysis.set_file_text("new.tf", "locals {\n  zones = 1\n}\n".into()));
    assert!(analysis.diagnostics().is_empty());
    analysis.remove_file("new.tf");
    assert_eq!(
        summaries(&analysis),
        ["Reference to undeclared local value"]
    );
}

#[test]
fn definitions_and_references_in_json_files() {
    let root =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics/json_references_valid");
    let analysis = Analysis::open(&root).expect("the fixture opens");
    let text = analysis
        .file_text("main.tf.json")
        .expect("main.tf.json")
        .to_owned();
    let definition = analysis
        .definition(
            "main.tf.json",
            offset_of(&text, "local.joined}") + TextSize::from(7),
        )
        .expect("local.joined has a definition");
    assert_eq!(definition.kind, DeclKind::Local("joined".into()));

    let uses = analysis.references_to("", &DeclKind::Local("joined".into()));
    let used_at: Vec<&str> = uses.iter().map(|r| &text[r.range]).collect();
    assert_eq!(used_at, ["local.joined", "local.joined"]);

    // depends_on elements are traversals, read from the string's quote
    // as HCL reads them.
    let uses = analysis.references_to("", &DeclKind::ModuleCall("child".into()));
    let used_at: Vec<&str> = uses.iter().map(|r| &text[r.range]).collect();
    assert_eq!(used_at, ["\"module.chil"]);
    assert!(analysis.diagnostics().is_empty());
}

#[test]
fn static_types_of_declarations_and_expressions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics/types_across_modules");
    let mut analysis = Analysis::open(&root).expect("the fixture opens");
    let type_of = |analysis: &Analysis, module: &str, kind: DeclKind| {
        analysis
            .type_of_declaration(module, &kind)
            .map(|t| t.to_string())
    };
    assert_eq!(
        type_of(&analysis, "", DeclKind::Local("sizes_by_zone".into())).as_deref(),
        // A `for` over a collection that is not known: an object once
        // known, so of dynamic type until then, as HCL's.
        Some("any")
    );
    assert_eq!(
        type_of(&analysis, "network", DeclKind::Output("settings".into())).as_deref(),
        Some("object({region=string,zones=list(string)})")
    );
    assert_eq!(
        type_of(&analysis, "", DeclKind::Variable("servers".into())).as_deref(),
        Some("map(object({size=number,zone=string}))")
    );
    let text = analysis.file_text("main.tf").expect("main.tf").to_owned();
    let at = offset_of(&text, "keys(var.servers)");
    assert_eq!(
        analysis
            .type_of("main.tf", at)
            .map(|t| t.to_string())
            .as_deref(),
        Some("list(string)")
    );
    // The child's output changes type; its callers' types follow.
    let child = analysis
        .file_text("network/main.tf")
        .unwrap()
        .replace("region = \"eu\"", "region = 1");
    assert!(analysis.set_file_text("network/main.tf", child));
    assert_eq!(
        type_of(&analysis, "", DeclKind::Local("merged".into())).as_deref(),
        Some("object({extra=bool,region=number,zones=list(string)})")
    );
}

#[test]
fn edits_that_change_the_module_tree_are_followed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/analysis_calls");
    let mut analysis = Analysis::open(&root).expect("the fixture opens");
    assert!(analysis.diagnostics().is_empty());
    let text = analysis.file_text("main.tf").expect("main.tf").to_owned();
    // `b` requires its `name`: called, it is missing.
    let calls_b = text.replace("\"./a\"", "\"./b\"");
    assert!(analysis.set_file_text("main.tf", calls_b));
    assert_eq!(summaries(&analysis), ["Missing required argument"]);
    // Given it, the tree is clean again; and back to `a`, as opened.
    let with_name = text.replace("\"./a\"", "\"./b\"\n  name = \"b\"");
    assert!(analysis.set_file_text("main.tf", with_name));
    assert!(analysis.diagnostics().is_empty());
    assert!(analysis.set_file_text("main.tf", text));
    assert!(analysis.diagnostics().is_empty());
}

/// A child's files found through `path.module` are named as the calling
/// root sees them (`child/missing.txt`), directly or through a local: such
/// expressions are evaluated in the child's instance, not only as its
/// static types see them (`./missing.txt`).
#[test]
fn paths_in_children_are_the_callers() {
    let root =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics/evaluation_child_paths");
    let analysis = Analysis::open(&root).expect("the fixture opens");
    let details: Vec<String> = analysis
        .diagnostics()
        .iter()
        .filter(|d| d.summary == "Invalid function argument")
        .map(|d| d.detail.split(';').next().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        details,
        [
            "Invalid value for \"path\" parameter: no file exists at \"./missing.txt\"",
            "Invalid value for \"path\" parameter: no file exists at \"child/missing.txt\"",
        ]
    );
}
