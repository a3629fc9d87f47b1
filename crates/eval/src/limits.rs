//! Bounds on what one evaluation may produce, so that no input can
//! exhaust memory or time. OpenTofu has no such bounds; results this large
//! would not be usable there either.

/// The longest string an expression or function may produce, in bytes.
pub const MAX_STRING_BYTES: usize = 64 << 20;

/// The most elements a collection an expression or function builds may
/// have.
pub const MAX_COLLECTION_LENGTH: usize = 10_000_000;

/// The most expression evaluations one top-level evaluation may make
/// (nested `for` expressions over `range()` multiply quickly).
pub const MAX_EVALUATION_STEPS: u64 = 2_000_000;
