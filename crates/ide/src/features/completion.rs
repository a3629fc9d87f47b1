//! Completion of names after `var.`, `local.`, `module.` and
//! `module.NAME.`: the module's variables, locals and calls, and the
//! outputs of the module a call loads; and function names elsewhere in
//! an expression.

use tofu_eval::{FunctionTable, functions::TableKind};
use tofu_semantic::{Database, DeclKind, declaration_type, module_declarations};
use tofu_syntax::{TextRange, TextSize};

use crate::{
    features::{hover::signature, navigation::call_target},
    host::Tree,
};

/// What a completion offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    Variable,
    Local,
    ModuleCall,
    Output,
    Function,
}

/// One name to complete with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    /// Its type, or a function's signature.
    pub detail: Option<String>,
    /// The text the name replaces (what is typed of it so far).
    pub range: TextRange,
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// The names that fit at `offset` in `path`.
pub(crate) fn completions(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Vec<CompletionItem> {
    let (Some(module), Some(file)) = (tree.module_of(path), tree.file(path)) else {
        return Vec::new();
    };
    let text = file.text(db);
    let end = usize::from(offset).min(text.len());
    let Some(before) = text.get(..end) else {
        return Vec::new();
    };
    let typed = before.len() - before.trim_end_matches(is_name_char).len();
    let range = TextRange::new(
        TextSize::from((end - typed) as u32),
        TextSize::from(end as u32),
    );
    let head = &before[..end - typed];
    // The traversal before the name being typed: `var.`, `module.x.`.
    let start = head
        .trim_end_matches(|c: char| is_name_char(c) || c == '.')
        .len();
    let traversal = &head[start..];
    let item = |label: &str, kind, detail| CompletionItem {
        label: label.to_owned(),
        kind,
        detail,
        range,
    };
    let type_of = |module, kind: &DeclKind| {
        declaration_type(db, tree.evaluations.types, module, kind).map(|t| t.to_string())
    };
    let declared = |module, want: fn(&DeclKind) -> Option<(&String, CompletionKind)>| {
        module_declarations(db, module)
            .iter()
            .filter_map(|d| {
                let (name, kind) = want(&d.kind)?;
                Some(item(name, kind, type_of(module, &d.kind)))
            })
            .collect::<Vec<_>>()
    };
    match traversal.split('.').collect::<Vec<_>>().as_slice() {
        ["var", ""] => declared(module, |k| match k {
            DeclKind::Variable(n) => Some((n, CompletionKind::Variable)),
            _ => None,
        }),
        ["local", ""] => declared(module, |k| match k {
            DeclKind::Local(n) => Some((n, CompletionKind::Local)),
            _ => None,
        }),
        ["module", ""] => declared(module, |k| match k {
            DeclKind::ModuleCall(n) => Some((n, CompletionKind::ModuleCall)),
            _ => None,
        }),
        ["module", call, ""] => match call_target(db, tree, module, call) {
            Some(child) => declared(child, |k| match k {
                DeclKind::Output(n) => Some((n, CompletionKind::Output)),
                _ => None,
            }),
            None => Vec::new(),
        },
        [""] if typed > 0 && in_expression(head) => {
            let table = FunctionTable::builtin_shared(TableKind::Configuration);
            let prefix = &before[end - typed..];
            table
                .names()
                .filter(|n| n.starts_with(prefix) && !n.contains("::"))
                .filter_map(|n| {
                    let function = table.get(n)?;
                    Some(item(
                        n,
                        CompletionKind::Function,
                        Some(signature(function, table)),
                    ))
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Whether the text before a name ends where an expression may start
/// (after `=`, `(`, `,`, `[`, `{`, an operator or `${`).
fn in_expression(head: &str) -> bool {
    head.trim_end()
        .chars()
        .last()
        .is_some_and(|c| "=(,[{?:+-*/%!<>&|".contains(c))
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::features::fixture::fixture;

    fn check(text: &str, expect: Expect) {
        let fixture = fixture(text);
        let analysis = fixture.analysis();
        let actual: String = analysis
            .completions(&fixture.path, fixture.offset)
            .unwrap()
            .iter()
            .take(8)
            .map(|c| {
                format!(
                    "{:?} {} {}\n",
                    c.kind,
                    c.label,
                    c.detail.as_deref().unwrap_or("")
                )
            })
            .collect();
        expect.assert_eq(&actual);
    }

    const TREE: &str = r#"
//- main.tf
variable "region" {
  type = string
}
variable "count_of" {
  type = number
}
locals {
  zone = "a"
}
module "net" {
  source = "./net"
}
output "x" {
  value = CURSOR
}
//- net/main.tf
output "first" {
  value = "10.0.0.0/24"
}
output "second" {
  value = 2
}
"#;

    #[test]
    fn variables() {
        check(
            &TREE.replace("CURSOR", "var.$0"),
            expect![[r#"
            Variable region string
            Variable count_of number
        "#]],
        );
    }

    #[test]
    fn what_is_typed_is_left_for_the_client_to_filter_by() {
        check(
            &TREE.replace("CURSOR", "var.reg$0"),
            expect![[r#"
            Variable region string
            Variable count_of number
        "#]],
        );
    }

    #[test]
    fn locals() {
        check(
            &TREE.replace("CURSOR", "local.$0"),
            expect![[r#"
            Local zone string
        "#]],
        );
    }

    #[test]
    fn module_calls_and_their_outputs() {
        check(
            &TREE.replace("CURSOR", "module.$0"),
            expect![[r#"
            ModuleCall net object({first=string,second=number})
        "#]],
        );
        check(
            &TREE.replace("CURSOR", "module.net.$0"),
            expect![[r#"
            Output first string
            Output second number
        "#]],
        );
    }

    #[test]
    fn functions() {
        check(
            &TREE.replace("CURSOR", "cidrsub$0"),
            expect![[r#"
            Function cidrsubnet cidrsubnet(prefix string, newbits number, netnum number) string
            Function cidrsubnets cidrsubnets(prefix string, ...newbits number)
        "#]],
        );
    }
}
