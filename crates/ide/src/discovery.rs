//! Finding the modules of a directory tree.
//!
//! Every directory holding configuration files is a module, the root
//! included. Hidden directories (`.terraform/`, `.git/`, ...) are skipped:
//! they hold downloaded modules and tool state, not the user's code.
//! Symbolic links to directories are not followed, so a link cycle cannot
//! make the walk endless; links to files are files. Everything is read
//! through the [`FileSystem`] the host was given.

use std::{
    io,
    path::{Path, PathBuf},
};

use tofu_diagnostics::Code;
use tofu_eval::FileSystem;

use crate::{
    analyzer_config::Exclusions,
    diagnostic::Diagnostic,
    module_files::{self, ModuleFile, ShadowedFile},
};

/// Where `tofu init` lists the modules it installed for a root module,
/// relative to the module's directory.
pub const MODULES_MANIFEST: &str = ".terraform/modules/modules.json";

/// A directory holding configuration files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// Relative to the root, with `/` separators; empty for the root.
    pub dir: String,
    /// Where to read it from: the root joined with `dir`.
    pub path: PathBuf,
    pub files: Vec<ModuleFile>,
    pub shadowed: Vec<ShadowedFile>,
    /// Its test files, relative to `dir` (`main.tftest.hcl`,
    /// `tests/main.tftest.hcl`), as `tofu validate` in `dir` loads them:
    /// only for modules of the walked tree, not installed ones.
    pub tests: Vec<String>,
}

impl Module {
    /// The path of one of its files relative to the root.
    pub fn file_path(&self, name: &str) -> String {
        join(&self.dir, name)
    }
}

/// The modules of a tree, in depth-first order with entries sorted by
/// name, then the modules `tofu init` installed for them, and what could
/// not be looked at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Discovery {
    pub modules: Vec<Module>,
    /// The module calls `tofu init` installed, from each root module's
    /// `.terraform/modules/modules.json`.
    pub installed: Vec<InstalledModule>,
    /// The directories of `modules` that a manifest lists and the walk did
    /// not find (they come last in `modules`).
    pub installed_dirs: Vec<String>,
    pub problems: Vec<Diagnostic>,
}

pub use tofu_semantic::InstalledModule;

/// Walks the tree under `root` as `fs` has it. Only an unreadable root is
/// an error; trouble further down becomes diagnostics.
pub fn discover(fs: &dyn FileSystem, root: &Path) -> io::Result<Discovery> {
    discover_excluding(fs, root, &Exclusions::none())
}

/// [`discover`], leaving out the directories and files `exclude` matches
/// (by their paths relative to `root`).
pub fn discover_excluding(
    fs: &dyn FileSystem,
    root: &Path,
    exclude: &Exclusions,
) -> io::Result<Discovery> {
    let mut discovery = walk(fs, root, exclude)?;
    let module_dirs: Vec<String> = discovery.modules.iter().map(|m| m.dir.clone()).collect();
    let found = installed_modules(
        fs,
        root,
        &module_dirs,
        |dir| read_manifest(fs, root, dir),
        |dir| discovery.modules.iter().any(|m| m.dir == dir),
    );
    discovery.installed = found.installed;
    discovery.installed_dirs = found.modules.iter().map(|m| m.dir.clone()).collect();
    discovery.modules.extend(found.modules);
    discovery.problems.extend(found.problems);
    Ok(discovery)
}

/// The modules of the tree under `root` and what could not be looked
/// at, without the installed modules.
fn walk(fs: &dyn FileSystem, root: &Path, exclude: &Exclusions) -> io::Result<Discovery> {
    let listing = read_dir_sorted(fs, root)?;
    let mut discovery = Discovery::default();
    visit(fs, root, String::new(), listing, exclude, &mut discovery);
    Ok(discovery)
}

/// What the manifests of some root modules list.
#[derive(Debug, Default)]
pub(crate) struct Installed {
    pub installed: Vec<InstalledModule>,
    /// The directories they list that `is_module` did not know, with
    /// configuration files, in the manifests' order.
    pub modules: Vec<Module>,
    /// A warning for each manifest that is not JSON.
    pub problems: Vec<Diagnostic>,
}

/// The text of the manifest of the module in `dir`, if it can be read.
pub(crate) fn read_manifest(fs: &dyn FileSystem, root: &Path, dir: &str) -> Option<String> {
    let bytes = fs.read(&root.join(dir).join(MODULES_MANIFEST)).ok()?;
    String::from_utf8(bytes).ok()
}

/// Reads the manifest of each module of `module_dirs` (its text as
/// `manifest` gives it, `None` when there is none) and lists the
/// directories it names (hidden, so not walked) as modules. Only listed
/// directories inside the tree are read.
pub(crate) fn installed_modules(
    fs: &dyn FileSystem,
    root: &Path,
    module_dirs: &[String],
    manifest: impl Fn(&str) -> Option<String>,
    is_module: impl Fn(&str) -> bool,
) -> Installed {
    let mut found = Installed::default();
    for module_dir in module_dirs {
        let Some(text) = manifest(module_dir) else {
            continue;
        };
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
            found.problems.push(Diagnostic::warning(
                Code::UnreadableModuleManifest,
                format!(
                    "\"{}\" is not valid JSON, so the modules it lists are not analysed. Run \"tofu init\" to recreate it.",
                    join(module_dir, MODULES_MANIFEST)
                ),
            ));
            continue;
        };
        let entries = json.get("Modules").and_then(|m| m.as_array());
        for entry in entries.into_iter().flatten() {
            let (Some(key), Some(dir)) = (
                entry.get("Key").and_then(|k| k.as_str()),
                entry.get("Dir").and_then(|d| d.as_str()),
            ) else {
                continue;
            };
            let dir = tofu_semantic::join_relative(module_dir, dir);
            if key.is_empty() {
                continue;
            }
            found.installed.push(InstalledModule {
                root: module_dir.clone(),
                key: key.to_owned(),
                dir: dir.clone(),
            });
            if is_module(&dir) || found.modules.iter().any(|m| m.dir == dir) {
                continue;
            }
            let path = root.join(&dir);
            let Ok(listing) = read_dir_sorted(fs, &path) else {
                continue;
            };
            let files = module_files::module_files(
                listing
                    .entries
                    .iter()
                    .filter(|e| !e.is_dir)
                    .map(|e| e.name.as_str()),
            );
            if !files.files.is_empty() {
                found.modules.push(Module {
                    dir,
                    path,
                    files: files.files,
                    shadowed: files.shadowed,
                    tests: Vec::new(),
                });
            }
        }
    }
    found
}

/// The names of the files in the directory at `path` (what is not a
/// directory, links to files included), sorted.
pub(crate) fn file_names(fs: &dyn FileSystem, path: &Path) -> io::Result<Vec<String>> {
    Ok(read_dir_sorted(fs, path)?
        .entries
        .into_iter()
        .filter(|entry| !entry.is_dir)
        .map(|entry| entry.name)
        .collect())
}

struct Entry {
    name: String,
    is_dir: bool,
}

/// A directory's entries sorted by name, and the lossy forms of the names
/// that are not UTF-8: those cannot be shown or matched the way OpenTofu
/// does, so they are skipped with a warning.
struct Listing {
    entries: Vec<Entry>,
    non_utf8_names: Vec<String>,
}

fn visit(
    fs: &dyn FileSystem,
    path: &Path,
    dir: String,
    listing: Listing,
    exclude: &Exclusions,
    discovery: &mut Discovery,
) {
    for name in &listing.non_utf8_names {
        discovery.problems.push(Diagnostic::warning(
            Code::NonUtf8FileName,
            format!(
                "\"{}\" was not checked because its name is not valid UTF-8.",
                join(&dir, name)
            ),
        ));
    }
    let (dirs, files): (Vec<_>, Vec<_>) = listing
        .entries
        .into_iter()
        .filter(|entry| !exclude.excludes(&join(&dir, &entry.name)))
        .partition(|entry| entry.is_dir);

    let found = module_files::module_files(files.iter().map(|entry| entry.name.as_str()));
    if !found.files.is_empty() {
        let tests = test_files(fs, path, &dir, &files, exclude);
        discovery.modules.push(Module {
            dir: dir.clone(),
            path: path.to_path_buf(),
            files: found.files,
            shadowed: found.shadowed,
            tests,
        });
    }

    for entry in dirs
        .into_iter()
        .filter(|entry| !entry.name.starts_with('.'))
    {
        let child_path = path.join(&entry.name);
        let child_dir = join(&dir, &entry.name);
        match read_dir_sorted(fs, &child_path) {
            Ok(listing) => visit(fs, &child_path, child_dir, listing, exclude, discovery),
            Err(err) => discovery.problems.push(Diagnostic::error(
                Code::FailedToReadDirectory,
                format!("The directory \"{child_dir}\" could not be read: {err}."),
            )),
        }
    }
}

/// The test files `tofu validate` loads for the module in `path`
/// (`dirFiles` with the default test directory): those of the directory
/// itself, then those of its `tests` directory, each `.tofutest` file
/// taking the place of its `.tftest` twin.
fn test_files(
    fs: &dyn FileSystem,
    path: &Path,
    dir: &str,
    files: &[Entry],
    exclude: &Exclusions,
) -> Vec<String> {
    let names = files.iter().map(|entry| entry.name.clone());
    let mut tests = module_files::test_files(names);
    let tests_dir = join(dir, module_files::TEST_DIRECTORY);
    if exclude.excludes(&tests_dir) {
        return tests;
    }
    if let Ok(listing) = read_dir_sorted(fs, &path.join(module_files::TEST_DIRECTORY)) {
        let names = listing
            .entries
            .into_iter()
            .filter(|entry| !entry.is_dir && !exclude.excludes(&join(&tests_dir, &entry.name)))
            .map(|entry| entry.name);
        tests.extend(
            module_files::test_files(names)
                .into_iter()
                .map(|name| format!("{}/{name}", module_files::TEST_DIRECTORY)),
        );
    }
    tests
}

fn read_dir_sorted(fs: &dyn FileSystem, path: &Path) -> io::Result<Listing> {
    let mut entries = Vec::new();
    let mut non_utf8_names = Vec::new();
    for entry in fs.entries(path)? {
        match entry.name.into_string() {
            // Only real directories are walked into (see the module docs).
            Ok(name) => entries.push(Entry {
                name,
                is_dir: entry.is_dir,
            }),
            Err(name) => non_utf8_names.push(name.to_string_lossy().into_owned()),
        }
    }
    entries.sort_unstable_by(|a, b| a.name.cmp(&b.name));
    non_utf8_names.sort_unstable();
    Ok(Listing {
        entries,
        non_utf8_names,
    })
}

pub(crate) fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_owned()
    } else {
        format!("{dir}/{name}")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::disallowed_methods)] // tests write their trees

    use std::{
        fs,
        sync::atomic::{AtomicUsize, Ordering},
    };

    use super::*;
    use crate::disk::DiskFileSystem;

    fn discover(root: &Path) -> io::Result<Discovery> {
        super::discover(&DiskFileSystem::default(), root)
    }

    /// A fresh directory under the system's temporary directory.
    fn scratch() -> PathBuf {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "tofu-analyzer-discovery-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let dir = std::env::temp_dir().join(name);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn touch(root: &Path, path: &str) {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, "").unwrap();
    }

    fn modules(discovery: &Discovery) -> Vec<(&str, Vec<&str>)> {
        discovery
            .modules
            .iter()
            .map(|module| {
                (
                    module.dir.as_str(),
                    module.files.iter().map(|file| file.name.as_str()).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn walks_the_tree_depth_first_in_name_order() {
        let root = scratch();
        for path in [
            "main.tf",
            "a/main.tf",
            "a/b/x.tf.json",
            "a-c/main.tofu",
            "docs/README.md",
            "docs/deep/y.tf",
            ".terraform/modules/vpc/main.tf",
            ".git/z.tf",
            "tests/main.tftest.hcl",
        ] {
            touch(&root, path);
        }
        let discovery = discover(&root).unwrap();
        assert_eq!(
            modules(&discovery),
            [
                ("", vec!["main.tf"]),
                ("a", vec!["main.tf"]),
                ("a/b", vec!["x.tf.json"]),
                ("a-c", vec!["main.tofu"]),
                ("docs/deep", vec!["y.tf"]),
            ]
        );
        assert_eq!(discovery.modules[2].path, root.join("a").join("b"));
        assert_eq!(discovery.modules[2].file_path("x.tf.json"), "a/b/x.tf.json");
        assert!(discovery.problems.is_empty());
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn shadowed_files_are_recorded() {
        let root = scratch();
        touch(&root, "m/main.tf");
        touch(&root, "m/main.tofu");
        let discovery = discover(&root).unwrap();
        assert_eq!(modules(&discovery), [("m", vec!["main.tofu"])]);
        assert_eq!(discovery.modules[0].shadowed[0].name, "main.tf");
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn an_unreadable_root_is_an_error() {
        let root = scratch();
        assert!(discover(&root.join("missing")).is_err());
        fs::remove_dir_all(root).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn directory_links_are_not_followed() {
        let root = scratch();
        touch(&root, "real/main.tf");
        std::os::unix::fs::symlink(root.join("real"), root.join("link")).unwrap();
        // A link back up would make an endless walk if it were followed.
        std::os::unix::fs::symlink(&root, root.join("real/loop")).unwrap();
        let discovery = discover(&root).unwrap();
        assert_eq!(modules(&discovery), [("real", vec!["main.tf"])]);
        fs::remove_dir_all(root).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn names_that_are_not_utf8_are_warned_about() {
        use std::os::unix::ffi::OsStrExt;

        let root = scratch();
        touch(&root, "m/main.tf");
        fs::write(
            root.join("m")
                .join(std::ffi::OsStr::from_bytes(b"caf\xe9.tf")),
            "",
        )
        .unwrap();
        let discovery = discover(&root).unwrap();
        assert_eq!(modules(&discovery), [("m", vec!["main.tf"])]);
        assert_eq!(discovery.problems.len(), 1);
        assert_eq!(
            discovery.problems[0].detail,
            "\"m/caf\u{fffd}.tf\" was not checked because its name is not valid UTF-8."
        );
        fs::remove_dir_all(root).unwrap();
    }
}
