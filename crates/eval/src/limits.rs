//! Bounds on what one evaluation may produce, so that no input can
//! exhaust memory or time. OpenTofu has no such bounds; results this large
//! would not be usable there either.

/// The longest string an expression or function may produce, in bytes.
pub const MAX_STRING_BYTES: usize = 64 << 20;

/// The most elements a collection a function builds may have (and the
/// most rows, matches or subnets it computes into one). cty's own `range`
/// stops at 1,024; 2^20 is beyond any real configuration, and a few
/// collections of this size, each with its tuple type, fit in memory.
pub const MAX_COLLECTION_LENGTH: usize = 1 << 20;

/// The most expression evaluations one top-level evaluation may make
/// (nested `for` expressions over `range()` multiply quickly).
pub const MAX_EVALUATION_STEPS: u64 = 2_000_000;
