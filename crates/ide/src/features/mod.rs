//! What the host answers, one feature per module. Each takes the
//! database and the host's [`crate::host::Tree`]; [`crate::analysis`]
//! hands them out.

pub(crate) mod definitions;
pub(crate) mod diagnostics;
pub(crate) mod graph;
pub(crate) mod is_const;
pub(crate) mod references;
pub(crate) mod symbols;
pub(crate) mod type_of;
