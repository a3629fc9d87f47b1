//! The analysis host as editors and embedders drive it: changes applied
//! while snapshots answer on other threads, files added and removed, and
//! incremental reports equal to a fresh check of the same files.

use std::{
    fs,
    path::Path,
    sync::{Arc, Barrier},
};

use tofu_ide::check::{CheckOptions, Progress, check_tree};
use tofu_ide::host::{AnalysisHost, Change};

use tofu_gen_tree::write_tree;

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// What a fresh check of the files on disk reports, as comparable lines.
fn fresh(dir: &Path) -> Vec<String> {
    check_tree(dir, &CheckOptions::default())
        .unwrap()
        .comparable_lines()
}

/// What the host reports now, as comparable lines.
fn reported(host: &AnalysisHost) -> Vec<String> {
    host.analysis().report().unwrap().comparable_lines()
}

/// Writes `text` to `path` below `dir`, making its directories.
fn write(dir: &Path, path: &str, text: &str) {
    let file = dir.join(path);
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(file, text).unwrap();
}

/// One edit, applied both to the host and to the files on disk.
enum Edit<'a> {
    Set(&'a str, &'a str),
    Remove(&'a str),
}

fn apply(host: &mut AnalysisHost, dir: &Path, edits: &[Edit<'_>]) {
    let mut change = Change::new();
    for edit in edits {
        match *edit {
            Edit::Set(path, text) => {
                write(dir, path, text);
                change.set_file(path, text);
            }
            Edit::Remove(path) => {
                fs::remove_file(dir.join(path)).unwrap();
                change.remove_file(path);
            }
        }
    }
    host.apply_change(change);
}

/// After each step, the host's report is what a fresh check of the files
/// as they now are on disk reports.
#[test]
fn incremental_reports_equal_fresh_checks() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/analysis_calls"),
        &dir,
    );
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
    let main = fs::read_to_string(dir.join("main.tf")).unwrap();
    let calls_c = format!("{main}\nmodule \"c\" {{\n  source = \"./c\"\n}}\n");
    let steps: Vec<Vec<Edit<'_>>> = vec![
        // A call to a module that does not exist yet.
        vec![Edit::Set("main.tf", &calls_c)],
        // The module appears, with an error of its own.
        vec![Edit::Set(
            "c/main.tf",
            "variable \"n\" {\n  type = number\n}\noutput \"x\" {\n  value = local.missing\n}\n",
        )],
        // A second file declares what the first was missing.
        vec![Edit::Set("c/locals.tf", "locals {\n  missing = 1\n}\n")],
        // A syntax error, then its fix.
        vec![Edit::Set("c/locals.tf", "locals {\n  missing = \n")],
        vec![Edit::Set("c/locals.tf", "locals {\n  missing = 2\n}\n")],
        // A `.tofu` twin shadows its `.tf` file, then goes again.
        vec![Edit::Set("c/locals.tofu", "locals {\n  other = 1\n}\n")],
        vec![Edit::Remove("c/locals.tofu")],
        // The module goes with its last files; the call dangles again.
        vec![Edit::Remove("c/locals.tf"), Edit::Remove("c/main.tf")],
        vec![Edit::Set("main.tf", &main)],
    ];
    for (index, edits) in steps.iter().enumerate() {
        apply(&mut host, &dir, edits);
        assert_eq!(reported(&host), fresh(&dir), "after step {index}");
    }
}

/// Tells the test when the report has started its first phase after
/// parsing, and holds it there until the test has started a change.
struct Gate(Arc<Barrier>);

impl Progress for Gate {
    fn start(&self, _: usize) {}
    fn file_done(&self) {}
    fn phase(&self, what: &'static str, _: usize) {
        if what == "modules" {
            self.0.wait();
        }
    }
}

/// A change cancels a snapshot that is still computing: its answer is
/// `Err`, never a panic, and a new snapshot answers.
#[test]
fn a_change_cancels_a_snapshot_at_work() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    write_tree(&dir, 60).unwrap();
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
    let barrier = Arc::new(Barrier::new(2));
    let analysis = host.analysis();
    let gate = Gate(Arc::clone(&barrier));
    let worker = std::thread::spawn(move || analysis.report_with_progress(Some(&gate)).is_err());
    // The report has begun checking modules; the change cancels it.
    barrier.wait();
    let mut change = Change::new();
    change.set_file("main.tf", fs::read_to_string(dir.join("main.tf")).unwrap());
    host.apply_change(change);
    assert!(worker.join().unwrap(), "the snapshot was cancelled");
    let report = host.analysis().report().unwrap();
    assert_eq!(report.error_count(), 0, "{:?}", report.diagnostics);
}

/// Snapshots answer on several threads at once.
#[test]
fn snapshots_answer_on_other_threads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/analysis");
    let host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
    let workers: Vec<_> = (0..3)
        .map(|_| {
            let analysis = host.analysis();
            std::thread::spawn(move || analysis.report().unwrap().diagnostics.len())
        })
        .collect();
    for worker in workers {
        assert_eq!(worker.join().unwrap(), 0);
    }
}

/// A file evaluation reads is read again once the host is told it
/// changed on disk, and not before: the database sees no file behind its
/// back.
#[test]
fn a_changed_template_is_read_again_when_the_host_is_told() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("main.tf"),
        "locals {\n  n = tonumber(templatefile(\"${path.module}/n.tftpl\", {}))\n}\n",
    )
    .unwrap();
    fs::write(dir.join("n.tftpl"), "abc").unwrap();
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
    let errors = |host: &AnalysisHost| host.analysis().report().unwrap().error_count();
    assert_eq!(errors(&host), 1);

    fs::write(dir.join("n.tftpl"), "5").unwrap();
    assert_eq!(errors(&host), 1, "not read again until the host is told");
    let mut change = Change::new();
    change.changed_on_disk("n.tftpl");
    host.apply_change(change);
    assert_eq!(errors(&host), 0);
    assert_eq!(reported(&host), fresh(&dir));
}

/// A tree loaded without configuration gets its root module from its
/// first file, with the root's values; and loses it with its last.
#[test]
fn the_root_module_comes_and_goes_with_its_files() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("terraform.tfvars"), "n = 20\n").unwrap();
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
    let steps: Vec<Vec<Edit<'_>>> = vec![
        vec![Edit::Set(
            "main.tf",
            "variable \"n\" {\n  type = number\n}\noutput \"o\" {\n  value = var.n + \"x\"\n}\n",
        )],
        vec![Edit::Set("sub/main.tf", "locals {\n  a = local.b\n}\n")],
        vec![Edit::Remove("main.tf")],
        vec![Edit::Remove("sub/main.tf")],
    ];
    let before = reported(&host);
    assert_eq!(before, fresh(&dir));
    for (index, edits) in steps.iter().enumerate() {
        apply(&mut host, &dir, edits);
        assert_eq!(reported(&host), fresh(&dir), "after step {index}");
    }
}

/// Local sources are followed wherever they point, as `tofu validate`
/// follows them: out of the root, through symbolic links (a link back to
/// a caller is a recursive call, not an endless walk), into empty
/// directories; one that leads nowhere is an error at its call. Edits to
/// a module outside the root, and calls added later, are followed too.
#[cfg(unix)]
#[test]
fn local_calls_are_followed_out_of_the_root() {
    let temp = tempfile::tempdir().unwrap();
    let base = temp.path();
    let root = base.join("envs/prod");
    fs::create_dir_all(&root).unwrap();
    fs::create_dir_all(base.join("modules/empty")).unwrap();
    fs::create_dir_all(base.join("modules/vpc")).unwrap();
    fs::write(
        base.join("modules/vpc/main.tf"),
        "variable \"cidr\" {\n  type = string\n}\noutput \"id\" {\n  value = local.missing\n}\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("../../modules/vpc", root.join("linked")).unwrap();
    std::os::unix::fs::symlink(".", root.join("self")).unwrap();
    let main = "module \"vpc\" {\n  source = \"../../modules/vpc\"\n  cidr   = \"10.0.0.0/16\"\n}\n\
                module \"linked\" {\n  source = \"./linked\"\n  cidr   = \"10.1.0.0/16\"\n}\n\
                module \"empty\" {\n  source = \"../../modules/empty\"\n}\n\
                module \"missing\" {\n  source = \"./nowhere\"\n}\n\
                module \"self\" {\n  source = \"./self\"\n}\n\
                output \"id\" {\n  value = module.vpc.nope\n}\n";
    fs::write(root.join("main.tf"), main).unwrap();

    let mut host = AnalysisHost::load(&root, &CheckOptions::default()).unwrap();
    let report = host.analysis().report().unwrap();
    let found = report.comparable_lines();
    // The module outside is checked once, though two calls load it.
    let outside =
        "Some(\"../../modules/vpc/main.tf:60..73\") Error Reference to undeclared local value";
    assert_eq!(
        found.iter().filter(|l| l.starts_with(outside)).count(),
        1,
        "{found:#?}"
    );
    let summaries: Vec<&str> = report
        .diagnostics
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    for summary in [
        "Unsupported attribute",
        "Unreadable module directory",
        "Recursive module call",
    ] {
        assert!(summaries.contains(&summary), "{summary}: {found:#?}");
    }
    assert!(
        found.iter().any(|l| l.contains(
            "The directory nowhere could not be read for module \"missing\": it does not exist."
        )),
        "{found:#?}"
    );
    assert_eq!(report.modules.len(), 3, "the root, vpc and the empty one");
    assert_eq!(found, fresh(&root));

    let steps: Vec<Vec<Edit<'_>>> = vec![
        // The module outside is edited: its error goes.
        vec![Edit::Set(
            "../../modules/vpc/main.tf",
            "variable \"cidr\" {\n  type = string\n}\noutput \"id\" {\n  value = var.cidr\n}\n",
        )],
        // A call of another directory outside, which then gets a file.
        vec![Edit::Set(
            "main.tf",
            "module \"more\" {\n  source = \"../../modules/more\"\n}\n",
        )],
        vec![Edit::Set(
            "../../modules/more/main.tf",
            "output \"x\" {\n  value = local.nope\n}\n",
        )],
        // A file outside every loaded module is not the tree's.
        vec![Edit::Set(
            "../elsewhere/main.tf",
            "locals {\n  a = local.b\n}\n",
        )],
    ];
    for (index, edits) in steps.iter().enumerate() {
        apply(&mut host, &root, edits);
        assert_eq!(reported(&host), fresh(&root), "after step {index}");
    }
}

/// Every answer runs on the analysis threads: an embedder's thread with
/// a small stack can ask about the end of a long chain of references.
#[test]
fn answers_do_not_need_the_callers_stack() {
    let temp = tempfile::tempdir().unwrap();
    let mut text = String::from("locals {\n  l0 = 1\n");
    for i in 1..1000 {
        text.push_str(&format!("  l{i} = local.l{} + 1\n", i - 1));
    }
    text.push_str("}\n");
    fs::write(temp.path().join("main.tf"), &text).unwrap();
    let host = AnalysisHost::load(temp.path(), &CheckOptions::default()).unwrap();
    let analysis = host.analysis();
    // The `+` of the last local: the whole sum.
    let last = text.find("local.l998 +").unwrap() + "local.l998 ".len();
    let answer = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let kind = tofu_ide::semantic_db::DeclKind::Local("l999".into());
            let ty = analysis.type_of_declaration("", &kind).unwrap();
            let at = analysis
                .type_of("main.tf", tofu_ide::syntax::TextSize::from(last as u32))
                .unwrap();
            (ty.map(|t| t.to_string()), at.map(|t| t.to_string()))
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert_eq!(
        answer,
        (Some("number".to_owned()), Some("number".to_owned()))
    );
}

/// A source built from an expression is evaluated in the module the call
/// path reaches, which the host follows through each module's place in
/// the graph: when an edit moves a call to another module, the walk after
/// it must see the new place, not the one set before the edit.
#[test]
fn an_expression_source_follows_a_moved_call() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    let files: &[(&str, &str)] = &[
        ("main.tf", "module \"a\" {\n  source = \"./a1\"\n}\n"),
        (
            "a1/main.tf",
            "locals {\n  dir = \"x\"\n}\nmodule \"leaf\" {\n  source = \"../${local.dir}\"\n}\n",
        ),
        (
            "a2/main.tf",
            "locals {\n  place = \"y\"\n}\nmodule \"leaf\" {\n  source = \"../${local.place}\"\n}\n",
        ),
        ("x/main.tf", "output \"o\" {\n  value = 1\n}\n"),
        (
            "y/main.tf",
            "variable \"needed\" {}\noutput \"o\" {\n  value = var.needed\n}\n",
        ),
    ];
    for (path, text) in files {
        write(&dir, path, text);
    }
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
    assert_eq!(reported(&host), fresh(&dir));
    for source in ["./a2", "./a1", "./a2"] {
        let text = format!("module \"a\" {{\n  source = \"{source}\"\n}}\n");
        apply(&mut host, &dir, &[Edit::Set("main.tf", &text)]);
        assert_eq!(reported(&host), fresh(&dir), "source {source}");
    }
    // Through a2, the call reaches `y`, whose variable nobody sets.
    assert!(
        reported(&host).iter().any(|line| line.contains("needed")),
        "the leaf is the one a2 names"
    );
}

/// The instances below a call that now loads another module are new
/// instances (their addresses carry the modules their calls load): the
/// report after the move is a fresh check's, whichever module the calls
/// below reach by the same names.
#[test]
fn a_moved_call_evaluates_the_instances_below_anew() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    let files: &[(&str, &str)] = &[
        (
            "main.tf",
            "module \"a\" {\n  source = \"./a1\"\n  size   = 2\n}\n",
        ),
        (
            "a1/main.tf",
            "variable \"size\" {}\nmodule \"leaf\" {\n  source = \"../x\"\n  size   = var.size\n}\n",
        ),
        (
            "a2/main.tf",
            "variable \"size\" {}\nmodule \"leaf\" {\n  source = \"../y\"\n  size   = var.size\n}\n",
        ),
        (
            "x/main.tf",
            "variable \"size\" {\n  type = number\n}\noutput \"o\" {\n  value = var.size + 1\n}\n",
        ),
        (
            "y/main.tf",
            "variable \"size\" {\n  type = list(string)\n}\n",
        ),
    ];
    for (path, text) in files {
        write(&dir, path, text);
    }
    // Planned, so that instances are evaluated with the values given.
    let inputs = tofu_ide::variable_inputs::VariableInputs {
        options: &[],
        working_dir: &dir,
        environment: &[],
    };
    let plan = CheckOptions {
        plan: Some(inputs),
        ..CheckOptions::default()
    };
    let fresh = |dir: &Path| check_tree(dir, &plan).unwrap().comparable_lines();
    let mut host = AnalysisHost::load(&dir, &plan).unwrap();
    assert_eq!(reported(&host), fresh(&dir));
    let mut reports = std::collections::BTreeMap::new();
    for source in ["./a2", "./a1", "./a2"] {
        let text = format!("module \"a\" {{\n  source = \"{source}\"\n  size   = 2\n}}\n");
        apply(&mut host, &dir, &[Edit::Set("main.tf", &text)]);
        let report = reported(&host);
        assert_eq!(report, fresh(&dir), "source {source}");
        reports.insert(source, report);
    }
    // Where `module.a.module.leaf` is an instance of `y`, the 2 the root
    // gives is not the list `y` wants (on its own, `a2` gives an unknown
    // value); `x` takes a number.
    assert_ne!(reports["./a1"], reports["./a2"]);
}

/// A configuration is evaluated only while every module of its tree
/// loads cleanly: a module that stops loading keeps the roots that reach
/// it, and only those, from being evaluated, until it loads again.
#[test]
fn a_module_that_fails_to_load_keeps_only_its_roots_unevaluated() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tree");
    // Only evaluating an instance finds a file that `path.root` names
    // missing: the static types do not know it.
    let reads_missing = "locals {\n  t = file(\"${path.root}/missing.txt\")\n}\n";
    let output = "output \"o\" {\n  value = 1\n}\n";
    let calls =
        |name: &str, source: &str| format!("module \"{name}\" {{\n  source = \"{source}\"\n}}\n");
    let m = format!("{}{reads_missing}", calls("leaf", "../leaf"));
    let files: &[(&str, &str)] = &[
        ("main.tf", &calls("m", "./m")),
        ("m/main.tf", &m),
        ("leaf/main.tf", output),
        // A root of its own, whose tree does not hold the leaf.
        ("other/main.tf", &calls("r", "../r")),
        ("r/main.tf", reads_missing),
    ];
    for (path, text) in files {
        write(&dir, path, text);
    }
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
    // The modules whose missing file is reported.
    let evaluated = |host: &AnalysisHost| -> Vec<&str> {
        let lines = reported(host);
        ["m/main.tf", "r/main.tf"]
            .into_iter()
            .filter(|file| {
                lines
                    .iter()
                    .any(|line| line.contains(file) && line.contains("missing.txt"))
            })
            .collect()
    };
    assert_eq!(reported(&host), fresh(&dir));
    assert_eq!(evaluated(&host), ["m/main.tf", "r/main.tf"]);
    // Declared twice, the leaf's output does not load: the root reaches
    // the leaf through `m`, `other` does not.
    let twice = format!("{output}{output}");
    apply(&mut host, &dir, &[Edit::Set("leaf/main.tf", &twice)]);
    assert_eq!(reported(&host), fresh(&dir));
    assert_eq!(evaluated(&host), ["r/main.tf"]);
    apply(&mut host, &dir, &[Edit::Set("leaf/main.tf", output)]);
    assert_eq!(reported(&host), fresh(&dir));
    assert_eq!(evaluated(&host), ["m/main.tf", "r/main.tf"]);
    // A call added makes `other` reach the leaf too: the leaf's callers
    // changed, and a leaf that stops loading now keeps both roots from
    // being evaluated.
    let other = format!("{}{}", calls("r", "../r"), calls("leaf", "../leaf"));
    apply(&mut host, &dir, &[Edit::Set("other/main.tf", &other)]);
    assert_eq!(reported(&host), fresh(&dir));
    assert_eq!(evaluated(&host), ["m/main.tf", "r/main.tf"]);
    apply(&mut host, &dir, &[Edit::Set("leaf/main.tf", &twice)]);
    assert_eq!(reported(&host), fresh(&dir));
    assert_eq!(evaluated(&host), Vec::<&str>::new());
}
