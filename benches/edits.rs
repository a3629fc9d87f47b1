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

use tofu_gen_tree::write_tree;

#[path = "../tests/support/edits.rs"]
mod edits;

use edits::{EditKind, edit_kinds};

// As the binary: the allocator is part of what an edit costs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn set(host: &mut AnalysisHost, file: &str, text: &str) {
    let mut change = Change::new();
    change.set_file(file, text);
    host.apply_change(change);
}

fn report(host: &AnalysisHost) -> CheckReport {
    host.analysis().report().expect("nothing cancels it")
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
    let out = report(&host).comparable_lines();
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
                    report.comparable_lines(),
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
    write_tree(&dir, modules).expect("the tree is written");
    let only = std::env::var("TOFU_BENCH_EDIT").ok();
    let kinds: Vec<EditKind> = edit_kinds(&dir, modules)
        .into_iter()
        .filter(|kind| only.as_deref().is_none_or(|only| only == kind.name))
        .collect();
    eprintln!("{modules} modules in {}", dir.display());

    let started = Instant::now();
    let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).expect("loads");
    let as_loaded = report(&host).comparable_lines();
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
                report.comparable_lines(),
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
    assert_eq!(
        report(&host).comparable_lines(),
        as_loaded,
        "after the session"
    );
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
