//! Test files decoded and validated on their own, with the cases of
//! OpenTofu's `test_file_test.go` (`TestTestRun_Validate`,
//! `TestDecodeTestRunModuleBlock`) as expectations.

use crate::db::Database;
use crate::input::SourceFile;

use super::test_file_diagnostics;

/// Each diagnostic as `summary: detail @ covered text`.
fn check(name: &str, text: &str) -> Vec<String> {
    let db = Database::default();
    let file = SourceFile::new(&db, name.to_owned(), text.to_owned(), true);
    test_file_diagnostics(&db, file)
        .iter()
        .map(|d| {
            let at = d.location.map_or("-", |l| &text[l.range]);
            format!("{}: {} @ {at}", d.summary, d.detail)
        })
        .collect()
}

fn expect_failures(reference: &str) -> Vec<String> {
    check(
        "main.tftest.hcl",
        &format!("run \"test\" {{\n  expect_failures = [{reference}]\n}}\n"),
    )
}

#[test]
fn checkable_objects_can_be_expected_to_fail() {
    for reference in [
        "check.expected_check",
        "var.expected_var",
        "output.expected_output",
        "test_resource.resource",
        "resource.test_resource.resource",
        "data.test_resource.resource",
        "test_resource.resource[0].id",
    ] {
        assert_eq!(
            expect_failures(reference),
            Vec::<String>::new(),
            "{reference}"
        );
    }
}

#[test]
fn other_objects_cannot_be_expected_to_fail() {
    for (reference, subject) in [
        ("count.index", "count.index"),
        ("each.key", "each.key"),
        ("local.value", "local.value"),
        ("module.my_module", "module.my_module"),
        ("path.walk", "path.walk"),
        ("module.my_module[\"a\"].out", "module.my_module[\"a\"].out"),
    ] {
        assert_eq!(
            expect_failures(reference),
            [format!(
                "Invalid `expect_failures` reference: You cannot expect failures from {subject}. You can only expect failures from checkable objects such as input variables, output values, check blocks, managed resources and data sources. @ {reference}"
            )],
            "{reference}"
        );
    }
}

#[test]
fn invalid_references_in_expect_failures() {
    assert_eq!(
        expect_failures("check[0]"),
        ["Invalid reference: The \"check\" object does not support this operation. @ [0]"]
    );
    assert_eq!(
        expect_failures("string"),
        [
            "Invalid reference: A reference to a resource type must be followed by at least one attribute access, specifying the resource name. @ string"
        ]
    );
}

#[test]
fn run_module_sources() {
    let module = |source: &str| {
        check(
            "main.tftest.hcl",
            &format!("run \"test\" {{\n  module {{\n    source = \"{source}\"\n  }}\n}}\n"),
        )
    };
    assert_eq!(
        module("hg"),
        [
            "Invalid module source address: OpenTofu failed to determine your intended installation method for remote module package \"hg\".\n\nIf you intended this as a path relative to the current module, use \"./hg\" instead. The \"./\" prefix indicates that the address is a relative filesystem path. @ source = \"hg\""
        ]
    );
    for source in [
        "git@github.com:opentofu/terraform-module-test.git",
        "github.com/opentofu/terraform-module-test",
        "./setup",
    ] {
        assert_eq!(module(source), Vec::<String>::new(), "{source}");
    }
}

#[test]
fn validation_waits_for_a_file_without_errors() {
    let text =
        "run \"a\" {\n  command = destroy\n}\nrun \"b\" {\n  expect_failures = [local.x]\n}\n";
    assert_eq!(
        check("main.tftest.hcl", text),
        [
            "Invalid \"command\" keyword: The \"command\" argument requires one of the following keywords without quotes: apply or plan. @ destroy"
        ]
    );
}

#[test]
fn json_test_files() {
    let text = r#"{
  "run": {
    "a": {
      "command": "plan",
      "expect_failures": ["local.x", "var.y"],
      "plan_options": {"mode": "refresh-only", "refresh": true}
    }
  },
  "override_module": [
    {"target": "module.a"},
    {"target": "module.a"}
  ]
}
"#;
    assert_eq!(
        check("main.tftest.json", text),
        [
            "Duplicated `override_module` block: It is not allowed to have multiple `override_module` blocks with the same target: `module.a`. @ module.a",
            "Invalid `expect_failures` reference: You cannot expect failures from local.x. You can only expect failures from checkable objects such as input variables, output values, check blocks, managed resources and data sources. @ local.x",
        ]
    );
}

#[test]
fn a_missing_file_reports_nothing() {
    let db = Database::default();
    let file = SourceFile::new(&db, "a.tftest.hcl".to_owned(), "run {".to_owned(), false);
    assert!(test_file_diagnostics(&db, file).is_empty());
}
