//! The standard kinds of edit of a generated tree (`tofu-gen-tree`),
//! shared by the edit benchmark and the host's property test, and a
//! report as comparable lines.

#![allow(dead_code, clippy::disallowed_methods)] // Each includer uses part; trees are on disk.

use std::path::Path;

/// One kind of edit: a file and the two texts it alternates between
/// (the first is the file as generated).
pub struct EditKind {
    pub name: &'static str,
    pub file: &'static str,
    pub texts: [String; 2],
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|err| panic!("{file}: {err}"))
}

/// `text` with `from` replaced once by `to`; `from` must be there.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} is in the file");
    text.replacen(from, to, 1)
}

pub fn edit_kinds(dir: &Path, modules: usize) -> Vec<EditKind> {
    let leaf = format!("modules/m{:04}", modules - 1);
    let mid = format!("modules/m{:04}", modules / 10);
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let leaf_main = leak(format!("{leaf}/main.tf"));
    let leaf_outputs = leak(format!("{leaf}/outputs.tf"));
    let mid_main = leak(format!("{mid}/main.tf"));
    let called_variables = "modules/m0004/variables.tf";
    let kind = |name, file: &'static str, edited: &dyn Fn(&str) -> String| {
        let text = read(dir, file);
        EditKind {
            name,
            file,
            texts: [text.clone(), edited(&text)],
        }
    };
    let call = |name: &str, source: &str| {
        format!(
            "\nmodule \"{name}\" {{\n  source = \"{source}\"\n\n  name  = \"extra\"\n  items = {{}}\n}}\n"
        )
    };
    vec![
        kind("leaf-local-literal", leaf_main, &|t| {
            replaced(t, r#""unowned")"#, r#""nobody")"#)
        }),
        kind("comment-at-top", mid_main, &|t| format!("# edited\n{t}")),
        kind("root-variable-default", "variables.tf", &|t| {
            replaced(t, r#"default     = "bench""#, r#"default     = "bench2""#)
        }),
        kind("called-variable-type", called_variables, &|t| {
            replaced(
                t,
                "variable \"name\" {\n  type        = string",
                "variable \"name\" {\n  type        = number",
            )
        }),
        kind("add-output-to-leaf", leaf_outputs, &|t| {
            format!("{t}\noutput \"extra\" {{\n  value = local.owner\n}}\n")
        }),
        kind("rename-local", mid_main, &|t| {
            replaced(t, "  owner    =", "  owner2   =")
        }),
        kind("syntax-error-mid-level", mid_main, &|t| {
            t.trim_end()
                .strip_suffix('}')
                .expect("ends with a brace")
                .to_owned()
        }),
        kind("add-call-to-leaf", "main.tf", &|t| {
            format!("{t}{}", call("extra_leaf", &format!("./{leaf}")))
        }),
        kind("add-call-of-subtree", "main.tf", &|t| {
            format!("{t}{}", call("extra_tree", "./modules/m0001"))
        }),
    ]
}
