//! Smaller editor features: signature help for function calls, inlay
//! hints with the inferred types of locals and outputs, workspace
//! symbols and folding ranges.

use tofu_eval::{FunctionTable, functions::TableKind};
use tofu_semantic::{Database, DeclKind, declaration_type, module_declarations};
use tofu_syntax::{
    SyntaxElement, SyntaxKind, TextRange, TextSize,
    ast::{self, AstNode},
};

use crate::{
    features::{
        document_symbols::FileSymbol,
        hover::signature,
        navigation::{native_root, navigation_target},
    },
    host::Tree,
};

/// The signature of the function whose call's arguments hold a cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureHelp {
    /// `cidrsubnet(prefix string, newbits number, netnum number) string`
    pub label: String,
    /// Each parameter's place in `label`, in bytes.
    pub parameters: Vec<(u32, u32)>,
    /// The parameter the cursor's argument is for.
    pub active_parameter: Option<u32>,
}

pub(crate) fn signature_help(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Option<SignatureHelp> {
    let root = native_root(db, tree.file(path)?)?;
    let token = root.token_at_offset(offset).left_biased()?;
    // The innermost call whose parentheses hold the cursor.
    let (call, args) = token.parent_ancestors().find_map(|node| {
        let call = ast::FunctionCall::cast(node)?;
        let args = call
            .syntax()
            .children()
            .find(|n| n.kind() == SyntaxKind::ARG_LIST)?;
        let open = args
            .children_with_tokens()
            .find(|t| t.kind() == SyntaxKind::L_PAREN)?;
        let close = args
            .children_with_tokens()
            .find(|t| t.kind() == SyntaxKind::R_PAREN);
        let inside = open.text_range().end() <= offset
            && close.is_none_or(|c| offset <= c.text_range().start());
        inside.then_some((call, args))
    })?;
    let name = call.name()?;
    let table = FunctionTable::builtin_shared(TableKind::Configuration);
    let function = table.get(&name)?;
    let label = signature(function, table);
    // Each parameter as `signature` writes it, found in order.
    let mut parameters = Vec::new();
    let mut from = label.find('(')? + 1;
    let written = function
        .params
        .iter()
        .map(|p| format!("{} {}", p.name, p.ty))
        .chain(
            function
                .var_param
                .iter()
                .map(|p| format!("...{} {}", p.name, p.ty)),
        );
    for text in written {
        let start = from + label[from..].find(&text)?;
        from = start + text.len();
        parameters.push((start as u32, from as u32));
    }
    let commas = args
        .children_with_tokens()
        .filter(|t| t.kind() == SyntaxKind::COMMA && t.text_range().end() <= offset)
        .count();
    let active = match function.var_param {
        Some(_) => commas.min(function.params.len()),
        None => commas,
    };
    Some(SignatureHelp {
        label,
        active_parameter: (active < parameters.len()).then_some(active as u32),
        parameters,
    })
}

/// A type shown after a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    /// Where it goes: the end of the name.
    pub offset: TextSize,
    /// `: string`
    pub label: String,
}

/// The inferred types of the locals and outputs of the file at `path`.
pub(crate) fn inlay_hints(db: &Database, tree: &Tree, path: &str) -> Vec<InlayHint> {
    let (Some(module), Some(file)) = (tree.module_of(path), tree.file(path)) else {
        return Vec::new();
    };
    let mut out: Vec<InlayHint> = module_declarations(db, module)
        .iter()
        .filter(|d| d.file == file)
        .filter(|d| matches!(d.kind, DeclKind::Local(_) | DeclKind::Output(_)))
        .filter_map(|d| {
            let ty = declaration_type(db, tree.evaluations.types, module, &d.kind)?;
            let target = navigation_target(db, d);
            let mut end = target.focus_range.end();
            // After an output's closing quote.
            let text = file.text(db);
            if text.get(usize::from(end)..usize::from(end) + 1) == Some("\"") {
                end += TextSize::from(1);
            }
            Some(InlayHint {
                offset: end,
                label: format!(": {ty}"),
            })
        })
        .collect();
    out.sort_by_key(|h| h.offset);
    out
}

/// A declaration of the whole tree, by its address in its module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceSymbol {
    /// The module's directory (`""` for the root).
    pub module: String,
    pub symbol: FileSymbol,
}

/// The declarations of every module whose addresses contain `query`
/// (ignoring case), at most `limit` of them.
pub(crate) fn workspace_symbols(
    db: &Database,
    tree: &Tree,
    query: &str,
    limit: usize,
) -> Vec<WorkspaceSymbol> {
    let query = query.to_lowercase();
    let mut out = Vec::new();
    for &module in &tree.dirs {
        for d in module_declarations(db, module).iter() {
            let name = match &d.kind {
                DeclKind::Output(name) => format!("output.{name}"),
                kind => kind.address(),
            };
            if !name.to_lowercase().contains(&query) {
                continue;
            }
            out.push(WorkspaceSymbol {
                module: module.dir(db).clone(),
                symbol: FileSymbol {
                    name,
                    target: navigation_target(db, d),
                },
            });
            if out.len() >= limit {
                return out;
            }
        }
    }
    out
}

/// What an editor can fold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    Block,
    /// A multi-line collection, call or heredoc.
    Region,
    Comment,
}

/// A range to fold: whole blocks and multi-line expressions and
/// comments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fold {
    pub range: TextRange,
    pub kind: FoldKind,
}

pub(crate) fn folding_ranges(db: &Database, tree: &Tree, path: &str) -> Vec<Fold> {
    let Some(root) = tree.file(path).and_then(|f| native_root(db, f)) else {
        return Vec::new();
    };
    let multiline = |text: &str| text.trim_end_matches('\n').contains('\n');
    let mut out = Vec::new();
    for element in root.descendants_with_tokens() {
        let kind = match element.kind() {
            SyntaxKind::BLOCK_BODY => FoldKind::Block,
            SyntaxKind::TUPLE
            | SyntaxKind::OBJECT
            | SyntaxKind::FOR_TUPLE
            | SyntaxKind::FOR_OBJECT
            | SyntaxKind::ARG_LIST
            | SyntaxKind::HEREDOC => FoldKind::Region,
            SyntaxKind::BLOCK_COMMENT => FoldKind::Comment,
            _ => continue,
        };
        let range = element.text_range();
        let text = match &element {
            SyntaxElement::Node(n) => n.text().to_string(),
            SyntaxElement::Token(t) => t.text().to_owned(),
        };
        if multiline(&text) {
            out.push(Fold { range, kind });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::features::fixture::{TREE, fixture, snippet, with_cursor};

    fn check_signature(text: &str, expect: Expect) {
        let fixture = fixture(text);
        let help = fixture
            .analysis()
            .signature_help(&fixture.path, fixture.offset)
            .unwrap();
        let actual = match help {
            Some(help) => {
                let params: Vec<&str> = help
                    .parameters
                    .iter()
                    .map(|&(s, e)| &help.label[s as usize..e as usize])
                    .collect();
                format!(
                    "{}\n{params:?}\nactive {:?}\n",
                    help.label, help.active_parameter
                )
            }
            None => "none\n".to_owned(),
        };
        expect.assert_eq(&actual);
    }

    #[test]
    fn signature_help_follows_the_arguments() {
        check_signature(
            &with_cursor("net/main.tf:var.cidr, 8"),
            expect![[r#"
                cidrsubnet(prefix string, newbits number, netnum number) string
                ["prefix string", "newbits number", "netnum number"]
                active Some(0)
            "#]],
        );
        check_signature(
            &with_cursor("net/main.tf:0)"),
            expect![[r#"
                cidrsubnet(prefix string, newbits number, netnum number) string
                ["prefix string", "newbits number", "netnum number"]
                active Some(2)
            "#]],
        );
        check_signature(
            "locals {\n  a = concat([1], [2], [$0])\n}\n",
            expect![[r#"
                concat(...seqs any) dynamic
                ["...seqs any"]
                active Some(0)
            "#]],
        );
        check_signature(&with_cursor("net/main.tf:cidrsubnet"), expect!["none\n"]);
    }

    #[test]
    fn inlay_hints_of_locals_and_outputs() {
        let fixture = fixture(TREE);
        let analysis = fixture.analysis();
        let text = analysis.file_text("main.tf").unwrap();
        let actual: String = analysis
            .inlay_hints("main.tf")
            .unwrap()
            .iter()
            .map(|h| {
                let line_start = text[..usize::from(h.offset)]
                    .rfind('\n')
                    .map_or(0, |n| n + 1);
                format!(
                    "{}⟨{}⟩\n",
                    &text[line_start..usize::from(h.offset)],
                    h.label
                )
            })
            .collect();
        expect![[r#"
              zone⟨: string⟩
            output "first"⟨: string⟩
        "#]]
        .assert_eq(&actual);
    }

    #[test]
    fn workspace_symbols_of_every_module() {
        let fixture = fixture(TREE);
        let analysis = fixture.analysis();
        let actual: String = analysis
            .workspace_symbols("FIRST", 10)
            .unwrap()
            .iter()
            .map(|s| {
                format!(
                    "{:?} {} {}\n",
                    s.module, s.symbol.name, s.symbol.target.path
                )
            })
            .collect();
        expect![[r#"
            "" output.first main.tf
            "net" output.first net/main.tf
        "#]]
        .assert_eq(&actual);
        assert_eq!(analysis.workspace_symbols("", 3).unwrap().len(), 3);
    }

    #[test]
    fn folding_ranges_of_blocks_and_collections() {
        let fixture = fixture(
            "locals {\n  list = [\n    1,\n  ]\n  one = [1]\n}\n/* a\n  b */\noutput \"x\" { value = 1 }\n",
        );
        let analysis = fixture.analysis();
        let actual: String = analysis
            .folding_ranges("main.tf")
            .unwrap()
            .iter()
            .map(|f| {
                let text = snippet(&analysis, "main.tf", f.range);
                format!("{:?} {:?}\n", f.kind, text.lines().next().unwrap())
            })
            .collect();
        expect![[r#"
            Block "{"
            Region "["
            Comment "/* a"
        "#]]
        .assert_eq(&actual);
    }
}
