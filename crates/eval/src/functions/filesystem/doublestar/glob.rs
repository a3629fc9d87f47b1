//! doublestar's `Glob` and `GlobWalk`: a pattern split at its last slash
//! (or alternative), the directory part globbed first, then the last
//! segment matched against each directory's entries.

use super::pattern::{
    build_alt, index_matched_opening_alt, index_meta, index_next_alt, last_index_slash,
    last_index_slash_or_alt, matches, unescape_meta,
};
use super::{Budget, GlobError, GlobFs, MAX_MATCHES, gopath, valid_path};
use crate::FileKind;

/// Go's `path.Join` of two slash-separated paths.
pub(super) fn path_join(dir: &str, name: &str) -> String {
    gopath::join(&[dir, name])
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub(super) struct Globber<'f, F: GlobFs> {
    fs: &'f mut F,
    budget: Budget,
    /// `Glob` (as opposed to `GlobWalk`) hands the matches found so far to
    /// the directory step, which then also looks inside each of them.
    reuse_matches: bool,
}

impl<'f, F: GlobFs> Globber<'f, F> {
    pub(super) fn new(fs: &'f mut F, reuse_matches: bool) -> Self {
        Globber {
            fs,
            budget: Budget::default(),
            reuse_matches,
        }
    }

    /// Every match of a validated pattern, in no particular order and
    /// possibly repeated.
    pub(super) fn glob(mut self, pattern: &[u8]) -> Result<Vec<String>, GlobError> {
        let mut found = Vec::new();
        self.do_glob(pattern, &mut found, true)?;
        Ok(found)
    }

    fn push(&mut self, found: &mut Vec<String>, path: String) -> Result<(), GlobError> {
        if found.len() >= MAX_MATCHES {
            return Err(GlobError::TooManyMatches);
        }
        found.push(path);
        Ok(())
    }

    fn stat(&mut self, path: &str) -> Result<Option<FileKind>, GlobError> {
        self.budget.fs_operation()?;
        Ok(if valid_path(path) {
            self.fs.stat(path)
        } else {
            None
        })
    }

    fn read_dir(&mut self, path: &str) -> Result<Option<Vec<String>>, GlobError> {
        self.budget.fs_operation()?;
        if !valid_path(path) {
            return Ok(None);
        }
        Ok(self.fs.read_dir(path).map(|mut names| {
            names.sort();
            names
        }))
    }

    fn exists(&mut self, path: &str) -> Result<bool, GlobError> {
        let path = match path.strip_suffix('/') {
            Some(trimmed) if path.len() > 1 => trimmed,
            _ => path,
        };
        Ok(self.stat(path)?.is_some())
    }

    fn is_dir(&mut self, path: &str) -> Result<bool, GlobError> {
        Ok(self.stat(path)? == Some(FileKind::Directory))
    }

    /// The directories to look into for the last segment: the matches of
    /// `dir_pattern`, after those found so far when `Glob` reuses them.
    fn directories(
        &mut self,
        dir_pattern: &[u8],
        found: &[String],
    ) -> Result<Vec<String>, GlobError> {
        let mut dirs = Vec::new();
        if self.reuse_matches {
            self.budget.steps_of(found.len())?;
            dirs.extend_from_slice(found);
        }
        self.do_glob(dir_pattern, &mut dirs, false)?;
        Ok(dirs)
    }

    /// `doGlob`: `first_segment` when the pattern's last segment may match
    /// files, not only directories.
    fn do_glob(
        &mut self,
        pattern: &[u8],
        found: &mut Vec<String>,
        first_segment: bool,
    ) -> Result<(), GlobError> {
        self.budget.step()?;
        let Some(pattern_start) = index_meta(pattern) else {
            let path = text(&unescape_meta(pattern));
            if self.exists(&path)? {
                self.push(found, path)?;
            }
            return Ok(());
        };

        let mut dir: &[u8] = b".";
        let mut last = pattern;
        let mut split = last_index_slash_or_alt(pattern);
        if let Some(at) = split {
            if pattern[at] == b'}' {
                match index_matched_opening_alt(&pattern[..at]) {
                    Some(opening) => {
                        return self.glob_alts(pattern, opening, at, found, first_segment);
                    }
                    // An unmatched `}` is an ordinary character.
                    None => {
                        split = last_index_slash(&pattern[..at]);
                        if let Some(slash) = split {
                            dir = &pattern[..slash];
                            last = &pattern[slash + 1..];
                        }
                    }
                }
            } else {
                dir = &pattern[..at];
                last = &pattern[at + 1..];
            }
        }

        if split.is_none_or(|at| at <= pattern_start) {
            let dir = text(&unescape_meta(dir));
            return self.glob_dir(&dir, last, found, first_segment);
        }
        for d in self.directories(dir, found)? {
            self.glob_dir(&d, last, found, first_segment)?;
        }
        Ok(())
    }

    /// `globAlts`: each alternative between `opening` and `closing` spelled
    /// out and globbed, after the common prefix up to the last slash.
    fn glob_alts(
        &mut self,
        pattern: &[u8],
        opening: usize,
        closing: usize,
        found: &mut Vec<String>,
        first_segment: bool,
    ) -> Result<(), GlobError> {
        let after = closing + 1;
        let (prefixes, start) = match last_index_slash_or_alt(&pattern[..opening]) {
            Some(at) if pattern[at] != b'}' => (self.directories(&pattern[..at], found)?, at + 1),
            _ => (vec![String::new()], 0),
        };
        for prefix in prefixes {
            let mut current = opening + 1;
            // An empty last alternative is never tried, as in Go.
            while current < closing {
                let next =
                    index_next_alt(&pattern[current..closing]).map_or(closing, |n| n + current);
                let alternative = build_alt(
                    prefix.as_bytes(),
                    pattern,
                    start,
                    opening,
                    current,
                    next,
                    after,
                );
                self.do_glob(&alternative, found, first_segment)?;
                current = next + 1;
            }
        }
        Ok(())
    }

    /// `globDir`: the entries of `dir` that match one segment `pattern`;
    /// only directories unless `can_match_files`.
    fn glob_dir(
        &mut self,
        dir: &str,
        pattern: &[u8],
        found: &mut Vec<String>,
        can_match_files: bool,
    ) -> Result<(), GlobError> {
        if pattern.is_empty() {
            if self.is_dir(dir)? {
                self.push(found, dir.to_owned())?;
            }
            return Ok(());
        }
        if pattern == b"**" {
            return self.glob_doublestar(dir, found, can_match_files);
        }
        let Some(names) = self.read_dir(dir)? else {
            return Ok(());
        };
        for name in names {
            if !matches(pattern, name.as_bytes(), &mut self.budget)? {
                continue;
            }
            let path = path_join(dir, &name);
            if can_match_files || self.is_dir(&path)? {
                self.push(found, path)?;
            }
        }
        Ok(())
    }

    /// `globDoubleStar`: `dir` and everything under it, following symbolic
    /// links to directories; files only if `can_match_files`.
    fn glob_doublestar(
        &mut self,
        dir: &str,
        found: &mut Vec<String>,
        can_match_files: bool,
    ) -> Result<(), GlobError> {
        let mut pending = vec![dir.to_owned()];
        while let Some(dir) = pending.pop() {
            // A directory that cannot be listed is not matched either.
            let Some(names) = self.read_dir(&dir)? else {
                continue;
            };
            self.push(found, dir.clone())?;
            for name in names {
                let path = path_join(&dir, &name);
                if self.is_dir(&path)? {
                    pending.push(path);
                } else if can_match_files {
                    self.push(found, path)?;
                }
            }
        }
        Ok(())
    }
}
