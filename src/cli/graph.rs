//! `tofu-analyzer graph [DIR]`: the dependency graph on stdout, as DOT or
//! laid out as an SVG picture or an HTML page.

use std::process::ExitCode;

use tofu_ide::{check::CheckOptions, host::AnalysisHost};

use tofu_render::graph;

use super::{
    FAILURE,
    args::{GraphArgs, GraphFormat},
    print_stdout,
};

pub fn run(args: GraphArgs) -> ExitCode {
    if !args.dir.is_dir() {
        eprintln!("error: {}: not a directory", args.dir.display());
        return ExitCode::from(FAILURE);
    }
    let host = match AnalysisHost::load(&args.dir, &CheckOptions::default()) {
        Ok(host) => host,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(FAILURE);
        }
    };
    let analysis = host.analysis();
    let dot = analysis
        .graph_dot()
        .expect("nothing changes the host while it answers");
    let out = match args.format {
        GraphFormat::Dot => dot,
        GraphFormat::Svg | GraphFormat::Html => {
            let vertices = graph::vertex_count(&dot);
            let (dot, note) = if vertices <= graph::MOST_VERTICES {
                (dot, None)
            } else {
                let modules = analysis
                    .module_graph_dot()
                    .expect("nothing changes the host while it answers");
                let note = format!(
                    "The graph has {vertices} vertices, too many to lay out: drawn are the modules and their calls (the whole graph: --format dot)."
                );
                eprintln!("note: {note}");
                (modules, Some(note))
            };
            let svg = match graph::svg(&dot) {
                Ok(svg) => svg,
                Err(err) => {
                    eprintln!("error: {err}; use --format dot");
                    return ExitCode::from(FAILURE);
                }
            };
            match args.format {
                GraphFormat::Html => graph::html(
                    &svg,
                    &format!("Dependencies of {}", args.dir.display()),
                    note.as_deref(),
                ),
                _ => svg,
            }
        }
    };
    match print_stdout(out.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
