//! The host for editors and other embedders: a tree opened once, then
//! edited file by file, answering from the incremental database.

use std::{collections::BTreeMap, io, path::Path};

use salsa::Setter;
use tofu_semantic::{
    Constness, Database, DeclKind, Declaration, Diagnostic, ModuleDir, Reference, SourceFile,
    StaticCall, Subject, VariableSource, Workspace, declaration_type, expression_type,
    local_source_dir, module_calls, module_declaration, module_declarations, module_graph,
    module_references, root_variable_values, sync_module_graph,
};
use tofu_syntax::{TextRange, TextSize};
use tofu_types::Type;

use crate::semantic;
use crate::semantic::Evaluations;
use crate::variable_inputs::{VariableInputs, load_root_inputs, root_module};

/// A declaration and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclarationAt {
    pub kind: DeclKind,
    /// The path of its file, as [`Analysis::file_text`] takes it.
    pub path: String,
    /// The block header (or, for a local, the whole definition).
    pub range: TextRange,
}

/// An opened tree. Reads files only when opened; edits come through
/// [`Analysis::set_file_text`].
pub struct Analysis {
    db: Database,
    workspace: Workspace,
    /// The tree evaluated as `validate` evaluates it, and as a plan when
    /// opened with values.
    evaluations: Evaluations,
    modules: Vec<ModuleDir>,
    files: BTreeMap<String, SourceFile>,
    /// Whether diagnostics were asked for already.
    reported: std::sync::atomic::AtomicBool,
}

impl Analysis {
    /// Opens `root` and every module below it, as `check` finds them.
    pub fn open(root: &Path) -> io::Result<Analysis> {
        Analysis::open_with(root, None)
    }

    /// Opens `root` as [`Analysis::open`] does, and evaluates it as `check
    /// --plan` does with the values from `inputs`; the tfvars files read
    /// can be edited as the configuration's files can.
    pub fn open_with_values(root: &Path, inputs: &VariableInputs<'_>) -> io::Result<Analysis> {
        Analysis::open_with(root, Some(inputs))
    }

    fn open_with(root: &Path, inputs: Option<&VariableInputs<'_>>) -> io::Result<Analysis> {
        let mut loaded = semantic::read_tree(root)?;
        let mut files: BTreeMap<String, SourceFile> = loaded
            .files
            .iter()
            .map(|f| (f.path(&loaded.db).clone(), *f))
            .collect();
        // Static evaluation reads the root's values whether or not the
        // tree is evaluated as a plan.
        let no_options = VariableInputs {
            options: &[],
            working_dir: root,
            environment: &[],
        };
        let static_inputs = load_root_inputs(
            &loaded.db,
            root_module(&loaded),
            root,
            inputs.unwrap_or(&no_options),
        );
        semantic::set_static_inputs(&mut loaded, static_inputs, root);
        // After the static inputs: module sources may be expressions.
        sync_module_graph(&mut loaded.db, loaded.workspace);
        let root_inputs = inputs.is_some().then_some(static_inputs);
        for source in root_inputs
            .iter()
            .flat_map(|inputs| inputs.sources(&loaded.db))
        {
            if let VariableSource::AutoFile(file) | VariableSource::NamedFile(file) = source {
                files.insert(file.path(&loaded.db).clone(), *file);
            }
        }
        let evaluations = Evaluations::new(&loaded.db, loaded.workspace, root, root_inputs);
        Ok(Analysis {
            db: loaded.db,
            workspace: loaded.workspace,
            evaluations,
            modules: loaded.modules,
            files,
            reported: Default::default(),
        })
    }

    /// Replaces the text of a file (by its path relative to the root);
    /// false if the tree has no such file.
    pub fn set_file_text(&mut self, path: &str, text: String) -> bool {
        let Some(file) = self.files.get(path).copied() else {
            return false;
        };
        // An edited file is likely to be edited again (see `semantic::load`).
        file.set_text(&mut self.db)
            .with_durability(salsa::Durability::LOW)
            .to(text);
        sync_module_graph(&mut self.db, self.workspace);
        true
    }

    /// The semantic diagnostics of every module: what `check` reports
    /// besides syntax errors.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        // Only the first report computes everything.
        let cold = !self
            .reported
            .swap(true, std::sync::atomic::Ordering::Relaxed);
        // On the analysis threads, whose stacks deep configurations need,
        // with a handle of the database of their own.
        let (db, evaluations) = (self.db.clone(), self.evaluations);
        let report =
            crate::on_analysis_threads(move || semantic::report(&db, &evaluations, cold, None));
        let mut out: Vec<Diagnostic> = report.modules.into_iter().flatten().collect();
        if let Some((_, inputs)) = self.evaluations.plan {
            out.extend(
                root_variable_values(&self.db, inputs)
                    .diagnostics
                    .iter()
                    .cloned(),
            );
        }
        out.extend(report.evaluated);
        out
    }

    /// What a module declares (`""` for the root).
    pub fn declarations(&self, module_dir: &str) -> Vec<DeclarationAt> {
        self.module(module_dir)
            .map(|m| {
                module_declarations(&self.db, m)
                    .iter()
                    .map(|d| self.located(d))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn located(&self, declaration: &Declaration) -> DeclarationAt {
        DeclarationAt {
            kind: declaration.kind.clone(),
            path: declaration.file.path(&self.db).clone(),
            range: declaration.range(&self.db),
        }
    }

    /// The declaration the reference at `offset` in `path` refers to.
    pub fn definition(&self, path: &str, offset: TextSize) -> Option<DeclarationAt> {
        let file = *self.files.get(path)?;
        let module = self.module_of(file)?;
        let reference = module_references(&self.db, module)
            .into_iter()
            .find(|r| r.file == file && r.range.contains_inclusive(offset))?;
        let Subject::Declared(kind) = &reference.subject else {
            return None;
        };
        module_declaration(&self.db, module, kind).map(|d| self.located(d))
    }

    /// Every reference to a declaration of a module.
    pub fn references_to(&self, module_dir: &str, kind: &DeclKind) -> Vec<Reference> {
        let Some(module) = self.module(module_dir) else {
            return Vec::new();
        };
        module_references(&self.db, module)
            .into_iter()
            .filter(|r| matches!(&r.subject, Subject::Declared(k) if k == kind))
            .cloned()
            .collect()
    }

    /// The static type of a declaration of a module: a variable's
    /// declared type, the type of a local's or an output's value whatever
    /// the module's callers pass, a module call's or a resource's value's
    /// as references see them (resources' attributes are dynamic without
    /// a provider schema). `None` for what has no value.
    pub fn type_of_declaration(&self, module_dir: &str, kind: &DeclKind) -> Option<Type> {
        let module = self.module(module_dir)?;
        declaration_type(&self.db, self.evaluations.types, module, kind)
    }

    /// The static type of the innermost expression at `offset` in `path`
    /// (native syntax only).
    pub fn type_of(&self, path: &str, offset: TextSize) -> Option<Type> {
        let file = *self.files.get(path)?;
        let module = self.module_of(file)?;
        expression_type(&self.db, self.evaluations.types, module, file, offset)
    }

    /// Whether a variable or local of a module (`""` for the root) can be
    /// evaluated without state, as OpenTofu's static evaluator would
    /// under the first call path that reaches the module; if not, the
    /// chain of references that makes it dynamic. `None` for a module
    /// the tree does not reach.
    pub fn is_const(&self, module_dir: &str, kind: &DeclKind) -> Option<Constness> {
        let module = self.module(module_dir)?;
        let instance = module_graph(&self.db, self.workspace)
            .instances_of(module)
            .next()?;
        let call = StaticCall::new(instance.root, &instance.path);
        Some(tofu_semantic::is_const(&self.db, self.workspace, call, kind.clone()).clone())
    }

    /// The dependency graph as DOT: one cluster per module, a node per
    /// declaration, an edge from each declaration to each declaration it
    /// refers to, and an edge from each module call to the module its
    /// local source names.
    pub fn graph_dot(&self) -> String {
        let mut out = String::from("digraph {\n  rankdir = \"RL\";\n");
        for (index, module) in self.modules.iter().enumerate() {
            let dir = module.dir(&self.db);
            let label = if dir.is_empty() { "." } else { dir.as_str() };
            out.push_str(&format!(
                "  subgraph \"cluster_{index}\" {{\n    label = {label:?};\n"
            ));
            let node = |kind: &DeclKind| format!("{label}:{}", kind.address());
            // The module itself, which calls point at.
            out.push_str(&format!(
                "    {:?} [label = {:?}, shape = box];\n",
                format!("{label}:module"),
                format!("module {label}")
            ));
            for decl in module_declarations(&self.db, *module) {
                out.push_str(&format!(
                    "    {:?} [label = {:?}];\n",
                    node(&decl.kind),
                    decl.kind.address()
                ));
            }
            let mut edges = std::collections::BTreeSet::new();
            for reference in module_references(&self.db, *module) {
                if let Subject::Declared(kind) = &reference.subject {
                    edges.insert((node(&reference.from), node(kind)));
                }
            }
            for (from, to) in edges {
                out.push_str(&format!("    {from:?} -> {to:?};\n"));
            }
            out.push_str("  }\n");
            for call in module_calls(&self.db, *module) {
                let Some(child) = call
                    .source
                    .as_deref()
                    .and_then(|s| local_source_dir(dir, s))
                else {
                    continue;
                };
                let child_label = if child.is_empty() {
                    ".".to_owned()
                } else {
                    child
                };
                out.push_str(&format!(
                    "  {:?} -> {:?} [style = dashed];\n",
                    node(&DeclKind::ModuleCall(call.name.clone())),
                    format!("{child_label}:module")
                ));
            }
        }
        out.push_str("}\n");
        out
    }

    /// The text of a file as the database has it.
    pub fn file_text(&self, path: &str) -> Option<&str> {
        Some(self.files.get(path)?.text(&self.db).as_str())
    }

    fn module(&self, dir: &str) -> Option<ModuleDir> {
        self.modules
            .iter()
            .copied()
            .find(|m| m.dir(&self.db) == dir)
    }

    fn module_of(&self, file: SourceFile) -> Option<ModuleDir> {
        self.modules
            .iter()
            .copied()
            .find(|m| m.files(&self.db).contains(&file))
    }
}
