//! What a file and a module declare, each under a stable identity: its
//! kind and name, never a position.

use std::sync::Arc;

use tofu_syntax::TextRange;

use crate::config::model::Span;
use crate::input::{ModuleDir, SourceFile};

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

/// One declaration and where it is. It holds no positions: its place is
/// a span of its file's source map, so that the declarations of a module
/// are equal after an edit that only moves text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    pub kind: DeclKind,
    pub file: SourceFile,
    /// The block header (or, for a local, the whole attribute).
    pub at: Span,
    /// How a resource or module call makes instances.
    pub instances: Instances,
    /// For a data source declared inside a `check` block: that block's
    /// name. Only the check block may refer to it.
    pub check_block: Option<String>,
}

impl Declaration {
    /// The block header (or, for a local, the whole attribute), OpenTofu's
    /// `DeclRange`.
    pub fn range(&self, db: &dyn salsa::Database) -> TextRange {
        crate::config::file_source_map(db, self.file).range(self.at)
    }
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

/// A file's declarations, from its model: a declaration per block, one
/// per local value, and the data sources of `check` blocks after theirs.
#[salsa::tracked(returns(ref))]
pub fn file_declarations(db: &dyn salsa::Database, file: SourceFile) -> FileDeclarations {
    use crate::config::model::{BlockType, ItemBody};
    let model = crate::config::file_model(db, file);
    let declaration = |kind, at, instances, check_block| {
        Arc::new(Declaration {
            kind,
            file,
            at,
            instances,
            check_block,
        })
    };
    let mut declarations = Vec::new();
    let mut counters = [0usize; 3];
    for block in &model.blocks {
        let mut next = |slot: usize| {
            counters[slot] += 1;
            counters[slot] - 1
        };
        let kind = match block.ty {
            BlockType::Variable => DeclKind::Variable(block.label(0)),
            BlockType::Output => DeclKind::Output(block.label(0)),
            BlockType::Module => DeclKind::ModuleCall(block.label(0)),
            BlockType::Check => DeclKind::Check(block.label(0)),
            BlockType::Resource => DeclKind::ManagedResource {
                ty: block.label(0),
                name: block.label(1),
            },
            BlockType::Data => DeclKind::DataResource {
                ty: block.label(0),
                name: block.label(1),
            },
            BlockType::Ephemeral => DeclKind::EphemeralResource {
                ty: block.label(0),
                name: block.label(1),
            },
            BlockType::Terraform => DeclKind::Terraform,
            BlockType::Provider => DeclKind::Provider {
                name: block.label(0),
                alias: match &block.body {
                    ItemBody::Provider(provider) => provider.alias.clone(),
                    _ => None,
                },
            },
            BlockType::Moved => DeclKind::Moved(next(0)),
            BlockType::Import => DeclKind::Import(next(1)),
            BlockType::Removed => DeclKind::Removed(next(2)),
            BlockType::Locals => {
                if let ItemBody::Locals(locals) = &block.body {
                    for local in locals {
                        // OpenTofu's `Local.DeclRange`: the whole definition.
                        let kind = DeclKind::Local(local.name.clone());
                        let at = local.definition;
                        declarations.push(declaration(kind, at, Instances::Single, None));
                    }
                }
                continue;
            }
            BlockType::Language | BlockType::RequiredProviders => continue,
        };
        let instances = match &block.body {
            ItemBody::Resource(resource) => resource.repeats.instances(),
            ItemBody::ModuleCall(call) => call.repeats.instances(),
            _ => Instances::Single,
        };
        declarations.push(declaration(kind.clone(), block.header, instances, None));
        if let (DeclKind::Check(name), ItemBody::Check { data }) = (&kind, &block.body) {
            for data in data {
                let kind = DeclKind::DataResource {
                    ty: data.label(0),
                    name: data.label(1),
                };
                declarations.push(declaration(
                    kind,
                    data.header,
                    Instances::Single,
                    Some(name.clone()),
                ));
            }
        }
    }
    declarations.shrink_to_fit();
    FileDeclarations { declarations }
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
    let overrides = crate::overrides::module_overrides(db, module);
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
