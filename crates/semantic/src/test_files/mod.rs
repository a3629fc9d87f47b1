//! Test files (`*.tftest.hcl`, `*.tofutest.hcl` and their JSON forms), as
//! `tofu validate` reads them: OpenTofu's `internal/configs/test_file.go`
//! decodes each one (`loadTestFile` and the `decode*Block` functions it
//! calls), then `internal/command/validate.go` runs `TestFile.Validate`
//! and `TestRun.Validate` (`validate.rs`).
//!
//! A test file is decoded on its own, with the [`Decoder`] configuration
//! files use (so its summaries, details and ranges are theirs), but its
//! diagnostics stay apart from the module's: nothing a test file says
//! changes what the module reports.
//!
//! Where this differs from `tofu validate`: OpenTofu validates test files
//! only when loading the whole configuration (module and test files)
//! reported no error; here a test file is validated when its own decoding
//! reported none. Not done yet: `validateProviderConfigsForTests` ("Provider
//! type mismatch", which needs the module's providers), validating the
//! local modules that `run` blocks' `module` blocks name, and reading
//! override targets with splats (`AbsTraversalPatternForExpr`) further
//! than their syntax.

mod validate;

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, ExpressionFile};
use tofu_syntax::body::{
    AnyAttribute, AnyBlock, AnyBody, AnyExpr, AttributeSchema, BlockSchema, BodySchema,
};
use tofu_syntax::json::JsonValue;
use tofu_syntax::{TextRange, TextSize};

use crate::addrs::module_source::{parse_module_source, parse_module_source_registry};
use crate::addrs::traversal::{Key, Step, Traversal, traversal_of};
use crate::config::Decoder;
use crate::config::common::{BAD_IDENTIFIER_DETAIL, ShimmedTraversal, is_valid_identifier};
use crate::config::module_call::{decode_passed_providers, source_error};
use crate::config::named_values::decode_check_rule;
use crate::config::provider::require_alias_for_for_each;
use crate::config::provider_ref::check_provider_name_normalized;
use crate::config::terraform::{decode_version_constraint, expr_as_keyword};
use crate::diagnostics::Diagnostic;
use crate::input::SourceFile;
use crate::parsing::parse;

/// `testFileSchema`.
const FILE_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[],
    &[
        BlockSchema::new("run", &["name"]),
        BlockSchema::new("provider", &["name"]),
        BlockSchema::new("variables", &[]),
        BlockSchema::new("override_resource", &[]),
        BlockSchema::new("override_data", &[]),
        BlockSchema::new("override_module", &[]),
        BlockSchema::new("mock_provider", &["name"]),
    ],
);

/// `testRunBlockSchema`.
const RUN_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::optional("command"),
        AttributeSchema::optional("providers"),
        AttributeSchema::optional("expect_failures"),
    ],
    &[
        BlockSchema::new("plan_options", &[]),
        BlockSchema::new("assert", &[]),
        BlockSchema::new("variables", &[]),
        BlockSchema::new("module", &[]),
        BlockSchema::new("override_resource", &[]),
        BlockSchema::new("override_data", &[]),
        BlockSchema::new("override_module", &[]),
    ],
);

/// `testRunOptionsBlockSchema`.
const PLAN_OPTIONS_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::optional("mode"),
        AttributeSchema::optional("refresh"),
        AttributeSchema::optional("replace"),
        AttributeSchema::optional("target"),
    ],
    &[],
);

/// `testRunModuleBlockSchema`.
const MODULE_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::optional("source"),
        AttributeSchema::optional("version"),
    ],
    &[],
);

/// `overrideResourceBlockSchema`.
const OVERRIDE_RESOURCE_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::required("target"),
        AttributeSchema::optional("values"),
    ],
    &[],
);

/// `overrideModuleBlockSchema`.
const OVERRIDE_MODULE_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::required("target"),
        AttributeSchema::optional("outputs"),
    ],
    &[],
);

/// `mockProviderBlockSchema`.
const MOCK_PROVIDER_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::optional("alias"),
        AttributeSchema::optional("for_each"),
    ],
    &[
        BlockSchema::new("mock_resource", &["type"]),
        BlockSchema::new("mock_data", &["type"]),
        BlockSchema::new("override_resource", &[]),
        BlockSchema::new("override_data", &[]),
    ],
);

/// `mockResourceBlockSchema`.
const MOCK_RESOURCE_SCHEMA: BodySchema<'static> =
    BodySchema::new(&[AttributeSchema::optional("defaults")], &[]);

/// What `tofu validate` reports about one test file: HCL's syntax
/// errors are the parser's and reported with the file's; these are the
/// errors of decoding it, then (when decoding found none) those of
/// `TestFile.Validate` and `TestRun.Validate`.
#[salsa::tracked(returns(ref))]
pub fn test_file_diagnostics(db: &dyn salsa::Database, file: SourceFile) -> Vec<Diagnostic> {
    if !file.exists(db) {
        return Vec::new();
    }
    let parsed = parse(db, file).to_parse();
    let mut d = Decoder::new(db, file);
    let test_file = decode_test_file(&mut d, &AnyBody::of_file(&parsed));
    // `validate.go` stops after loading when loading reported errors; a
    // test file's own are what stops it here.
    if d.error_count() == 0 {
        validate::validate_file(&mut d, &test_file);
    }
    let mut out = d.out;
    out.shrink_to_fit();
    out
}

/// What validation reads of a decoded test file: the blocks that decoded
/// without errors, as OpenTofu keeps only those.
#[derive(Default)]
struct TestFile {
    runs: Vec<Run>,
    overrides: Vec<OverrideResource>,
    override_modules: Vec<OverrideModule>,
}

struct Run {
    expect_failures: Vec<Traversal>,
    overrides: Vec<OverrideResource>,
    override_modules: Vec<OverrideModule>,
}

/// An `override_resource` or `override_data` block.
struct OverrideResource {
    block_name: &'static str,
    /// The target as OpenTofu prints the address.
    target: String,
    target_range: TextRange,
}

struct OverrideModule {
    target: String,
    target_range: TextRange,
}

/// `loadTestFile`.
fn decode_test_file(d: &mut Decoder<'_>, body: &AnyBody) -> TestFile {
    let content = d.content(body, &FILE_SCHEMA);
    let mut out = TestFile::default();
    let mut variables: Option<TextRange> = None;
    let mut mock_providers: Vec<String> = Vec::new();
    for block in &content.blocks {
        let before = d.error_count();
        match block.type_name.as_str() {
            "run" => {
                let run = decode_run(d, block);
                if d.error_count() == before {
                    out.runs.push(run);
                }
            }
            "variables" => {
                if let Some(first) = variables {
                    let at = d.source.range_string(first);
                    d.error(
                        Code::MultipleVariablesBlocks,
                        format!("This test file already has a variables block defined at {at}."),
                        block.def_range,
                    );
                    continue;
                }
                variables = Some(block.def_range);
                d.just_attributes(&block.body);
            }
            "provider" => crate::config::provider::decode(d, block),
            "override_resource" | "override_data" => {
                let res = decode_override_resource(d, block);
                if d.error_count() == before
                    && let Some(res) = res
                {
                    out.overrides.push(res);
                }
            }
            "override_module" => {
                let module = decode_override_module(d, block);
                if d.error_count() == before
                    && let Some(module) = module
                {
                    out.override_modules.push(module);
                }
            }
            "mock_provider" => {
                let key = decode_mock_provider(d, block);
                if d.error_count() == before
                    && let Some(key) = key
                {
                    if mock_providers.contains(&key) {
                        d.error_named(
                            Code::DuplicatedTestBlock,
                            "Duplicated `mock_provider` block".to_owned(),
                            format!(
                                "It is not allowed to have multiple `mock_provider` blocks with the same address: `{key}`."
                            ),
                            block.def_range,
                        );
                    } else {
                        mock_providers.push(key);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// `decodeTestRunBlock`.
fn decode_run(d: &mut Decoder<'_>, block: &AnyBlock) -> Run {
    let content = d.content(&block.body, &RUN_SCHEMA);
    let mut run = Run {
        expect_failures: Vec::new(),
        overrides: Vec::new(),
        override_modules: Vec::new(),
    };
    if let Some(name) = block.labels.first()
        && !is_valid_identifier(name)
    {
        d.error(
            Code::InvalidRunBlockName,
            BAD_IDENTIFIER_DETAIL,
            Decoder::label_range(block, 0),
        );
    }

    // `r.Options` and `r.Module` are set only by blocks that decoded
    // without errors; `r.Variables` by any.
    let mut options: Option<TextRange> = None;
    let mut variables: Option<TextRange> = None;
    let mut module: Option<TextRange> = None;
    for inner in &content.blocks {
        let before = d.error_count();
        match inner.type_name.as_str() {
            "assert" => {
                decode_check_rule(d, inner);
            }
            "plan_options" => {
                if let Some(first) = options {
                    let at = d.source.range_string(first);
                    d.error(
                        Code::MultiplePlanOptionsBlocks,
                        format!("This run block already has a plan_options block defined at {at}."),
                        inner.def_range,
                    );
                    continue;
                }
                decode_plan_options(d, inner);
                if d.error_count() == before {
                    options = Some(inner.def_range);
                }
            }
            "variables" => {
                if let Some(first) = variables {
                    let at = d.source.range_string(first);
                    d.error(
                        Code::MultipleVariablesBlocks,
                        format!("This run block already has a variables block defined at {at}."),
                        inner.def_range,
                    );
                    continue;
                }
                variables = Some(inner.def_range);
                d.just_attributes(&inner.body);
            }
            "module" => {
                if let Some(first) = module {
                    let at = d.source.range_string(first);
                    d.error(
                        Code::MultipleModuleBlocks,
                        format!("This run block already has a module block defined at {at}."),
                        inner.def_range,
                    );
                }
                // The repeat is decoded all the same, as OpenTofu does.
                let before = d.error_count();
                decode_run_module(d, inner);
                if d.error_count() == before {
                    module = Some(inner.def_range);
                }
            }
            "override_resource" | "override_data" => {
                let res = decode_override_resource(d, inner);
                if d.error_count() == before
                    && let Some(res) = res
                {
                    run.overrides.push(res);
                }
            }
            "override_module" => {
                let module = decode_override_module(d, inner);
                if d.error_count() == before
                    && let Some(module) = module
                {
                    run.override_modules.push(module);
                }
            }
            _ => {}
        }
    }

    if let Some(attribute) = content.attribute("command")
        && let Some(expr) = &attribute.expr
        && !matches!(expr_as_keyword(expr).as_deref(), Some("apply" | "plan"))
    {
        d.error(
            Code::InvalidCommandKeyword,
            "The \"command\" argument requires one of the following keywords without quotes: apply or plan.",
            expr.range(),
        );
    }
    if let Some(attribute) = content.attribute("providers")
        && let Some(expr) = &attribute.expr
    {
        decode_passed_providers(d, expr);
    }
    if let Some(attribute) = content.attribute("expect_failures") {
        run.expect_failures = decode_traversal_list(d, attribute);
    }
    run
}

/// `decodeTestRunOptionsBlock`.
fn decode_plan_options(d: &mut Decoder<'_>, block: &AnyBlock) {
    let content = d.content(&block.body, &PLAN_OPTIONS_SCHEMA);
    let mut refresh_only = false;
    if let Some(attribute) = content.attribute("mode")
        && let Some(expr) = &attribute.expr
    {
        match expr_as_keyword(expr).as_deref() {
            Some("refresh-only") => refresh_only = true,
            Some("normal") => {}
            _ => d.error(
                Code::InvalidModeKeyword,
                "The \"mode\" argument requires one of the following keywords without quotes: normal or refresh-only",
                expr.range(),
            ),
        }
    }
    // Left at Go's zero value, false, when the value does not decode.
    let refresh = match content.attribute("refresh") {
        Some(attribute) if attribute.expr.is_some() => d.literal_bool(attribute).unwrap_or(false),
        Some(_) => false,
        None => true,
    };
    for name in ["replace", "target"] {
        if let Some(attribute) = content.attribute(name) {
            d.decode_depends_on(attribute);
        }
    }
    if !refresh
        && refresh_only
        && let Some(attribute) = content.attribute("refresh")
    {
        d.error(
            Code::IncompatiblePlanOptions,
            "The \"refresh\" option cannot be set to false when running a test in \"refresh-only\" mode.",
            attribute.range,
        );
    }
}

/// `decodeTestRunModuleBlock`.
fn decode_run_module(d: &mut Decoder<'_>, block: &AnyBlock) {
    let content = d.content(&block.body, &MODULE_SCHEMA);
    let mut registry = false;
    if let Some(attribute) = content.attribute("version") {
        decode_version_constraint(d, attribute);
        registry = true;
    }
    let Some(attribute) = content.attribute("source") else {
        d.error(
            Code::MissingSourceForTestModule,
            "You must specify a source attribute when executing alternate modules during test executions.",
            block.def_range,
        );
        return;
    };
    if attribute.expr.is_none() {
        return;
    }
    let Some(raw) = d.literal_string(attribute) else {
        return;
    };
    let parsed = match registry {
        true => parse_module_source_registry(&raw),
        false => parse_module_source(&raw),
    };
    if let Err(err) = parsed {
        let (code, detail) = source_error(err, registry);
        d.error(code, detail, attribute.range);
    }
}

/// `decodeOverrideResourceBlock`: the block, when its target parses.
fn decode_override_resource(d: &mut Decoder<'_>, block: &AnyBlock) -> Option<OverrideResource> {
    let content = d.content(&block.body, &OVERRIDE_RESOURCE_SCHEMA);
    let mut out = None;
    if let Some(attribute) = content.attribute("target")
        && let Some(expr) = &attribute.expr
        && let Some(traversal) = target_traversal(d, expr, true)
    {
        match traversal {
            // `hcl.AbsTraversalPatternForExpr` also takes splats, which
            // address every instance; such targets are not read further.
            Target::Pattern(range) => {
                out = Some(OverrideResource {
                    block_name: override_block_name(block),
                    target: d.source.text()[range].to_owned(),
                    target_range: range,
                })
            }
            Target::Static(traversal) => {
                match crate::addrs::endpoint::parse_abs_resource_instance(&traversal) {
                    Ok(_) => {
                        out = Some(OverrideResource {
                            block_name: override_block_name(block),
                            target: address_string(&traversal),
                            target_range: traversal.range(),
                        })
                    }
                    Err(err) => d.error(err.code, err.detail, err.range),
                }
            }
        }
    }
    if let Some(attribute) = content.attribute("values") {
        object_without_variables(d, attribute);
    }
    out
}

fn override_block_name(block: &AnyBlock) -> &'static str {
    match block.type_name.as_str() {
        "override_data" => "override_data",
        _ => "override_resource",
    }
}

/// `decodeOverrideModuleBlock`: the block, when its target parses.
fn decode_override_module(d: &mut Decoder<'_>, block: &AnyBlock) -> Option<OverrideModule> {
    let content = d.content(&block.body, &OVERRIDE_MODULE_SCHEMA);
    let mut out = None;
    if let Some(attribute) = content.attribute("target")
        && let Some(expr) = &attribute.expr
        && let Some(Target::Static(traversal)) = target_traversal(d, expr, false)
    {
        match crate::addrs::endpoint::parse_module(&traversal) {
            Ok(_) => {
                out = Some(OverrideModule {
                    target: address_string(&traversal),
                    target_range: traversal.range(),
                })
            }
            Err(err) => d.error(err.code, err.detail, err.range),
        }
    }
    if let Some(attribute) = content.attribute("outputs") {
        object_without_variables(d, attribute);
    }
    out
}

/// `decodeMockProviderBlock`: the provider's key (`name.alias`), unless
/// its name is invalid.
fn decode_mock_provider(d: &mut Decoder<'_>, block: &AnyBlock) -> Option<String> {
    let content = d.content(&block.body, &MOCK_PROVIDER_SCHEMA);
    let name = block.labels.first()?;
    if !check_provider_name_normalized(d, name, block.def_range) {
        return None;
    }
    let mut alias = String::new();
    if let Some(attribute) = content.attribute("alias")
        && let Some(expr) = &attribute.expr
    {
        alias = d.literal_string(attribute).unwrap_or_default();
        if !is_valid_identifier(&alias) {
            d.error(
                Code::InvalidMockProviderAlias,
                format!("An alias must be a valid name. {BAD_IDENTIFIER_DETAIL}"),
                expr.range(),
            );
        }
    }
    require_alias_for_for_each(d, &alias, &content);

    // `validateMockResources` and `validateOverrideResources`, over the
    // nested blocks that decoded without errors.
    let mut mocked: Vec<(&str, String)> = Vec::new();
    let mut overridden: Vec<(&str, String)> = Vec::new();
    let mut duplicates = Vec::new();
    for inner in &content.blocks {
        let before = d.error_count();
        match inner.type_name.as_str() {
            kind @ ("mock_resource" | "mock_data") => {
                let inner_content = d.content(&inner.body, &MOCK_RESOURCE_SCHEMA);
                if let Some(attribute) = inner_content.attribute("defaults") {
                    object_without_variables(d, attribute);
                }
                let ty = inner.labels.first().cloned().unwrap_or_default();
                if d.error_count() == before {
                    let kind = if kind == "mock_data" {
                        "mock_data"
                    } else {
                        "mock_resource"
                    };
                    mocked.push((kind, ty));
                }
            }
            "override_resource" | "override_data" => {
                let res = decode_override_resource(d, inner);
                if d.error_count() == before
                    && let Some(res) = res
                {
                    overridden.push((res.block_name, res.target));
                }
            }
            _ => {}
        }
    }
    let mut seen: Vec<&(&str, String)> = Vec::new();
    for entry in &mocked {
        if seen.contains(&entry) {
            let (kind, ty) = entry;
            duplicates.push((
                format!("Duplicated `{kind}` block"),
                format!("`{kind}.{ty}` is already defined in `mock_provider` block."),
            ));
            continue;
        }
        seen.push(entry);
    }
    // Keyed by the target alone, whatever the block type.
    let mut targets: Vec<&str> = Vec::new();
    for (kind, target) in &overridden {
        if targets.contains(&target.as_str()) {
            duplicates.push((
                format!("Duplicated `{kind}` block"),
                format!(
                    "`{kind}` with target `{target}` is already defined in `mock_provider` block."
                ),
            ));
            continue;
        }
        targets.push(target);
    }
    for (summary, detail) in duplicates {
        d.error_named(Code::DuplicatedTestBlock, summary, detail, block.def_range);
    }
    Some(match alias.is_empty() {
        true => name.clone(),
        false => format!("{name}.{alias}"),
    })
}

/// `parseObjectAttrWithNoVariables`: a constant object.
fn object_without_variables(d: &mut Decoder<'_>, attribute: &AnyAttribute) {
    let Some(expr) = &attribute.expr else {
        return;
    };
    let before = d.error_count();
    let value = d.constant(expr);
    if d.error_count() > before {
        return;
    }
    if !value.ty().is_object() {
        d.error(
            Code::ObjectExpected,
            format!("The attribute `{}` must be an object.", attribute.name),
            attribute.range,
        );
    }
}

/// An override's target.
enum Target {
    Static(Traversal),
    /// A traversal with a splat, only where patterns are allowed.
    Pattern(TextRange),
}

/// `hcl.AbsTraversalForExpr` (or, with `pattern`, the pattern form):
/// the traversal, or its error reported.
fn target_traversal(d: &mut Decoder<'_>, expr: &AnyExpr, pattern: bool) -> Option<Target> {
    if pattern
        && let AnyExpr::Native(native) = expr
        && native
            .syntax()
            .descendants()
            .any(|node| node.kind() == tofu_syntax::SyntaxKind::SPLAT_EXPR)
    {
        return Some(Target::Pattern(expr.range()));
    }
    d.abs_traversal(&ShimmedTraversal::Expr(expr.clone()))?;
    traversal_at(&ShimmedTraversal::Expr(expr.clone())).map(Target::Static)
}

/// `decodeDependsOn`, keeping the traversals.
fn decode_traversal_list(d: &mut Decoder<'_>, attribute: &AnyAttribute) -> Vec<Traversal> {
    let Some(expr) = attribute.expr.as_ref() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for element in d.expr_list(expr) {
        let element = d.shim_traversal_in_string(element, false);
        if d.abs_traversal(&element).is_some()
            && let Some(traversal) = traversal_at(&element)
        {
            found.push(traversal);
        }
    }
    found
}

/// The steps of an expression [`Decoder::abs_traversal`] accepted, with
/// their ranges in the file.
fn traversal_at(element: &ShimmedTraversal) -> Option<Traversal> {
    match element {
        ShimmedTraversal::Expr(AnyExpr::Native(expr)) => traversal_of(expr, 0.into(), false),
        ShimmedTraversal::Expr(AnyExpr::Json(value)) => {
            let JsonValue::Scalar(scalar) = value else {
                return None;
            };
            let text = scalar.as_str()?;
            text_traversal(&text, value.text_range().start() + TextSize::from(1))
        }
        ShimmedTraversal::Text(text, range) => {
            text_traversal(text, range.start() + TextSize::from(1))
        }
    }
}

fn text_traversal(text: &str, by: TextSize) -> Option<Traversal> {
    let parse = tofu_syntax::parse_expression(text, "");
    if !parse.errors().is_empty() {
        return None;
    }
    let expr = ExpressionFile::cast(parse.syntax())?.expr()?;
    traversal_of(&expr, by, true)
}

/// An address as OpenTofu prints it (`module.a["k"].aws_instance.b[0]`).
fn address_string(traversal: &Traversal) -> String {
    let mut out = String::new();
    for (step, _) in &traversal.steps {
        match step {
            Step::Root(name) => out.push_str(name),
            Step::Attr(name) => {
                out.push('.');
                out.push_str(name);
            }
            Step::Index(Key::Str(key)) => {
                out.push('[');
                out.push_str(&tofu_syntax::quote::go_quote(key));
                out.push(']');
            }
            Step::Index(Key::Num(key)) => {
                out.push('[');
                out.push_str(key);
                out.push(']');
            }
            Step::Index(Key::Other) => out.push_str("[?]"),
        }
    }
    out
}

#[cfg(test)]
mod tests;
