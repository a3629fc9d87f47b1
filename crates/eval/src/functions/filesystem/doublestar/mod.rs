// Go port of bmatcuk/doublestar's `FilepathGlob`: `fileset` results include its quirks, which globset does not have.
//! `github.com/bmatcuk/doublestar/v4`'s `FilepathGlob` without options, as
//! `fileset` calls it: which paths a pattern yields (files and
//! directories; the caller keeps the regular files), including its
//! quirks, such as `Glob` reusing earlier alternatives' matches as
//! directories.

mod glob;
mod pattern;

use std::fmt;

use super::gopath;
use crate::FileKind;

/// What globbing reads, relative to the base directory of the pattern:
/// slash-separated paths that are `.` or valid `io/fs` paths.
pub(super) trait GlobFs {
    /// `fs.Stat`, following symbolic links; `None` when it fails.
    fn stat(&mut self, path: &str) -> Option<FileKind>;
    /// `fs.ReadDir`'s entry names; `None` when it fails.
    fn read_dir(&mut self, path: &str) -> Option<Vec<String>>;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GlobError {
    /// `doublestar.ErrBadPattern`.
    BadPattern,
    /// More work than [`Budget`] allows, where Go would go on and on.
    TooMuchWork,
    TooManyMatches,
}

impl fmt::Display for GlobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GlobError::BadPattern => "syntax error in pattern",
            GlobError::TooMuchWork => "matching the pattern needs too much work",
            GlobError::TooManyMatches => "the pattern matches more than 10000000 paths",
        })
    }
}

const MAX_STEPS: u64 = 200_000_000;
const MAX_FS_OPERATIONS: u64 = 2_000_000;
const MAX_MATCHES: usize = crate::limits::MAX_COLLECTION_LENGTH;

/// Bounds on the work of one glob: symbolic link cycles and nested
/// alternatives can make it explode.
#[derive(Debug, Default)]
pub(super) struct Budget {
    steps: u64,
    fs_operations: u64,
}

impl Budget {
    fn step(&mut self) -> Result<(), GlobError> {
        self.steps_of(1)
    }

    fn steps_of(&mut self, n: usize) -> Result<(), GlobError> {
        self.steps = self.steps.saturating_add(n as u64);
        if self.steps > MAX_STEPS {
            return Err(GlobError::TooMuchWork);
        }
        Ok(())
    }

    fn fs_operation(&mut self) -> Result<(), GlobError> {
        self.fs_operations += 1;
        if self.fs_operations > MAX_FS_OPERATIONS {
            return Err(GlobError::TooMuchWork);
        }
        Ok(())
    }
}

/// `SplitPattern`: the part before the last slash that precedes any meta
/// character (unescaped), and the rest.
fn split_pattern(p: &[u8]) -> (Vec<u8>, &[u8]) {
    let mut split = None;
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            b'\\' => i += 1,
            b'/' => split = Some(i),
            b'*' | b'?' | b'[' | b'{' => break,
            _ => {}
        }
        i += 1;
    }
    match split {
        Some(0) => (b"/".to_vec(), &p[1..]),
        Some(at) => (pattern::unescape_meta(&p[..at]), &p[at + 1..]),
        None => (b".".to_vec(), p),
    }
}

/// Whether a `**` appears before the last two bytes: then `Glob` walks
/// (`GlobWalk`), which does not reuse earlier matches.
fn has_mid_doublestar(p: &[u8]) -> bool {
    let end = p.len().saturating_sub(3);
    let mut i = 0;
    while i < end {
        if p[i] == b'\\' {
            i += 1;
        } else if p[i] == b'*' && p[i + 1] == b'*' {
            return true;
        }
        i += 1;
    }
    false
}

/// The paths `pattern` (a slash-separated file path pattern) matches, each
/// the base of the pattern joined to a match as Go's `path.Join` does.
/// `fs` receives the base directory and a path relative to it.
pub(super) fn filepath_glob<F: GlobFs>(
    pattern: &str,
    open_base: impl FnOnce(&str) -> F,
) -> Result<Vec<String>, GlobError> {
    if pattern.is_empty() {
        return Ok(Vec::new());
    }
    let pattern = gopath::clean(pattern);
    let (base, rest) = split_pattern(pattern.as_bytes());
    if matches!(rest, b"" | b"." | b"..") {
        // Go answers these with an `os.Lstat` of the whole pattern, which
        // after cleaning can only name a directory: nothing to keep.
        if !pattern::validate(pattern.as_bytes()) {
            return Err(GlobError::BadPattern);
        }
        return Ok(Vec::new());
    }
    if !pattern::validate(rest) {
        return Err(GlobError::BadPattern);
    }
    let base = String::from_utf8_lossy(&base).into_owned();
    let mut base_fs = open_base(&base);
    let reuse_matches = !has_mid_doublestar(rest);
    let found = glob::Globber::new(&mut base_fs, reuse_matches).glob(rest)?;
    Ok(found.iter().map(|m| glob::path_join(&base, m)).collect())
}

/// `fs.ValidPath`, with the NUL byte that `os.DirFS` refuses on Unix.
pub(super) fn valid_path(path: &str) -> bool {
    if path == "." {
        return true;
    }
    !path.contains('\0')
        && path
            .split('/')
            .all(|element| !matches!(element, "" | "." | ".."))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// A tree of files and directories, relative to the base.
    struct Tree(BTreeSet<&'static str>);

    impl GlobFs for Tree {
        fn stat(&mut self, path: &str) -> Option<FileKind> {
            if !valid_path(path) {
                return None;
            }
            if path == "." {
                return Some(FileKind::Directory);
            }
            let dir = format!("{path}/");
            if self.0.iter().any(|f| f.starts_with(&dir)) {
                Some(FileKind::Directory)
            } else if self.0.contains(path) {
                Some(FileKind::File)
            } else {
                None
            }
        }

        fn read_dir(&mut self, path: &str) -> Option<Vec<String>> {
            if self.stat(path)? != FileKind::Directory {
                return None;
            }
            let prefix = if path == "." {
                String::new()
            } else {
                format!("{path}/")
            };
            let names: BTreeSet<String> = self
                .0
                .iter()
                .filter_map(|f| f.strip_prefix(&prefix))
                .filter_map(|rest| rest.split('/').next())
                .map(str::to_owned)
                .collect();
            Some(names.into_iter().collect())
        }
    }

    fn glob(pattern: &str) -> Result<Vec<String>, GlobError> {
        let files = [
            "a.txt",
            "b.txt",
            "c.md",
            "sub/d.txt",
            "sub/deep/e.txt",
            "sub/deep/f.md",
            "xa/g.txt",
            "x*y/h.txt",
        ];
        let open = |base: &str| {
            assert!(matches!(base, "." | "sub" | "sub/deep" | "x*y"), "{base}");
            let prefix = if base == "." {
                String::new()
            } else {
                format!("{base}/")
            };
            let within: BTreeSet<&'static str> = files
                .iter()
                .filter_map(|f| f.strip_prefix(prefix.as_str()))
                .collect();
            Tree(within)
        };
        let mut found = filepath_glob(pattern, open)?;
        found.sort();
        found.dedup();
        Ok(found)
    }

    #[test]
    fn single_segments() {
        assert_eq!(glob("*.txt").unwrap(), ["a.txt", "b.txt"]);
        assert_eq!(glob("?.md").unwrap(), ["c.md"]);
        assert_eq!(glob("a.txt").unwrap(), ["a.txt"]);
        assert_eq!(glob("nope").unwrap(), Vec::<String>::new());
        assert_eq!(glob("[ab].txt").unwrap(), ["a.txt", "b.txt"]);
    }

    #[test]
    fn doublestars() {
        assert_eq!(
            glob("**/*.txt").unwrap(),
            [
                "a.txt",
                "b.txt",
                "sub/d.txt",
                "sub/deep/e.txt",
                "x*y/h.txt",
                "xa/g.txt"
            ]
        );
        assert_eq!(
            glob("sub/**").unwrap(),
            [
                "sub",
                "sub/d.txt",
                "sub/deep",
                "sub/deep/e.txt",
                "sub/deep/f.md"
            ]
        );
    }

    #[test]
    fn alternatives() {
        assert_eq!(glob("{a,c}.*").unwrap(), ["a.txt", "c.md"]);
        assert_eq!(
            glob("sub/{d.txt,deep/*.md}").unwrap(),
            ["sub/d.txt", "sub/deep/f.md"]
        );
        // `Glob` globs inside earlier alternatives' matches too.
        assert_eq!(
            glob("{sub,xa*/*}").unwrap(),
            ["sub", "sub/d.txt", "sub/deep", "xa/g.txt"]
        );
        // A trailing empty alternative is skipped by the globber.
        assert_eq!(glob("{a.txt,}").unwrap(), ["a.txt"]);
        assert_eq!(glob("{}").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn escapes_in_the_base() {
        assert_eq!(glob("x\\*y/*").unwrap(), ["x*y/h.txt"]);
    }

    #[test]
    fn bad_patterns() {
        assert_eq!(glob("[").unwrap_err(), GlobError::BadPattern);
        assert_eq!(glob("{a").unwrap_err(), GlobError::BadPattern);
        assert_eq!(glob("sub/[!").unwrap_err(), GlobError::BadPattern);
        assert_eq!(glob("a\\").unwrap_err(), GlobError::BadPattern);
    }

    #[test]
    fn splitting() {
        assert_eq!(split_pattern(b"a/b/c*"), (b"a/b".to_vec(), &b"c*"[..]));
        assert_eq!(split_pattern(b"/x"), (b"/".to_vec(), &b"x"[..]));
        assert_eq!(split_pattern(b"*/x"), (b".".to_vec(), &b"*/x"[..]));
        assert_eq!(split_pattern(b"a\\*/b"), (b"a*".to_vec(), &b"b"[..]));
        assert!(has_mid_doublestar(b"**/x"));
        assert!(!has_mid_doublestar(b"x/**"));
        assert!(!has_mid_doublestar(b"**"));
    }
}
