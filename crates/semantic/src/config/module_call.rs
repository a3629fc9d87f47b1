//! `module` blocks (`module_call.go`), their source addresses read by
//! [`crate::addrs::module_source`].

use std::collections::HashMap;
use std::path::Path;

use tofu_diagnostics::Code;
use tofu_eval::functions::TableKind;
use tofu_eval::{EvalContext, FunctionTable, MemoryFileSystem, NoVariables};

use tofu_syntax::TextRange;
use tofu_syntax::ast::Expr;
use tofu_syntax::body::{
    AnyBlock, AnyBody, AnyExpr, AttributeSchema, BlockSchema, BodyContent, BodySchema, SourceText,
};
use tofu_syntax::json::JsonValue;
use tofu_types::{Mark, Type, Value};

use super::provider_ref::{
    ProviderRef, decode_provider_config_ref, decode_provider_config_ref_text,
};
use super::{Decoder, ItemBody, ModuleCallItem, Repeats, Span};
#[cfg(test)]
use crate::addrs::module_source::ModuleSource;
use crate::addrs::module_source::{SourceError, parse_module_source, parse_module_source_registry};
use crate::addrs::version::parse_constraints;
use tofu_eval::typeexpr::constant_any_value;

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
const MODULE_OVERRIDE_ATTRS: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("source"),
    AttributeSchema::optional("version"),
    AttributeSchema::optional("count"),
    AttributeSchema::optional("for_each"),
    AttributeSchema::optional("depends_on"),
    AttributeSchema::optional("providers"),
];

/// `moduleBlockSchema`'s reserved block types.
const MODULE_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("_", &[]),
    BlockSchema::new("lifecycle", &[]),
    BlockSchema::new("locals", &[]),
    BlockSchema::new("provider", &["type"]),
];

const MODULE_LIFECYCLE_ATTRS: &[AttributeSchema<'static>] = &[AttributeSchema::optional("enabled")];

/// A call's `Config` (`ModuleCall.Config`): its body without the
/// meta-arguments and reserved blocks (`moduleBlockSchema`), what is
/// decoded against the called module's variables.
pub(crate) fn call_config(body: &AnyBody, source: &SourceText<'_>) -> AnyBody {
    let meta = BodySchema::new(MODULE_OVERRIDE_ATTRS, MODULE_BLOCKS);
    let (_, config, _) = body.partial_content(&meta, source);
    config
}

/// `decodeModuleBlock`, then the source and version checks of
/// `decodeStaticFields` where those are constants.
pub(super) fn decode(d: &mut Decoder<'_>, block: &AnyBlock) {
    let attrs = if d.is_override {
        MODULE_OVERRIDE_ATTRS
    } else {
        MODULE_ATTRS
    };
    let (content, arguments) =
        d.partial_content(&block.body, &BodySchema::new(attrs, MODULE_BLOCKS));
    let mut item = call_item(d, &content, &arguments);

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

    let mut depends_on = None;
    if let Some(attr) = content.attribute("depends_on") {
        let found = d.decode_depends_on(attr);
        depends_on = found.first().copied();
        item.depends_on = d.depends_on_place(&found);
    }
    if let Some(attr) = content.attribute("providers")
        && let Some(expr) = &attr.expr
    {
        for (in_child, in_parent) in decode_passed_providers(d, expr) {
            let pair = (
                d.provider_ref_item(&in_child),
                d.provider_ref_item(&in_parent),
            );
            item.providers.push(pair);
        }
    }
    // Where the call's expansion begins, for what provider validation
    // reports about expanded legacy modules.
    let enabled_value = content
        .blocks
        .iter()
        .find(|b| b.type_name == "lifecycle")
        .and_then(|lifecycle| {
            let schema = BodySchema::new(MODULE_LIFECYCLE_ATTRS, &[]);
            let (lc, _, _) = lifecycle.body.partial_content(&schema, &d.source);
            Some(lc.attribute("enabled")?.expr.as_ref()?.range())
        });
    let value_at = |name: &str| Some(content.attribute(name)?.expr.as_ref()?.range());
    item.repetition = value_at("count")
        .or_else(|| value_at("for_each"))
        .or(enabled_value)
        .or(depends_on)
        .map(|range| d.span(range));
    d.set_item_body(ItemBody::ModuleCall(Box::new(item)));

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

/// What the model keeps of a module call: its repetition, its literal
/// source, and where its meta-arguments and arguments are (read whatever
/// decoding reports of them).
fn call_item(d: &mut Decoder<'_>, content: &BodyContent, arguments: &AnyBody) -> ModuleCallItem {
    let mut meta_arguments: Vec<Span> = content
        .attributes
        .iter()
        .filter(|a| {
            matches!(
                a.name.as_str(),
                "count" | "for_each" | "depends_on" | "providers"
            )
        })
        .map(|a| d.span(a.range))
        .collect();
    let mut argument_bodies = vec![arguments];
    for nested in &content.blocks {
        match nested.type_name.as_str() {
            "lifecycle" => {
                for attribute in nested.body.just_attributes(&d.source).0 {
                    meta_arguments.push(d.span(attribute.range));
                }
            }
            // An escaping block holds arguments named as meta-arguments.
            "_" => argument_bodies.push(&nested.body),
            _ => {}
        }
    }
    let mut call_arguments = Vec::new();
    for body in argument_bodies {
        for attribute in body.just_attributes(&d.source).0 {
            call_arguments.push((attribute.name, d.span(attribute.range)));
        }
    }
    meta_arguments.shrink_to_fit();
    call_arguments.shrink_to_fit();
    ModuleCallItem {
        repeats: Repeats::of(content),
        // With a version, OpenTofu parses the source as a registry
        // address (`decodeStaticSource`); a local path is then no
        // source at all, and nothing is loaded from it.
        source: content
            .attribute("source")
            .and_then(|a| literal_source(a.expr.as_ref()?))
            .filter(|source| {
                content.attribute("version").is_none() || !crate::calls::is_local_source(source)
            }),
        meta_arguments,
        arguments: call_arguments,
        source_value: content
            .attribute("source")
            .and_then(|a| a.expr.as_ref())
            .and_then(|e| constant_any_value(e).0.as_str().map(str::to_owned)),
        repetition: None,
        providers: Vec::new(),
        depends_on: None,
    }
}

/// A module source written as a literal string. A JSON string is a
/// template: one with interpolations is evaluated statically.
fn literal_source(expr: &AnyExpr) -> Option<String> {
    match expr {
        AnyExpr::Native(Expr::Template(t)) => t.as_string_literal(),
        AnyExpr::Json(v) => v
            .as_scalar()
            .and_then(|s| s.as_str())
            .filter(|s| !s.contains("${") && !s.contains("%{"))
            .map(|s| s.into_owned()),
        AnyExpr::Native(_) => None,
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
pub(crate) fn static_value(expr: &AnyExpr) -> Option<Value> {
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
    parse_constraints(text).is_none().then(|| {
        (
            Code::InvalidVersionConstraint,
            "This string does not use correct version constraint syntax.".to_owned(),
        )
    })
}

/// `decodePassedProviderConfigs`.
pub(crate) fn decode_passed_providers(
    d: &mut Decoder<'_>,
    expr: &AnyExpr,
) -> Vec<(ProviderRef, ProviderRef)> {
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
            return Vec::new();
        }
    };
    let mut passed = Vec::new();
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
        let (Some(in_child), Some(in_parent)) = (in_child, in_parent) else {
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
        passed.push((in_child, in_parent));
    }
    passed
}

pub(crate) fn source_error(err: SourceError, registry: bool) -> (Code, String) {
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
