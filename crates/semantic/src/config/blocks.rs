//! `moved`, `import`, `removed` and `check` blocks (`moved.go`,
//! `import.go`, `removed.go`, `checks.go`). Their addresses are read by
//! [`crate::addrs::endpoint`], provider configuration references by
//! `provider_ref` (`decodeProviderConfigRef`).

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::body::{AnyBlock, AnyExpr, AttributeSchema, BlockSchema, BodyContent, BodySchema};

use super::{Decoder, ItemBody};
use crate::addrs::endpoint::{
    Endpoint, EndpointError, endpoint_traversal, parse_abs_resource_instance, parse_move_endpoint,
    parse_remove_endpoint,
};
use crate::addrs::reference::ResourceMode as Mode;
use crate::addrs::traversal::Traversal;

impl Decoder<'_> {
    /// `hcl.AbsTraversalForExpr`, with its error, and the traversal.
    fn endpoint_traversal(&mut self, expr: &AnyExpr) -> Option<Traversal> {
        self.abs_traversal(&super::common::ShimmedTraversal::Expr(expr.clone()))?;
        endpoint_traversal(expr, false)
            .ok()
            .filter(|t| !t.steps.is_empty())
    }

    fn endpoint_result(&mut self, result: Result<Endpoint, EndpointError>) -> Option<Endpoint> {
        match result {
            Ok(endpoint) => Some(endpoint),
            Err(EndpointError {
                code,
                detail,
                range,
            }) => {
                self.error(code, detail, range);
                None
            }
        }
    }
}

// ---------------------------------------------------------------------------
// moved

const MOVED_ATTRS: &[AttributeSchema<'static>] = &[
    AttributeSchema::required("from"),
    AttributeSchema::required("to"),
];

/// `decodeMovedBlock`.
pub(super) fn decode_moved(d: &mut Decoder<'_>, block: &AnyBlock) {
    let errors = d.error_count();
    let content = d.content(&block.body, &BodySchema::new(MOVED_ATTRS, &[]));
    let endpoint = |d: &mut Decoder<'_>, name: &str| {
        let expr = content.attribute(name)?.expr.as_ref()?;
        let traversal = d.endpoint_traversal(expr)?;
        d.endpoint_result(parse_move_endpoint(&traversal))
    };
    let from = endpoint(d, "from");
    let to = endpoint(d, "to");
    let allowed = |e: &Option<Endpoint>| match e {
        None => false,
        Some(Endpoint::Resource { mode, .. }) => *mode != Mode::Ephemeral,
        Some(Endpoint::Module(_)) => true,
    };
    for (end, which) in [(&from, "from"), (&to, "to")] {
        if !allowed(end) {
            d.error(
                Code::InvalidMovedAddress,
                format!(
                    "The resource referenced by the \"{which}\" attribute is not allowed to be moved."
                ),
                block.def_range,
            );
        }
    }
    if d.error_count() == errors
        && let (Some(from), Some(to)) = (&from, &to)
        && matches!(from, Endpoint::Module(_)) != matches!(to, Endpoint::Module(_))
    {
        d.error(
            Code::InvalidMovedAddresses,
            "The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules.",
            block.def_range,
        );
    }
}

// ---------------------------------------------------------------------------
// import

const IMPORT_ATTRS: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("provider"),
    AttributeSchema::optional("id"),
    AttributeSchema::optional("identity"),
    AttributeSchema::required("to"),
    AttributeSchema::optional("for_each"),
];

/// `decodeImportBlock`.
pub(super) fn decode_import(d: &mut Decoder<'_>, block: &AnyBlock) {
    let content = d.content(&block.body, &BodySchema::new(IMPORT_ATTRS, &[]));
    d.set_item_body(ItemBody::Import {
        for_each: content.attribute("for_each").is_some(),
    });
    let id = content.attribute("id");
    let identity = content.attribute("identity");
    let mut module_depth = 0;
    if let Some(to) = content.attribute("to")
        && let Some(expr) = &to.expr
    {
        let traversal = match endpoint_traversal(expr, true) {
            Ok(traversal) => traversal,
            Err(range) => {
                d.error(
                Code::InvalidImportAddressExpression,
                "Import address must be a reference to a resource's address, and only allows for indexing with dynamic keys. For example: module.my_module[expression1].aws_s3_bucket.my_buckets[expression2] for resources inside of modules, or simply aws_s3_bucket.my_bucket for a resource in the root module",
                    range,
                );
                return;
            }
        };
        match d.endpoint_result(parse_abs_resource_instance(&traversal)) {
            Some(Endpoint::Resource { module, .. }) => module_depth = module,
            _ => return,
        }
    }
    if let Some(provider) = content.attribute("provider") {
        if module_depth > 0 {
            d.error(
                Code::InvalidImportProviderArgument,
                "The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the providers argument within the module block to configure providers for all resources within a module, including imported resources.",
                provider.range,
            );
        }
        if let Some(expr) = &provider.expr {
            super::provider_ref::decode_provider_config_ref(d, expr, "provider");
        }
    }
    match (id, identity) {
        (None, None) => d.error(
            Code::MissingRequiredImportArgument,
            "One of 'id' or 'identity' must be specified in an import block to identify the resource instance to import.",
            block.def_range,
        ),
        (Some(a), Some(b)) => {
            let range = a.range.cover(b.range);
            d.error(
                Code::ConflictingImportArguments,
                "Only one of 'id' or 'identity' can be specified in an import block. 'id' identifies the resource instance by its ID, while 'identity' identifies the resource instance by its Resource Identity. Choose one method to identify the resource instance to import.",
                range,
            );
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------
// removed

const REMOVED_ATTRS: &[AttributeSchema<'static>] = &[AttributeSchema::required("from")];
const REMOVED_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("lifecycle", &[]),
    BlockSchema::new("provisioner", &["type"]),
];
const REMOVED_LIFECYCLE_ATTRS: &[AttributeSchema<'static>] =
    &[AttributeSchema::optional("destroy")];

/// `decodeRemovedBlock`.
pub(super) fn decode_removed(d: &mut Decoder<'_>, block: &AnyBlock) {
    let errors = d.error_count();
    let content = d.content(&block.body, &BodySchema::new(REMOVED_ATTRS, REMOVED_BLOCKS));
    let mut from = None;
    if let Some(attr) = content.attribute("from")
        && let Some(expr) = &attr.expr
        && let Some(traversal) = d.endpoint_traversal(expr)
    {
        from = d.endpoint_result(parse_remove_endpoint(&traversal));
    }
    let mut lifecycle: Option<TextRange> = None;
    let mut destroy = None;
    let mut provisioners = 0;
    for nested in &content.blocks {
        match nested.type_name.as_str() {
            "lifecycle" => {
                if !d.only_once(
                    &mut lifecycle,
                    nested,
                    Code::DuplicateLifecycleBlock,
                    |at| format!("The removed block already has a lifecycle block at {at}."),
                ) {
                    continue;
                }
                let lc = d.content(&nested.body, &BodySchema::new(REMOVED_LIFECYCLE_ATTRS, &[]));
                if let Some(attr) = lc.attribute("destroy") {
                    destroy = Some(d.literal_bool(attr).unwrap_or(false));
                }
            }
            "provisioner" => {
                let Some(when_destroy) = super::resource::decode_provisioner(d, nested) else {
                    continue;
                };
                if !when_destroy {
                    d.error(
                        Code::InvalidRemovedProvisionerBlock,
                        "\"removed\" blocks can only contain destroy provisioners. \"removed.provisioner.when = destroy\" expected",
                        nested.def_range,
                    );
                    continue;
                }
                match &from {
                    None => continue,
                    Some(Endpoint::Module(_)) => {
                        d.error(
                            Code::InvalidRemovedBlock,
                            "\"removed\" blocks containing \"provisioner\"s can only target resources. Found one block that is targeting a module",
                            block.def_range,
                        );
                        continue;
                    }
                    Some(_) => provisioners += 1,
                }
            }
            _ => {}
        }
    }
    if d.error_count() == errors {
        match destroy {
            None => d.warning(
                Code::MissingLifecycleFromTheRemovedBlock,
                "It is recommended for each 'removed' block configured to have also the 'lifecycle' block defined. By not specifying if the resource should be destroyed or not, could lead to unwanted behavior.",
                block.def_range,
            ),
            Some(false) if provisioners > 0 => d.warning(
                Code::RemovedBlockProvisionersNotExecuted,
                "The 'removed' block has marked the resource to be forgotten and not destroyed. Therefore, the provisioners configured for it will not be executed.",
                block.def_range,
            ),
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------
// check

const CHECK_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("data", &["type", "name"]),
    BlockSchema::new("assert", &[]),
];

/// `decodeCheckBlock`.
pub(super) fn decode_check(d: &mut Decoder<'_>, block: &AnyBlock) {
    let schema = BodySchema::new(&[], CHECK_BLOCKS);
    if d.is_override {
        d.error(
            Code::CannotOverrideCheckBlocks,
            "Override files cannot override check blocks.",
            block.def_range,
        );
        // The model keeps its data sources all the same.
        let (content, _) = block.body.content(&schema, &d.source);
        record_check(d, &content);
        return;
    }
    let content = d.content(&block.body, &schema);
    record_check(d, &content);
    if let Some(name) = block.labels.first() {
        d.check_name(
            Code::InvalidCheckBlockName,
            name,
            Decoder::label_range(block, 0),
        );
    }
    let mut data: Option<TextRange> = None;
    let mut asserts = 0;
    for nested in &content.blocks {
        match nested.type_name.as_str() {
            "data" => {
                if let Some(first) = data {
                    let at = d.source.range_string(first);
                    d.error(
                        Code::MultipleDataResourceBlocks,
                        format!("This check block already has a data resource defined at {at}."),
                        nested.def_range,
                    );
                    continue;
                }
                if !super::resource::decode_nested_data(d, nested) {
                    data = Some(nested.def_range);
                }
            }
            "assert" if super::named_values::decode_check_rule(d, nested).ok => asserts += 1,
            _ => {}
        }
    }
    if asserts == 0 {
        d.error(
            Code::ZeroAssertBlocks,
            "Check blocks must have at least one assert block.",
            block.def_range,
        );
    }
}

/// What the model keeps of a `check` block: its data sources, each of
/// them, even those decoding rejects.
fn record_check(d: &mut Decoder<'_>, content: &BodyContent) {
    let data = content
        .blocks
        .iter()
        .filter(|b| b.type_name == "data")
        .map(|b| d.nested_block(b))
        .collect();
    d.set_item_body(ItemBody::Check { data });
}

/// The diagnostics of decoding `text` as the file `name`, each as
/// `summary: detail @ line`.
#[cfg(test)]
pub(super) fn decode_snippet(name: &str, text: &str) -> Vec<String> {
    let db = crate::db::Database::default();
    let file = crate::input::SourceFile::new(&db, name.to_owned(), text.to_owned(), true);
    super::file_config_diagnostics(&db, file)
        .iter()
        .map(|d| {
            let line = d
                .location
                .map(|tofu_diagnostics::Location { file: _, range }| {
                    text[..usize::from(range.start())].matches('\n').count() + 1
                })
                .unwrap_or(0);
            format!("{}: {} @ {line}", d.summary, d.detail)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::decode_snippet;

    fn check(text: &str, expected: &[&str]) {
        assert_eq!(decode_snippet("main.tf", text), expected);
    }

    #[test]
    fn moved_valid() {
        check(
            "moved {\n  from = a.b\n  to = a.c[\"x\"]\n}\nmoved {\n  from = module.a\n  to = module.b[0]\n}\nmoved {\n  from = data.x.y\n  to = module.m.data.x.y\n}\n",
            &[],
        );
    }

    #[test]
    fn moved_errors() {
        check(
            "moved {\n  from = a.b\n  to = module.c\n}\n",
            &[
                "Invalid \"moved\" addresses: The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules. @ 1",
            ],
        );
        check(
            "moved {\n  from = ephemeral.a.b\n  to = a.c\n}\n",
            &[
                "Invalid \"moved\" address: The resource referenced by the \"from\" attribute is not allowed to be moved. @ 1",
            ],
        );
        check(
            "moved {\n  from = a\n  to = a.b.c\n}\n",
            &[
                "Invalid address: Resource specification must include a resource type and name. @ 2",
                "Invalid address: Resource instance key must be given in square brackets. @ 3",
                "Invalid \"moved\" address: The resource referenced by the \"from\" attribute is not allowed to be moved. @ 1",
                "Invalid \"moved\" address: The resource referenced by the \"to\" attribute is not allowed to be moved. @ 1",
            ],
        );
        check(
            "moved {\n  from = a.b.c[0]\n  to = a[\"x\"].b\n}\n",
            &[
                "Invalid address: Unexpected extra operators after address. @ 2",
                "Invalid address: A resource name is required. @ 3",
                "Invalid \"moved\" address: The resource referenced by the \"from\" attribute is not allowed to be moved. @ 1",
                "Invalid \"moved\" address: The resource referenced by the \"to\" attribute is not allowed to be moved. @ 1",
            ],
        );
        check(
            "moved {\n  from = module\n  to = module.a[1.5]\n}\n",
            &[
                "Invalid address operator: Prefix \"module.\" must be followed by a module name. @ 2",
                "Invalid address operator: Invalid module index: value must be a whole number, between -9223372036854775808 and 9223372036854775807. @ 3",
                "Invalid \"moved\" address: The resource referenced by the \"from\" attribute is not allowed to be moved. @ 1",
                "Invalid \"moved\" address: The resource referenced by the \"to\" attribute is not allowed to be moved. @ 1",
            ],
        );
        check(
            "moved {\n  from = foo(a.b)\n  to = a.c[true]\n}\n",
            &[
                "Invalid expression: A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here. @ 2",
                "Invalid address: Invalid resource instance key: either a string or an integer is required. @ 3",
                "Invalid \"moved\" address: The resource referenced by the \"from\" attribute is not allowed to be moved. @ 1",
                "Invalid \"moved\" address: The resource referenced by the \"to\" attribute is not allowed to be moved. @ 1",
            ],
        );
    }

    #[test]
    fn moved_json() {
        assert_eq!(
            decode_snippet(
                "main.tf.json",
                "{\n  \"moved\": {\n    \"from\": \"a.b\",\n    \"to\": \"module.c\"\n  }\n}\n"
            ),
            [
                "Invalid \"moved\" addresses: The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules. @ 2"
            ]
        );
    }

    #[test]
    fn import_rules() {
        check(
            "import {\n  to = module.m[var.i].a.b[each.key]\n  id = \"x\"\n  for_each = var.s\n}\n",
            &[],
        );
        check(
            "import {\n  to = a.b\n}\n",
            &[
                "Missing required import argument: One of 'id' or 'identity' must be specified in an import block to identify the resource instance to import. @ 1",
            ],
        );
        check(
            "import {\n  to = a.b\n  id = \"x\"\n  identity = {}\n}\n",
            &[
                "Conflicting import arguments: Only one of 'id' or 'identity' can be specified in an import block. 'id' identifies the resource instance by its ID, while 'identity' identifies the resource instance by its Resource Identity. Choose one method to identify the resource instance to import. @ 3",
            ],
        );
        check(
            "import {\n  to = a.b[0].c\n  id = \"x\"\n}\n",
            &["Invalid address: Unexpected extra operators after address. @ 2"],
        );
        check(
            "import {\n  to = module.m\n  id = \"x\"\n}\n",
            &[
                "Invalid address: A resource instance address is required here. The module path must be followed by a resource instance specification. @ 2",
            ],
        );
        check(
            "import {\n  to = \"a.b\"\n  id = \"x\"\n}\n",
            &[
                "Invalid import address expression: Import address must be a reference to a resource's address, and only allows for indexing with dynamic keys. For example: module.my_module[expression1].aws_s3_bucket.my_buckets[expression2] for resources inside of modules, or simply aws_s3_bucket.my_bucket for a resource in the root module @ 2",
            ],
        );
        check(
            "import {\n  to = module.m.a.b\n  id = \"x\"\n  provider = aws.x\n}\n",
            &[
                "Invalid import provider argument: The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the providers argument within the module block to configure providers for all resources within a module, including imported resources. @ 4",
            ],
        );
        check(
            "import {\n  to = a.b\n  id = \"x\"\n  provider = Aws\n}\n",
            &[
                "Invalid provider local name: Provider names must be normalized. Replace \"Aws\" with \"aws\" to fix this error. @ 4",
            ],
        );
    }

    #[test]
    fn provider_references() {
        let ok = |p: &str| {
            check(
                &format!("import {{\n  to = a.b\n  id = \"x\"\n  provider = {p}\n}}\n"),
                &[],
            )
        };
        ok("aws");
        ok("aws.x");
        ok("aws.x[\"k\"]");
        ok("aws.x[each.key]");
        let bad = |p: &str, expected: &str| {
            check(
                &format!("import {{\n  to = a.b\n  id = \"x\"\n  provider = {p}\n}}\n"),
                &[expected],
            )
        };
        bad(
            "aws.x.y.z",
            "Invalid provider configuration reference: The provider argument requires a provider type name, optionally followed by a period and then a configuration alias and optional instance key. @ 4",
        );
        bad(
            "aws[0]",
            "Invalid provider configuration reference: Provider name must either stand alone or be followed by a period and then a configuration alias. @ 4",
        );
        bad(
            "aws[each.key]",
            "Invalid provider configuration reference: Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key] @ 4",
        );
        bad(
            "aws.x.y",
            "Invalid provider configuration reference: Provider name must either stand alone or be followed by a period and then a configuration alias. @ 4",
        );
        bad(
            "a_b",
            "Invalid provider local name: a_b is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes @ 4",
        );
        bad(
            "a--b",
            "Invalid provider local name: a--b is an invalid provider local name: cannot use multiple consecutive dashes @ 4",
        );
    }

    #[test]
    fn removed_rules() {
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = false\n  }\n}\n",
            &[],
        );
        check(
            "removed {\n  from = module.a\n}\n",
            &[
                "Missing lifecycle from the removed block: It is recommended for each 'removed' block configured to have also the 'lifecycle' block defined. By not specifying if the resource should be destroyed or not, could lead to unwanted behavior. @ 1",
            ],
        );
        check(
            "removed {\n  from = data.a.b\n  lifecycle {\n    destroy = true\n  }\n}\n",
            &[
                "Data source address is not allowed: Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration. @ 2",
            ],
        );
        check(
            "removed {\n  from = ephemeral.a.b\n  lifecycle {\n    destroy = true\n  }\n}\n",
            &[
                "Ephemeral resource address is not allowed: Ephemeral resources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove ephemeral resources from the state, you should remove the ephemeral resource block from the configuration. @ 2",
            ],
        );
        check(
            "removed {\n  from = module.a[0]\n  lifecycle {\n    destroy = true\n  }\n}\n",
            &[
                "Module instance address with keys is not allowed: Module address cannot be a module instance (e.g. \"module.a[0]\"), it must be a module instead (e.g. \"module.a\"). @ 2",
            ],
        );
        check(
            "removed {\n  from = a.b[0]\n  lifecycle {\n    destroy = true\n  }\n}\n",
            &[
                "Resource instance address with keys is not allowed: Resource address cannot be a resource instance (e.g. \"null_resource.a[0]\"), it must be a resource instead (e.g. \"null_resource.a\"). @ 2",
            ],
        );
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = false\n  }\n  lifecycle {\n    destroy = true\n  }\n}\n",
            &[
                "Duplicate lifecycle block: The removed block already has a lifecycle block at main.tf:3,3-12. @ 6",
            ],
        );
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = \"maybe\"\n  }\n}\n",
            &["Unsuitable value type: Unsuitable value: a bool is required @ 4"],
        );
    }

    #[test]
    fn removed_provisioners() {
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = false\n  }\n  provisioner \"local-exec\" {\n    when = destroy\n    command = \"echo ${self.id}\"\n  }\n}\n",
            &[
                "Removed block provisioners will not be executed: The 'removed' block has marked the resource to be forgotten and not destroyed. Therefore, the provisioners configured for it will not be executed. @ 1",
            ],
        );
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = true\n  }\n  provisioner \"local-exec\" {\n    command = \"echo\"\n  }\n}\n",
            &[
                "Invalid \"removed.provisioner\" block: \"removed\" blocks can only contain destroy provisioners. \"removed.provisioner.when = destroy\" expected @ 6",
            ],
        );
        check(
            "removed {\n  from = module.a\n  lifecycle {\n    destroy = true\n  }\n  provisioner \"local-exec\" {\n    when = destroy\n  }\n}\n",
            &[
                "Invalid \"removed\" block: \"removed\" blocks containing \"provisioner\"s can only target resources. Found one block that is targeting a module @ 1",
            ],
        );
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = true\n  }\n  provisioner \"local-exec\" {\n    when = later\n    on_failure = maybe\n    command = var.x\n    lifecycle {}\n  }\n}\n",
            &[
                "Invalid \"when\" keyword: The \"when\" argument requires one of the following keywords: create or destroy. @ 7",
                "Invalid \"on_failure\" keyword: The \"on_failure\" argument requires one of the following keywords: continue or fail. @ 8",
                "Reserved block type name in provisioner block: The block type name \"lifecycle\" is reserved for use by OpenTofu in a future version. @ 10",
                "Invalid \"removed.provisioner\" block: \"removed\" blocks can only contain destroy provisioners. \"removed.provisioner.when = destroy\" expected @ 6",
            ],
        );
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = true\n  }\n  provisioner \"local-exec\" {\n    when = destroy\n    command = \"${var.x} ${count.index} ${each.key}\"\n  }\n}\n",
            &[
                "Invalid reference from destroy provisioner: Destroy-time provisioners and their connection configurations may only reference attributes of the related resource, via 'self', 'count.index', or 'each.key'.\n\nReferences to other resources during the destroy phase can cause dependency cycles and interact poorly with create_before_destroy. @ 8",
            ],
        );
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = true\n  }\n  provisioner \"habitat\" {\n    when = destroy\n  }\n}\n",
            &[
                "The \"habitat\" provisioner has been removed: The \"habitat\" provisioner is deprecated and has been removed from OpenTofu. @ 6",
            ],
        );
        check(
            "removed {\n  from = a.b\n  lifecycle {\n    destroy = true\n  }\n  provisioner \"local-exec\" {\n    when = destroy\n    connection {}\n    connection {}\n    _ {}\n    _ {}\n  }\n}\n",
            &[
                "Duplicate connection block: This provisioner already has a connection block at main.tf:8,5-15. @ 9",
                "Duplicate escaping block: The special block type \"_\" can be used to force particular arguments to be interpreted as provisioner-type-specific rather than as meta-arguments, but each provisioner block can have only one such block. The first escaping block was at main.tf:10,5-6. @ 11",
            ],
        );
    }

    #[test]
    fn check_blocks() {
        check(
            "check \"ok\" {\n  data \"http\" \"x\" {}\n  assert {\n    condition = data.http.x.status == 200\n    error_message = \"down\"\n  }\n}\n",
            &[],
        );
        check(
            "check \"1bad\" {\n  assert {\n    condition = true\n    error_message = \"x\"\n  }\n}\n",
            &[
                "Invalid check block name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @ 1",
                "Invalid assert expression: The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything. @ 3",
                "Zero assert blocks: Check blocks must have at least one assert block. @ 1",
            ],
        );
        check(
            "check \"c\" {\n  data \"a\" \"b\" {}\n  data \"a\" \"c\" {}\n  assert {\n    condition = data.a.b.ok\n    error_message = \"x\"\n  }\n}\n",
            &[
                "Multiple data resource blocks: This check block already has a data resource defined at main.tf:2,3-15. @ 3",
            ],
        );
        check(
            "check \"c\" {\n  assert {\n    condition = [for x in [1] : {k = x}]\n  }\n}\n",
            &[
                "Missing required argument: The argument \"error_message\" is required, but no definition was found. @ 2",
                "Invalid assert expression: The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything. @ 3",
                "Zero assert blocks: Check blocks must have at least one assert block. @ 1",
            ],
        );
    }

    #[test]
    fn check_nested_data() {
        // `enabled` is not a data block argument (only `lifecycle` has
        // it), so it is left to the provider's schema.
        check(
            "check \"c\" {\n  data \"a\" \"b\" {\n    count = 1\n    for_each = {}\n    enabled = true\n    lifecycle {}\n  }\n  assert {\n    condition = data.a.b.ok\n    error_message = \"x\"\n  }\n}\n",
            &[
                "Invalid \"count\" attribute: The \"count\" meta-argument is not supported within nested data blocks. @ 3",
                "Invalid \"for_each\" attribute: The \"for_each\" meta-argument is not supported within nested data blocks. @ 4",
                "Invalid lifecycle block: Nested data blocks do not support \"lifecycle\" blocks as the lifecycle is managed by the containing block. @ 6",
            ],
        );
    }

    #[test]
    fn broken_input_does_not_panic() {
        let native = [
            "moved {\n  from =\n  to = module.\n}\n",
            "moved {\n  from = a.\"é\"\n  to = module.a[\"é\"].b[\n}\n",
            "import {\n  to = a.b[\n  provider = \"aws.\"\n}\n",
            "import {\n  to = module.m[].x\n  provider = aws.x[\"k\"].y\n}\n",
            "removed {\n  from = data\n  provisioner {}\n  lifecycle { destroy = }\n}\n",
            "check {\n  assert {}\n  data \"x\" {}\n}\n",
            "check \"c\" {\n  assert {\n    condition = \n  }\n}\n",
            "module {\n}\nmodule \"m\" {\n  source = \"git::\"\n  providers = { = aws }\n  version = \"~>\"\n}\n",
            "module \"m\" {\n  source = \"é.com/ü/b/c//../x\"\n}\nmodule \"n\" {\n  source = \"::\"\n  version = \"1\"\n}\n",
        ];
        for text in native {
            let _ = decode_snippet("main.tf", text);
        }
        let json = [
            "{\"moved\": {\"from\": 1, \"to\": \"a.\"}}",
            "{\"import\": [{\"to\": [], \"provider\": {}}]}",
            "{\"removed\": {\"from\": null}}",
            "{\"check\": {\"c\": {\"assert\": {\"condition\": [\"${x}\"]}}}}",
            "{\"module\": {\"m\": {\"source\": 1, \"providers\": {\"\": \"\\\"aws\\\"\"}}}}",
        ];
        for text in json {
            let _ = decode_snippet("main.tf.json", text);
        }
    }

    #[test]
    fn check_in_override_file() {
        assert_eq!(
            decode_snippet("main_override.tf", "check \"c\" {}\n"),
            ["Can't override check blocks: Override files cannot override check blocks. @ 1"]
        );
    }
}
