//! Whole-tree checks of generated multi-file trees: modules that call
//! each other (rings included), variables of assorted types, locals and
//! outputs whose expressions reference one another, `count` and
//! `for_each`, in both syntaxes; checked as `validate` and as a plan.
//! Never a panic, and every diagnostic inside its file. Run with
//! `cargo fuzz run tree` from `fuzz/`.

#![no_main]

use std::fmt::Write;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;

mod support;

#[derive(Debug, Arbitrary)]
struct Tree {
    modules: Vec<Module>,
}

#[derive(Debug, Arbitrary)]
struct Module {
    json: bool,
    variables: Vec<(u8, Kind, Option<Expr>)>,
    locals: Vec<(u8, Expr)>,
    outputs: Vec<(u8, Expr)>,
    calls: Vec<Call>,
}

#[derive(Debug, Arbitrary)]
struct Call {
    name: u8,
    /// The index of the called module (modulo the number of modules).
    target: u8,
    repeat: Option<(bool, Expr)>,
    arguments: Vec<(u8, Expr)>,
}

#[derive(Debug, Arbitrary)]
enum Kind {
    String,
    Number,
    Bool,
    ListOfString,
    MapOfNumber,
    Object,
    Any,
}

#[derive(Debug, Arbitrary)]
enum Expr {
    Number(i16),
    String(String),
    Bool(bool),
    Null,
    Var(u8),
    Local(u8),
    ModuleOutput(u8, u8),
    List(Vec<Expr>),
    Object(Vec<(u8, Expr)>),
    Add(Box<Expr>, Box<Expr>),
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    For(Box<Expr>, Box<Expr>, bool),
    Index(Box<Expr>, Box<Expr>),
    Attr(Box<Expr>, u8),
    Splat(Box<Expr>, u8),
    Call(Function, Vec<Expr>),
    Template(Vec<Expr>),
    Each,
    CountIndex,
}

#[derive(Debug, Arbitrary)]
enum Function {
    Length,
    Lookup,
    Merge,
    Flatten,
    Concat,
    Try,
    Can,
    ToSet,
    Keys,
    Upper,
    Jsonencode,
    Coalesce,
}

const NAMES: [&str; 6] = ["a", "b", "c", "d", "e", "f"];

fn name(n: u8) -> &'static str {
    NAMES[usize::from(n) % NAMES.len()]
}

impl Expr {
    fn write(&self, out: &mut String, depth: usize) {
        if depth > 8 {
            out.push('1');
            return;
        }
        let d = depth + 1;
        match self {
            Expr::Number(n) => write!(out, "{n}").unwrap(),
            Expr::String(s) => write!(out, "{s:?}").unwrap(),
            Expr::Bool(b) => write!(out, "{b}").unwrap(),
            Expr::Null => out.push_str("null"),
            Expr::Var(n) => write!(out, "var.{}", name(*n)).unwrap(),
            Expr::Local(n) => write!(out, "local.{}", name(*n)).unwrap(),
            Expr::ModuleOutput(m, o) => write!(out, "module.{}.{}", name(*m), name(*o)).unwrap(),
            Expr::List(items) => {
                out.push('[');
                for item in items {
                    item.write(out, d);
                    out.push_str(", ");
                }
                out.push(']');
            }
            Expr::Object(items) => {
                out.push_str("{ ");
                for (key, item) in items {
                    write!(out, "{} = ", name(*key)).unwrap();
                    item.write(out, d);
                    out.push_str(", ");
                }
                out.push('}');
            }
            Expr::Add(a, b) => {
                out.push('(');
                a.write(out, d);
                out.push_str(" + ");
                b.write(out, d);
                out.push(')');
            }
            Expr::Conditional(c, a, b) => {
                out.push('(');
                c.write(out, d);
                out.push_str(" ? ");
                a.write(out, d);
                out.push_str(" : ");
                b.write(out, d);
                out.push(')');
            }
            Expr::For(collection, body, object) => {
                out.push_str(if *object { "{ for k, v in " } else { "[ for k, v in " });
                collection.write(out, d);
                out.push_str(" : ");
                if *object {
                    out.push_str("k => ");
                }
                body.write(out, d);
                out.push_str(if *object { " }" } else { " ]" });
            }
            Expr::Index(a, b) => {
                a.write(out, d);
                out.push('[');
                b.write(out, d);
                out.push(']');
            }
            Expr::Attr(a, n) => {
                a.write(out, d);
                write!(out, ".{}", name(*n)).unwrap();
            }
            Expr::Splat(a, n) => {
                a.write(out, d);
                write!(out, "[*].{}", name(*n)).unwrap();
            }
            Expr::Call(function, args) => {
                let f = format!("{function:?}").to_lowercase();
                write!(out, "{f}(").unwrap();
                for arg in args.iter().take(3) {
                    arg.write(out, d);
                    out.push_str(", ");
                }
                out.push(')');
            }
            Expr::Template(parts) => {
                out.push('"');
                for part in parts {
                    out.push_str("${");
                    part.write(out, d);
                    out.push('}');
                }
                out.push('"');
            }
            Expr::Each => out.push_str("each.value"),
            Expr::CountIndex => out.push_str("count.index"),
        }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }
}

impl Kind {
    fn text(&self) -> &'static str {
        match self {
            Kind::String => "string",
            Kind::Number => "number",
            Kind::Bool => "bool",
            Kind::ListOfString => "list(string)",
            Kind::MapOfNumber => "map(number)",
            Kind::Object => "object({ a = optional(number, 1), b = string })",
            Kind::Any => "any",
        }
    }
}

/// The module's configuration in the native syntax.
fn native(module: &Module, dirs: &[String], own: usize) -> String {
    let mut out = String::new();
    for (n, kind, default) in &module.variables {
        writeln!(out, "variable \"{}\" {{\n  type = {}", name(*n), kind.text()).unwrap();
        if let Some(default) = default {
            writeln!(out, "  default = {}", default.text()).unwrap();
        }
        out.push_str("}\n");
    }
    if !module.locals.is_empty() {
        out.push_str("locals {\n");
        for (n, value) in &module.locals {
            writeln!(out, "  {} = {}", name(*n), value.text()).unwrap();
        }
        out.push_str("}\n");
    }
    for (n, value) in &module.outputs {
        writeln!(out, "output \"{}\" {{\n  value = {}\n}}", name(*n), value.text()).unwrap();
    }
    for call in &module.calls {
        let target = &dirs[usize::from(call.target) % dirs.len()];
        let source = relative(&dirs[own], target);
        writeln!(out, "module \"{}\" {{\n  source = \"{source}\"", name(call.name)).unwrap();
        if let Some((for_each, value)) = &call.repeat {
            let meta = if *for_each { "for_each" } else { "count" };
            writeln!(out, "  {meta} = {}", value.text()).unwrap();
        }
        for (n, value) in &call.arguments {
            writeln!(out, "  {} = {}", name(*n), value.text()).unwrap();
        }
        out.push_str("}\n");
    }
    out
}

/// The same configuration in the JSON syntax: every expression a
/// template string.
fn json(module: &Module, dirs: &[String], own: usize) -> String {
    let template = |e: &Expr| serde_json::Value::String(format!("${{{}}}", e.text()));
    let mut variables = serde_json::Map::new();
    for (n, kind, default) in &module.variables {
        let mut v = serde_json::Map::new();
        v.insert("type".into(), kind.text().into());
        if let Some(default) = default {
            v.insert("default".into(), template(default));
        }
        variables.insert(name(*n).into(), v.into());
    }
    let locals: serde_json::Map<_, _> = module
        .locals
        .iter()
        .map(|(n, e)| (name(*n).to_owned(), template(e)))
        .collect();
    let outputs: serde_json::Map<_, _> = module
        .outputs
        .iter()
        .map(|(n, e)| (name(*n).to_owned(), serde_json::json!({ "value": template(e) })))
        .collect();
    let mut calls = serde_json::Map::new();
    for call in &module.calls {
        let target = &dirs[usize::from(call.target) % dirs.len()];
        let mut c = serde_json::Map::new();
        c.insert("source".into(), relative(&dirs[own], target).into());
        for (n, e) in &call.arguments {
            c.insert(name(*n).into(), template(e));
        }
        calls.insert(name(call.name).into(), c.into());
    }
    serde_json::json!({
        "variable": variables,
        "locals": locals,
        "output": outputs,
        "module": calls,
    })
    .to_string()
}

/// A local source from `from` to `to` (both relative to the root).
fn relative(from: &str, to: &str) -> String {
    let ups = from.split('/').filter(|p| !p.is_empty()).count();
    let mut source = String::from("./");
    for _ in 0..ups {
        source.push_str("../");
    }
    source.push_str(to);
    source
}

fuzz_target!(|tree: Tree| {
    if tree.modules.is_empty() || tree.modules.len() > 6 {
        return;
    }
    let dir = tempfile::tempdir_in("/dev/shm").expect("a scratch directory");
    let dirs: Vec<String> = (0..tree.modules.len())
        .map(|i| if i == 0 { String::new() } else { format!("m{i}") })
        .collect();
    for (i, module) in tree.modules.iter().enumerate() {
        let path = dir.path().join(&dirs[i]);
        std::fs::create_dir_all(&path).unwrap();
        let (file, text) = if module.json {
            ("main.tf.json", json(module, &dirs, i))
        } else {
            ("main.tf", native(module, &dirs, i))
        };
        std::fs::write(path.join(file), text).unwrap();
    }
    support::check_in_both_modes(dir.path());
});
