//! The file system as filesystem functions see it.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    File,
    Directory,
}

/// What the filesystem functions (`file`, `fileexists`, `fileset`,
/// `templatefile`, ...) may do. Paths given to it are already resolved
/// against the base directory. Nothing here writes.
pub trait FileSystem: Send + Sync {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>>;
    /// The kind of the file at `path` after following symbolic links.
    fn kind(&self, path: &Path) -> io::Result<FileKind>;
    /// The names of the entries of a directory, in any order.
    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>>;
    /// The process working directory, for `abspath`.
    fn current_dir(&self) -> io::Result<PathBuf>;
    /// The user's home directory, for `pathexpand`.
    fn home_dir(&self) -> Option<PathBuf>;
}

/// The machine's file system.
#[derive(Debug, Default, Clone, Copy)]
pub struct RealFileSystem;

impl FileSystem for RealFileSystem {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        std::fs::read(path)
    }

    fn kind(&self, path: &Path) -> io::Result<FileKind> {
        let meta = std::fs::metadata(path)?;
        Ok(if meta.is_dir() {
            FileKind::Directory
        } else {
            FileKind::File
        })
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>> {
        std::fs::read_dir(path)?
            .map(|entry| Ok(entry?.file_name().to_string_lossy().into_owned()))
            .collect()
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        std::env::current_dir()
    }

    fn home_dir(&self) -> Option<PathBuf> {
        std::env::var_os("HOME").map(PathBuf::from)
    }
}

/// Files held in memory, for tests and for editors' unsaved buffers.
/// Directories exist implicitly as the parents of files.
#[derive(Debug, Default, Clone)]
pub struct MemoryFileSystem {
    files: BTreeMap<PathBuf, Vec<u8>>,
    current_dir: PathBuf,
    home_dir: Option<PathBuf>,
}

impl MemoryFileSystem {
    pub fn new(current_dir: impl Into<PathBuf>) -> MemoryFileSystem {
        MemoryFileSystem {
            files: BTreeMap::new(),
            current_dir: current_dir.into(),
            home_dir: None,
        }
    }

    pub fn with_home_dir(mut self, home: impl Into<PathBuf>) -> MemoryFileSystem {
        self.home_dir = Some(home.into());
        self
    }

    pub fn insert(&mut self, path: impl Into<PathBuf>, contents: impl Into<Vec<u8>>) {
        self.files.insert(path.into(), contents.into());
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.files
            .keys()
            .any(|file| file.starts_with(path) && file != path)
    }
}

fn not_found() -> io::Error {
    io::Error::from(io::ErrorKind::NotFound)
}

impl FileSystem for MemoryFileSystem {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        match self.files.get(path) {
            Some(contents) => Ok(contents.clone()),
            None if self.is_dir(path) => Err(io::Error::from(io::ErrorKind::IsADirectory)),
            None => Err(not_found()),
        }
    }

    fn kind(&self, path: &Path) -> io::Result<FileKind> {
        if self.files.contains_key(path) {
            Ok(FileKind::File)
        } else if self.is_dir(path) {
            Ok(FileKind::Directory)
        } else {
            Err(not_found())
        }
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>> {
        if !self.is_dir(path) {
            return Err(not_found());
        }
        let mut names: Vec<String> = self
            .files
            .keys()
            .filter_map(|file| file.strip_prefix(path).ok())
            .filter_map(|rest| rest.components().next())
            .map(|first| first.as_os_str().to_string_lossy().into_owned())
            .collect();
        names.dedup();
        Ok(names)
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        Ok(self.current_dir.clone())
    }

    fn home_dir(&self) -> Option<PathBuf> {
        self.home_dir.clone()
    }
}
