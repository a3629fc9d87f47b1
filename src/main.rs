//! The `tofu-analyzer` command.

mod cli;

// Many small allocations (syntax trees, values, diagnostics) from every
// thread: mimalloc serves them in about 15% less time than the system
// allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    without_huge_pages();
    // A failure in one module is reported as an internal error diagnostic.
    tofu_ide::isolation::quiet_isolated_panics();
    let args = std::env::args_os().collect();
    // Every command runs where deep configurations have stack enough.
    tofu_ide::on_analysis_threads(|| cli::run(args))
}

/// Transparent huge pages would back mimalloc's partly used segments with
/// 2 MiB pages: about 17 MB more peak memory on a 1000-module tree.
#[allow(unsafe_code)]
fn without_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with integer arguments only; failing leaves the
    // default, which is only slower to free.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}
