//! The semantic check of whole trees, cold and after an edit.
//!
//! `cargo bench --bench check`, or `cargo bench --bench check -- --quick`
//! for a fast look. The trees are the ones `cargo xtask gen-tree` writes
//! (the `tofu-gen-tree` crate, which the xtask uses too), written
//! into a fresh temporary directory at setup and removed afterwards.
//!
//! - `check_tree/N`: a cold check of an N-module tree (100, 1,000, 3,000
//!   and 10,000 modules), as `tofu-analyzer check` runs it: discovery,
//!   reading, parsing, every semantic check.
//! - `check_tree/locals-50000`, `check_tree/resources-20000`: a cold check
//!   of one module of 50,000 locals (every tenth a chain's start, the
//!   others reading the one before) or of 20,000 resources.
//! - `incremental/edit-local-in-leaf`: the 1000-module tree opened once as
//!   an [`Analysis`] with all its diagnostics asked for; then each
//!   iteration edits the expression of one local in a leaf module,
//!   alternating between two texts so every edit changes something, and
//!   asks for all diagnostics again. `incremental/unchanged` asks again
//!   without an edit, for comparison.
//! - `plan/check_tree/1000`: a cold `check --plan` of the 1000-module
//!   tree: everything above, then every module instance evaluated with
//!   the root's values from its `terraform.tfvars`.
//! - `plan/edit-root-variable/{name,tags}`: the tree opened once as an
//!   [`Analysis`] with values; each iteration changes one root variable's
//!   value in `terraform.tfvars` (alternating two values) and asks for
//!   all diagnostics again. `name` reaches every module instance (it is
//!   part of every child's arguments); the `tags` of `items` reach only
//!   the root module's resources.

use std::{
    fs,
    hint::black_box,
    path::{Path, PathBuf},
    time::Duration,
};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use tofu_gen_tree::write_tree;
use tofu_ide::{
    check::{CheckOptions, check_tree},
    host::{AnalysisHost, Change},
    variable_inputs::VariableInputs,
};

// The binary's allocator, so that the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A host as the benches drive it: one file set at a time, then every
/// diagnostic of the tree asked for again.
struct Analysis(AnalysisHost);

impl Analysis {
    fn open(dir: &std::path::Path, options: &CheckOptions<'_>) -> Analysis {
        Analysis(AnalysisHost::load(dir, options).expect("the tree opens"))
    }

    fn file_text(&self, path: &str) -> Option<String> {
        self.0.analysis().file_text(path)
    }

    fn set_file_text(&mut self, path: &str, text: String) {
        let mut change = Change::new();
        change.set_file(path, text);
        self.0.apply_change(change);
    }

    fn diagnostics(&self) -> Vec<tofu_ide::check::Diagnostic> {
        self.0
            .analysis()
            .report()
            .expect("not cancelled")
            .diagnostics
    }
}

/// The leaf module whose local the incremental bench edits, and the local
/// expression in two versions.
const LEAF_FILE: &str = "modules/m0999/main.tf";
const LOCAL_BEFORE: &str = r#"owner    = try(var.settings.owner.team, "unowned")"#;
const LOCAL_AFTER: &str = r#"owner    = try(var.settings.owner.team, "nobody")"#;

fn benches(c: &mut Criterion) {
    let small = GeneratedTree::new(100);
    let large = GeneratedTree::new(1000);
    let larger = GeneratedTree::new(3000);
    let largest = GeneratedTree::new(10_000);
    let locals = GeneratedTree::single_module("locals-50000", &many_locals(50_000));
    let resources = GeneratedTree::single_module("resources-20000", &many_resources(20_000));
    bench_cold(c, &[&small, &large, &larger, &largest, &locals, &resources]);
    drop((larger, largest, locals, resources));
    bench_incremental(c, &large);
    bench_plan(c, &large);
}

/// The values a plan of a generated tree takes: its `terraform.tfvars`
/// only.
fn plan_inputs(dir: &Path) -> VariableInputs<'_> {
    VariableInputs {
        options: &[],
        working_dir: dir,
        environment: &[],
    }
}

fn bench_plan(c: &mut Criterion, tree: &GeneratedTree) {
    let mut group = c.benchmark_group("plan");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    let options = CheckOptions {
        plan: Some(plan_inputs(&tree.dir)),
        ..CheckOptions::default()
    };
    let report = check_tree(&tree.dir, &options).expect("the tree checks");
    assert_eq!(report.error_count(), 0, "{:?}", report.diagnostics);
    group.bench_with_input(
        BenchmarkId::new("check_tree", &tree.name),
        &tree.dir,
        |b, dir| b.iter(|| black_box(check_tree(black_box(dir), &options))),
    );
    group.finish();

    let mut analysis = Analysis::open(
        &tree.dir,
        &CheckOptions {
            plan: Some(plan_inputs(&tree.dir)),
            ..CheckOptions::default()
        },
    );
    let tfvars = analysis
        .file_text("terraform.tfvars")
        .expect("the tree has terraform.tfvars")
        .to_owned();
    assert!(analysis.diagnostics().is_empty(), "the tree has no errors");
    let mut group = c.benchmark_group("plan/edit-root-variable");
    for (variable, before, after) in [
        ("name", r#"name = "bench""#, r#"name = "bench2""#),
        ("tags", r#"tags = ["x", "y"]"#, r#"tags = ["x", "z"]"#),
    ] {
        assert!(tfvars.contains(before), "terraform.tfvars sets {variable}");
        let texts = [tfvars.replacen(before, after, 1), tfvars.clone()];
        let mut edits = 0usize;
        group.bench_function(variable, |b| {
            b.iter(|| {
                let text = texts[edits % 2].clone();
                edits += 1;
                analysis.set_file_text("terraform.tfvars", text);
                black_box(analysis.diagnostics())
            });
        });
        // Back to the file as written for the next variable.
        analysis.set_file_text("terraform.tfvars", tfvars.clone());
    }
    group.finish();
}

fn bench_cold(c: &mut Criterion, trees: &[&GeneratedTree]) {
    let mut group = c.benchmark_group("check_tree");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for tree in trees {
        let report = check_tree(&tree.dir, &CheckOptions::default()).expect("the tree checks");
        assert_eq!(
            report.error_count(),
            0,
            "the generated tree has errors: {:?}",
            report.diagnostics
        );
        group.bench_with_input(
            BenchmarkId::from_parameter(&tree.name),
            &tree.dir,
            |b, dir| {
                b.iter(|| black_box(check_tree(black_box(dir), &CheckOptions::default())));
            },
        );
    }
    group.finish();
}

fn bench_incremental(c: &mut Criterion, tree: &GeneratedTree) {
    let mut analysis = Analysis::open(&tree.dir, &CheckOptions::default());
    let before = analysis
        .file_text(LEAF_FILE)
        .unwrap_or_else(|| panic!("{LEAF_FILE} is in the tree"))
        .to_owned();
    assert!(
        before.contains(LOCAL_BEFORE),
        "{LEAF_FILE} declares the edited local"
    );
    let after = before.replacen(LOCAL_BEFORE, LOCAL_AFTER, 1);
    let texts = [after, before];
    assert!(analysis.diagnostics().is_empty(), "the tree has no errors");

    let mut group = c.benchmark_group("incremental");
    // The floor under any re-check: all diagnostics asked for again with
    // nothing changed, so no memo needs verifying.
    group.bench_function("unchanged", |b| {
        b.iter(|| black_box(analysis.diagnostics()));
    });
    let mut edits = 0usize;
    group.bench_function("edit-local-in-leaf", |b| {
        b.iter(|| {
            let text = texts[edits % 2].clone();
            edits += 1;
            analysis.set_file_text(LEAF_FILE, text);
            black_box(analysis.diagnostics())
        });
    });
    group.finish();
}

/// A tree written by the generator into a temporary directory, removed
/// when dropped.
struct GeneratedTree {
    dir: PathBuf,
    /// The benchmark's parameter: the number of modules, or what the one
    /// module holds.
    name: String,
}

impl GeneratedTree {
    fn new(modules: usize) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "tofu-analyzer-bench-{}-{modules}",
            std::process::id()
        ));
        // Left over from an earlier run with the same process id.
        remove(&dir);
        let written = write_tree(&dir, modules).expect("the tree is written");
        eprintln!(
            "{}: {modules} modules, {} files, {} bytes",
            dir.display(),
            written.files,
            written.bytes
        );
        GeneratedTree {
            dir,
            name: modules.to_string(),
        }
    }

    /// One module, `main.tf` holding `text`.
    fn single_module(name: &str, text: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("tofu-analyzer-bench-{}-{name}", std::process::id()));
        remove(&dir);
        fs::create_dir_all(&dir).expect("the module directory is made");
        fs::write(dir.join("main.tf"), text).expect("the module is written");
        GeneratedTree {
            dir,
            name: name.to_owned(),
        }
    }
}

/// `count` locals: every tenth a number, the others a string template
/// reading the local before it.
fn many_locals(count: usize) -> String {
    let mut text = String::from("locals {\n");
    for i in 0..count {
        if i % 10 == 0 {
            text.push_str(&format!("  l{i} = {i}\n"));
        } else {
            text.push_str(&format!("  l{i} = \"v{i}-${{local.l{}}}\"\n", i - 1));
        }
    }
    text + "}\n"
}

/// `count` resources of the built-in provider, and an output reading the
/// last.
fn many_resources(count: usize) -> String {
    let mut text = String::new();
    for i in 0..count {
        text.push_str(&format!(
            "resource \"terraform_data\" \"r{i}\" {{\n  input = \"{i}\"\n}}\n"
        ));
    }
    text + &format!(
        "output \"o\" {{\n  value = terraform_data.r{}.input\n}}\n",
        count - 1
    )
}

impl Drop for GeneratedTree {
    fn drop(&mut self) {
        remove(&self.dir);
    }
}

fn remove(dir: &Path) {
    if dir.exists() {
        let _ = fs::remove_dir_all(dir);
    }
}

criterion_group!(check, benches);
criterion_main!(check);
