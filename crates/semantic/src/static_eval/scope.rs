//! The static scope of one expression (`staticScopeData` behind a
//! `lang.Scope`): its references are checked first (only variables,
//! locals, `path.*` and `terraform.*`/`tofu.*` may be used), then each is
//! asked of its own query, and the expression is evaluated only when all
//! of them have values.

use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use tofu_diagnostics::{Code, Severity};
use tofu_eval::Scope;
use tofu_syntax::TextRange;
use tofu_syntax::ast::{AstNode, FunctionCall};
use tofu_syntax::body::AnyExpr;
use tofu_types::Value;

use super::identifier::{Ident, error, unavailable};
use super::{StaticCall, StaticValue, static_local_value};
use crate::declarations::DeclKind;
use crate::diagnostics::Diagnostic;
use crate::evaluation::declared::module_variable_decls;
use crate::evaluation::scope::{HowToEvaluate, evaluate_expression};
use crate::evaluation::syntax::attribute_expression;
use crate::input::{ModuleDir, SourceFile, Workspace};
use crate::references::{Reference, Subject};

/// Nested evaluations of the locals of one ring before evaluation gives
/// up on it: a dense ring has exponentially many paths.
const RING_BUDGET: usize = 4096;

/// One static call's scope.
pub(crate) struct StaticScope<'db> {
    pub db: &'db dyn salsa::Database,
    pub workspace: Workspace,
    pub call: StaticCall,
    pub module: ModuleDir,
    ring_budget: Cell<usize>,
}

/// The locals being evaluated along the current path, innermost last:
/// only those of one ring, since everything else is memoised.
pub(crate) type Stack = Vec<String>;

impl<'db> StaticScope<'db> {
    pub fn new(
        db: &'db dyn salsa::Database,
        workspace: Workspace,
        call: StaticCall,
    ) -> StaticScope<'db> {
        let module = call.module();
        StaticScope {
            db,
            workspace,
            call,
            module,
            ring_budget: Cell::new(RING_BUDGET),
        }
    }

    /// What `subject` of this call is called in messages.
    pub fn ident(&self, subject: String, place: Option<(SourceFile, TextRange)>) -> Ident {
        Ident {
            module: self.call.module_address(),
            subject,
            place,
        }
    }

    /// `Evaluate`: the value of `expr`, from `file`, evaluated as `top`.
    pub fn evaluate(
        &self,
        file: SourceFile,
        expr: &AnyExpr,
        top: &Ident,
        stack: &mut Stack,
    ) -> StaticValue {
        let references = crate::references::expression_references(expr, file);
        let (roots, mut diagnostics, failed) =
            self.values_of(&references, &provider_functions(expr), top, stack);
        if failed {
            return StaticValue::failed(diagnostics);
        }
        let (value, found) = self.evaluate_in(file, expr, roots);
        let failed = found.iter().any(|d| d.severity == Severity::Error);
        diagnostics.extend(found);
        StaticValue {
            value,
            diagnostics,
            failed,
            follow_on: true,
        }
    }

    /// `EvalContext`: the values of the root names `references` use, as
    /// `top` asks for them, what finding them reported, and whether any
    /// of them failed (then nothing is evaluated).
    pub fn values_of(
        &self,
        references: &[Reference],
        provider_functions: &[(String, TextRange)],
        top: &Ident,
        stack: &mut Stack,
    ) -> (HashMap<String, Value>, Vec<Diagnostic>, bool) {
        let mut diagnostics = rejected_references(self.db, references, provider_functions, top);
        // A reference OpenTofu cannot parse is an error the reference
        // checks report; it stops evaluation here too.
        let unparsed = references
            .iter()
            .any(|r| matches!(r.subject, Subject::Invalid(_)));
        if !diagnostics.is_empty() {
            return (HashMap::new(), diagnostics, true);
        }
        let mut failed = unparsed;
        let mut vars: BTreeMap<String, Value> = BTreeMap::new();
        let mut locals: BTreeMap<String, Value> = BTreeMap::new();
        let mut path: BTreeMap<String, Value> = BTreeMap::new();
        let mut terraform: BTreeMap<String, Value> = BTreeMap::new();
        for reference in references {
            let found = match &reference.subject {
                Subject::Declared(DeclKind::Variable(name)) if !vars.contains_key(name) => {
                    let found = self.variable(name, reference, top);
                    vars.insert(name.clone(), found.value.clone());
                    found
                }
                Subject::Declared(DeclKind::Local(name)) if !locals.contains_key(name) => {
                    let found = self.local(name, reference, top, stack);
                    locals.insert(name.clone(), found.value.clone());
                    found
                }
                Subject::Builtin { object, attribute } if object == "path" => {
                    let found = self.path_attribute(attribute, reference);
                    path.insert(attribute.clone(), found.value.clone());
                    found
                }
                Subject::Builtin { object, attribute }
                    if object == "terraform" || object == "tofu" =>
                {
                    let found = terraform_attribute(attribute, reference);
                    terraform.insert(attribute.clone(), found.value.clone());
                    found
                }
                _ => continue,
            };
            failed |= found.failed;
            diagnostics.extend(found.diagnostics);
        }
        let terraform = Value::object(terraform);
        let roots = HashMap::from([
            ("var".to_owned(), Value::object(vars)),
            ("local".to_owned(), Value::object(locals)),
            ("path".to_owned(), Value::object(path)),
            ("terraform".to_owned(), terraform.clone()),
            ("tofu".to_owned(), terraform),
        ]);
        (roots, diagnostics, failed)
    }

    /// `expr` evaluated with `roots`, the built-in functions (impure ones
    /// included: the static scope is not pure-only) and the workspace
    /// root as the base of relative paths.
    pub fn evaluate_in(
        &self,
        file: SourceFile,
        expr: &AnyExpr,
        roots: HashMap<String, Value>,
    ) -> (Value, Vec<Diagnostic>) {
        let scope = Roots { roots };
        let base_dir =
            Path::new(self.workspace.base_dir(self.db)).join(self.call.root.dir(self.db));
        let fs = crate::external_files::TrackedFileSystem::of(self.db, self.workspace);
        let how = HowToEvaluate {
            base_dir: &base_dir,
            fs: &fs,
            pure_only: false,
            assume_non_empty: false,
            functions: tofu_eval::FunctionTable::builtin_shared(
                tofu_eval::functions::TableKind::Configuration,
            ),
        };
        evaluate_expression(self.db, file, expr, &scope, how)
    }

    /// `GetLocalValue`, with `top` asking.
    fn local(
        &self,
        name: &str,
        reference: &Reference,
        top: &Ident,
        stack: &mut Stack,
    ) -> StaticValue {
        let declaration = crate::declarations::module::module_declarations(self.db, self.module)
            .iter()
            .find(|d| d.kind == DeclKind::Local(name.to_owned()));
        let Some(declaration) = declaration else {
            return StaticValue::failed(vec![error(
                Code::UndefinedLocal,
                format!("Undefined local local.{name}"),
                Some((reference.file, reference.range)),
            )]);
        };
        let ident = self.ident(
            format!("local.{name}"),
            Some((declaration.file, declaration.range(self.db))),
        );
        if stack.iter().any(|frame| frame == name) {
            return StaticValue::failed(vec![error(
                Code::CircularReference,
                format!("{ident} is self referential"),
                ident.place,
            )]);
        }
        let rings = super::cycles::local_rings(self.db, self.module);
        let same_ring = stack
            .first()
            .and_then(|first| rings.get(first))
            .is_some_and(|ring| rings.get(name) == Some(ring));
        let mut found = if same_ring {
            self.local_on_path(
                name,
                declaration.file,
                declaration.range(self.db),
                &ident,
                stack,
            )
        } else {
            static_local_value(self.db, self.workspace, self.call.clone(), name.to_owned()).clone()
        };
        if found.failed && found.follow_on {
            found.diagnostics.push(unavailable(top, &ident));
        }
        found
    }

    /// A local's value evaluated as `ident`, with the locals on `stack`
    /// being evaluated around it.
    pub fn local_on_path(
        &self,
        name: &str,
        file: SourceFile,
        range: TextRange,
        ident: &Ident,
        stack: &mut Stack,
    ) -> StaticValue {
        let left = self.ring_budget.get();
        if left == 0 {
            return StaticValue::failed(Vec::new());
        }
        self.ring_budget.set(left - 1);
        let Some(expr) = attribute_expression(self.db, file, range, name) else {
            return StaticValue::failed(Vec::new());
        };
        stack.push(name.to_owned());
        let found = self.evaluate(file, &expr, ident, stack);
        stack.pop();
        found
    }

    /// `GetInputVariable`, with `top` asking.
    fn variable(&self, name: &str, reference: &Reference, top: &Ident) -> StaticValue {
        let declaration = module_variable_decls(self.db, self.module)
            .iter()
            .find(|v| v.name == name);
        let Some(declaration) = declaration else {
            return StaticValue::failed(vec![error(
                Code::UndefinedVariable,
                format!("Undefined variable var.{name}"),
                Some((reference.file, reference.range)),
            )]);
        };
        if super::values::declared_const(self.db, declaration) == Some(false) {
            return StaticValue::failed(vec![error(
                Code::UnableToUseVariableInStaticContext,
                format!(
                    "The variable {name:?} cannot be used in a static context, because it is declared as \"const = false\"."
                ),
                Some((reference.file, reference.range)),
            )]);
        }
        self.variable_as(name, top)
    }

    /// A declared variable's value as `top` asks for it.
    pub fn variable_as(&self, name: &str, top: &Ident) -> StaticValue {
        let mut found = super::static_variable_value(
            self.db,
            self.workspace,
            self.call.clone(),
            name.to_owned(),
        )
        .clone();
        if found.failed && found.follow_on {
            let place = module_variable_decls(self.db, self.module)
                .iter()
                .find(|v| v.name == name)
                .map(|v| (v.file, v.range));
            found
                .diagnostics
                .push(unavailable(top, &self.ident(format!("var.{name}"), place)));
        }
        found
    }

    /// `GetPathAttr`: `path.cwd`, `path.module` and `path.root`.
    fn path_attribute(&self, attribute: &str, reference: &Reference) -> StaticValue {
        let db = self.db;
        let value = match attribute {
            "cwd" => {
                let base = Path::new(self.workspace.base_dir(db)).join(self.call.root.dir(db));
                base.to_string_lossy().replace('\\', "/")
            }
            "module" => crate::evaluation::scope::path_module(db, self.call.root, self.module),
            "root" => ".".to_owned(),
            other => {
                let suggestion = tofu_syntax::name_suggestion(other, ["cwd", "module", "root"])
                    .map(|s| format!(" Did you mean {s:?}?"))
                    .unwrap_or_default();
                return StaticValue::failed(vec![error(
                    Code::InvalidPathAttribute,
                    format!(
                        "The \"path\" object does not have an attribute named {other:?}.{suggestion}"
                    ),
                    Some((reference.file, reference.range)),
                )]);
            }
        };
        StaticValue::known(Value::string(value))
    }
}

/// `GetTerraformAttr`: only the workspace's name is static.
fn terraform_attribute(attribute: &str, reference: &Reference) -> StaticValue {
    let (summary, detail) = match attribute {
        "workspace" => return StaticValue::known(Value::string("default")),
        "applying" => (
            Code::InvalidAttributeInStaticContext,
            "The applying attribute can not be used during static evaluation and is only valid in the plan and apply phases of execution".to_owned(),
        ),
        "env" => (
            Code::InvalidTerraformAttribute,
            "The terraform.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was renamed to \"workspace\" in v0.12, and so the workspace name can now be accessed using the terraform.workspace attribute.".to_owned(),
        ),
        other => (
            Code::InvalidTerraformAttribute,
            format!(
                "The \"terraform\" object does not have an attribute named {other:?}. The only supported attribute is terraform.workspace, the name of the currently-selected workspace."
            ),
        ),
    };
    StaticValue::failed(vec![error(
        summary,
        detail,
        Some((reference.file, reference.range)),
    )])
}

/// `StaticValidateReferences`: every reference to something other than
/// a variable, a local, `path` or `terraform`/`tofu`, and every provider
/// function.
pub(crate) fn rejected_references(
    db: &dyn salsa::Database,
    references: &[Reference],
    provider_functions: &[(String, TextRange)],
    top: &Ident,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let file = references.first().map(|r| r.file);
    for reference in references {
        let summary = match &reference.subject {
            Subject::Declared(DeclKind::Variable(_) | DeclKind::Local(_))
            | Subject::TypeKeyword
            | Subject::Invalid(_) => continue,
            Subject::Builtin { object, .. }
                if matches!(object.as_str(), "path" | "terraform" | "tofu") =>
            {
                continue;
            }
            Subject::Declared(DeclKind::ModuleCall(_)) if reference.module_output.is_some() => {
                Code::ModuleOutputInStaticContext
            }
            _ => Code::DynamicValueInStaticContext,
        };
        out.push(error(
            summary,
            format!(
                "Unable to use {} in static context, which is required by {top}",
                reference_text(db, reference)
            ),
            Some((reference.file, reference.range)),
        ));
    }
    if let Some(file) = file.or(top.place.map(|(f, _)| f)) {
        for (name, range) in provider_functions {
            out.push(error(
                Code::ProviderFunctionInStaticContext,
                format!("Unable to use {name} in static context, which is required by {top}"),
                Some((file, *range)),
            ));
        }
    }
    out
}

/// What a reference names, as its address prints (`aws_instance.a`,
/// `module.m.out`, `count.index`): its text without spaces.
fn reference_text(db: &dyn salsa::Database, reference: &Reference) -> String {
    crate::input::contents(db, reference.file)
        .get(std::ops::Range::<usize>::from(reference.range))
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The provider functions a native expression calls (`provider::p::f`),
/// with the ranges of their names.
pub(crate) fn provider_functions(expr: &AnyExpr) -> Vec<(String, TextRange)> {
    let AnyExpr::Native(expr) = expr else {
        return Vec::new();
    };
    expr.syntax()
        .descendants()
        .filter_map(FunctionCall::cast)
        .filter_map(|call| {
            let name = call.name()?;
            let node = call.name_node()?;
            name.starts_with("provider::")
                .then(|| (name, tofu_syntax::trimmed_range(&node)))
        })
        .collect()
}

/// The names of the scope; a name it lacks is unknown (its reference was
/// rejected before evaluation, so this is never reached for one).
struct Roots {
    roots: HashMap<String, Value>,
}

impl Scope for Roots {
    fn variable(&self, name: &str) -> Option<Value> {
        Some(self.roots.get(name).cloned().unwrap_or_else(Value::dynamic))
    }
}
