//! Threads with room for deep evaluation. Evaluating a value asks for the
//! values it refers to, each its own query, so the stack grows with the
//! chains of references the configuration has (bounded by
//! [`tofu_semantic::MAX_REFERENCE_CHAIN`] within a module, and by the
//! module tree's depth across modules), far beyond the 2 MiB of a spawned
//! thread or the 8 MiB of a main thread. Analysis runs on a pool of its
//! own whose threads have [`ANALYSIS_STACK_SIZE`] each: address space
//! only, which the kernel backs with memory as it is used.

use std::sync::OnceLock;

/// The stack of each analysis thread.
pub const ANALYSIS_STACK_SIZE: usize = 512 << 20;

/// The analysis threads: as many as rayon's global pool would have
/// (`RAYON_NUM_THREADS` or the number of CPUs), or `None` when they cannot
/// be started (the caller's thread and rayon's global pool are used then).
fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(ANALYSIS_STACK_SIZE)
            .thread_name(|i| format!("analysis-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// Runs `work` on an analysis thread, with the analysis threads as the
/// pool its parallel iterators use, and waits for its result.
pub fn on_analysis_threads<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    match pool() {
        Some(pool) => pool.install(work),
        None => work(),
    }
}
