//! Static types: every module typed on its own, types flowing across
//! calls, and what an edit to a child's variable type makes run again.

use std::collections::BTreeMap;

use salsa::Setter;
use tofu_semantic::{
    Database, DeclKind, EvalMode, Evaluation, ModuleDir, SourceFile, Workspace, declaration_type,
    expression_type, module_type_diagnostics,
};
use tofu_syntax::TextSize;

fn file(db: &Database, path: &str, text: &str) -> SourceFile {
    SourceFile::new(db, path.to_owned(), text.to_owned(), true)
}

const ROOT: &str = r#"
variable "n" {
  type = number
}
locals {
  label  = "x-${var.n}"
  shout  = module.lib.upper
  pairs  = { for i, s in module.lib.parts : s => i }
}
module "lib" {
  source = "./lib"
  name   = local.label
}
"#;

const LIB: &str = r#"
variable "name" {
  type = string
}
output "upper" {
  value = upper(var.name)
}
output "parts" {
  value = split("-", var.name)
}
"#;

struct Tree {
    db: Database,
    modules: [ModuleDir; 3],
    lib_file: SourceFile,
    root_file: SourceFile,
    types: Evaluation,
}

/// A root module calling `./lib`, and `other`, a root module of its own
/// that calls nothing.
fn tree() -> Tree {
    let db = Database::with_execution_log();
    let root_file = file(&db, "main.tf", ROOT);
    let lib_file = file(&db, "lib/main.tf", LIB);
    let other_file = file(
        &db,
        "other/main.tf",
        "locals {\n  a = [for x in [1] : x]\n}\n",
    );
    let root = ModuleDir::new(&db, String::new(), vec![root_file], Vec::new());
    let lib = ModuleDir::new(&db, "lib".to_owned(), vec![lib_file], Vec::new());
    let other = ModuleDir::new(&db, "other".to_owned(), vec![other_file], Vec::new());
    let workspace = Workspace::new(&db, vec![root, lib, other], Vec::new());
    let types = Evaluation::new(&db, workspace, EvalMode::Types, None, "/work".to_owned());
    Tree {
        db,
        modules: [root, lib, other],
        lib_file,
        root_file,
        types,
    }
}

/// Every module's type errors, as `check` asks for them.
fn type_errors(tree: &Tree) -> Vec<String> {
    tree.modules
        .iter()
        .flat_map(|m| module_type_diagnostics(&tree.db, tree.types, *m))
        .map(|d| format!("{}: {}", d.summary, d.detail))
        .collect()
}

fn counts(executed: &[String]) -> BTreeMap<&str, usize> {
    let mut out = BTreeMap::new();
    for name in executed {
        *out.entry(name.as_str()).or_default() += 1;
    }
    out
}

#[test]
fn types_flow_across_calls() {
    let tree = tree();
    let (db, ev) = (&tree.db, tree.types);
    let [root, lib, _] = tree.modules;
    let type_of =
        |module, kind: DeclKind| declaration_type(db, ev, module, &kind).map(|t| t.to_string());
    assert_eq!(
        type_of(lib, DeclKind::Output("upper".into())).as_deref(),
        Some("string")
    );
    assert_eq!(
        type_of(lib, DeclKind::Output("parts".into())).as_deref(),
        Some("list(string)")
    );
    assert_eq!(
        type_of(root, DeclKind::ModuleCall("lib".into())).as_deref(),
        Some("object({parts=list(string),upper=string})")
    );
    assert_eq!(
        type_of(root, DeclKind::Local("label".into())).as_deref(),
        Some("string")
    );
    // A `for` over a list that is not known is unknown of dynamic type,
    // as HCL's: once known it is an object, not a map.
    assert_eq!(
        type_of(root, DeclKind::Local("pairs".into())).as_deref(),
        Some("any")
    );
    assert_eq!(
        type_of(root, DeclKind::Variable("n".into())).as_deref(),
        Some("number")
    );
    let at = |needle: &str| TextSize::from(ROOT.find(needle).expect("in the text") as u32);
    let expression =
        |needle| expression_type(db, ev, root, tree.root_file, at(needle)).map(|t| t.to_string());
    // `module.lib` in `module.lib.upper`, then the whole traversal.
    assert_eq!(
        expression("lib.upper").as_deref(),
        Some("object({parts=list(string),upper=string})")
    );
    assert_eq!(expression("upper\n").as_deref(), Some("string"));
    // Inside a `for`: the names it binds are dynamic.
    assert_eq!(expression("s => i").as_deref(), Some("any"));
    assert!(type_errors(&tree).is_empty(), "{:?}", type_errors(&tree));
}

#[test]
fn an_edit_to_a_child_variable_type_rechecks_only_its_callers() {
    let mut tree = tree();
    assert!(type_errors(&tree).is_empty());
    tree.db.take_executed();

    tree.lib_file
        .set_text(&mut tree.db)
        .to(LIB.replace("type = string", "type = list(string)"));
    let errors = type_errors(&tree);
    let executed = tree.db.take_executed();
    let counts = counts(&executed);
    // The caller's argument no longer fits; the child's own outputs no
    // longer type check (upper of a list).
    assert_eq!(
        errors,
        [
            "Invalid value for input variable: The given value is not suitable for module.lib.var.name declared at lib/main.tf:2,1-16: list of string required, but have string.",
            "Invalid function argument: Invalid value for \"str\" parameter: string required, but have list of string.",
            "Invalid function argument: Invalid value for \"str\" parameter: string required, but have list of string.",
        ],
        "{executed:?}"
    );
    // lib's and its caller's checks ran again; `other`'s did not.
    assert_eq!(
        counts.get("module_type_diagnostics"),
        Some(&2),
        "{executed:?}"
    );
    assert_eq!(counts.get("parse"), Some(&1), "{executed:?}");
}
