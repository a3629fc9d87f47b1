//! tofu-analyzer: an incremental analysis frontend for the OpenTofu language.
//!
//! [`check::check_tree`] is the whole of a check, for the command line
//! and for embedders alike; [`render`] presents its report. Nothing here
//! prints or writes to the user's files.

pub use tofu_eval as eval;
pub use tofu_semantic as semantic_db;
pub use tofu_syntax as syntax;
pub use tofu_types as types;

pub mod analysis;
pub mod analyzer_config;
pub mod check;
pub mod console;
pub mod diagnostic;
pub mod discovery;
pub mod ignores;
pub mod isolation;
pub mod module_files;
pub mod policy;
pub mod render;
mod semantic;
pub mod source;
mod stack;
pub mod variable_inputs;

pub use stack::{ANALYSIS_STACK_SIZE, on_analysis_threads};
