//! `resource`, `data` and `ephemeral` blocks (`resource.go`): meta-arguments,
//! `lifecycle`, provisioners and `connection` blocks.

mod provisioner;
#[cfg(test)]
mod tests;

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::ast::AstNode;
use tofu_syntax::body::{
    AnyAttribute, AnyBlock, AnyExpr, AttributeSchema, BlockSchema, BodyContent, BodySchema,
};

use super::model::DependsOn;
use super::provider_ref::ProviderRef;
use super::{Decoder, ItemBody, Repeats, ResourceItem};
use crate::addrs::reference::{Ref, ResourceMode as Mode, Subject, parse_ref};
use crate::addrs::traversal::{node_variables, variables};
pub(super) use provisioner::decode_provisioner;

pub(crate) const COMMON_ATTRIBUTES: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("count"),
    AttributeSchema::optional("for_each"),
    AttributeSchema::optional("provider"),
    AttributeSchema::optional("depends_on"),
];

/// `ResourceBlockSchema`, for managed and ephemeral resources.
pub(crate) const RESOURCE_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("locals", &[]),
    BlockSchema::new("lifecycle", &[]),
    BlockSchema::new("connection", &[]),
    BlockSchema::new("provisioner", &["type"]),
    BlockSchema::new("_", &[]),
];

/// `dataBlockSchema`.
pub(crate) const DATA_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("lifecycle", &[]),
    BlockSchema::new("locals", &[]),
    BlockSchema::new("_", &[]),
];

/// `resourceLifecycleBlockSchema`.
const LIFECYCLE_ATTRIBUTES: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("create_before_destroy"),
    AttributeSchema::optional("prevent_destroy"),
    AttributeSchema::optional("destroy"),
    AttributeSchema::optional("ignore_changes"),
    AttributeSchema::optional("replace_triggered_by"),
    AttributeSchema::optional("enabled"),
];

const LIFECYCLE_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("precondition", &[]),
    BlockSchema::new("postcondition", &[]),
];

/// The address of the resource being decoded, for self-reference checks.
struct Addr {
    mode: Mode,
    ty: String,
    name: String,
}

impl Addr {
    fn of(block: &AnyBlock, mode: Mode) -> Addr {
        Addr {
            mode,
            ty: block.labels.first().cloned().unwrap_or_default(),
            name: block.labels.get(1).cloned().unwrap_or_default(),
        }
    }

    /// `addrs.Resource.String()`.
    fn display(&self) -> String {
        match self.mode {
            Mode::Managed => format!("{}.{}", self.ty, self.name),
            Mode::Data => format!("data.{}.{}", self.ty, self.name),
            Mode::Ephemeral => format!("ephemeral.{}.{}", self.ty, self.name),
        }
    }
}

/// Where `count`, `enabled` and `for_each` were set.
#[derive(Default)]
struct Repetition {
    count: Option<TextRange>,
    enabled: Option<TextRange>,
    for_each: Option<TextRange>,
}

impl Repetition {
    /// `count` and `for_each` as arguments; `enabled` is set in `lifecycle`.
    fn of(content: &BodyContent) -> Repetition {
        Repetition {
            count: content.attribute("count").map(|a| a.name_range),
            for_each: content.attribute("for_each").map(|a| a.name_range),
            enabled: None,
        }
    }
}

/// `decodeResourceBlock`.
pub(super) fn decode_managed(d: &mut Decoder<'_>, block: &AnyBlock) {
    let (content, addr) = begin(
        d,
        block,
        RESOURCE_BLOCKS,
        Mode::Managed,
        [Code::InvalidResourceTypeName, Code::InvalidResourceName],
    );
    let mut rep = Repetition::of(&content);
    let common = common_arguments(d, &content);
    record(d, &content, common);

    let mut seen_lifecycle: Option<TextRange> = None;
    let mut seen_connection: Option<TextRange> = None;
    let mut connection: Option<&AnyBlock> = None;
    let mut seen_escape: Option<TextRange> = None;
    let mut has_destroy_provisioner = false;
    for inner in &content.blocks {
        match inner.type_name.as_str() {
            "lifecycle" => {
                if !duplicate_lifecycle(d, &mut seen_lifecycle, "resource", inner) {
                    continue;
                }
                let lc = d.content(
                    &inner.body,
                    &BodySchema::new(LIFECYCLE_ATTRIBUTES, LIFECYCLE_BLOCKS),
                );
                if let Some(attribute) = lc.attribute("create_before_destroy") {
                    d.literal_bool(attribute);
                }
                if let Some(attribute) = lc.attribute("enabled") {
                    rep.enabled = Some(attribute.name_range);
                }
                if let Some(expr) = lc
                    .attribute("replace_triggered_by")
                    .and_then(|a| a.expr.as_ref())
                {
                    decode_replace_triggered_by(d, expr);
                }
                if let Some(attribute) = lc.attribute("ignore_changes") {
                    decode_ignore_changes(d, attribute);
                }
                check_rules(d, &lc, &addr);
            }
            "connection" => {
                if d.only_once(
                    &mut seen_connection,
                    inner,
                    Code::DuplicateConnectionBlock,
                    |at| format!("This resource already has a connection block at {at}."),
                ) {
                    connection = Some(inner);
                }
            }
            "provisioner" => {
                has_destroy_provisioner |=
                    provisioner::decode_provisioner(d, inner).unwrap_or(false);
            }
            "_" => {
                duplicate_escape(d, &mut seen_escape, inner, "resource");
            }
            other => reserved(d, "resource", other, inner),
        }
    }
    d.check_exclusive_meta_arguments(rep.count, rep.enabled, rep.for_each, "may", "resources");
    if let Some(connection) = connection
        && has_destroy_provisioner
    {
        provisioner::only_self_refs(d, &connection.body);
    }
}

/// `decodeDataBlock` for a top-level `data` block.
pub(super) fn decode_data(d: &mut Decoder<'_>, block: &AnyBlock) {
    decode_data_block(d, block, false);
}

/// `decodeDataBlock` for the `data` block nested in a `check` block;
/// true when it gave errors.
pub(super) fn decode_nested_data(d: &mut Decoder<'_>, block: &AnyBlock) -> bool {
    let before = d.error_count();
    decode_data_block(d, block, true);
    d.error_count() > before
}

fn decode_data_block(d: &mut Decoder<'_>, block: &AnyBlock, nested: bool) {
    let (content, addr) = begin(
        d,
        block,
        DATA_BLOCKS,
        Mode::Data,
        [Code::InvalidDataSourceName, Code::InvalidDataResourceName],
    );
    let mut rep = Repetition::default();
    for (name, slot) in [("count", &mut rep.count), ("for_each", &mut rep.for_each)] {
        let Some(attribute) = content.attribute(name) else {
            continue;
        };
        if nested {
            d.error_named(
                Code::InvalidMetaArgument,
                format!("Invalid \"{name}\" attribute"),
                format!("The \"{name}\" meta-argument is not supported within nested data blocks."),
                attribute.name_range,
            );
        } else {
            *slot = Some(attribute.name_range);
        }
    }
    let common = common_arguments(d, &content);
    if !nested {
        record(d, &content, common);
    }

    let mut seen_escape: Option<TextRange> = None;
    let mut seen_lifecycle: Option<TextRange> = None;
    for inner in &content.blocks {
        match inner.type_name.as_str() {
            "_" => duplicate_escape(d, &mut seen_escape, inner, "data"),
            "lifecycle" => {
                if nested {
                    d.error(
                        Code::InvalidLifecycleBlock,
                        "Nested data blocks do not support \"lifecycle\" blocks as the lifecycle is managed by the containing block.",
                        inner.def_range,
                    );
                }
                if !duplicate_lifecycle(d, &mut seen_lifecycle, "resource", inner) {
                    continue;
                }
                let lc = d.content(
                    &inner.body,
                    &BodySchema::new(LIFECYCLE_ATTRIBUTES, LIFECYCLE_BLOCKS),
                );
                for attribute in &lc.attributes {
                    if attribute.name == "enabled" {
                        rep.enabled = Some(attribute.name_range);
                        continue;
                    }
                    d.error(
                        Code::InvalidDataResourceLifecycleArgument,
                        format!(
                            "The lifecycle argument {} is defined only for managed resources (\"resource\" blocks), and is not valid for data resources.",
                            tofu_syntax::quote::go_quote(&attribute.name)
                        ),
                        attribute.name_range,
                    );
                }
                check_rules(d, &lc, &addr);
            }
            other => reserved(d, "data", other, inner),
        }
    }
    d.check_exclusive_meta_arguments(rep.count, rep.enabled, rep.for_each, "may", "data sources");
}

/// `decodeEphemeralBlock`.
pub(super) fn decode_ephemeral(d: &mut Decoder<'_>, block: &AnyBlock) {
    let (content, addr) = begin(
        d,
        block,
        RESOURCE_BLOCKS,
        Mode::Ephemeral,
        [
            Code::InvalidEphemeralResourceTypeName,
            Code::InvalidEphemeralResourceName,
        ],
    );
    let mut rep = Repetition::of(&content);
    let common = common_arguments(d, &content);
    record(d, &content, common);

    let mut seen_lifecycle: Option<TextRange> = None;
    let mut seen_escape: Option<TextRange> = None;
    for inner in &content.blocks {
        match inner.type_name.as_str() {
            "lifecycle" => {
                if !duplicate_lifecycle(d, &mut seen_lifecycle, "ephemeral resource", inner) {
                    continue;
                }
                let lc = d.content(
                    &inner.body,
                    &BodySchema::new(LIFECYCLE_ATTRIBUTES, LIFECYCLE_BLOCKS),
                );
                for name in [
                    "create_before_destroy",
                    "destroy",
                    "prevent_destroy",
                    "replace_triggered_by",
                    "ignore_changes",
                ] {
                    if lc.attribute(name).is_some() {
                        d.error(
                            Code::InvalidEphemeralLifecycleArgument,
                            format!(
                                "The lifecycle argument \"{name}\" cannot be used in ephemeral resources. This is meant to be used strictly in \"resource\" blocks."
                            ),
                            inner.def_range,
                        );
                    }
                }
                if let Some(attribute) = lc.attribute("enabled") {
                    rep.enabled = Some(attribute.name_range);
                }
                check_rules(d, &lc, &addr);
            }
            name @ ("connection" | "provisioner") => d.error(
                Code::InvalidEphemeralResourceBlock,
                format!(
                    "The block type \"{name}\" cannot be used in ephemeral resources. This is meant to be used strictly in \"resource\" blocks."
                ),
                inner.def_range,
            ),
            "_" => duplicate_escape(d, &mut seen_escape, inner, "resource"),
            other => reserved(d, "ephemeral", other, inner),
        }
    }
    d.check_exclusive_meta_arguments(
        rep.count,
        rep.enabled,
        rep.for_each,
        "may",
        "ephemeral resources",
    );
}

/// What every resource-like block starts with: its content (with
/// `blocks` as the nested block types), label checks (`summaries` for the
/// type and the name label) and its address.
fn begin(
    d: &mut Decoder<'_>,
    block: &AnyBlock,
    blocks: &[BlockSchema<'static>],
    mode: Mode,
    summaries: [Code; 2],
) -> (BodyContent, Addr) {
    let (content, _) = d.partial_content(&block.body, &BodySchema::new(COMMON_ATTRIBUTES, blocks));
    check_labels(d, block, summaries);
    (content, Addr::of(block, mode))
}

/// Records what the model keeps of a resource: how it makes instances
/// and its `provider` argument.
fn record(d: &mut Decoder<'_>, content: &BodyContent, common: CommonArguments) {
    let provider = common
        .provider
        .map(|r| r.map(|r| Box::new(d.provider_ref_item(&r))));
    d.set_item_body(ItemBody::Resource(ResourceItem {
        repeats: Repeats::of(content),
        provider,
        depends_on: common.depends_on,
    }));
}

/// The type and name labels must be identifiers.
fn check_labels(d: &mut Decoder<'_>, block: &AnyBlock, summaries: [Code; 2]) {
    for (index, summary) in summaries.into_iter().enumerate() {
        if let (Some(label), Some(range)) = (block.labels.get(index), block.label_ranges.get(index))
        {
            d.check_name(summary, label, *range);
        }
    }
}

/// A resource's `provider` and `depends_on` as decoded.
struct CommonArguments {
    /// `None` when absent, `Some(None)` when it is no reference.
    provider: Option<Option<ProviderRef>>,
    depends_on: DependsOn,
}

/// `provider` and `depends_on`.
fn common_arguments(d: &mut Decoder<'_>, content: &BodyContent) -> CommonArguments {
    let provider = content.attribute("provider").map(|attribute| {
        let expr = attribute.expr.as_ref()?;
        super::provider_ref::decode_provider_config_ref(d, expr, "provider")
    });
    let mut depends_on = None;
    if let Some(attribute) = content.attribute("depends_on") {
        let found = d.decode_depends_on(attribute);
        depends_on = d.depends_on_place(&found);
    }
    CommonArguments {
        provider,
        depends_on,
    }
}

/// The first `lifecycle` block; false (with the error) for a repeat.
fn duplicate_lifecycle(
    d: &mut Decoder<'_>,
    seen: &mut Option<TextRange>,
    what: &str,
    block: &AnyBlock,
) -> bool {
    d.only_once(seen, block, Code::DuplicateLifecycleBlock, |at| {
        format!("This {what} already has a lifecycle block at {at}.")
    })
}

fn duplicate_escape(
    d: &mut Decoder<'_>,
    seen: &mut Option<TextRange>,
    block: &AnyBlock,
    what: &str,
) {
    d.escaping_block_once(seen, block, "resource-type-specific", what);
}

fn reserved(d: &mut Decoder<'_>, what: &str, name: &str, block: &AnyBlock) {
    d.error_named(
        Code::ReservedBlockTypeName,
        format!("Reserved block type name in {what} block"),
        format!(
            "The block type name {} is reserved for use by OpenTofu in a future version.",
            tofu_syntax::quote::go_quote(name)
        ),
        block.type_range,
    );
}

/// The `ignore_changes` lifecycle argument: `all`, or a list of
/// attribute paths.
fn decode_ignore_changes(d: &mut Decoder<'_>, attribute: &AnyAttribute) {
    let Some(expr) = &attribute.expr else {
        return;
    };
    if provisioner::expr_keyword(expr).as_deref() == Some("all") {
        return;
    }
    let mut ignore_all: Option<TextRange> = None;
    let mut paths = 0;
    for element in d.expr_list(expr) {
        if is_star(&element) {
            ignore_all = Some(element.range());
            d.error(
                Code::InvalidIgnoreChangesWildcard,
                "The [\"*\"] form of ignore_changes wildcard is was deprecated and is now invalid. Use \"ignore_changes = all\" to ignore changes to all attributes.",
                expr.range(),
            );
            continue;
        }
        let element = d.shim_traversal_in_string(element, false);
        if d.abs_traversal(&element).is_some() {
            paths += 1;
        }
    }
    if let Some(range) = ignore_all
        && paths > 0
    {
        d.error(
            Code::InvalidIgnoreChangesRuleset,
            "Cannot mix wildcard string \"*\" with non-wildcard references.",
            range,
        );
    }
}

/// `shimIsIgnoreChangesStar`: the string `"*"`.
fn is_star(expr: &AnyExpr) -> bool {
    let (value, diagnostics) = tofu_eval::typeexpr::constant_any_value(expr);
    if diagnostics
        .iter()
        .any(|x| x.severity == tofu_eval::Severity::Error)
    {
        return false;
    }
    value.is_known() && !value.is_null() && value.as_str() == Some("*")
}

/// `decodeReplaceTriggeredBy`: each element refers to exactly one
/// resource (or resource instance), with only `count.index` and
/// `each.key` besides.
fn decode_replace_triggered_by(d: &mut Decoder<'_>, expr: &AnyExpr) {
    let errors_before = d.error_count();
    for element in d.expr_list(expr) {
        let (traversals, range) = match &element {
            AnyExpr::Native(native) => (
                variables(&element),
                tofu_syntax::trimmed_range(native.syntax()),
            ),
            AnyExpr::Json(value) => {
                let native = super::provider_ref::json_to_native(d, value);
                // Once anything failed, OpenTofu converts the rest but
                // checks no more of them.
                let Some(native) = native.filter(|_| d.error_count() == errors_before) else {
                    continue;
                };
                let mut out = Vec::new();
                node_variables(native.expr.syntax(), native.by, &mut out);
                (
                    out,
                    tofu_syntax::trimmed_range(native.expr.syntax()) + native.by,
                )
            }
        };
        let mut parsed = Vec::new();
        let mut failed = false;
        for traversal in &traversals {
            match parse_ref(traversal) {
                Ok(reference) => parsed.push(reference.subject),
                Err(error) => {
                    failed = true;
                    d.error(error.code, error.detail, range);
                }
            }
        }
        if failed {
            continue;
        }
        let mut resources = 0;
        for subject in parsed {
            match subject {
                Subject::Resource { .. } => resources += 1,
                Subject::Builtin { object, attribute } if object == "each" => {
                    if attribute != "key" {
                        d.error(
                            Code::InvalidEachInReplaceTriggeredBy,
                            "Only each.key may be used in replace_triggered_by.",
                            range,
                        );
                    }
                }
                Subject::Builtin { object, attribute } if object == "count" => {
                    if attribute != "index" {
                        d.error(
                            Code::InvalidCountInReplaceTriggeredBy,
                            "Only count.index may be used in replace_triggered_by.",
                            range,
                        );
                    }
                }
                _ => d.error(
                    Code::InvalidReferenceInReplaceTriggeredBy,
                    "Only resources, count.index, and each.key may be used in replace_triggered_by.",
                    range,
                ),
            }
        }
        match resources {
            0 => d.error(
                Code::InvalidReplaceTriggeredBy,
                "Missing resource reference in replace_triggered_by expression.",
                range,
            ),
            1 => {}
            _ => d.error(
                Code::InvalidReplaceTriggeredBy,
                "Multiple resource references in replace_triggered_by expression.",
                range,
            ),
        }
    }
}

/// The `precondition` and `postcondition` blocks of a `lifecycle` block.
fn check_rules(d: &mut Decoder<'_>, lc: &BodyContent, addr: &Addr) {
    for block in &lc.blocks {
        let rule = super::named_values::decode_check_rule(d, block);
        for expr in [rule.condition, rule.error_message].into_iter().flatten() {
            let refers_to_self = variables(&expr).iter().any(|t| {
                matches!(
                    parse_ref(t),
                    Ok(Ref { subject: Subject::Resource { mode, ty, name }, .. })
                        if mode == addr.mode && ty == addr.ty && name == addr.name
                )
            });
            if refers_to_self {
                d.error_named(
                    Code::InvalidSelfReference,
                    format!("Invalid reference in {}", block.type_name),
                    format!(
                        "Configuration for {} may not refer to itself.",
                        addr.display()
                    ),
                    expr.range(),
                );
            }
        }
    }
}
