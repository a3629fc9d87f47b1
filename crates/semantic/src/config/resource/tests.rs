//! Summaries, details and lines of the resource decoders' diagnostics.

use crate::config::file_config_diagnostics;
use crate::db::Database;
use crate::input::SourceFile;

/// `summary: detail @ line` for each diagnostic of decoding one file.
fn decode(path: &str, text: &str) -> Vec<String> {
    let db = Database::default();
    let file = SourceFile::new(&db, path.to_owned(), text.to_owned(), true);
    file_config_diagnostics(&db, file)
        .iter()
        .map(|d| {
            let line = d
                .location
                .map_or(0, |tofu_diagnostics::Location { file: _, range }| {
                    text[..usize::from(range.start())].matches('\n').count() + 1
                });
            format!("{}: {} @ {line}", d.summary, d.detail)
        })
        .collect()
}

fn tf(text: &str) -> Vec<String> {
    decode("main.tf", text)
}

const BAD_NAME: &str = "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.";

#[test]
fn names_and_reserved_blocks() {
    let got = tf(r#"
resource "a b" "c d" {
  locals {}
}
data "a b" "c d" {
  locals {}
}
ephemeral "a b" "c d" {
  locals {}
}
"#);
    let reserved =
        "The block type name \"locals\" is reserved for use by OpenTofu in a future version.";
    assert_eq!(
        got,
        vec![
            format!("Invalid resource type name: {BAD_NAME} @ 2"),
            format!("Invalid resource name: {BAD_NAME} @ 2"),
            format!("Reserved block type name in resource block: {reserved} @ 3"),
            format!("Invalid data source name: {BAD_NAME} @ 5"),
            format!("Invalid data resource name: {BAD_NAME} @ 5"),
            format!("Reserved block type name in data block: {reserved} @ 6"),
            format!("Invalid ephemeral resource type name: {BAD_NAME} @ 8"),
            format!("Invalid ephemeral resource name: {BAD_NAME} @ 8"),
            format!("Reserved block type name in ephemeral block: {reserved} @ 9"),
        ]
    );
}

#[test]
fn duplicate_blocks() {
    let got = tf(r#"resource "a" "b" {
  lifecycle {}
  lifecycle {}
  connection {}
  connection {}
  _ {}
  _ {}
}
data "a" "b" {
  lifecycle {}
  lifecycle {}
  _ {}
  _ {}
}
ephemeral "a" "b" {
  lifecycle {}
  lifecycle {}
}
"#);
    let escaping = |what: &str, at: &str| {
        format!(
            "Duplicate escaping block: The special block type \"_\" can be used to force particular arguments to be interpreted as resource-type-specific rather than as meta-arguments, but each {what} block can have only one such block. The first escaping block was at {at}."
        )
    };
    assert_eq!(
        got,
        vec![
            "Duplicate lifecycle block: This resource already has a lifecycle block at main.tf:2,3-12. @ 3".to_owned(),
            "Duplicate connection block: This resource already has a connection block at main.tf:4,3-13. @ 5".to_owned(),
            escaping("resource", "main.tf:6,3-4") + " @ 7",
            "Duplicate lifecycle block: This resource already has a lifecycle block at main.tf:10,3-12. @ 11".to_owned(),
            escaping("data", "main.tf:12,3-4") + " @ 13",
            "Duplicate lifecycle block: This ephemeral resource already has a lifecycle block at main.tf:16,3-12. @ 17".to_owned(),
        ]
    );
}

#[test]
fn repetition_meta_arguments() {
    let got = tf(r#"resource "a" "b" {
  count    = 1
  for_each = {}
}
data "a" "b" {
  count = 1
  lifecycle {
    enabled = true
  }
}
ephemeral "a" "b" {
  for_each = {}
  count    = 1
  lifecycle {
    enabled = true
  }
}
"#);
    assert_eq!(
        got,
        vec![
            "Invalid combination of \"count\" and \"for_each\": The \"count\" and \"for_each\" meta-arguments are mutually-exclusive. Only one may be used to be explicit about the number of resources to be created. @ 2",
            "Invalid combination of \"count\" and \"enabled\": The \"count\" and \"enabled\" meta-arguments are mutually-exclusive. Only one may be used to be explicit about the number of data sources to be created. @ 6",
            "Invalid combination of \"count\", \"enabled\", and \"for_each\": The \"count\", \"enabled\", and \"for_each\" meta-arguments are mutually-exclusive. Only one may be used to be explicit about the number of ephemeral resources to be created. @ 12",
        ]
    );
}

#[test]
fn provider_references() {
    let got = tf(r#"resource "a" "b" {
  provider = my_prov
}
resource "a" "c" {
  provider = Prov
}
resource "a" "d" {
  provider = prov.a.b
}
resource "a" "e" {
  provider = prov["x"]
}
resource "a" "f" {
  provider = prov[each.key]
}
resource "a" "g" {
  provider = "prov.alias"
}
resource "a" "h" {
  provider = prov.alias[each.key]
}
resource "a" "i" {
  provider = prov.a["k"].c
}
"#);
    let quoted = "Quoted references are deprecated: In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this reference to silence this warning. @ 17";
    assert_eq!(
        got,
        vec![
            "Invalid provider local name: my_prov is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes @ 2",
            "Invalid provider local name: Provider names must be normalized. Replace \"Prov\" with \"prov\" to fix this error. @ 5",
            "Invalid provider configuration reference: Provider name must either stand alone or be followed by a period and then a configuration alias. @ 8",
            "Invalid provider configuration reference: Provider name must either stand alone or be followed by a period and then a configuration alias. @ 11",
            "Invalid provider configuration reference: Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key] @ 14",
            quoted,
            "Invalid provider configuration reference: The provider argument requires a provider type name, optionally followed by a period and then a configuration alias and optional instance key. @ 23",
        ]
    );
}

#[test]
fn lifecycle_arguments() {
    let got = tf(r#"resource "a" "b" {
  lifecycle {
    create_before_destroy = "no"
    ignore_changes        = ["*", "x"]
  }
}
data "a" "b" {
  lifecycle {
    prevent_destroy = true
  }
}
ephemeral "a" "b" {
  lifecycle {
    destroy = false
  }
}
"#);
    assert_eq!(
        got,
        vec![
            "Unsuitable value type: Unsuitable value: a bool is required @ 3",
            "Invalid ignore_changes wildcard: The [\"*\"] form of ignore_changes wildcard is was deprecated and is now invalid. Use \"ignore_changes = all\" to ignore changes to all attributes. @ 4",
            "Quoted references are deprecated: In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this reference to silence this warning. @ 4",
            "Invalid ignore_changes ruleset: Cannot mix wildcard string \"*\" with non-wildcard references. @ 4",
            "Invalid data resource lifecycle argument: The lifecycle argument \"prevent_destroy\" is defined only for managed resources (\"resource\" blocks), and is not valid for data resources. @ 9",
            "Invalid lifecycle configuration for ephemeral resource: The lifecycle argument \"destroy\" cannot be used in ephemeral resources. This is meant to be used strictly in \"resource\" blocks. @ 13",
        ]
    );
}

#[test]
fn replace_triggered_by() {
    let got = tf(r#"resource "a" "b" {
  lifecycle {
    replace_triggered_by = [
      a.c[each.value],
      a.c[count.value],
      var.x,
      foo,
      a.c.id + a.d.id,
    ]
  }
}
"#);
    assert_eq!(
        got,
        vec![
            "Invalid each reference in replace_triggered_by expression: Only each.key may be used in replace_triggered_by. @ 4",
            "Invalid count reference in replace_triggered_by expression: Only count.index may be used in replace_triggered_by. @ 5",
            "Invalid reference in replace_triggered_by expression: Only resources, count.index, and each.key may be used in replace_triggered_by. @ 6",
            "Invalid replace_triggered_by expression: Missing resource reference in replace_triggered_by expression. @ 6",
            "Invalid reference: A reference to a resource type must be followed by at least one attribute access, specifying the resource name. @ 7",
            "Invalid replace_triggered_by expression: Multiple resource references in replace_triggered_by expression. @ 8",
        ]
    );
}

#[test]
fn conditions() {
    let got = tf(r#"resource "a" "b" {
  lifecycle {
    precondition {
      condition     = true
      error_message = "x"
    }
    postcondition {
      condition     = a.b.id
      error_message = "${a.b.id}"
    }
  }
}
data "a" "b" {
  lifecycle {
    precondition {
      error_message = "x"
    }
  }
}
"#);
    assert_eq!(
        got,
        vec![
            "Invalid precondition expression: The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything. @ 4",
            "Invalid reference in postcondition: Configuration for a.b may not refer to itself. @ 8",
            "Invalid reference in postcondition: Configuration for a.b may not refer to itself. @ 9",
            "Missing required argument: The argument \"condition\" is required, but no definition was found. @ 15",
        ]
    );
}

#[test]
fn conditions_in_override_files() {
    let got = decode(
        "main_override.tf",
        r#"resource "a" "b" {
  lifecycle {
    precondition {
      condition     = true
      error_message = "x"
    }
  }
}
"#,
    );
    assert_eq!(
        got,
        vec![
            "Can't override precondition blocks: Override files cannot override \"precondition\" blocks. @ 3"
        ]
    );
}

#[test]
fn provisioners() {
    let got = tf(r#"resource "a" "b" {
  connection {
    host = var.host
  }
  provisioner "habitat" {}
  provisioner "x" {
    when       = "destroy"
    on_failure = nope
    command    = "${self.id}${count.index}${each.value}"
    lifecycle {}
    connection {}
    connection {}
    _ {}
    _ {}
  }
  provisioner "y" {
    when = later
  }
}
"#);
    let self_only = "Invalid reference from destroy provisioner: Destroy-time provisioners and their connection configurations may only reference attributes of the related resource, via 'self', 'count.index', or 'each.key'.\n\nReferences to other resources during the destroy phase can cause dependency cycles and interact poorly with create_before_destroy.";
    assert_eq!(
        got,
        vec![
            "The \"habitat\" provisioner has been removed: The \"habitat\" provisioner is deprecated and has been removed from OpenTofu. @ 5".to_owned(),
            "Quoted keywords are deprecated: In this context, keywords are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted keywords are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this keyword to silence this warning. @ 7".to_owned(),
            format!("{self_only} @ 9"),
            "Invalid \"on_failure\" keyword: The \"on_failure\" argument requires one of the following keywords: continue or fail. @ 8".to_owned(),
            "Reserved block type name in provisioner block: The block type name \"lifecycle\" is reserved for use by OpenTofu in a future version. @ 10".to_owned(),
            "Duplicate connection block: This provisioner already has a connection block at main.tf:11,5-15. @ 12".to_owned(),
            "Duplicate escaping block: The special block type \"_\" can be used to force particular arguments to be interpreted as provisioner-type-specific rather than as meta-arguments, but each provisioner block can have only one such block. The first escaping block was at main.tf:13,5-6. @ 14".to_owned(),
            "Invalid \"when\" keyword: The \"when\" argument requires one of the following keywords: create or destroy. @ 17".to_owned(),
            format!("{self_only} @ 3"),
        ]
    );
}

#[test]
fn ephemeral_blocks_and_json() {
    let got = decode(
        "main.tf.json",
        r#"{
  "ephemeral": {
    "a": {
      "b": {
        "connection": {},
        "lifecycle": {"ignore_changes": "all"}
      }
    }
  },
  "resource": {
    "a": {
      "b": {
        "provider": 5,
        "lifecycle": {"replace_triggered_by": [5, "a.c"]}
      }
    }
  }
}"#,
    );
    assert_eq!(
        got,
        vec![
            "Invalid configuration block for ephemeral resource: The block type \"connection\" cannot be used in ephemeral resources. This is meant to be used strictly in \"resource\" blocks. @ 5",
            "Invalid lifecycle configuration for ephemeral resource: The lifecycle argument \"ignore_changes\" cannot be used in ephemeral resources. This is meant to be used strictly in \"resource\" blocks. @ 6",
            "Expected string expression: This value must be a string, but got number. @ 13",
            "Expected string expression: This value must be a string, but got number. @ 14",
        ]
    );
}

#[test]
fn broken_input_does_not_panic() {
    for text in [
        "resource \"a\" {\n}\n",
        "resource {\n}\n",
        "resource \"a\" \"b\" {\n  provider =\n  count = \n  lifecycle {\n    ignore_changes = [\n  }\n",
        "resource \"a\" \"b\" {\n  provisioner {\n    when =\n  }\n  lifecycle {\n    replace_triggered_by = [a.\n    precondition {\n      condition = \n    }\n  }\n}\n",
        "data \"a\" \"b\" {\n  lifecycle {\n    enabled =\n  }\n",
        "ephemeral \"a\" \"b\" {\n  provider = \"\"\n  provider = a[\n}\n",
        "resource \"a\" \"b\" {\n  provider = \"${x}\"\n  depends_on = [\"\"]\n}\n",
    ] {
        tf(text);
    }
    for text in [
        r#"{"resource": {"a": {"b": {"provider": "", "lifecycle": {"replace_triggered_by": ["a.", "${"]}}}}}"#,
        r#"{"resource": {"a": {"b": {"provider": "a[", "lifecycle": [{"ignore_changes": [1]}, {}]}}}}"#,
        r#"{"resource": {"a": {"b": {"provisioner": {"x": {"when": 1, "on_failure": null}}}}}}"#,
        r#"{"data": {"a": []}, "ephemeral": {"a": {"b": null}}}"#,
    ] {
        decode("main.tf.json", text);
    }
}
