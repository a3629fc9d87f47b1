//! Lints of what blocks declare, in either syntax: tflint's
//! `terraform_module_pinned_source`, `terraform_module_version`,
//! `terraform_required_version`, `terraform_required_providers`,
//! `terraform_unused_required_providers` and `terraform_typed_variables`.

use std::collections::BTreeMap;

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_syntax::body::{AnyBlock, AnyExpr, SourceText};
use tofu_syntax::json::JsonValue;

use super::{top_blocks, warning};
use crate::addrs::module_source::{ModuleSource, parse_module_source};
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, SourceFile, Workspace};

const BLOCKS: &[(&str, &[&str])] = &[
    ("terraform", &[]),
    ("variable", &["name"]),
    ("module", &["name"]),
    ("provider", &["name"]),
    ("resource", &["type", "name"]),
    ("data", &["type", "name"]),
    ("ephemeral", &["type", "name"]),
];

/// Branch names that move: a ref naming one is not a pin.
const DEFAULT_BRANCHES: [&str; 5] = ["main", "master", "develop", "trunk", "default"];

pub(super) fn lint(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
    out: &mut Vec<Diagnostic>,
) {
    let files: Vec<SourceFile> = module
        .files(db)
        .iter()
        .copied()
        .filter(|f| f.exists(db))
        .collect();
    let Some(&first_file) = files.first() else {
        return;
    };
    let mut has_required_version = false;
    let mut first_terraform: Option<(SourceFile, TextRange)> = None;
    // Local name -> (has a version constraint, where the entry is).
    let mut required: BTreeMap<String, (bool, SourceFile, TextRange)> = BTreeMap::new();
    // Local name -> where it is first used.
    let mut used: BTreeMap<String, (SourceFile, TextRange)> = BTreeMap::new();
    for &file in &files {
        let text = crate::input::contents(db, file);
        let source = SourceText::new(text, file.path(db));
        for block in top_blocks(db, file, BLOCKS) {
            match block.type_name.as_str() {
                "terraform" => {
                    first_terraform.get_or_insert((file, block.def_range));
                    has_required_version |=
                        block.body.attribute("required_version", &source).is_some();
                    requirements(&block, &source, file, &mut required);
                }
                "variable" if block.body.attribute("type", &source).is_none() => {
                    out.push(warning(
                        Code::UntypedVariable,
                        format!("The variable {:?} has no type: give it one, so that callers and the analyzer know what it takes.", label(&block, 0)),
                        file,
                        block.def_range,
                    ));
                }
                "module" => {
                    module_source(&block, &source, file, out);
                    for name in passed_providers(&block, &source) {
                        used.entry(name).or_insert((file, block.def_range));
                    }
                }
                "provider" => {
                    used.entry(label(&block, 0))
                        .or_insert((file, block.def_range));
                }
                "resource" | "data" | "ephemeral" => {
                    let name = resource_provider(&block, &source);
                    if let Some(name) = name {
                        used.entry(name).or_insert((file, block.def_range));
                    }
                }
                _ => {}
            }
        }
    }
    if !has_required_version {
        let (file, range) = first_terraform.unwrap_or((first_file, TextRange::empty(0.into())));
        out.push(warning(
            Code::MissingRequiredVersion,
            "The module does not say which OpenTofu versions it works with: set required_version in a terraform block.".to_owned(),
            file,
            range,
        ));
    }
    for (name, (file, range)) in &used {
        // The built-in provider needs no requirement.
        if name == "terraform" {
            continue;
        }
        match required.get(name) {
            Some((true, _, _)) => {}
            Some((false, entry_file, entry_range)) => out.push(warning(
                Code::MissingProviderRequirement,
                format!("The required_providers entry for {name:?} has no version constraint: add one, so that an upgrade of the provider cannot surprise you."),
                *entry_file,
                *entry_range,
            )),
            None => out.push(warning(
                Code::MissingProviderRequirement,
                format!("The provider {name:?} is used without a required_providers entry: add one with its source and a version constraint."),
                *file,
                *range,
            )),
        }
    }
    // A requirement also constrains the modules this one calls, which use
    // its default configurations: their providers count, and a call that
    // cannot be followed could use any.
    let mut called_modules_use: std::collections::BTreeSet<String> = Default::default();
    let calls = crate::calls::module_calls(db, module);
    let targets = crate::call_tree::call_targets(db, workspace, module);
    if calls
        .iter()
        .any(|call| !targets.iter().any(|(name, _)| *name == call.name))
    {
        return;
    }
    for (_, child) in targets {
        called_modules_use.extend(provider_names(db, *child));
    }
    for (name, (_, file, range)) in &required {
        if !used.contains_key(name) && !called_modules_use.contains(name) {
            out.push(warning(
                Code::UnusedRequiredProvider,
                format!("The provider {name:?} is required, but no resource, data source, provider configuration or module call of this module uses it."),
                *file,
                *range,
            ));
        }
    }
}

fn label(block: &AnyBlock, index: usize) -> String {
    block.labels.get(index).cloned().unwrap_or_default()
}

/// The entries of the `required_providers` blocks of a `terraform` block:
/// whether each has a version constraint (a string alone is one, the
/// legacy form).
fn requirements(
    block: &AnyBlock,
    source: &SourceText<'_>,
    file: SourceFile,
    out: &mut BTreeMap<String, (bool, SourceFile, TextRange)>,
) {
    let schema = [tofu_syntax::body::BlockSchema {
        type_name: "required_providers",
        labels: &[],
    }];
    let (content, _, _) = block
        .body
        .partial_content(&tofu_syntax::body::BodySchema::new(&[], &schema), source);
    for required in content.blocks {
        let (attributes, _) = required.body.just_attributes(source);
        for attribute in attributes {
            let versioned = attribute.expr.as_ref().is_some_and(has_version);
            out.entry(attribute.name.clone())
                .or_insert((versioned, file, attribute.range));
        }
    }
}

/// Whether a `required_providers` entry's value has a version: an object
/// with a `version` key, or a string (the legacy form).
fn has_version(expr: &AnyExpr) -> bool {
    match expr {
        AnyExpr::Native(Expr::Object(object)) => object.items().any(|item| {
            item.key().is_some_and(|key| {
                key.syntax().text().to_string().trim().trim_matches('"') == "version"
            })
        }),
        AnyExpr::Native(Expr::Template(_)) => true,
        AnyExpr::Json(JsonValue::Object(object)) => object
            .members()
            .any(|member| member.name().as_deref() == Some("version")),
        AnyExpr::Json(JsonValue::Scalar(scalar)) => scalar.as_str().is_some(),
        _ => false,
    }
}

/// The local provider names a module call's `providers` passes down from
/// this module (`{ aws = aws.west }` uses `aws`).
fn passed_providers(block: &AnyBlock, source: &SourceText<'_>) -> Vec<String> {
    let Some(expr) = block
        .body
        .attribute("providers", source)
        .and_then(|a| a.expr)
    else {
        return Vec::new();
    };
    match expr {
        AnyExpr::Native(Expr::Object(object)) => object
            .items()
            .filter_map(|item| item.value())
            .filter_map(|value| provider_reference(&AnyExpr::Native(value)))
            .collect(),
        AnyExpr::Json(JsonValue::Object(object)) => object
            .members()
            .filter_map(|member| member.value())
            .filter_map(|value| provider_reference(&AnyExpr::Json(value)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The local name of a provider reference (`aws.west`, or `"aws.west"`
/// in JSON).
fn provider_reference(expr: &AnyExpr) -> Option<String> {
    let text = match expr {
        AnyExpr::Native(expr) => expr.syntax().text().to_string(),
        AnyExpr::Json(JsonValue::Scalar(scalar)) => scalar.as_str()?.into_owned(),
        AnyExpr::Json(_) => return None,
    };
    let name = text.trim().split('.').next()?.to_owned();
    (!name.is_empty()).then_some(name)
}

/// `terraform_module_pinned_source` and `terraform_module_version`.
fn module_source(
    block: &AnyBlock,
    source: &SourceText<'_>,
    file: SourceFile,
    out: &mut Vec<Diagnostic>,
) {
    let Some(raw) = block
        .body
        .attribute("source", source)
        .and_then(|a| a.expr)
        .and_then(|expr| string_value(&expr))
    else {
        return;
    };
    let name = label(block, 0);
    let has_version = block.body.attribute("version", source).is_some();
    match parse_module_source(&raw) {
        Ok(ModuleSource::Registry { .. }) if !has_version => out.push(warning(
            Code::MissingModuleVersion,
            format!("The module {name:?} comes from the registry without a version constraint: set version, so that a new release cannot change it under you."),
            file,
            block.def_range,
        )),
        Ok(ModuleSource::Remote { package, .. }) => {
            let (pin_key, kind) = if package.starts_with("git::") {
                ("ref", "Git")
            } else if package.starts_with("hg::") {
                ("rev", "Mercurial")
            } else {
                return;
            };
            let pin = package
                .split_once('?')
                .into_iter()
                .flat_map(|(_, query)| query.split('&'))
                .find_map(|pair| pair.strip_prefix(pin_key)?.strip_prefix('='))
                .map(str::to_owned);
            let detail = match pin {
                None => format!("The {kind} source of module {name:?} is not pinned: add ?{pin_key}= with a tag or a commit, so that new commits cannot change it under you."),
                Some(pin) if DEFAULT_BRANCHES.contains(&pin.as_str()) => format!("The {kind} source of module {name:?} is pinned to the branch {pin:?}, which moves: pin a tag or a commit instead."),
                Some(_) => return,
            };
            out.push(warning(Code::UnpinnedModuleSource, detail, file, block.def_range));
        }
        _ => {}
    }
}

/// A constant string: a native template without interpolations, or a
/// JSON string without template sequences.
fn string_value(expr: &AnyExpr) -> Option<String> {
    match expr {
        AnyExpr::Native(Expr::Template(template)) => template.as_string_literal(),
        AnyExpr::Json(JsonValue::Scalar(scalar)) => scalar
            .as_str()
            .filter(|s| !s.contains("${"))
            .map(|s| s.into_owned()),
        _ => None,
    }
}

/// The local name of the provider a resource, data or ephemeral block
/// uses: its `provider` argument's, else its type's prefix.
fn resource_provider(block: &AnyBlock, source: &SourceText<'_>) -> Option<String> {
    match block
        .body
        .attribute("provider", source)
        .and_then(|a| a.expr)
    {
        Some(expr) => provider_reference(&expr),
        None => label(block, 0).split('_').next().map(str::to_owned),
    }
}

/// The provider local names a module requires or uses (its resources'
/// providers, its provider configurations): what a caller's requirement
/// of the same name constrains.
fn provider_names(db: &dyn salsa::Database, module: ModuleDir) -> Vec<String> {
    let mut out = Vec::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        let text = crate::input::contents(db, file);
        let source = SourceText::new(text, file.path(db));
        for block in top_blocks(db, file, BLOCKS) {
            match block.type_name.as_str() {
                "terraform" => {
                    let mut required = BTreeMap::new();
                    requirements(&block, &source, file, &mut required);
                    out.extend(required.into_keys());
                }
                "provider" => out.push(label(&block, 0)),
                "resource" | "data" | "ephemeral" => {
                    let name = resource_provider(&block, &source);
                    out.extend(name);
                }
                _ => {}
            }
        }
    }
    out
}
