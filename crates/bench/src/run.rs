//! Timing the edits, and checking every incremental report.

use std::{
    path::Path,
    time::{Duration, Instant},
};

use tofu_ide::{
    check::{CheckOptions, CheckReport},
    host::{AnalysisHost, Change},
};

use crate::{
    choose::{Edit, choose_edits},
    report::{BenchReport, EditResult, QueryCounts, Stats},
};

/// How to run.
pub struct BenchOptions<'a> {
    /// Times each text of each edit is measured (so twice this many
    /// samples per edit and phase).
    pub rounds: usize,
    /// Mixed edits made between the warm and the late measurements.
    pub session: usize,
    /// How the tree is checked (plan mode, exclusions, schemas...).
    pub check: &'a CheckOptions<'a>,
    /// Edits to use instead of the standard ones.
    pub edits: Option<Vec<Edit>>,
    /// Told what is being measured, for a progress display.
    pub progress: Option<&'a dyn Fn(&str)>,
    /// Test hook: the first incremental report gains a diagnostic, as a
    /// stale memo would make it differ from a fresh load's; the run must
    /// then fail.
    #[doc(hidden)]
    pub corrupt_first_report: bool,
}

fn report(host: &AnalysisHost) -> Result<CheckReport, String> {
    host.analysis()
        .report()
        .map_err(|_| "a report was cancelled".to_owned())
}

fn set(host: &mut AnalysisHost, file: &str, text: &str) {
    let mut change = Change::new();
    change.set_file(file, text);
    host.apply_change(change);
}

/// Sets `file` to `text` and reports: how long that took, and the report.
fn timed_set(
    host: &mut AnalysisHost,
    file: &str,
    text: &str,
) -> Result<(Duration, CheckReport), String> {
    let started = Instant::now();
    set(host, file, text);
    let found = report(host)?;
    Ok((started.elapsed(), found))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Loads the tree at `root`, chooses (or takes) the edits, and measures
/// them. An incremental report that differs from a fresh load's with the
/// same texts is an error: the benchmark doubles as a correctness check.
pub fn run(root: &Path, options: &BenchOptions<'_>) -> Result<BenchReport, String> {
    let tell = |what: &str| {
        if let Some(progress) = options.progress {
            progress(what);
        }
    };
    let load = |check: &CheckOptions<'_>| {
        AnalysisHost::load(root, check).map_err(|err| format!("{}: {err}", root.display()))
    };
    tell("loading");
    let started = Instant::now();
    let mut host = load(options.check)?;
    let load_ms = ms(started.elapsed());
    tell("first report");
    let started = Instant::now();
    let first = report(&host)?;
    let first_report_ms = ms(started.elapsed());
    let as_loaded = first.comparable_lines();

    let analysis = host.analysis();
    let (edits, skipped) = match &options.edits {
        Some(edits) => (edits.clone(), Vec::new()),
        None => choose_edits(&analysis, &first.modules),
    };
    drop(analysis);

    // What each edited text reports on a host that has seen nothing else,
    // and, on a host that had reported the tree as loaded, how long the
    // edit took as the file's first and which queries it re-ran (the log
    // is kept off every measured host).
    let logging = CheckOptions {
        log_queries: true,
        ..*options.check
    };
    let mut expected = Vec::new();
    // Each edit as the first of its file: its time and the queries it ran.
    let mut firsts = Vec::new();
    for edit in &edits {
        tell(&format!("fresh report of {}", edit.name));
        // Timed without the log: logging makes salsa describe every memo
        // it verifies, which the first edit of a file does for nearly all.
        let mut fresh = load(options.check)?;
        if report(&fresh)?.comparable_lines() != as_loaded {
            return Err("two loads of the same tree report differently".to_owned());
        }
        let (first, edited) = timed_set(&mut fresh, &edit.file, &edit.texts[1])?;
        drop(fresh);
        // Opened first, as an editor does: the file is set to its own
        // text (and so becomes one that changes often), then edited.
        let mut opened = load(options.check)?;
        report(&opened)?;
        let (open, _) = timed_set(&mut opened, &edit.file, &edit.texts[0])?;
        let (after_open, reported) = timed_set(&mut opened, &edit.file, &edit.texts[1])?;
        if reported.comparable_lines() != edited.comparable_lines() {
            return Err(format!(
                "{}: the report after opening the file differs from a fresh load's",
                edit.name
            ));
        }
        drop(opened);
        // The same edit again, on a load that logs, for what it re-ran.
        let mut logged = load(&logging)?;
        report(&logged)?;
        logged.take_executed_queries();
        set(&mut logged, &edit.file, &edit.texts[1]);
        report(&logged)?;
        expected.push([as_loaded.clone(), edited.comparable_lines()]);
        firsts.push((
            [ms(first), ms(open), ms(after_open)],
            QueryCounts::of(logged.take_executed_queries()),
        ));
    }

    let measure = |host: &mut AnalysisHost, phase: &str| -> Result<Vec<Stats>, String> {
        let mut out = Vec::new();
        for (edit, expected) in edits.iter().zip(&expected) {
            tell(&format!("{phase}: {}", edit.name));
            let mut samples = Vec::new();
            for round in 0..options.rounds.max(1) * 2 {
                let which = 1 - round % 2;
                let (took, found) = timed_set(host, &edit.file, &edit.texts[which])?;
                samples.push(took);
                let mut found = found.comparable_lines();
                if options.corrupt_first_report && phase == "warm" && round == 0 {
                    found.push("a diagnostic a stale memo kept".to_owned());
                }
                if found != expected[which] {
                    return Err(format!(
                        "{} ({phase}): the incremental report differs from a fresh load's with the same text of {}",
                        edit.name, edit.file
                    ));
                }
            }
            out.push(Stats::of(&samples));
        }
        Ok(out)
    };
    let warm = measure(&mut host, "warm")?;
    tell("a session of mixed edits");
    if !edits.is_empty() {
        for step in 0..options.session {
            let edit = &edits[(step * 7) % edits.len()];
            set(
                &mut host,
                &edit.file,
                &edit.texts[1 - step / edits.len() % 2],
            );
        }
        for edit in &edits {
            set(&mut host, &edit.file, &edit.texts[0]);
        }
        if report(&host)?.comparable_lines() != as_loaded {
            return Err(
                "after the session of mixed edits, the report differs from the tree as loaded"
                    .to_owned(),
            );
        }
    }
    let late = measure(&mut host, "late")?;

    Ok(BenchReport {
        tree: root.display().to_string(),
        modules: first.modules.len(),
        files: first.modules.iter().map(|m| m.files.len()).sum(),
        load_ms,
        first_report_ms,
        peak_memory_bytes: None,
        edits: edits
            .iter()
            .zip(warm.into_iter().zip(late).zip(firsts))
            .map(
                |(edit, ((warm, late), ([first_ms, open_ms, after_open_ms], queries)))| {
                    EditResult {
                        name: edit.name.clone(),
                        file: edit.file.clone(),
                        first_ms,
                        open_ms,
                        after_open_ms,
                        warm,
                        late,
                        queries,
                    }
                },
            )
            .collect(),
        skipped,
    })
}
