//! `tofu-analyzer bench [DIR]`: re-evaluation measured on the user's tree
//! (see `tofu_bench`), as a table or JSON, with a baseline comparison.

use std::process::ExitCode;

use tofu_bench::{BenchOptions, BenchReport, parse_edit_script, regressions, run as bench};
use tofu_ide::{check::CheckOptions, host::AnalysisHost};

use super::{FAILURE, args::BenchArgs, print_stdout};

pub fn run(args: BenchArgs) -> ExitCode {
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
    let progress = |what: &str| eprintln!("bench: {what}");
    let options = BenchOptions {
        rounds: args.rounds,
        session: args.session,
        check: &check,
        edits,
        progress: Some(&progress),
    };
    let mut report = match bench(&args.dir, &options) {
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
        "\n\n{:<22} {:>24} {:>24}{}\n",
        "edit (ms)",
        "warm median/p90/max",
        "late median/p90/max",
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
            "{:<22} {:>24} {:>24}",
            edit.name,
            stats(&edit.warm),
            stats(&edit.late)
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
