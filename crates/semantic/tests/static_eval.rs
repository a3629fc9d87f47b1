//! Static evaluation: const-ness with its reasons, static values, and
//! the diagnostics of static contexts.

use tofu_semantic::{
    Constness, Database, DeclKind, DynamicReason, ModuleDir, SourceFile, StaticCall, Workspace,
    is_const, static_call_diagnostics, static_local_value, static_module_source,
};

fn module(db: &Database, dir: &str, text: &str) -> ModuleDir {
    let path = if dir.is_empty() {
        "main.tf".to_owned()
    } else {
        format!("{dir}/main.tf")
    };
    let file = SourceFile::new(db, path, text.to_owned(), true);
    ModuleDir::new(db, dir.to_owned(), vec![file], Vec::new())
}

const ROOT: &str = r#"
variable "region" {
  default = "eu"
}
variable "never" {
  const   = false
  default = "x"
}
resource "aws_instance" "x" {}
locals {
  a = local.b
  b = aws_instance.x.id
  c = "${var.region}-${path.module}"
  d = var.never
  e = local.e
  dir = "./mod${upper("ule")}s"
}
module "child" {
  source       = local.dir
  name         = local.c
  dynamic_name = local.a
}
"#;

const CHILD: &str = r#"
variable "name" {}
variable "dynamic_name" {}
locals {
  x = var.dynamic_name
  y = "${var.name}!"
}
"#;

fn tree() -> (Database, Workspace, ModuleDir) {
    let db = Database::default();
    let root = module(&db, "", ROOT);
    let child = module(&db, "modULEs", CHILD);
    let workspace = Workspace::new(&db, vec![root, child], Vec::new());
    (db, workspace, root)
}

/// The static call of the module graph's instance at the call `path`
/// from the root (the graph follows the calls, their sources included).
fn call_of(db: &Database, workspace: Workspace, path: &str) -> StaticCall {
    let instance = tofu_semantic::module_graph(db, workspace)
        .instances
        .iter()
        .find(|i| i.path.join(".") == path)
        .unwrap_or_else(|| panic!("no instance at {path}"));
    StaticCall::of_instance(instance)
}

#[test]
fn constness_names_the_chain_to_what_is_dynamic() {
    let (db, workspace, root) = tree();
    let at_root = StaticCall::root(root);
    let in_child = call_of(&db, workspace, "child");
    let of =
        |call: &StaticCall, kind: DeclKind| is_const(&db, workspace, call.clone(), kind).clone();
    let local = |name: &str| DeclKind::Local(name.to_owned());

    assert_eq!(of(&at_root, local("c")), Constness::Const);
    assert_eq!(
        of(&at_root, DeclKind::Variable("region".to_owned())),
        Constness::Const
    );
    assert_eq!(
        of(&at_root, local("a")),
        Constness::Dynamic {
            chain: vec![
                "local.a".to_owned(),
                "local.b".to_owned(),
                "aws_instance.x".to_owned()
            ],
            reason: DynamicReason::NeedsState,
        }
    );
    assert_eq!(
        of(&at_root, local("a")).to_string(),
        "local.a -> local.b -> aws_instance.x"
    );
    assert_eq!(
        of(&at_root, local("d")),
        Constness::Dynamic {
            chain: vec!["local.d".to_owned(), "var.never".to_owned()],
            reason: DynamicReason::DeclaredNotConst,
        }
    );
    assert!(matches!(
        of(&at_root, local("e")),
        Constness::Dynamic {
            reason: DynamicReason::Circular,
            ..
        }
    ));

    // A child's variables are as static as its caller's arguments.
    assert_eq!(of(&in_child, local("y")), Constness::Const);
    assert_eq!(
        of(&in_child, local("x")).to_string(),
        "module.child:local.x -> module.child:var.dynamic_name -> local.a -> local.b -> aws_instance.x"
    );
}

#[test]
fn static_values_and_sources() {
    let (db, workspace, root) = tree();
    let at_root = StaticCall::root(root);
    let in_child = call_of(&db, workspace, "child");
    let c = static_local_value(&db, workspace, at_root.clone(), "c".to_owned());
    assert!(!c.failed, "{:?}", c.diagnostics);
    assert_eq!(c.value.as_str(), Some("eu-."));
    // The source is an expression: the tree follows it.
    assert_eq!(
        static_module_source(&db, workspace, at_root.clone(), "child".to_owned()).as_deref(),
        Some("./modULEs")
    );
    let y = static_local_value(&db, workspace, in_child, "y".to_owned());
    assert_eq!(y.value.as_str(), Some("eu-.!"));
    // Nothing static uses the dynamic argument: nothing to report.
    assert!(static_call_diagnostics(&db, workspace, at_root).is_empty());
}

#[test]
fn errors_sit_on_the_reference_with_follow_ons_along_the_chain() {
    let db = Database::default();
    let root = module(
        &db,
        "",
        "resource \"r\" \"x\" {}\nlocals {\n  a = local.b\n  b = r.x.id\n}\nmodule \"m\" {\n  source = local.a\n}\n",
    );
    let workspace = Workspace::new(&db, vec![root], Vec::new());
    let found = static_call_diagnostics(&db, workspace, StaticCall::root(root));
    let text = root.files(&db)[0].text(&db).clone();
    let line = |offset: u32| text[..offset as usize].matches('\n').count() + 1;
    let summary: Vec<(usize, &str, &str)> = found
        .iter()
        .map(|d| {
            let tofu_diagnostics::Location { file: _, range } =
                d.location.expect("every one has a place");
            (
                line(range.start().into()),
                d.summary.as_str(),
                d.detail.as_str(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (
                4,
                "Dynamic value in static context",
                "Unable to use r.x in static context, which is required by local.b"
            ),
            (
                3,
                "Unable to compute static value",
                "local.a depends on local.b which is not available"
            ),
            (
                7,
                "Unable to compute static value",
                "module.m.source depends on local.a which is not available"
            ),
        ]
    );
}
