//! What the host answers, one feature per module. Each takes the
//! database and the host's [`crate::host::Tree`]; [`crate::analysis`]
//! hands them out.

pub(crate) mod assists;
pub(crate) mod completion;
pub(crate) mod definitions;
pub(crate) mod diagnostics;
pub(crate) mod document_symbols;
pub(crate) mod fixes;
pub(crate) mod graph;
pub(crate) mod highlighting;
pub(crate) mod hover;
pub(crate) mod is_const;
pub(crate) mod navigation;
pub(crate) mod references;
pub(crate) mod rename;
pub(crate) mod symbols;
pub(crate) mod type_of;

#[cfg(test)]
mod fixture;
