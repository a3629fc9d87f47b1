//! Re-check latency per kind of edit, through the host editors use: on a
//! generated tree (`TOFU_BENCH_MODULES`, 1000 by default), each edit
//! applied as a `Change` and the whole report (evaluation included) asked
//! of a new snapshot; medians, p90 and max of alternating edits, as the
//! first edit of a freshly loaded tree, on files edited before, and after
//! a session of 100 mixed edits. Every measured report is compared with
//! the report of the tree as loaded (or, for edits that change it, with a
//! fresh load of the same texts): a mismatch fails the bench.
//!
//! `cargo bench --bench edits` (`-- --quick` for fewer samples;
//! `TOFU_BENCH_EDIT=NAME` for one kind of edit only).

#![allow(clippy::disallowed_methods)] // Benches write and read their trees.

use std::{
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use tofu_ide::{
    check::{CheckOptions, CheckReport},
    host::{AnalysisHost, Change},
};

#[allow(dead_code, unused_imports)]
#[path = "../xtask/src/gen_tree.rs"]
mod gen_tree;

// As the binary: the allocator is part of what an edit costs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One kind of edit: a file and the two texts it alternates between
/// (the first is the file as generated).
struct EditKind {
    name: &'static str,
    file: &'static str,
    texts: [String; 2],
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|err| panic!("{file}: {err}"))
}

/// `text` with `from` replaced once by `to`; `from` must be there.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} is in the file");
    text.replacen(from, to, 1)
}

fn edit_kinds(dir: &Path, modules: usize) -> Vec<EditKind> {
    let leaf = format!("modules/m{:04}", modules - 1);
    let mid = format!("modules/m{:04}", modules / 10);
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let leaf_main = leak(format!("{leaf}/main.tf"));
    let leaf_outputs = leak(format!("{leaf}/outputs.tf"));
    let mid_main = leak(format!("{mid}/main.tf"));
    let called_variables = "modules/m0004/variables.tf";
    let kind = |name, file: &'static str, edited: &dyn Fn(&str) -> String| {
        let text = read(dir, file);
        EditKind {
            name,
            file,
            texts: [text.clone(), edited(&text)],
        }
    };
    let call = |name: &str, source: &str| {
        format!(
            "\nmodule \"{name}\" {{\n  source = \"{source}\"\n\n  name  = \"extra\"\n  items = {{}}\n}}\n"
        )
    };
    vec![
        kind("leaf-local-literal", leaf_main, &|t| {
            replaced(t, r#""unowned")"#, r#""nobody")"#)
        }),
        kind("comment-at-top", mid_main, &|t| format!("# edited\n{t}")),
        kind("root-variable-default", "variables.tf", &|t| {
            replaced(t, r#"default     = "bench""#, r#"default     = "bench2""#)
        }),
        kind("called-variable-type", called_variables, &|t| {
            replaced(
                t,
                "variable \"name\" {\n  type        = string",
                "variable \"name\" {\n  type        = number",
            )
        }),
        kind("add-output-to-leaf", leaf_outputs, &|t| {
            format!("{t}\noutput \"extra\" {{\n  value = local.owner\n}}\n")
        }),
        kind("rename-local", mid_main, &|t| {
            replaced(t, "  owner    =", "  owner2   =")
        }),
        kind("syntax-error-mid-level", mid_main, &|t| {
            t.trim_end()
                .strip_suffix('}')
                .expect("ends with a brace")
                .to_owned()
        }),
        kind("add-call-to-leaf", "main.tf", &|t| {
            format!("{t}{}", call("extra_leaf", &format!("./{leaf}")))
        }),
        kind("add-call-of-subtree", "main.tf", &|t| {
            format!("{t}{}", call("extra_tree", "./modules/m0001"))
        }),
    ]
}

fn set(host: &mut AnalysisHost, file: &str, text: &str) {
    let mut change = Change::new();
    change.set_file(file, text);
    host.apply_change(change);
}

fn report(host: &AnalysisHost) -> CheckReport {
    host.analysis().report().expect("nothing cancels it")
}

/// A report as comparable lines, its time left out.
fn lines(report: &CheckReport) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .map(|d| {
            let place = d.location.map(|l| {
                let source = report.source(l.file);
                format!("{}:{:?}", source.path, l.range)
            });
            format!("{place:?} {:?} {} {}", d.severity, d.summary, d.detail)
        })
        .collect()
}

/// The time of one edit: applying it and the whole report after it.
fn timed_edit(host: &mut AnalysisHost, file: &str, text: &str) -> (Duration, CheckReport) {
    let started = Instant::now();
    set(host, file, text);
    let report = report(host);
    (started.elapsed(), report)
}

struct Stats {
    median: Duration,
    p90: Duration,
    max: Duration,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    Stats {
        median: at(0.5),
        p90: at(0.9),
        max: *samples.last().expect("samples"),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// What a fresh load of the tree reports with `file` set to `text`.
fn fresh(dir: &Path, file: &str, text: &str, original: &str) -> Vec<String> {
    std::fs::write(dir.join(file), text).unwrap();
    let host = AnalysisHost::load(dir, &CheckOptions::default()).expect("loads");
    let out = lines(&report(&host));
    std::fs::write(dir.join(file), original).unwrap();
    out
}

/// Alternating edits of each kind on `host`, `rounds` of each text;
/// checks each result against `expected` (per text).
fn measure_warm(
    host: &mut AnalysisHost,
    kinds: &[EditKind],
    expected: &[[Vec<String>; 2]],
    rounds: usize,
) -> Vec<Stats> {
    kinds
        .iter()
        .zip(expected)
        .map(|(kind, expected)| {
            let mut samples = Vec::new();
            for round in 0..rounds * 2 {
                let which = 1 - round % 2;
                let (elapsed, report) = timed_edit(host, kind.file, &kind.texts[which]);
                assert_eq!(
                    lines(&report),
                    expected[which],
                    "{}: the incremental report differs from a fresh load",
                    kind.name
                );
                samples.push(elapsed);
            }
            stats(samples)
        })
        .collect()
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let modules: usize = std::env::var("TOFU_BENCH_MODULES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(1000);
    let dir: PathBuf =
        std::env::temp_dir().join(format!("tofu-analyzer-edits-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    gen_tree::write_tree(&dir, modules).expect("the tree is written");
    let only = std::env::var("TOFU_BENCH_EDIT").ok();
    let kinds: Vec<EditKind> = edit_kinds(&dir, modules)
        .into_iter()
        .filter(|kind| only.as_deref().is_none_or(|only| only == kind.name))
        .collect();
    eprintln!("{modules} modules in {}", dir.display());

    let started = Instant::now();
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).expect("loads");
    let as_loaded = lines(&report(&host));
    eprintln!("cold load and report: {} ms", ms(started.elapsed()));
    let expected: Vec<[Vec<String>; 2]> = kinds
        .iter()
        .map(|kind| {
            [
                as_loaded.clone(),
                fresh(&dir, kind.file, &kind.texts[1], &kind.texts[0]),
            ]
        })
        .collect();

    // The first edit of a file of a freshly loaded tree.
    let first_samples = if quick { 1 } else { 3 };
    let mut first: Vec<Vec<Duration>> = vec![Vec::new(); kinds.len()];
    for _ in 0..first_samples {
        for (index, kind) in kinds.iter().enumerate() {
            let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).expect("loads");
            report(&host);
            let (elapsed, report) = timed_edit(&mut host, kind.file, &kind.texts[1]);
            assert_eq!(
                lines(&report),
                expected[index][1],
                "{}: first edit",
                kind.name
            );
            first[index].push(elapsed);
        }
    }

    let rounds = std::env::var("TOFU_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(if quick { 3 } else { 10 });
    let warm = measure_warm(&mut host, &kinds, &expected, rounds);
    // A session of 100 mixed edits, each kind in turn, then again.
    for step in 0..100 {
        let kind = &kinds[(step * 7) % kinds.len()];
        set(
            &mut host,
            kind.file,
            &kind.texts[1 - step / kinds.len() % 2],
        );
    }
    for kind in &kinds {
        set(&mut host, kind.file, &kind.texts[0]);
    }
    assert_eq!(lines(&report(&host)), as_loaded, "after the session");
    let late = measure_warm(&mut host, &kinds, &expected, rounds);

    println!(
        "{:<24} {:>12} {:>22} {:>22}",
        "edit (ms)", "first", "warm med/p90/max", "late med/p90/max"
    );
    for ((kind, first), (warm, late)) in kinds.iter().zip(first).zip(warm.iter().zip(&late)) {
        let first = stats(first);
        println!(
            "{:<24} {:>12} {:>22} {:>22}",
            kind.name,
            ms(first.median),
            format!("{}/{}/{}", ms(warm.median), ms(warm.p90), ms(warm.max)),
            format!("{}/{}/{}", ms(late.median), ms(late.p90), ms(late.max)),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
