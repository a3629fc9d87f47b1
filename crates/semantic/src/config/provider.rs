//! `provider` blocks (`provider.go`): the local name, `alias`, the
//! deprecated `version`, `for_each`, reserved names and escaping blocks.

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_syntax::body::{
    AnyAttribute, AnyBlock, AnyBody, AnyExpr, AttributeSchema, BlockSchema, BodyContent, BodySchema,
};

use super::common::{BAD_IDENTIFIER_DETAIL, is_valid_identifier};
use super::provider_ref::check_provider_name_normalized;
use super::terraform::decode_version_constraint;
use super::{Decoder, ItemBody, ProviderItem};
use tofu_eval::typeexpr::constant_any_value;

/// `providerBlockSchema`.
pub(crate) const ATTRIBUTES: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("alias"),
    AttributeSchema::optional("version"),
    AttributeSchema::optional("for_each"),
    // Reserved for future expansion.
    AttributeSchema::optional("count"),
    AttributeSchema::optional("depends_on"),
    AttributeSchema::optional("source"),
];

pub(crate) const BLOCKS: &[BlockSchema<'static>] = &[
    // The meta-argument escaping block.
    BlockSchema::new("_", &[]),
    // Reserved for future expansion.
    BlockSchema::new("lifecycle", &[]),
    BlockSchema::new("locals", &[]),
];

/// `decodeProviderBlock`. Everything outside the schema is the provider's
/// own configuration, checked only against its schema later.
pub(crate) fn decode(d: &mut Decoder<'_>, block: &AnyBlock) {
    let (content, remain) = d.partial_content(&block.body, &BodySchema::new(ATTRIBUTES, BLOCKS));
    let item = provider_item(d, &content, &remain);
    d.set_item_body(ItemBody::Provider(Box::new(item)));

    let Some(name) = block.labels.first() else {
        return;
    };
    if !check_provider_name_normalized(d, name, block.def_range) {
        return;
    }

    let mut alias = String::new();
    if let Some(attribute) = content.attribute("alias")
        && attribute.expr.is_some()
    {
        alias = d.literal_string(attribute).unwrap_or_default();
        if !is_valid_identifier(&alias) {
            // OpenTofu gives this one no source range.
            d.push(
                tofu_eval::Severity::Error,
                Code::InvalidProviderConfigurationAlias,
                format!("An alias must be a valid name. {BAD_IDENTIFIER_DETAIL}"),
                None,
            );
        }
    }
    if let Some(ItemBody::Provider(item)) = d.model.blocks.last_mut().map(|b| &mut b.body) {
        item.decoded_alias = Some(alias.clone());
    }

    if let Some(attribute) = content.attribute("version")
        && let Some(expr) = &attribute.expr
    {
        d.warning(
            Code::DeprecatedVersionInProviderBlock,
            "OpenTofu 0.13 and earlier allowed provider version constraints inside the provider configuration block, but that is now deprecated and will be removed in a future version of OpenTofu. To silence this warning, move the provider version constraint into the required_providers block.",
            expr.range(),
        );
        decode_version_constraint(d, attribute);
    }

    require_alias_for_for_each(d, &alias, &content);

    for reserved in ["count", "depends_on", "source"] {
        if let Some(attribute) = content.attribute(reserved) {
            d.error(
                Code::ReservedArgumentNameInProviderBlock,
                format!(
                    "The provider argument name {reserved:?} is reserved for use by OpenTofu in a future version."
                ),
                attribute.name_range,
            );
        }
    }

    let mut escaping = None;
    for inner in &content.blocks {
        if inner.type_name == "_" {
            d.escaping_block_once(&mut escaping, inner, "provider-specific", "provider");
        } else {
            d.error(
                Code::ReservedBlockTypeNameInProviderBlock,
                format!(
                    "The block type name {:?} is reserved for use by OpenTofu in a future version.",
                    inner.type_name
                ),
                inner.type_range,
            );
        }
    }
}

/// What the model keeps of a provider block, read without reporting.
fn provider_item(d: &Decoder<'_>, content: &BodyContent, remain: &AnyBody) -> ProviderItem {
    let alias = content.attribute("alias");
    // Anything left after the meta-arguments is the provider's own.
    let (_, own) = remain.content(&BodySchema::new(&[], &[]), &d.source);
    ProviderItem {
        alias: alias.and_then(written_alias),
        alias_value: alias
            .and_then(|a| a.expr.as_ref())
            .and_then(|e| constant_any_value(e).0.as_str().map(str::to_owned)),
        for_each: content.attribute("for_each").is_some(),
        decoded_alias: None,
        configured: !own.is_empty() || content.attribute("version").is_some(),
    }
}

/// An `alias` as the model keeps it, even where it is invalid: a string's
/// value, or the text of any other expression.
fn written_alias(attribute: &AnyAttribute) -> Option<String> {
    match attribute.expr.as_ref()? {
        AnyExpr::Native(Expr::Template(t)) => t.as_string_literal(),
        AnyExpr::Native(other) => Some(other.syntax().to_string().trim().to_owned()),
        AnyExpr::Json(value) => value
            .as_scalar()
            .and_then(|s| s.as_str())
            .map(|s| s.into_owned()),
    }
}

/// A `for_each` is allowed only with an `alias` (provider configurations
/// and test files' mock providers alike).
pub(crate) fn require_alias_for_for_each(d: &mut Decoder<'_>, alias: &str, content: &BodyContent) {
    if alias.is_empty()
        && let Some(attribute) = content.attribute("for_each")
        && let Some(expr) = &attribute.expr
    {
        d.error(
            Code::AliasRequiredWhenUsingForEach,
            "The for_each argument is allowed only for provider configurations with an alias.",
            expr.range(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::terraform::tests::check;

    fn details(text: &str) -> String {
        check("main.tf", text).join("\n")
    }

    #[test]
    fn valid_provider_blocks() {
        assert_eq!(
            details(
                "provider \"foo\" {}\nprovider \"bar\" {\n  other = 12\n  alias = \"b\"\n  for_each = {a = 1}\n  _ {\n    count = 1\n  }\n}\n"
            ),
            ""
        );
    }

    #[test]
    fn provider_names_and_aliases() {
        assert_eq!(
            details("provider \"TEST\" {\n  alias = \"x y\"\n}\n"),
            "Invalid provider local name: Provider names must be normalized. Replace \"TEST\" with \"test\" to fix this error. @ 1"
        );
        assert_eq!(
            details("provider \"a.b\" {}\n"),
            "Invalid provider local name: a.b is an invalid provider local name: dots are not allowed @ 1"
        );
        assert_eq!(
            details("provider \"a\" {\n  alias = \"x y\"\n}\n"),
            "Invalid provider configuration alias: An alias must be a valid name. A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @ -"
        );
        assert_eq!(
            details("provider \"a\" {\n  alias = var.x\n}\n"),
            "Variables not allowed: Variables may not be used here. @ 2\nInvalid provider configuration alias: An alias must be a valid name. A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @ -"
        );
    }

    #[test]
    fn provider_version_and_for_each() {
        assert_eq!(
            details("provider \"a\" {\n  version = \">= 1\"\n}\n"),
            "Version constraints inside provider configuration blocks are deprecated: OpenTofu 0.13 and earlier allowed provider version constraints inside the provider configuration block, but that is now deprecated and will be removed in a future version of OpenTofu. To silence this warning, move the provider version constraint into the required_providers block. @ 2 (warning)"
        );
        assert_eq!(
            check("main.tf", "provider \"a\" {\n  version = \"one\"\n}\n")[1],
            "Invalid version constraint: This string does not use correct version constraint syntax. @ 2"
        );
        assert_eq!(
            details("provider \"a\" {\n  for_each = {}\n}\n"),
            "Alias required when using \"for_each\": The for_each argument is allowed only for provider configurations with an alias. @ 2"
        );
    }

    #[test]
    fn reserved_names_and_escaping_blocks() {
        assert_eq!(
            details(
                "provider \"a\" {\n  source = \"x\"\n  count = 1\n  lifecycle {}\n  _ {}\n  locals {}\n  _ {}\n  depends_on = []\n}\n"
            ),
            "Reserved argument name in provider block: The provider argument name \"count\" is reserved for use by OpenTofu in a future version. @ 3\n\
Reserved argument name in provider block: The provider argument name \"depends_on\" is reserved for use by OpenTofu in a future version. @ 8\n\
Reserved argument name in provider block: The provider argument name \"source\" is reserved for use by OpenTofu in a future version. @ 2\n\
Reserved block type name in provider block: The block type name \"lifecycle\" is reserved for use by OpenTofu in a future version. @ 4\n\
Reserved block type name in provider block: The block type name \"locals\" is reserved for use by OpenTofu in a future version. @ 6\n\
Duplicate escaping block: The special block type \"_\" can be used to force particular arguments to be interpreted as provider-specific rather than as meta-arguments, but each provider block can have only one such block. The first escaping block was at main.tf:5,3-4. @ 7"
        );
    }

    #[test]
    fn provider_json() {
        assert_eq!(
            check(
                "main.tf.json",
                "{\"provider\": {\"a\": {\"for_each\": {}, \"version\": \"1\", \"count\": 1}}}"
            )
            .len(),
            3
        );
    }
}
