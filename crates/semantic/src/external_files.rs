//! What evaluation reads from outside the configuration (`file`,
//! `filebase64`, `templatefile`, `fileset`, `fileexists`...), as inputs of
//! the database: the host gives the workspace a file system (the disk for
//! the command line, memory for tests and embedders), and every path a
//! query reads through it becomes an input of its own, so that when the
//! host says a path changed, exactly the queries that read it run again.
//!
//! The inputs are made on first read, from inside the query that reads,
//! as ty's `system_path_to_file` makes its `File`s: each holds a revision
//! that the host bumps, and the contents stay with the file system.

use std::{
    collections::HashMap,
    fmt, io,
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
};

use salsa::{Durability, Setter};
use tofu_eval::{FileKind, FileSystem, NoFileSystem, lexically_normalized};

use crate::input::Workspace;

/// A path read from outside the configuration: a file, or a directory
/// whose listing was read.
#[salsa::input(debug)]
struct ExternalPath {
    #[returns(ref)]
    path: PathBuf,
    /// Bumped by the host when what is at the path changes.
    revision: u64,
}

/// The file system a workspace's evaluations read, with the inputs of
/// the paths read so far. Equal only to itself: setting another one on
/// the workspace re-evaluates whatever read files.
#[derive(Clone)]
pub struct ExternalFiles(Arc<Inner>);

struct Inner {
    fs: Arc<dyn FileSystem + Send + Sync>,
    paths: Mutex<HashMap<PathBuf, ExternalPath>>,
}

impl ExternalFiles {
    pub fn new(fs: Arc<dyn FileSystem + Send + Sync>) -> ExternalFiles {
        ExternalFiles(Arc::new(Inner {
            fs,
            paths: Mutex::default(),
        }))
    }

    /// For the host: what is at `path` (absolute) changed, or appeared or
    /// went; the queries that read it, or listed its directory, run again.
    pub fn changed(&self, db: &mut crate::db::Database, path: &Path) {
        let path = lexically_normalized(path);
        let inputs: Vec<ExternalPath> = {
            let paths = self.0.paths.lock().unwrap_or_else(|e| e.into_inner());
            [Some(path.as_path()), path.parent()]
                .into_iter()
                .flatten()
                .filter_map(|p| paths.get(p).copied())
                .collect()
        };
        for input in inputs {
            let next = input.revision(db) + 1;
            input
                .set_revision(db)
                .with_durability(Durability::LOW)
                .to(next);
        }
    }

    /// Records that the current query reads `path`.
    fn track(&self, db: &dyn salsa::Database, path: &Path) {
        let path = lexically_normalized(path);
        let input = {
            let mut paths = self.0.paths.lock().unwrap_or_else(|e| e.into_inner());
            *paths.entry(path.clone()).or_insert_with(|| {
                // As loaded files: taken to change rarely.
                ExternalPath::builder(path, 0)
                    .durability(Durability::MEDIUM)
                    .new(db)
            })
        };
        input.revision(db);
    }
}

impl PartialEq for ExternalFiles {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for ExternalFiles {}

impl fmt::Debug for ExternalFiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ExternalFiles")
    }
}

/// The workspace's file system as a query reads it: every path read is
/// recorded as a dependency of the query. A workspace without one reads
/// nothing (every path is missing).
pub(crate) struct TrackedFileSystem<'db> {
    db: &'db dyn salsa::Database,
    files: Option<&'db ExternalFiles>,
}

impl<'db> TrackedFileSystem<'db> {
    pub(crate) fn of(db: &'db dyn salsa::Database, workspace: Workspace) -> TrackedFileSystem<'db> {
        TrackedFileSystem {
            db,
            files: workspace.external_files(db).as_ref(),
        }
    }

    fn fs(&self, path: &Path) -> &dyn FileSystem {
        match self.files {
            Some(files) => {
                files.track(self.db, path);
                files.0.fs.as_ref()
            }
            None => &NoFileSystem,
        }
    }
}

impl FileSystem for TrackedFileSystem<'_> {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        self.fs(path).read(path)
    }

    fn kind(&self, path: &Path) -> io::Result<FileKind> {
        self.fs(path).kind(path)
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>> {
        self.fs(path).read_dir(path)
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        match self.files {
            Some(files) => files.0.fs.current_dir(),
            None => NoFileSystem.current_dir(),
        }
    }

    fn home_dir(&self) -> Option<PathBuf> {
        self.files.and_then(|files| files.0.fs.home_dir())
    }
}
