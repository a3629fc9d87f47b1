//! Diagnostics as plain data, for every renderer to present its own way.

pub use tofu_diagnostics::{Code, Severity};

/// An index into [`crate::check::CheckReport::sources`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// Where in a source file a diagnostic points.
pub type Location = tofu_diagnostics::Location<FileId>;

/// A diagnostic of a check's report, its place named by [`FileId`].
pub type Diagnostic = tofu_diagnostics::Diagnostic<FileId>;
