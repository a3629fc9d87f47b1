//! A run as one self-contained HTML page: the figures as a table, and a
//! chart (SVG, inline, drawn with `plotters`) of each edit's warm median
//! with its p90 as a whisker, beside the baseline's median when there is
//! one; for runs on trees of several sizes (`--scale`), curves of how
//! each cost grows with the number of modules. No network, no scripts.

use plotters::prelude::*;

use crate::report::BenchReport;

const WIDTH: u32 = 900;
const HEIGHT: u32 = 420;

/// The page.
pub fn html(report: &BenchReport, baseline: Option<&BenchReport>) -> String {
    let chart = chart_or_note(chart(report, baseline));
    let mut rows = String::new();
    for edit in &report.edits {
        let before = baseline
            .and_then(|b| b.edits.iter().find(|e| e.name == edit.name))
            .map_or(String::new(), |b| format!("{:.2}", b.warm.median_ms));
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{before}</td><td title=\"{}\">{}</td></tr>\n",
            escape(&edit.name),
            escape(&edit.file),
            edit.first_ms,
            edit.open_ms,
            edit.after_open_ms,
            edit.warm.median_ms,
            edit.warm.p90_ms,
            edit.warm.max_ms,
            edit.late.median_ms,
            edit.late.p90_ms,
            escape(&most_run(edit)),
            edit.queries.total,
        ));
    }
    let memory = report.peak_memory_bytes.map_or(String::new(), |b| {
        format!(", peak memory {:.1} MiB", b as f64 / 1048576.0)
    });
    let skipped: String = report
        .skipped
        .iter()
        .map(|(name, why)| format!("<li>{}: {}</li>", escape(name), escape(why)))
        .collect();
    let tree = escape(&report.tree);
    page(
        &format!("tofu-analyzer bench: {tree}"),
        "td:first-child,td:nth-child(2)",
        &format!(
            "<h1>Re-evaluation of {tree}</h1>\n<p>{modules} modules, {files} files: load {load:.1} ms, first report {first:.1} ms{memory}.</p>\n{chart}\n<table><tr><th>edit</th><th>file</th><th>first ms</th><th>open ms</th><th>then ms</th><th>warm median</th><th>warm p90</th><th>warm max</th><th>late median</th><th>late p90</th><th>baseline median</th><th>queries re-run</th></tr>\n{rows}</table>\n{skipped_list}",
            modules = report.modules,
            files = report.files,
            load = report.load_ms,
            first = report.first_report_ms,
            skipped_list = if skipped.is_empty() {
                String::new()
            } else {
                format!("<p>Skipped:</p><ul>{skipped}</ul>")
            },
        ),
    )
}

/// A whole page around `body`: its title, and the tables' style, with the
/// columns `left_aligned` (a CSS selector of cells) aligned left.
fn page(title: &str, left_aligned: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title>\n<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:4px 8px;text-align:right}}{left_aligned}{{text-align:left}}</style></head>\n<body>{body}</body></html>\n"
    )
}

/// A chart, or why there is none.
fn chart_or_note(chart: Result<String, String>) -> String {
    chart.unwrap_or_else(|err| format!("<p>No chart: {}</p>", escape(&err)))
}

/// The five queries an edit re-ran most, for the queries cell's tooltip.
fn most_run(edit: &crate::EditResult) -> String {
    edit.queries
        .by_query
        .iter()
        .take(5)
        .map(|(name, count)| format!("{name} \u{d7}{count}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The chart as SVG text.
fn chart(report: &BenchReport, baseline: Option<&BenchReport>) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let n = report.edits.len().max(1);
        let before = |name: &str| {
            baseline
                .and_then(|b| b.edits.iter().find(|e| e.name == name))
                .map(|e| e.warm.median_ms)
        };
        let top = report
            .edits
            .iter()
            .flat_map(|e| [e.warm.p90_ms, before(&e.name).unwrap_or(0.0)])
            .fold(1.0_f64, f64::max)
            * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "warm median per edit (ms), p90 whiskers",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(90)
            .y_label_area_size(50)
            .build_cartesian_2d(0.0..n as f64, 0.0..top)
            .map_err(|e| e.to_string())?;
        let names: Vec<String> = report.edits.iter().map(|e| e.name.clone()).collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n * 2 + 1)
            .x_label_formatter(&|x| {
                let index = x.floor() as usize;
                if (x - index as f64 - 0.5).abs() < 0.26 {
                    names.get(index).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_desc("ms")
            .draw()
            .map_err(|e| e.to_string())?;
        let width = if baseline.is_some() { 0.35 } else { 0.6 };
        for (index, edit) in report.edits.iter().enumerate() {
            let x = index as f64 + 0.5;
            let (left, right) = match baseline {
                Some(_) => (x, x + width),
                None => (x - width / 2.0, x + width / 2.0),
            };
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(left, 0.0), (right, edit.warm.median_ms)],
                    BLUE.mix(0.7).filled(),
                )))
                .map_err(|e| e.to_string())?;
            let middle = (left + right) / 2.0;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(middle, edit.warm.median_ms), (middle, edit.warm.p90_ms)],
                    BLACK.stroke_width(2),
                )))
                .map_err(|e| e.to_string())?;
            if let Some(before) = before(&edit.name) {
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(x - width, 0.0), (x, before)],
                        RGBColor(160, 160, 160).filled(),
                    )))
                    .map_err(|e| e.to_string())?;
            }
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Runs on generated trees of growing size as one page: how the load,
/// the first report and each edit's warm median grow with the number of
/// modules, then each run's own table.
pub fn scaling_html(runs: &[BenchReport]) -> String {
    let charts = [
        scaling_chart(
            runs,
            "load and first report (ms) by modules",
            &|run: &BenchReport| {
                vec![
                    ("load".to_owned(), run.load_ms),
                    ("first report".to_owned(), run.first_report_ms),
                ]
            },
        ),
        scaling_chart(
            runs,
            "warm median per edit (ms) by modules",
            &|run: &BenchReport| {
                run.edits
                    .iter()
                    .map(|e| (e.name.clone(), e.warm.median_ms))
                    .collect()
            },
        ),
    ]
    .map(chart_or_note);
    let mut rows = String::new();
    for run in runs {
        for edit in &run.edits {
            rows.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{}</td></tr>\n",
                run.modules,
                escape(&edit.name),
                edit.warm.median_ms,
                edit.warm.p90_ms,
                edit.late.median_ms,
                edit.queries.total,
            ));
        }
    }
    page(
        "tofu-analyzer bench: scaling",
        "td:nth-child(2)",
        &format!(
            "<h1>How re-evaluation grows with the tree</h1>\n<p>Generated trees of {sizes} modules.</p>\n{load}\n{edits}\n<table><tr><th>modules</th><th>edit</th><th>warm median ms</th><th>warm p90</th><th>late median</th><th>queries re-run</th></tr>\n{rows}</table>\n",
            sizes = runs
                .iter()
                .map(|r| r.modules.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            load = charts[0],
            edits = charts[1],
        ),
    )
}

/// One line per series over the runs' module counts.
fn scaling_chart(
    runs: &[BenchReport],
    caption: &str,
    series_of: &dyn Fn(&BenchReport) -> Vec<(String, f64)>,
) -> Result<String, String> {
    let series: Vec<Vec<(String, f64)>> = runs.iter().map(series_of).collect();
    let mut names: Vec<&str> = Vec::new();
    for (name, _) in series.iter().flatten() {
        if !names.contains(&name.as_str()) {
            names.push(name);
        }
    }
    let most = runs.iter().map(|r| r.modules).max().unwrap_or(1).max(1) as f64;
    let top = series
        .iter()
        .flatten()
        .map(|(_, ms)| *ms)
        .fold(1.0_f64, f64::max)
        * 1.1;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..most * 1.05, 0.0..top)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("modules")
            .y_desc("ms")
            .draw()
            .map_err(|e| e.to_string())?;
        for (index, name) in names.iter().enumerate() {
            let colour = Palette99::pick(index).to_rgba();
            let points: Vec<(f64, f64)> = runs
                .iter()
                .zip(&series)
                .filter_map(|(run, values)| {
                    values
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, ms)| (run.modules as f64, *ms))
                })
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(*name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(
                    points
                        .into_iter()
                        .map(|p| Circle::new(p, 3, colour.filled())),
                )
                .map_err(|e| e.to_string())?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{EditResult, Stats};

    #[test]
    fn a_page_with_an_inline_chart() {
        let stats = |m| Stats {
            median_ms: m,
            p90_ms: m * 1.5,
            max_ms: m * 2.0,
            samples: 4,
        };
        let report = BenchReport {
            tree: "a<b".into(),
            modules: 2,
            files: 3,
            load_ms: 1.0,
            first_report_ms: 2.0,
            peak_memory_bytes: Some(1 << 20),
            edits: vec![EditResult {
                name: "comment-at-top".into(),
                file: "main.tf".into(),
                first_ms: 5.0,
                open_ms: 5.0,
                after_open_ms: 1.0,
                warm: stats(2.0),
                late: stats(3.0),
                queries: Default::default(),
            }],
            skipped: vec![("rename-local".into(), "no local".into())],
        };
        let page = html(&report, Some(&report));
        assert!(page.contains("<svg"), "{page}");
        assert!(page.contains("a&lt;b"));
        assert!(page.contains("comment-at-top"));
        assert!(page.contains("rename-local: no local"));
        assert!(!page.contains("http://") || page.contains("http://www.w3.org/2000/svg"));
    }
}
