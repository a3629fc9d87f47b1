//! Resources and provider configurations checked against provider
//! schemas: one directory of `provider_schemas/` per case, holding a root
//! module's files, a `schemas` file naming the schema documents to load
//! (`docker` and `local` from `shared/provider-schemas`, `fixture:NAME`
//! from `provider_schemas/schemas/NAME.json`), and `expected.txt`, what
//! the module reports (`UPDATE_EXPECT=1` rewrites it).
//!
//! Cases that need the shared schemas are skipped, with a message, where
//! they are absent, and fail under CI.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use salsa::Setter;
use tofu_semantic::{
    Database, Diagnostic, EvalMode, Evaluation, ModuleDir, ProviderSchemaSet, RootInputs,
    SchemaDocument, Severity, SourceFile, Workspace, declaration_type, dedupe,
    evaluation_instances, instance_diagnostics, module_local_diagnostics,
    module_schema_diagnostics, module_type_diagnostics, output_value,
};
use tofu_syntax::LineIndex;

#[path = "../../../tests/support/shared.rs"]
mod shared;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/provider_schemas")
}

/// The schema documents a case names; `None` when shared data it needs
/// is absent (and not under CI).
fn documents(names: &str) -> Option<Vec<SchemaDocument>> {
    let mut out = Vec::new();
    for name in names.split_whitespace() {
        let path = match name.strip_prefix("fixture:") {
            Some(fixture) => cases_dir().join("schemas").join(format!("{fixture}.json")),
            None => shared::shared_data("provider-schemas")?.join(format!("{name}.json")),
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let document = SchemaDocument::parse(name, &text);
        if let Err(error) = &document.schemas {
            panic!("{}: {error}", path.display());
        }
        out.push(document);
    }
    Some(out)
}

/// The case's modules, loaded as hosts load them: its directory (the
/// root module, first) and every directory under it with configuration
/// files (modules it calls by `./` sources).
fn load(db: &Database, dir: &Path) -> Vec<ModuleDir> {
    let mut out = Vec::new();
    load_dir(db, dir, "", &mut out);
    out
}

fn load_dir(db: &Database, dir: &Path, relative: &str, out: &mut Vec<ModuleDir>) {
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    let mut files = Vec::new();
    let mut subdirs = Vec::new();
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = if relative.is_empty() {
            name.clone()
        } else {
            format!("{relative}/{name}")
        };
        if entry.file_type().unwrap().is_dir() {
            subdirs.push((entry.path(), path));
        } else if name.ends_with(".tf") || name.ends_with(".tf.json") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            files.push(SourceFile::new(db, path, text, true));
        }
    }
    if !files.is_empty() || relative.is_empty() {
        out.push(ModuleDir::new(db, relative.to_owned(), files, Vec::new()));
    }
    for (path, relative) in subdirs {
        load_dir(db, &path, &relative, out);
    }
}

/// What evaluating the case's tree reports once its schemas are set, as
/// `check` gathers it: `validate`'s and the plan's instances (the root
/// module's variables without values), then the static types of each
/// module without errors of its own, unless validate or the plan reports
/// the same at the same place. Each line says which found it.
fn evaluated(
    db: &Database,
    workspace: Workspace,
    modules: &[ModuleDir],
) -> Vec<(String, Diagnostic)> {
    let mut out: Vec<(String, Diagnostic)> = Vec::new();
    let validate = Evaluation::new(db, workspace, EvalMode::Validate, None, "/work".to_owned());
    let inputs = RootInputs::new(db, modules[0], Vec::new(), Vec::new());
    let plan = Evaluation::new(
        db,
        workspace,
        EvalMode::Plan,
        Some(inputs),
        "/work".to_owned(),
    );
    for (mode, ev) in [("validate", validate), ("plan", plan)] {
        let mut found = Vec::new();
        for addr in evaluation_instances(db, ev) {
            found.extend(instance_diagnostics(db, ev, addr.clone()).iter().cloned());
        }
        dedupe(&mut found);
        out.extend(found.into_iter().map(|d| (mode.to_owned(), d)));
    }
    let types = Evaluation::new(db, workspace, EvalMode::Types, None, "/work".to_owned());
    let mut found = Vec::new();
    for &module in modules {
        if module_local_diagnostics(db, workspace, module)
            .iter()
            .any(|d| d.severity == Severity::Error)
        {
            continue;
        }
        found.extend(module_type_diagnostics(db, types, module).iter().cloned());
    }
    found.retain(|d| {
        !out.iter()
            .any(|(_, o)| o.code == d.code && o.location == d.location)
    });
    dedupe(&mut found);
    out.extend(found.into_iter().map(|d| ("types".to_owned(), d)));
    out
}

fn render(db: &Database, diagnostics: &[tofu_semantic::Diagnostic]) -> String {
    let mut out = render_lines(db, diagnostics.iter().map(|d| ("", d)));
    if out.is_empty() {
        out.push_str("(no diagnostics)\n");
    }
    out
}

/// Each diagnostic, after what found it when that is said.
fn render_lines<'a>(
    db: &Database,
    diagnostics: impl Iterator<Item = (&'a str, &'a Diagnostic)>,
) -> String {
    let mut out = String::new();
    for (by, d) in diagnostics {
        let at = match d.location {
            Some(location) => {
                let text = location.file.text(db);
                let name = location.file.path(db);
                let range = location.range;
                format!(
                    "{} `{}`",
                    LineIndex::new(text).range_string(text, name, range),
                    &text[range]
                )
            }
            None => "(nowhere)".to_owned(),
        };
        let by = if by.is_empty() {
            String::new()
        } else {
            format!("{by}: ")
        };
        out.push_str(&format!(
            "{by}{} [{}] {}\n  at {at}\n",
            d.severity.as_str(),
            d.code,
            d.summary
        ));
        for line in d.detail.lines() {
            out.push_str(&format!("  | {line}\n"));
        }
    }
    out
}

/// Checks case `name` against its expectation.
fn check(name: &str, expected: expect_test::ExpectFile) {
    let dir = cases_dir().join(name);
    let names = std::fs::read_to_string(dir.join("schemas")).unwrap();
    let Some(documents) = documents(&names) else {
        return;
    };
    let mut db = Database::default();
    let modules = load(&db, &dir);
    let workspace = Workspace::new(&db, modules.clone(), Vec::new());
    // Without schemas, no check runs.
    let before: Vec<Vec<Diagnostic>> = modules
        .iter()
        .map(|&m| module_local_diagnostics(&db, workspace, m).clone())
        .collect();
    for &module in &modules {
        assert!(module_schema_diagnostics(&db, workspace, module).is_empty());
    }
    workspace
        .set_provider_schemas(&mut db)
        .to(Some(Arc::new(ProviderSchemaSet::new(documents))));
    let mut rendered = String::new();
    for (i, &module) in modules.iter().enumerate() {
        let after = module_local_diagnostics(&db, workspace, module).clone();
        // The schema checks add to what the module reported, and change
        // nothing of it.
        let schema = module_schema_diagnostics(&db, workspace, module);
        let mut without: Vec<_> = after.clone();
        without.retain(|d| !schema.contains(d));
        let mut before_deduped = before[i].clone();
        before_deduped.retain(|d| !schema.contains(d));
        assert_eq!(
            without, before_deduped,
            "the schema checks changed other diagnostics"
        );
        if i == 0 {
            rendered.push_str(&render(&db, &after));
        } else if !after.is_empty() {
            rendered.push_str(&format!("--- module {}\n", module.dir(&db)));
            rendered.push_str(&render(&db, &after));
        }
    }
    let evaluated = evaluated(&db, workspace, &modules);
    if !evaluated.is_empty() {
        rendered.push_str("--- evaluation\n");
        rendered.push_str(&render_lines(
            &db,
            evaluated.iter().map(|(by, d)| (by.as_str(), d)),
        ));
    }
    expected.assert_eq(&rendered);
}

macro_rules! cases {
    ($($name:ident)*) => {
        /// Every case, for the check that none is left out.
        const CASE_NAMES: &[&str] = &[$(stringify!($name)),*];
        $(
            #[test]
            fn $name() {
                check(
                    stringify!($name),
                    expect_test::expect_file![concat!(
                        "provider_schemas/",
                        stringify!($name),
                        "/expected.txt"
                    )],
                );
            }
        )*
    };
}

cases! {
    docker_valid
    docker_arguments
    docker_blocks
    docker_types
    docker_json
    docker_json_errors
    docker_dynamic
    docker_resource_types
    docker_provider
    local_valid
    local_errors
    builtin_terraform
    nesting_modes
    nested_attributes
    deprecated
    deprecated_nested
    ephemeral
    attributes_as_blocks
    registries
    unknown_provider
    typed_errors
    typed_valid
    sensitive
    unsupported_attribute
    provider_functions
    provider_functions_without_schema
    write_only
    write_only_json
    nested_block_values
}

/// A case directory left out of `cases!` would never run.
#[test]
fn every_case_directory_is_a_case() {
    let mut directories: Vec<String> = std::fs::read_dir(cases_dir())
        .unwrap()
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "schemas")
        .collect();
    directories.sort();
    let mut cases: Vec<&str> = CASE_NAMES.to_vec();
    cases.sort();
    assert_eq!(directories, cases);
}

/// A workspace given no schemas reports what it reported before schemas
/// were an input: the field's default checks nothing, not even the
/// built-in provider's resources.
#[test]
fn no_schema_set_checks_nothing() {
    let db = Database::default();
    let file = SourceFile::new(
        &db,
        "main.tf".to_owned(),
        "resource \"terraform_data\" \"x\" {\n  nope = 1\n}\n".to_owned(),
        true,
    );
    let module = ModuleDir::new(&db, String::new(), vec![file], Vec::new());
    let workspace = Workspace::new(&db, vec![module], Vec::new());
    assert!(module_local_diagnostics(&db, workspace, module).is_empty());
}

/// An empty set still knows the built-in provider.
#[test]
fn an_empty_set_checks_the_builtin_provider() {
    let mut db = Database::default();
    let file = SourceFile::new(
        &db,
        "main.tf".to_owned(),
        "resource \"terraform_data\" \"x\" {\n  nope = 1\n}\n".to_owned(),
        true,
    );
    let module = ModuleDir::new(&db, String::new(), vec![file], Vec::new());
    let workspace = Workspace::new(&db, vec![module], Vec::new());
    workspace
        .set_provider_schemas(&mut db)
        .to(Some(Arc::new(ProviderSchemaSet::default())));
    let found = module_local_diagnostics(&db, workspace, module);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].summary, "Unsupported argument");
}

/// A resource's value with its provider's schema: the schema's object
/// type in the static types, and in a plan its configured arguments as
/// configured, optional and computed ones left unset (or null) unknown of
/// their types, optional ones left unset null; without a schema, dynamic.
#[test]
fn resources_take_their_schemas_types() {
    let Some(documents) = documents("docker") else {
        return;
    };
    let mut db = Database::default();
    let text = r#"
terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}
resource "docker_container" "web" {
  name     = "web"
  image    = "nginx"
  hostname = null
}
output "web" {
  value = {
    name     = docker_container.web.name
    hostname = docker_container.web.hostname
    memory   = docker_container.web.memory
    exit     = docker_container.web.exit_code
  }
}
"#;
    let file = SourceFile::new(&db, "main.tf".to_owned(), text.to_owned(), true);
    let module = ModuleDir::new(&db, String::new(), vec![file], Vec::new());
    let workspace = Workspace::new(&db, vec![module], Vec::new());
    let web = tofu_semantic::DeclKind::ManagedResource {
        ty: "docker_container".to_owned(),
        name: "web".to_owned(),
    };
    let types = Evaluation::new(&db, workspace, EvalMode::Types, None, "/work".to_owned());
    let inputs = RootInputs::new(&db, module, Vec::new(), Vec::new());
    let plan = Evaluation::new(
        &db,
        workspace,
        EvalMode::Plan,
        Some(inputs),
        "/work".to_owned(),
    );
    let output = |db: &Database| {
        let root = tofu_semantic::InstanceAddr::root(module);
        tofu_types::render::render(&output_value(db, plan, root, "web".to_owned()).value)
    };
    assert_eq!(
        declaration_type(&db, types, module, &web),
        Some(tofu_types::Type::Dynamic)
    );
    let before = output(&db);
    workspace
        .set_provider_schemas(&mut db)
        .to(Some(Arc::new(ProviderSchemaSet::new(documents))));
    let ty = declaration_type(&db, types, module, &web).unwrap();
    assert_eq!(
        ty.attribute_type("exit_code"),
        Some(&tofu_types::Type::Number)
    );
    assert!(ty.attribute_type("ports").is_some_and(|t| t.is_list()));
    assert_ne!(before, output(&db));
    expect_test::expect![[r#"
        {
          "exit" = (known after apply)
          "hostname" = (known after apply)
          "memory" = tonumber(null)
          "name" = "web"
        }"#]]
    .assert_eq(&output(&db));
}
