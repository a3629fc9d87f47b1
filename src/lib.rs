//! tofu-analyzer: an incremental analysis frontend for the OpenTofu language.

pub use tofu_syntax as syntax;
