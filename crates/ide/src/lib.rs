//! tofu-ide: the analysis host of tofu-analyzer.
//!
//! [`host::AnalysisHost`] finds a tree's modules and files, loads them
//! into the incremental database (`tofu-semantic`), applies edits
//! ([`host::Change`]) and hands out [`analysis::Analysis`] snapshots that
//! answer from it on any thread. [`check::check_tree`] is the whole of a
//! check (a host loaded for one report), for the command line and for
//! embedders alike; the console and `graph` ask a snapshot too. Nothing here prints or writes to the
//! user's files; `tofu-render` presents a report.

pub use tofu_eval as eval;
pub use tofu_semantic as semantic_db;
pub use tofu_syntax as syntax;
pub use tofu_types as types;

pub mod analysis;
pub mod analyzer_config;
mod called_dirs;
pub mod check;
pub mod console;
pub mod diagnostic;
pub mod discovery;
pub mod disk;
mod features;
pub mod host;
pub mod ignores;
pub mod isolation;
pub mod module_files;
pub mod policy;
mod semantic;
pub mod source;
mod stack;
pub mod variable_inputs;

pub use stack::{ANALYSIS_STACK_SIZE, on_analysis_threads};
