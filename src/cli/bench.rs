//! `tofu-analyzer bench [DIR]`: re-evaluation measured on the user's tree
//! (see `tofu_bench`), as a table or JSON, with a baseline comparison;
//! with `--scale`, on generated trees of several sizes.

use std::{
    io::{self, IsTerminal},
    process::ExitCode,
    time::Duration,
};

use indicatif::{ProgressBar, ProgressStyle};
use tofu_bench::{BenchOptions, BenchReport, parse_edit_script, regressions, run as bench};
use tofu_ide::{check::CheckOptions, host::AnalysisHost};

use super::{FAILURE, args::BenchArgs, print_stdout};

/// What is being measured: a spinner on a terminal, plain lines otherwise.
struct Status(Option<ProgressBar>);

impl Status {
    fn on_stderr() -> Status {
        if !io::stderr().is_terminal() {
            return Status(None);
        }
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} bench: {msg} {elapsed}") {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(120));
        Status(Some(bar))
    }

    fn tell(&self, what: &str) {
        match &self.0 {
            Some(bar) => bar.set_message(what.to_owned()),
            None => eprintln!("bench: {what}"),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

pub fn run(args: BenchArgs) -> ExitCode {
    if !args.scale.is_empty() {
        return run_scaled(&args);
    }
    if !args.dir.is_dir() {
        eprintln!("error: {}: not a directory", args.dir.display());
        return ExitCode::from(FAILURE);
    }
    let check = CheckOptions::default();
    let edits = match &args.edits {
        None => None,
        Some(path) => {
            let script = match std::fs::read_to_string(path) {
                Ok(script) => script,
                Err(err) => {
                    eprintln!("error: {}: {err}", path.display());
                    return ExitCode::from(FAILURE);
                }
            };
            let host = match AnalysisHost::load(&args.dir, &check) {
                Ok(host) => host,
                Err(err) => {
                    eprintln!("error: {err}");
                    return ExitCode::from(FAILURE);
                }
            };
            match parse_edit_script(&script, &host.analysis()) {
                Ok(edits) => Some(edits),
                Err(err) => {
                    eprintln!("error: {}: {err}", path.display());
                    return ExitCode::from(FAILURE);
                }
            }
        }
    };
    let baseline = match &args.baseline {
        None => None,
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|err| err.to_string())
            .and_then(|text| {
                serde_json::from_str::<BenchReport>(&text).map_err(|err| err.to_string())
            }) {
            Ok(baseline) => Some(baseline),
            Err(err) => {
                eprintln!("error: the baseline {}: {err}", path.display());
                return ExitCode::from(FAILURE);
            }
        },
    };
    let status = Status::on_stderr();
    let progress = |what: &str| status.tell(what);
    let options = BenchOptions {
        rounds: args.rounds,
        session: args.session,
        check: &check,
        edits,
        progress: Some(&progress),
        corrupt_first_report: false,
    };
    let result = bench(&args.dir, &options);
    status.finish();
    let mut report = match result {
        Ok(report) => report,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(1);
        }
    };
    report.peak_memory_bytes = super::environment::peak_memory_bytes();
    let found = baseline
        .as_ref()
        .map(|baseline| regressions(baseline, &report, args.threshold / 100.0))
        .unwrap_or_default();
    let out = if args.json {
        serde_json::to_string_pretty(&report).expect("a report serializes") + "\n"
    } else {
        table(&report, baseline.as_ref())
    };
    if let Err(code) = print_stdout(out.as_bytes()) {
        return code;
    }
    if let Some(path) = &args.html
        && let Err(err) = std::fs::write(path, tofu_bench::html(&report, baseline.as_ref()))
    {
        eprintln!("error: {}: {err}", path.display());
        return ExitCode::from(FAILURE);
    }
    for regression in &found {
        eprintln!(
            "regression: {} took {:.2} ms, {:.2} ms in the baseline (more than {}% slower)",
            regression.name, regression.now_ms, regression.baseline_ms, args.threshold
        );
    }
    if found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `--scale`: each size generated in a temporary directory (removed
/// afterwards) and measured as a tree of the user's would be.
fn run_scaled(args: &BenchArgs) -> ExitCode {
    let check = CheckOptions::default();
    let status = Status::on_stderr();
    let mut runs = Vec::new();
    for &modules in &args.scale {
        let dir = match tempfile::tempdir() {
            Ok(dir) => dir,
            Err(err) => {
                status.finish();
                eprintln!("error: a temporary directory: {err}");
                return ExitCode::from(FAILURE);
            }
        };
        status.tell(&format!("generating {modules} modules"));
        if let Err(err) = tofu_gen_tree::write_tree(dir.path(), modules as usize) {
            status.finish();
            eprintln!("error: {err}");
            return ExitCode::from(FAILURE);
        }
        let progress = |what: &str| status.tell(&format!("{modules} modules: {what}"));
        let options = BenchOptions {
            rounds: args.rounds,
            session: args.session,
            check: &check,
            edits: None,
            progress: Some(&progress),
            corrupt_first_report: false,
        };
        match bench(dir.path(), &options) {
            Ok(mut report) => {
                report.tree = format!("generated tree of {modules} modules");
                runs.push(report);
            }
            Err(err) => {
                status.finish();
                eprintln!("error: {modules} modules: {err}");
                return ExitCode::from(1);
            }
        }
    }
    status.finish();
    // Peak memory is the process's: the largest tree's, as it ran last
    // unless the sizes were given out of order.
    if let Some(largest) = runs.iter_mut().max_by_key(|r| r.modules) {
        largest.peak_memory_bytes = super::environment::peak_memory_bytes();
    }
    let out = if args.json {
        serde_json::to_string_pretty(&runs).expect("reports serialize") + "\n"
    } else {
        scaling_table(&runs)
    };
    if let Err(code) = print_stdout(out.as_bytes()) {
        return code;
    }
    if let Some(path) = &args.html
        && let Err(err) = std::fs::write(path, tofu_bench::scaling_html(&runs))
    {
        eprintln!("error: {}: {err}", path.display());
        return ExitCode::from(FAILURE);
    }
    ExitCode::SUCCESS
}

/// Warm medians side by side, one column per size, then each run's own
/// table.
fn scaling_table(runs: &[BenchReport]) -> String {
    let mut out = format!("{:<22}", "modules");
    for run in runs {
        out.push_str(&format!(" {:>10}", run.modules));
    }
    out.push('\n');
    let row = |out: &mut String, name: &str, value: &dyn Fn(&BenchReport) -> Option<f64>| {
        out.push_str(&format!("{name:<22}"));
        for run in runs {
            match value(run) {
                Some(ms) => out.push_str(&format!(" {ms:>10.2}")),
                None => out.push_str(&format!(" {:>10}", "-")),
            }
        }
        out.push('\n');
    };
    row(&mut out, "load", &|r| Some(r.load_ms));
    row(&mut out, "first report", &|r| Some(r.first_report_ms));
    let mut names: Vec<&str> = Vec::new();
    for run in runs {
        for edit in &run.edits {
            if !names.contains(&edit.name.as_str()) {
                names.push(&edit.name);
            }
        }
    }
    for name in names {
        row(&mut out, name, &|r| {
            r.edits
                .iter()
                .find(|e| e.name == name)
                .map(|e| e.warm.median_ms)
        });
    }
    for run in runs {
        out.push('\n');
        out.push_str(&table(run, None));
    }
    out
}

/// The results for people: the load, then one line per edit.
fn table(report: &BenchReport, baseline: Option<&BenchReport>) -> String {
    let mut out = format!(
        "{}: {} modules, {} files\nload {:.1} ms, first report {:.1} ms",
        report.tree, report.modules, report.files, report.load_ms, report.first_report_ms
    );
    if let Some(bytes) = report.peak_memory_bytes {
        out.push_str(&format!(
            ", peak memory {:.1} MiB",
            bytes as f64 / 1048576.0
        ));
    }
    out.push_str(&format!(
        "\n\n{:<22} {:>8} {:>8} {:>8} {:>24} {:>24} {:>8}{}\n",
        "edit (ms)",
        "first",
        "open",
        "then",
        "warm median/p90/max",
        "late median/p90/max",
        "queries",
        if baseline.is_some() {
            "   baseline"
        } else {
            ""
        }
    ));
    for edit in &report.edits {
        let stats =
            |s: &tofu_bench::Stats| format!("{:.2}/{:.2}/{:.2}", s.median_ms, s.p90_ms, s.max_ms);
        out.push_str(&format!(
            "{:<22} {:>8.2} {:>8.2} {:>8.2} {:>24} {:>24} {:>8}",
            edit.name,
            edit.first_ms,
            edit.open_ms,
            edit.after_open_ms,
            stats(&edit.warm),
            stats(&edit.late),
            edit.queries.total
        ));
        if let Some(before) = baseline.and_then(|b| b.edits.iter().find(|e| e.name == edit.name)) {
            out.push_str(&format!("   {:.2}", before.warm.median_ms));
        }
        out.push('\n');
    }
    for (name, why) in &report.skipped {
        out.push_str(&format!("{name:<22} skipped: {why}\n"));
    }
    out
}
