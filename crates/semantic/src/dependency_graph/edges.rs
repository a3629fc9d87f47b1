//! What each declaration of a module refers to, as the vertices of
//! OpenTofu's graph see it (`References()` of each node type): by name
//! only, so that an edit that moves text but changes no reference leaves
//! the memo as it was.

use std::collections::HashMap;

use tofu_syntax::TextRange;

use crate::config::model::{BlockType, ItemBody};
use crate::config::{file_model, file_source_map};
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::input::{ModuleDir, SourceFile};
use crate::references::Subject;

/// What a reference names: a vertex of the module's own (by index), one
/// of a call's outputs (by call index and an index into the module's
/// `output_names`), or a whole call (all of its outputs and its close).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    Own(u32),
    CallOutput { call: u32, name: u32 },
    Call(u32),
}

/// A module's vertices and edges, by index, with what refers into calls
/// by name (resolved against the called module when the configuration's
/// graph is built). Compact: one is kept per module.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleDependencies {
    /// Each vertex's declaration (variables, locals, outputs and
    /// resources; the first of duplicates), as an index into
    /// [`module_declarations`].
    pub vertices: Vec<u32>,
    /// Vertex `v`'s targets are `targets[starts[v]..starts[v + 1]]`.
    starts: Vec<u32>,
    targets: Vec<Target>,
    /// The vertices of variables and outputs by name (sorted), as callers
    /// refer to them.
    variables: Vec<(Box<str>, u32)>,
    outputs: Vec<(Box<str>, u32)>,
    pub calls: Vec<CallDependencies>,
    /// The names of the called modules' outputs that targets name.
    output_names: Vec<Box<str>>,
    /// What the validation rules of variables refer to, by the variable's
    /// vertex (sorted): OpenTofu's `nodeVariableReference`, a second vertex
    /// that references to the variable reach too.
    pub validations: Vec<(u32, Vec<Target>)>,
}

/// What a module call refers to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CallDependencies {
    pub name: Box<str>,
    /// Each argument's (sorted by name): the vertex of the child's
    /// variable of that name.
    pub arguments: Vec<(Box<str>, Vec<Target>)>,
    /// Those of `count`, `for_each`, `lifecycle.enabled`, `depends_on`
    /// and `providers`: the call's expansion vertex.
    pub expansion: Vec<Target>,
}

impl ModuleDependencies {
    /// What vertex `v` refers to.
    pub fn targets(&self, v: u32) -> &[Target] {
        let v = v as usize;
        &self.targets[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    pub fn variable(&self, name: &str) -> Option<u32> {
        find(&self.variables, name)
    }

    pub fn output(&self, name: &str) -> Option<u32> {
        find(&self.outputs, name)
    }

    pub fn outputs(&self) -> impl Iterator<Item = u32> + '_ {
        self.outputs.iter().map(|(_, v)| *v)
    }

    /// The names of the variables, sorted.
    pub fn variable_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.variables.iter().map(|(n, _)| &**n)
    }

    /// The vertices of the variables, in the order of their names.
    pub fn variable_vertices(&self) -> impl Iterator<Item = u32> + '_ {
        self.variables.iter().map(|(_, v)| *v)
    }

    pub fn variable_count(&self) -> usize {
        self.variables.len()
    }

    /// The names of the outputs, sorted.
    pub fn output_names_sorted(&self) -> impl Iterator<Item = &str> + '_ {
        self.outputs.iter().map(|(n, _)| &**n)
    }

    /// The vertices of the outputs, in the order of their names.
    pub fn output_vertices(&self) -> impl Iterator<Item = u32> + '_ {
        self.outputs()
    }

    pub fn output_count(&self) -> usize {
        self.outputs.len()
    }

    pub fn output_name(&self, index: u32) -> &str {
        &self.output_names[index as usize]
    }

    /// The position in `validations` of variable vertex `v`'s rules.
    pub fn validation_of(&self, v: u32) -> Option<usize> {
        self.validations
            .binary_search_by_key(&v, |(var, _)| *var)
            .ok()
    }
}

fn find(sorted: &[(Box<str>, u32)], name: &str) -> Option<u32> {
    sorted
        .binary_search_by(|(n, _)| (**n).cmp(name))
        .ok()
        .map(|i| sorted[i].1)
}

/// Where a reference in a `module` block counts.
#[derive(Clone)]
enum Role {
    Argument(String),
    Expansion,
}

/// The kinds of declaration that are vertices, for looking them up by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Variable,
    Local,
    Output,
    Resource,
}

/// The declarations of `module` and what each refers to.
#[salsa::tracked(returns(ref))]
pub fn module_dependencies(db: &dyn salsa::Database, module: ModuleDir) -> ModuleDependencies {
    let declarations = module_declarations(db, module);
    let mut deps = ModuleDependencies::default();
    let mut own: HashMap<(Kind, String), u32> = HashMap::new();
    let mut calls: HashMap<&str, u32> = HashMap::new();
    for (index, decl) in declarations.iter().enumerate() {
        let (kind, name) = match &decl.kind {
            DeclKind::Variable(name) => (Kind::Variable, name.clone()),
            DeclKind::Local(name) => (Kind::Local, name.clone()),
            DeclKind::Output(name) => (Kind::Output, name.clone()),
            DeclKind::ManagedResource { .. }
            | DeclKind::DataResource { .. }
            | DeclKind::EphemeralResource { .. } => (Kind::Resource, decl.kind.address()),
            DeclKind::ModuleCall(name) => {
                let next = deps.calls.len() as u32;
                if *calls.entry(name).or_insert(next) == next {
                    deps.calls.push(CallDependencies {
                        name: name.as_str().into(),
                        ..CallDependencies::default()
                    });
                }
                continue;
            }
            _ => continue,
        };
        let next = deps.vertices.len() as u32;
        if *own.entry((kind, name.clone())).or_insert(next) != next {
            continue;
        }
        match kind {
            Kind::Variable => deps.variables.push((name.into(), next)),
            Kind::Output => deps.outputs.push((name.into(), next)),
            _ => {}
        }
        deps.vertices.push(index as u32);
    }
    deps.variables.sort_unstable();
    deps.outputs.sort_unstable();
    let mut edges: Vec<(u32, Target)> = Vec::new();
    let mut validations: Vec<(u32, Target)> = Vec::new();
    let mut output_names: HashMap<&str, u32> = HashMap::new();
    let mut roles: HashMap<SourceFile, Vec<(String, TextRange, Role)>> = HashMap::new();
    // The override files' references count too, and an overridden local
    // has only its override's.
    let overrides = crate::overrides::module_overrides(db, module);
    let replaced = replaced_ranges(db, declarations, overrides);
    let references = crate::references::module_checked_references(db, module);
    for reference in &references {
        let Subject::Declared(subject) = &reference.subject else {
            continue;
        };
        if let DeclKind::Local(name) = &*reference.from
            && overrides
                .local(name)
                .is_some_and(|decl| decl.file != reference.file)
        {
            continue;
        }
        let in_replaced = |(file, range): &(SourceFile, TextRange)| {
            *file == reference.file && range.contains_range(reference.range)
        };
        if replaced.iter().any(in_replaced) {
            continue;
        }
        let own_target = |kind, name: String| own.get(&(kind, name)).map(|&v| Target::Own(v));
        let target = match subject {
            DeclKind::Variable(name) => own_target(Kind::Variable, name.clone()),
            DeclKind::Local(name) => own_target(Kind::Local, name.clone()),
            DeclKind::ManagedResource { .. }
            | DeclKind::DataResource { .. }
            | DeclKind::EphemeralResource { .. } => own_target(Kind::Resource, subject.address()),
            DeclKind::ModuleCall(call) => {
                calls
                    .get(call.as_str())
                    .map(|&call| match &reference.module_output {
                        Some(output) => {
                            let next = output_names.len() as u32;
                            let name = *output_names.entry(output.0.as_str()).or_insert(next);
                            Target::CallOutput { call, name }
                        }
                        None => Target::Call(call),
                    })
            }
            _ => None,
        };
        // What names nothing declared is another error.
        let Some(target) = target else {
            continue;
        };
        let from = match &*reference.from {
            DeclKind::Local(name) => own.get(&(Kind::Local, name.clone())),
            DeclKind::Output(name) => own.get(&(Kind::Output, name.clone())),
            from @ (DeclKind::ManagedResource { .. }
            | DeclKind::DataResource { .. }
            | DeclKind::EphemeralResource { .. }) => own.get(&(Kind::Resource, from.address())),
            DeclKind::ModuleCall(name) => {
                let roles = roles
                    .entry(reference.file)
                    .or_insert_with(|| call_roles(db, reference.file));
                let role = roles
                    .iter()
                    .find(|(call, range, _)| call == name && range.contains_range(reference.range));
                let Some(&index) = calls.get(name.as_str()) else {
                    continue;
                };
                let call = &mut deps.calls[index as usize];
                match role {
                    Some((_, _, Role::Argument(argument))) => {
                        match call.arguments.iter_mut().find(|(n, _)| **n == **argument) {
                            Some((_, targets)) => targets.push(target),
                            None => call
                                .arguments
                                .push((argument.as_str().into(), vec![target])),
                        }
                    }
                    Some((_, _, Role::Expansion)) => call.expansion.push(target),
                    // `source` and `version` are read statically.
                    None => {}
                }
                continue;
            }
            DeclKind::Variable(name) => {
                // A variable's own references are its validation rules'.
                if let Some(&v) = own.get(&(Kind::Variable, name.clone())) {
                    validations.push((v, target));
                }
                continue;
            }
            _ => None,
        };
        if let Some(&from) = from {
            edges.push((from, target));
        }
    }
    validations.sort_unstable();
    validations.dedup();
    for (v, target) in validations {
        match deps.validations.last_mut() {
            Some((last, targets)) if *last == v => targets.push(target),
            _ => deps.validations.push((v, vec![target])),
        }
    }
    deps.validations.shrink_to_fit();
    edges.sort_unstable();
    edges.dedup();
    deps.starts = Vec::with_capacity(deps.vertices.len() + 1);
    let mut next = 0;
    for v in 0..=deps.vertices.len() as u32 {
        while next < edges.len() && edges[next].0 < v {
            next += 1;
        }
        deps.starts.push(next as u32);
    }
    // Collected from a slice, to the exact size: one of these is kept
    // per module.
    deps.targets = edges.iter().map(|&(_, target)| target).collect();
    deps.vertices.shrink_to_fit();
    deps.variables.shrink_to_fit();
    deps.outputs.shrink_to_fit();
    deps.calls.shrink_to_fit();
    let mut names: Vec<(&str, u32)> = output_names.into_iter().collect();
    names.sort_unstable_by_key(|&(_, index)| index);
    deps.output_names = names.into_iter().map(|(name, _)| name.into()).collect();
    for call in &mut deps.calls {
        call.arguments.sort_unstable();
        for (_, targets) in &mut call.arguments {
            targets.sort_unstable();
            targets.dedup();
            targets.shrink_to_fit();
        }
        call.arguments.shrink_to_fit();
        call.expansion.sort_unstable();
        call.expansion.dedup();
        call.expansion.shrink_to_fit();
    }
    deps
}

/// Where each `module` block of `file` keeps its arguments and its
/// meta-arguments: `(call, range, role)`.
fn call_roles(db: &dyn salsa::Database, file: SourceFile) -> Vec<(String, TextRange, Role)> {
    let places = file_source_map(db, file);
    let mut out = Vec::new();
    for block in file_model(db, file).of_type(BlockType::Module) {
        let (Some(call), ItemBody::ModuleCall(item)) = (block.labels.first(), &block.body) else {
            continue;
        };
        for &span in &item.meta_arguments {
            out.push((call.clone(), places.range(span), Role::Expansion));
        }
        for (name, span) in &item.arguments {
            out.push((
                call.clone(),
                places.range(*span),
                Role::Argument(name.clone()),
            ));
        }
    }
    out
}

/// Where the primary blocks have arguments and nested blocks that
/// override files replace (`MergeBodies`: an argument by name, nested
/// blocks by type): their references are not the merged configuration's.
fn replaced_ranges(
    db: &dyn salsa::Database,
    declarations: &[std::sync::Arc<crate::declarations::Declaration>],
    overrides: &crate::overrides::Overrides,
) -> Vec<(SourceFile, TextRange)> {
    use crate::evaluation::syntax::{block_body, body_arguments};
    use tofu_syntax::ast::AstNode;
    let mut out = Vec::new();
    for decl in declarations {
        let overriding: Vec<&crate::declarations::Declaration> =
            overrides.blocks(&decl.kind).collect();
        if overriding.is_empty() {
            continue;
        }
        let body = |d: &crate::declarations::Declaration| block_body(db, d.file, d.range(db));
        let mut names = std::collections::HashSet::new();
        for block in &overriding {
            let Some(body) = body(block) else { continue };
            names.extend(
                body_arguments(db, block.file, &body)
                    .into_iter()
                    .map(|(n, _)| n),
            );
            if let Some(native) = body.as_native() {
                names.extend(
                    native
                        .blocks()
                        .filter_map(|b| Some(b.block_type()?.text().to_owned())),
                );
            }
        }
        let Some(primary) = body(decl) else { continue };
        for (name, expr) in body_arguments(db, decl.file, &primary) {
            if names.contains(&name) {
                out.push((decl.file, expr.range()));
            }
        }
        if let Some(native) = primary.as_native() {
            for block in native.blocks() {
                if block.block_type().is_some_and(|t| names.contains(t.text())) {
                    out.push((decl.file, tofu_syntax::body::trimmed_range(block.syntax())));
                }
            }
        }
    }
    out
}
