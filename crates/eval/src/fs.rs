//! The file system as filesystem functions see it.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Files larger than this are not read: [`FileSystem::read`] fails with
/// [`io::ErrorKind::FileTooLarge`].
pub const MAX_FILE_SIZE: u64 = 512 * 1024 * 1024;

/// What is at a path, after following symbolic links, as Go's `os.Stat`
/// tells file modes apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A regular file.
    File,
    Directory,
    /// A block or character device.
    Device,
    NamedPipe,
    Socket,
    /// Anything else that is not a regular file.
    Other,
}

/// One entry of a directory, as [`FileSystem::entries`] lists it: what
/// the entry itself is, a symbolic link not followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The name as the system gives it, which may not be UTF-8.
    pub name: OsString,
    /// A directory itself (a link to one is not).
    pub is_dir: bool,
    pub is_symlink: bool,
}

/// What the filesystem functions (`file`, `fileexists`, `fileset`,
/// `templatefile`, ...) and the host's loader may do. Paths given to it
/// are already resolved against the base directory; a relative one is
/// taken as the file system takes it. Nothing here writes.
pub trait FileSystem {
    /// The whole contents of a file; a file over [`MAX_FILE_SIZE`] bytes is
    /// an [`io::ErrorKind::FileTooLarge`] error, and a directory an
    /// [`io::ErrorKind::IsADirectory`] error.
    fn read(&self, path: &Path) -> io::Result<Vec<u8>>;
    /// The kind of the file at `path` after following symbolic links.
    fn kind(&self, path: &Path) -> io::Result<FileKind>;
    /// The names of the entries of a directory, in any order.
    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>>;
    /// The process working directory, for `abspath`.
    fn current_dir(&self) -> io::Result<PathBuf>;
    /// The user's home directory, for `pathexpand`.
    fn home_dir(&self) -> Option<PathBuf>;

    /// The entries of a directory, in any order, each telling whether it
    /// is a directory or a symbolic link itself. By default, from
    /// [`FileSystem::read_dir`] and [`FileSystem::kind`], for a file
    /// system without links.
    fn entries(&self, path: &Path) -> io::Result<Vec<DirEntry>> {
        self.read_dir(path)?
            .into_iter()
            .map(|name| {
                let is_dir = self.kind(&path.join(&name))? == FileKind::Directory;
                Ok(DirEntry {
                    name: name.into(),
                    is_dir,
                    is_symlink: false,
                })
            })
            .collect()
    }

    /// The absolute path of what is at `path` with `.`, `..` and symbolic
    /// links resolved, as Go's `filepath.EvalSymlinks` after
    /// `filepath.Abs`; an error when nothing is there. By default, for a
    /// file system without links: `path` made absolute against
    /// [`FileSystem::current_dir`] and normalised lexically.
    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        let absolute = match path.is_absolute() {
            true => path.to_path_buf(),
            false => self.current_dir()?.join(path),
        };
        let normalized = lexically_normalized(&absolute);
        self.kind(&normalized)?;
        Ok(normalized)
    }
}

/// The error for a file over [`MAX_FILE_SIZE`] bytes.
pub fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("file is larger than {} MiB", MAX_FILE_SIZE / (1024 * 1024)),
    )
}

/// `path` with `.` and `..` resolved lexically (`..` above the root
/// stays at the root), as the filesystem functions resolve paths before
/// they read.
pub fn lexically_normalized(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// No file system at all: every path is missing. For evaluations that
/// must not read files (constants, type defaults).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoFileSystem;

impl FileSystem for NoFileSystem {
    fn read(&self, _: &Path) -> io::Result<Vec<u8>> {
        Err(io::Error::from(io::ErrorKind::NotFound))
    }

    fn kind(&self, _: &Path) -> io::Result<FileKind> {
        Err(io::Error::from(io::ErrorKind::NotFound))
    }

    fn read_dir(&self, _: &Path) -> io::Result<Vec<String>> {
        Err(io::Error::from(io::ErrorKind::NotFound))
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        Err(io::Error::from(io::ErrorKind::NotFound))
    }

    fn home_dir(&self) -> Option<PathBuf> {
        None
    }
}

/// Files held in memory, for tests and for editors' unsaved buffers.
/// Directories exist implicitly as the parents of files. Paths are compared
/// after resolving `.` and `..` lexically.
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
        let path = self.absolute(&path.into());
        self.files.insert(path, contents.into());
    }

    /// Removes the file at `path`, giving its contents back; a directory
    /// goes with its last file.
    pub fn remove(&mut self, path: impl Into<PathBuf>) -> Option<Vec<u8>> {
        let path = self.absolute(&path.into());
        self.files.remove(&path)
    }

    /// `path` made absolute against the current directory, with `.` and
    /// `..` resolved.
    fn absolute(&self, path: &Path) -> PathBuf {
        lexically_normalized(&self.current_dir.join(path))
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.files
            .keys()
            .any(|file| file.starts_with(path) && file != path)
    }

    /// Whether a proper ancestor of `path` is a file, so that `path` is
    /// "not a directory" as the operating system would say.
    fn under_file(&self, path: &Path) -> bool {
        path.ancestors()
            .skip(1)
            .any(|ancestor| self.files.contains_key(ancestor))
    }

    fn missing(&self, path: &Path) -> io::Error {
        if self.under_file(path) {
            io::Error::from(io::ErrorKind::NotADirectory)
        } else {
            io::Error::from(io::ErrorKind::NotFound)
        }
    }
}

impl FileSystem for MemoryFileSystem {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let path = self.absolute(path);
        match self.files.get(&path) {
            Some(contents) if contents.len() as u64 > MAX_FILE_SIZE => Err(too_large()),
            Some(contents) => Ok(contents.clone()),
            None if self.is_dir(&path) => Err(io::Error::from(io::ErrorKind::IsADirectory)),
            None => Err(self.missing(&path)),
        }
    }

    fn kind(&self, path: &Path) -> io::Result<FileKind> {
        let path = self.absolute(path);
        if self.files.contains_key(&path) {
            Ok(FileKind::File)
        } else if self.is_dir(&path) {
            Ok(FileKind::Directory)
        } else {
            Err(self.missing(&path))
        }
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>> {
        let path = self.absolute(path);
        if self.files.contains_key(&path) {
            return Err(io::Error::from(io::ErrorKind::NotADirectory));
        }
        if !self.is_dir(&path) {
            return Err(self.missing(&path));
        }
        let names: BTreeSet<String> = self
            .files
            .keys()
            .filter_map(|file| file.strip_prefix(&path).ok())
            .filter_map(|rest| rest.components().next())
            .map(|first| first.as_os_str().to_string_lossy().into_owned())
            .collect();
        Ok(names.into_iter().collect())
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        Ok(self.current_dir.clone())
    }

    fn home_dir(&self) -> Option<PathBuf> {
        self.home_dir.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> MemoryFileSystem {
        let mut fs = MemoryFileSystem::new("/work").with_home_dir("/home/me");
        fs.insert("a.txt", "A");
        fs.insert("dir/b.txt", "B");
        fs.insert("dir/sub/c.txt", "C");
        fs.insert("/elsewhere/d.txt", "D");
        fs
    }

    #[test]
    fn reads_files_by_relative_and_absolute_paths() {
        let fs = sample();
        assert_eq!(fs.read(Path::new("/work/a.txt")).unwrap(), b"A");
        assert_eq!(fs.read(Path::new("a.txt")).unwrap(), b"A");
        assert_eq!(fs.read(Path::new("/work/dir/../a.txt")).unwrap(), b"A");
        assert_eq!(fs.read(Path::new("./dir/./b.txt")).unwrap(), b"B");
        assert_eq!(fs.read(Path::new("/elsewhere/d.txt")).unwrap(), b"D");
    }

    #[test]
    fn read_errors_have_the_operating_system_kinds() {
        let fs = sample();
        let kind = |p: &str| fs.read(Path::new(p)).unwrap_err().kind();
        assert_eq!(kind("missing"), io::ErrorKind::NotFound);
        assert_eq!(kind("dir"), io::ErrorKind::IsADirectory);
        assert_eq!(kind("a.txt/x"), io::ErrorKind::NotADirectory);
    }

    #[test]
    fn kinds_of_files_and_implicit_directories() {
        let fs = sample();
        assert_eq!(fs.kind(Path::new("a.txt")).unwrap(), FileKind::File);
        assert_eq!(fs.kind(Path::new("dir")).unwrap(), FileKind::Directory);
        assert_eq!(fs.kind(Path::new("dir/sub")).unwrap(), FileKind::Directory);
        assert_eq!(fs.kind(Path::new("/")).unwrap(), FileKind::Directory);
        assert_eq!(
            fs.kind(Path::new("nope")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        assert_eq!(
            fs.kind(Path::new("a.txt/b")).unwrap_err().kind(),
            io::ErrorKind::NotADirectory
        );
    }

    #[test]
    fn lists_each_entry_once_sorted() {
        let fs = sample();
        assert_eq!(fs.read_dir(Path::new("dir")).unwrap(), ["b.txt", "sub"]);
        assert_eq!(fs.read_dir(Path::new(".")).unwrap(), ["a.txt", "dir"]);
        assert_eq!(fs.read_dir(Path::new("/")).unwrap(), ["elsewhere", "work"]);
        assert_eq!(
            fs.read_dir(Path::new("a.txt")).unwrap_err().kind(),
            io::ErrorKind::NotADirectory
        );
        assert_eq!(
            fs.read_dir(Path::new("nope")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn removing_the_last_file_removes_its_directory() {
        let mut fs = sample();
        assert_eq!(fs.remove("dir/sub/c.txt").unwrap(), b"C");
        assert_eq!(fs.remove("dir/sub/c.txt"), None);
        assert_eq!(
            fs.kind(Path::new("dir/sub")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        assert_eq!(fs.read_dir(Path::new("dir")).unwrap(), ["b.txt"]);
    }

    #[test]
    fn a_file_with_a_prefix_name_is_not_a_directory() {
        let mut fs = MemoryFileSystem::new("/");
        fs.insert("/x/ab", "1");
        assert_eq!(
            fs.kind(Path::new("/x/a")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn entries_tell_directories_from_files() {
        let fs = sample();
        let entries = fs.entries(Path::new("/work/dir")).unwrap();
        let entry = |name: &str, is_dir| DirEntry {
            name: name.into(),
            is_dir,
            is_symlink: false,
        };
        assert_eq!(entries, [entry("b.txt", false), entry("sub", true)]);
        assert_eq!(
            fs.entries(Path::new("a.txt")).unwrap_err().kind(),
            io::ErrorKind::NotADirectory
        );
        assert_eq!(
            NoFileSystem.entries(Path::new("/")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn canonical_paths_are_absolute_and_normalised() {
        let fs = sample();
        let canonical = |p: &str| fs.canonicalize(Path::new(p));
        assert_eq!(canonical("dir/./sub/..").unwrap(), Path::new("/work/dir"));
        assert_eq!(canonical("../elsewhere").unwrap(), Path::new("/elsewhere"));
        assert_eq!(canonical("/work/a.txt").unwrap(), Path::new("/work/a.txt"));
        assert_eq!(
            canonical("dir/missing").unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        assert_eq!(
            NoFileSystem
                .canonicalize(Path::new("/work"))
                .unwrap_err()
                .kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn directories_and_home() {
        let fs = sample();
        assert_eq!(fs.current_dir().unwrap(), Path::new("/work"));
        assert_eq!(fs.home_dir().unwrap(), Path::new("/home/me"));
        assert_eq!(MemoryFileSystem::new("/").home_dir(), None);
    }
}
