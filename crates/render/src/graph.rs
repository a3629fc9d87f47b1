//! The dependency graph as a picture: the DOT that `tofu-ide` writes,
//! laid out by `layout-rs` into SVG (cycles stay red, calls dashed), or
//! one self-contained HTML page around that SVG.

use crate::xml;
use layout::{
    backends::svg::SVGWriter,
    gv::{DotParser, GraphBuilder},
};

/// The most vertices laid out: the layout's time grows much faster than
/// the graph (about 50 ms for 150 vertices, 5 s for 900, over a minute
/// for 1,300), so larger graphs are drawn a level up or not at all.
pub const MOST_VERTICES: usize = 600;

/// The vertices of a DOT graph as `tofu-ide` writes it: one line with a
/// label each.
pub fn vertex_count(dot: &str) -> usize {
    dot.lines()
        .filter(|line| line.contains(" [label = "))
        .count()
}

/// The graph laid out as SVG text. A graph of no vertices is an empty
/// picture; one of more than [`MOST_VERTICES`] is an error.
pub fn svg(dot: &str) -> Result<String, String> {
    let vertices = vertex_count(dot);
    if vertices == 0 {
        return Ok(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"40\"><text x=\"10\" y=\"25\">No declarations.</text></svg>"
                .to_owned(),
        );
    }
    if vertices > MOST_VERTICES {
        return Err(format!(
            "the graph has {vertices} vertices, more than the {MOST_VERTICES} that are laid out"
        ));
    }
    // layout-rs knows top-to-bottom and left-to-right only; "RL" would
    // fall back to top-to-bottom, one very wide row per rank.
    let dot = with_module_labels(&dot.replacen("rankdir = \"RL\"", "rankdir = \"LR\"", 1));
    let graph = DotParser::new(&dot)
        .process()
        .map_err(|err| format!("the graph's DOT: {err}"))?;
    let mut builder = GraphBuilder::new();
    builder.visit_graph(&graph);
    let mut visual = builder.get();
    let mut writer = SVGWriter::new();
    visual.do_it(false, false, false, &mut writer);
    Ok(writer.finalize())
}

/// The labels of declarations in a called module prefixed with its
/// directory: layout-rs draws no clusters, and `var.name` alone would be
/// ambiguous across modules.
fn with_module_labels(dot: &str) -> String {
    let mut module = None;
    let mut out = String::with_capacity(dot.len() + dot.len() / 4);
    for line in dot.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("subgraph ") {
            module = None;
        } else if module.is_none()
            && let Some(label) = trimmed
                .strip_prefix("label = \"")
                .and_then(|rest| rest.strip_suffix("\";"))
        {
            module = Some(label.to_owned());
        } else if let Some(dir) = module.as_deref().filter(|dir| *dir != ".")
            && let Some((head, label)) = line.split_once(" [label = \"")
            && !label.starts_with("module ")
        {
            out.push_str(&format!("{head} [label = \"{dir}: {label}\n"));
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// One page: a title, a note (what was drawn, when it is not the whole
/// graph), a legend and the picture. No scripts, no network.
pub fn html(svg: &str, title: &str, note: Option<&str>) -> String {
    let svg = svg
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>")
        .unwrap_or(svg);
    let note = note.map_or(String::new(), |note| {
        format!("<p>{}</p>\n", xml::content(note))
    });
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title>\n<style>body{{font-family:sans-serif;margin:2em}}.legend span{{margin-right:2em}}svg{{max-width:100%;height:auto}}</style></head>\n<body><h1>{title}</h1>\n{note}<p class=\"legend\"><span>an arrow: refers to</span><span>dashed: a module call and the module it calls</span><span style=\"color:#d00\">red: on a dependency cycle</span></p>\n{svg}\n</body></html>\n",
        title = xml::content(title),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const CYCLE: &str = r#"digraph {
  rankdir = "RL";
  subgraph "cluster_0" {
    label = ".";
    ".:module" [label = "module .", shape = box];
    ".:local.a" [label = "local.a", color = red];
    ".:local.b" [label = "local.b", color = red];
    ".:output.x" [label = "output.x"];
    ".:local.a" -> ".:local.b" [color = red];
    ".:local.b" -> ".:local.a" [color = red];
    ".:output.x" -> ".:local.a";
  }
}
"#;

    #[test]
    fn a_graph_is_laid_out_with_its_cycle_in_red() {
        assert_eq!(vertex_count(CYCLE), 4);
        let svg = svg(CYCLE).unwrap();
        for label in ["module .", "local.a", "local.b", "output.x"] {
            assert!(svg.contains(label), "{label} in {svg}");
        }
        // Two red vertices and two red edges.
        assert_eq!(svg.matches("stroke=\"#ff0000ff\"").count(), 4, "{svg}");
        let page = html(&svg, "Dependencies of .", None);
        assert!(page.starts_with("<!DOCTYPE html>") && page.contains("<svg"));
        assert!(!page.contains("<?xml"));
    }

    #[test]
    fn declarations_of_called_modules_are_named_with_their_directory() {
        let dot = "digraph {\n  subgraph \"cluster_1\" {\n    label = \"modules/net\";\n    \"modules/net:module\" [label = \"module modules/net\", shape = box];\n    \"modules/net:var.cidr\" [label = \"var.cidr\"];\n  }\n}\n";
        let svg = svg(dot).unwrap();
        assert!(svg.contains("modules/net: var.cidr"), "{svg}");
        assert!(svg.contains("module modules/net"), "{svg}");
        assert!(!svg.contains("modules/net: module"), "{svg}");
    }

    #[test]
    fn empty_and_oversized_graphs() {
        assert!(svg("digraph {\n}\n").unwrap().contains("No declarations."));
        let mut big = String::from("digraph {\n");
        for i in 0..=MOST_VERTICES {
            big.push_str(&format!("  \"{i}\" [label = \"{i}\"];\n"));
        }
        big.push_str("}\n");
        let err = svg(&big).unwrap_err();
        assert!(err.contains("601 vertices"), "{err}");
    }
}
