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
    Database, ModuleDir, ProviderSchemaSet, SchemaDocument, SourceFile, Workspace,
    module_local_diagnostics, module_schema_diagnostics,
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

/// The case's module, loaded as hosts load it.
fn load(db: &Database, dir: &Path) -> ModuleDir {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tf") || n.ends_with(".tf.json"))
        .collect();
    names.sort();
    let files = names
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            SourceFile::new(db, name.clone(), text, true)
        })
        .collect();
    ModuleDir::new(db, String::new(), files, Vec::new())
}

fn render(db: &Database, diagnostics: &[tofu_semantic::Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
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
        out.push_str(&format!(
            "{} [{}] {}\n  at {at}\n",
            d.severity.as_str(),
            d.code,
            d.summary
        ));
        for line in d.detail.lines() {
            out.push_str(&format!("  | {line}\n"));
        }
    }
    if out.is_empty() {
        out.push_str("(no diagnostics)\n");
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
    let module = load(&db, &dir);
    let workspace = Workspace::new(&db, vec![module], Vec::new());
    // Without schemas, no check runs.
    let before = module_local_diagnostics(&db, workspace, module).clone();
    assert!(module_schema_diagnostics(&db, workspace, module).is_empty());
    workspace
        .set_provider_schemas(&mut db)
        .to(Some(Arc::new(ProviderSchemaSet::new(documents))));
    let after = module_local_diagnostics(&db, workspace, module).clone();
    // The schema checks add to what the module reported, and change
    // nothing of it.
    let schema = module_schema_diagnostics(&db, workspace, module);
    let mut without: Vec<_> = after.clone();
    without.retain(|d| !schema.contains(d));
    let mut before_deduped = before.clone();
    before_deduped.retain(|d| !schema.contains(d));
    assert_eq!(
        without, before_deduped,
        "the schema checks changed other diagnostics"
    );
    expected.assert_eq(&render(&db, &after));
}

macro_rules! cases {
    ($($name:ident)*) => {
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
    ephemeral
    attributes_as_blocks
    registries
    unknown_provider
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
