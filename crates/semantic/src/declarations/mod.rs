//! What a file and a module declare, each under a stable identity: its
//! kind and name, never a position.

pub(crate) mod module;

use std::sync::Arc;

use tofu_syntax::TextRange;

use crate::config::model::{BlockItem, BlockType, Instances, ItemBody, Span};
use crate::input::SourceFile;

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

/// The declarations of one file, in source order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FileDeclarations {
    /// Shared with the module's list (`module_declarations`).
    pub declarations: Vec<Arc<Declaration>>,
}

impl DeclKind {
    /// What a top-level block declares, where its labels name it:
    /// `None` for `locals` (whose definitions each declare one), for
    /// `moved`, `import` and `removed` (numbered in their file) and for
    /// blocks that declare nothing.
    pub(crate) fn of_block(block: &BlockItem) -> Option<DeclKind> {
        Some(match block.ty {
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
            BlockType::Moved
            | BlockType::Import
            | BlockType::Removed
            | BlockType::Locals
            | BlockType::Language
            | BlockType::RequiredProviders => return None,
        })
    }
}

/// A file's declarations, from its model: a declaration per block, one
/// per local value, and the data sources of `check` blocks after theirs.
#[salsa::tracked(returns(ref))]
pub fn file_declarations(db: &dyn salsa::Database, file: SourceFile) -> FileDeclarations {
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
            _ => match DeclKind::of_block(block) {
                Some(kind) => kind,
                None => continue,
            },
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
