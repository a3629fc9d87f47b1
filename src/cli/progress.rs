//! A progress bar on stderr for long checks: only on a terminal, and only
//! once a check has taken more than a second, so that quick runs and logs
//! stay clean. It follows every phase: files parsed, modules checked,
//! module instances evaluated (and planned, with `--plan`).

use std::{
    io::{self, IsTerminal},
    sync::atomic::{AtomicBool, Ordering},
    time::{Duration, Instant},
};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tofu_ide::check::Progress;

const DELAY: Duration = Duration::from_secs(1);

pub struct TerminalProgress {
    bar: ProgressBar,
    started: Instant,
    shown: AtomicBool,
}

impl TerminalProgress {
    /// `None` unless stderr is a terminal.
    pub fn on_stderr() -> Option<TerminalProgress> {
        if !io::stderr().is_terminal() {
            return None;
        }
        let bar = ProgressBar::hidden();
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} {elapsed}") {
            bar.set_style(style);
        }
        Some(TerminalProgress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        })
    }

    pub fn finish(self) {
        self.bar.finish_and_clear();
    }

    /// Shows the bar once the check has taken more than [`DELAY`].
    fn show_when_slow(&self) {
        if self.started.elapsed() > DELAY && !self.shown.swap(true, Ordering::Relaxed) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Progress for TerminalProgress {
    fn start(&self, files: usize) {
        self.phase("files", files);
    }

    fn file_done(&self) {
        self.step();
    }

    fn phase(&self, what: &'static str, steps: usize) {
        self.bar.set_message(what);
        self.bar.set_length(steps as u64);
        self.bar.set_position(0);
        self.show_when_slow();
    }

    fn step(&self) {
        self.bar.inc(1);
        self.show_when_slow();
    }
}
