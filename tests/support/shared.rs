//! Data shared between checkouts in `shared/` beside the repository
//! (OpenTofu's test data, the corpus of published modules), and the tools
//! some tests drive (tmux, Neovim, Chromium). A test that needs either is
//! skipped, with a message, where it is absent, but fails under CI
//! (`CI=true`), where a skip would pass in silence.
//!
//! Every test crate of the workspace includes this file by its path.

#![allow(dead_code, clippy::disallowed_methods)] // Each includer uses part; fixtures are on disk.

use std::path::{Path, PathBuf};

/// `shared/NAME` beside the repository that holds the crate under test,
/// as [`existing`] finds it.
pub fn shared_data(name: &str) -> Option<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repository = manifest
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(manifest);
    existing(repository.join("../shared").join(name))
}

/// `dir` when it is a directory; otherwise `None` with a message, or a
/// panic under CI.
pub fn existing(dir: PathBuf) -> Option<PathBuf> {
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "no data at {} under CI",
        dir.display()
    );
    eprintln!("skipping: no data at {}", dir.display());
    None
}

/// Whether the tool `name` that a test drives was `found`; when not, a
/// message, or a panic under CI.
pub fn tool_found(name: &str, found: bool) -> bool {
    if found {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{name} is missing under CI"
    );
    eprintln!("skipping: {name} is not installed");
    false
}
