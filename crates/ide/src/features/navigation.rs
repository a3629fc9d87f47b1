//! What editors navigate by: the symbol under the cursor (a reference,
//! a declaration's name, a module call's argument), where a declaration
//! is and where its name is, and every place that names it, across
//! modules: a child's output is named by `module.NAME.OUTPUT` in each
//! caller, a child's variable by the argument of each call.

use tofu_semantic::{
    Database, DeclKind, Declaration, ModuleDir, SourceFile, Subject, call_targets,
    module_declaration, module_declarations, module_references,
};
use tofu_syntax::{
    SyntaxKind, SyntaxNode, TextRange, TextSize,
    ast::{self, AstNode},
};

use crate::host::Tree;

/// A range in a file of the tree.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FileRange {
    /// The path of the file, as the tree names it.
    pub path: String,
    pub range: TextRange,
}

/// Where a declaration is: its whole block (or definition) and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NavigationTarget {
    pub kind: DeclKind,
    pub path: String,
    /// The whole block, or for a local its whole definition.
    pub full_range: TextRange,
    /// The name: the label that names it, or a local's name.
    pub focus_range: TextRange,
}

/// The symbol under a cursor: a declaration of a module, and the range
/// of the text at the cursor that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SymbolAt {
    pub module: ModuleDir,
    pub kind: DeclKind,
    pub range: TextRange,
    /// Whether the cursor is on the declaration itself.
    pub on_declaration: bool,
}

/// The name a declaration is known by in references and labels.
pub(crate) fn decl_name(kind: &DeclKind) -> Option<&str> {
    match kind {
        DeclKind::Variable(n)
        | DeclKind::Local(n)
        | DeclKind::Output(n)
        | DeclKind::ModuleCall(n)
        | DeclKind::Check(n) => Some(n),
        DeclKind::ManagedResource { name, .. }
        | DeclKind::DataResource { name, .. }
        | DeclKind::EphemeralResource { name, .. } => Some(name),
        DeclKind::Provider { name, .. } => Some(name),
        _ => None,
    }
}

/// The syntax tree of a native file; `None` for JSON files.
pub(crate) fn native_root(db: &Database, file: SourceFile) -> Option<SyntaxNode> {
    let parsed = tofu_semantic::parse(db, file);
    match parsed.kind {
        tofu_syntax::SourceKind::Native => Some(parsed.syntax()),
        _ => None,
    }
}

/// The node of the token that starts at (or covers) `offset`.
pub(crate) fn node_at(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxNode> {
    if !root.text_range().contains_inclusive(offset) {
        return None;
    }
    root.token_at_offset(offset).right_biased()?.parent()
}

/// A label's text without its quotes.
fn label_range(label: &ast::BlockLabel) -> TextRange {
    let range = label.syntax().text_range();
    if label.is_quoted() && range.len() >= TextSize::from(2) {
        TextRange::new(
            range.start() + TextSize::from(1),
            range.end() - TextSize::from(1),
        )
    } else {
        range
    }
}

/// The whole block (or definition) of a declaration and the range of its
/// name; for JSON files both are the declaration's range.
pub(crate) fn declaration_ranges(db: &Database, decl: &Declaration) -> (TextRange, TextRange) {
    let range = decl.range(db);
    let Some(root) = native_root(db, decl.file) else {
        return (range, range);
    };
    let Some(node) = node_at(&root, range.start()) else {
        return (range, range);
    };
    if let DeclKind::Local(_) = decl.kind
        && let Some(attribute) = node.ancestors().find_map(ast::Attribute::cast)
        && let Some(name) = attribute.name()
    {
        return (attribute.syntax().text_range(), name.text_range());
    }
    let Some(block) = node.ancestors().find_map(ast::Block::cast) else {
        return (range, range);
    };
    let label = match decl.kind {
        DeclKind::ManagedResource { .. }
        | DeclKind::DataResource { .. }
        | DeclKind::EphemeralResource { .. } => 1,
        _ => 0,
    };
    let focus = block
        .labels()
        .nth(label)
        .map(|l| label_range(&l))
        .unwrap_or(range);
    (block.syntax().text_range(), focus)
}

pub(crate) fn navigation_target(db: &Database, decl: &Declaration) -> NavigationTarget {
    let (full_range, focus_range) = declaration_ranges(db, decl);
    NavigationTarget {
        kind: decl.kind.clone(),
        path: decl.file.path(db).clone(),
        full_range,
        focus_range,
    }
}

/// The range of `name` inside `range` of `text`, `skip` bytes after its
/// start, when the text there is the name.
fn name_in(text: &str, range: TextRange, skip: usize, name: &str) -> Option<TextRange> {
    let start = usize::from(range.start()) + skip;
    let end = start + name.len();
    (text.get(start..end) == Some(name))
        .then(|| TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32)))
}

/// The range of the name of the declaration a reference names: `NAME`
/// in `var.NAME`, `module.NAME.out`, `TYPE.NAME`, `data.TYPE.NAME`.
pub(crate) fn reference_name_range(text: &str, range: TextRange, kind: &DeclKind) -> TextRange {
    let found = match kind {
        DeclKind::Variable(n) => name_in(text, range, "var.".len(), n),
        DeclKind::Local(n) => name_in(text, range, "local.".len(), n),
        DeclKind::ModuleCall(n) => name_in(text, range, "module.".len(), n),
        DeclKind::ManagedResource { ty, name } => name_in(text, range, ty.len() + 1, name),
        DeclKind::DataResource { ty, name } => {
            name_in(text, range, "data.".len() + ty.len() + 1, name)
        }
        DeclKind::EphemeralResource { ty, name } => {
            name_in(text, range, "ephemeral.".len() + ty.len() + 1, name)
        }
        _ => None,
    };
    found.unwrap_or(range)
}

/// The range of `OUTPUT` in a `.OUTPUT` step.
fn output_step_name(text: &str, step: TextRange, output: &str) -> TextRange {
    name_in(text, step, 1, output)
        .or_else(|| name_in(text, step, 0, output))
        .or_else(|| name_in(text, step, 2, output))
        .unwrap_or(step)
}

/// The module `call` of `module` loads, if the tree follows it.
pub(crate) fn call_target(
    db: &Database,
    tree: &Tree,
    module: ModuleDir,
    call: &str,
) -> Option<ModuleDir> {
    call_targets(db, tree.workspace, module)
        .iter()
        .find(|(name, _)| name == call)
        .map(|(_, target)| *target)
}

/// Every `(caller, call name)` whose call loads `module`.
pub(crate) fn callers(db: &Database, tree: &Tree, module: ModuleDir) -> Vec<(ModuleDir, String)> {
    let mut out = Vec::new();
    for &caller in &tree.dirs {
        for (call, target) in call_targets(db, tree.workspace, caller) {
            if *target == module {
                out.push((caller, call.clone()));
            }
        }
    }
    out
}

/// The symbol at `offset` in `path`: what a reference there names (a
/// child's output for the `.OUTPUT` step of `module.NAME.OUTPUT`), the
/// declaration whose header is there, or the child's variable a module
/// call's argument sets.
pub(crate) fn symbol_at(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Option<SymbolAt> {
    let module = tree.module_of(path)?;
    let file = tree.file(path)?;
    let text = file.text(db);
    if let Some(reference) = module_references(db, module)
        .iter()
        .find(|r| r.file == file && r.range.contains_inclusive(offset))
    {
        let Subject::Declared(kind) = &reference.subject else {
            return None;
        };
        if let (DeclKind::ModuleCall(call), Some(output)) = (kind, &reference.module_output) {
            let (name, step) = &**output;
            if step.contains_inclusive(offset) && offset != step.start() {
                let child = call_target(db, tree, module, call)?;
                return Some(SymbolAt {
                    module: child,
                    kind: DeclKind::Output(name.clone()),
                    range: output_step_name(text, *step, name),
                    on_declaration: false,
                });
            }
        }
        return Some(SymbolAt {
            module,
            kind: kind.clone(),
            range: reference_name_range(text, reference.range, kind),
            on_declaration: false,
        });
    }
    for decl in module_declarations(db, module) {
        if decl.file != file {
            continue;
        }
        let (_, focus) = declaration_ranges(db, decl);
        let header = decl.range(db);
        if focus.contains_inclusive(offset) || header.contains_inclusive(offset) {
            return Some(SymbolAt {
                module,
                kind: decl.kind.clone(),
                range: focus,
                on_declaration: true,
            });
        }
    }
    call_argument_at(db, tree, module, file, offset)
}

/// The child's variable that the argument named at `offset` of a module
/// call sets.
fn call_argument_at(
    db: &Database,
    tree: &Tree,
    module: ModuleDir,
    file: SourceFile,
    offset: TextSize,
) -> Option<SymbolAt> {
    let root = native_root(db, file)?;
    let token = root
        .token_at_offset(offset)
        .find(|t| t.kind() == SyntaxKind::IDENT)?;
    let attribute = token.parent().and_then(ast::Attribute::cast)?;
    let name = attribute.name()?;
    if name.text_range() != token.text_range() {
        return None;
    }
    let block = attribute.syntax().ancestors().find_map(ast::Block::cast)?;
    // Only an argument of a top-level `module` block.
    if block
        .syntax()
        .ancestors()
        .skip(1)
        .any(|n| ast::Block::can_cast(n.kind()))
    {
        return None;
    }
    if block.block_type()?.text() != "module" {
        return None;
    }
    let call = block.labels().next()?.value();
    let child = call_target(db, tree, module, &call)?;
    Some(SymbolAt {
        module: child,
        kind: DeclKind::Variable(name.text().to_owned()),
        range: name.text_range(),
        on_declaration: false,
    })
}

/// The declaration the symbol at `offset` in `path` names, in whichever
/// module declares it.
pub(crate) fn goto_definition(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Option<NavigationTarget> {
    if let Some(symbol) = symbol_at(db, tree, path, offset) {
        let decl = module_declaration(db, symbol.module, &symbol.kind)?;
        return Some(navigation_target(db, decl));
    }
    let (module, kind) = provider_reference_at(db, tree, path, offset)?;
    Some(navigation_target(
        db,
        module_declaration(db, module, &kind)?,
    ))
}

/// The provider configuration a reference at `offset` names: the value
/// of a resource's or data source's `provider` argument, or a value of a
/// module call's `providers` map (`aws.west`), in this module.
fn provider_reference_at(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Option<(ModuleDir, DeclKind)> {
    let module = tree.module_of(path)?;
    let root = native_root(db, tree.file(path)?)?;
    let token = root.token_at_offset(offset).right_biased()?;
    let expr = token
        .parent_ancestors()
        .filter_map(ast::Expr::cast)
        .last()?;
    let attribute = ast::Attribute::cast(expr.syntax().parent()?);
    let in_providers_map = || {
        let item = token.parent_ancestors().find_map(ast::ObjectItem::cast)?;
        let value = item.value()?;
        value
            .syntax()
            .text_range()
            .contains_inclusive(offset)
            .then_some(value)
    };
    let reference = match attribute.as_ref().and_then(|a| a.name()) {
        Some(name) if name.text() == "provider" => expr,
        Some(name) if name.text() == "providers" => in_providers_map()?,
        _ => return None,
    };
    let text = reference.syntax().text().to_string();
    let mut parts = text.trim().split('.');
    let name = parts.next()?.to_owned();
    let alias = parts.next().map(str::to_owned);
    if name.is_empty() || parts.next().is_some() {
        return None;
    }
    Some((module, DeclKind::Provider { name, alias }))
}

/// Where the root module's variables files (`terraform.tfvars`,
/// `*.auto.tfvars` and their JSON forms, and the `-var-file`s the tree
/// was loaded with) set the root variable `name`: the names of their
/// top-level attributes, or of their JSON properties.
fn variables_file_names(db: &Database, tree: &Tree, name: &str) -> Vec<FileRange> {
    let mut out = Vec::new();
    for (path, file) in &tree.value_files {
        let parsed = tofu_semantic::parse(db, *file);
        let root = parsed.syntax();
        if let Some(body) = ast::SourceFile::cast(root.clone()).and_then(|f| f.body()) {
            for attribute in body.attributes() {
                if let Some(token) = attribute.name().filter(|t| t.text() == name) {
                    out.push(FileRange {
                        path: path.clone(),
                        range: token.text_range(),
                    });
                }
            }
            continue;
        }
        let object = tofu_syntax::json::JsonFile::cast(root).and_then(|f| f.value());
        if let Some(tofu_syntax::json::JsonValue::Object(object)) = object {
            for member in object.members() {
                if member.name().as_deref() == Some(name) {
                    // Inside the quotes.
                    let range = member.name_token().text_range();
                    out.push(FileRange {
                        path: path.clone(),
                        range: TextRange::new(
                            range.start() + TextSize::from(1),
                            range.end() - TextSize::from(1),
                        ),
                    });
                }
            }
        }
    }
    out
}

/// The file a path argument names: the string the cursor is in, and the
/// file's path relative to the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileLink {
    pub origin: TextRange,
    pub path: String,
}

/// Functions whose first argument is a file's path.
const FILE_FUNCTIONS: [&str; 10] = [
    "file",
    "templatefile",
    "filebase64",
    "fileexists",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "filebase64sha256",
    "filebase64sha512",
];

/// The file the first argument of `file()`, `templatefile()` and their
/// kin names, when the cursor is in it and it is a literal path or one
/// that starts with `path.module`, `path.root` or `path.cwd` (the module's
/// directory, and the root's for the others, as `check` runs).
pub(crate) fn file_at(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Option<FileLink> {
    let module = tree.module_of(path)?;
    let root = native_root(db, tree.file(path)?)?;
    let token = root.token_at_offset(offset).right_biased()?;
    let call = token.parent_ancestors().find_map(ast::FunctionCall::cast)?;
    let name = call.name()?;
    if !FILE_FUNCTIONS.contains(&name.as_str()) {
        return None;
    }
    let Some(ast::Expr::Template(argument)) = call.args().next() else {
        return None;
    };
    let origin = argument.syntax().text_range();
    if !origin.contains_inclusive(offset) {
        return None;
    }
    let mut written = String::new();
    for part in argument.parts() {
        match part {
            ast::TemplatePart::Literal(text) => {
                written.push_str(&tofu_syntax::native::unescape_quoted(text.text()))
            }
            ast::TemplatePart::Interpolation(interpolation) => {
                let inner = interpolation.syntax().text().to_string();
                let inner = inner.trim_start_matches("${").trim_end_matches('}').trim();
                let dir = match inner {
                    "path.module" => module.dir(db).as_str(),
                    "path.root" | "path.cwd" => "",
                    _ => return None,
                };
                written.push_str(if dir.is_empty() { "." } else { dir });
            }
            ast::TemplatePart::Directive(_) => return None,
        }
    }
    if written.is_empty() || written.starts_with('/') {
        return None;
    }
    Some(FileLink {
        origin,
        path: tofu_semantic::join_relative("", &written),
    })
}

/// The ranges of every name of a module's declaration: its references
/// in the module, `module.CALL.NAME` in callers for an output, the
/// arguments of every call for a variable, and (with `declaration`) the
/// declaration's own name.
pub(crate) fn name_ranges(
    db: &Database,
    tree: &Tree,
    module: ModuleDir,
    kind: &DeclKind,
    declaration: bool,
) -> Vec<FileRange> {
    let mut out = Vec::new();
    if declaration && let Some(decl) = module_declaration(db, module, kind) {
        out.push(FileRange {
            path: decl.file.path(db).clone(),
            range: declaration_ranges(db, decl).1,
        });
    }
    for reference in module_references(db, module) {
        if matches!(&reference.subject, Subject::Declared(k) if k == kind) {
            out.push(FileRange {
                path: reference.file.path(db).clone(),
                range: reference_name_range(reference.file.text(db), reference.range, kind),
            });
        }
    }
    match kind {
        DeclKind::Output(name) => {
            for (caller, call) in callers(db, tree, module) {
                for reference in module_references(db, caller) {
                    let (Subject::Declared(DeclKind::ModuleCall(c)), Some(output)) =
                        (&reference.subject, &reference.module_output)
                    else {
                        continue;
                    };
                    if *c == call && output.0 == *name {
                        out.push(FileRange {
                            path: reference.file.path(db).clone(),
                            range: output_step_name(reference.file.text(db), output.1, name),
                        });
                    }
                }
            }
        }
        DeclKind::Variable(name) => {
            for (caller, call) in callers(db, tree, module) {
                let Some(decl) = module_declaration(db, caller, &DeclKind::ModuleCall(call)) else {
                    continue;
                };
                out.extend(call_argument(db, decl, name));
            }
            if module == tree.root_module {
                out.extend(variables_file_names(db, tree, name));
            }
        }
        _ => {}
    }
    out.sort_by_key(|r| (r.path.clone(), r.range.start(), r.range.end()));
    out.dedup();
    out
}

/// The name of argument `name` of a module call.
fn call_argument(db: &Database, call: &Declaration, name: &str) -> Option<FileRange> {
    let root = native_root(db, call.file)?;
    let node = node_at(&root, call.range(db).start())?;
    let block = node.ancestors().find_map(ast::Block::cast)?;
    let attribute = block.body()?.attribute(name)?;
    Some(FileRange {
        path: call.file.path(db).clone(),
        range: attribute.name()?.text_range(),
    })
}

/// Every place that names the symbol at `offset` in `path`.
pub(crate) fn find_references(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
    include_declaration: bool,
) -> Option<Vec<FileRange>> {
    let symbol = symbol_at(db, tree, path, offset)?;
    Some(name_ranges(
        db,
        tree,
        symbol.module,
        &symbol.kind,
        include_declaration,
    ))
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::features::fixture::{fixture, snippet, with_cursor};

    fn check_definition(at: &str, expect: Expect) {
        let fixture = fixture(&with_cursor(at));
        let analysis = fixture.analysis();
        let actual = match analysis
            .goto_definition(&fixture.path, fixture.offset)
            .unwrap()
        {
            Some(target) => format!(
                "{} {} [{}] in {}",
                target.path,
                target.kind.address(),
                snippet(&analysis, &target.path, target.focus_range),
                snippet(&analysis, &target.path, target.full_range)
                    .lines()
                    .next()
                    .unwrap(),
            ),
            None => "none".to_owned(),
        };
        expect.assert_eq(&actual);
    }

    fn check_references(at: &str, expect: Expect) {
        let fixture = fixture(&with_cursor(at));
        let analysis = fixture.analysis();
        let actual = match analysis
            .find_references(&fixture.path, fixture.offset, true)
            .unwrap()
        {
            Some(ranges) => ranges
                .iter()
                .map(|r| {
                    let text = analysis.file_text(&r.path).unwrap();
                    let line = text[..usize::from(r.range.start())].lines().count().max(1);
                    format!("{}:{line} {}\n", r.path, &text[r.range])
                })
                .collect(),
            None => "none".to_owned(),
        };
        expect.assert_eq(&actual);
    }

    #[test]
    fn definition_of_a_variable() {
        check_definition(
            "main.tf:region}a",
            expect![[r#"main.tf var.region [region] in variable "region" {"#]],
        );
    }

    #[test]
    fn definition_of_a_module_output_across_modules() {
        check_definition(
            "main.tf:first\n}",
            expect![[r#"net/main.tf output.first [first] in output "first" {"#]],
        );
    }

    #[test]
    fn definition_of_the_module_call_part() {
        check_definition(
            "main.tf:net.first",
            expect![[r#"main.tf module.net [net] in module "net" {"#]],
        );
    }

    #[test]
    fn definition_of_a_call_argument_is_the_childs_variable() {
        check_definition(
            "main.tf:cidr   =",
            expect![[r#"net/main.tf var.cidr [cidr] in variable "cidr" {"#]],
        );
    }

    #[test]
    fn definition_in_a_child() {
        check_definition(
            "net/main.tf:cidr, 8",
            expect![[r#"net/main.tf var.cidr [cidr] in variable "cidr" {"#]],
        );
    }

    #[test]
    fn no_definition_on_a_literal() {
        check_definition("main.tf:eu-west", expect!["none"]);
    }

    #[test]
    fn references_of_a_variable() {
        check_references(
            "main.tf:region\"",
            expect![[r#"
                main.tf:1 region
                main.tf:7 region
            "#]],
        );
    }

    #[test]
    fn references_of_an_output_reach_callers() {
        check_references(
            "net/main.tf:first",
            expect![[r#"
                main.tf:16 first
                net/main.tf:5 first
            "#]],
        );
    }

    #[test]
    fn references_of_a_childs_variable_reach_call_arguments() {
        check_references(
            "net/main.tf:cidr\"",
            expect![[r#"
                main.tf:12 cidr
                net/main.tf:1 cidr
                net/main.tf:6 cidr
            "#]],
        );
    }

    #[test]
    fn paths_of_file_functions_lead_to_their_files() {
        let link = |text: &str| {
            let fixture = crate::features::fixture::fixture(text);
            let analysis = fixture.analysis();
            analysis
                .file_link(&fixture.path, fixture.offset)
                .unwrap()
                .map(|l| l.path)
        };
        assert_eq!(
            link("//- net/main.tf\noutput \"x\" {\n  value = templatefile(\"${path.module}/tem$0plates/a.tpl\", {})\n}\n").as_deref(),
            Some("net/templates/a.tpl")
        );
        assert_eq!(
            link("output \"x\" {\n  value = file(\"./fi$0les/../b.txt\")\n}\n").as_deref(),
            Some("b.txt")
        );
        assert_eq!(
            link("//- net/main.tf\noutput \"x\" {\n  value = file(\"${path.root}/$0c.txt\")\n}\n")
                .as_deref(),
            Some("c.txt")
        );
        // Not a path argument, or not one a check can resolve.
        assert_eq!(link("output \"x\" {\n  value = upper(\"a$0\")\n}\n"), None);
        assert_eq!(
            link("variable \"p\" {}\noutput \"x\" {\n  value = file(\"${var.p}/$0a\")\n}\n"),
            None
        );
        assert_eq!(
            link("output \"x\" {\n  value = file(\"/etc/$0hosts\")\n}\n"),
            None
        );
    }

    #[test]
    fn provider_references_lead_to_their_configurations() {
        let target = |text: &str| {
            let fixture = crate::features::fixture::fixture(text);
            let analysis = fixture.analysis();
            analysis
                .goto_definition(&fixture.path, fixture.offset)
                .unwrap()
                .map(|t| {
                    format!(
                        "{:?} {}",
                        t.kind,
                        snippet(&analysis, &t.path, t.focus_range)
                    )
                })
        };
        let providers = "provider \"aws\" {}\nprovider \"aws\" {\n  alias = \"west\"\n}\n";
        assert_eq!(
            target(&format!(
                "{providers}resource \"aws_instance\" \"a\" {{\n  provider = aws.we$0st\n}}\n"
            ))
            .as_deref(),
            Some("Provider { name: \"aws\", alias: Some(\"west\") } aws")
        );
        assert_eq!(
            target(&format!("{providers}module \"m\" {{\n  source = \"./m\"\n  providers = {{\n    aws = a$0ws\n  }}\n}}\n")).as_deref(),
            Some("Provider { name: \"aws\", alias: None } aws")
        );
        // A provider configuration that is not declared: nowhere.
        assert_eq!(
            target("resource \"aws_instance\" \"a\" {\n  provider = aws.ea$0st\n}\n"),
            None
        );
    }
}
