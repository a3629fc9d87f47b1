//! Finding the expressions to evaluate: in native files straight from the
//! syntax tree by the ranges the declarations record, in JSON files
//! through the bodies the model points at.

use tofu_syntax::ast::{AstNode, Attribute, Block, Expr};
use tofu_syntax::body::{AnyBody, AnyExpr, SourceText};
use tofu_syntax::{SyntaxNode, TextRange, TextSize};

use crate::input::SourceFile;
use crate::parsing::parse;
use crate::references::Reference;

fn root(db: &dyn salsa::Database, file: SourceFile) -> Option<SyntaxNode> {
    let parsed = parse(db, file);
    (parsed.kind == tofu_syntax::SourceKind::Native).then(|| parsed.syntax())
}

/// The nearest `N` at or above what covers `range`.
fn node_at<N: AstNode>(root: &SyntaxNode, range: TextRange) -> Option<N> {
    if !root.text_range().contains_range(range) {
        return None;
    }
    let element = root.covering_element(range);
    let node = match element.clone().into_node() {
        Some(node) => node,
        None => element.into_token()?.parent()?,
    };
    node.ancestors().find_map(N::cast)
}

/// The body of the top-level block whose header is `def_range`.
pub(crate) fn block_body(
    db: &dyn salsa::Database,
    file: SourceFile,
    def_range: TextRange,
) -> Option<AnyBody> {
    match root(db, file) {
        Some(root) => {
            let block: Block = node_at(&root, def_range)?;
            block.body().map(AnyBody::native)
        }
        None => crate::config::file_blocks(db, file)
            .into_iter()
            .find(|b| b.def_range == def_range)
            .map(|b| b.body),
    }
}

/// Argument `name` of the top-level block whose header is `def_range`.
pub(crate) fn block_argument(
    db: &dyn salsa::Database,
    file: SourceFile,
    def_range: TextRange,
    name: &str,
) -> Option<AnyExpr> {
    let body = block_body(db, file, def_range)?;
    if let Some(native) = body.as_native() {
        let attribute = native.attribute(name)?;
        return attribute.expr().map(AnyExpr::Native);
    }
    let source = SourceText::new(crate::input::contents(db, file), file.path(db));
    body.attribute(name, &source)?.expr
}

/// Every argument of `body` (a block's, from `file`), in order, the first
/// of duplicates winning.
pub(crate) fn body_arguments(
    db: &dyn salsa::Database,
    file: SourceFile,
    body: &AnyBody,
) -> Vec<(String, AnyExpr)> {
    let mut out: Vec<(String, AnyExpr)> = Vec::new();
    let arguments: Vec<(String, AnyExpr)> = match body.as_native() {
        Some(native) => native
            .attributes()
            .filter_map(|a| Some((a.name()?.text().to_owned(), AnyExpr::Native(a.expr()?))))
            .collect(),
        None => {
            let source = SourceText::new(crate::input::contents(db, file), file.path(db));
            body.just_attributes(&source)
                .0
                .into_iter()
                .filter_map(|a| Some((a.name, a.expr?)))
                .collect()
        }
    };
    for (name, expr) in arguments {
        if !out.iter().any(|(n, _)| *n == name) {
            out.push((name, expr));
        }
    }
    out
}

/// The expression of the attribute (a local value) that covers `range`.
pub(crate) fn attribute_expression(
    db: &dyn salsa::Database,
    file: SourceFile,
    range: TextRange,
    name: &str,
) -> Option<AnyExpr> {
    match root(db, file) {
        Some(root) => {
            let attribute: Attribute = node_at(&root, range)?;
            attribute.expr().map(AnyExpr::Native)
        }
        None => {
            let source = SourceText::new(crate::input::contents(db, file), file.path(db));
            crate::config::file_blocks(db, file)
                .into_iter()
                .filter(|b| b.type_name == "locals")
                .flat_map(|b| b.body.just_attributes(&source).0)
                .find(|a| a.name == name && a.range == range)?
                .expr
        }
    }
}

/// The references of the file made inside `range`: one expression's.
/// A reference that starts there is one (`module.a.b` for the expression
/// `module.a`, a prefix of the traversal HCL reads as one reference).
pub(crate) fn references_within(
    db: &dyn salsa::Database,
    file: SourceFile,
    range: TextRange,
) -> impl Iterator<Item = &Reference> {
    // The file's references are sorted by where they start.
    let references = crate::references::file_references(db, file);
    let first = references.partition_point(|r| r.range.start() < range.start());
    references[first..]
        .iter()
        .take_while(move |r| range.contains(r.range.start()))
}

/// The innermost expression of a native file at `offset` (the one a
/// cursor there is in): `None` in JSON files and outside expressions.
pub(crate) fn expression_at(
    db: &dyn salsa::Database,
    file: SourceFile,
    offset: TextSize,
) -> Option<AnyExpr> {
    let root = root(db, file)?;
    if !root.text_range().contains_inclusive(offset) {
        return None;
    }
    let token = root.token_at_offset(offset).right_biased()?;
    token
        .parent()?
        .ancestors()
        .find_map(Expr::cast)
        .map(AnyExpr::Native)
}

/// The block `decl` declares in `module`, then the blocks of the module's
/// override files that merge into it, in merge order.
pub(crate) fn merge_order<'db>(
    db: &'db dyn salsa::Database,
    module: crate::input::ModuleDir,
    decl: &'db crate::declarations::Declaration,
) -> impl DoubleEndedIterator<Item = &'db crate::declarations::Declaration> {
    std::iter::once(decl).chain(crate::overrides::module_overrides(db, module).blocks(&decl.kind))
}

/// Argument `name` of the block `decl` declares in `module`, as merging
/// the module's override files leaves it (`MergeBodies`: the last block
/// that sets it wins), with the file it is in.
pub(crate) fn merged_argument(
    db: &dyn salsa::Database,
    module: crate::input::ModuleDir,
    decl: &crate::declarations::Declaration,
    name: &str,
) -> Option<(SourceFile, AnyExpr)> {
    merge_order(db, module, decl)
        .rev()
        .find_map(|d| Some((d.file, block_argument(db, d.file, d.range(db), name)?)))
}

/// Every argument of the block `decl` declares in `module`, as merging the
/// module's override files leaves them: the primary block's, each replaced
/// by the last overriding block's of the same name, then the arguments
/// only overriding blocks set; each with the file it is in.
pub(crate) fn merged_arguments(
    db: &dyn salsa::Database,
    module: crate::input::ModuleDir,
    decl: &crate::declarations::Declaration,
) -> Vec<(SourceFile, String, AnyExpr)> {
    let mut out: Vec<(SourceFile, String, AnyExpr)> = Vec::new();
    for block in merge_order(db, module, decl) {
        let Some(body) = block_body(db, block.file, block.range(db)) else {
            continue;
        };
        for (name, expr) in body_arguments(db, block.file, &body) {
            let argument = (block.file, name, expr);
            match out.iter_mut().find(|(_, name, _)| *name == argument.1) {
                Some(slot) => *slot = argument,
                None => out.push(argument),
            }
        }
    }
    out
}
