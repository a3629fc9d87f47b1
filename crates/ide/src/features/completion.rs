//! Completion of names after `var.`, `local.`, `module.` and
//! `module.NAME.`: the module's variables, locals and calls, and the
//! outputs of the module a call loads; after `data.`, `data.TYPE.` and
//! `TYPE.`: data sources' and managed resources' types and names; after
//! `count.`, `each.`, `path.` and `terraform.`: their attributes; after a
//! reference to a value of object type (`var.settings.`): the object's
//! attributes, from static types; at the start of an expression:
//! function names (with snippets of their parameters), the roots of
//! references and resource types; and at the start of a line of a
//! `module` block: the child's variables (required ones first) and the
//! block's meta-arguments not set yet; of a `variable`, `output`,
//! `terraform` or `lifecycle` block: its arguments and nested blocks.

use std::collections::BTreeSet;

use tofu_eval::{FunctionTable, functions::TableKind};
use tofu_semantic::{
    Database, DeclKind, ModuleDir, SourceFile, declaration_type, module_declarations,
    module_variable_decls,
};
use tofu_syntax::{
    SyntaxKind, TextRange, TextSize,
    ast::{self, AstNode},
};
use tofu_types::Type;

use crate::{
    features::{
        hover::signature,
        navigation::{call_target, native_root},
    },
    host::Tree,
};

/// What a completion offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    Variable,
    Local,
    ModuleCall,
    Output,
    Function,
    /// A managed resource's or data source's type.
    ResourceType,
    /// A managed resource, by name.
    Resource,
    /// A data source, by name.
    DataSource,
    /// An attribute of an object (`count.index`, `var.settings.name`).
    Attribute,
    /// A module call's argument: the child's variable.
    Argument,
    /// A reference's root (`var`, `each`) or a meta-argument.
    Keyword,
}

/// One name to complete with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    /// Its type, or a function's signature.
    pub detail: Option<String>,
    /// The text the name replaces (what is typed of it so far).
    pub range: TextRange,
    /// What to insert instead of the label, in the protocol's snippet
    /// syntax (`${1:name}` placeholders, `$0` for the end).
    pub snippet: Option<String>,
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// The names that fit at `offset` in `path`.
pub(crate) fn completions(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Vec<CompletionItem> {
    let (Some(module), Some(file)) = (tree.module_of(path), tree.file(path)) else {
        return Vec::new();
    };
    let text = file.text(db);
    let end = usize::from(offset).min(text.len());
    let Some(before) = text.get(..end) else {
        return Vec::new();
    };
    let typed = before.len() - before.trim_end_matches(is_name_char).len();
    let range = TextRange::new(
        TextSize::from((end - typed) as u32),
        TextSize::from(end as u32),
    );
    let head = &before[..end - typed];
    // The traversal before the name being typed: `var.`, `module.x.`.
    let start = head
        .trim_end_matches(|c: char| is_name_char(c) || c == '.')
        .len();
    let traversal = &head[start..];
    let item = |label: &str, kind, detail| CompletionItem {
        label: label.to_owned(),
        kind,
        detail,
        range,
        snippet: None,
    };
    let type_of = |module, kind: &DeclKind| {
        declaration_type(db, tree.evaluations.types, module, kind).map(|t| t.to_string())
    };
    let attributes = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(name, ty)| item(name, CompletionKind::Attribute, Some((*ty).to_owned())))
            .collect::<Vec<_>>()
    };
    let decls = module_declarations(db, module);
    // Resource types of a kind, once each, in declaration order.
    let types_of = |data: bool| {
        let mut seen = BTreeSet::new();
        decls
            .iter()
            .filter_map(|d| match (&d.kind, data) {
                (DeclKind::DataResource { ty, .. }, true)
                | (DeclKind::ManagedResource { ty, .. }, false) => Some(ty),
                _ => None,
            })
            .filter(|ty| seen.insert(ty.as_str()))
            .map(|ty| item(ty, CompletionKind::ResourceType, None))
            .collect::<Vec<_>>()
    };
    let resources = |data: bool, of: &str| {
        decls
            .iter()
            .filter_map(|d| match (&d.kind, data) {
                (DeclKind::DataResource { ty, name }, true) if ty == of => Some(item(
                    name,
                    CompletionKind::DataSource,
                    type_of(module, &d.kind),
                )),
                (DeclKind::ManagedResource { ty, name }, false) if ty == of => Some(item(
                    name,
                    CompletionKind::Resource,
                    type_of(module, &d.kind),
                )),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let declared = |module, want: fn(&DeclKind) -> Option<(&String, CompletionKind)>| {
        module_declarations(db, module)
            .iter()
            .filter_map(|d| {
                let (name, kind) = want(&d.kind)?;
                Some(item(name, kind, type_of(module, &d.kind)))
            })
            .collect::<Vec<_>>()
    };
    match traversal.split('.').collect::<Vec<_>>().as_slice() {
        ["var", ""] => declared(module, |k| match k {
            DeclKind::Variable(n) => Some((n, CompletionKind::Variable)),
            _ => None,
        }),
        ["local", ""] => declared(module, |k| match k {
            DeclKind::Local(n) => Some((n, CompletionKind::Local)),
            _ => None,
        }),
        ["module", ""] => declared(module, |k| match k {
            DeclKind::ModuleCall(n) => Some((n, CompletionKind::ModuleCall)),
            _ => None,
        }),
        ["module", call, ""] => match call_target(db, tree, module, call) {
            Some(child) => declared(child, |k| match k {
                DeclKind::Output(n) => Some((n, CompletionKind::Output)),
                _ => None,
            }),
            None => Vec::new(),
        },
        ["data", ""] => types_of(true),
        ["data", ty, ""] => resources(true, ty),
        ["count", ""] => attributes(&[("index", "number")]),
        ["each", ""] => attributes(&[("key", "string"), ("value", "any")]),
        ["path", ""] => attributes(&[("module", "string"), ("root", "string"), ("cwd", "string")]),
        ["terraform", ""] | ["tofu", ""] => attributes(&[("workspace", "string")]),
        [ty, ""]
            if decls
                .iter()
                .any(|d| matches!(&d.kind, DeclKind::ManagedResource { ty: t, .. } if t == ty)) =>
        {
            resources(false, ty)
        }
        [root, first, rest @ .., ""] => {
            let Some(ty) = reference_type(db, tree, module, root, first, rest) else {
                return Vec::new();
            };
            ty.attribute_types()
                .into_iter()
                .flatten()
                .map(|(name, ty)| item(name, CompletionKind::Attribute, Some(ty.to_string())))
                .collect()
        }
        [""] if typed > 0 && in_expression(head) => {
            let prefix = &before[end - typed..];
            let mut out: Vec<CompletionItem> = ROOTS
                .iter()
                .filter(|r| r.starts_with(prefix))
                .map(|r| item(r, CompletionKind::Keyword, None))
                .collect();
            out.extend(
                types_of(false)
                    .into_iter()
                    .filter(|i| i.label.starts_with(prefix)),
            );
            out.extend(functions(prefix, range));
            out
        }
        [""] if head
            .rsplit('\n')
            .next()
            .is_some_and(|l| l.trim().is_empty()) =>
        {
            block_arguments(db, tree, module, file, offset, range)
        }
        _ => Vec::new(),
    }
}

/// The roots of references.
const ROOTS: [&str; 8] = [
    "var",
    "local",
    "module",
    "data",
    "count",
    "each",
    "path",
    "terraform",
];

/// Functions whose names start with `prefix`, with their parameters as
/// snippet placeholders.
fn functions(prefix: &str, range: TextRange) -> Vec<CompletionItem> {
    let table = FunctionTable::builtin_shared(TableKind::Configuration);
    table
        .names()
        .filter(|n| n.starts_with(prefix) && !n.contains("::"))
        .filter_map(|n| {
            let function = table.get(n)?;
            let mut params: Vec<String> = function
                .params
                .iter()
                .enumerate()
                .map(|(i, p)| format!("${{{}:{}}}", i + 1, p.name))
                .collect();
            if let Some(p) = &function.var_param
                && params.is_empty()
            {
                params.push(format!("${{1:{}}}", p.name));
            }
            Some(CompletionItem {
                label: n.to_owned(),
                kind: CompletionKind::Function,
                detail: Some(signature(function, table)),
                range,
                snippet: Some(format!("{n}({})$0", params.join(", "))),
            })
        })
        .collect()
}

/// The static type of the value `ROOT.FIRST.REST...` names.
fn reference_type(
    db: &Database,
    tree: &Tree,
    module: ModuleDir,
    root: &str,
    first: &str,
    rest: &[&str],
) -> Option<Type> {
    let (kind, rest) = match root {
        "var" => (DeclKind::Variable(first.to_owned()), rest),
        "local" => (DeclKind::Local(first.to_owned()), rest),
        "module" => (DeclKind::ModuleCall(first.to_owned()), rest),
        "data" => {
            let (name, rest) = rest.split_first()?;
            (
                DeclKind::DataResource {
                    ty: first.to_owned(),
                    name: (*name).to_owned(),
                },
                rest,
            )
        }
        "count" | "each" | "path" | "terraform" | "self" => return None,
        ty => (
            DeclKind::ManagedResource {
                ty: ty.to_owned(),
                name: first.to_owned(),
            },
            rest,
        ),
    };
    let mut ty = declaration_type(db, tree.evaluations.types, module, &kind)?;
    for step in rest {
        ty = ty.attribute_type(step)?.clone();
    }
    Some(ty)
}

/// The arguments a block whose body holds `offset` can still take: for
/// a `module` block the child's variables, required ones first, then the
/// meta-arguments; for `variable`, `output`, `terraform` and `lifecycle`
/// blocks their arguments and nested blocks.
fn block_arguments(
    db: &Database,
    tree: &Tree,
    module: ModuleDir,
    file: SourceFile,
    offset: TextSize,
    range: TextRange,
) -> Vec<CompletionItem> {
    let Some(root) = native_root(db, file) else {
        return Vec::new();
    };
    let Some(token) = root
        .token_at_offset(offset)
        .find(|t| t.kind() != SyntaxKind::IDENT)
        .or_else(|| root.token_at_offset(offset).next())
    else {
        return Vec::new();
    };
    let Some(block) = token.parent_ancestors().find_map(ast::Block::cast) else {
        return Vec::new();
    };
    let nested = block
        .syntax()
        .ancestors()
        .skip(1)
        .any(|n| ast::Block::can_cast(n.kind()));
    let Some(block_type) = block.block_type().map(|t| t.text().to_owned()) else {
        return Vec::new();
    };
    // Only inside the braces.
    let braces = block
        .syntax()
        .children()
        .find(|n| n.kind() == SyntaxKind::BLOCK_BODY);
    let inside = braces.is_some_and(|b| {
        let range = b.text_range();
        range.start() < offset
            && (offset < range.end()
                || b.last_token()
                    .is_none_or(|t| t.kind() != SyntaxKind::R_BRACE))
    });
    if !inside {
        return Vec::new();
    }
    let set: BTreeSet<String> = block
        .body()
        .into_iter()
        .flat_map(|b| b.attributes())
        .filter_map(|a| Some(a.name()?.text().to_owned()))
        .collect();
    if let Some((kind, path)) = schema_path(&block) {
        return schema_arguments(db, tree, module, &kind, &path, &set, range);
    }
    if block_type != "module" || nested {
        let known = match (block_type.as_str(), nested) {
            ("variable", false) => VARIABLE,
            ("output", false) => OUTPUT,
            ("terraform", false) => TERRAFORM,
            ("lifecycle", true) => LIFECYCLE,
            _ => return Vec::new(),
        };
        return known
            .iter()
            .filter(|(name, _)| !set.contains(*name))
            .map(|(name, block)| CompletionItem {
                label: (*name).to_owned(),
                kind: CompletionKind::Keyword,
                detail: block.then(|| "block".to_owned()),
                range,
                snippet: Some(match block {
                    true => format!("{name} {{\n  $0\n}}"),
                    false => format!("{name} = $0"),
                }),
            })
            .collect();
    }
    let Some(call) = block.labels().next().map(|l| l.value()) else {
        return Vec::new();
    };
    let Some(child) = call_target(db, tree, module, &call) else {
        return Vec::new();
    };
    let mut variables: Vec<_> = module_variable_decls(db, child)
        .iter()
        .filter(|v| !set.contains(&v.name))
        .collect();
    // Required first; otherwise in declaration order.
    variables.sort_by_key(|v| v.default.is_some());
    let mut out: Vec<CompletionItem> = variables
        .iter()
        .map(|v| {
            let required = if v.default.is_none() {
                " (required)"
            } else {
                ""
            };
            CompletionItem {
                label: v.name.clone(),
                kind: CompletionKind::Argument,
                detail: Some(format!("{}{required}", v.constraint.ty)),
                range,
                snippet: Some(format!("{} = $0", v.name)),
            }
        })
        .collect();
    for meta in [
        "source",
        "version",
        "count",
        "for_each",
        "providers",
        "depends_on",
    ] {
        if !set.contains(meta) {
            out.push(CompletionItem {
                label: meta.to_owned(),
                kind: CompletionKind::Keyword,
                detail: None,
                range,
                snippet: Some(format!("{meta} = $0")),
            });
        }
    }
    out
}

/// For a block in a resource, data source or ephemeral resource (the
/// resource's own body included): the resource and the nested block
/// types down to the block (`dynamic "x"` stands for `x`, and its
/// `content` is the block's body). `None` elsewhere, and in blocks a
/// provider's schema does not describe (`lifecycle`, provisioners,
/// `dynamic` itself).
pub(crate) fn schema_path(block: &ast::Block) -> Option<(DeclKind, Vec<String>)> {
    let blocks: Vec<ast::Block> = block
        .syntax()
        .ancestors()
        .filter_map(ast::Block::cast)
        .collect();
    let (outermost, inner) = blocks.split_last()?;
    let labels: Vec<String> = outermost.labels().map(|l| l.value()).collect();
    let [ty, name] = labels.as_slice() else {
        return None;
    };
    let (ty, name) = (ty.clone(), name.clone());
    let kind = match outermost.block_type()?.text() {
        "resource" => DeclKind::ManagedResource { ty, name },
        "data" => DeclKind::DataResource { ty, name },
        "ephemeral" => DeclKind::EphemeralResource { ty, name },
        _ => return None,
    };
    let mut path = Vec::new();
    let mut in_dynamic = false;
    for nested in inner.iter().rev() {
        let nested_type = nested.block_type()?.text().to_owned();
        match (nested_type.as_str(), in_dynamic) {
            ("content", true) => in_dynamic = false,
            ("dynamic", false) => {
                path.push(nested.labels().next()?.value());
                in_dynamic = true;
            }
            ("lifecycle" | "provisioner" | "connection", _) | (_, true) => return None,
            _ => path.push(nested_type),
        }
    }
    (!in_dynamic).then_some((kind, path))
}

/// The arguments and nested blocks a provider's schema gives the block
/// at `path` of resource `kind` (required arguments first, then the
/// optional ones, then blocks; computed-only attributes are not
/// arguments), and the meta-arguments of the resource's own body.
fn schema_arguments(
    db: &Database,
    tree: &Tree,
    module: ModuleDir,
    kind: &DeclKind,
    path: &[String],
    set: &BTreeSet<String>,
    range: TextRange,
) -> Vec<CompletionItem> {
    let Some(schema) = tofu_semantic::resource_body_schema(db, tree.workspace, module, kind, path)
    else {
        return Vec::new();
    };
    let mut arguments: Vec<(&String, &tofu_semantic::provider_schema::Attribute)> = schema
        .attributes
        .iter()
        .filter(|(name, a)| (a.required || a.optional) && !set.contains(*name))
        .collect();
    arguments.sort_by_key(|(_, a)| !a.required);
    let mut out: Vec<CompletionItem> = arguments
        .into_iter()
        .map(|(name, attribute)| {
            let ty = tofu_semantic::schema_attribute_type(attribute);
            let required = if attribute.required {
                " (required)"
            } else {
                ""
            };
            CompletionItem {
                label: name.clone(),
                kind: CompletionKind::Argument,
                detail: Some(format!("{ty}{required}")),
                range,
                snippet: Some(format!("{name} = $0")),
            }
        })
        .collect();
    out.extend(schema.block_types.keys().map(|name| CompletionItem {
        label: name.clone(),
        kind: CompletionKind::Keyword,
        detail: Some("block".to_owned()),
        range,
        snippet: Some(format!("{name} {{\n  $0\n}}")),
    }));
    if path.is_empty() {
        for (meta, block) in [
            ("count", false),
            ("for_each", false),
            ("provider", false),
            ("depends_on", false),
            ("lifecycle", true),
        ] {
            if set.contains(meta) {
                continue;
            }
            out.push(CompletionItem {
                label: meta.to_owned(),
                kind: CompletionKind::Keyword,
                detail: block.then(|| "block".to_owned()),
                range,
                snippet: Some(match block {
                    true => format!("{meta} {{\n  $0\n}}"),
                    false => format!("{meta} = $0"),
                }),
            });
        }
    }
    out
}

/// The arguments and (`true`) nested blocks of the blocks whose bodies
/// completion knows besides `module`.
const VARIABLE: &[(&str, bool)] = &[
    ("type", false),
    ("default", false),
    ("description", false),
    ("sensitive", false),
    ("nullable", false),
    ("ephemeral", false),
    ("deprecated", false),
    ("validation", true),
];
const OUTPUT: &[(&str, bool)] = &[
    ("value", false),
    ("description", false),
    ("sensitive", false),
    ("ephemeral", false),
    ("deprecated", false),
    ("depends_on", false),
    ("precondition", true),
];
const TERRAFORM: &[(&str, bool)] = &[
    ("required_version", false),
    ("required_providers", true),
    ("backend", true),
    ("cloud", true),
    ("encryption", true),
    ("experiments", false),
];
const LIFECYCLE: &[(&str, bool)] = &[
    ("create_before_destroy", false),
    ("prevent_destroy", false),
    ("ignore_changes", false),
    ("replace_triggered_by", false),
    ("precondition", true),
    ("postcondition", true),
];

/// Whether the text before a name ends where an expression may start
/// (after `=`, `(`, `,`, `[`, `{`, an operator or `${`).
fn in_expression(head: &str) -> bool {
    head.trim_end()
        .chars()
        .last()
        .is_some_and(|c| "=(,[{?:+-*/%!<>&|".contains(c))
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::features::fixture::fixture;

    fn check(text: &str, expect: Expect) {
        let fixture = fixture(text);
        let analysis = fixture.analysis();
        let actual: String = analysis
            .completions(&fixture.path, fixture.offset)
            .unwrap()
            .iter()
            .take(8)
            .map(|c| {
                format!(
                    "{:?} {} {}\n",
                    c.kind,
                    c.label,
                    c.detail.as_deref().unwrap_or("")
                )
            })
            .collect();
        expect.assert_eq(&actual);
    }

    const TREE: &str = r#"
//- main.tf
variable "region" {
  type = string
}
variable "count_of" {
  type = number
}
locals {
  zone = "a"
}
module "net" {
  source = "./net"
}
output "x" {
  value = CURSOR
}
//- net/main.tf
output "first" {
  value = "10.0.0.0/24"
}
output "second" {
  value = 2
}
"#;

    #[test]
    fn variables() {
        check(
            &TREE.replace("CURSOR", "var.$0"),
            expect![[r#"
            Variable region string
            Variable count_of number
        "#]],
        );
    }

    #[test]
    fn what_is_typed_is_left_for_the_client_to_filter_by() {
        check(
            &TREE.replace("CURSOR", "var.reg$0"),
            expect![[r#"
            Variable region string
            Variable count_of number
        "#]],
        );
    }

    #[test]
    fn locals() {
        check(
            &TREE.replace("CURSOR", "local.$0"),
            expect![[r#"
            Local zone string
        "#]],
        );
    }

    #[test]
    fn module_calls_and_their_outputs() {
        check(
            &TREE.replace("CURSOR", "module.$0"),
            expect![[r#"
            ModuleCall net object({first=string,second=number})
        "#]],
        );
        check(
            &TREE.replace("CURSOR", "module.net.$0"),
            expect![[r#"
            Output first string
            Output second number
        "#]],
        );
    }

    #[test]
    fn functions() {
        check(
            &TREE.replace("CURSOR", "cidrsub$0"),
            expect![[r#"
            Function cidrsubnet cidrsubnet(prefix string, newbits number, netnum number) string
            Function cidrsubnets cidrsubnets(prefix string, ...newbits number)
        "#]],
        );
    }

    const WIDE: &str = r#"
//- main.tf
variable "settings" {
  type = object({
    name = string
    size = object({ cpu = number, memory = number })
  })
}
resource "aws_instance" "web" {
  count = 2
}
resource "aws_instance" "db" {}
data "aws_ami" "ubuntu" {}
module "net" {
  source = "./net"
  CURSOR
}
output "x" {
  value = CURSOR
}
//- net/main.tf
variable "with_default" {
  default = 1
}
variable "cidr" {
  type = string
}
variable "set_already" {}
output "first" {
  value = var.cidr
}
"#;

    fn wide(in_module: &str, in_output: &str) -> String {
        WIDE.replacen("CURSOR", in_module, 1)
            .replacen("CURSOR", in_output, 1)
    }

    #[test]
    fn attributes_of_typed_objects() {
        check(
            &wide("", "var.settings.$0"),
            expect![[r#"
            Attribute name string
            Attribute size object({cpu=number,memory=number})
        "#]],
        );
        check(
            &wide("", "var.settings.size.$0"),
            expect![[r#"
            Attribute cpu number
            Attribute memory number
        "#]],
        );
        check(&wide("", "var.settings.name.$0"), expect![""]);
        check(
            &wide("", "module.net.$0"),
            expect![[r#"
            Output first string
        "#]],
        );
    }

    #[test]
    fn data_sources_and_resources() {
        check(
            &wide("", "data.$0"),
            expect![[r#"
            ResourceType aws_ami 
        "#]],
        );
        check(
            &wide("", "data.aws_ami.$0"),
            expect![[r#"
                DataSource ubuntu any
            "#]],
        );
        check(
            &wide("", "aws_instance.$0"),
            expect![[r#"
                Resource web any
                Resource db any
            "#]],
        );
        check(
            &wide("", "aws$0"),
            expect![[r#"
            ResourceType aws_instance 
        "#]],
        );
    }

    #[test]
    fn count_each_path_terraform() {
        check(
            &wide("", "count.$0"),
            expect![[r#"
            Attribute index number
        "#]],
        );
        check(
            &wide("", "each.$0"),
            expect![[r#"
            Attribute key string
            Attribute value any
        "#]],
        );
        check(
            &wide("", "path.$0"),
            expect![[r#"
            Attribute module string
            Attribute root string
            Attribute cwd string
        "#]],
        );
        check(
            &wide("", "terraform.$0"),
            expect![[r#"
            Attribute workspace string
        "#]],
        );
        check(
            &wide("", "loc$0"),
            expect![[r#"
                Keyword local 
            "#]],
        );
    }

    #[test]
    fn module_call_arguments_required_first() {
        check(
            &wide("set_already = 1\n  $0", "1"),
            expect![[r#"
                Argument cidr string (required)
                Argument with_default any
                Keyword version 
                Keyword count 
                Keyword for_each 
                Keyword providers 
                Keyword depends_on 
            "#]],
        );
    }

    #[test]
    fn arguments_of_known_blocks() {
        check(
            "variable \"x\" {\n  type = string\n  $0\n}\n",
            expect![[r#"
                Keyword default 
                Keyword description 
                Keyword sensitive 
                Keyword nullable 
                Keyword ephemeral 
                Keyword deprecated 
                Keyword validation block
            "#]],
        );
        check(
            "resource \"a\" \"b\" {\n  lifecycle {\n    $0\n  }\n}\n",
            expect![[r#"
                Keyword create_before_destroy 
                Keyword prevent_destroy 
                Keyword ignore_changes 
                Keyword replace_triggered_by 
                Keyword precondition block
                Keyword postcondition block
            "#]],
        );
        check("resource \"a\" \"b\" {\n  $0\n}\n", expect![""]);
    }

    #[test]
    fn function_snippets() {
        let fixture = fixture(&TREE.replace("CURSOR", "cidrsub$0"));
        let snippets: Vec<String> = fixture
            .analysis()
            .completions(&fixture.path, fixture.offset)
            .unwrap()
            .into_iter()
            .filter_map(|c| c.snippet)
            .collect();
        assert_eq!(
            snippets,
            [
                "cidrsubnet(${1:prefix}, ${2:newbits}, ${3:netnum})$0",
                "cidrsubnets(${1:prefix})$0"
            ]
        );
    }

    const SCHEMAS: &str = r#"{"format_version": "1.0", "provider_schemas": {"registry.opentofu.org/hashicorp/thing": {
        "provider": {"version": 0, "block": {}},
        "resource_schemas": {"thing_box": {"version": 0, "block": {
            "attributes": {
                "size": {"type": "number", "optional": true},
                "name": {"type": "string", "required": true, "description": "The box's name."},
                "labels": {"type": ["map", "string"], "optional": true},
                "id": {"type": "string", "computed": true}
            },
            "block_types": {"disk": {"nesting_mode": "list", "block": {
                "attributes": {"gb": {"type": "number", "required": true}, "kind": {"type": "string", "optional": true}}
            }}}
        }}}
    }}}"#;

    #[test]
    fn resource_arguments_and_blocks_from_the_provider_schema() {
        // Required first; what is set already and computed-only attributes
        // are left out; then blocks and the meta-arguments.
        check(
            &format!(
                "//- schemas.json\n{SCHEMAS}\n//- main.tf\nresource \"thing_box\" \"a\" {{\n  size = 1\n  $0\n}}\n"
            ),
            expect![[r#"
                Argument name string (required)
                Argument labels map(string)
                Keyword disk block
                Keyword count 
                Keyword for_each 
                Keyword provider 
                Keyword depends_on 
                Keyword lifecycle block
            "#]],
        );
        // A nested block, also through `dynamic`.
        check(
            &format!(
                "//- schemas.json\n{SCHEMAS}\n//- main.tf\nresource \"thing_box\" \"a\" {{\n  name = \"x\"\n  dynamic \"disk\" {{\n    for_each = [1]\n    content {{\n      $0\n    }}\n  }}\n}}\n"
            ),
            expect![[r#"
                Argument gb number (required)
                Argument kind string
            "#]],
        );
        // Without a schema for the type, nothing.
        check(
            &format!(
                "//- schemas.json\n{SCHEMAS}\n//- main.tf\nresource \"other_box\" \"a\" {{\n  $0\n}}\n"
            ),
            expect![""],
        );
    }
}
