//! Benchmarking re-evaluation on the user's own tree, through the host
//! editors use: `choose_edits` picks the standard kinds of edit in the
//! tree (a literal in a leaf module's local, a comment at the top of a
//! file, a root variable's default, the type of a called module's
//! variable, an output added, a local renamed, a syntax error and its
//! fix, a module call added); `run` times each, alternating between its
//! two texts, on a warm host and again after a session of mixed edits,
//! checks that every incremental report equals a fresh load's with
//! the same texts, and counts the queries each edit re-ran. Nothing is written to the user's files: edits are
//! `Change`s of the host.

mod choose;
mod html;
mod report;
mod run;

pub use choose::{Edit, choose_edits, parse_edit_script};
pub use html::{html, scaling_html};
pub use report::{BenchReport, EditResult, QueryCounts, Regression, Stats, regressions};
pub use run::{BenchOptions, run};
