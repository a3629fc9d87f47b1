//! `module` blocks (`module_call.go`) and module source addresses
//! (`addrs.ParseModuleSource`, `ParseModuleSourceRegistry`).

use std::collections::HashMap;
use std::path::Path;

use tofu_diagnostics::Code;
use tofu_eval::functions::TableKind;
use tofu_eval::{EvalContext, FunctionTable, MemoryFileSystem, NoVariables};

use tofu_syntax::TextRange;
use tofu_syntax::ast::Expr;
use tofu_syntax::body::{AnyBlock, AnyExpr, AttributeSchema, BlockSchema, BodySchema};
use tofu_syntax::json::JsonValue;
use tofu_types::{Mark, Type, Value};

use super::Decoder;
use super::provider_ref::{decode_provider_config_ref, decode_provider_config_ref_text};

/// `moduleBlockSchema`'s attributes (also the meta-arguments that are not a
/// child module's input variables).
pub(crate) const MODULE_ATTRS: &[AttributeSchema<'static>] = &[
    AttributeSchema::required("source"),
    AttributeSchema::optional("version"),
    AttributeSchema::optional("count"),
    AttributeSchema::optional("for_each"),
    AttributeSchema::optional("depends_on"),
    AttributeSchema::optional("providers"),
];

/// `schemaForOverrides(moduleBlockSchema)`: nothing is required.
pub(crate) const MODULE_OVERRIDE_ATTRS: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("source"),
    AttributeSchema::optional("version"),
    AttributeSchema::optional("count"),
    AttributeSchema::optional("for_each"),
    AttributeSchema::optional("depends_on"),
    AttributeSchema::optional("providers"),
];

/// `moduleBlockSchema`'s reserved block types.
pub(crate) const MODULE_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("_", &[]),
    BlockSchema::new("lifecycle", &[]),
    BlockSchema::new("locals", &[]),
    BlockSchema::new("provider", &["type"]),
];

const MODULE_LIFECYCLE_ATTRS: &[AttributeSchema<'static>] = &[AttributeSchema::optional("enabled")];

/// `decodeModuleBlock`, then the source and version checks of
/// `decodeStaticFields` where those are constants.
pub(super) fn decode(d: &mut Decoder<'_>, block: &AnyBlock) {
    let attrs = if d.is_override {
        MODULE_OVERRIDE_ATTRS
    } else {
        MODULE_ATTRS
    };
    let (content, _) = d.partial_content(&block.body, &BodySchema::new(attrs, MODULE_BLOCKS));

    if let Some(name) = block.labels.first() {
        d.check_name(
            Code::InvalidModuleInstanceName,
            name,
            Decoder::label_range(block, 0),
        );
    }

    let version = content.attribute("version");
    let source = content.attribute("source");
    let count = content.attribute("count").map(|a| a.name_range);
    let for_each = content.attribute("for_each").map(|a| a.name_range);
    let mut enabled = None;

    if let Some(attr) = content.attribute("depends_on") {
        d.decode_depends_on(attr);
    }
    if let Some(attr) = content.attribute("providers")
        && let Some(expr) = &attr.expr
    {
        decode_passed_providers(d, expr);
    }

    let mut lifecycle: Option<TextRange> = None;
    let mut escape: Option<TextRange> = None;
    for nested in &content.blocks {
        match nested.type_name.as_str() {
            "lifecycle" => {
                if !d.only_once(&mut lifecycle, nested, Code::DuplicateLifecycleBlock, |at| {
                    format!("This resource already has a lifecycle block at {at}.")
                }) {
                    continue;
                }
                let lc = d.content(
                    &nested.body,
                    &BodySchema::new(MODULE_LIFECYCLE_ATTRS, &[]),
                );
                if let Some(attr) = lc.attribute("enabled") {
                    enabled = Some(attr.name_range);
                }
            }
            "_" => d.escaping_block_once(&mut escape, nested, "module input variables", "module"),
            other => d.error(
                Code::ReservedBlockTypeNameInModuleBlock,
                format!(
                    "The block type name {other:?} is reserved for use by OpenTofu in a future version."
                ),
                nested.type_range,
            ),
        }
    }

    d.check_exclusive_meta_arguments(count, enabled, for_each, "should", "module instances");

    // decodeStaticVersion, then decodeStaticSource. Static evaluation
    // over variables and locals is not done here: an argument that refers
    // to anything leaves both unchecked.
    let name = block.labels.first().map(String::as_str).unwrap_or_default();
    let mut registry = false;
    if let Some(attr) = version {
        let Some(expr) = &attr.expr else { return };
        let Some(value) = static_value(expr) else {
            return;
        };
        if !value.is_null() {
            registry = true;
            if let Some((summary, detail)) = version_value_error(&attr.name, &value) {
                d.error(summary, detail, expr.range());
            }
        }
    }
    if let Some(attr) = source
        && let Some(expr) = &attr.expr
        && let Some(value) = static_value(expr)
        && let Some((summary, detail)) =
            source_value_error(&format!("module.{name}.source"), &value, registry)
    {
        d.error(summary, detail, expr.range());
    }
}

/// What `DecodeExpression` and `decodeStaticSource` report about a
/// module source's value (`what` is `module.NAME.source`): marked values,
/// values that are not strings, addresses that do not parse (as registry
/// addresses when the call has a `version`).
pub(crate) fn source_value_error(
    what: &str,
    value: &Value,
    registry: bool,
) -> Option<(Code, String)> {
    if value.has_mark_deep(Mark::Sensitive) {
        return Some((
            Code::SensitiveValueNotAllowed,
            format!(
                "Sensitive values, or values derived from sensitive values, cannot be used as {what}."
            ),
        ));
    }
    if value.has_mark_deep(Mark::Ephemeral) {
        return Some((
            Code::EphemeralValueNotAllowed,
            format!(
                "Ephemeral values, or values derived from ephemeral values, cannot be used as {what}."
            ),
        ));
    }
    if value.is_null() {
        return None;
    }
    let value = match tofu_types::convert::convert(value, &Type::String) {
        Ok(value) => value,
        Err(err) => {
            return Some((
                Code::UnsuitableValueType,
                format!("Unsuitable value: {}", err.message),
            ));
        }
    };
    let raw = value.as_str()?;
    let result = if registry {
        parse_module_source_registry(raw)
    } else {
        parse_module_source(raw)
    };
    result.err().map(|err| source_error(err, registry))
}

/// An expression's value when it refers to nothing: a constant, or
/// built-in function calls over constants (the static evaluator's, with
/// no variables, locals or files); None otherwise.
fn static_value(expr: &AnyExpr) -> Option<Value> {
    if let Some(value) = constant(expr) {
        return Some(value);
    }
    let fs = MemoryFileSystem::new("/");
    let ctx = EvalContext {
        scope: &NoVariables,
        functions: FunctionTable::builtin_shared(TableKind::Configuration),
        fs: &fs,
        base_dir: Path::new("/"),
        pure_only: true,
        source_text: "",
        file_name: "",
        assume_non_empty: false,
    };
    let (value, diagnostics) = match expr {
        AnyExpr::Native(expr) => tofu_eval::evaluate(expr, &ctx),
        AnyExpr::Json(value) => tofu_eval::evaluate_json(value, &ctx, true),
    };
    let errors = diagnostics
        .iter()
        .any(|d| d.severity == tofu_eval::Severity::Error);
    (!errors && value.is_wholly_known()).then_some(value)
}

/// An expression's value when it is a constant, without diagnostics.
fn constant(expr: &AnyExpr) -> Option<Value> {
    let (value, diagnostics) = tofu_eval::typeexpr::constant_any_value(expr);
    let errors = diagnostics
        .iter()
        .any(|d| d.severity == tofu_eval::Severity::Error);
    (!errors && value.is_wholly_known()).then_some(value)
}

/// `decodeVersionConstraintValue`'s error for a version argument's
/// value (`name` is the argument's name).
pub(crate) fn version_value_error(name: &str, value: &Value) -> Option<(Code, String)> {
    for (mark, what) in [
        (Mark::Sensitive, "Sensitive"),
        (Mark::Ephemeral, "Ephemeral"),
    ] {
        if value.has_mark_deep(mark) {
            let lower = what.to_lowercase();
            return Some((
                Code::InvalidVersionConstraint,
                format!(
                    "{what} values, or values derived from {lower} values, cannot be used as {name} arguments."
                ),
            ));
        }
    }
    let Ok(value) = tofu_types::convert::convert(value, &Type::String) else {
        return Some((
            Code::InvalidVersionConstraint,
            format!("A string value is required for {name}."),
        ));
    };
    let text = value.as_str()?;
    (!is_version_constraint(text)).then(|| {
        (
            Code::InvalidVersionConstraint,
            "This string does not use correct version constraint syntax.".to_owned(),
        )
    })
}

/// hashicorp/go-version's `NewConstraint`: comma-separated operator and
/// version pairs.
fn is_version_constraint(text: &str) -> bool {
    text.split(',').all(|part| {
        let part = part.trim();
        let rest = ["~>", ">=", "<=", "!=", "=", ">", "<"]
            .iter()
            .find_map(|op| part.strip_prefix(op))
            .unwrap_or(part);
        is_version(rest.trim_start())
    })
}

/// go-version's version syntax: `v1.2.3-pre+meta`, one or more numeric
/// segments.
fn is_version(text: &str) -> bool {
    let text = text.strip_prefix('v').unwrap_or(text);
    let (text, metadata) = match text.split_once('+') {
        Some((text, metadata)) => (text, Some(metadata)),
        None => (text, None),
    };
    let ident_chars = |s: &str| {
        !s.is_empty()
            && s.split('.').all(|part| {
                !part.is_empty()
                    && part
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '~')
            })
    };
    if metadata.is_some_and(|m| !ident_chars(m)) {
        return false;
    }
    let digits_end = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .map(|(i, _)| i)
        .unwrap_or(text.len());
    let (numbers, pre) = text.split_at(digits_end);
    let numbers_ok = !numbers.is_empty()
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    if !numbers_ok {
        return false;
    }
    if pre.is_empty() {
        return true;
    }
    let pre = pre.strip_prefix('-').unwrap_or(pre);
    ident_chars(pre)
}

/// `decodePassedProviderConfigs`.
fn decode_passed_providers(d: &mut Decoder<'_>, expr: &AnyExpr) {
    enum PairKey {
        Expr(AnyExpr),
        Text(String, TextRange),
    }
    let pairs: Vec<(PairKey, AnyExpr)> = match expr {
        AnyExpr::Native(Expr::Object(object)) => object
            .items()
            .filter_map(|item| {
                let key = item.key()?.expr()?;
                Some((
                    PairKey::Expr(AnyExpr::Native(key)),
                    AnyExpr::Native(item.value()?),
                ))
            })
            .collect(),
        AnyExpr::Json(JsonValue::Object(object)) => object
            .members()
            .filter_map(|m| {
                let key = PairKey::Text(m.name()?.into_owned(), m.name_token().text_range());
                Some((key, AnyExpr::Json(m.value()?)))
            })
            .collect(),
        _ => {
            d.error(
                Code::InvalidExpression,
                "A static map expression is required.",
                expr.range(),
            );
            return;
        }
    };
    let mut seen: HashMap<String, TextRange> = HashMap::new();
    for (key, value) in pairs {
        let (in_child, key_range) = match &key {
            PairKey::Expr(key) => (decode_provider_config_ref(d, key, "providers"), key.range()),
            PairKey::Text(text, range) => (
                decode_provider_config_ref_text(d, text, *range, "providers"),
                *range,
            ),
        };
        let in_parent = decode_provider_config_ref(d, &value, "providers");
        let (Some(in_child), Some(_)) = (in_child, in_parent) else {
            continue;
        };
        let name = in_child.to_string();
        if let Some(prev) = seen.get(&name) {
            let at = d.source.range_string(*prev);
            d.error(
                Code::DuplicateProviderAddress,
                format!(
                    "A provider configuration was already passed to {name} at {at}. Each child provider configuration can be assigned only once."
                ),
                value.range(),
            );
            continue;
        }
        seen.insert(name, key_range.cover(value.range()));
    }
}

fn source_error(err: SourceError, registry: bool) -> (Code, String) {
    match err {
        SourceError::MaybeRelativePath(addr) => (
            Code::InvalidModuleSourceAddress,
            format!(
                "OpenTofu failed to determine your intended installation method for remote module package {addr:?}.\n\nIf you intended this as a path relative to the current module, use \"./{addr}\" instead. The \"./\" prefix indicates that the address is a relative filesystem path."
            ),
        ),
        SourceError::Other(message) if registry => (
            Code::InvalidRegistryModuleSourceAddress,
            format!(
                "Failed to parse module registry address: {message}.\n\nOpenTofu assumed that you intended a module registry source address because you also set the argument \"version\", which applies only to registry modules."
            ),
        ),
        SourceError::Other(message) => (
            Code::InvalidModuleSourceAddress,
            format!("Failed to parse module source address: {message}."),
        ),
    }
}

// ---------------------------------------------------------------------------
// Module source addresses

/// A module source address (`addrs.ModuleSource`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ModuleSource {
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
pub(crate) enum SourceError {
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
pub(crate) fn parse_module_source(raw: &str) -> Result<ModuleSource, SourceError> {
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
pub(crate) fn parse_module_source_registry(raw: &str) -> Result<ModuleSource, SourceError> {
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

#[cfg(test)]
mod tests {
    use super::super::blocks::decode_snippet;
    use super::*;

    fn check(text: &str, expected: &[&str]) {
        assert_eq!(decode_snippet("main.tf", text), expected);
    }

    fn source(raw: &str) -> Result<ModuleSource, String> {
        parse_module_source(raw).map_err(|e| e.to_string())
    }

    fn registry(raw: &str) -> Result<ModuleSource, String> {
        parse_module_source_registry(raw).map_err(|e| e.to_string())
    }

    fn remote(package: &str, subdir: &str) -> Result<ModuleSource, String> {
        Ok(ModuleSource::Remote {
            package: package.into(),
            subdir: subdir.into(),
        })
    }

    #[test]
    fn module_sources() {
        assert_eq!(source("./a/../b"), Ok(ModuleSource::Local("./b".into())));
        assert_eq!(source("../a/"), Ok(ModuleSource::Local("../a".into())));
        assert_eq!(source(".\\a\\b"), Ok(ModuleSource::Local("./a/b".into())));
        assert_eq!(
            source("hashicorp/consul/aws//modules/x"),
            Ok(ModuleSource::Registry {
                host: "registry.opentofu.org".into(),
                namespace: "hashicorp".into(),
                name: "consul".into(),
                target_system: "aws".into(),
                subdir: "modules/x".into(),
            })
        );
        assert_eq!(
            source("Example.com/a/b/c").map(|s| match s {
                ModuleSource::Registry { host, .. } => host,
                _ => String::new(),
            }),
            Ok("example.com".into())
        );
        assert_eq!(
            source("git::https://example.com/x.git//sub?ref=v1"),
            remote("git::https://example.com/x.git?ref=v1", "sub")
        );
        assert_eq!(
            source("github.com/hashicorp/example"),
            remote("git::https://github.com/hashicorp/example", "")
        );
        assert_eq!(
            source("github.com/hashicorp"),
            Err("GitHub URLs should be github.com/username/repo".into())
        );
        assert_eq!(
            source("git@github.com:a/b.git"),
            remote("git::ssh://git@github.com:a/b.git", "")
        );
        assert_eq!(
            source("foo/bar"),
            Err(
                "OpenTofu cannot detect a supported external module source type for foo/bar".into()
            )
        );
        assert_eq!(
            source("https://example.com/a//../b"),
            Err("subdirectory path \"../b\" leads outside of the module package".into())
        );
        assert_eq!(
            registry("../a"),
            Err("can't use local directory \"../a\" as a module registry address".into())
        );
        assert_eq!(
            registry("a/b"),
            Err("a module registry source address must have either three or four slash-separated components".into())
        );
        assert_eq!(
            registry("github.com/a/b/c"),
            Err("can't use \"github.com\" as a module registry host, because it's reserved for installing directly from version control repositories".into())
        );
        assert_eq!(
            registry("localhost/a/b/c"),
            Err("invalid module registry hostname: must contain at least one dot".into())
        );
        assert_eq!(
            registry("-a/b/c"),
            Err("invalid namespace \"-a\": must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix".into())
        );
        assert_eq!(
            registry("a/b_/c"),
            Err("invalid module name \"b_\": must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix".into())
        );
        assert_eq!(
            registry("a/b/C"),
            Err(
                "invalid target system \"C\": must be between one and 64 ASCII letters or digits"
                    .into()
            )
        );
        assert_eq!(
            registry("a/b/c?ref=1"),
            Err("module registry addresses may not include a query string portion".into())
        );
        assert_eq!(
            registry("---.com/a/b/c"),
            Err("invalid module registry hostname \"---.com\"; internationalized domain names must be given as direct unicode characters, not in punycode".into())
        );
        assert_eq!(
            registry("example.com/a.b/c/d"),
            Err("source address must have three more components after the hostname: the namespace, the name, and the target system".into())
        );
        assert_eq!(
            registry("a_b.com/a/b/c"),
            Err("invalid module registry hostname \"a_b.com\"".into())
        );
    }

    #[test]
    fn version_constraints() {
        for ok in [
            "1.0.0",
            ">= 1.2, < 2",
            "~> 1.2.0",
            "v1.2-beta.1+meta",
            "!=1",
        ] {
            assert!(is_version_constraint(ok), "{ok}");
        }
        for bad in ["", "one", ">= 1.2,", "1..2", "=> 1"] {
            assert!(!is_version_constraint(bad), "{bad}");
        }
    }

    #[test]
    fn module_block_valid() {
        check(
            "module \"a\" {\n  source = \"./a\"\n  count = 2\n  depends_on = [module.b]\n  providers = {\n    aws = aws.west\n    aws.x = aws\n  }\n  lifecycle {}\n  _ {\n    count = 1\n  }\n}\n",
            &[],
        );
    }

    #[test]
    fn module_block_errors() {
        check(
            "module \"1a\" {\n  version = \"1.0\"\n  locals {}\n  provider \"aws\" {}\n}\n",
            &[
                "Missing required argument: The argument \"source\" is required, but no definition was found. @ 1",
                "Invalid module instance name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @ 1",
                "Reserved block type name in module block: The block type name \"locals\" is reserved for use by OpenTofu in a future version. @ 3",
                "Reserved block type name in module block: The block type name \"provider\" is reserved for use by OpenTofu in a future version. @ 4",
            ],
        );
        check(
            "module \"a\" {\n  source = \"./a\"\n  for_each = {}\n  lifecycle {\n    enabled = true\n  }\n  lifecycle {}\n  _ {}\n  _ {}\n}\n",
            &[
                "Duplicate lifecycle block: This resource already has a lifecycle block at main.tf:4,3-12. @ 7",
                "Duplicate escaping block: The special block type \"_\" can be used to force particular arguments to be interpreted as module input variables rather than as meta-arguments, but each module block can have only one such block. The first escaping block was at main.tf:8,3-4. @ 9",
                "Invalid combination of \"enabled\" and \"for_each\": The \"enabled\" and \"for_each\" meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created. @ 3",
            ],
        );
    }

    #[test]
    fn module_sources_and_versions() {
        check(
            "module \"a\" {\n  source = \"../a\"\n  version = \"1.0.0\"\n}\n",
            &[
                "Invalid registry module source address: Failed to parse module registry address: can't use local directory \"../a\" as a module registry address.\n\nOpenTofu assumed that you intended a module registry source address because you also set the argument \"version\", which applies only to registry modules. @ 2",
            ],
        );
        check(
            "module \"a\" {\n  source = \"a/b\"\n}\n",
            &[
                "Invalid module source address: OpenTofu failed to determine your intended installation method for remote module package \"a/b\".\n\nIf you intended this as a path relative to the current module, use \"./a/b\" instead. The \"./\" prefix indicates that the address is a relative filesystem path. @ 2",
            ],
        );
        check(
            "module \"a\" {\n  source = \"github.com/a\"\n}\n",
            &[
                "Invalid module source address: Failed to parse module source address: GitHub URLs should be github.com/username/repo. @ 2",
            ],
        );
        check(
            "module \"a\" {\n  source = \"a/b/c\"\n  version = \"one\"\n}\n",
            &[
                "Invalid version constraint: This string does not use correct version constraint syntax. @ 3",
            ],
        );
        check(
            "module \"a\" {\n  source = \"a/b/c\"\n  version = [1]\n}\n",
            &["Invalid version constraint: A string value is required for version. @ 3"],
        );
        check(
            "module \"a\" {\n  source = sensitive(\"a/b/c\")\n  version = sensitive(\"1.0.0\")\n}\n",
            &[
                "Invalid version constraint: Sensitive values, or values derived from sensitive values, cannot be used as version arguments. @ 3",
                "Sensitive value not allowed: Sensitive values, or values derived from sensitive values, cannot be used as module.a.source. @ 2",
            ],
        );
        check(
            "module \"a\" {\n  source = lower(\"A/B\")\n}\nmodule \"b\" {\n  source = [\"x\"]\n}\n",
            &[
                "Invalid module source address: OpenTofu failed to determine your intended installation method for remote module package \"a/b\".\n\nIf you intended this as a path relative to the current module, use \"./a/b\" instead. The \"./\" prefix indicates that the address is a relative filesystem path. @ 2",
                "Unsuitable value type: Unsuitable value: string required, but have tuple @ 5",
            ],
        );
        // Null version: no version; non-constant ones are left alone.
        check(
            "module \"a\" {\n  source = \"./a\"\n  version = null\n}\nmodule \"b\" {\n  source = \"./b\"\n  version = local.v\n}\nmodule \"c\" {\n  source = var.s\n}\n",
            &[],
        );
    }

    #[test]
    fn module_providers() {
        check(
            "module \"a\" {\n  source = \"./a\"\n  providers = {\n    aws = aws.a\n    aws = aws.b\n    \"aws.c\" = \"aws\"\n  }\n}\n",
            &[
                "Duplicate provider address: A provider configuration was already passed to aws at main.tf:4,5-16. Each child provider configuration can be assigned only once. @ 5",
                "Quoted references are deprecated: In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this reference to silence this warning. @ 6",
                "Quoted references are deprecated: In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this reference to silence this warning. @ 6",
            ],
        );
        check(
            "module \"a\" {\n  source = \"./a\"\n  providers = [aws]\n}\n",
            &["Invalid expression: A static map expression is required. @ 3"],
        );
        check(
            "module \"a\" {\n  source = \"./a\"\n  providers = {\n    aws = foo(1)\n  }\n}\n",
            &[
                "Invalid provider configuration reference: The providers argument requires a provider type name, optionally followed by a period and then a configuration alias and optional instance key. @ 4",
            ],
        );
    }

    #[test]
    fn module_json() {
        assert_eq!(
            decode_snippet(
                "main.tf.json",
                "{\n  \"module\": {\n    \"a\": {\n      \"source\": \"./a\",\n      \"providers\": {\"aws\": \"aws.x\", \"Aws\": \"aws\"}\n    },\n    \"b\": {\n      \"source\": \"../b\",\n      \"version\": \"1.0.0\"\n    }\n  }\n}\n"
            ),
            [
                "Invalid provider local name: Provider names must be normalized. Replace \"Aws\" with \"aws\" to fix this error. @ 5",
                "Invalid registry module source address: Failed to parse module registry address: can't use local directory \"../b\" as a module registry address.\n\nOpenTofu assumed that you intended a module registry source address because you also set the argument \"version\", which applies only to registry modules. @ 8",
            ]
        );
    }

    #[test]
    fn module_in_override_file() {
        assert_eq!(
            decode_snippet("x_override.tf", "module \"a\" {\n  count = 1\n}\n"),
            Vec::<String>::new()
        );
    }
}
