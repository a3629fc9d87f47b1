//! What a run measured, as JSON for machines and baselines, and the
//! comparison with a baseline.

use serde::{Deserialize, Serialize};

/// Median, 90th percentile and maximum of samples, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub median_ms: f64,
    pub p90_ms: f64,
    pub max_ms: f64,
    pub samples: usize,
}

impl Stats {
    pub fn of(samples: &[std::time::Duration]) -> Stats {
        let mut ms: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        Stats {
            median_ms: at(0.5),
            p90_ms: at(0.9),
            max_ms: *ms.last().unwrap_or(&0.0),
            samples: ms.len(),
        }
    }
}

/// One kind of edit: where, and its times on a warm host and after a
/// session of mixed edits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EditResult {
    pub name: String,
    pub file: String,
    /// The edit as the first of its file on a freshly loaded and reported
    /// tree, and the whole report after it (one sample).
    #[serde(default)]
    pub first_ms: f64,
    /// The file set to its own text on a freshly loaded and reported
    /// tree, as an editor does when it opens the file, and the report
    /// after it (one sample).
    #[serde(default)]
    pub open_ms: f64,
    /// The edit right after that open: the first keystroke in an editor.
    #[serde(default)]
    pub after_open_ms: f64,
    pub warm: Stats,
    pub late: Stats,
    /// What the edit re-ran when first made on a freshly loaded and
    /// reported tree.
    #[serde(default)]
    pub queries: QueryCounts,
}

/// The queries an edit executed: how many in all, and how many of each
/// (most first, then by name).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct QueryCounts {
    pub total: usize,
    pub by_query: Vec<(String, usize)>,
}

impl QueryCounts {
    pub fn of(executed: Vec<String>) -> QueryCounts {
        let mut counts = std::collections::BTreeMap::new();
        for name in &executed {
            *counts.entry(name.as_str()).or_insert(0) += 1;
        }
        let mut by_query: Vec<(String, usize)> = counts
            .into_iter()
            .map(|(name, count)| (name.to_owned(), count))
            .collect();
        by_query.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        QueryCounts {
            total: executed.len(),
            by_query,
        }
    }
}

/// Everything a run measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    pub tree: String,
    pub modules: usize,
    pub files: usize,
    /// Loading the tree (discovery, reading, parsing what the module
    /// graph needs).
    pub load_ms: f64,
    /// The first full report after loading: every diagnostic, cold.
    pub first_report_ms: f64,
    /// The process's peak resident memory when the run ended, when the
    /// caller could tell.
    pub peak_memory_bytes: Option<u64>,
    pub edits: Vec<EditResult>,
    /// Standard kinds of edit the tree had no place for, with why.
    pub skipped: Vec<(String, String)>,
}

/// An edit kind slower than in the baseline beyond the threshold.
#[derive(Debug, Clone, PartialEq)]
pub struct Regression {
    pub name: String,
    pub baseline_ms: f64,
    pub now_ms: f64,
}

/// The edit kinds whose warm median grew by more than `threshold` (a
/// fraction: 0.25 is 25%) over the baseline's and by more than a
/// millisecond (below that, timer and scheduler noise).
pub fn regressions(baseline: &BenchReport, now: &BenchReport, threshold: f64) -> Vec<Regression> {
    now.edits
        .iter()
        .filter_map(|edit| {
            let before = baseline.edits.iter().find(|b| b.name == edit.name)?;
            let (was, is) = (before.warm.median_ms, edit.warm.median_ms);
            (is > was * (1.0 + threshold) && is - was > 1.0).then(|| Regression {
                name: edit.name.clone(),
                baseline_ms: was,
                now_ms: is,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(medians: &[(&str, f64)]) -> BenchReport {
        let stats = |m| Stats {
            median_ms: m,
            p90_ms: m,
            max_ms: m,
            samples: 1,
        };
        BenchReport {
            tree: "t".into(),
            modules: 1,
            files: 1,
            load_ms: 0.0,
            first_report_ms: 0.0,
            peak_memory_bytes: None,
            edits: medians
                .iter()
                .map(|(name, m)| EditResult {
                    name: (*name).to_owned(),
                    file: "main.tf".into(),
                    first_ms: 0.0,
                    open_ms: 0.0,
                    after_open_ms: 0.0,
                    warm: stats(*m),
                    late: stats(*m),
                    queries: Default::default(),
                })
                .collect(),
            skipped: Vec::new(),
        }
    }

    #[test]
    fn regressions_beyond_the_threshold_and_the_noise_floor() {
        let baseline = report(&[("a", 10.0), ("b", 10.0), ("c", 0.2), ("d", 10.0)]);
        let now = report(&[("a", 14.0), ("b", 12.0), ("c", 0.9), ("e", 50.0)]);
        let found = regressions(&baseline, &now, 0.25);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "a");
    }

    #[test]
    fn stats_of_samples() {
        let ms = |n| std::time::Duration::from_millis(n);
        let stats = Stats::of(&[ms(5), ms(1), ms(3), ms(2), ms(4)]);
        assert_eq!(
            (stats.median_ms, stats.max_ms, stats.samples),
            (3.0, 5.0, 5)
        );
    }
}
