// Go port of `path/filepath.Clean`/`Join`/`Dir`/`Base` on Unix: `std::path` has no lexical `Clean` (`a/../b` stays).
//! Go's `path/filepath` on Unix: lexical path operations on `/`-separated
//! strings, with Go's results for the edge cases (`""`, `"/"`, `".."`).

/// `filepath.IsAbs`.
pub(crate) fn is_abs(path: &str) -> bool {
    path.starts_with('/')
}

/// `filepath.Clean`: the shortest equivalent path, `.` and `..` resolved
/// lexically; `"."` for an empty result.
pub(crate) fn clean(path: &str) -> String {
    let rooted = is_abs(path);
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                // `/..` is `/`; a relative path keeps leading `..`s.
                _ if rooted => {}
                _ => parts.push(".."),
            },
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_owned(),
        (false, false) => joined,
    }
}

/// `filepath.Join`: the non-empty elements joined with `/` and cleaned;
/// `""` when every element is empty.
pub(crate) fn join(elements: &[&str]) -> String {
    let parts: Vec<&str> = elements.iter().copied().filter(|e| !e.is_empty()).collect();
    if parts.is_empty() {
        return String::new();
    }
    clean(&parts.join("/"))
}

/// `filepath.Dir`: all but the last element, cleaned.
pub(crate) fn dir(path: &str) -> String {
    match path.rfind('/') {
        Some(slash) => clean(&path[..=slash]),
        None => ".".to_owned(),
    }
}

/// `filepath.Base`: the last element, trailing slashes ignored; `"."` for
/// an empty path and `"/"` for a path of slashes.
pub(crate) fn base(path: &str) -> String {
    if path.is_empty() {
        return ".".to_owned();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".to_owned();
    }
    match trimmed.rfind('/') {
        Some(slash) => trimmed[slash + 1..].to_owned(),
        None => trimmed.to_owned(),
    }
}

/// `filepath.Rel`: `target` relative to `base`, or Go's error text when it
/// cannot be.
pub(crate) fn rel(base_path: &str, target_path: &str) -> Result<String, String> {
    let base = clean(base_path);
    let target = clean(target_path);
    if base == target {
        return Ok(".".to_owned());
    }
    let cannot = || format!("Rel: can't make {target_path} relative to {base_path}");
    if is_abs(&base) != is_abs(&target) {
        return Err(cannot());
    }
    let elements = |p: &str| -> Vec<String> {
        p.split('/')
            .filter(|e| !e.is_empty() && *e != ".")
            .map(str::to_owned)
            .collect()
    };
    let base_elements = elements(&base);
    let target_elements = elements(&target);
    let common = base_elements
        .iter()
        .zip(&target_elements)
        .take_while(|(b, t)| b == t)
        .count();
    if base_elements.get(common).is_some_and(|e| e == "..") {
        return Err(cannot());
    }
    let ups = base_elements.len() - common;
    let mut out: Vec<&str> = vec![".."; ups];
    out.extend(target_elements[common..].iter().map(String::as_str));
    Ok(out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_matches_go() {
        let cases = [
            ("", "."),
            (".", "."),
            ("/", "/"),
            ("//", "/"),
            ("a/b/../c", "a/c"),
            ("a/../..", ".."),
            ("../../a", "../../a"),
            ("/../a", "/a"),
            ("a//b/./c/", "a/b/c"),
            ("./a", "a"),
            ("a/..", "."),
            ("/a/b/../../..", "/"),
            ("../a/../b", "../b"),
            ("~", "~"),
        ];
        for (input, want) in cases {
            assert_eq!(clean(input), want, "clean({input:?})");
        }
    }

    #[test]
    fn join_matches_go() {
        assert_eq!(join(&["", ""]), "");
        assert_eq!(join(&[".", "a/b"]), "a/b");
        assert_eq!(join(&["a", ""]), "a");
        assert_eq!(join(&["", "/x"]), "/x");
        assert_eq!(join(&["/home", "../etc"]), "/etc");
        assert_eq!(join(&[".", ".."]), "..");
    }

    #[test]
    fn dir_and_base_match_go() {
        let dirs = [
            ("", "."),
            ("a", "."),
            ("/", "/"),
            ("/a", "/"),
            ("a/b/", "a/b"),
            ("a/b/c.txt", "a/b"),
            ("//a//b", "/a"),
            ("../x", ".."),
        ];
        for (input, want) in dirs {
            assert_eq!(dir(input), want, "dir({input:?})");
        }
        let bases = [
            ("", "."),
            ("/", "/"),
            ("///", "/"),
            ("a/b/", "b"),
            ("a/b.txt", "b.txt"),
            ("b", "b"),
            (".", "."),
            ("a/..", ".."),
        ];
        for (input, want) in bases {
            assert_eq!(base(input), want, "base({input:?})");
        }
    }

    #[test]
    fn rel_matches_go() {
        assert_eq!(rel("a", "a/b/c").unwrap(), "b/c");
        assert_eq!(rel(".", "a").unwrap(), "a");
        assert_eq!(rel("a/b", "a/c").unwrap(), "../c");
        assert_eq!(rel("a/b/c", "a").unwrap(), "../..");
        assert_eq!(rel("/a", "/a").unwrap(), ".");
        assert_eq!(rel("..", "../x").unwrap(), "x");
        assert_eq!(rel(".", "../x").unwrap(), "../x");
        assert!(rel("/a", "b").is_err());
        assert_eq!(
            rel("../..", "../x").unwrap_err(),
            "Rel: can't make ../x relative to ../.."
        );
    }
}
