//! The HTML pages the analyzer writes, opened in a real browser: headless
//! Chromium loads each page with no console message, its SVG charts have
//! the bars and series the report holds, and a screenshot of each is kept
//! in `target/tmp/browser/` as an artefact. Skips with a message where
//! Chromium is missing, but fails under CI (`CI=true`), which installs it.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

#[path = "support/shared.rs"]
mod shared;

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn analyzer(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Runs the browser on `page` with `args`; its stderr log.
fn browse(browser: &str, page: &Path, profile: &Path, args: &[&str]) -> (String, String) {
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("the browser runs");
    assert!(output.status.success(), "{page:?}: {output:?}");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// What the browser made of a page's SVG charts: per chart, the bars
/// (the filled blue rectangles), the series (each drawn twice: its line
/// and its legend's) and the rendered width. Read by a page of the
/// test's own that holds the page in a frame.
fn charts(browser: &str, dir: &Path, page: &str) -> Vec<(usize, usize, f64)> {
    let probe = dir.join(format!("probe-{page}"));
    fs::write(
        &probe,
        format!(
            r##"<!DOCTYPE html><html><body><pre id="result">pending</pre>
<iframe id="page" src="{page}" width="1200" height="900"></iframe>
<script>
document.getElementById('page').addEventListener('load', () => {{
  const doc = document.getElementById('page').contentDocument;
  document.getElementById('result').textContent = [...doc.querySelectorAll('svg')]
    .map(svg => [svg.querySelectorAll('rect[fill="#0000FF"]').length,
                 svg.querySelectorAll('polyline[stroke-width="2"]').length / 2,
                 svg.getBoundingClientRect().width].join(' '))
    .join(';');
}});
</script></body></html>"##
        ),
    )
    .unwrap();
    let (dom, _) = browse(
        browser,
        &probe,
        &dir.join(format!("profile-probe-{page}")),
        &[
            "--allow-file-access-from-files",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ],
    );
    let result = dom
        .split("<pre id=\"result\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("no result in {dom}"));
    assert_ne!(result, "pending", "the frame never loaded");
    result
        .split(';')
        .filter(|chart| !chart.is_empty())
        .map(|chart| {
            let numbers: Vec<f64> = chart.split(' ').map(|n| n.parse().unwrap()).collect();
            (numbers[0] as usize, numbers[1] as usize, numbers[2])
        })
        .collect()
}

/// Loads the page alone, as a person would: no console message, and a
/// screenshot.
fn load_cleanly(browser: &str, dir: &Path, page: &str) {
    let shot = dir.join(format!("{page}.png"));
    let (_, log) = browse(
        browser,
        &dir.join(page),
        &dir.join(format!("profile-{page}")),
        &[
            "--window-size=1200,1600",
            &format!("--screenshot={}", shot.display()),
        ],
    );
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "{page}: {console:#?}");
    let size = fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
    assert!(size > 10_000, "{page}: screenshot of {size} bytes");
    eprintln!("screenshot: {}", shot.display());
}

#[test]
fn html_pages_load_in_a_real_browser() {
    let Some(browser) = chromium() else {
        shared::tool_found("chromium", false);
        return;
    };
    let dir = out_dir();
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let quick = ["--rounds", "1", "--session", "2"];

    let json = analyzer(
        &dir,
        &[
            &["bench", example.to_str().unwrap()][..],
            &quick,
            &["--json", "--html", "bench.html"],
        ]
        .concat(),
    );
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let edits = report["edits"].as_array().unwrap().len();
    assert_eq!(edits, 8);
    load_cleanly(browser, &dir, "bench.html");
    let found = charts(browser, &dir, "bench.html");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, edits, "bars: {found:?}");
    assert!(found[0].2 > 100.0, "{found:?}");

    let json = analyzer(
        &dir,
        &[
            &["bench", "--scale", "3,6"][..],
            &quick,
            &["--json", "--html", "scale.html"],
        ]
        .concat(),
    );
    let runs: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
    assert_eq!(runs.len(), 2);
    let kinds = runs[1]["edits"].as_array().unwrap().len();
    load_cleanly(browser, &dir, "scale.html");
    let found = charts(browser, &dir, "scale.html");
    // The load and first report, then one series per kind of edit.
    let series: Vec<usize> = found.iter().map(|c| c.1).collect();
    assert_eq!(series, [2, kinds], "{found:?}");

    let page = analyzer(
        &dir,
        &["graph", example.to_str().unwrap(), "--format", "html"],
    );
    fs::write(dir.join("graph.html"), page).unwrap();
    load_cleanly(browser, &dir, "graph.html");
    let found = charts(browser, &dir, "graph.html");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].2 > 100.0, "{found:?}");
}
