//! `terraform` and `language` blocks: version requirements, required
//! providers, backends, `cloud`, `provider_meta`, encryption.
//!
//! OpenTofu's `checkVersionRequirements`, `validateLanguageBlock`,
//! `decodeRequiredProvidersBlock`, `decodeProviderMetaBlock` and the
//! encryption configuration's `DecodeConfig`; backends and `cloud` blocks
//! are not decoded at load time.

use crate::diagnostics::Diagnostic;
use tofu_diagnostics::Code;
use tofu_eval::Severity;
use tofu_syntax::ast::{AstNode, Expr, LiteralKind};
use tofu_syntax::body::{
    AnyAttribute, AnyBlock, AnyBody, AnyExpr, AttributeSchema, BlockSchema, BodySchema, SourceText,
};
use tofu_syntax::json::JsonValue;
use tofu_syntax::{TextRange, TextSize};
use tofu_types::{Type, Value};

use super::provider_ref::check_provider_name_normalized;
use super::{Decoder, ItemBody, NestedBlock, RequiredProviderItem, TerraformItem};
use crate::addrs::provider::{parse_provider_part, parse_provider_source};
use crate::addrs::traversal::{Step, traversal_of};
use crate::addrs::version::{Constraint, parse_constraints};

/// The OpenTofu version the checks compare against.
pub(crate) const OPENTOFU_VERSION: &str = "1.13.0";
const OPENTOFU_VERSION_PARTS: [u64; 3] = [1, 13, 0];

/// The only language edition.
const FIRST_EDITION: &str = "tofu2024";

const TERRAFORM_ATTRIBUTES: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("required_version"),
    AttributeSchema::optional("experiments"),
    AttributeSchema::optional("language"),
];

pub(crate) const TERRAFORM_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("backend", &["type"]),
    BlockSchema::new("cloud", &[]),
    BlockSchema::new("required_providers", &[]),
    BlockSchema::new("provider_meta", &["provider"]),
    BlockSchema::new("encryption", &[]),
];

const LANGUAGE_ATTRIBUTES: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("edition"),
    AttributeSchema::optional("experiments"),
];
const COMPATIBLE_WITH: &[BlockSchema<'static>] = &[BlockSchema::new("compatible_with", &[])];
const OPENTOFU_ATTRIBUTE: &[AttributeSchema<'static>] = &[AttributeSchema::optional("opentofu")];

/// `checkVersionRequirements`: the OpenTofu version constraints of
/// `language { compatible_with { opentofu = ... } }` and, in `.tofu`
/// files only, `terraform { required_version = ... }`, read leniently
/// before anything else.
///
/// OpenTofu then drops every other diagnostic of the module when one of
/// these reports it incompatible (`finalizeModuleLoadDiagnostics`); that
/// happens after all files are read and is not reproduced here.
pub(super) fn check_version_requirements(d: &mut Decoder<'_>, body: &AnyBody) {
    const SNIFF: &[BlockSchema<'static>] = &[
        BlockSchema::new("terraform", &[]),
        BlockSchema::new("language", &[]),
    ];
    let (content, _) = d.partial_content(body, &BodySchema::new(&[], SNIFF));
    for block in &content.blocks {
        match block.type_name.as_str() {
            "language" => {
                let (inner, _) =
                    d.partial_content(&block.body, &BodySchema::new(&[], COMPATIBLE_WITH));
                for nested in &inner.blocks {
                    if let Some(constraint) = compatible_with_opentofu(d, nested) {
                        check_core_constraint(d, &constraint);
                    }
                }
            }
            "terraform" => {
                if !d.is_tofu_file {
                    continue;
                }
                const REQUIRED_VERSION: &[AttributeSchema<'static>] =
                    &[AttributeSchema::optional("required_version")];
                let (inner, _) =
                    d.partial_content(&block.body, &BodySchema::new(REQUIRED_VERSION, &[]));
                let Some(attribute) = inner.attribute("required_version") else {
                    continue;
                };
                if let Some(constraint) = decode_version_constraint(d, attribute) {
                    check_core_constraint(d, &constraint);
                }
            }
            _ => {}
        }
    }
}

/// `validateOpenTofuCoreVersionConstraint` and the compatibility check.
fn check_core_constraint(d: &mut Decoder<'_>, constraint: &VersionConstraint) {
    let mut valid = true;
    for required in &constraint.required {
        if required.is_prerelease() {
            valid = false;
            d.error(
                Code::InvalidRequiredVersionConstraint,
                format!(
                    "Prerelease version constraints are not supported: {}. Remove the prerelease information from the constraint. Prerelease versions of OpenTofu will match constraints using their version core only.",
                    required.original()
                ),
                constraint.decl_range,
            );
        }
    }
    if valid && !constraint.check(&OPENTOFU_VERSION_PARTS) {
        d.error(
            Code::IncompatibleModule,
            format!(
                "This module is not compatible with OpenTofu v{OPENTOFU_VERSION}.\n\nTo proceed, either choose another supported OpenTofu version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior."
            ),
            constraint.decl_range,
        );
    }
}

/// `decodeLanguageCompatibleWithOpenTofu`: the `opentofu` argument of a
/// `compatible_with` block, when it decodes without errors.
fn compatible_with_opentofu(d: &mut Decoder<'_>, block: &AnyBlock) -> Option<VersionConstraint> {
    let (content, _) = d.partial_content(&block.body, &BodySchema::new(OPENTOFU_ATTRIBUTE, &[]));
    let attribute = content.attribute("opentofu")?;
    decode_version_constraint(d, attribute)
}

/// `validateLanguageBlock`.
pub(super) fn decode_language(d: &mut Decoder<'_>, block: &AnyBlock) {
    if d.is_override {
        d.error(
            Code::LanguageSelectionsInOverrideFile,
            "Language-related settings in \"language\" blocks are not allowed in override files. Place these settings in a normal configuration file.",
            block.def_range,
        );
        return;
    }
    let content = d.content(
        &block.body,
        &BodySchema::new(LANGUAGE_ATTRIBUTES, COMPATIBLE_WITH),
    );
    if let Some(attribute) = content.attribute("edition")
        && let Some(expr) = &attribute.expr
    {
        check_edition(d, expr);
    }
    if let Some(attribute) = content.attribute("experiments")
        && let Some(expr) = &attribute.expr
    {
        check_experiments(d, expr);
    }
    let mut opentofu: Option<VersionConstraint> = None;
    for nested in &content.blocks {
        if let Some(first) = &opentofu {
            let at = d.source.range_string(first.decl_range);
            d.error(
                Code::DuplicateCompatibleWithBlock,
                format!(
                    "Each language block may have at most one compatible_with block referring to OpenTofu. The OpenTofu version constraint was already declared at {at}."
                ),
                block.def_range,
            );
            continue;
        }
        // OpenTofu would crash on a compatible_with block without an
        // `opentofu` argument here; such blocks are skipped.
        let Some(constraint) = compatible_with_opentofu(d, nested) else {
            continue;
        };
        if constraint.check(&[1, 11, 0]) {
            d.warning(
                Code::IneffectiveVersionConstraint,
                "The compatible_with block was added in OpenTofu v1.12.0, so any constraint specified this way should exclude earlier versions of OpenTofu, such as by including \">= 0.12.0\".\n\nIf your module must be compatible with earlier versions of OpenTofu, use the required_version argument in a \"terraform\" block in a file named with the .tofu suffix, which is an older way to specify OpenTofu version constraints.",
                constraint.decl_range,
            );
        }
        opentofu = Some(constraint);
    }
}

fn check_edition(d: &mut Decoder<'_>, expr: &AnyExpr) {
    let range = expr.range();
    match expr_as_keyword(expr) {
        None => d.error(
            Code::InvalidLanguageEdition,
            format!(
                "The \"edition\" argument expects a bare language edition keyword. OpenTofu {OPENTOFU_VERSION} supports only language edition {FIRST_EDITION}, which is the default."
            ),
            range,
        ),
        Some(kw) if kw.starts_with("TF") => d.error(
            Code::UnsupportedLanguageEdition,
            // OpenTofu quotes its own edition here, not the one given.
            format!(
                "OpenTofu v{OPENTOFU_VERSION} does not support language edition {FIRST_EDITION:?}. This module may be intended for use with other software."
            ),
            range,
        ),
        Some(kw) if kw != FIRST_EDITION => {
            let rel = if kw.as_str() > FIRST_EDITION {
                "newer"
            } else {
                "different"
            };
            d.error(
                Code::UnsupportedLanguageEdition,
                format!(
                    "OpenTofu v{OPENTOFU_VERSION} only supports language edition {FIRST_EDITION}. This module requires a {rel} version of OpenTofu CLI."
                ),
                range,
            );
        }
        Some(_) => {}
    }
}

/// `decodeReservedExperimentsAttr`: no experiment is active.
fn check_experiments(d: &mut Decoder<'_>, expr: &AnyExpr) {
    let errors = d.error_count();
    let elements = d.expr_list(expr);
    if d.error_count() > errors {
        return;
    }
    for element in elements {
        match expr_as_keyword(&element) {
            None => d.error(
                Code::InvalidExperimentKeyword,
                "Elements of \"experiments\" must all be keywords representing active experiments.",
                element.range(),
            ),
            Some(kw) => d.error(
                Code::UnknownExperimentKeyword,
                format!("There is no current experiment with the keyword {kw:?}."),
                element.range(),
            ),
        }
    }
}

/// HCL's `ExprAsKeyword`: a lone name (`true`, `false` and `null`
/// included); in JSON, a string holding one.
pub(crate) fn expr_as_keyword(expr: &AnyExpr) -> Option<String> {
    match expr {
        AnyExpr::Native(expr) => native_keyword(expr),
        AnyExpr::Json(value) => {
            let text = value.as_scalar()?.as_str()?.into_owned();
            let steps = traversal_text_steps(&text)?;
            match steps.as_slice() {
                [(Step::Root(name), _)] => Some(name.clone()),
                _ => None,
            }
        }
    }
}

fn native_keyword(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Variable(v) => Some(v.name()?.text().to_owned()),
        Expr::Literal(l) => match l.kind()? {
            LiteralKind::Bool(b) => Some(b.to_string()),
            LiteralKind::Null => Some("null".to_owned()),
            LiteralKind::Number(_) => None,
        },
        _ => None,
    }
}

/// The steps of a static traversal expression (`true`, `false` and
/// `null` read as names, as `AsTraversal` does), or `None`.
fn traversal_steps(expr: &Expr) -> Option<Vec<(Step, TextRange)>> {
    traversal_of(expr, TextSize::from(0), true).map(|t| t.steps)
}

/// `hclsyntax.ParseTraversalAbs` of a string, as its steps.
fn traversal_text_steps(text: &str) -> Option<Vec<(Step, TextRange)>> {
    let parse = tofu_syntax::parse_expression(text, "");
    if !parse.errors().is_empty() {
        return None;
    }
    let expr = tofu_syntax::ast::ExpressionFile::cast(parse.syntax())?.expr()?;
    traversal_steps(&expr)
}

/// The `terraform` block (`terraformBlockSchema` and its nested blocks).
/// `required_version` was read by [`check_version_requirements`];
/// `experiments` and `language` belong to OpenTofu's predecessor and are
/// ignored.
pub(super) fn decode_terraform(d: &mut Decoder<'_>, block: &AnyBlock) {
    let content = d.content(
        &block.body,
        &BodySchema::new(TERRAFORM_ATTRIBUTES, TERRAFORM_BLOCKS),
    );
    let mut settings: Vec<NestedBlock> = content.blocks.iter().map(|b| d.nested_block(b)).collect();
    let required_providers = content
        .blocks
        .iter()
        .find(|b| b.type_name == "required_providers")
        .map(|block| {
            required_provider_entries(&d.source, block)
                .into_iter()
                .map(|entry| RequiredProviderItem {
                    value: d.span(entry.range),
                    name: entry.name,
                    source: entry.source,
                    aliases: entry.aliases,
                    valid: entry.valid,
                })
                .collect()
        });
    for (setting, inner) in settings.iter_mut().zip(&content.blocks) {
        match inner.type_name.as_str() {
            // Backends and `cloud` blocks are decoded only when used.
            "backend" | "cloud" => {}
            "required_providers" => decode_required_providers(d, inner),
            "provider_meta" => decode_provider_meta(d, inner),
            "encryption" => setting.inner = decode_encryption(d, inner),
            _ => {}
        }
    }
    d.set_item_body(ItemBody::Terraform(Box::new(TerraformItem {
        settings,
        required_providers,
    })));
}

// ---------------------------------------------------------------------
// required_providers

/// `decodeRequiredProvidersBlock`.
fn decode_required_providers(d: &mut Decoder<'_>, block: &AnyBlock) {
    let errors = d.error_count();
    let attributes = d.just_attributes(&block.body);
    if d.error_count() > errors {
        return;
    }
    for attribute in &attributes {
        let Some(expr) = &attribute.expr else {
            continue;
        };
        let name = attribute.name.as_str();
        let range = expr.range();

        // The legacy form: a version constraint string alone.
        let (value, value_diags) = tofu_eval::typeexpr::constant_any_value(expr);
        if value_diags.is_empty() && value.ty().is_primitive() {
            decode_version_constraint(d, attribute);
            if let Err(err) = parse_provider_part(name) {
                d.error(Code::InvalidProviderName, err, range);
            }
            continue;
        }

        if !check_provider_name_normalized(d, name, range) {
            continue;
        }
        let Some(items) = expr_map(expr) else {
            d.error(
                Code::InvalidRequiredProvidersObject,
                "required_providers entries must be strings or objects.",
                range,
            );
            continue;
        };
        for (key, value) in items {
            let Some(key_name) = object_key(d, &key) else {
                continue;
            };
            match key_name.as_str() {
                "version" => {
                    let (constraint, diags) = tofu_eval::typeexpr::constant_any_value(&value);
                    let has_errors = diags.iter().any(|d| d.severity == Severity::Error);
                    if has_errors || *constraint.ty() != Type::String {
                        d.error(
                            Code::InvalidVersionConstraint,
                            "Version must be specified as a string.",
                            value.range(),
                        );
                        continue;
                    }
                    if let Some(text) = constraint.as_str()
                        && parse_constraints(text).is_none()
                    {
                        d.error(
                            Code::InvalidVersionConstraint,
                            "This string does not use correct version constraint syntax.",
                            value.range(),
                        );
                    }
                }
                "source" => {
                    let (source, diags) = tofu_eval::typeexpr::constant_any_value(&value);
                    if !diags.is_empty() || *source.ty() != Type::String {
                        d.error(
                            Code::InvalidSource,
                            "Source must be specified as a string.",
                            value.range(),
                        );
                        continue;
                    }
                    if let Some(text) = source.as_str()
                        && let Err((summary, detail)) = parse_provider_source(text)
                    {
                        d.error(summary, detail, value.range());
                    }
                }
                "configuration_aliases" => decode_configuration_aliases(d, name, &value),
                _ => {
                    d.error(
                        Code::InvalidRequiredProvidersObject,
                        "required_providers objects can only contain \"version\", \"source\" and \"configuration_aliases\" attributes. To configure a provider, use a \"provider\" block.",
                        key_range(&key),
                    );
                    break;
                }
            }
        }
    }
}

/// A `required_providers` entry as the module-tree checks see it: its
/// local name, the range of its value, its source address when one is
/// given and valid, and the aliases of `configuration_aliases`.
pub(crate) struct RequiredProviderEntry {
    pub name: String,
    pub range: TextRange,
    pub source: Option<String>,
    pub aliases: Vec<String>,
    /// False when the entry was rejected (OpenTofu leaves it out).
    pub valid: bool,
}

/// The entries of a `required_providers` block, read without reporting.
fn required_provider_entries(
    source: &SourceText<'_>,
    block: &AnyBlock,
) -> Vec<RequiredProviderEntry> {
    let mut out = Vec::new();
    for attribute in &block.body.just_attributes(source).0 {
        let Some(expr) = &attribute.expr else {
            continue;
        };
        let mut entry = RequiredProviderEntry {
            name: attribute.name.clone(),
            range: expr.range(),
            source: None,
            aliases: Vec::new(),
            valid: true,
        };
        let (value, value_diags) = tofu_eval::typeexpr::constant_any_value(expr);
        if value_diags.is_empty() && value.ty().is_primitive() {
            entry.valid = parse_provider_part(&entry.name).is_ok();
            out.push(entry);
            continue;
        }
        let Some(items) = expr_map(expr) else {
            entry.valid = false;
            out.push(entry);
            continue;
        };
        for (key, value) in items {
            let key_name = match &key {
                ObjectKeyExpr::Keyword(name, _) | ObjectKeyExpr::Json(name, _) => name.clone(),
                ObjectKeyExpr::Expr(expr) => {
                    match tofu_eval::typeexpr::constant_any_value(expr).0.as_str() {
                        Some(name) => name.to_owned(),
                        None => continue,
                    }
                }
            };
            match key_name.as_str() {
                "source" => {
                    let (source, diags) = tofu_eval::typeexpr::constant_any_value(&value);
                    match source.as_str() {
                        Some(text) if diags.is_empty() && parse_provider_source(text).is_ok() => {
                            entry.source = Some(text.to_owned());
                        }
                        _ => entry.valid = false,
                    }
                }
                "configuration_aliases" => {
                    let elements = match &value {
                        AnyExpr::Native(Expr::Tuple(tuple)) => {
                            tuple.elements().map(AnyExpr::Native).collect()
                        }
                        AnyExpr::Json(JsonValue::Array(array)) => {
                            array.elements().map(AnyExpr::Json).collect()
                        }
                        _ => Vec::new(),
                    };
                    for element in elements {
                        let steps = match &element {
                            AnyExpr::Native(expr) => traversal_steps(expr),
                            AnyExpr::Json(json) => json
                                .as_scalar()
                                .and_then(|s| s.as_str())
                                .and_then(|text| traversal_text_steps(&text)),
                        };
                        if let Some([(Step::Root(root), _), (Step::Attr(alias), _)]) =
                            steps.as_deref()
                            && *root == entry.name
                        {
                            entry.aliases.push(alias.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        out.push(entry);
    }
    out
}

/// An object key's string, or `None` after reporting why not.
fn object_key(d: &mut Decoder<'_>, key: &ObjectKeyExpr) -> Option<String> {
    match key {
        ObjectKeyExpr::Keyword(name, _) => Some(name.clone()),
        ObjectKeyExpr::Json(name, _) => Some(name.clone()),
        ObjectKeyExpr::Expr(expr) => {
            let errors = d.error_count();
            let value = d.constant(expr);
            if d.error_count() > errors {
                return None;
            }
            if *value.ty() != Type::String {
                d.error(
                    Code::InvalidAttribute,
                    format!(
                        "Invalid attribute value for provider requirement: {}",
                        go_value_repr(&value)
                    ),
                    expr.range(),
                );
                return None;
            }
            value.as_str().map(str::to_owned)
        }
    }
}

/// Roughly cty's `%#v` of a value.
fn go_value_repr(value: &Value) -> String {
    if value.is_null() {
        return format!("cty.NullVal({})", value.ty().friendly_name());
    }
    match (value.as_bool(), value.as_number()) {
        (Some(b), _) => format!("cty.{}", if b { "True" } else { "False" }),
        (_, Some(n)) => format!("cty.NumberIntVal({n})"),
        _ => format!("cty.Value({})", value.ty().friendly_name()),
    }
}

/// `configuration_aliases`: `name.alias` references.
fn decode_configuration_aliases(d: &mut Decoder<'_>, name: &str, value: &AnyExpr) {
    let errors = d.error_count();
    let elements = d.expr_list(value);
    if d.error_count() > errors {
        return;
    }
    for element in elements {
        let traversal = super::common::ShimmedTraversal::Expr(element.clone());
        if d.abs_traversal(&traversal).is_none() {
            continue;
        }
        let steps = match &element {
            AnyExpr::Native(expr) => traversal_steps(expr),
            AnyExpr::Json(json) => json
                .as_scalar()
                .and_then(|s| s.as_str())
                .and_then(|text| traversal_text_steps(&text)),
        };
        let Some(steps) = steps else {
            continue;
        };
        let local_name = match steps.as_slice() {
            [(Step::Root(root), _)] | [(Step::Root(root), _), (Step::Attr(_), _)] => root.clone(),
            _ => {
                d.error(
                    Code::InvalidConfigurationAliasesValue,
                    "Configuration aliases can only contain references to local provider configuration names in the format of provider.alias",
                    value.range(),
                );
                continue;
            }
        };
        if local_name != name {
            d.error(
                Code::InvalidConfigurationAliasesValue,
                format!(
                    "Configuration aliases must be prefixed with the provider name. Expected {name:?}, but found {local_name:?}."
                ),
                value.range(),
            );
        }
    }
}

/// An object constructor's key.
enum ObjectKeyExpr {
    /// A naked name in native syntax.
    Keyword(String, TextRange),
    /// A JSON property name.
    Json(String, TextRange),
    /// Any other native key expression.
    Expr(AnyExpr),
}

fn key_range(key: &ObjectKeyExpr) -> TextRange {
    match key {
        ObjectKeyExpr::Keyword(_, range) | ObjectKeyExpr::Json(_, range) => *range,
        ObjectKeyExpr::Expr(expr) => expr.range(),
    }
}

/// HCL's `hcl.ExprMap`: the items of an object constructor (or JSON
/// object).
fn expr_map(expr: &AnyExpr) -> Option<Vec<(ObjectKeyExpr, AnyExpr)>> {
    match expr {
        AnyExpr::Native(Expr::Object(object)) => {
            let mut items = Vec::new();
            for item in object.items() {
                let (Some(key), Some(value)) = (item.key(), item.value()) else {
                    continue;
                };
                let key_range = tofu_syntax::trimmed_range(key.syntax());
                let key = match key.as_keyword() {
                    Some(name) => ObjectKeyExpr::Keyword(name, key_range),
                    None => match key.expr() {
                        Some(expr) => ObjectKeyExpr::Expr(AnyExpr::Native(expr)),
                        None => continue,
                    },
                };
                items.push((key, AnyExpr::Native(value)));
            }
            Some(items)
        }
        AnyExpr::Json(JsonValue::Object(object)) => Some(
            object
                .members()
                .filter_map(|member| {
                    let name = member.name()?.into_owned();
                    let range = member.name_token().text_range();
                    Some((
                        ObjectKeyExpr::Json(name, range),
                        AnyExpr::Json(member.value()?),
                    ))
                })
                .collect(),
        ),
        _ => None,
    }
}

// ---------------------------------------------------------------------
// provider_meta

/// `decodeProviderMetaBlock`.
fn decode_provider_meta(d: &mut Decoder<'_>, block: &AnyBlock) {
    let errors = d.error_count();
    let attributes = d.just_attributes(&block.body);
    if d.error_count() > errors {
        return;
    }
    for attribute in &attributes {
        if let Some(expr) = &attribute.expr {
            d.constant(expr);
        }
    }
    if let Some(name) = block.labels.first() {
        check_provider_name_normalized(d, name, block.def_range);
    }
}

// ---------------------------------------------------------------------
// encryption

/// The encryption configuration's `DecodeConfig`: its body schema
/// (gohcl's decoding of `EncryptionConfig`), duplicate names and the
/// form of key provider and method names.
/// Gives the `key_provider` and `method` blocks, for the model.
fn decode_encryption(d: &mut Decoder<'_>, block: &AnyBlock) -> Box<[NestedBlock]> {
    const BLOCKS: &[BlockSchema<'static>] = &[
        BlockSchema::new("key_provider", &["type", "name"]),
        BlockSchema::new("method", &["type", "name"]),
        BlockSchema::new("state", &[]),
        BlockSchema::new("plan", &[]),
        BlockSchema::new("remote_state_data_sources", &[]),
    ];
    const KEY_PROVIDER: &[AttributeSchema<'static>] =
        &[AttributeSchema::optional("encrypted_metadata_alias")];
    let errors = d.error_count();
    let content = d.content(&block.body, &BodySchema::new(&[], BLOCKS));
    let parts = content
        .blocks
        .iter()
        .filter(|b| matches!(b.type_name.as_str(), "key_provider" | "method"))
        .map(|b| d.nested_block(b))
        .collect();
    let mut key_providers = Vec::new();
    let mut methods = Vec::new();
    for kind in ["key_provider", "method"] {
        for inner in content.blocks.iter().filter(|b| b.type_name == kind) {
            if kind == "key_provider" {
                let (body, _) = d.partial_content(&inner.body, &BodySchema::new(KEY_PROVIDER, &[]));
                if let Some(attribute) = body.attribute("encrypted_metadata_alias") {
                    d.literal_string(attribute);
                }
                key_providers.push(inner.labels.clone());
            } else {
                methods.push(inner.labels.clone());
            }
        }
    }
    for kind in ["state", "plan"] {
        if let Some(inner) = single_block(d, &content.blocks, kind) {
            decode_target(d, &inner.body, true);
        }
    }
    let mut remote_names = Vec::new();
    if let Some(remote) = single_block(d, &content.blocks, "remote_state_data_sources") {
        const REMOTE: &[BlockSchema<'static>] = &[
            BlockSchema::new("default", &[]),
            BlockSchema::new("remote_state_data_source", &["name"]),
        ];
        let inner = d.content(&remote.body, &BodySchema::new(&[], REMOTE));
        if let Some(default) = single_block(d, &inner.blocks, "default") {
            decode_target(d, &default.body, false);
        }
        for target in inner
            .blocks
            .iter()
            .filter(|b| b.type_name == "remote_state_data_source")
        {
            decode_target(d, &target.body, false);
            remote_names.push(target.labels.clone());
        }
    }
    if d.error_count() > errors {
        return parts;
    }
    check_encryption_names(d, block.def_range, &key_providers, "key_provider");
    check_encryption_names(d, block.def_range, &methods, "method");
    for (i, name) in remote_names.iter().enumerate() {
        if remote_names
            .iter()
            .enumerate()
            .any(|(j, other)| i != j && other == name)
        {
            d.error(
                Code::DuplicateRemoteDataSource,
                format!(
                    "Found multiple instances of remote_data_source.{}",
                    name.join(".")
                ),
                block.def_range,
            );
        }
    }
    parts
}

fn check_encryption_names(
    d: &mut Decoder<'_>,
    range: TextRange,
    names: &[Vec<String>],
    kind: &str,
) {
    let (what, duplicate) = if kind == "key_provider" {
        ("key provider", Code::DuplicateKeyProvider)
    } else {
        ("encryption method", Code::DuplicateMethod)
    };
    for (i, labels) in names.iter().enumerate() {
        if names
            .iter()
            .enumerate()
            .any(|(j, other)| i != j && other == labels)
        {
            d.error(
                duplicate,
                format!("Found multiple instances of {kind}.{}", labels.join(".")),
                range,
            );
        }
        for (part, value) in ["type", "name"].iter().zip(labels) {
            let valid = !value.is_empty()
                && value
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !valid {
                d.out.push(
                    Diagnostic::error(
                        Code::InvalidEncryptionName,
                        format!(
                            "The supplied {what} {part} ({value}) does not match the required form of ^([a-zA-Z_0-9-]+)$."
                        ),
                    )
                    .with_summary(format!("The provided {what} {part} is invalid")),
                );
            }
        }
    }
}

/// A block type of which gohcl allows one: the block, or `None` when
/// there is none or (reported) more than one, which gohcl then leaves
/// undecoded.
fn single_block<'b>(
    d: &mut Decoder<'_>,
    blocks: &'b [AnyBlock],
    kind: &str,
) -> Option<&'b AnyBlock> {
    let mut found = blocks.iter().filter(|b| b.type_name == kind);
    let first = found.next()?;
    if let Some(second) = found.next() {
        let at = d.source.range_string(first.def_range);
        d.error_named(
            Code::DuplicateBlock,
            format!("Duplicate {kind} block"),
            format!("Only one {kind} block is allowed. Another was defined at {at}."),
            second.def_range,
        );
        return None;
    }
    Some(first)
}

/// `TargetConfig` and `EnforceableTargetConfig`: `method`, `fallback`
/// and, for state and plan, `enforced`.
fn decode_target(d: &mut Decoder<'_>, body: &AnyBody, enforceable: bool) {
    const TARGET: &[AttributeSchema<'static>] = &[AttributeSchema::optional("method")];
    const ENFORCEABLE: &[AttributeSchema<'static>] = &[
        AttributeSchema::optional("enforced"),
        AttributeSchema::optional("method"),
    ];
    const FALLBACK: &[BlockSchema<'static>] = &[BlockSchema::new("fallback", &[])];
    let attributes = if enforceable { ENFORCEABLE } else { TARGET };
    let content = d.content(body, &BodySchema::new(attributes, FALLBACK));
    if let Some(attribute) = content.attribute("enforced") {
        d.literal_bool(attribute);
    }
    if let Some(fallback) = single_block(d, &content.blocks, "fallback") {
        decode_target(d, &fallback.body.clone(), false);
    }
}

// ---------------------------------------------------------------------
// Version constraints

/// A `VersionConstraint`: go-version constraints and the range of the
/// argument that declared them.
pub(crate) struct VersionConstraint {
    pub required: Vec<Constraint>,
    pub decl_range: TextRange,
}

impl VersionConstraint {
    fn check(&self, version: &[u64; 3]) -> bool {
        self.required.iter().all(|c| c.check(version))
    }
}

/// `decodeVersionConstraint`: the constraints of a string argument, or
/// `None` after reporting why not.
pub(crate) fn decode_version_constraint(
    d: &mut Decoder<'_>,
    attribute: &AnyAttribute,
) -> Option<VersionConstraint> {
    let expr = attribute.expr.as_ref()?;
    let errors = d.error_count();
    let value = d.constant(expr);
    if d.error_count() > errors {
        return None;
    }
    let mut ret = VersionConstraint {
        required: Vec::new(),
        decl_range: attribute.range,
    };
    let Ok(value) = tofu_types::convert::convert(&value, &Type::String) else {
        d.error(
            Code::InvalidVersionConstraint,
            format!("A string value is required for {}.", attribute.name),
            expr.range(),
        );
        return None;
    };
    if value.is_null() || !value.is_wholly_known() {
        return Some(ret);
    }
    let text = value.as_str().unwrap_or_default();
    match parse_constraints(text) {
        Some(required) => {
            ret.required = required;
            Some(ret)
        }
        None => {
            d.error(
                Code::InvalidVersionConstraint,
                "This string does not use correct version constraint syntax.",
                expr.range(),
            );
            None
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use tofu_diagnostics::Severity;

    use crate::config::file_config_diagnostics;
    use crate::db::Database;
    use crate::input::SourceFile;

    /// The load-time diagnostics of one file, as `summary: detail @ line`
    /// (`@ -` without a range), warnings marked `(warning)`.
    pub(crate) fn check(name: &str, text: &str) -> Vec<String> {
        let db = Database::default();
        let file = SourceFile::new(&db, name.to_owned(), text.to_owned(), true);
        file_config_diagnostics(&db, file)
            .iter()
            .map(|d| {
                let line = match d.location {
                    Some(tofu_diagnostics::Location { file: _, range }) => {
                        let start = usize::from(range.start());
                        (text[..start].matches('\n').count() + 1).to_string()
                    }
                    None => "-".to_owned(),
                };
                let warning = if d.severity == Severity::Warning {
                    " (warning)"
                } else {
                    ""
                };
                format!("{}: {} @ {line}{warning}", d.summary, d.detail)
            })
            .collect()
    }

    fn details(name: &str, text: &str) -> String {
        check(name, text).join("\n")
    }

    #[test]
    fn language_editions() {
        assert_eq!(details("a.tf", "language {\n  edition = tofu2024\n}\n"), "");
        assert_eq!(
            details("a.tf", "language {\n  edition = \"tofu2024\"\n}\n"),
            "Invalid language edition: The \"edition\" argument expects a bare language edition keyword. OpenTofu 1.13.0 supports only language edition tofu2024, which is the default. @ 2"
        );
        assert_eq!(
            details("a.tf", "language {\n  edition = tofu2038\n}\n"),
            "Unsupported language edition: OpenTofu v1.13.0 only supports language edition tofu2024. This module requires a newer version of OpenTofu CLI. @ 2"
        );
        assert_eq!(
            details("a.tf", "language {\n  edition = abc\n}\n"),
            "Unsupported language edition: OpenTofu v1.13.0 only supports language edition tofu2024. This module requires a different version of OpenTofu CLI. @ 2"
        );
        assert_eq!(
            details("a.tf", "language {\n  edition = TF2021\n}\n"),
            "Unsupported language edition: OpenTofu v1.13.0 does not support language edition \"tofu2024\". This module may be intended for use with other software. @ 2"
        );
        // In JSON a keyword is a string.
        assert_eq!(
            details("a.tf.json", "{\"language\": {\"edition\": \"tofu2024\"}}"),
            ""
        );
        assert_eq!(
            details("a.tf.json", "{\"language\": {\"edition\": 2024}}"),
            "Invalid language edition: The \"edition\" argument expects a bare language edition keyword. OpenTofu 1.13.0 supports only language edition tofu2024, which is the default. @ 1"
        );
    }

    #[test]
    fn language_experiments_and_overrides() {
        assert_eq!(details("a.tf", "language {\n  experiments = []\n}\n"), "");
        assert_eq!(
            details("a.tf", "language {\n  experiments = [foo, \"bar\"]\n}\n"),
            "Unknown experiment keyword: There is no current experiment with the keyword \"foo\". @ 2\nInvalid experiment keyword: Elements of \"experiments\" must all be keywords representing active experiments. @ 2"
        );
        assert_eq!(
            details("a.tf", "language {\n  experiments = foo\n}\n"),
            "Invalid expression: A static list expression is required. @ 2"
        );
        assert_eq!(
            details("override.tf", "language {\n  edition = nope\n}\n"),
            "Language selections in override file: Language-related settings in \"language\" blocks are not allowed in override files. Place these settings in a normal configuration file. @ 1"
        );
    }

    #[test]
    fn compatible_with() {
        assert_eq!(
            details(
                "a.tf",
                "language {\n  compatible_with {\n    opentofu = \">= 1.12\"\n    other = 1\n  }\n}\n"
            ),
            ""
        );
        assert_eq!(
            details(
                "a.tf",
                "language {\n  compatible_with {\n    opentofu = \"999.9\"\n  }\n}\n"
            ),
            "Incompatible module: This module is not compatible with OpenTofu v1.13.0.\n\nTo proceed, either choose another supported OpenTofu version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior. @ 3"
        );
        assert_eq!(
            details(
                "a.tf",
                "language {\n  compatible_with {\n    opentofu = \">= 1.11\"\n  }\n}\n"
            ),
            "Ineffective version constraint: The compatible_with block was added in OpenTofu v1.12.0, so any constraint specified this way should exclude earlier versions of OpenTofu, such as by including \">= 0.12.0\".\n\nIf your module must be compatible with earlier versions of OpenTofu, use the required_version argument in a \"terraform\" block in a file named with the .tofu suffix, which is an older way to specify OpenTofu version constraints. @ 3 (warning)"
        );
        // The sniffing pass and the language block both read the constraint.
        assert_eq!(
            details(
                "a.tf",
                "language {\n  compatible_with {\n    opentofu = \">= x\"\n  }\n}\n"
            ),
            "Invalid version constraint: This string does not use correct version constraint syntax. @ 3\nInvalid version constraint: This string does not use correct version constraint syntax. @ 3"
        );
        assert_eq!(
            details(
                "a.tf",
                "language {\n  compatible_with {\n    opentofu = [\"1.0\"]\n  }\n}\n"
            ),
            "Invalid version constraint: A string value is required for opentofu. @ 3\nInvalid version constraint: A string value is required for opentofu. @ 3"
        );
        assert_eq!(
            details(
                "a.tf",
                "language {\n  compatible_with {\n    opentofu = \">= 1.12.0-beta1\"\n  }\n}\n"
            ),
            "Invalid required_version constraint: Prerelease version constraints are not supported: >= 1.12.0-beta1. Remove the prerelease information from the constraint. Prerelease versions of OpenTofu will match constraints using their version core only. @ 3"
        );
        assert_eq!(
            details(
                "a.tf",
                "language {\n  compatible_with {\n    opentofu = \">= 1.12\"\n  }\n  compatible_with {\n    opentofu = \">= 1.12\"\n  }\n}\n"
            ),
            "Duplicate compatible_with block: Each language block may have at most one compatible_with block referring to OpenTofu. The OpenTofu version constraint was already declared at a.tf:3,5-25. @ 1"
        );
    }

    #[test]
    fn required_version_only_in_tofu_files() {
        let text = "terraform {\n  required_version = \"999.9\"\n}\n";
        assert_eq!(details("a.tf", text), "");
        assert_eq!(
            details("a.tofu", text),
            "Incompatible module: This module is not compatible with OpenTofu v1.13.0.\n\nTo proceed, either choose another supported OpenTofu version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior. @ 2"
        );
        assert_eq!(
            details(
                "a.tofu",
                "terraform {\n  required_version = \">= 1.11, < 2.0.0\"\n}\n"
            ),
            ""
        );
        assert_eq!(
            details(
                "a.tofu",
                "terraform {\n  required_version = \"~> 1.12.0\"\n}\n"
            ),
            "Incompatible module: This module is not compatible with OpenTofu v1.13.0.\n\nTo proceed, either choose another supported OpenTofu version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior. @ 2"
        );
        assert_eq!(
            details("a.tofu", "terraform {\n  required_version = var.v\n}\n"),
            "Variables not allowed: Variables may not be used here. @ 2"
        );
        assert_eq!(
            details(
                "a.tofu.json",
                "{\"terraform\": {\"required_version\": \"~> 1.13\"}}"
            ),
            ""
        );
    }

    #[test]
    fn required_providers() {
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  required_providers {\n    aws = \"~> 1.0\"\n    foo = {\n      source  = \"example.com/corp/foo\"\n      version = \">= 2\"\n      configuration_aliases = [foo.a, foo.b]\n    }\n  }\n}\n"
            ),
            ""
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  required_providers {\n    usererror = {\n      source = \"foo/terraform-provider-foo\"\n    }\n    badname = {\n      source = \"foo/terraform-foo\"\n    }\n    tofu = {\n      source = \"example.com/x/opentofu-provider-tofu\"\n    }\n  }\n}\n"
            ),
            "Invalid provider type: Provider source \"foo/terraform-provider-foo\" has a type with the prefix \"terraform-provider-\", which isn't valid. Although that prefix is often used in the names of version control repositories for Terraform providers, provider source strings should not include it.\n\nDid you mean \"foo/foo\"? @ 4\n\
Invalid provider type: Provider source \"registry.opentofu.org/foo/terraform-foo\" has a type with the prefix \"terraform-\", which isn't allowed because it would be redundant to name a Terraform provider with that prefix. If you are the author of this provider, rename it to not include the prefix. @ 7\n\
Invalid provider type: Provider source \"example.com/x/opentofu-provider-tofu\" has a type with the prefix \"opentofu-provider-\", which isn't valid. Although that prefix is sometimes used in the names of version control repositories for OpenTofu providers, provider source strings should not include it.\n\nDid you mean \"example.com/x/tofu\"? @ 10"
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  required_providers {\n    a = { source = \"a/b/c/d\" }\n    b = { source = \"x/b.c\" }\n    c = { source = \"-x/c\" }\n    d = { source = \"bad host/x/d\" }\n    e = { source = \"example.com/-/e\" }\n    f = { source = 1 }\n  }\n}\n"
            ),
            "Invalid provider source string: The \"source\" attribute must be in the format \"[hostname/][namespace/]name\" @ 3\n\
Invalid provider type: Invalid provider type \"b.c\" in source \"x/b.c\": dots are not allowed\" @ 4\n\
Invalid provider namespace: Invalid provider namespace \"\" in source \"-x/c\": must contain only letters, digits, dashes, and underscores, and may not use leading or trailing dashes or underscores\" @ 5\n\
Invalid provider source hostname: Invalid provider source hostname namespace \"\" in source \"bad host/x/d\": idna: disallowed rune U+0020\" @ 6\n\
Invalid provider namespace: The legacy provider namespace \"-\" can be used only with hostname registry.opentofu.org. @ 7\n\
Invalid source: Source must be specified as a string. @ 8"
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  required_providers {\n    a = { version = 1 }\n    b = { version = \"1 2\" }\n    c = { other = 1, version = \"x\" }\n    d = { configuration_aliases = [c.x, d.x.y, d] }\n    e = var.x\n    F = { source = \"f\" }\n    g_ = \"1.0\"\n    h = true\n  }\n}\n"
            ),
            "Invalid version constraint: Version must be specified as a string. @ 3\n\
Invalid version constraint: This string does not use correct version constraint syntax. @ 4\n\
Invalid required_providers object: required_providers objects can only contain \"version\", \"source\" and \"configuration_aliases\" attributes. To configure a provider, use a \"provider\" block. @ 5\n\
Invalid configuration_aliases value: Configuration aliases must be prefixed with the provider name. Expected \"d\", but found \"c\". @ 6\n\
Invalid configuration_aliases value: Configuration aliases can only contain references to local provider configuration names in the format of provider.alias @ 6\n\
Invalid required_providers object: required_providers entries must be strings or objects. @ 7\n\
Invalid provider local name: Provider names must be normalized. Replace \"F\" with \"f\" to fix this error. @ 8\n\
Invalid provider name: underscores may not be used as a prefix or suffix @ 9\n\
Invalid version constraint: This string does not use correct version constraint syntax. @ 10"
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  required_providers {\n    a = { configuration_aliases = [a[\"x\"]] }\n    b = { configuration_aliases = b }\n    c = { configuration_aliases = [c.x + 1] }\n  }\n}\n"
            ),
            "Invalid configuration_aliases value: Configuration aliases can only contain references to local provider configuration names in the format of provider.alias @ 3\n\
Invalid expression: A static list expression is required. @ 4\n\
Invalid expression: A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here. @ 5"
        );
        assert_eq!(
            details(
                "a.tf.json",
                "{\"terraform\": {\"required_providers\": {\n\"a\": {\"source\": \"hashicorp/a\", \"configuration_aliases\": [\"a.x\", \"b.y\"]},\n\"b\": {\"versions\": \"1\"}\n}}}"
            ),
            "Invalid configuration_aliases value: Configuration aliases must be prefixed with the provider name. Expected \"a\", but found \"b\". @ 2\n\
Invalid required_providers object: required_providers objects can only contain \"version\", \"source\" and \"configuration_aliases\" attributes. To configure a provider, use a \"provider\" block. @ 3"
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  required_providers {\n    a {}\n  }\n}\n"
            ),
            "Unexpected \"a\" block: Blocks are not allowed here. @ 3"
        );
    }

    #[test]
    fn terraform_block_schema_and_provider_meta() {
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  experiments = [foo]\n  language = TF2021\n  backend \"s3\" {\n    anything = var.x\n  }\n  cloud {\n    organization = \"x\"\n  }\n  provider_meta \"foo\" {\n    hello = \"world\"\n  }\n}\n"
            ),
            ""
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  other = 1\n  backend {}\n  provider_meta \"Foo\" {\n    a = var.x\n  }\n  provider_meta \"Bar\" {\n    b = 1\n  }\n  provider_meta \"x\" {\n    nested {}\n  }\n}\n"
            ),
            "Missing type for backend: All backend blocks must have 1 labels (type). @ 3\n\
Unsupported argument: An argument named \"other\" is not expected here. @ 2\n\
Variables not allowed: Variables may not be used here. @ 5\n\
Invalid provider local name: Provider names must be normalized. Replace \"Foo\" with \"foo\" to fix this error. @ 4\n\
Invalid provider local name: Provider names must be normalized. Replace \"Bar\" with \"bar\" to fix this error. @ 7\n\
Unexpected \"nested\" block: Blocks are not allowed here. @ 11"
        );
    }

    #[test]
    fn encryption() {
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  encryption {\n    key_provider \"pbkdf2\" \"k\" {\n      passphrase = \"x\"\n      encrypted_metadata_alias = \"a\"\n    }\n    method \"aes_gcm\" \"m\" {\n      keys = key_provider.pbkdf2.k\n    }\n    state {\n      method = method.aes_gcm.m\n      enforced = true\n      fallback {\n        method = method.unencrypted.u\n      }\n    }\n    remote_state_data_sources {\n      default {\n        method = method.aes_gcm.m\n      }\n      remote_state_data_source \"x\" {}\n    }\n  }\n}\n"
            ),
            ""
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  encryption {\n    other = 1\n    plan {\n      enforced = \"maybe\"\n    }\n    plan {}\n    state {\n      enforced = \"maybe\"\n    }\n  }\n}\n"
            ),
            "Unsupported argument: An argument named \"other\" is not expected here. @ 3\n\
Unsuitable value type: Unsuitable value: a bool is required @ 9\n\
Duplicate plan block: Only one plan block is allowed. Another was defined at a.tf:4,5-9. @ 7"
        );
        assert_eq!(
            details(
                "a.tf",
                "terraform {\n  encryption {\n    method \"a\" \"m\" {}\n    method \"a\" \"m\" {}\n    key_provider \"b c\" \"k\" {}\n    remote_state_data_sources {\n      remote_state_data_source \"r\" {}\n      remote_state_data_source \"r\" {}\n    }\n  }\n}\n"
            ),
            "The provided key provider type is invalid: The supplied key provider type (b c) does not match the required form of ^([a-zA-Z_0-9-]+)$. @ -\n\
Duplicate method: Found multiple instances of method.a.m @ 2\n\
Duplicate method: Found multiple instances of method.a.m @ 2\n\
Duplicate remote_data_source: Found multiple instances of remote_data_source.r @ 2\n\
Duplicate remote_data_source: Found multiple instances of remote_data_source.r @ 2"
        );
    }
}
