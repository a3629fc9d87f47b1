//! Module instances evaluated as a plan evaluates them, and what an edit
//! to a variable's value makes run again.

use std::collections::BTreeMap;

use salsa::Setter;
use tofu_semantic::{
    Database, EvalMode, Evaluation, InstanceAddr, InstanceKey, ModuleDir, RootInputs, SourceFile,
    VariableSource, Workspace, evaluation_instances, instance_diagnostics, module_call_value,
    output_value,
};
use tofu_types::render::render;

fn file(db: &Database, path: &str, text: &str) -> SourceFile {
    SourceFile::new(db, path.to_owned(), text.to_owned(), true)
}

struct Tree {
    db: Database,
    root: ModuleDir,
    evaluation: Evaluation,
    tfvars: SourceFile,
}

/// A root module calling `./a` (with `var.a`) and `./b` (with `var.b`),
/// both copies of one module, with values from a tfvars file.
fn tree(mode: EvalMode) -> Tree {
    let db = Database::with_execution_log();
    let root_file = file(
        &db,
        "main.tf",
        r#"
variable "a" {
  type = string
}
variable "b" {
  type = list(string)
}
locals {
  names = { for n in var.b : n => upper(n) }
}
module "a" {
  source = "./a"
  count  = 2
  name   = "${var.a}-${count.index}"
}
module "b" {
  source   = "./b"
  for_each = local.names
  name     = each.value
}
output "a" {
  value = module.a[*].greeting
}
"#,
    );
    let child = |dir: &str| {
        let main = file(
            &db,
            &format!("{dir}/main.tf"),
            "variable \"name\" {\n  type = string\n}\noutput \"greeting\" {\n  value = \"hello ${var.name}\"\n}\n",
        );
        ModuleDir::new(&db, dir.to_owned(), vec![main], Vec::new())
    };
    let root = ModuleDir::new(&db, String::new(), vec![root_file], Vec::new());
    let (a, b) = (child("a"), child("b"));
    let workspace = Workspace::new(&db, vec![root, a, b], Vec::new());
    let tfvars = file(&db, "terraform.tfvars", "a = \"x\"\nb = [\"p\", \"q\"]\n");
    let inputs = RootInputs::new(
        &db,
        root,
        Vec::new(),
        vec![VariableSource::AutoFile(tfvars)],
    );
    let evaluation = Evaluation::new(&db, workspace, mode, Some(inputs), "/work".to_owned());
    Tree {
        db,
        root,
        evaluation,
        tfvars,
    }
}

/// Every instance's diagnostics, as `check` asks for them.
fn evaluate_all(tree: &Tree) -> Vec<String> {
    let mut out = Vec::new();
    for addr in evaluation_instances(&tree.db, tree.evaluation) {
        for d in instance_diagnostics(&tree.db, tree.evaluation, addr.clone()) {
            out.push(format!("{addr}: {}: {}", d.summary, d.detail));
        }
    }
    out
}

fn counts(executed: &[String]) -> BTreeMap<&str, usize> {
    let mut out = BTreeMap::new();
    for name in executed {
        *out.entry(name.as_str()).or_default() += 1;
    }
    out
}

#[test]
fn a_plan_expands_module_calls_and_evaluates_their_outputs() {
    let tree = tree(EvalMode::Plan);
    let root = InstanceAddr::root(tree.root);
    let (db, ev) = (&tree.db, tree.evaluation);
    let instances: Vec<String> = evaluation_instances(db, ev)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        instances,
        [
            "",
            "module.a[0]",
            "module.a[1]",
            "module.b[\"p\"]",
            "module.b[\"q\"]"
        ]
    );
    assert_eq!(
        render(&output_value(db, ev, root.clone(), "a".to_owned()).value),
        "[\n  \"hello x-0\",\n  \"hello x-1\",\n]"
    );
    assert_eq!(
        render(module_call_value(db, ev, root.clone(), "b".to_owned())),
        "{\n  \"p\" = {\n    \"greeting\" = \"hello P\"\n  }\n  \"q\" = {\n    \"greeting\" = \"hello Q\"\n  }\n}"
    );
    // The address as the evaluation made it, with the module it loads.
    let child = evaluation_instances(db, ev)
        .iter()
        .find(|i| {
            i.last_step()
                .is_some_and(|s| s.key == InstanceKey::Str("q".to_owned()))
        })
        .expect("module.b[\"q\"] is an instance")
        .clone();
    assert_eq!(
        render(&output_value(db, ev, child, "greeting".to_owned()).value),
        "\"hello Q\""
    );
    assert!(evaluate_all(&tree).is_empty());
}

#[test]
fn validate_takes_no_values_and_expands_nothing() {
    let tree = tree(EvalMode::Validate);
    let (db, ev) = (&tree.db, tree.evaluation);
    let instances: Vec<String> = evaluation_instances(db, ev)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(instances, ["", "module.a", "module.b"]);
    let root = InstanceAddr::root(tree.root);
    assert_eq!(
        render(&output_value(db, ev, root, "a".to_owned()).value),
        "(known after apply)"
    );
}

#[test]
fn an_edit_to_one_variable_value_reevaluates_only_what_depends_on_it() {
    let mut tree = tree(EvalMode::Plan);
    assert!(evaluate_all(&tree).is_empty());
    tree.db.take_executed();

    // `b` changes, `a` does not: module.a's instances are not evaluated
    // again, module.b's (whose arguments come from `b`) are.
    tree.tfvars
        .set_text(&mut tree.db)
        .to("a = \"x\"\nb = [\"p\", \"r\"]\n".to_owned());
    assert!(evaluate_all(&tree).is_empty());
    let executed = tree.db.take_executed();
    let counts = counts(&executed);
    // The root instance reads `b`, and module.b["r"] is new; module.b["p"]
    // gets the same argument as before, so nothing of it runs again, and
    // nothing of module.a's two instances does.
    assert_eq!(counts.get("instance_diagnostics"), Some(&2), "{executed:?}");
    // The one output evaluated is the new instance's; the root's output
    // (from module.a) is taken as it was.
    assert_eq!(counts.get("output_value"), Some(&1), "{executed:?}");
    assert_eq!(counts.get("parse"), None, "{executed:?}");
    assert_eq!(
        evaluation_instances(&tree.db, tree.evaluation)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "",
            "module.a[0]",
            "module.a[1]",
            "module.b[\"p\"]",
            "module.b[\"r\"]"
        ]
    );
}
