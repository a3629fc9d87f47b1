//! Typed views over the tree.
