//! The disk, as the host reads it by default: the tree's directories and
//! files, `modules.json`, variables files, provider schemas, the
//! analyzer's configuration, and what evaluation's filesystem functions
//! (`file`, `templatefile`, `fileset`, ...) read through the database.
//! The one place of the library that touches the machine's file system.
//! The working directory and `HOME` (for `abspath` and `pathexpand`) are
//! what the caller passes: the library reads no environment.

#![allow(clippy::disallowed_methods)]

use std::{
    io::{self, Read},
    path::{Path, PathBuf},
};

use tofu_eval::{DirEntry, FileKind, FileSystem, MAX_FILE_SIZE, too_large};

/// The machine's file system, with the working directory and home
/// directory the caller gives.
#[derive(Debug, Default, Clone)]
pub struct DiskFileSystem {
    current_dir: Option<PathBuf>,
    home_dir: Option<PathBuf>,
}

impl DiskFileSystem {
    pub fn new(current_dir: Option<PathBuf>, home_dir: Option<PathBuf>) -> DiskFileSystem {
        DiskFileSystem {
            current_dir,
            home_dir,
        }
    }

    /// With `working_dir` as the working directory and the home directory
    /// from `HOME` in `environment` (as go-homedir, an empty `HOME` counts
    /// as unset).
    pub fn from_environment(
        working_dir: &Path,
        environment: &[(String, String)],
    ) -> DiskFileSystem {
        let home = environment
            .iter()
            .rev()
            .find(|(name, value)| name == "HOME" && !value.is_empty())
            .map(|(_, value)| PathBuf::from(value));
        DiskFileSystem::new(Some(working_dir.to_path_buf()), home)
    }
}

impl FileSystem for DiskFileSystem {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let file = open_for_reading(path)?;
        if kind_of(&file.metadata()?) == FileKind::NamedPipe {
            return Err(io::Error::other("is a named pipe"));
        }
        let mut contents = Vec::new();
        // Devices such as /dev/zero never end: read one byte past the limit
        // to tell a file at the limit from a larger one.
        file.take(MAX_FILE_SIZE + 1).read_to_end(&mut contents)?;
        if contents.len() as u64 > MAX_FILE_SIZE {
            return Err(too_large());
        }
        Ok(contents)
    }

    fn kind(&self, path: &Path) -> io::Result<FileKind> {
        Ok(kind_of(&std::fs::metadata(path)?))
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<String>> {
        std::fs::read_dir(path)?
            .map(|entry| Ok(entry?.file_name().to_string_lossy().into_owned()))
            .collect()
    }

    fn entries(&self, path: &Path) -> io::Result<Vec<DirEntry>> {
        std::fs::read_dir(path)?
            .map(|entry| {
                let entry = entry?;
                let ty = entry.file_type()?;
                Ok(DirEntry {
                    name: entry.file_name(),
                    is_dir: ty.is_dir(),
                    is_symlink: ty.is_symlink(),
                })
            })
            .collect()
    }

    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        std::fs::canonicalize(path)
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        self.current_dir
            .clone()
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    }

    fn home_dir(&self) -> Option<PathBuf> {
        self.home_dir.clone()
    }
}

/// Opens a file to read it. A named pipe opened the usual way would wait
/// for a writer forever; on Unix the file is opened without blocking, so
/// that what it is can be asked of the open file (one system call fewer
/// per file than asking the path first).
#[cfg(unix)]
fn open_for_reading(path: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_for_reading(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}

fn kind_of(meta: &std::fs::Metadata) -> FileKind {
    let ty = meta.file_type();
    if ty.is_dir() {
        return FileKind::Directory;
    }
    if ty.is_file() {
        return FileKind::File;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ty.is_block_device() || ty.is_char_device() {
            return FileKind::Device;
        }
        if ty.is_fifo() {
            return FileKind::NamedPipe;
        }
        if ty.is_socket() {
            return FileKind::Socket;
        }
    }
    FileKind::Other
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_file_system_reads_within_the_limit() {
        let dir = std::env::temp_dir().join(format!("tofu-eval-fs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("f.txt");
        std::fs::write(&file, "hi").unwrap();
        assert_eq!(DiskFileSystem::default().read(&file).unwrap(), b"hi");
        assert_eq!(
            DiskFileSystem::default().kind(&file).unwrap(),
            FileKind::File
        );
        assert_eq!(
            DiskFileSystem::default().kind(&dir).unwrap(),
            FileKind::Directory
        );
        assert_eq!(
            DiskFileSystem::default().read(&dir).unwrap_err().kind(),
            io::ErrorKind::IsADirectory
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn entries_do_not_follow_links_and_real_paths_do() {
        let dir = std::env::temp_dir().join(format!("tofu-ide-disk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("real")).unwrap();
        std::fs::write(dir.join("f.txt"), "").unwrap();
        std::os::unix::fs::symlink(dir.join("real"), dir.join("link")).unwrap();
        let fs = DiskFileSystem::default();
        let mut entries = fs.entries(&dir).unwrap();
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        let entry = |name: &str, is_dir, is_symlink| DirEntry {
            name: name.into(),
            is_dir,
            is_symlink,
        };
        assert_eq!(
            entries,
            [
                entry("f.txt", false, false),
                entry("link", false, true),
                entry("real", true, false),
            ]
        );
        let real = std::fs::canonicalize(dir.join("real")).unwrap();
        assert_eq!(fs.canonicalize(&dir.join("link/../link")).unwrap(), real);
        assert_eq!(
            fs.canonicalize(&dir.join("missing")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Reading a named pipe nobody writes to fails at once instead of
    /// waiting for a writer.
    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_without_waiting() {
        let dir = std::env::temp_dir().join(format!("tofu-ide-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let pipe = dir.join("main.tf");
        let made = std::process::Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .unwrap();
        assert!(made.success());
        let error = DiskFileSystem::default().read(&pipe).unwrap_err();
        assert_eq!(error.to_string(), "is a named pipe");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_told_apart_and_never_read_endlessly() {
        assert_eq!(
            DiskFileSystem::default()
                .kind(Path::new("/dev/null"))
                .unwrap(),
            FileKind::Device
        );
        assert_eq!(
            DiskFileSystem::default()
                .read(Path::new("/dev/null"))
                .unwrap(),
            b""
        );
    }
}
