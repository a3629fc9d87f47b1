//! The standard kinds of edit, chosen in the user's tree by reading its
//! native files: where each can be made, and the two texts of the file
//! it alternates between. A kind the tree has no place for is skipped
//! with the reason.

use std::collections::{BTreeMap, BTreeSet};

use tofu_ide::{analysis::Analysis, discovery::Module};
use tofu_syntax::{
    SourceKind, TextRange,
    ast::{self, AstNode, Expr, LiteralKind},
};

/// One kind of edit: a file and the two texts it alternates between
/// (the first is the file as it is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub name: String,
    pub file: String,
    pub texts: [String; 2],
}

/// A module as the choice sees it: its native files' texts and trees,
/// and the local modules it calls.
struct Unit {
    dir: String,
    files: Vec<(String, String, ast::SourceFile)>,
    calls: Vec<String>,
}

/// The standard edits that `modules` (as the host loaded them) have a
/// place for, and the kinds skipped with why.
pub fn choose_edits(analysis: &Analysis, modules: &[Module]) -> (Vec<Edit>, Vec<(String, String)>) {
    let units: Vec<Unit> = modules
        .iter()
        .filter(|m| !m.dir.split('/').any(|part| part == ".terraform"))
        .map(|module| {
            let files: Vec<(String, String, ast::SourceFile)> = module
                .files
                .iter()
                .map(|f| module.file_path(&f.name))
                .filter(|path| SourceKind::from_file_name(path) == SourceKind::Native)
                .filter_map(|path| {
                    let text = analysis.file_text(&path)?;
                    let tree = ast::SourceFile::cast(
                        tofu_syntax::parse(&text, SourceKind::Native).syntax(),
                    )?;
                    Some((path, text, tree))
                })
                .collect();
            let calls = files
                .iter()
                .flat_map(|(_, text, tree)| blocks(tree, "module").map(move |b| (text, b)))
                .filter_map(|(_, block)| {
                    let source = string_attribute(&block, "source")?;
                    tofu_semantic::local_source_dir(&module.dir, &source)
                })
                .collect();
            Unit {
                dir: module.dir.clone(),
                files,
                calls,
            }
        })
        .collect();
    let called: BTreeSet<&str> = units
        .iter()
        .flat_map(|u| u.calls.iter().map(String::as_str))
        .collect();
    let by_dir: BTreeMap<&str, &Unit> = units.iter().map(|u| (u.dir.as_str(), u)).collect();
    let is_called = |u: &&Unit| called.contains(u.dir.as_str());
    // Leaves: called, calling nothing; mid-level: called and calling.
    let leaves: Vec<&Unit> = units
        .iter()
        .filter(is_called)
        .filter(|u| u.calls.is_empty())
        .collect();
    let mids: Vec<&Unit> = units
        .iter()
        .filter(is_called)
        .filter(|u| !u.calls.is_empty())
        .collect();
    let root = by_dir.get("").copied();
    let any_called: Vec<&Unit> = units.iter().filter(is_called).collect();

    let mut edits = Vec::new();
    let mut skipped = Vec::new();
    let mut add = |name: &str, found: Option<Edit>, why: &str| match found {
        Some(edit) => edits.push(edit),
        None => skipped.push((name.to_owned(), why.to_owned())),
    };
    add(
        "leaf-local-literal",
        leaves
            .iter()
            .chain(&any_called)
            .find_map(|u| local_literal(u)),
        "no called module has a local with a literal in its value",
    );
    add(
        "comment-at-top",
        mids.iter()
            .chain(&any_called)
            .chain(root.as_ref())
            .find_map(|u| {
                let (path, text, _) = u.files.first()?;
                Some(edit(
                    "comment-at-top",
                    path,
                    text,
                    format!("# edited\n{text}"),
                ))
            }),
        "no native configuration file",
    );
    add(
        "root-variable-default",
        root.and_then(root_default),
        "the root module has no variable with a literal default",
    );
    add(
        "called-variable-type",
        any_called.iter().find_map(|u| variable_type(u)),
        "no called module has a variable of type string or number",
    );
    add(
        "add-output",
        leaves
            .iter()
            .chain(&any_called)
            .chain(root.as_ref())
            .find_map(|u| {
                let (path, text, _) = u.files.last()?;
                let added = format!("{text}\noutput \"bench_extra\" {{\n  value = 1\n}}\n");
                Some(edit("add-output", path, text, added))
            }),
        "no native configuration file",
    );
    add(
        "rename-local",
        mids.iter()
            .chain(&any_called)
            .chain(root.as_ref())
            .find_map(|u| rename_local(u)),
        "no module refers to one of its locals",
    );
    add(
        "syntax-error",
        mids.iter()
            .chain(&any_called)
            .chain(root.as_ref())
            .find_map(|u| {
                u.files.iter().find_map(|(path, text, _)| {
                    let trimmed = text.trim_end();
                    let broken = trimmed.strip_suffix('}')?;
                    Some(edit("syntax-error", path, text, broken.to_owned()))
                })
            }),
        "no file ends with a closing brace",
    );
    add(
        "add-module-call",
        root.zip(leaves.first().or(any_called.first()))
            .and_then(|(root, target)| {
                let (path, text, _) = root.files.first()?;
                let source = relative_source(&target.dir);
                let added =
                    format!("{text}\nmodule \"bench_extra\" {{\n  source = \"{source}\"\n}}\n");
                Some(edit("add-module-call", path, text, added))
            }),
        "no root module, or no module it could call",
    );
    (edits, skipped)
}

/// Edits a user wrote, in HCL: `edit "NAME" { file = "...", find =
/// "...", replace = "..." }` blocks; each alternates between the file as
/// it is and the file with the first `find` replaced. A block that cannot
/// be used is an error naming it.
pub fn parse_edit_script(script: &str, analysis: &Analysis) -> Result<Vec<Edit>, String> {
    let parse = tofu_syntax::parse(script, SourceKind::Native);
    if let Some(error) = parse.errors().first() {
        return Err(format!(
            "the edit script has a syntax error: {}",
            error.summary
        ));
    }
    let file = ast::SourceFile::cast(parse.syntax()).ok_or("the edit script is empty")?;
    let mut out = Vec::new();
    for block in blocks(&file, "edit") {
        let name = block
            .labels()
            .next()
            .map(|l| l.value())
            .ok_or("an edit block needs a name label")?;
        let field = |key: &str| {
            string_attribute(&block, key)
                .ok_or_else(|| format!("edit {name:?} needs a string {key}"))
        };
        let (path, find, replace) = (field("file")?, field("find")?, field("replace")?);
        let text = analysis
            .file_text(&path)
            .ok_or_else(|| format!("edit {name:?}: {path} is not a file of the tree"))?;
        if !text.contains(&find) {
            return Err(format!("edit {name:?}: {path} does not contain {find:?}"));
        }
        let edited = text.replacen(&find, &replace, 1);
        out.push(edit(&name, &path, &text, edited));
    }
    if out.is_empty() {
        return Err("the edit script has no edit blocks".to_owned());
    }
    Ok(out)
}

fn edit(name: &str, path: &str, text: &str, edited: String) -> Edit {
    Edit {
        name: name.to_owned(),
        file: path.to_owned(),
        texts: [text.to_owned(), edited],
    }
}

fn blocks<'a>(file: &'a ast::SourceFile, ty: &'a str) -> impl Iterator<Item = ast::Block> + 'a {
    file.body()
        .into_iter()
        .flat_map(|b| b.blocks())
        .filter(move |b| b.block_type().is_some_and(|t| t.text() == ty))
}

fn string_attribute(block: &ast::Block, name: &str) -> Option<String> {
    let attribute = block.body()?.attribute(name)?;
    match attribute.expr()? {
        Expr::Template(template) => template.as_string_literal(),
        _ => None,
    }
}

/// `text` with `range` replaced by `with`.
fn splice(text: &str, range: TextRange, with: &str) -> String {
    let mut out = text.to_owned();
    out.replace_range(std::ops::Range::<usize>::from(range), with);
    out
}

/// A literal's text changed: a string gets a suffix, a number one more,
/// a bool the other value.
fn changed_literal(expr: &Expr) -> Option<(TextRange, String)> {
    let range = expr.syntax().text_range();
    match expr {
        Expr::Template(template) => {
            let value = template.as_string_literal()?;
            Some((range, format!("{:?}", format!("{value}-edited"))))
        }
        Expr::Literal(literal) => match literal.kind()? {
            LiteralKind::Number(n) => Some((range, format!("{n}1"))),
            LiteralKind::Bool(b) => Some((range, (!b).to_string())),
            LiteralKind::Null => None,
        },
        _ => None,
    }
}

fn local_literal(unit: &Unit) -> Option<Edit> {
    unit.files.iter().find_map(|(path, text, tree)| {
        blocks(tree, "locals").find_map(|block| {
            block.body()?.attributes().find_map(|a| {
                // The value itself, or the first literal inside it (a
                // string or number argument of a call, say).
                let (range, with) = a
                    .expr()?
                    .syntax()
                    .descendants()
                    .filter_map(Expr::cast)
                    .find_map(|e| changed_literal(&e))?;
                Some(edit(
                    "leaf-local-literal",
                    path,
                    text,
                    splice(text, range, &with),
                ))
            })
        })
    })
}

fn root_default(unit: &Unit) -> Option<Edit> {
    unit.files.iter().find_map(|(path, text, tree)| {
        blocks(tree, "variable").find_map(|block| {
            let default = block.body()?.attribute("default")?;
            let (range, with) = changed_literal(&default.expr()?)?;
            Some(edit(
                "root-variable-default",
                path,
                text,
                splice(text, range, &with),
            ))
        })
    })
}

fn variable_type(unit: &Unit) -> Option<Edit> {
    unit.files.iter().find_map(|(path, text, tree)| {
        blocks(tree, "variable").find_map(|block| {
            let ty = block.body()?.attribute("type")?.expr()?;
            let with = match ty.syntax().text().to_string().trim() {
                "string" => "number",
                "number" => "string",
                _ => return None,
            };
            let range = ty.syntax().text_range();
            Some(edit(
                "called-variable-type",
                path,
                text,
                splice(text, range, with),
            ))
        })
    })
}

fn rename_local(unit: &Unit) -> Option<Edit> {
    let all: String = unit
        .files
        .iter()
        .map(|(_, text, _)| text.as_str())
        .collect();
    unit.files.iter().find_map(|(path, text, tree)| {
        blocks(tree, "locals").find_map(|block| {
            block.body()?.attributes().find_map(|a| {
                let name = a.name()?;
                if !all.contains(&format!("local.{}", name.text())) {
                    return None;
                }
                let renamed = format!("{}_renamed", name.text());
                Some(edit(
                    "rename-local",
                    path,
                    text,
                    splice(text, name.text_range(), &renamed),
                ))
            })
        })
    })
}

/// A local source from the root to `dir`.
fn relative_source(dir: &str) -> String {
    if dir.starts_with("..") {
        dir.to_owned()
    } else {
        format!("./{dir}")
    }
}
