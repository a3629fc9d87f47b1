//! Following local module sources wherever they point.
//!
//! Discovery finds the modules below the root; a local source may name a
//! directory outside it (`check envs/prod` calling `../../modules/vpc`),
//! a hidden one, one behind a symbolic link, an empty one, or none at
//! all. OpenTofu's installer (`installLocalModule` in
//! `internal/initwd/module_install.go`) joins the caller's directory and
//! the source lexically, resolves symbolic links (`filepath.EvalSymlinks`)
//! and loads what is there: a directory without configuration files is an
//! empty module, and one that cannot be read is "Unreadable module
//! directory". The host does the same for each directory a call names
//! that is not a module of the workspace yet, through the host's
//! [`FileSystem`].

use std::{
    io,
    path::{Component, Path, PathBuf},
};

use tofu_eval::{FileKind, FileSystem};

use crate::{
    analyzer_config::Exclusions,
    discovery::{self, Module, join},
    module_files,
};

/// What is at a directory a local source names.
#[derive(Debug)]
pub(crate) enum CalledDirectory {
    /// A directory, by its name relative to the root once symbolic links
    /// are resolved (`..` first when outside the root); with its files
    /// when the workspace does not have it yet.
    Found { dir: String, new: Option<Module> },
    /// Nothing that can be read, for this reason.
    Unreadable(String),
    /// Left out of the check by the user's exclusions.
    Excluded,
}

/// Where the directory `dir` (relative to `root`, lexically cleaned, as
/// [`tofu_semantic::local_source_dir`] gives it) leads on disk.
/// `canonical_root` is `root` with its links resolved; `is_module` says
/// whether a directory name is a module of the workspace already.
pub(crate) fn resolve(
    fs: &dyn FileSystem,
    root: &Path,
    canonical_root: &Path,
    dir: &str,
    exclude: Option<&Exclusions>,
    is_module: impl Fn(&str) -> bool,
) -> CalledDirectory {
    let excluded = |dir: &str| exclude.is_some_and(|exclude| is_excluded(exclude, dir));
    if excluded(dir) {
        return CalledDirectory::Excluded;
    }
    let real = match fs.canonicalize(&root.join(dir)) {
        Ok(real) => real,
        Err(err) => return CalledDirectory::Unreadable(reason(&err)),
    };
    if !matches!(fs.kind(&real), Ok(FileKind::Directory)) {
        return CalledDirectory::Unreadable("it is not a directory".to_owned());
    }
    let name = relative_name(canonical_root, &real);
    if name != dir && excluded(&name) {
        return CalledDirectory::Excluded;
    }
    if is_module(&name) {
        return CalledDirectory::Found {
            dir: name,
            new: None,
        };
    }
    let names = match discovery::file_names(fs, &real) {
        Ok(names) => names,
        Err(err) => return CalledDirectory::Unreadable(reason(&err)),
    };
    let found = module_files::module_files(
        names
            .iter()
            .map(String::as_str)
            .filter(|file| !excluded(&join(&name, file))),
    );
    CalledDirectory::Found {
        new: Some(Module {
            dir: name.clone(),
            path: real,
            files: found.files,
            shadowed: found.shadowed,
            tests: Vec::new(),
        }),
        dir: name,
    }
}

/// Whether `dir` or a directory above it (within the root) is excluded.
fn is_excluded(exclude: &Exclusions, dir: &str) -> bool {
    if dir.starts_with("..") {
        return false;
    }
    let mut prefix = String::new();
    dir.split('/').filter(|part| !part.is_empty()).any(|part| {
        prefix = join(&prefix, part);
        exclude.excludes(&prefix)
    })
}

/// Why a directory cannot be read, in words.
fn reason(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::NotFound => "it does not exist".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => err.to_string(),
    }
}

/// `path` relative to `base` (both absolute and free of links), with `/`
/// separators: `""` for `base` itself, `../x` beside it.
pub(crate) fn relative_name(base: &Path, path: &Path) -> String {
    let base: Vec<Component> = base.components().collect();
    let path: Vec<Component> = path.components().collect();
    let common = base.iter().zip(&path).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); base.len() - common];
    parts.extend(
        path[common..]
            .iter()
            .map(|part| part.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// The root with its links resolved, or as given when that fails (the
/// root was read a moment ago, so it rarely does).
pub(crate) fn canonical_root(fs: &dyn FileSystem, root: &Path) -> PathBuf {
    fs.canonicalize(root).unwrap_or_else(|_| root.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_relative_to_the_root() {
        let root = Path::new("/work/repo/envs/prod");
        assert_eq!(relative_name(root, root), "");
        assert_eq!(
            relative_name(root, Path::new("/work/repo/envs/prod/modules/a")),
            "modules/a"
        );
        assert_eq!(
            relative_name(root, Path::new("/work/repo/modules/vpc")),
            "../../modules/vpc"
        );
        assert_eq!(relative_name(root, Path::new("/work")), "../../..");
    }

    #[test]
    fn exclusion_covers_the_directories_below() {
        let exclude = Exclusions::new(&["fixtures".to_owned()]).unwrap();
        assert!(is_excluded(&exclude, "fixtures/a/b"));
        assert!(!is_excluded(&exclude, "modules/fixtures2"));
        assert!(!is_excluded(&exclude, "../fixtures"));
    }
}
