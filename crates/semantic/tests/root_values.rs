//! Root variable values as queries: what an edit to a tfvars file, or to
//! the configuration, makes run again.

use salsa::Setter;
use tofu_semantic::{
    Database, ModuleDir, RootInputs, SourceFile, ValueOrigin, VariableSource, root_variable_values,
};

fn file(db: &Database, path: &str, text: &str) -> SourceFile {
    SourceFile::new(db, path.to_owned(), text.to_owned(), true)
}

/// Each variable's value as `tofu console` renders it, and its source.
fn values(db: &Database, inputs: RootInputs) -> Vec<String> {
    root_variable_values(db, inputs)
        .values
        .iter()
        .map(|(name, assigned)| {
            let from = match &assigned.origin {
                ValueOrigin::Environment => "env".to_owned(),
                ValueOrigin::CommandLine { raw } => format!("-var {raw}"),
                ValueOrigin::File { file, .. } => file.path(db).clone(),
            };
            format!(
                "{name} = {} ({from})",
                tofu_types::render::render(&assigned.value)
            )
        })
        .collect()
}

#[test]
fn an_edit_to_one_tfvars_file_rereads_only_that_file() {
    let mut db = Database::with_execution_log();
    let main = file(
        &db,
        "main.tf",
        "variable \"a\" {}\nvariable \"b\" {\n  type = list(string)\n}\n",
    );
    let module = ModuleDir::new(&db, String::new(), vec![main], Vec::new());
    let default = file(&db, "terraform.tfvars", "a = \"default\"\n");
    let auto = file(&db, "x.auto.tfvars", "b = [\"auto\"]\n");
    let inputs = RootInputs::new(
        &db,
        module,
        vec![("a".to_owned(), "env".to_owned())],
        vec![
            VariableSource::AutoFile(default),
            VariableSource::AutoFile(auto),
            VariableSource::Option("b=[\"cli\"]".to_owned()),
        ],
    );
    assert_eq!(
        values(&db, inputs),
        [
            "a = \"default\" (terraform.tfvars)",
            "b = [\n  \"cli\",\n] (-var b=[\"cli\"])"
        ]
    );
    let first = db.take_executed();
    assert!(first.contains(&"parse".to_owned()), "{first:?}");
    assert_eq!(
        first
            .iter()
            .filter(|q| *q == "parse_variables_file")
            .count(),
        2,
        "{first:?}"
    );

    // An edit to one tfvars file: that file is parsed again, and the
    // values are gathered again; neither the other tfvars file nor the
    // configuration is parsed again, nor are the variables' types read.
    default.set_text(&mut db).to("a = \"edited\"\n".to_owned());
    assert_eq!(values(&db, inputs)[0], "a = \"edited\" (terraform.tfvars)");
    let mut executed = db.take_executed();
    executed.sort();
    assert_eq!(
        executed,
        [
            "parse_variables_file",
            "root_variable_values",
            "variables_file"
        ]
    );

    // An edit to the configuration that leaves the variables' types as
    // they were: the modes compare equal, so the values are reused.
    main.set_text(&mut db).to(
        "variable \"a\" {\n  description = \"x\"\n}\nvariable \"b\" {\n  type = list(string)\n}\n"
            .to_owned(),
    );
    values(&db, inputs);
    let executed = db.take_executed();
    assert!(
        !executed.contains(&"root_variable_values".to_owned()),
        "{executed:?}"
    );
    assert!(executed.contains(&"parse".to_owned()), "{executed:?}");

    // A type that changes how -var strings are read: the values are
    // gathered again.
    main.set_text(&mut db)
        .to("variable \"a\" {}\nvariable \"b\" {\n  type = string\n}\n".to_owned());
    assert_eq!(
        values(&db, inputs)[1],
        "b = \"[\\\"cli\\\"]\" (-var b=[\"cli\"])"
    );
    let executed = db.take_executed();
    assert!(
        executed.contains(&"root_variable_values".to_owned()),
        "{executed:?}"
    );
    assert!(
        !executed.contains(&"parse_variables_file".to_owned()),
        "{executed:?}"
    );
}
