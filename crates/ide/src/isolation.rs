//! One module's failure costs that module's diagnostics, not the report:
//! the host runs each module's and each instance's analysis in
//! [`isolated`], which turns a panic into an "Internal error" diagnostic
//! naming what failed (with the panic's message).
//!
//! The panic hook still prints every panic; [`quiet_isolated_panics`]
//! (which the command line installs) keeps it quiet for the ones
//! [`isolated`] catches, since their diagnostic says it all, and leaves
//! every other panic to the hook as it was.

use std::cell::Cell;

thread_local! {
    /// How many [`isolated`] calls this thread is inside.
    static ISOLATED: Cell<u32> = const { Cell::new(0) };
}

/// Runs `work`, turning a panic in it into the panic's message. Salsa's
/// cancellation is not a failure: it goes on to whoever cancelled.
pub(crate) fn isolated<R>(work: impl FnOnce() -> R) -> Result<R, String> {
    ISOLATED.with(|depth| depth.set(depth.get() + 1));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
    ISOLATED.with(|depth| depth.set(depth.get() - 1));
    result.map_err(|payload| {
        if payload.is::<salsa::Cancelled>() {
            std::panic::resume_unwind(payload);
        }
        payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unexpected failure".to_owned())
    })
}

/// Installs a panic hook that prints nothing for the panics [`isolated`]
/// catches and hands every other one to the hook installed before.
pub fn quiet_isolated_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if ISOLATED.with(Cell::get) == 0 {
            previous(info);
        }
    }));
}
