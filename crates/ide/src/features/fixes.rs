//! Quick fixes for diagnostics: OpenTofu's "Did you mean" suggestions
//! applied, and a missing variable declared.

use tofu_semantic::{Database, DeclKind, module_declarations};
use tofu_syntax::{TextRange, TextSize};

use crate::{features::rename::SourceEdit, host::Tree};

/// A fix: a title and the edits that make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<SourceEdit>,
}

/// The name a diagnostic's text suggests (`Did you mean "region"?`).
pub fn suggestion(message: &str) -> Option<&str> {
    let start = message.find("Did you mean \"")? + "Did you mean \"".len();
    let len = message[start..].find('"')?;
    let name = &message[start..start + len];
    (!name.is_empty() && !name.contains(['\\', '\n'])).then_some(name)
}

/// The fixes for a diagnostic with `message` at `range` of `path`.
pub(crate) fn fixes(
    db: &Database,
    tree: &Tree,
    path: &str,
    range: TextRange,
    message: &str,
) -> Vec<Fix> {
    let Some(file) = tree.file(path) else {
        return Vec::new();
    };
    let text = file.text(db);
    let Some(subject) = text.get(std::ops::Range::<usize>::from(range)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(name) = suggestion(message)
        && let Some(wrong) = misspelt(subject)
    {
        let start = range.start() + TextSize::from(wrong.0 as u32);
        out.push(Fix {
            title: format!("Change to \"{name}\""),
            edits: vec![SourceEdit {
                path: path.to_owned(),
                range: TextRange::new(start, start + TextSize::from(wrong.1.len() as u32)),
                new_text: name.to_owned(),
            }],
        });
    }
    if message.starts_with("Reference to undeclared input variable")
        && let Some(name) = subject.strip_prefix("var.")
        && crate::features::rename::is_identifier(name)
        && let Some(edit) = declare_variable(db, tree, path, name)
    {
        out.push(Fix {
            title: format!("Declare variable \"{name}\""),
            edits: vec![edit],
        });
    }
    if message.starts_with("Output refers to sensitive values")
        && let Some(edit) = mark_sensitive(db, tree, path, range)
    {
        out.push(Fix {
            title: "Mark the output sensitive".to_owned(),
            edits: vec![edit],
        });
    }
    out
}

/// An edit that adds `sensitive = true` to the output block whose
/// header is at `range` (what OpenTofu's diagnostic points at): a line
/// of its own before the closing brace, indented as the block's first
/// argument. `None` for a block on one line, which can hold only one
/// argument, and in JSON.
fn mark_sensitive(db: &Database, tree: &Tree, path: &str, range: TextRange) -> Option<SourceEdit> {
    use tofu_syntax::{SyntaxKind, ast::AstNode};
    let root = crate::features::navigation::native_root(db, tree.file(path)?)?;
    let block = root
        .token_at_offset(range.start())
        .right_biased()?
        .parent_ancestors()
        .find_map(tofu_syntax::ast::Block::cast)?;
    if block.block_type()?.text() != "output" {
        return None;
    }
    let text = tree.file(path)?.text(db);
    let close = block
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == SyntaxKind::R_BRACE)
        .last()?;
    let close_at = usize::from(close.text_range().start());
    let line_start = text[..close_at].rfind('\n')? + 1;
    if !text[line_start..close_at].trim().is_empty() {
        return None;
    }
    let indent = block
        .body()
        .and_then(|b| b.attributes().next())
        .map(|a| {
            let at = usize::from(a.syntax().text_range().start());
            let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
            text[start..at].to_owned()
        })
        .unwrap_or_else(|| format!("{}  ", &text[line_start..close_at]));
    Some(SourceEdit {
        path: path.to_owned(),
        range: TextRange::empty(TextSize::from(line_start as u32)),
        new_text: format!("{indent}sensitive = true\n"),
    })
}

/// The misspelt name in the text a diagnostic points at, with its
/// offset: the name before `(` of a call, the last step of a traversal,
/// or the whole text when it is a name.
fn misspelt(subject: &str) -> Option<(usize, &str)> {
    let is_name = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == ':')
    };
    if let Some(paren) = subject.find('(') {
        let name = subject[..paren].trim_end();
        return is_name(name).then_some((0, name));
    }
    let subject = subject.trim_matches('"');
    let start = subject.rfind('.').map_or(0, |dot| dot + 1);
    let name = &subject[start..];
    let quote = usize::from(subject.len() != subject.trim_start_matches('"').len());
    is_name(name).then_some((start + quote, name))
}

/// An edit that declares variable `name` in the module of `path`: at the
/// end of its `variables.tf` if it has one, else of the file itself.
fn declare_variable(db: &Database, tree: &Tree, path: &str, name: &str) -> Option<SourceEdit> {
    let module = tree.module_of(path)?;
    if module_declarations(db, module)
        .iter()
        .any(|d| d.kind == DeclKind::Variable(name.to_owned()))
    {
        return None;
    }
    let dir = module.dir(db);
    let variables = match dir.as_str() {
        "" => "variables.tf".to_owned(),
        dir => format!("{dir}/variables.tf"),
    };
    let target = match tree.file(&variables) {
        Some(file) if file.exists(db) => variables,
        _ => path.to_owned(),
    };
    let text = tree.file(&target)?.text(db);
    let end = TextSize::from(text.len() as u32);
    let separator = match () {
        _ if text.is_empty() => "",
        _ if text.ends_with("\n\n") => "",
        _ if text.ends_with('\n') => "\n",
        _ => "\n\n",
    };
    Some(SourceEdit {
        path: target,
        range: TextRange::empty(end),
        new_text: format!("{separator}variable \"{name}\" {{\n}}\n"),
    })
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};
    use tofu_syntax::TextRange;

    use super::*;
    use crate::features::fixture::fixture;

    fn check(text: &str, subject: &str, message: &str, expect: Expect) {
        let fixture = fixture(text);
        let analysis = fixture.analysis();
        let file = analysis.file_text(&fixture.path).unwrap();
        let start = usize::from(fixture.offset);
        let range = TextRange::new(
            fixture.offset,
            TextSize::from((start + subject.len()) as u32),
        );
        assert_eq!(&file[range], subject);
        let actual: String = analysis
            .fixes(&fixture.path, range, message)
            .unwrap()
            .iter()
            .flat_map(|fix| {
                fix.edits.iter().map(move |e| {
                    format!("{}: {} {:?} {:?}\n", fix.title, e.path, e.range, e.new_text)
                })
            })
            .collect();
        expect.assert_eq(&actual);
    }

    #[test]
    fn did_you_mean() {
        check(
            "variable \"region\" {}\noutput \"x\" {\n  value = $0var.regoin\n}\n",
            "var.regoin",
            "Reference to undeclared input variable\n\nAn input variable with the name \"regoin\" has not been declared. Did you mean \"region\"?",
            expect![[r#"
                Change to "region": main.tf 48..54 "region"
                Declare variable "regoin": main.tf 57..57 "\nvariable \"regoin\" {\n}\n"
            "#]],
        );
        check(
            "output \"x\" {\n  value = $0lenght([])\n}\n",
            "lenght([])",
            "Call to unknown function\n\nThere is no function named \"lenght\". Did you mean \"length\"?",
            expect![[r#"
                Change to "length": main.tf 23..29 "length"
            "#]],
        );
    }

    #[test]
    fn declare_in_variables_tf() {
        check(
            "//- main.tf\noutput \"x\" {\n  value = $0var.zone\n}\n//- variables.tf\nvariable \"a\" {}\n",
            "var.zone",
            "Reference to undeclared input variable\n\nAn input variable with the name \"zone\" has not been declared.",
            expect![[r#"
                Declare variable "zone": variables.tf 16..16 "\nvariable \"zone\" {\n}\n"
            "#]],
        );
    }

    #[test]
    fn mark_an_output_sensitive() {
        check(
            "variable \"key\" {\n  sensitive = true\n}\n$0output \"key\" {\n    value = var.key\n}\n",
            "output \"key\"",
            "Output refers to sensitive values\n\nTo reduce the risk of accidentally exporting sensitive data...",
            expect![[r#"
                Mark the output sensitive: main.tf 73..73 "    sensitive = true\n"
            "#]],
        );
        // A one-line block holds one argument: no fix.
        check(
            "$0output \"key\" { value = 1 }\n",
            "output \"key\"",
            "Output refers to sensitive values",
            expect![""],
        );
    }
}
