//! Module source addresses (`addrs.ModuleSource`): local paths, module
//! registry addresses and remote packages (`addrs.ParseModuleSource`,
//! `ParseModuleSourceRegistry`), with OpenTofu's error messages.

/// A module source address (`addrs.ModuleSource`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModuleSource {
    /// `./dir` or `../dir`, cleaned.
    Local(String),
    /// `[host/]namespace/name/system[//subdir]`; the host is the default
    /// registry when not given.
    Registry {
        host: String,
        namespace: String,
        name: String,
        target_system: String,
        subdir: String,
    },
    /// Anything go-getter installs: the package address and a subdirectory.
    Remote { package: String, subdir: String },
}

/// Why a source address is invalid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceError {
    /// `getmodules.MaybeRelativePathErr`: a path without `./`.
    MaybeRelativePath(String),
    Other(String),
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SourceError::MaybeRelativePath(addr) => write!(
                f,
                "OpenTofu cannot detect a supported external module source type for {addr}"
            ),
            SourceError::Other(message) => f.write_str(message),
        }
    }
}

const DEFAULT_REGISTRY_HOST: &str = "registry.opentofu.org";

fn is_local(raw: &str) -> bool {
    ["./", "../", ".\\", "..\\"]
        .iter()
        .any(|prefix| raw.starts_with(prefix))
}

/// `addrs.ParseModuleSource`.
pub fn parse_module_source(raw: &str) -> Result<ModuleSource, SourceError> {
    if is_local(raw) {
        let raw = raw.replace('\\', "/");
        let clean = clean_path(&raw);
        let clean = if clean.starts_with("../") || clean == ".." {
            clean
        } else {
            format!("./{clean}")
        };
        return Ok(ModuleSource::Local(clean));
    }
    if let Ok(found) = parse_module_source_registry(raw) {
        return Ok(found);
    }
    parse_module_source_remote(raw)
}

/// `addrs.ParseModuleSourceRegistry`.
pub fn parse_module_source_registry(raw: &str) -> Result<ModuleSource, SourceError> {
    let err = |m: String| Err(SourceError::Other(m));
    if is_local(raw) {
        return err(format!(
            "can't use local directory {raw:?} as a module registry address"
        ));
    }
    let (raw, subdir) = split_package_subdir(raw);
    if subdir.starts_with("../") {
        return err(format!(
            "subdirectory path {subdir:?} leads outside of the module package"
        ));
    }
    let mut parts: Vec<&str> = raw.split('/').collect();
    if parts.len() != 3 && parts.len() != 4 {
        return err(
            "a module registry source address must have either three or four slash-separated components"
                .to_owned(),
        );
    }
    let mut host = DEFAULT_REGISTRY_HOST.to_owned();
    if parts.len() == 4 {
        let given = parts.remove(0);
        host = match hostname_for_comparison(given) {
            Some(host) => host,
            None if given.contains("--") => {
                return err(format!(
                    "invalid module registry hostname {given:?}; internationalized domain names must be given as direct unicode characters, not in punycode"
                ));
            }
            None => return err(format!("invalid module registry hostname {given:?}")),
        };
        if !host.contains('.') {
            return err(
                "invalid module registry hostname: must contain at least one dot".to_owned(),
            );
        }
    }
    if host == "github.com" || host == "bitbucket.org" {
        return err(format!(
            "can't use {host:?} as a module registry host, because it's reserved for installing directly from version control repositories"
        ));
    }
    let name_rule = "must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix";
    if !is_registry_name(parts[0]) {
        if parts[0].contains('.') {
            return err("source address must have three more components after the hostname: the namespace, the name, and the target system".to_owned());
        }
        return err(format!("invalid namespace {:?}: {name_rule}", parts[0]));
    }
    if !is_registry_name(parts[1]) {
        return err(format!("invalid module name {:?}: {name_rule}", parts[1]));
    }
    let system = parts[2];
    let system_ok = !system.is_empty()
        && system.len() <= 64
        && system
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !system_ok {
        if system.contains('?') {
            return err(
                "module registry addresses may not include a query string portion".to_owned(),
            );
        }
        return err(format!(
            "invalid target system {system:?}: must be between one and 64 ASCII letters or digits"
        ));
    }
    Ok(ModuleSource::Registry {
        host,
        namespace: parts[0].to_owned(),
        name: parts[1].to_owned(),
        target_system: system.to_owned(),
        subdir,
    })
}

/// `^[0-9A-Za-z](?:[0-9A-Za-z-_]{0,62}[0-9A-Za-z])?$`
fn is_registry_name(given: &str) -> bool {
    let bytes = given.as_bytes();
    let edge = |b: &u8| b.is_ascii_alphanumeric();
    !bytes.is_empty()
        && bytes.len() <= 64
        && bytes.first().is_some_and(edge)
        && bytes.last().is_some_and(edge)
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
}

/// `svchost.ForComparison`, simplified: a lowercased host name with an
/// optional port; None when it is not one.
fn hostname_for_comparison(given: &str) -> Option<String> {
    let (host, port) = match given.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (given, None),
    };
    if port.is_some_and(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let host = host.strip_suffix('.').unwrap_or(host);
    let labels_ok = !host.is_empty()
        && host.split('.').all(|label| {
            // Empty labels, dashes at either end, other punctuation and
            // punycode (`xn--`, or `--` in third and fourth place) fail.
            let punycode = label.get(2..4) == Some("--");
            !(label.is_empty()
                || label.starts_with('-')
                || label.ends_with('-')
                || punycode
                || !label.chars().all(|c| c.is_alphanumeric() || c == '-'))
        });
    if !labels_ok {
        return None;
    }
    let mut out = host.to_lowercase();
    if let Some(port) = port
        && port != "443"
    {
        out.push(':');
        out.push_str(port);
    }
    Some(out)
}

/// `parseModuleSourceRemote`: go-getter's detection, as far as it works
/// on the string alone.
fn parse_module_source_remote(raw: &str) -> Result<ModuleSource, SourceError> {
    let (raw, mut subdir) = split_package_subdir(raw);
    if subdir.starts_with("../") {
        return Err(SourceError::Other(format!(
            "subdirectory path {subdir:?} leads outside of the module package"
        )));
    }
    let package = detect(&raw)?;
    let (package, more) = split_package_subdir(&package);
    if !more.is_empty() {
        subdir = if subdir.is_empty() {
            clean_path(&more)
        } else {
            clean_path(&format!("{more}/{subdir}"))
        };
        if subdir.starts_with("../") {
            return Err(SourceError::Other(format!(
                "detected subdirectory path {subdir:?} of {package:?} leads outside of the module package"
            )));
        }
    }
    Ok(ModuleSource::Remote { package, subdir })
}

/// go-getter's `Detect` with OpenTofu's detectors (GitHub, Git SSH,
/// BitBucket, GCS, S3, then file paths, which must be absolute).
fn detect(src: &str) -> Result<String, SourceError> {
    let (forced, get_src) = match src.split_once("::") {
        Some((getter, rest))
            if !getter.is_empty()
                && !rest.is_empty()
                && getter.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            (Some(getter), rest)
        }
        _ => (None, src),
    };
    let (get_src, _) = source_dir_subdir(get_src);
    if has_url_scheme(&get_src) {
        return Ok(src.to_owned());
    }
    if get_src.is_empty() {
        return Err(SourceError::Other(format!("invalid source string: {src}")));
    }
    let detected = if let Some(rest) = get_src.strip_prefix("github.com/") {
        if rest.split('/').count() < 2 {
            return Err(SourceError::Other(
                "GitHub URLs should be github.com/username/repo".to_owned(),
            ));
        }
        format!("git::https://{get_src}")
    } else if get_src.starts_with("git@") {
        format!("git::ssh://{get_src}")
    } else if get_src.starts_with("bitbucket.org/") {
        format!("git::https://{get_src}")
    } else if get_src.contains("googleapis.com/") {
        format!("gcs::https://www.{get_src}")
    } else if get_src.contains(".amazonaws.com/") {
        format!("s3::https://{get_src}")
    } else if get_src.starts_with('/') {
        format!("file://{get_src}")
    } else {
        return Err(SourceError::MaybeRelativePath(get_src));
    };
    Ok(match forced {
        Some(getter) => format!(
            "{getter}::{}",
            detected
                .split_once("::")
                .map_or(detected.as_str(), |(_, r)| r)
        ),
        None => detected,
    })
}

/// Whether Go's `url.Parse` finds a scheme.
fn has_url_scheme(src: &str) -> bool {
    let Some((scheme, _)) = src.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// `getmodules.SplitPackageSubdir`: the package and its cleaned subdir.
fn split_package_subdir(given: &str) -> (String, String) {
    let (package, subdir) = source_dir_subdir(given);
    let subdir = if subdir.is_empty() {
        subdir
    } else {
        clean_path(&subdir)
    };
    (package, subdir)
}

/// go-getter's `SourceDirSubdir`: splits at `//` after any scheme, keeping
/// a query string with the package.
fn source_dir_subdir(src: &str) -> (String, String) {
    let stop = src.find('?').unwrap_or(src.len());
    let offset = src[..stop].find("://").map_or(0, |i| i + 3);
    let Some(idx) = src[offset..stop].find("//") else {
        return (src.to_owned(), String::new());
    };
    let idx = idx + offset;
    let mut subdir = src[idx + 2..].to_owned();
    let mut package = src[..idx].to_owned();
    if let Some(q) = subdir.find('?') {
        package.push_str(&subdir[q..]);
        subdir.truncate(q);
    }
    (package, subdir)
}

/// Go's `path.Clean`.
fn clean_path(path: &str) -> String {
    if path.is_empty() {
        return ".".to_owned();
    }
    let rooted = path.starts_with('/');
    let mut out: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if out.last().is_some_and(|last| *last != "..") {
                    out.pop();
                } else if !rooted {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    let joined = out.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_owned(),
        (false, false) => joined,
    }
}
