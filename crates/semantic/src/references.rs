//! References from declarations to named values, collected from their
//! expressions as HCL's `Variables()` collects them (names bound by `for`
//! expressions and `dynamic` block iterators skipped) and read as
//! OpenTofu's `addrs.ParseRef` reads them.

use std::collections::HashSet;

use tofu_syntax::ast::{AstNode, Expr, LiteralKind};
use tofu_syntax::body::{AnyBlock, AnyExpr, SourceText};
use tofu_syntax::{SyntaxKind, SyntaxNode, TextRange, trimmed_range};

use crate::declarations::{DeclKind, file_blocks};
use crate::{ModuleDir, SourceFile};

/// What a reference names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Subject {
    /// A variable, local, module call or resource of the module.
    Declared(DeclKind),
    /// `path.*`, `terraform.*`, `count.*`, `each.*`, `self` and the like,
    /// which name no declaration.
    Builtin(String),
    /// A traversal OpenTofu cannot read as a reference (`var` alone).
    Invalid(String),
}

/// One reference: what it names, from which declaration, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub subject: Subject,
    pub from: DeclKind,
    pub file: SourceFile,
    /// What the reference covers: `var.name`, `aws_instance.a`,
    /// `module.m.out`.
    pub range: TextRange,
    /// For `module.NAME.OUTPUT`: the output's name and the range of the
    /// `.OUTPUT` step.
    pub module_output: Option<(String, TextRange)>,
}

/// Every reference made in a file's declarations, in source order.
#[salsa::tracked(returns(ref))]
pub fn file_references(db: &dyn salsa::Database, file: SourceFile) -> Vec<Reference> {
    let text = crate::input::contents(db, file);
    let source = SourceText::new(text, file.path(db));
    let mut out = Vec::new();
    let decls = crate::file_declarations(db, file);
    let mut decls = decls.declarations.iter();
    for block in file_blocks(db, file) {
        if block.type_name == "locals" {
            for attribute in block.body.just_attributes(&source).0 {
                let from = DeclKind::Local(attribute.name.clone());
                if let Some(AnyExpr::Native(expr)) = &attribute.expr {
                    collect(expr.syntax(), &from, file, &mut out);
                }
            }
            // The locals' declarations were pushed one per attribute.
            continue;
        }
        let Some(decl) = decls.find(|d| d.range == block.def_range) else {
            continue;
        };
        if let Some(node) = block_body_node(&block) {
            collect(&node, &decl.kind, file, &mut out);
        }
    }
    out
}

/// Every reference made in a module, file by file.
#[salsa::tracked(returns(ref))]
pub fn module_references(db: &dyn salsa::Database, module: ModuleDir) -> Vec<Reference> {
    module
        .files(db)
        .iter()
        .filter(|f| f.exists(db))
        .flat_map(|f| file_references(db, *f).iter().cloned())
        .collect()
}

fn block_body_node(block: &AnyBlock) -> Option<SyntaxNode> {
    block.body.as_native().map(|b| b.syntax().clone())
}

/// The references under `node`: each free root name of each outermost
/// expression, with its static traversal.
fn collect(node: &SyntaxNode, from: &DeclKind, file: SourceFile, out: &mut Vec<Reference>) {
    // Expressions with no expression above them (up to `node`), so that
    // names bound by an enclosing `for` are seen as bound.
    let outermost = node.descendants().filter_map(Expr::cast).filter(|e| {
        for above in e.syntax().ancestors().skip(1) {
            if Expr::can_cast(above.kind()) {
                return false;
            }
            if &above == node {
                break;
            }
        }
        !is_address_argument(e.syntax())
    });
    for expr in outermost {
        let free: HashSet<TextRange> = tofu_eval::referenced_roots(&expr)
            .into_iter()
            .map(|(_, range)| range)
            .collect();
        for variable in expr
            .syntax()
            .descendants_with_tokens()
            .filter_map(|e| e.into_node())
        {
            if variable.kind() != SyntaxKind::VARIABLE || !free.contains(&trimmed_range(&variable))
            {
                continue;
            }
            let (root, steps) = traversal(&variable);
            if bound_by_dynamic_block(&variable, &root) {
                continue;
            }
            let (subject, consumed) = subject(&root, &steps);
            // The reference covers the steps it consumed, as OpenTofu's
            // `Reference.SourceRange` does.
            let range = steps[..consumed.min(steps.len())]
                .iter()
                .fold(trimmed_range(&variable), |r, (_, step)| r.cover(*step));
            let module_output = match (&subject, steps.as_slice()) {
                (
                    Subject::Declared(DeclKind::ModuleCall(_)),
                    [(_, call), (Step::Attr(output), through), ..],
                ) => Some((output.clone(), TextRange::new(call.end(), through.end()))),
                _ => None,
            };
            out.push(Reference {
                subject,
                from: from.clone(),
                file,
                range,
                module_output,
            });
        }
    }
}

/// Arguments whose values are addresses or attribute paths rather than
/// expressions: `provider`, `providers`, `lifecycle`'s `ignore_changes`,
/// and `from`/`to` of `moved`, `removed` and `import` blocks.
fn is_address_argument(expr: &SyntaxNode) -> bool {
    let Some(attribute) = expr.parent().and_then(tofu_syntax::ast::Attribute::cast) else {
        return false;
    };
    let Some(name) = attribute.name() else {
        return false;
    };
    let block_type = attribute
        .syntax()
        .ancestors()
        .find_map(tofu_syntax::ast::Block::cast)
        .and_then(|b| b.block_type())
        .map(|t| t.text().to_owned())
        .unwrap_or_default();
    match name.text() {
        "provider" | "providers" => true,
        "ignore_changes" => block_type == "lifecycle",
        "from" | "to" => matches!(block_type.as_str(), "moved" | "removed" | "import"),
        _ => false,
    }
}

/// A static traversal step.
enum Step {
    Attr(String),
    Index,
}

/// The root name and the static steps after it, each with the range from
/// the root to its end.
fn traversal(variable: &SyntaxNode) -> (String, Vec<(Step, TextRange)>) {
    let root = variable
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == SyntaxKind::IDENT)
        .map(|t| t.text().to_owned())
        .unwrap_or_default();
    let mut steps = Vec::new();
    let mut current = variable.clone();
    while let Some(parent) = current.parent() {
        let is_receiver = parent.first_child().as_ref() == Some(&current);
        let step = match Expr::cast(parent.clone()) {
            Some(Expr::Attr(a)) if is_receiver => a.name().map(|n| Step::Attr(n.text().to_owned())),
            Some(Expr::LegacyIndex(_)) if is_receiver => Some(Step::Index),
            Some(Expr::Index(i)) if is_receiver && literal_key(i.index()) => Some(Step::Index),
            _ => None,
        };
        let Some(step) = step else { break };
        steps.push((step, trimmed_range(&parent)));
        current = parent;
    }
    (root, steps)
}

fn literal_key(key: Option<Expr>) -> bool {
    match key {
        Some(Expr::Literal(l)) => !matches!(l.kind(), Some(LiteralKind::Null) | None),
        Some(Expr::Template(t)) => t.as_string_literal().is_some(),
        _ => false,
    }
}

/// `addrs.ParseRef`, as far as resolution needs it: the subject and how
/// many steps after the root it takes.
fn subject(root: &str, steps: &[(Step, TextRange)]) -> (Subject, usize) {
    let attr = |i: usize| match steps.get(i) {
        Some((Step::Attr(name), _)) => Some(name.clone()),
        _ => None,
    };
    let declared = |kind: DeclKind, consumed: usize| (Subject::Declared(kind), consumed);
    let invalid = || (Subject::Invalid(root.to_owned()), 0);
    match (root, attr(0), attr(1)) {
        ("var", Some(name), _) => declared(DeclKind::Variable(name), 1),
        ("local", Some(name), _) => declared(DeclKind::Local(name), 1),
        // `module.NAME.OUTPUT` refers to the output, and covers it.
        ("module", Some(name), Some(_)) => declared(DeclKind::ModuleCall(name), 2),
        ("module", Some(name), None) => declared(DeclKind::ModuleCall(name), 1),
        ("data", Some(ty), Some(name)) => declared(DeclKind::DataResource { ty, name }, 2),
        ("ephemeral", Some(ty), Some(name)) => {
            declared(DeclKind::EphemeralResource { ty, name }, 2)
        }
        ("var" | "local" | "module" | "data" | "ephemeral", _, _) => invalid(),
        ("path" | "terraform" | "tofu" | "count" | "each" | "self" | "resource", _, _) => {
            (Subject::Builtin(root.to_owned()), 0)
        }
        (_, Some(name), _) => declared(
            DeclKind::ManagedResource {
                ty: root.to_owned(),
                name,
            },
            1,
        ),
        _ => invalid(),
    }
}

/// Inside `dynamic "NAME" { ... }` the iterator (NAME, or the `iterator`
/// argument) names the current element, not a resource.
fn bound_by_dynamic_block(node: &SyntaxNode, root: &str) -> bool {
    node.ancestors()
        .filter(|n| n.kind() == SyntaxKind::BLOCK)
        .filter_map(tofu_syntax::ast::Block::cast)
        .filter(|b| b.block_type().is_some_and(|t| t.text() == "dynamic"))
        .any(|b| {
            let label = b.labels().next().map(|l| l.value());
            let iterator = b
                .body()
                .into_iter()
                .flat_map(|body| body.attributes().collect::<Vec<_>>())
                .find(|a| a.name().is_some_and(|n| n.text() == "iterator"))
                .and_then(|a| a.expr())
                .and_then(|e| match e {
                    Expr::Variable(v) => v.name().map(|n| n.text().to_owned()),
                    _ => None,
                });
            iterator.as_deref().or(label.as_deref()) == Some(root)
        })
}
