//! Rename: a declaration and every name of it, across modules (a child's
//! variable with the argument of every call, an output with
//! `module.CALL.OUTPUT` in every caller). Refused for symbols that
//! cannot be renamed, for names that are not identifiers and for names
//! already taken.

use tofu_semantic::{Database, DeclKind, module_declaration};
use tofu_syntax::TextSize;

use crate::{
    features::navigation::{self, FileRange, name_ranges, symbol_at},
    host::Tree,
};

/// One replacement in a file of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceEdit {
    pub path: String,
    pub range: tofu_syntax::TextRange,
    pub new_text: String,
}

/// Whether `name` is an HCL identifier: a letter or `_`, then letters,
/// digits, `_` and `-`.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

fn renamable(kind: &DeclKind) -> bool {
    matches!(
        kind,
        DeclKind::Variable(_)
            | DeclKind::Local(_)
            | DeclKind::Output(_)
            | DeclKind::ModuleCall(_)
            | DeclKind::ManagedResource { .. }
            | DeclKind::DataResource { .. }
            | DeclKind::EphemeralResource { .. }
            | DeclKind::Check(_)
    )
}

/// The name under the cursor, if it can be renamed.
pub(crate) fn prepare_rename(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
) -> Result<FileRange, String> {
    let symbol = symbol_at(db, tree, path, offset).ok_or("No symbol to rename here.")?;
    if !renamable(&symbol.kind) {
        return Err(format!("{} cannot be renamed.", symbol.kind.address()));
    }
    if module_declaration(db, symbol.module, &symbol.kind).is_none() {
        return Err(format!("{} is not declared.", symbol.kind.address()));
    }
    Ok(FileRange {
        path: path.to_owned(),
        range: symbol.range,
    })
}

fn renamed(kind: &DeclKind, new: &str) -> DeclKind {
    let new = new.to_owned();
    match kind.clone() {
        DeclKind::Variable(_) => DeclKind::Variable(new),
        DeclKind::Local(_) => DeclKind::Local(new),
        DeclKind::Output(_) => DeclKind::Output(new),
        DeclKind::ModuleCall(_) => DeclKind::ModuleCall(new),
        DeclKind::Check(_) => DeclKind::Check(new),
        DeclKind::ManagedResource { ty, .. } => DeclKind::ManagedResource { ty, name: new },
        DeclKind::DataResource { ty, .. } => DeclKind::DataResource { ty, name: new },
        DeclKind::EphemeralResource { ty, .. } => DeclKind::EphemeralResource { ty, name: new },
        other => other,
    }
}

/// The edits that rename the symbol at `offset` in `path` to `new_name`.
pub(crate) fn rename(
    db: &Database,
    tree: &Tree,
    path: &str,
    offset: TextSize,
    new_name: &str,
) -> Result<Vec<SourceEdit>, String> {
    prepare_rename(db, tree, path, offset)?;
    let symbol = symbol_at(db, tree, path, offset).ok_or("No symbol to rename here.")?;
    if !is_identifier(new_name) {
        return Err(format!(
            "\"{new_name}\" is not a valid name: a name starts with a letter or underscore and may contain only letters, digits, underscores and dashes."
        ));
    }
    if navigation::decl_name(&symbol.kind) == Some(new_name) {
        return Ok(Vec::new());
    }
    let target = renamed(&symbol.kind, new_name);
    if module_declaration(db, symbol.module, &target).is_some() {
        return Err(format!("{} is already declared.", target.address()));
    }
    Ok(name_ranges(db, tree, symbol.module, &symbol.kind, true)
        .into_iter()
        .map(|r| SourceEdit {
            path: r.path,
            range: r.range,
            new_text: new_name.to_owned(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::features::fixture::{fixture, with_cursor};

    /// The files after the rename, or why it was refused.
    fn check(at: &str, new_name: &str, expect: Expect) {
        check_fixture(&with_cursor(at), new_name, expect);
    }

    fn check_fixture(text: &str, new_name: &str, expect: Expect) {
        let fixture = fixture(text);
        let analysis = fixture.analysis();
        let actual = match analysis
            .rename(&fixture.path, fixture.offset, new_name)
            .unwrap()
        {
            Ok(edits) => {
                let mut paths: Vec<&str> = edits.iter().map(|e| e.path.as_str()).collect();
                paths.dedup();
                let mut out = String::new();
                for path in paths {
                    let mut text = analysis.file_text(path).unwrap();
                    let mut here: Vec<_> = edits.iter().filter(|e| e.path == path).collect();
                    here.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
                    for edit in here {
                        text.replace_range(
                            std::ops::Range::<usize>::from(edit.range),
                            &edit.new_text,
                        );
                    }
                    out.push_str(&format!("//- {path}\n{text}"));
                }
                out
            }
            Err(error) => format!("error: {error}"),
        };
        expect.assert_eq(&actual);
    }

    #[test]
    fn child_variable_with_its_call_arguments() {
        check(
            "net/main.tf:cidr\"",
            "block",
            expect![[r#"
            //- main.tf
            variable "region" {
              type    = string
              default = "eu-west-1"
            }

            locals {
              zone = "${var.region}a"
            }

            module "net" {
              source = "./net"
              block   = "10.0.0.0/16"
            }

            output "first" {
              value = module.net.first
            }
            //- net/main.tf
            variable "block" {
              type = string
            }

            output "first" {
              value = cidrsubnet(var.block, 8, 0)
            }
        "#]],
        );
    }

    #[test]
    fn output_with_its_uses_in_callers() {
        check(
            "main.tf:first\n}",
            "primary",
            expect![[r#"
            //- main.tf
            variable "region" {
              type    = string
              default = "eu-west-1"
            }

            locals {
              zone = "${var.region}a"
            }

            module "net" {
              source = "./net"
              cidr   = "10.0.0.0/16"
            }

            output "first" {
              value = module.net.primary
            }
            //- net/main.tf
            variable "cidr" {
              type = string
            }

            output "primary" {
              value = cidrsubnet(var.cidr, 8, 0)
            }
        "#]],
        );
    }

    #[test]
    fn refuses_invalid_identifiers() {
        check(
            "main.tf:region}a",
            "1region",
            expect![[
                r#"error: "1region" is not a valid name: a name starts with a letter or underscore and may contain only letters, digits, underscores and dashes."#
            ]],
        );
    }

    #[test]
    fn refuses_taken_names() {
        check_fixture(
            "locals {\n  a$0 = 1\n  b = 2\n}\n",
            "b",
            expect!["error: local.b is already declared."],
        );
        // Its own name is not taken: nothing to do.
        check("main.tf:region}a", "region", expect![[""]]);
    }

    #[test]
    fn refuses_what_has_no_name() {
        check(
            "main.tf:eu-west",
            "x",
            expect!["error: No symbol to rename here."],
        );
    }

    #[test]
    fn prepare_rename_gives_the_name() {
        let fixture = fixture(&with_cursor("main.tf:net.first"));
        let analysis = fixture.analysis();
        let range = analysis
            .prepare_rename(&fixture.path, fixture.offset)
            .unwrap()
            .unwrap();
        let text = analysis.file_text(&fixture.path).unwrap();
        assert_eq!(&text[range.range], "net");
    }

    #[test]
    fn root_variable_in_its_variables_files() {
        check_fixture(
            "//- main.tf\nvariable \"reg$0ion\" {}\noutput \"r\" {\n  value = var.region\n}\n//- terraform.tfvars\nregion = \"eu\"\nother  = 1\n//- prod.auto.tfvars.json\n{\"region\": \"us\"}\n",
            "location",
            expect![[r#"
                //- main.tf
                variable "location" {}
                output "r" {
                  value = var.location
                }
                //- prod.auto.tfvars.json
                {"location": "us"}
                //- terraform.tfvars
                location = "eu"
                other  = 1
            "#]],
        );
    }
}
