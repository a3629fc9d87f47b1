//! Declarations, references and their diagnostics, and which queries an
//! edit makes run again.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use salsa::Setter;
use tofu_semantic::{
    CHUNK_SIZE, Database, DeclKind, EvalMode, Evaluation, InstanceAddr, ModuleDir, PlacedJobs,
    SourceFile, Workspace, call_targets, chunk_count, configuration_cycles, evaluation_instances,
    instance_diagnostics, job_chunk_diagnostics, module_chunk_reports, module_declarations,
    module_diagnostics, module_dir_diagnostics, module_instance_diagnostics, place_jobs,
    provider_tree_diagnostics, static_module_diagnostics, sync_module_graph, tree_wide_diagnostics,
};

#[path = "../../../tests/support/shared.rs"]
mod shared;

fn module(db: &Database, dir: &str, files: &[(&str, &str)]) -> ModuleDir {
    module_with(
        db,
        dir,
        files,
        salsa::Durability::LOW,
        salsa::Durability::LOW,
    )
}

/// [`module`] with its files' and its directory's durability.
fn module_with(
    db: &Database,
    dir: &str,
    files: &[(&str, &str)],
    file_durability: salsa::Durability,
    dir_durability: salsa::Durability,
) -> ModuleDir {
    let files = files
        .iter()
        .map(|(name, text)| {
            let path = if dir.is_empty() {
                name.to_string()
            } else {
                format!("{dir}/{name}")
            };
            SourceFile::builder(path, text.to_string(), true)
                .durability(file_durability)
                .new(db)
        })
        .collect();
    ModuleDir::builder(dir.to_owned(), files, Vec::new())
        .durability(dir_durability)
        .new(db)
}

/// The module's diagnostics as a root module: its own, then its
/// references'.
fn diagnostics(db: &Database, module: ModuleDir) -> Vec<String> {
    module_diagnostics(db, module)
        .iter()
        .chain(module_instance_diagnostics(
            db,
            module,
            std::sync::Arc::from([]),
        ))
        .map(|d| match d.location {
            Some(tofu_diagnostics::Location { file, range }) => {
                format!("{}: {} [{}]", d.summary, d.detail, &file.text(db)[range])
            }
            None => d.summary.clone(),
        })
        .collect()
}

/// How many times `query` ran in an execution log.
fn times_run(executed: &[String], query: &str) -> usize {
    executed.iter().filter(|q| *q == query).count()
}

/// The tree evaluated as `validate` evaluates it, set once as hosts do.
fn validate_evaluation(db: &Database, workspace: Workspace) -> Evaluation {
    Evaluation::builder(workspace, EvalMode::Validate, None, "/".to_owned())
        .durability(salsa::Durability::HIGH)
        .new(db)
}

/// Every instance of `evaluation` evaluates without a diagnostic.
fn assert_instances_clean(db: &Database, evaluation: Evaluation) {
    for addr in evaluation_instances(db, evaluation) {
        let found = instance_diagnostics(db, evaluation, addr.clone());
        assert!(found.is_empty(), "{found:?}");
    }
}

#[test]
fn declarations_have_stable_identities() {
    let db = Database::default();
    let m = module(
        &db,
        "",
        &[(
            "main.tf",
            "variable \"a\" {}\nlocals {\n  b = 1\n  c = 2\n}\nresource \"t\" \"r\" {}\ndata \"t\" \"d\" {}\nmodule \"m\" {\n  source = \"./m\"\n}\noutput \"o\" {\n  value = 1\n}\nprovider \"p\" {\n  alias = \"x\"\n}\nmoved {\n  from = t.a\n  to = t.b\n}\n",
        )],
    );
    let kinds: Vec<DeclKind> = module_declarations(&db, m)
        .iter()
        .map(|d| d.kind.clone())
        .collect();
    assert_eq!(
        kinds,
        [
            DeclKind::Variable("a".into()),
            DeclKind::Local("b".into()),
            DeclKind::Local("c".into()),
            DeclKind::ManagedResource {
                ty: "t".into(),
                name: "r".into()
            },
            DeclKind::DataResource {
                ty: "t".into(),
                name: "d".into()
            },
            DeclKind::ModuleCall("m".into()),
            DeclKind::Output("o".into()),
            DeclKind::Provider {
                name: "p".into(),
                alias: Some("x".into())
            },
            DeclKind::Moved(0),
        ]
    );
}

#[test]
fn undeclared_references_and_duplicates() {
    let db = Database::default();
    let m = module(
        &db,
        "",
        &[
            (
                "main.tf",
                "variable \"region\" {}\nlocals {\n  a = var.regoin\n  b = local.nope\n  c = module.none.x\n  d = t.missing.id\n  e = data.t.gone.id\n  f = [for v in [1] : v]\n  g = path.module\n}\n",
            ),
            ("other.tf", "variable \"region\" {}\nlocals {\n  a = 2\n}\n"),
        ],
    );
    assert_eq!(
        diagnostics(&db, m),
        [
            "Duplicate variable declaration: A variable named \"region\" was already declared at main.tf:1,1-18. Variable names must be unique within a module. [variable \"region\"]",
            "Duplicate local value definition: A local value named \"a\" was already defined at main.tf:3,3-17. Local value names must be unique within a module. [a = 2]",
            "Reference to undeclared input variable: An input variable with the name \"regoin\" has not been declared. Did you mean \"region\"? [var.regoin]",
            "Reference to undeclared local value: A local value with the name \"nope\" has not been declared. [local.nope]",
            "Reference to undeclared module: No module call named \"none\" is declared in the root module. [module.none.x]",
            "Reference to undeclared resource: There is no managed resource \"t\" \"missing\" definition in the root module. [t.missing]",
            "Reference to undeclared resource: There is no data resource \"t\" \"gone\" definition in the root module. [data.t.gone]",
        ]
    );
}

#[test]
fn self_references_and_cycles_of_locals() {
    let db = Database::default();
    let m = module(
        &db,
        "",
        &[(
            "main.tf",
            "locals {\n  a = local.a + 1\n  b = local.c\n  c = local.d\n  d = local.b\n  e = local.b\n}\n",
        )],
    );
    assert_eq!(
        diagnostics(&db, m),
        [
            "Self-referencing local value: Local value local.a cannot use its own result as part of its expression. [local.a]"
        ]
    );
    let workspace = Workspace::new(&db, vec![m], Vec::new());
    let cycles: Vec<&str> = configuration_cycles(&db, workspace, m)
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        cycles,
        ["Cycle: local.b (expand), local.c (expand), local.d (expand)"]
    );
}

/// Cycles through module calls: a child's variables are vertices that
/// refer to what the call's arguments do, its outputs are what the caller
/// refers to, and a whole-module reference waits for the module's close.
#[test]
fn cycles_across_modules() {
    let db = Database::default();
    let root = module(
        &db,
        "",
        &[(
            "main.tf",
            "module \"a\" {\n  source = \"./m\"\n  x = module.b.y\n}\nmodule \"b\" {\n  source = \"./m\"\n  x = module.a.y\n}\nmodule \"w\" {\n  source = \"./m\"\n  x = module.w\n}\nmodule \"c\" {\n  source = \"./m\"\n  count = length(module.c)\n  x = 1\n}\nresource \"t\" \"r\" {\n  depends_on = [module.ok]\n  v = local.z\n}\nlocals {\n  z = t.r.id\n}\nmodule \"ok\" {\n  source = \"./m\"\n  x = 1\n}\n",
        )],
    );
    let child = module(
        &db,
        "m",
        &[(
            "main.tf",
            "variable \"x\" {}\noutput \"y\" {\n  value = var.x\n}\n",
        )],
    );
    let workspace = Workspace::new(&db, vec![root, child], Vec::new());
    let cycles: Vec<&str> = configuration_cycles(&db, workspace, root)
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        cycles,
        [
            "Cycle: local.z (expand), t.r",
            "Cycle: module.a.output.y (expand), module.a.var.x (expand, input), module.b.output.y (expand), module.b.var.x (expand, input)",
            "Cycle: module.c (close), module.c (expand), module.c.output.y (expand), module.c.var.x (expand, input)",
            "Cycle: module.w (close), module.w.output.y (expand), module.w.var.x (expand, input)",
        ]
    );
}

#[test]
fn dynamic_block_iterators_are_not_resources() {
    let db = Database::default();
    let m = module(
        &db,
        "",
        &[(
            "main.tf",
            "resource \"t\" \"r\" {\n  dynamic \"setting\" {\n    for_each = [1]\n    content {\n      v = setting.value\n    }\n  }\n  dynamic \"other\" {\n    for_each = [1]\n    iterator = it\n    content {\n      v = it.key\n    }\n  }\n}\n",
        )],
    );
    assert_eq!(diagnostics(&db, m), Vec::<String>::new());
}

#[test]
fn an_edit_in_a_leaf_module_reruns_only_that_module() {
    let db = Database::with_execution_log();
    let root = module(
        &db,
        "",
        &[(
            "main.tf",
            "variable \"x\" {}\nlocals {\n  y = var.x\n}\nmodule \"leaf\" {\n  source = \"./leaf\"\n  n = local.y\n}\noutput \"o\" {\n  value = module.leaf.b\n}\n",
        )],
    );
    let leaf = module(
        &db,
        "leaf",
        &[(
            "main.tf",
            "variable \"n\" {}\nlocals {\n  a = 1\n  b = local.a\n}\noutput \"b\" {\n  value = local.b\n}\nresource \"t\" \"r\" {}\n",
        )],
    );
    let mut db = db;
    let workspace = Workspace::new(&db, vec![root, leaf], Vec::new());
    let evaluation = validate_evaluation(&db, workspace);
    let check = |db: &Database| {
        for m in [root, leaf] {
            let found = module_dir_diagnostics(db, workspace, m);
            assert!(found.is_empty(), "{found:?}");
        }
        assert_instances_clean(db, evaluation);
        assert!(provider_tree_diagnostics(db, workspace).is_empty());
        assert!(configuration_cycles(db, workspace, root).is_empty());
    };
    check(&db);
    let first = db.take_executed();
    assert_eq!(times_run(&first, "parse"), 2, "{first:?}");

    let leaf_file = leaf.files(&db)[0];
    leaf_file.set_text(&mut db).to(
        "variable \"n\" {}\nlocals {\n  a = 2 + 2\n  b = local.a\n}\noutput \"b\" {\n  value = local.b\n}\nresource \"t\" \"r\" {}\n".to_owned(),
    );
    check(&db);
    let mut executed = db.take_executed();
    executed.sort();
    // Only the leaf's file is parsed and read again, and only the leaf
    // module's queries run again: the root module's, and the module tree,
    // are reused (what they read of the leaf, its calls, variables and
    // outputs, did not change); so are the leaf's settings diagnostics,
    // since its settings did not change. Of the evaluation, the leaf
    // instance's locals and output are evaluated again; its variable (whose
    // declaration and argument did not change) is not, and nothing of the
    // root's is (`validate` takes module outputs as unknown). The leaf's
    // static contexts are checked again (its declarations moved); the
    // root's are not. The leaf's chains of references are read again (the
    // same: nothing to cut). The edit moves the leaf's resource: what the
    // leaf says about providers is read again, but holds no positions and
    // is the same, so the tree-wide provider checks are not run again. The
    // leaf's dependencies are read again but are the same, so the
    // configuration's graph is not built again. Its declarations hold no
    // positions, so neither they nor what is made of them (the index by
    // kind, the output names, the resource's expansion) are built again;
    // what reports their places reads the source map. The leaf file's model is
    // lowered again but is the same (the edit only moved text), so the
    // module's variables, which read only the model, are not read again;
    // the module's decoding diagnostics and variable declarations, which
    // read the decoding with its positions, are gathered again (and are
    // the same).
    assert_eq!(
        executed,
        [
            "file_config",
            "file_model",
            "file_references",
            "instance_diagnostics",
            "local_value",
            "local_value",
            "module_argument_diagnostics",
            "module_calls",
            "module_dependencies",
            "module_diagnostics",
            "module_instance_diagnostics",
            "module_local_diagnostics",
            "module_output_diagnostics",
            "module_providers",
            "module_settings",
            "module_variable_decls",
            "output_value",
            "parse",
            "reference_chains",
            "resource_value",
            "static_call_diagnostics",
        ]
    );

    // A new reference is a new edge: the graph is built again.
    leaf_file.set_text(&mut db).to(
        "variable \"n\" {}\nlocals {\n  a = var.n\n  b = local.a\n}\noutput \"b\" {\n  value = local.b\n}\nresource \"t\" \"r\" {}\n".to_owned(),
    );
    check(&db);
    let executed = db.take_executed();
    assert!(
        executed.iter().any(|q| q == "configuration_cycles"),
        "{executed:?}"
    );
}

/// A root calling many leaves, reported in chunks as hosts report it:
/// after an edit in one leaf only that leaf's chunks run again, and the
/// graph, the tree-wide checks and every other chunk are trusted as they
/// are.
#[test]
fn an_edit_runs_only_its_chunks_again() {
    let db = Database::with_execution_log();
    let leaves = 2 * CHUNK_SIZE + 3;
    let calls: String = (0..leaves)
        .map(|i| format!("module \"m{i}\" {{\n  source = \"./m{i}\"\n  n = {i}\n}}\n"))
        .collect();
    let mut modules = vec![module(&db, "", &[("main.tf", &calls)])];
    let leaf_text = |a: &str| {
        format!(
            "variable \"n\" {{}}\nlocals {{\n  a = {a}\n}}\noutput \"a\" {{\n  value = local.a + var.n\n}}\n"
        )
    };
    for i in 0..leaves {
        let file = SourceFile::builder(format!("m{i}/main.tf"), leaf_text("1"), true)
            .durability(salsa::Durability::MEDIUM)
            .new(&db);
        modules.push(ModuleDir::new(&db, format!("m{i}"), vec![file], Vec::new()));
    }
    let mut db = db;
    let workspace = Workspace::builder(modules.clone(), Vec::new())
        .durability(salsa::Durability::HIGH)
        .new(&db);
    let evaluation = |mode| {
        Evaluation::builder(workspace, mode, None, "/".to_owned())
            .durability(salsa::Durability::HIGH)
            .new(&db)
    };
    let (validate, types) = (evaluation(EvalMode::Validate), evaluation(EvalMode::Types));
    let mut placed = PlacedJobs::default();
    let sync = |db: &mut Database, placed: &mut PlacedJobs| {
        sync_module_graph(db, workspace);
        place_jobs(db, validate, placed);
    };
    sync(&mut db, &mut placed);
    let report = |db: &Database, placed: &PlacedJobs| {
        for chunk in 0..chunk_count(modules.len()) {
            for found in module_chunk_reports(db, types, chunk).iter() {
                assert!(found.diagnostics.is_empty(), "{:?}", found.diagnostics);
            }
        }
        assert!(tree_wide_diagnostics(db, workspace).is_empty());
        for root in &placed.roots {
            for &chunk in &root.chunks {
                let found = job_chunk_diagnostics(db, chunk);
                assert!(found.is_empty(), "{found:?}");
            }
        }
    };
    report(&db, &placed);
    db.take_executed();

    let last = *modules
        .last()
        .expect("a leaf")
        .files(&db)
        .first()
        .expect("a file");
    last.set_text(&mut db)
        .with_durability(salsa::Durability::LOW)
        .to(leaf_text("2 + 2"));
    sync(&mut db, &mut placed);
    report(&db, &placed);
    let executed = db.take_executed();
    let count = |query: &str| times_run(&executed, query);
    assert_eq!(count("parse"), 1, "{executed:?}");
    assert_eq!(count("module_chunk_reports"), 1, "{executed:?}");
    // The leaf's static types are evaluated again (its instance's
    // arguments are all `validate` evaluates of it), but report the
    // same: its chunk is trusted without running again.
    assert_eq!(count("local_value"), 1, "{executed:?}");
    assert_eq!(count("job_chunk_diagnostics"), 0, "{executed:?}");
    for trusted in [
        "graph_walk",
        "module_tree",
        "call_shape_chunk",
        "provider_shape_chunk",
        "tree_wide_diagnostics",
        "evaluation_jobs",
    ] {
        assert_eq!(count(trusted), 0, "{trusted} ran again: {executed:?}");
    }

    // A call added in the root changes the places of the root and of the
    // module it calls: only their queries that read the graph run again,
    // and the instances below the root's other calls are trusted.
    // Measured warm: the call added, removed, and added again (the first
    // change of a place makes what reads it low-durability, and salsa
    // runs all of that again once).
    let root_file = *modules[0].files(&db).first().expect("a file");
    let with_call = format!("{calls}module \"extra\" {{\n  source = \"./m0\"\n  n = 0\n}}\n");
    for text in [&with_call, &calls, &with_call] {
        db.take_executed();
        root_file
            .set_text(&mut db)
            .with_durability(salsa::Durability::LOW)
            .to(text.clone());
        sync(&mut db, &mut placed);
        report(&db, &placed);
    }
    let executed = db.take_executed();
    let count = |query: &str| times_run(&executed, query);
    for per_module in [
        "call_targets",
        "module_local_diagnostics",
        "static_module_diagnostics",
        "subtree_summary",
    ] {
        assert!(
            count(per_module) <= 2,
            "{per_module} ran {} times: {executed:?}",
            count(per_module)
        );
    }
    // The new instance comes last: only the last chunk of instances is
    // evaluated again.
    assert_eq!(count("job_chunk_diagnostics"), 1, "{executed:?}");
    // The modules of instances are carried by their addresses: no call
    // is followed again from the root.
    assert_eq!(count("static_call_target"), 0, "{executed:?}");
}

#[test]
fn corpus_modules_have_no_semantic_errors() {
    let Some(corpus) = shared::shared_data("corpus") else {
        return;
    };
    let db = Database::default();
    let mut modules = 0;
    let mut failures = Vec::new();
    let mut dirs = Vec::new();
    let mut stack = vec![corpus.clone()];
    while let Some(dir) = stack.pop() {
        let mut files = Vec::new();
        let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !name.starts_with('.') {
                    stack.push(path);
                }
            } else if name.ends_with(".tf") || name.ends_with(".tf.json") {
                let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
                let rel = path
                    .strip_prefix(&corpus)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push(SourceFile::new(&db, rel, text, true));
            }
        }
        if files.is_empty() {
            continue;
        }
        modules += 1;
        let rel = dir
            .strip_prefix(&corpus)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        dirs.push(ModuleDir::new(&db, rel.clone(), files, Vec::new()));
    }
    let workspace = Workspace::new(&db, dirs.clone(), Vec::new());
    for m in dirs {
        for d in module_dir_diagnostics(&db, workspace, m) {
            let at = d
                .location
                .map(|tofu_diagnostics::Location { file, range: _ }| file.path(&db).clone())
                .unwrap_or_default();
            failures.push(format!("{at}: {}: {}", d.summary, d.detail));
        }
    }
    assert!(modules > 50, "only {modules} modules");
    assert!(
        failures.is_empty(),
        "{} diagnostics:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// An override replaces a local's expression, and a resource's argument,
/// in the graph too: the rings they break are gone, the ring one makes
/// is there.
#[test]
fn cycles_through_overrides() {
    let db = Database::default();
    let file =
        |name: &str, text: &str| SourceFile::new(&db, name.to_owned(), text.to_owned(), true);
    let primary = file(
        "main.tf",
        "locals {\n  a = local.b\n  b = local.a\n  c = 1\n  d = local.c\n  e = t.r.id\n}\nresource \"t\" \"r\" {\n  v = local.e\n  w = 1\n}\n",
    );
    let overrides = file(
        "override.tf",
        "locals {\n  a = 1\n  c = local.d\n}\nresource \"t\" \"r\" {\n  v = 2\n}\n",
    );
    let root = ModuleDir::new(&db, String::new(), vec![primary], vec![overrides]);
    let workspace = Workspace::new(&db, vec![root], Vec::new());
    let cycles: Vec<&str> = configuration_cycles(&db, workspace, root)
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(cycles, ["Cycle: local.c (expand), local.d (expand)"]);
}

#[test]
fn provider_source_addresses_are_public() {
    use tofu_semantic::parse_provider_source;
    let aws = parse_provider_source("hashicorp/AWS").expect("a valid source");
    assert_eq!(aws.to_string(), "registry.opentofu.org/hashicorp/aws");
    let own = parse_provider_source("example.com/acme/thing").expect("a valid source");
    assert_eq!(
        (
            own.hostname.as_str(),
            own.namespace.as_str(),
            own.ty.as_str()
        ),
        ("example.com", "acme", "thing")
    );
    let (code, detail) = parse_provider_source("a/b/c/d").unwrap_err();
    assert_eq!(code.name(), "invalid-provider-source-string");
    assert!(detail.contains("[hostname/][namespace/]name"), "{detail}");
}

/// A file's model holds no positions: text that only moves leaves it equal
/// (so what reads only the model is not read again), while its source map
/// follows the text, and every block's body is found again by pointer.
#[test]
fn moving_text_leaves_the_model_equal() {
    use tofu_semantic::{BlockType, ItemBody, file_model, file_source_map, module_variables};
    let text = "variable \"a\" {\n  type = list(string)\n}\nlocals {\n  b = 1\n}\nmodule \"m\" {\n  source = \"./m\"\n  count = 2\n  n = 1\n}\nprovider \"p\" {\n  alias = \"x\"\n}\ncheck \"c\" {\n  data \"t\" \"d\" {}\n  assert {\n    condition = true\n    error_message = \"x\"\n  }\n}\nterraform {\n  backend \"local\" {}\n}\n";
    let db = Database::with_execution_log();
    let m = module(&db, "", &[("main.tf", text)]);
    let file = m.files(&db)[0];
    let before = file_model(&db, file).clone();
    let header = file_source_map(&db, file).range(before.blocks[0].header);
    assert_eq!(&text[header], "variable \"a\"");
    let types: Vec<BlockType> = before.blocks.iter().map(|b| b.ty).collect();
    assert_eq!(
        types,
        [
            BlockType::Variable,
            BlockType::Locals,
            BlockType::Module,
            BlockType::Provider,
            BlockType::Check,
            BlockType::Terraform,
        ]
    );
    let ItemBody::Provider(provider) = &before.blocks[3].body else {
        panic!("a provider: {:?}", before.blocks[3]);
    };
    assert_eq!(provider.alias.as_deref(), Some("x"));
    assert_eq!(provider.alias_value.as_deref(), Some("x"));
    assert!(!provider.for_each && !provider.configured);
    let ItemBody::ModuleCall(call) = &before.blocks[2].body else {
        panic!("a module call: {:?}", before.blocks[2]);
    };
    assert!(call.repeats.count && !call.repeats.for_each);
    assert_eq!(call.source.as_deref(), Some("./m"));
    assert_eq!(call.meta_arguments.len(), 1);
    let arguments: Vec<&str> = call.arguments.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(arguments, ["n"]);
    assert!(
        matches!(&before.blocks[5].body, ItemBody::Terraform(t) if t.settings[0].ty == "backend" && t.required_providers.is_none())
    );
    module_variables(&db, m);
    db.take_executed();

    let mut db = db;
    let moved = format!("# a comment that moves everything\n\n{text}");
    file.set_text(&mut db).to(moved.clone());
    assert_eq!(**file_model(&db, file), *before);
    let header = file_source_map(&db, file).range(before.blocks[2].header);
    assert_eq!(&moved[header], "module \"m\"");
    module_variables(&db, m);
    let executed = db.take_executed();
    assert!(executed.contains(&"file_model".to_owned()), "{executed:?}");
    assert!(
        !executed.contains(&"module_variables".to_owned()),
        "{executed:?}"
    );

    // A new default is a change of the model.
    file.set_text(&mut db)
        .to(moved.replace("type = list(string)", "default = []"));
    module_variables(&db, m);
    assert!(db.take_executed().contains(&"module_variables".to_owned()));
}

#[test]
fn moving_text_in_one_file_reevaluates_only_its_locals() {
    let db = Database::with_execution_log();
    let root = module(
        &db,
        "",
        &[
            ("a.tf", "locals {\n  x = 1\n}\n"),
            (
                "b.tf",
                "locals {\n  y = \"${local.x}-b\"\n}\noutput \"y\" {\n  value = local.y\n}\n",
            ),
        ],
    );
    let mut db = db;
    let workspace = Workspace::new(&db, vec![root], Vec::new());
    let evaluation = validate_evaluation(&db, workspace);
    let check = |db: &Database| assert_instances_clean(db, evaluation);
    check(&db);
    let first = db.take_executed();
    assert_eq!(times_run(&first, "local_value"), 2, "{first:?}");

    // Moving `x` gives the module the same declarations: `y` and the
    // output, in the other file, are not evaluated again.
    let a = root.files(&db)[0];
    a.set_text(&mut db)
        .to("# moved\n\nlocals {\n  x = 1\n}\n".to_owned());
    check(&db);
    let executed = db.take_executed();
    assert_eq!(times_run(&executed, "local_value"), 1, "{executed:?}");
    assert!(
        !executed.contains(&"output_value".to_owned()),
        "{executed:?}"
    );
    assert!(
        !executed.contains(&"module_declarations".to_owned()),
        "{executed:?}"
    );
}

#[test]
fn resources_are_served_by_the_provider_their_local_name_requires() {
    use tofu_semantic::{Provider, module_providers};
    let db = Database::default();
    let m = module(
        &db,
        "",
        &[(
            "main.tf",
            r#"terraform {
  required_providers {
    cloud = { source = "example/cloud" }
    aws   = { source = "registry.opentofu.org/hashicorp/aws" }
  }
}
resource "cloud_thing" "a" {}
resource "aws_instance" "b" {
  provider = aws.west
}
resource "docker_container" "c" {}
resource "terraform_data" "d" {}
resource "google_bucket" "e" {
  provider = cloud
}
data "cloud_image" "f" {}
ephemeral "cloud_token" "g" {}
resource "cloud_thing" "h" {
  provider = 1
}
resource "aws_thing" "i" {
  provider = "cloud"
}
"#,
        )],
    );
    let providers = module_providers(&db, m);
    let served = |kind: DeclKind| providers.resource_provider(&kind).map(|p| p.to_string());
    let managed = |ty: &str, name: &str| DeclKind::ManagedResource {
        ty: ty.into(),
        name: name.into(),
    };
    assert_eq!(
        served(managed("cloud_thing", "a")).as_deref(),
        Some("registry.opentofu.org/example/cloud")
    );
    assert_eq!(
        served(managed("aws_instance", "b")).as_deref(),
        Some("registry.opentofu.org/hashicorp/aws")
    );
    assert_eq!(
        served(managed("docker_container", "c")).as_deref(),
        Some("registry.opentofu.org/hashicorp/docker")
    );
    assert_eq!(
        served(managed("terraform_data", "d")).as_deref(),
        Some("terraform.io/builtin/terraform")
    );
    assert_eq!(
        served(managed("google_bucket", "e")).as_deref(),
        Some("registry.opentofu.org/example/cloud")
    );
    let data = DeclKind::DataResource {
        ty: "cloud_image".into(),
        name: "f".into(),
    };
    assert_eq!(
        served(data).as_deref(),
        Some("registry.opentofu.org/example/cloud")
    );
    let ephemeral = DeclKind::EphemeralResource {
        ty: "cloud_token".into(),
        name: "g".into(),
    };
    assert_eq!(
        served(ephemeral).as_deref(),
        Some("registry.opentofu.org/example/cloud")
    );
    // A quoted reference is still one (with OpenTofu's warning); a
    // `provider` argument that is no reference, and what is not declared,
    // have no provider.
    assert_eq!(
        served(managed("aws_thing", "i")).as_deref(),
        Some("registry.opentofu.org/example/cloud")
    );
    assert_eq!(served(managed("cloud_thing", "h")), None);
    assert_eq!(served(managed("cloud_thing", "zz")), None);
    assert_eq!(
        providers.provider_for_local_name("cloud"),
        Provider::of_required_source("example/cloud").unwrap()
    );
}

/// Files outside the configuration, shared with the test so that it can
/// change them as an editor or the disk would.
struct SharedFiles(std::sync::Arc<std::sync::Mutex<tofu_eval::MemoryFileSystem>>);

impl tofu_eval::FileSystem for SharedFiles {
    fn read(&self, path: &std::path::Path) -> std::io::Result<Vec<u8>> {
        self.0.lock().unwrap().read(path)
    }

    fn kind(&self, path: &std::path::Path) -> std::io::Result<tofu_eval::FileKind> {
        self.0.lock().unwrap().kind(path)
    }

    fn read_dir(&self, path: &std::path::Path) -> std::io::Result<Vec<String>> {
        self.0.lock().unwrap().read_dir(path)
    }

    fn current_dir(&self) -> std::io::Result<std::path::PathBuf> {
        self.0.lock().unwrap().current_dir()
    }

    fn home_dir(&self) -> Option<std::path::PathBuf> {
        self.0.lock().unwrap().home_dir()
    }
}

/// A file that `file()` reads is an input: once the host says it
/// changed, the local that reads it is evaluated again, and nothing that
/// does not read it.
#[test]
fn an_edited_file_re_evaluates_what_reads_it() {
    use tofu_semantic::ExternalFiles;
    let memory = std::sync::Arc::new(std::sync::Mutex::new(tofu_eval::MemoryFileSystem::new("/")));
    memory.lock().unwrap().insert("/n.txt", "abc");
    let db = Database::with_execution_log();
    let root = module(
        &db,
        "",
        &[(
            "main.tf",
            "locals {\n  n     = tonumber(file(\"${path.module}/n.txt\"))\n  other = 1\n}\n",
        )],
    );
    let mut db = db;
    let workspace = Workspace::new(&db, vec![root], Vec::new());
    let files = ExternalFiles::new(std::sync::Arc::new(SharedFiles(memory.clone())));
    workspace
        .set_external_files(&mut db)
        .with_durability(salsa::Durability::HIGH)
        .to(Some(files.clone()));
    let evaluation = validate_evaluation(&db, workspace);
    let summaries = |db: &Database| -> Vec<String> {
        evaluation_instances(db, evaluation)
            .iter()
            .flat_map(|addr| instance_diagnostics(db, evaluation, addr.clone()).to_vec())
            .map(|d| d.summary)
            .collect()
    };
    assert_eq!(summaries(&db), ["Invalid function argument"]);
    db.take_executed();

    // Changed behind the database's back, the file is not read again.
    memory.lock().unwrap().insert("/n.txt", "5");
    assert_eq!(summaries(&db), ["Invalid function argument"]);
    // Once the host says so, the local that reads it runs again, and only
    // that local.
    files.changed(&mut db, std::path::Path::new("/n.txt"));
    assert!(summaries(&db).is_empty());
    let executed = db.take_executed();
    assert_eq!(times_run(&executed, "local_value"), 1, "{executed:?}");
}

/// A root calling `mid`, which calls `leaf`; `mid`'s text is given.
fn three_levels(db: &Database, mid: &str) -> (ModuleDir, ModuleDir, ModuleDir, Workspace) {
    let root = module(
        db,
        "",
        &[(
            "main.tf",
            "module \"mid\" {\n  source = \"./mid\"\n}\noutput \"o\" {\n  value = module.mid.y\n}\n",
        )],
    );
    let mid = module(db, "mid", &[("main.tf", mid)]);
    let leaf = module(
        db,
        "leaf",
        &[(
            "main.tf",
            "variable \"x\" {}\noutput \"y\" {\n  value = var.x\n}\n",
        )],
    );
    let workspace = Workspace::new(db, vec![root, mid, leaf], Vec::new());
    (root, mid, leaf, workspace)
}

/// A cycle two calls down is found through the modules' summaries.
#[test]
fn cycles_below_the_root_are_found() {
    let db = Database::default();
    let (root, _, _, workspace) = three_levels(
        &db,
        "module \"leaf\" {\n  source = \"../leaf\"\n  x = local.l\n}\nlocals {\n  l = module.leaf.y\n}\noutput \"y\" {\n  value = 1\n}\n",
    );
    let cycles: Vec<&str> = configuration_cycles(&db, workspace, root)
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        cycles,
        [
            "Cycle: module.mid.local.l (expand), module.mid.module.leaf.output.y (expand), module.mid.module.leaf.var.x (expand, input)"
        ]
    );
}

/// An output added to a module two calls down changes that module's
/// summary, not its caller's: the configuration's cycle check is not
/// run again.
#[test]
fn an_output_added_below_does_not_rebuild_the_cycle_check() {
    let db = Database::with_execution_log();
    let (root, _, leaf, workspace) = three_levels(
        &db,
        "module \"leaf\" {\n  source = \"../leaf\"\n  x = 1\n}\noutput \"y\" {\n  value = module.leaf.y\n}\n",
    );
    let mut db = db;
    assert!(configuration_cycles(&db, workspace, root).is_empty());
    db.take_executed();
    let file = leaf.files(&db)[0];
    file.set_text(&mut db).to(
        "variable \"x\" {}\noutput \"y\" {\n  value = var.x\n}\noutput \"z\" {\n  value = 2\n}\n"
            .to_owned(),
    );
    assert!(configuration_cycles(&db, workspace, root).is_empty());
    let executed = db.take_executed();
    assert_eq!(times_run(&executed, "subtree_summary"), 2, "{executed:?}");
    assert_eq!(
        times_run(&executed, "configuration_cycles"),
        0,
        "{executed:?}"
    );
}

/// A called module that names its variable in an output.
const NAMED_LEAF: &str = "variable \"name\" {}\noutput \"x\" {\n  value = upper(var.name)\n}\n";

/// A module that calls `../k` (a [`NAMED_LEAF`]), naming it.
const CALLS_K: &str = "module \"k\" {\n  source = \"../k\"\n  name   = \"x\"\n}\n";

/// A module nothing calls or checks in the tests below.
const UNRELATED: &str = "locals {\n  y = 1\n}\n";

/// A module as hosts load one: its files at medium durability, its
/// directory at high.
fn loaded_module(db: &Database, dir: &str, files: &[(&str, &str)]) -> ModuleDir {
    module_with(
        db,
        dir,
        files,
        salsa::Durability::MEDIUM,
        salsa::Durability::HIGH,
    )
}

/// A workspace of `modules` as hosts make one, with its module graph set.
fn loaded_workspace(db: &mut Database, modules: Vec<ModuleDir>) -> Workspace {
    let workspace = Workspace::builder(modules, Vec::new())
        .durability(salsa::Durability::HIGH)
        .new(db);
    sync_module_graph(db, workspace);
    workspace
}

/// An evaluation as hosts make one: high durability.
fn loaded_evaluation(db: &Database, workspace: Workspace, mode: EvalMode) -> Evaluation {
    Evaluation::builder(workspace, mode, None, "/".to_owned())
        .durability(salsa::Durability::HIGH)
        .new(db)
}

/// An edit as hosts apply one: the file's text at low durability, then
/// the module graph.
fn edit(db: &mut Database, workspace: Workspace, file: SourceFile, text: &str) {
    file.set_text(db)
        .with_durability(salsa::Durability::LOW)
        .to(text.to_owned());
    sync_module_graph(db, workspace);
}

/// Edits of `other`, a file nothing checked reads: two, each followed
/// by `check` (the first turns it from medium to low durability; after
/// the second, what read a low-durability input that changed must be
/// looked into again, and what did not is valid as it is), then a third
/// with nothing asked yet and the logs emptied, so that what the caller
/// asks next shows what salsa verifies to answer it.
fn edit_another_file(
    db: &mut Database,
    workspace: Workspace,
    other: SourceFile,
    check: &dyn Fn(&Database),
) {
    for y in [2, 3] {
        edit(db, workspace, other, &format!("locals {{\n  y = {y}\n}}\n"));
        check(db);
    }
    edit(db, workspace, other, "locals {\n  y = 4\n}\n");
    db.take_executed();
}

/// The instance of evaluation `ev` that messages call `name`.
fn named_instance(db: &Database, ev: Evaluation, name: &str) -> InstanceAddr {
    let instances = evaluation_instances(db, ev);
    let found = instances.iter().find(|i| i.to_string() == name);
    found
        .unwrap_or_else(|| panic!("{name} is an instance"))
        .clone()
}

/// The list of an evaluation's jobs reads the calls of every module: once
/// a module with calls has been edited, it is a low-durability memo. The
/// chunks the jobs are reported in are inputs the host places
/// (`place_jobs`), so a chunk of other modules' instances is still
/// valid on its own after another edit of that module, where reading its
/// slice of the list made salsa look into every instance of the chunk.
#[test]
fn an_edit_to_a_module_with_calls_leaves_the_other_job_chunks_trusted() {
    let mut db = Database::with_verification_log();
    let root_calls = "module \"m\" {\n  source = \"./m\"\n}\n\
        module \"k\" {\n  source = \"./k\"\n  count  = 200\n  name   = \"x\"\n}\n";
    let root = loaded_module(&db, "", &[("main.tf", root_calls)]);
    let mid = loaded_module(&db, "m", &[("main.tf", CALLS_K)]);
    let leaf = loaded_module(&db, "k", &[("main.tf", NAMED_LEAF)]);
    let mid_file = mid.files(&db)[0];
    let workspace = loaded_workspace(&mut db, vec![root, mid, leaf]);
    let ev = loaded_evaluation(&db, workspace, EvalMode::Plan);
    let mut placed = PlacedJobs::default();
    let edit_mid = |db: &mut Database, placed: &mut PlacedJobs, text: &str| {
        edit(db, workspace, mid_file, text);
        place_jobs(db, ev, placed);
        for root in &placed.roots {
            for &chunk in &root.chunks {
                assert!(job_chunk_diagnostics(db, chunk).is_empty());
            }
        }
    };
    place_jobs(&mut db, ev, &mut placed);
    let commented = format!("# edited\n{CALLS_K}");
    edit_mid(&mut db, &mut placed, &commented);
    edit_mid(&mut db, &mut placed, CALLS_K);
    edit(&mut db, workspace, mid_file, &commented);
    place_jobs(&mut db, ev, &mut placed);
    db.take_verified();

    let under_mid = |addr: &InstanceAddr| addr.to_string().starts_with("module.m");
    let others: Vec<_> = placed.roots[0]
        .chunks
        .iter()
        .filter(|chunk| !chunk.jobs(&db).iter().any(|(addr, _)| under_mid(addr)))
        .copied()
        .collect();
    assert!(others.len() >= 3, "the instances of k fill chunks");
    for &chunk in &others {
        job_chunk_diagnostics(&db, chunk);
    }
    assert_eq!(
        db.take_verified(),
        vec!["job_chunk_diagnostics"; others.len()],
        "only the chunks themselves are verified"
    );
}

/// The list of instances reads every call's instances, so after a module
/// with calls has been edited it is verified after every edit; it reads
/// them subtree by subtree, so that verification looks only into the
/// subtrees that hold the edited module, where one walk over the tree
/// read the calls of all of them.
#[test]
fn an_edit_to_a_module_with_calls_verifies_only_its_path_in_the_instances() {
    let mut db = Database::with_verification_log();
    let root_calls = "module \"m\" {\n  source = \"./m\"\n}\n\
        module \"z\" {\n  source = \"./z\"\n  count  = 50\n}\n";
    let root = loaded_module(&db, "", &[("main.tf", root_calls)]);
    let mid = loaded_module(&db, "m", &[("main.tf", CALLS_K)]);
    let other = loaded_module(&db, "z", &[("main.tf", CALLS_K)]);
    let leaf = loaded_module(&db, "k", &[("main.tf", NAMED_LEAF)]);
    let mid_file = mid.files(&db)[0];
    let workspace = loaded_workspace(&mut db, vec![root, mid, other, leaf]);
    let ev = loaded_evaluation(&db, workspace, EvalMode::Plan);
    assert_eq!(evaluation_instances(&db, ev).len(), 1 + 2 + 2 * 50);
    let commented = format!("# edited\n{CALLS_K}");
    for text in [&commented, CALLS_K, &commented] {
        edit(&mut db, workspace, mid_file, text);
        assert_eq!(evaluation_instances(&db, ev).len(), 103);
    }
    edit(&mut db, workspace, mid_file, CALLS_K);
    db.take_verified();
    evaluation_instances(&db, ev);
    let verified = db.take_verified();
    let count = |query: &str| verified.iter().filter(|q| *q == query).count();
    // The root's two calls and `m`'s one; not those of `z`'s instances.
    assert_eq!(count("call_expansion"), 3, "{verified:?}");
    // Each subtree below the root is asked, and only `m`'s looked into.
    assert_eq!(count("instance_subtree"), 1 + 1 + 1 + 50, "{verified:?}");
}

/// A plan lists at most 100,000 instances, the first of a walk of the
/// whole tree (each instance, then the instances of its calls in order):
/// 10,000 instances of a module that calls 20 leaves each stop partway.
#[test]
fn a_tree_of_too_many_instances_lists_the_first_of_them() {
    let mut db = Database::default();
    let calls_m = "module \"m\" {\n  source = \"./m\"\n  count  = 10000\n}\n";
    let root = loaded_module(&db, "", &[("main.tf", calls_m)]);
    let calls_k = "module \"k\" {\n  source = \"../k\"\n  count  = 20\n  name   = \"x\"\n}\n";
    let mid = loaded_module(&db, "m", &[("main.tf", calls_k)]);
    let leaf = loaded_module(&db, "k", &[("main.tf", NAMED_LEAF)]);
    let workspace = loaded_workspace(&mut db, vec![root, mid, leaf]);
    let ev = loaded_evaluation(&db, workspace, EvalMode::Plan);
    let instances = evaluation_instances(&db, ev);
    assert_eq!(instances.len(), 100_000);
    let names: Vec<String> = [0, 1, 2, 21, 22, 99_999]
        .iter()
        .map(|&i| instances[i].to_string())
        .collect();
    // The root, then 21 instances for each of `m`'s: 1 + 21 * 4,761 =
    // 99,982, and 18 more of the next.
    expect_test::expect![[r#"
        [
            "",
            "module.m[0]",
            "module.m[0].module.k[0]",
            "module.m[0].module.k[19]",
            "module.m[1]",
            "module.m[4761].module.k[16]",
        ]
    "#]]
    .assert_debug_eq(&names);
}

/// Following calls from instance to instance reads the places the host
/// set, not the callers' files: after an edit to a file of the root, the
/// static checks of a called module still hold on their own (salsa finds
/// them valid without looking into what they read), where reading the
/// root's calls made them depend on every file of the root.
#[test]
fn an_edit_to_the_root_leaves_the_instances_below_trusted() {
    let mut db = Database::with_verification_log();
    let root = loaded_module(
        &db,
        "",
        &[
            (
                "main.tf",
                "module \"m\" {\n  source = \"./m\"\n  name   = var.name\n}\n",
            ),
            (
                "variables.tf",
                "variable \"name\" {\n  default = \"a\"\n}\n",
            ),
        ],
    );
    let called = loaded_module(&db, "m", &[("main.tf", NAMED_LEAF)]);
    let unrelated = loaded_module(&db, "z", &[("main.tf", UNRELATED)]);
    let variables = root.files(&db)[1];
    let other = unrelated.files(&db)[0];
    let workspace = loaded_workspace(&mut db, vec![root, called, unrelated]);
    let types = loaded_evaluation(&db, workspace, EvalMode::Types);
    let check = |db: &Database| {
        static_module_diagnostics(db, workspace, called);
        module_chunk_reports(db, types, 0);
    };
    check(&db);
    let edited = "variable \"name\" {\n  default = \"b\"\n}\n";
    edit(&mut db, workspace, variables, edited);
    check(&db);
    edit_another_file(&mut db, workspace, other, &check);
    static_module_diagnostics(&db, workspace, called);
    assert_eq!(
        db.take_verified(),
        ["static_module_diagnostics"],
        "only the memo itself is verified"
    );
}

/// Instance addresses and static calls carry the modules their calls
/// load, so what is computed for an instance does not read the places
/// above it: after a call is added to the root (its place set again, at
/// low durability), an instance two calls down and its module's static
/// checks are still valid on their own, where following the calls from
/// the root made them depend on the root's place.
#[test]
fn a_call_added_to_the_root_leaves_the_instances_below_trusted() {
    let mut db = Database::with_verification_log();
    let root = loaded_module(
        &db,
        "",
        &[("main.tf", "module \"m\" {\n  source = \"./m\"\n}\n")],
    );
    let mid = loaded_module(&db, "m", &[("main.tf", CALLS_K)]);
    let below_module = loaded_module(&db, "k", &[("main.tf", NAMED_LEAF)]);
    let unrelated = loaded_module(&db, "z", &[("main.tf", UNRELATED)]);
    let main = root.files(&db)[0];
    let other = unrelated.files(&db)[0];
    let modules = vec![root, mid, below_module, unrelated];
    let workspace = loaded_workspace(&mut db, modules);
    let ev = loaded_evaluation(&db, workspace, EvalMode::Validate);
    let check = |db: &Database| {
        let below = named_instance(db, ev, "module.m.module.k");
        assert!(instance_diagnostics(db, ev, below).is_empty());
        assert!(static_module_diagnostics(db, workspace, below_module).is_empty());
    };
    check(&db);
    let added = "module \"m\" {\n  source = \"./m\"\n}\nmodule \"n\" {\n  source = \"./z\"\n}\n";
    edit(&mut db, workspace, main, added);
    check(&db);
    let below = named_instance(&db, ev, "module.m.module.k");
    edit_another_file(&mut db, workspace, other, &check);
    instance_diagnostics(&db, ev, below);
    static_module_diagnostics(&db, workspace, below_module);
    assert_eq!(
        db.take_verified(),
        ["instance_diagnostics", "static_module_diagnostics"],
        "only the memos themselves are verified"
    );
}

/// A module's place is set in parts: a call added above it gives it an
/// instance, and changes nothing its own calls load. So what reads its
/// calls' targets (here, its instance, whose output reads its call's in
/// a plan, and `call_targets`) stays valid on its own after the next
/// edit elsewhere, where one place for the whole made it low-durability
/// with the instances.
#[test]
fn a_call_added_above_a_module_leaves_what_reads_its_calls_trusted() {
    let mut db = Database::with_verification_log();
    let calls_m = "module \"m\" {\n  source = \"./m\"\n}\n";
    let root = loaded_module(&db, "", &[("main.tf", calls_m)]);
    let output = "output \"y\" {\n  value = module.k.x\n}\n";
    let mid = loaded_module(&db, "m", &[("main.tf", &format!("{CALLS_K}{output}"))]);
    let leaf = loaded_module(&db, "k", &[("main.tf", NAMED_LEAF)]);
    let unrelated = loaded_module(&db, "z", &[("main.tf", UNRELATED)]);
    let main = root.files(&db)[0];
    let other = unrelated.files(&db)[0];
    let workspace = loaded_workspace(&mut db, vec![root, mid, leaf, unrelated]);
    let ev = loaded_evaluation(&db, workspace, EvalMode::Plan);
    let check = |db: &Database| {
        assert!(instance_diagnostics(db, ev, named_instance(db, ev, "module.m")).is_empty());
        assert_eq!(call_targets(db, workspace, mid), &[("k".to_owned(), leaf)]);
    };
    check(&db);
    let twice = format!("{calls_m}module \"n\" {{\n  source = \"./m\"\n}}\n");
    edit(&mut db, workspace, main, &twice);
    named_instance(&db, ev, "module.n.module.k");
    check(&db);
    edit(&mut db, workspace, main, calls_m);
    check(&db);
    let called = named_instance(&db, ev, "module.m");
    edit_another_file(&mut db, workspace, other, &check);
    instance_diagnostics(&db, ev, called);
    call_targets(&db, workspace, mid);
    assert_eq!(
        db.take_verified(),
        ["instance_diagnostics", "call_targets"],
        "only the memos themselves are verified"
    );
}
