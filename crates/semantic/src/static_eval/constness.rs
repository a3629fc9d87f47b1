//! Const-ness: whether a variable, a local or an expression can be
//! evaluated without state, as the static evaluator would, and if not,
//! the chain of references that makes it dynamic. This looks at
//! references only, never at values: a root variable is static whatever
//! it is given.

use std::fmt;

use tofu_syntax::body::AnyExpr;

use super::StaticCall;
use super::scope::{StaticScope, provider_functions};
use super::values::declared_const;
use crate::declarations::DeclKind;
use crate::evaluation::declared::module_variable_decls;
use crate::evaluation::syntax::attribute_expression;
use crate::input::{SourceFile, Workspace};
use crate::references::{Reference, Subject, expression_references};

/// Whether something can be evaluated statically.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constness {
    Const,
    /// Not static: the names from the declaration to what is not static
    /// (`local.a`, `local.b`, `aws_instance.x`), each as OpenTofu names
    /// it in static evaluation (`module.m:var.x` in a child), and why the
    /// last one is not.
    Dynamic {
        chain: Vec<String>,
        reason: DynamicReason,
    },
}

/// Why the last name of a chain is not static.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DynamicReason {
    /// A resource, data source, module output, `count`, `each`, `self`,
    /// a provider function or `tofu.applying`: known only with state.
    NeedsState,
    /// A variable declared `const = false`.
    DeclaredNotConst,
    /// A local that depends on itself.
    Circular,
    /// A name the module does not declare, or a reference OpenTofu
    /// cannot parse.
    Undeclared,
}

impl Constness {
    pub fn is_const(&self) -> bool {
        matches!(self, Constness::Const)
    }

    fn through(self, name: String) -> Constness {
        match self {
            Constness::Const => Constness::Const,
            Constness::Dynamic { mut chain, reason } => {
                chain.insert(0, name);
                Constness::Dynamic { chain, reason }
            }
        }
    }
}

impl fmt::Display for Constness {
    /// `const`, or `local.a -> local.b -> aws_instance.x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constness::Const => f.write_str("const"),
            Constness::Dynamic { chain, .. } => f.write_str(&chain.join(" -> ")),
        }
    }
}

fn dynamic(name: String, reason: DynamicReason) -> Constness {
    Constness::Dynamic {
        chain: vec![name],
        reason,
    }
}

/// Whether declaration `kind` of the module `call` loads is static: a
/// variable unless declared `const = false` or, in a child, given a
/// dynamic argument; a local when its expression is; nothing else.
#[salsa::tracked(returns(ref), cycle_result = circular)]
pub fn is_const(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
    kind: DeclKind,
) -> Constness {
    let scope = StaticScope::new(db, workspace, call);
    match &kind {
        DeclKind::Local(name) => local_constness(&scope, name),
        DeclKind::Variable(name) => variable_constness(&scope, name),
        other => dynamic(
            scope.ident(other.address(), None).to_string(),
            DynamicReason::NeedsState,
        ),
    }
}

fn circular(
    _db: &dyn salsa::Database,
    _id: salsa::Id,
    _workspace: Workspace,
    _call: StaticCall,
    kind: DeclKind,
) -> Constness {
    dynamic(kind.address(), DynamicReason::Circular)
}

fn local_constness(scope: &StaticScope<'_>, name: &str) -> Constness {
    let ident = scope.ident(format!("local.{name}"), None).to_string();
    if super::cycles::local_rings(scope.db, scope.module).contains_key(name) {
        return dynamic(ident, DynamicReason::Circular);
    }
    let declaration = crate::declarations::module::module_declaration(
        scope.db,
        scope.module,
        &DeclKind::Local(name.to_owned()),
    );
    let Some(declaration) = declaration else {
        return dynamic(ident, DynamicReason::Undeclared);
    };
    let Some(expr) = attribute_expression(
        scope.db,
        declaration.file,
        declaration.range(scope.db),
        name,
    ) else {
        return Constness::Const;
    };
    expression_constness_in(scope, declaration.file, &expr).through(ident)
}

fn variable_constness(scope: &StaticScope<'_>, name: &str) -> Constness {
    let db = scope.db;
    let ident = scope.ident(format!("var.{name}"), None).to_string();
    let Some(declaration) = module_variable_decls(db, scope.module)
        .iter()
        .find(|v| v.name == name)
    else {
        return dynamic(ident, DynamicReason::Undeclared);
    };
    if declared_const(db, declaration) == Some(false) {
        return dynamic(ident, DynamicReason::DeclaredNotConst);
    }
    // A root variable's value always comes from outside or its default;
    // a child's from its caller's argument, if the call gives one.
    let Some((parent, call_name)) = scope.call.parent() else {
        return Constness::Const;
    };
    let caller = StaticScope::new(db, scope.workspace, parent);
    let Some(block) = crate::declarations::module::module_declaration(
        db,
        caller.module,
        &DeclKind::ModuleCall(call_name.to_owned()),
    ) else {
        return Constness::Const;
    };
    match crate::evaluation::syntax::block_argument(db, block.file, block.range(db), name) {
        Some(expr) => expression_constness_in(&caller, block.file, &expr).through(ident),
        None => Constness::Const,
    }
}

/// Whether an expression from `file` of the module `call` loads is
/// static, and if not, why.
pub fn expression_constness(
    db: &dyn salsa::Database,
    workspace: Workspace,
    call: StaticCall,
    file: SourceFile,
    expr: &AnyExpr,
) -> Constness {
    expression_constness_in(&StaticScope::new(db, workspace, call), file, expr)
}

fn expression_constness_in(scope: &StaticScope<'_>, file: SourceFile, expr: &AnyExpr) -> Constness {
    if let Some((name, _)) = provider_functions(expr).into_iter().next() {
        return dynamic(name, DynamicReason::NeedsState);
    }
    for reference in expression_references(expr, file) {
        let found = reference_constness(scope, &reference);
        if !found.is_const() {
            return found;
        }
    }
    Constness::Const
}

fn reference_constness(scope: &StaticScope<'_>, reference: &Reference) -> Constness {
    let db = scope.db;
    let text = || {
        let text: String = crate::input::contents(db, reference.file)
            .get(std::ops::Range::<usize>::from(reference.range))
            .unwrap_or_default()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        scope.ident(text, None).to_string()
    };
    match &reference.subject {
        Subject::Declared(kind @ (DeclKind::Variable(_) | DeclKind::Local(_))) => {
            is_const(db, scope.workspace, scope.call.clone(), kind.clone()).clone()
        }
        Subject::TypeKeyword => Constness::Const,
        Subject::Builtin { object, attribute } => match (object.as_str(), attribute.as_str()) {
            ("path", "cwd" | "module" | "root") | ("terraform" | "tofu", "workspace") => {
                Constness::Const
            }
            ("terraform" | "tofu", "applying") | ("count" | "each", _) => {
                dynamic(text(), DynamicReason::NeedsState)
            }
            _ => dynamic(text(), DynamicReason::Undeclared),
        },
        Subject::Invalid(_) => dynamic(text(), DynamicReason::Undeclared),
        _ => dynamic(text(), DynamicReason::NeedsState),
    }
}
