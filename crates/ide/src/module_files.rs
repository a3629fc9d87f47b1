//! Which files of a directory make up an OpenTofu module, judged by their
//! names alone, by the rules OpenTofu applies when it loads a module
//! directory.
//!
//! - Configuration files end in `.tf`, `.tf.json`, `.tofu` or `.tofu.json`.
//! - `X.tofu` shadows `X.tf`, and `X.tofu.json` shadows `X.tf.json`: the
//!   shadowed file is not loaded at all. `X.tofu` does not shadow
//!   `X.tf.json`.
//! - `override.tf`, `*_override.tf` and their other forms are override
//!   files: still files of the module, merged over the others later.
//! - Test files (`.tftest.hcl`, `.tofutest.hcl` and their `.json` forms)
//!   are not configuration, and neither are editor leftovers: names that
//!   start with `.`, end in `~`, or start and end with `#`.
//! - Test files are what `tofu validate` loads besides ([`test_files`]):
//!   `X.tofutest.hcl` shadows `X.tftest.hcl` as `.tofu` files do.

use tofu_syntax::SourceKind;

/// What a file name means to a module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileRole {
    Config {
        syntax: SourceKind,
        is_override: bool,
    },
    Test {
        syntax: SourceKind,
    },
    /// Anything else: other extensions, `.tfvars`, editor leftovers.
    Other,
}

/// A configuration file of a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleFile {
    pub name: String,
    pub syntax: SourceKind,
    pub is_override: bool,
}

/// A `.tf` or `.tf.json` file left out because its `.tofu` twin exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShadowedFile {
    pub name: String,
    pub shadowed_by: String,
}

/// The configuration files among the names of one directory's files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleFiles {
    /// Sorted by name.
    pub files: Vec<ModuleFile>,
    /// Sorted by name.
    pub shadowed: Vec<ShadowedFile>,
}

const TF_EXTENSIONS: [&str; 4] = [".tf", ".tf.json", ".tftest.hcl", ".tftest.json"];
const TOFU_EXTENSIONS: [&str; 4] = [".tofu", ".tofu.json", ".tofutest.hcl", ".tofutest.json"];
const TEST_EXTENSIONS: [&str; 4] = [
    ".tftest.hcl",
    ".tftest.json",
    ".tofutest.hcl",
    ".tofutest.json",
];

/// Editor swap and backup files, and hidden files.
pub fn is_ignored_file(name: &str) -> bool {
    name.starts_with('.') || name.ends_with('~') || (name.starts_with('#') && name.ends_with('#'))
}

/// The role of a file with this name (no directory part).
pub fn classify(name: &str) -> FileRole {
    let Some(extension) = extension(name) else {
        return FileRole::Other;
    };
    if is_ignored_file(name) {
        return FileRole::Other;
    }
    let syntax = SourceKind::from_file_name(name);
    if TEST_EXTENSIONS.contains(&extension) {
        return FileRole::Test { syntax };
    }
    let base = &name[..name.len() - extension.len()];
    let is_override = base == "override" || base.ends_with("_override");
    FileRole::Config {
        syntax,
        is_override,
    }
}

/// Picks the configuration files of a module from the names of the files
/// (not directories) in its directory.
pub fn module_files<'a>(names: impl IntoIterator<Item = &'a str>) -> ModuleFiles {
    let mut candidates: Vec<(&str, SourceKind, bool)> = names
        .into_iter()
        .filter_map(|name| match classify(name) {
            FileRole::Config {
                syntax,
                is_override,
            } => Some((name, syntax, is_override)),
            _ => None,
        })
        .collect();
    candidates.sort_unstable_by(|a, b| a.0.cmp(b.0));
    candidates.dedup_by(|a, b| a.0 == b.0);

    let mut result = ModuleFiles::default();
    for &(name, syntax, is_override) in &candidates {
        let twin = tofu_twin(name);
        match twin.filter(|twin| candidates.binary_search_by(|c| c.0.cmp(twin)).is_ok()) {
            Some(twin) => result.shadowed.push(ShadowedFile {
                name: name.to_owned(),
                shadowed_by: twin,
            }),
            None => result.files.push(ModuleFile {
                name: name.to_owned(),
                syntax,
                is_override,
            }),
        }
    }
    result
}

/// The directory of a module where OpenTofu also looks for test files
/// (`DefaultTestDirectory`).
pub const TEST_DIRECTORY: &str = "tests";

/// The test files among the names of one directory's files, sorted: a
/// `.tofutest.hcl` file takes the place of its `.tftest.hcl` twin, and a
/// `.tofutest.json` file that of its `.tftest.json` twin
/// (`filterTfPathsWithTofuAlternatives`).
pub fn test_files(names: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut tests: Vec<String> = names
        .into_iter()
        .filter(|name| matches!(classify(name), FileRole::Test { .. }))
        .collect();
    tests.sort_unstable();
    tests.dedup();
    let shadowed = |name: &String| {
        [
            (".tftest.hcl", ".tofutest.hcl"),
            (".tftest.json", ".tofutest.json"),
        ]
        .into_iter()
        .any(|(tf, tofu)| {
            name.strip_suffix(tf)
                .is_some_and(|base| tests.binary_search(&format!("{base}{tofu}")).is_ok())
        })
    };
    let kept: Vec<String> = tests
        .iter()
        .filter(|name| !shadowed(name))
        .cloned()
        .collect();
    kept
}

/// The recognised extension of a name; `.tf` forms are tried first, as
/// OpenTofu does.
fn extension(name: &str) -> Option<&'static str> {
    TF_EXTENSIONS
        .into_iter()
        .chain(TOFU_EXTENSIONS)
        .find(|extension| name.ends_with(extension))
}

/// `X.tofu` for `X.tf` and `X.tofu.json` for `X.tf.json`.
fn tofu_twin(name: &str) -> Option<String> {
    [(".tf", ".tofu"), (".tf.json", ".tofu.json")]
        .into_iter()
        .find_map(|(tf, tofu)| name.strip_suffix(tf).map(|base| format!("{base}{tofu}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(syntax: SourceKind, is_override: bool) -> FileRole {
        FileRole::Config {
            syntax,
            is_override,
        }
    }

    #[test]
    fn configuration_extensions() {
        assert_eq!(classify("main.tf"), config(SourceKind::Native, false));
        assert_eq!(classify("main.tofu"), config(SourceKind::Native, false));
        assert_eq!(classify("main.tf.json"), config(SourceKind::Json, false));
        assert_eq!(classify("main.tofu.json"), config(SourceKind::Json, false));
    }

    #[test]
    fn other_files_are_not_configuration() {
        for name in [
            "terraform.tfvars",
            "prod.tfvars.json",
            "main.hcl",
            "README.md",
            "main.tf.bak",
            "main.TF",
            "tf",
            "main.json",
            "terraform.tfstate",
            ".terraform.lock.hcl",
        ] {
            assert_eq!(classify(name), FileRole::Other, "{name}");
        }
    }

    #[test]
    fn test_files() {
        assert_eq!(
            classify("a.tftest.hcl"),
            FileRole::Test {
                syntax: SourceKind::Native
            }
        );
        assert_eq!(
            classify("a.tofutest.hcl"),
            FileRole::Test {
                syntax: SourceKind::Native
            }
        );
        assert_eq!(
            classify("a.tftest.json"),
            FileRole::Test {
                syntax: SourceKind::Json
            }
        );
        assert_eq!(
            classify("a.tofutest.json"),
            FileRole::Test {
                syntax: SourceKind::Json
            }
        );
    }

    #[test]
    fn override_files() {
        assert_eq!(classify("override.tf"), config(SourceKind::Native, true));
        assert_eq!(classify("override.tofu"), config(SourceKind::Native, true));
        assert_eq!(classify("override.tf.json"), config(SourceKind::Json, true));
        assert_eq!(
            classify("db_override.tofu.json"),
            config(SourceKind::Json, true)
        );
        assert_eq!(classify("_override.tf"), config(SourceKind::Native, true));
        assert_eq!(classify("overrides.tf"), config(SourceKind::Native, false));
        assert_eq!(
            classify("my-override.tf"),
            config(SourceKind::Native, false)
        );
        assert_eq!(
            classify("override_db.tf"),
            config(SourceKind::Native, false)
        );
    }

    #[test]
    fn editor_leftovers_are_ignored() {
        for name in [
            ".main.tf",
            ".main.tf.swp",
            "main.tf~",
            "#main.tf#",
            ".#main.tf",
            ".tf",
        ] {
            assert!(is_ignored_file(name), "{name}");
            assert_eq!(classify(name), FileRole::Other, "{name}");
        }
        // Only a name both starting and ending with `#` is an Emacs file.
        assert_eq!(classify("#main.tf"), config(SourceKind::Native, false));
    }

    fn names(files: &ModuleFiles) -> Vec<&str> {
        files.files.iter().map(|file| file.name.as_str()).collect()
    }

    #[test]
    fn module_files_are_sorted_and_filtered() {
        let files = module_files([
            "variables.tf",
            "main.tf",
            "README.md",
            "main.tf~",
            "outputs.tf.json",
            "a.tftest.hcl",
            "terraform.tfvars",
        ]);
        assert_eq!(
            names(&files),
            ["main.tf", "outputs.tf.json", "variables.tf"]
        );
        assert!(files.shadowed.is_empty());
        assert_eq!(files.files[1].syntax, SourceKind::Json);
    }

    #[test]
    fn tofu_files_shadow_tf_files() {
        let files = module_files([
            "main.tf",
            "main.tofu",
            "data.tf.json",
            "data.tofu.json",
            "vars.tf.json",
            "vars.tofu",
            "override.tf",
            "override.tofu",
            "only.tf",
        ]);
        assert_eq!(
            names(&files),
            [
                "data.tofu.json",
                "main.tofu",
                "only.tf",
                "override.tofu",
                "vars.tf.json",
                "vars.tofu"
            ]
        );
        let shadowed: Vec<_> = files
            .shadowed
            .iter()
            .map(|s| (s.name.as_str(), s.shadowed_by.as_str()))
            .collect();
        assert_eq!(
            shadowed,
            [
                ("data.tf.json", "data.tofu.json"),
                ("main.tf", "main.tofu"),
                ("override.tf", "override.tofu")
            ]
        );
        assert!(
            files
                .files
                .iter()
                .find(|f| f.name == "override.tofu")
                .unwrap()
                .is_override
        );
    }

    #[test]
    fn a_tofu_test_file_does_not_shadow() {
        let files = module_files(["main.tf", "main.tofutest.hcl"]);
        assert_eq!(names(&files), ["main.tf"]);
    }

    #[test]
    fn no_configuration() {
        assert_eq!(
            module_files(["README.md", ".main.tf"]),
            ModuleFiles::default()
        );
        assert_eq!(module_files([]), ModuleFiles::default());
    }

    #[test]
    fn test_files_with_tofu_twins() {
        let names = [
            "main.tf",
            "a.tftest.hcl",
            "a.tofutest.hcl",
            "b.tftest.hcl",
            "b.tofutest.json",
            "c.tftest.json",
            "c.tofutest.json",
            ".hidden.tftest.hcl",
            "notes.tftest.hcl~",
        ];
        assert_eq!(
            super::test_files(names.map(str::to_owned)),
            [
                "a.tofutest.hcl",
                "b.tftest.hcl",
                "b.tofutest.json",
                "c.tofutest.json"
            ]
        );
    }
}
