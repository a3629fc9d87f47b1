//! Resources without a provider: each instance an object whose
//! configured arguments are known where their expressions are, and whose
//! other attributes are unknown until apply.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use tofu_diagnostics::{Code, Severity};
use tofu_syntax::body::{AnyBody, AnyExpr};
use tofu_syntax::{TextRange, ast};
use tofu_types::{Mark, Value};

use super::nested_blocks::{
    NestedBlocks, generated_block_type, json_block_types, nested_block_diagnostics,
};
use super::scope::{Reading, evaluate_as};
use super::syntax::{block_body, merge_order, merged_arguments};
use super::{Evaluated, Evaluation, InstanceAddr, InstanceKey, resource_expansion};
use crate::config::model::Instances;
use crate::config::module_call::static_value;
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::diagnostics::Diagnostic;
use crate::input::ModuleDir;
use crate::provider_schemas::checks::spec_type;
use crate::provider_schemas::ephemeral::{self, non_write_only_ephemeral_paths};
use crate::provider_schemas::values::{
    nested_block_type, planned_attribute, resource_schema, unknown_value, with_deprecation_marks,
};

/// Arguments of a resource block that are OpenTofu's, not the
/// resource's.
const META_ARGUMENTS: &[&str] = &["count", "for_each", "provider", "depends_on"];

fn cycle_resource(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _ev: Evaluation,
    _addr: InstanceAddr,
    _kind: DeclKind,
) -> Evaluated {
    Evaluated::unknown()
}

/// The value of resource `kind` of instance `addr`: one object, a tuple
/// of them with `count`, an object of them with `for_each`, unknown when
/// its instances are not known. Ephemeral resources' values are
/// ephemeral. Its arguments are evaluated for each instance (once, with
/// unknown keys, when the instances are not known), and what that
/// reports is the resource's.
#[salsa::tracked(returns(ref), cycle_result = cycle_resource)]
pub fn resource_value(
    db: &dyn salsa::Database,
    ev: Evaluation,
    addr: InstanceAddr,
    kind: DeclKind,
) -> Evaluated {
    let Some(module) = addr.module() else {
        return Evaluated::unknown();
    };
    let Some(decl) = super::instances::instance_declaration(db, &addr, &kind) else {
        return Evaluated::unknown();
    };
    // In a ring, or above a chain too long to evaluate.
    if crate::chains::reference_chains(db, module).skips(&kind) {
        return Evaluated::unknown();
    }
    // With its provider's schema, the resource is an object of the
    // schema's type; without, an object of whatever is asked of it.
    let schema = resource_schema(db, ev.workspace(db), module, &kind);
    // In JSON, the schema tells the nested blocks from the arguments;
    // those are evaluated with the other blocks.
    let is_json_block = |expr: &AnyExpr, name: &str| {
        matches!(expr, AnyExpr::Json(_))
            && schema.is_some_and(|schema| {
                !schema.attributes.contains_key(name)
                    && (name == "dynamic" || schema.block_types.contains_key(name))
            })
    };
    let attributes: Vec<_> = merged_arguments(db, module, decl)
        .into_iter()
        .filter(|(_, name, expr)| {
            !META_ARGUMENTS.contains(&name.as_str()) && !is_json_block(expr, name)
        })
        .collect();
    // Only a plan reads resources' values (`validate` and the console take
    // them as unknown): otherwise their arguments are evaluated for what
    // that reports, and no object is built.
    let plan = ev.mode(db) == super::EvalMode::Plan;
    let no_names = std::collections::BTreeSet::new();
    let unknown_attributes = if plan && schema.is_none() {
        attribute_names(db, module)
    } else {
        &no_names
    };
    let expansion = resource_expansion(db, ev, addr.clone(), kind.clone());
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    // Ephemeral resources take any value (`validEphemeralReferences`).
    let ephemeral_context = matches!(kind, DeclKind::EphemeralResource { .. });
    let nested = nested_bodies(db, module, decl, schema);
    // A resource whose whole object the configuration passes on (to an
    // output, a local, a function) may be asked for any attribute its
    // schema has, wherever it goes: each instance is unknown then.
    let passed_whole =
        plan && schema.is_none() && whole_resource_references(db, module).contains(&kind);
    let mut instance = |key: &InstanceKey| {
        let keys = expansion.key_data(key);
        let mut object: BTreeMap<String, Value> = unknown_attributes
            .iter()
            .map(|name| (name.clone(), Value::dynamic()))
            .collect();
        let mut configured: BTreeMap<&str, Value> = BTreeMap::new();
        for (file, name, expr) in &attributes {
            let (value, found) =
                evaluate_as(db, ev, &addr, *file, expr, &keys, Reading::BodyArgument);
            let failed = found.iter().any(|d| d.severity == Severity::Error);
            diagnostics.extend(found);
            let attribute = schema.and_then(|s| s.attributes.get(name.as_str()));
            // `validEphemeralReferences`: with the schema, at each
            // attribute the value holds an ephemeral value under; without,
            // at the argument.
            let ephemeral_paths = match attribute {
                _ if ephemeral_context => Vec::new(),
                Some(attribute) => non_write_only_ephemeral_paths(name, attribute, &value),
                None if !is_write_only(name) && value.has_mark_deep(Mark::Ephemeral) => {
                    vec![format!(".{name}")]
                }
                None => Vec::new(),
            };
            if let Some(attribute) = attribute
                && !failed
                && static_value(expr).is_none()
                && let Err(error) = tofu_types::convert(&value, &spec_type(attribute))
            {
                // `hcldec`'s conversion of the argument to its type (the
                // schema checks report it for constants).
                diagnostics.push(Diagnostic::error_in(
                    Code::IncorrectAttributeValueType,
                    format!(
                        "Inappropriate value for attribute {}: {}.",
                        tofu_syntax::quote::go_quote(name),
                        error.message
                    ),
                    *file,
                    expr.range(),
                ));
            }
            for path in ephemeral_paths {
                let at = ephemeral::subject(expr, path == format!(".{name}"));
                diagnostics.push(Diagnostic::error_in(
                    Code::EphemeralValueUsedInNonEphemeralContext,
                    format!(
                        "Attribute \"{path}\" is referencing an ephemeral value but ephemeral values can be referenced only by other ephemeral attributes or by write-only ones."
                    ),
                    *file,
                    at,
                ));
            }
            if schema.is_some() {
                configured.insert(name, value);
                continue;
            }
            // Without the provider's schema, an argument set to null may
            // be one the provider computes: the plan knows it only then.
            let value = if plan && value.is_null() {
                Value::dynamic().with_marks(value.marks())
            } else {
                value
            };
            object.insert(name.to_string(), value);
        }
        let mut evaluated: HashMap<(crate::input::SourceFile, TextRange), Value> = HashMap::new();
        for (file, body, types) in &nested {
            let (found, values) = nested_block_diagnostics(
                db,
                ev,
                &addr,
                *file,
                NestedBlocks {
                    body,
                    wanted: &|ty| types.contains(ty),
                    schema,
                    check_ephemeral: schema.is_some() && !ephemeral_context,
                },
                &keys,
            );
            diagnostics.extend(found);
            evaluated.extend(
                values
                    .into_iter()
                    .map(|(range, value)| ((*file, range), value)),
            );
        }
        // Outside a plan the value is not read (see above).
        if passed_whole || !plan {
            return Value::dynamic();
        }
        if let Some(schema) = schema {
            let blocks = planned_nested_blocks(
                &PlannedBlocks {
                    db,
                    ev,
                    addr: &addr,
                    keys: &keys,
                    evaluated: &evaluated,
                },
                &nested
                    .iter()
                    .filter_map(|(file, body, types)| Some((*file, body.as_native()?, Some(types))))
                    .collect::<Vec<_>>(),
                schema,
            );
            return with_deprecation_marks(
                schema,
                planned_value(schema, configured, blocks),
                &addr.to_string(),
                &format!("{}{key}", kind.address()),
            );
        }
        Value::object(object)
    };
    let mut value = match &expansion.keys {
        None => {
            instance(&InstanceKey::Unknown);
            Value::dynamic()
        }
        Some(keys) if !plan => {
            for (key, _) in keys {
                instance(key);
            }
            match (schema, expansion.kind) {
                (Some(schema), Instances::Single) => unknown_value(schema),
                _ => Value::dynamic(),
            }
        }
        Some(keys) => match expansion.kind {
            Instances::Single => instance(&InstanceKey::None),
            Instances::Count => Value::tuple(keys.iter().map(|(k, _)| instance(k)).collect()),
            Instances::ForEach => {
                let mut entries = Vec::new();
                for (key, _) in keys {
                    let name = match key {
                        InstanceKey::Str(s) => s.clone(),
                        other => other.to_string(),
                    };
                    entries.push((name, instance(key)));
                }
                Value::object(entries)
            }
        },
    };
    if matches!(kind, DeclKind::EphemeralResource { .. }) {
        value = value.mark(Mark::Ephemeral);
    }
    crate::diagnostics::dedupe(&mut diagnostics);
    Evaluated { value, diagnostics }
}

/// A resource as `validate` and the console see it, without state
/// (`GetResource`'s validate walk): with its provider's schema, a single
/// instance is the schema's unknown object, its sensitive attributes
/// marked; anything else is unknown. Ephemeral resources' values are
/// ephemeral.
pub(crate) fn unplanned_resource_value(
    db: &dyn salsa::Database,
    workspace: crate::input::Workspace,
    module: ModuleDir,
    module_instance: &str,
    kind: &DeclKind,
) -> Value {
    let single = crate::declarations::module::module_declaration(db, module, kind)
        .is_some_and(|d| d.instances == Instances::Single);
    let value = match resource_schema(db, workspace, module, kind) {
        Some(schema) if single => with_deprecation_marks(
            schema,
            unknown_value(schema),
            module_instance,
            &kind.address(),
        ),
        _ => Value::dynamic(),
    };
    if matches!(kind, DeclKind::EphemeralResource { .. }) {
        value.mark(Mark::Ephemeral)
    } else {
        value
    }
}

/// A resource instance's (or nested block's) planned value without its
/// provider: each attribute as [`planned_attribute`] gives it from what
/// is `configured`, each nested block type as `blocks` has it, else
/// unknown.
fn planned_value(
    schema: &tofu_provider_schema::Block,
    mut configured: BTreeMap<&str, Value>,
    mut blocks: BTreeMap<String, Value>,
) -> Value {
    let mut object: BTreeMap<&str, Value> = BTreeMap::new();
    for (name, attribute) in &schema.attributes {
        let value = configured.remove(name.as_str());
        object.insert(name, planned_attribute(attribute, value));
    }
    for (name, nested) in &schema.block_types {
        if !schema.attributes.contains_key(name) {
            let value = blocks
                .remove(name)
                .unwrap_or_else(|| Value::unknown(nested_block_type(nested)));
            object.insert(name, value);
        }
    }
    Value::object(object)
}

/// What building nested blocks' planned values evaluates in.
struct PlannedBlocks<'a> {
    db: &'a dyn salsa::Database,
    ev: Evaluation,
    addr: &'a InstanceAddr,
    keys: &'a super::scope::KeyData,
    /// The arguments' values that evaluating the blocks for their
    /// diagnostics found, by file and range: not evaluated again.
    evaluated: &'a HashMap<(crate::input::SourceFile, TextRange), Value>,
}

/// The planned values of the nested block types of `schema` that the
/// `bodies` (each with its file, and the block types it owns after
/// override merging) write as static blocks, as a provider without
/// changes plans them: the configured blocks as configured, computed
/// attributes unknown. A type that a `dynamic` block generates, that the
/// configuration leaves out, or whose blocks' attribute types are not all
/// exact, is left out (unknown).
fn planned_nested_blocks<'b>(
    at: &PlannedBlocks<'_>,
    bodies: &[(
        crate::input::SourceFile,
        &'b ast::Body,
        Option<&'b HashSet<String>>,
    )],
    schema: &tofu_provider_schema::Block,
) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for (name, nested) in &schema.block_types {
        if schema.attributes.contains_key(name) || nested_block_type(nested).has_dynamic_types() {
            continue;
        }
        let owner = bodies
            .iter()
            .find(|(_, _, types)| types.is_none_or(|types| types.contains(name)));
        let mut values: Vec<(Option<String>, Value)> = Vec::new();
        let mut unknown = false;
        if let Some((file, body, _)) = owner {
            for block in body.blocks() {
                if generated_block_type(&block).as_deref() != Some(name.as_str()) {
                    continue;
                }
                // Blocks a `dynamic` block generates, or a block without
                // a body, leave the type unknown.
                let is_dynamic = block.block_type().is_some_and(|t| t.text() == "dynamic");
                let Some(inner) = block.body().filter(|_| !is_dynamic) else {
                    unknown = true;
                    break;
                };
                let label = block.labels().next().map(|l| l.value());
                values.push((label, planned_block(at, *file, &inner, &nested.block)));
            }
        }
        // A block type the configuration leaves out may be one the
        // provider computes (SDKv2's optional and computed blocks, which
        // the schema does not tell apart): unknown.
        if unknown || values.is_empty() {
            continue;
        }
        let Some(value) = collected_blocks(nested.nesting, values) else {
            continue;
        };
        out.insert(name.clone(), value);
    }
    out
}

/// The value of a nested block type of mode `nesting` from its blocks'
/// values (with their labels): the one block, or a list, set or map of
/// them; `None` where they do not make one (element types that differ, a
/// map block without a label).
fn collected_blocks(
    nesting: tofu_provider_schema::NestingMode,
    mut values: Vec<(Option<String>, Value)>,
) -> Option<Value> {
    use tofu_provider_schema::NestingMode;
    if let NestingMode::Single | NestingMode::Group = nesting {
        return values.pop().map(|(_, value)| value);
    }
    let elements: Vec<Value> = values.iter().map(|(_, v)| v.clone()).collect();
    if !Value::can_list(&elements) {
        return None;
    }
    Some(match nesting {
        NestingMode::List => Value::list(elements),
        NestingMode::Set => Value::set(elements),
        _ => Value::map(
            values
                .into_iter()
                .map(|(label, value)| Some((label?, value)))
                .collect::<Option<Vec<_>>>()?,
        ),
    })
}

/// One static nested block's planned value: its arguments evaluated (what
/// that reports is reported where the blocks are evaluated for their
/// diagnostics), its own nested blocks in turn.
fn planned_block(
    at: &PlannedBlocks<'_>,
    file: crate::input::SourceFile,
    body: &ast::Body,
    schema: &tofu_provider_schema::Block,
) -> Value {
    let mut configured: BTreeMap<&str, Value> = BTreeMap::new();
    for attribute in body.attributes() {
        let (Some(name), Some(expr)) = (attribute.name(), attribute.expr()) else {
            continue;
        };
        let Some((name, _)) = schema.attributes.get_key_value(name.text()) else {
            continue;
        };
        let expr = AnyExpr::Native(expr);
        let value = match at.evaluated.get(&(file, expr.range())) {
            Some(value) => value.clone(),
            None => {
                evaluate_as(
                    at.db,
                    at.ev,
                    at.addr,
                    file,
                    &expr,
                    at.keys,
                    Reading::BodyArgument,
                )
                .0
            }
        };
        configured.insert(name.as_str(), value);
    }
    let blocks = planned_nested_blocks(at, &[(file, body, None)], schema);
    planned_value(schema, configured, blocks)
}

/// Whether an argument is write-only, and so may take an ephemeral value.
/// Without the provider's schema this goes by the providers' convention of
/// naming write-only attributes `*_wo`.
fn is_write_only(name: &str) -> bool {
    name.ends_with("_wo")
}

/// Every name that follows a `.` in a module's files, except where the
/// `.` follows a root that names a declaration rather than a value
/// (`local.NAME`, `var.NAME`, `module.NAME`, `data.TYPE`, `TYPE.NAME` of
/// a resource type the module declares, `count.index`...): what any
/// expression of the module may ask of a resource. Resources have these
/// attributes, unknown unless configured, since without the provider's
/// schema nothing says which attributes they have. An attribute is only
/// ever asked of a resource through a step that is not a root's first
/// (`aws_instance.a.id`, `r.id` of a resource taken whole), so leaving
/// out declaration names loses none, and keeps a module of thousands of
/// resources or locals from giving each resource thousands of attributes.
#[salsa::tracked(returns(ref))]
pub fn attribute_names(db: &dyn salsa::Database, module: ModuleDir) -> BTreeSet<String> {
    let mut roots: HashSet<&str> = [
        "local",
        "var",
        "module",
        "data",
        "ephemeral",
        "count",
        "each",
        "path",
        "terraform",
        "tofu",
    ]
    .into_iter()
    .collect();
    let declarations = module_declarations(db, module);
    roots.extend(declarations.iter().filter_map(|d| match &d.kind {
        DeclKind::ManagedResource { ty, .. } => Some(ty.as_str()),
        _ => None,
    }));
    let is_name_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
    let mut out = BTreeSet::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        let text = crate::input::contents(db, file).as_bytes();
        let mut i = 0;
        while i < text.len() {
            if text[i] == b'.'
                && let Some(&first) = text.get(i + 1)
                && (first.is_ascii_alphabetic() || first == b'_')
            {
                let start = i + 1;
                let mut end = start;
                while end < text.len() && is_name_byte(text[end]) {
                    end += 1;
                }
                // The identifier before the `.`, and whether it is a root
                // (nothing but the start of a traversal before it).
                let mut before = i;
                while before > 0 && is_name_byte(text[before - 1]) {
                    before -= 1;
                }
                let after_root = before < i
                    && (before == 0 || text[before - 1] != b'.')
                    && std::str::from_utf8(&text[before..i]).is_ok_and(|r| roots.contains(r));
                if !after_root && let Ok(name) = std::str::from_utf8(&text[start..end]) {
                    out.insert(name.to_owned());
                }
                i = end;
            } else {
                i += 1;
            }
        }
    }
    out
}

/// Whether the resource has a nested block (or a `dynamic` block that
/// generates blocks) of type `name`, in any of its bodies.
pub(crate) fn has_nested_block(
    db: &dyn salsa::Database,
    module: crate::input::ModuleDir,
    decl: &crate::declarations::Declaration,
    name: &str,
) -> bool {
    nested_bodies(db, module, decl, None)
        .iter()
        .any(|(_, _, types)| types.contains(name))
}

/// The resources of a module that some reference takes whole, or whole
/// instances of, rather than an attribute (`value = aws_instance.a`,
/// `local.n = aws_instance.a[0]`, `{ for k, v in aws_instance.a : ... }`):
/// their values leave what the module's own text says of them. A splat
/// followed by an attribute (`aws_instance.a[*].id`) takes an attribute of
/// each instance, and `depends_on` takes no value.
#[salsa::tracked(returns(ref))]
pub fn whole_resource_references(
    db: &dyn salsa::Database,
    module: crate::input::ModuleDir,
) -> BTreeSet<DeclKind> {
    let mut out = BTreeSet::new();
    for reference in crate::references::module_checked_references(db, module) {
        let crate::references::Subject::Declared(
            kind @ (DeclKind::ManagedResource { .. }
            | DeclKind::DataResource { .. }
            | DeclKind::EphemeralResource { .. }),
        ) = &reference.subject
        else {
            continue;
        };
        if reference.context.depends_on || reference.remaining.first_attribute.is_some() {
            continue;
        }
        let text = crate::input::contents(db, reference.file);
        let after = text
            .get(usize::from(reference.range.end())..)
            .unwrap_or_default()
            .trim_start();
        let attribute_of_each = ["[*]", ".*"].iter().any(|splat| {
            after.strip_prefix(splat).is_some_and(|rest| {
                rest.trim_start()
                    .strip_prefix('.')
                    .is_some_and(|name| name.starts_with(|c: char| c.is_alphabetic() || c == '_'))
            })
        });
        if !attribute_of_each {
            out.insert(kind.clone());
        }
    }
    out
}

/// The native bodies whose nested blocks the resource has, with the block
/// types each gives: an override file's blocks of a type replace all the
/// blocks of that type before them (`MergeBodies`), so each type comes
/// from the last body that has blocks of it.
fn nested_bodies(
    db: &dyn salsa::Database,
    module: crate::input::ModuleDir,
    decl: &crate::declarations::Declaration,
    schema: Option<&tofu_provider_schema::Block>,
) -> Vec<(crate::input::SourceFile, AnyBody, HashSet<String>)> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for block in merge_order(db, module, decl).rev() {
        let Some(body) = block_body(db, block.file, block.range(db)) else {
            continue;
        };
        let types: Vec<String> = match (body.as_native(), schema) {
            (Some(native), _) => native
                .blocks()
                .filter_map(|b| generated_block_type(&b))
                .collect(),
            (None, Some(schema)) => json_block_types(db, block.file, &body, schema),
            (None, None) => continue,
        };
        let types: HashSet<String> = types
            .into_iter()
            .filter(|ty| seen.insert(ty.clone()))
            .collect();
        out.push((block.file, body, types));
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use crate::db::Database;
    use crate::input::{ModuleDir, SourceFile};

    fn attribute_names(text: &str) -> Vec<String> {
        let db = Database::default();
        let file = SourceFile::new(&db, "m/main.tf".to_owned(), text.to_owned(), true);
        let module = ModuleDir::new(&db, "m".to_owned(), vec![file], Vec::new());
        super::attribute_names(&db, module)
            .iter()
            .cloned()
            .collect()
    }

    #[test]
    fn declaration_names_are_not_attribute_names() {
        let text = r#"
resource "t" "r1" {}
resource "t" "data" {
  input = [t.r1.out, t.data.id, data.d.x.arn, local.l, var.v.tags.Name]
}
locals {
  l = module.m.o
  w = [for r in t.r1 : r.zone]
  c = "${each.value.port} ${count.index} ${path.module} ${self.private_ip}"
}
"#;
        assert_eq!(
            attribute_names(text),
            [
                "Name",
                "arn",
                "id",
                "o",
                "out",
                "port",
                "private_ip",
                "tags",
                "x",
                "zone"
            ]
        );
    }
}
