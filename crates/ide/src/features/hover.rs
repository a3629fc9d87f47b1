//! Hover: what the symbol under the cursor is (its declaration, declared
//! or inferred type, description, default, `sensitive`, `ephemeral`,
//! whether it is const and if not what makes it dynamic, the value of a
//! variable, local or output where evaluation knows it), a function's
//! signature, or else the type of the expression there.

use std::{fmt::Write, path::Path};

use tofu_eval::{FunctionContext, FunctionTable, NoFileSystem, functions::TableKind};
use tofu_semantic::{
    BlockType, Constness, Database, DeclKind, Declaration, DynamicReason, Evaluated, Evaluation,
    InstanceAddr, ItemBody, ModuleDir, declaration_type, evaluation_instances, file_model,
    local_value, module_declaration, module_declarations, module_variables, output_value,
    variable_value,
};
use tofu_syntax::{
    SyntaxKind, TextRange, TextSize,
    ast::{self, AstNode},
};

use crate::{
    features::{
        is_const::is_const,
        navigation::{call_target, declaration_ranges, native_root, node_at, symbol_at},
        type_of::type_of,
    },
    host::Tree,
};

/// What a hover shows, in Markdown, and the range it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoverResult {
    pub range: TextRange,
    pub markdown: String,
}

pub(crate) fn hover(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Option<HoverResult> {
    if let Some(symbol) = symbol_at(db, tree, path, offset) {
        let decl = module_declaration(db, symbol.module, &symbol.kind)?;
        return Some(HoverResult {
            range: symbol.range,
            markdown: describe(db, tree, symbol.module, decl),
        });
    }
    if let Some(found) = function_at(db, tree, path, offset) {
        return Some(found);
    }
    if let Some(found) = schema_item_at(db, tree, path, offset) {
        return Some(found);
    }
    let ty = type_of(db, tree, path, offset)?;
    let file = tree.file(path)?;
    let root = native_root(db, file)?;
    let range = root
        .token_at_offset(offset)
        .right_biased()
        .and_then(|t| t.parent_ancestors().find(|n| ast::Expr::can_cast(n.kind())))
        .map(|n| n.text_range())
        .unwrap_or_else(|| TextRange::empty(offset));
    Some(HoverResult {
        range,
        markdown: format!("```hcl\n{ty}\n```"),
    })
}

/// An argument's name or a nested block's type in a resource, data
/// source or ephemeral resource, as its provider's schema describes it:
/// type, whether required, flags, description.
fn schema_item_at(db: &Database, tree: &Tree, path: &str, offset: TextSize) -> Option<HoverResult> {
    let module = tree.module_of(path)?;
    let root = native_root(db, tree.file(path)?)?;
    let token = root
        .token_at_offset(offset)
        .find(|t| t.kind() == SyntaxKind::IDENT)?;
    let parent = token.parent()?;
    let (block, name, is_block) = if let Some(attribute) = ast::Attribute::cast(parent.clone()) {
        if attribute.name()? != token {
            return None;
        }
        let block = attribute.syntax().ancestors().find_map(ast::Block::cast)?;
        (block, token.text().to_owned(), false)
    } else {
        let nested = ast::Block::cast(parent)?;
        if nested.block_type()? != token {
            return None;
        }
        let block = nested
            .syntax()
            .ancestors()
            .skip(1)
            .find_map(ast::Block::cast)?;
        (block, token.text().to_owned(), true)
    };
    let (kind, schema_path) = crate::features::completion::schema_path(&block)?;
    let schema =
        tofu_semantic::resource_body_schema(db, tree.workspace, module, &kind, &schema_path)?;
    let resource = match &kind {
        DeclKind::ManagedResource { ty, .. }
        | DeclKind::DataResource { ty, .. }
        | DeclKind::EphemeralResource { ty, .. } => ty.clone(),
        _ => return None,
    };
    let mut markdown = String::new();
    let description = if is_block {
        let nested = schema.block_types.get(&name)?;
        let _ = write!(
            markdown,
            "```hcl\n{name} {{ ... }}\n```\nBlock of `{resource}` ({} nesting",
            format!("{:?}", nested.nesting).to_lowercase()
        );
        if nested.min_items > 0 {
            let _ = write!(markdown, ", at least {}", nested.min_items);
        }
        if nested.max_items > 0 {
            let _ = write!(markdown, ", at most {}", nested.max_items);
        }
        markdown.push(')');
        &nested.block.description
    } else {
        let attribute = schema.attributes.get(&name)?;
        let ty = tofu_semantic::schema_attribute_type(attribute);
        let role = match (attribute.required, attribute.optional, attribute.computed) {
            (true, _, _) => "Required argument",
            (_, true, true) => "Optional argument, computed when not set,",
            (_, true, false) => "Optional argument",
            _ => "Attribute set by the provider",
        };
        let _ = write!(
            markdown,
            "```hcl\n{name}: {ty}\n```\n{role} of `{resource}`"
        );
        for (flag, on) in [
            ("sensitive", attribute.sensitive),
            ("write-only", attribute.write_only),
            ("deprecated", attribute.deprecated),
        ] {
            if on {
                let _ = write!(markdown, ", {flag}");
            }
        }
        &attribute.description
    };
    markdown.push('.');
    if !description.is_empty() {
        let _ = write!(markdown, "\n\n{description}");
    }
    Some(HoverResult {
        range: token.text_range(),
        markdown,
    })
}

/// The block header as written, for the hover's first line.
fn header(kind: &DeclKind) -> String {
    match kind {
        DeclKind::Variable(n) => format!("variable \"{n}\""),
        DeclKind::Local(n) => format!("local.{n}"),
        DeclKind::Output(n) => format!("output \"{n}\""),
        DeclKind::ModuleCall(n) => format!("module \"{n}\""),
        DeclKind::ManagedResource { ty, name } => format!("resource \"{ty}\" \"{name}\""),
        DeclKind::DataResource { ty, name } => format!("data \"{ty}\" \"{name}\""),
        DeclKind::EphemeralResource { ty, name } => format!("ephemeral \"{ty}\" \"{name}\""),
        DeclKind::Provider { name, alias } => match alias {
            Some(alias) => format!("provider \"{name}\" # alias = \"{alias}\""),
            None => format!("provider \"{name}\""),
        },
        DeclKind::Check(n) => format!("check \"{n}\""),
        other => other.address(),
    }
}

/// A string argument of the declaration's block, when it is a literal.
fn string_argument(db: &Database, decl: &Declaration, name: &str) -> Option<String> {
    let root = native_root(db, decl.file)?;
    let (full, _) = declaration_ranges(db, decl);
    let block = node_at(&root, full.start())?
        .ancestors()
        .find_map(ast::Block::cast)?;
    let attribute = block.body()?.attribute(name)?;
    match attribute.expr()? {
        ast::Expr::Template(template) => template.as_string_literal(),
        ast::Expr::Heredoc(heredoc) => Some(
            heredoc
                .parts()
                .iter()
                .filter_map(|p| match p {
                    ast::TemplatePart::Literal(t) => Some(t.text().to_owned()),
                    _ => None,
                })
                .collect(),
        ),
        _ => None,
    }
}

fn describe(db: &Database, tree: &Tree, module: ModuleDir, decl: &Declaration) -> String {
    let mut out = format!("```hcl\n{}\n```\n", header(&decl.kind));
    let module_dir = module.dir(db).clone();
    if !module_dir.is_empty() {
        let _ = writeln!(out, "In module `{module_dir}`\n");
    }
    let mut facts: Vec<String> = Vec::new();
    if let Some(ty) = declaration_type(db, tree.evaluations.types, module, &decl.kind) {
        facts.push(format!("type: `{ty}`"));
    }
    if let DeclKind::Variable(name) = &decl.kind
        && let Some(variable) = file_model(db, decl.file)
            .of_type(BlockType::Variable)
            .find(|b| b.label(0) == *name)
            .and_then(|b| match &b.body {
                ItemBody::Variable(v) => Some(v),
                _ => None,
            })
    {
        match &variable.default {
            Some(value) => facts.push(format!("default: `{}`", tofu_types::render(value))),
            None => facts.push("required".to_owned()),
        }
        if variable.sensitive {
            facts.push("sensitive".to_owned());
        }
        if variable.ephemeral {
            facts.push("ephemeral".to_owned());
        }
        if variable.nullable == Some(false) {
            facts.push("not nullable".to_owned());
        }
        if let Some(message) = &variable.deprecated {
            facts.push(format!("deprecated: {message}"));
        }
    }
    if let DeclKind::Output(_) = &decl.kind {
        if output_flag(db, decl, "sensitive") {
            facts.push("sensitive".to_owned());
        }
        if output_flag(db, decl, "ephemeral") {
            facts.push("ephemeral".to_owned());
        }
    }
    if matches!(decl.kind, DeclKind::Variable(_) | DeclKind::Local(_)) {
        match is_const(db, tree, &module_dir, &decl.kind) {
            Some(Constness::Const) => facts.push("const: known without state".to_owned()),
            Some(Constness::Dynamic { chain, reason }) => {
                let why = match reason {
                    DynamicReason::NeedsState => "known only with state",
                    DynamicReason::DeclaredNotConst => "declared `const = false`",
                    DynamicReason::Circular => "refers to itself",
                    DynamicReason::Undeclared => "not declared",
                };
                let chain = chain.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>();
                facts.push(format!("not const: {} ({why})", chain.join(" → ")));
            }
            None => {}
        }
    }
    facts.extend(known_values(db, tree, module, &decl.kind));
    if let DeclKind::ModuleCall(call) = &decl.kind {
        if let Some(source) = string_argument(db, decl, "source") {
            facts.push(format!("source: `{source}`"));
        }
        if let Some(child) = call_target(db, tree, module, call) {
            let variables: Vec<String> = module_variables(db, child)
                .iter()
                .map(|v| match v.required {
                    true => format!("`{}` (required)", v.name),
                    false => format!("`{}`", v.name),
                })
                .collect();
            let outputs: Vec<String> = module_declarations(db, child)
                .iter()
                .filter_map(|d| match &d.kind {
                    DeclKind::Output(n) => Some(format!("`{n}`")),
                    _ => None,
                })
                .collect();
            if !variables.is_empty() {
                facts.push(format!("variables: {}", variables.join(", ")));
            }
            if !outputs.is_empty() {
                facts.push(format!("outputs: {}", outputs.join(", ")));
            }
        }
    }
    for fact in facts {
        let _ = writeln!(out, "- {fact}");
    }
    if let Some(description) = string_argument(db, decl, "description") {
        let _ = write!(out, "\n{}\n", description.trim_end());
    }
    out.trim_end().to_owned()
}

/// The most instances whose values a hover lists when they differ.
const MOST_LISTED_INSTANCES: usize = 3;
/// Longer rendered values are cut (hovers are small).
const MOST_VALUE_CHARS: usize = 300;

/// The value of a variable, local or output in each instance of its
/// module where a plan's evaluation (over the root's variable values:
/// defaults, tfvars files, and in plan mode the rest of the plan's
/// sources) knows all of it: one line when every instance agrees, else a
/// line per instance. Sensitive values are not shown.
fn known_values(db: &Database, tree: &Tree, module: ModuleDir, kind: &DeclKind) -> Vec<String> {
    let ev = tree.evaluations.values;
    // The query that evaluates the declaration in an instance.
    type ValueQuery =
        for<'db> fn(&'db dyn salsa::Database, Evaluation, InstanceAddr, String) -> &'db Evaluated;
    let (query, name): (ValueQuery, &String) = match kind {
        DeclKind::Variable(name) => (variable_value, name),
        DeclKind::Local(name) => (local_value, name),
        DeclKind::Output(name) => (output_value, name),
        _ => return Vec::new(),
    };
    let evaluate = |addr: &InstanceAddr| query(db, ev, addr.clone(), name.clone()).value.clone();
    let instances: Vec<InstanceAddr> = evaluation_instances(db, ev)
        .iter()
        .filter(|addr| addr.module() == Some(module))
        .cloned()
        .collect();
    let mut known: Vec<(String, String)> = Vec::new();
    for addr in &instances {
        let value = evaluate(addr);
        if !value.is_wholly_known() {
            continue;
        }
        if value.has_mark_deep(tofu_types::Mark::Sensitive) {
            return vec!["value: (sensitive value)".to_owned()];
        }
        let mut text = tofu_types::render(&value);
        if text.chars().count() > MOST_VALUE_CHARS {
            text = text.chars().take(MOST_VALUE_CHARS).collect::<String>() + "…";
        }
        known.push((addr.to_string(), text));
    }
    let Some((_, first)) = known.first() else {
        return Vec::new();
    };
    if known.iter().all(|(_, text)| text == first) {
        let scope = if instances.len() > 1 && known.len() == instances.len() {
            format!(" (in all {} instances)", instances.len())
        } else if known.len() < instances.len() {
            format!(
                " (where known: {} of {} instances)",
                known.len(),
                instances.len()
            )
        } else {
            String::new()
        };
        return vec![format!("value{scope}: `{first}`")];
    }
    let mut out: Vec<String> = known
        .iter()
        .take(MOST_LISTED_INSTANCES)
        .map(|(addr, text)| format!("value in `{addr}`: `{text}`"))
        .collect();
    if known.len() > MOST_LISTED_INSTANCES {
        out.push(format!(
            "and {} more instances",
            known.len() - MOST_LISTED_INSTANCES
        ));
    }
    out
}

/// Whether an output sets a flag to the literal `true`.
fn output_flag(db: &Database, decl: &Declaration, name: &str) -> bool {
    let Some(root) = native_root(db, decl.file) else {
        return false;
    };
    let (full, _) = declaration_ranges(db, decl);
    let Some(block) =
        node_at(&root, full.start()).and_then(|n| n.ancestors().find_map(ast::Block::cast))
    else {
        return false;
    };
    block
        .body()
        .and_then(|body| body.attribute(name))
        .and_then(|a| a.expr())
        .is_some_and(|e| e.syntax().text() == "true")
}

/// The signature of the function whose name is at `offset`.
fn function_at(db: &Database, tree: &Tree, path: &str, offset: TextSize) -> Option<HoverResult> {
    let root = native_root(db, tree.file(path)?)?;
    let token = root
        .token_at_offset(offset)
        .find(|t| t.kind() == SyntaxKind::IDENT)?;
    let name_node = token.parent()?;
    if name_node.kind() != SyntaxKind::FUNCTION_NAME {
        return None;
    }
    let call = name_node.parent().and_then(ast::FunctionCall::cast)?;
    let name = call.name()?;
    let table = FunctionTable::builtin_shared(TableKind::Configuration);
    let function = table.get(&name)?;
    Some(HoverResult {
        range: name_node.text_range(),
        markdown: format!("```hcl\n{}\n```", signature(function, table)),
    })
}

/// `name(param type, ...) type`, as cty describes a function.
pub(crate) fn signature(function: &tofu_eval::Function, table: &FunctionTable) -> String {
    let mut params: Vec<String> = function
        .params
        .iter()
        .map(|p| format!("{} {}", p.name, p.ty))
        .collect();
    if let Some(p) = &function.var_param {
        params.push(format!("...{} {}", p.name, p.ty));
    }
    let ctx = FunctionContext {
        fs: &NoFileSystem,
        base_dir: Path::new(""),
        pure_only: true,
        table,
    };
    // cty's JSON type encoding: a string for primitive types.
    let returns = function.signature(&ctx).return_type;
    match returns.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        Some(returns) => format!("{}({}) {returns}", function.name, params.join(", ")),
        None => format!("{}({})", function.name, params.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::features::fixture::{fixture, snippet, with_cursor};

    fn check(at: &str, expect: Expect) {
        check_fixture(&with_cursor(at), expect);
    }

    fn check_fixture(text: &str, expect: Expect) {
        let fixture = fixture(text);
        let analysis = fixture.analysis();
        let actual = match analysis.hover(&fixture.path, fixture.offset).unwrap() {
            Some(hover) => format!(
                "[{}]\n{}",
                snippet(&analysis, &fixture.path, hover.range),
                hover.markdown
            ),
            None => "none".to_owned(),
        };
        expect.assert_eq(&actual);
    }

    #[test]
    fn variable_reference() {
        check(
            "main.tf:region}a",
            expect![[r#"
                [region]
                ```hcl
                variable "region"
                ```
                - type: `string`
                - default: `"eu-west-1"`
                - const: known without state
                - value: `"eu-west-1"`"#]],
        );
    }

    #[test]
    fn local_declaration() {
        check(
            "main.tf:zone",
            expect![[r#"
                [zone]
                ```hcl
                local.zone
                ```
                - type: `string`
                - const: known without state
                - value: `"eu-west-1a"`"#]],
        );
    }

    #[test]
    fn module_output_across_modules() {
        check(
            "main.tf:first\n}",
            expect![[r#"
                [first]
                ```hcl
                output "first"
                ```
                In module `net`

                - type: `string`
                - value: `"10.0.0.0/24"`"#]],
        );
    }

    #[test]
    fn module_call() {
        check(
            "main.tf:net.first",
            expect![[r#"
            [net]
            ```hcl
            module "net"
            ```
            - type: `object({first=string})`
            - source: `./net`
            - variables: `cidr` (required)
            - outputs: `first`"#]],
        );
    }

    #[test]
    fn function_signature() {
        check(
            "net/main.tf:cidrsubnet",
            expect![[r#"
            [cidrsubnet]
            ```hcl
            cidrsubnet(prefix string, newbits number, netnum number) string
            ```"#]],
        );
    }

    #[test]
    fn description_sensitive_and_dynamic() {
        check_fixture(
            r#"
variable "token" {
  description = "The API token."
  type        = string
  sensitive   = true
}

resource "null_resource" "a" {}

locals {
  id = null_resource.a.id
}

output "x" {
  value = "${var.t$0oken}-${local.id}"
}
"#,
            expect![[r#"
                [token]
                ```hcl
                variable "token"
                ```
                - type: `string`
                - required
                - sensitive
                - const: known without state

                The API token."#]],
        );
    }

    #[test]
    fn dynamic_local() {
        check_fixture(
            r#"
resource "null_resource" "a" {}

locals {
  i$0d = null_resource.a.id
}
"#,
            expect![[r#"
                [id]
                ```hcl
                local.id
                ```
                - type: `any`
                - not const: `local.id` → `null_resource.a` (known only with state)"#]],
        );
    }

    #[test]
    fn known_value_of_a_local() {
        check_fixture(
            r#"
locals {
  env  = "prod"
  na$0me = "app-${local.env}"
}
"#,
            expect![[r#"
                [name]
                ```hcl
                local.name
                ```
                - type: `string`
                - const: known without state
                - value: `"app-prod"`"#]],
        );
    }

    #[test]
    fn known_values_per_instance() {
        check_fixture(
            r#"
//- main.tf
module "a" {
  source = "./child"
  prefix = "a"
}
module "b" {
  source = "./child"
  prefix = "b"
}
module "c" {
  source = "./child"
  prefix = "a"
}
//- child/main.tf
variable "prefix" {
  type = string
}
locals {
  fixed = "x"
}
output "na$0me" {
  value = "${var.prefix}-${local.fixed}"
}
"#,
            expect![[r#"
                [name]
                ```hcl
                output "name"
                ```
                In module `child`

                - type: `string`
                - value in `module.a`: `"a-x"`
                - value in `module.b`: `"b-x"`
                - value in `module.c`: `"a-x"`"#]],
        );
    }

    #[test]
    fn expression_type() {
        check_fixture(
            r#"
output "n" {
  value = [1, $02]
}
"#,
            expect![[r#"
                [2]
                ```hcl
                number
                ```"#]],
        );
    }

    #[test]
    fn arguments_and_blocks_from_the_provider_schema() {
        let schemas = r#"{"format_version": "1.0", "provider_schemas": {"registry.opentofu.org/hashicorp/thing": {
            "provider": {"version": 0, "block": {}},
            "resource_schemas": {"thing_box": {"version": 0, "block": {
                "attributes": {
                    "name": {"type": "string", "required": true, "description": "The box's name."},
                    "token": {"type": "string", "optional": true, "sensitive": true}
                },
                "block_types": {"disk": {"nesting_mode": "list", "max_items": 2, "block": {
                    "attributes": {"gb": {"type": "number", "optional": true, "computed": true}}
                }}}
            }}}
        }}}"#;
        let tree = |body: &str| {
            format!(
                "//- schemas.json\n{schemas}\n//- main.tf\nresource \"thing_box\" \"a\" {{\n{body}\n}}\n"
            )
        };
        check_fixture(
            &tree("  na$0me = \"x\""),
            expect![[r#"
                [name]
                ```hcl
                name: string
                ```
                Required argument of `thing_box`.

                The box's name."#]],
        );
        check_fixture(
            &tree("  tok$0en = \"x\""),
            expect![[r#"
                [token]
                ```hcl
                token: string
                ```
                Optional argument of `thing_box`, sensitive."#]],
        );
        check_fixture(
            &tree("  di$0sk {\n    gb = 1\n  }"),
            expect![[r#"
                [disk]
                ```hcl
                disk { ... }
                ```
                Block of `thing_box` (list nesting, at most 2)."#]],
        );
        check_fixture(
            &tree("  disk {\n    g$0b = 1\n  }"),
            expect![[r#"
                [gb]
                ```hcl
                gb: number
                ```
                Optional argument, computed when not set, of `thing_box`."#]],
        );
    }
}
