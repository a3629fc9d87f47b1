//! What a file and a module declare, each under a stable identity: its
//! kind and name, never a position.

use std::sync::Arc;

use tofu_syntax::TextRange;
use tofu_syntax::body::{AnyBlock, AnyBody, BlockSchema, BodySchema, SourceText};

use crate::{ModuleDir, SourceFile, parse};

/// The kinds of top-level declarations, with the names that identify them
/// within a module.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeclKind {
    Variable(String),
    Local(String),
    Output(String),
    ManagedResource {
        ty: String,
        name: String,
    },
    DataResource {
        ty: String,
        name: String,
    },
    EphemeralResource {
        ty: String,
        name: String,
    },
    ModuleCall(String),
    /// A provider configuration: its local name and alias.
    Provider {
        name: String,
        alias: Option<String>,
    },
    Terraform,
    Check(String),
    /// `moved`, `import` and `removed` blocks, by their position among the
    /// module's blocks of that type in file order (they have no names).
    Moved(usize),
    Import(usize),
    Removed(usize),
}

impl DeclKind {
    /// The declaration as OpenTofu names it in addresses and graphs:
    /// `var.x`, `aws_instance.web`, `data.a.b`, `module.m`,
    /// `provider.aws.west`, `moved[0]`.
    pub fn address(&self) -> String {
        match self {
            DeclKind::Variable(n) => format!("var.{n}"),
            DeclKind::Local(n) => format!("local.{n}"),
            DeclKind::Output(n) => format!("output.{n}"),
            DeclKind::ManagedResource { ty, name } => format!("{ty}.{name}"),
            DeclKind::DataResource { ty, name } => format!("data.{ty}.{name}"),
            DeclKind::EphemeralResource { ty, name } => format!("ephemeral.{ty}.{name}"),
            DeclKind::ModuleCall(n) => format!("module.{n}"),
            DeclKind::Provider {
                name,
                alias: Some(alias),
            } => format!("provider.{name}.{alias}"),
            DeclKind::Provider { name, alias: None } => format!("provider.{name}"),
            DeclKind::Terraform => "terraform".to_owned(),
            DeclKind::Check(n) => format!("check.{n}"),
            DeclKind::Moved(i) => format!("moved[{i}]"),
            DeclKind::Import(i) => format!("import[{i}]"),
            DeclKind::Removed(i) => format!("removed[{i}]"),
        }
    }
}

/// One declaration and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    pub kind: DeclKind,
    pub file: SourceFile,
    /// The block header (or, for a local, the whole attribute).
    pub range: TextRange,
    /// How a resource or module call makes instances.
    pub instances: Instances,
    /// For a data source declared inside a `check` block: that block's
    /// name. Only the check block may refer to it.
    pub check_block: Option<String>,
}

/// The repetition meta-argument a resource or module call has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Instances {
    /// One instance (or none, with `enabled`).
    #[default]
    Single,
    /// `count`: instances keyed by index.
    Count,
    /// `for_each`: instances keyed by string.
    ForEach,
}

/// The declarations of one file, in source order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FileDeclarations {
    /// Shared with the module's list (`module_declarations`).
    pub declarations: Vec<Arc<Declaration>>,
}

/// The top-level blocks of a file, as the file schema reads them.
///
/// Many queries read a file's blocks one after the other on the same
/// thread, so the last few files' blocks are kept per thread, keyed by
/// their syntax tree (a new text gives a new tree). Syntax nodes cannot
/// cross threads or live in the database, hence no query.
pub(crate) fn file_blocks(db: &dyn salsa::Database, file: SourceFile) -> Vec<AnyBlock> {
    use std::cell::RefCell;
    const KEPT: usize = 16;
    thread_local! {
        static RECENT: RefCell<Vec<(tofu_syntax::GreenNode, Vec<AnyBlock>)>> =
            const { RefCell::new(Vec::new()) };
    }
    let parsed = parse(db, file);
    let cached = RECENT.with_borrow(|recent| {
        recent
            .iter()
            .find(|(green, _)| std::ptr::eq(&**green, &*parsed.green))
            .map(|(_, blocks)| blocks.clone())
    });
    if let Some(blocks) = cached {
        return blocks;
    }
    let text = crate::input::contents(db, file);
    let source = SourceText::new(text, file.path(db));
    let (content, _remain, _errors) =
        AnyBody::of_file(&parsed.to_parse()).partial_content(&crate::config::FILE_SCHEMA, &source);
    RECENT.with_borrow_mut(|recent| {
        if recent.len() == KEPT {
            recent.remove(0);
        }
        recent.push((parsed.green.clone(), content.blocks.clone()));
    });
    content.blocks
}

#[salsa::tracked(returns(ref))]
pub fn file_declarations(db: &dyn salsa::Database, file: SourceFile) -> FileDeclarations {
    let text = crate::input::contents(db, file);
    let source = SourceText::new(text, file.path(db));
    let mut declarations = Vec::new();
    let mut counters = [0usize; 3];
    for block in file_blocks(db, file) {
        let label = |i: usize| block.labels.get(i).cloned().unwrap_or_default();
        let kind = match block.type_name.as_str() {
            "variable" => DeclKind::Variable(label(0)),
            "output" => DeclKind::Output(label(0)),
            "module" => DeclKind::ModuleCall(label(0)),
            "check" => DeclKind::Check(label(0)),
            "resource" => DeclKind::ManagedResource {
                ty: label(0),
                name: label(1),
            },
            "data" => DeclKind::DataResource {
                ty: label(0),
                name: label(1),
            },
            "ephemeral" => DeclKind::EphemeralResource {
                ty: label(0),
                name: label(1),
            },
            "terraform" => DeclKind::Terraform,
            "provider" => DeclKind::Provider {
                name: label(0),
                alias: provider_alias(&block, &source),
            },
            "moved" | "import" | "removed" => {
                let slot = match block.type_name.as_str() {
                    "moved" => 0,
                    "import" => 1,
                    _ => 2,
                };
                counters[slot] += 1;
                match slot {
                    0 => DeclKind::Moved(counters[slot] - 1),
                    1 => DeclKind::Import(counters[slot] - 1),
                    _ => DeclKind::Removed(counters[slot] - 1),
                }
            }
            "locals" => {
                let (attributes, _errors) = block.body.just_attributes(&source);
                for attribute in attributes {
                    declarations.push(Arc::new(Declaration {
                        kind: DeclKind::Local(attribute.name.clone()),
                        file,
                        // OpenTofu's `Local.DeclRange`: the whole definition.
                        range: attribute.range,
                        instances: Instances::Single,
                        check_block: None,
                    }));
                }
                continue;
            }
            _ => continue,
        };
        let instances = match block.type_name.as_str() {
            "resource" | "data" | "ephemeral" | "module" => instances(&block, &source),
            _ => Instances::Single,
        };
        let nested_data = match &kind {
            DeclKind::Check(name) => check_data_sources(&block, name, file, &source),
            _ => Vec::new(),
        };
        declarations.push(Arc::new(Declaration {
            kind,
            file,
            range: block.def_range,
            instances,
            check_block: None,
        }));
        declarations.extend(nested_data.into_iter().map(Arc::new));
    }
    declarations.shrink_to_fit();
    FileDeclarations { declarations }
}

/// The data sources declared inside a `check` block.
fn check_data_sources(
    block: &AnyBlock,
    check: &str,
    file: SourceFile,
    source: &SourceText<'_>,
) -> Vec<Declaration> {
    const DATA: &[BlockSchema<'static>] = &[BlockSchema::new("data", &["type", "name"])];
    let (content, _, _) = block
        .body
        .partial_content(&BodySchema::new(&[], DATA), source);
    content
        .blocks
        .iter()
        .map(|data| {
            let label = |i: usize| data.labels.get(i).cloned().unwrap_or_default();
            Declaration {
                kind: DeclKind::DataResource {
                    ty: label(0),
                    name: label(1),
                },
                file,
                range: data.def_range,
                instances: Instances::Single,
                check_block: Some(check.to_owned()),
            }
        })
        .collect()
}

/// Whether a block sets `count` or `for_each` (both: `count`, which
/// OpenTofu reports as an invalid combination).
fn instances(block: &AnyBlock, source: &SourceText<'_>) -> Instances {
    use tofu_syntax::body::AttributeSchema;
    const META: &[AttributeSchema<'static>] = &[
        AttributeSchema::optional("count"),
        AttributeSchema::optional("for_each"),
    ];
    let (content, _, _) = block
        .body
        .partial_content(&BodySchema::new(META, &[]), source);
    if content.attribute("count").is_some() {
        Instances::Count
    } else if content.attribute("for_each").is_some() {
        Instances::ForEach
    } else {
        Instances::Single
    }
}

fn provider_alias(block: &AnyBlock, source: &SourceText<'_>) -> Option<String> {
    use tofu_syntax::body::AttributeSchema;
    const ALIAS: &[AttributeSchema<'static>] = &[AttributeSchema {
        name: "alias",
        required: false,
    }];
    let (content, _, _) = block
        .body
        .partial_content(&BodySchema::new(ALIAS, &[]), source);
    let attribute = content.attribute("alias")?;
    match attribute.expr.as_ref()? {
        tofu_syntax::body::AnyExpr::Native(expr) => match expr {
            tofu_syntax::ast::Expr::Template(t) => t.as_string_literal(),
            other => Some(
                tofu_syntax::ast::AstNode::syntax(other)
                    .to_string()
                    .trim()
                    .to_owned(),
            ),
        },
        tofu_syntax::body::AnyExpr::Json(value) => value
            .as_scalar()
            .and_then(|s| s.as_str())
            .map(|s| s.into_owned()),
    }
}

/// Every declaration of a module, file by file in name order. A resource
/// or module call repeats as its override files leave it: an override's
/// `count` or `for_each` is merged in, and `count` wins when both are set,
/// as OpenTofu expands them.
/// The declaration of `kind` in `module` (the first, when there are
/// duplicates), found through [`module_declaration_index`] rather than a
/// walk of every declaration: a walk per lookup made a module's cost grow
/// with the square of its declarations.
pub fn module_declaration<'db>(
    db: &'db dyn salsa::Database,
    module: ModuleDir,
    kind: &DeclKind,
) -> Option<&'db Arc<Declaration>> {
    let index = module_declaration_index(db, module);
    let at = index.binary_search_by(|(k, _)| k.cmp(kind)).ok()?;
    module_declarations(db, module).get(index[at].1 as usize)
}

/// Each kind of declaration of a module with the position of its first
/// declaration in [`module_declarations`], sorted by kind. It holds no
/// places, so edits that only move text leave it as it was.
#[salsa::tracked(returns(ref))]
pub fn module_declaration_index(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> Vec<(DeclKind, u32)> {
    let mut index: Vec<(DeclKind, u32)> = module_declarations(db, module)
        .iter()
        .enumerate()
        .map(|(position, decl)| (decl.kind.clone(), position as u32))
        .collect();
    // Stable, so that the first of duplicates comes first.
    index.sort_by(|a, b| a.0.cmp(&b.0));
    index.dedup_by(|later, first| later.0 == first.0);
    index
}

#[salsa::tracked(returns(ref))]
pub fn module_declarations(db: &dyn salsa::Database, module: ModuleDir) -> Vec<Arc<Declaration>> {
    let mut out: Vec<Arc<Declaration>> = module
        .files(db)
        .iter()
        .filter(|f| f.exists(db))
        .flat_map(|f| file_declarations(db, *f).declarations.iter().cloned())
        .collect();
    let overrides = crate::module_overrides(db, module);
    for decl in &mut out {
        let overriding = overrides.blocks(&decl.kind).map(|d| d.instances);
        let instances = overriding.fold(decl.instances, |merged, set| match (merged, set) {
            (Instances::Count, _) | (_, Instances::Count) => Instances::Count,
            (Instances::ForEach, _) | (_, Instances::ForEach) => Instances::ForEach,
            _ => Instances::Single,
        });
        if instances != decl.instances {
            *decl = Arc::new(Declaration {
                instances,
                ..(**decl).clone()
            });
        }
    }
    out
}
