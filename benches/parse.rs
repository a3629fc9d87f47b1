//! Lexing and parsing throughput of the native syntax.
//!
//! `cargo bench --bench parse`, or `cargo bench --bench parse -- --quick`
//! for a fast look. The input is every `.tf`, `.tofu` and `.tfvars` file of
//! the shared corpus, less those that either parser rejects: each group
//! measures the same bytes, so their throughputs compare. hcl-edit is the
//! reference, measured in the same run, and a flat tree of the same tokens
//! shows what building any rowan tree costs.

use std::{
    fs,
    hint::black_box,
    path::{Path, PathBuf},
};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tofu_syntax::{SourceKind, native};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");
/// Used when the corpus is not there, so the bench still runs.
const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");

fn benches(c: &mut Criterion) {
    let texts = load_inputs();
    let bytes = texts.iter().map(|text| text.len() as u64).sum();
    bench_lex(c, &texts, bytes);
    bench_parse(c, &texts, bytes);
    bench_flat_tree(c, &texts, bytes);
}

fn bench_lex(c: &mut Criterion, texts: &[String], bytes: u64) {
    let mut group = c.benchmark_group("lex");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("tofu-syntax", |b| {
        b.iter(|| {
            for text in texts {
                black_box(native::lex(black_box(text)));
            }
        })
    });
    group.finish();
}

fn bench_parse(c: &mut Criterion, texts: &[String], bytes: u64) {
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("tofu-syntax", |b| {
        b.iter(|| {
            for text in texts {
                black_box(tofu_syntax::parse(black_box(text), SourceKind::Native));
            }
        })
    });
    group.bench_function("hcl-edit", |b| {
        b.iter(|| {
            for text in texts {
                let _ = black_box(hcl_edit::parser::parse_body(black_box(text)));
            }
        })
    });
    group.finish();
}

/// The floor under any lossless rowan tree: lexing, then every token under
/// one root node, with no parsing and no other nodes.
fn bench_flat_tree(c: &mut Criterion, texts: &[String], bytes: u64) {
    let mut group = c.benchmark_group("lex-and-flat-tree");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("rowan", |b| {
        b.iter(|| {
            for text in texts {
                let mut builder = rowan::GreenNodeBuilder::new();
                builder.start_node(tofu_syntax::SyntaxKind::SOURCE_FILE.into());
                let mut offset = 0;
                for token in native::lex(black_box(text)) {
                    let end = offset + token.len as usize;
                    builder.token(token.kind.into(), &text[offset..end]);
                    offset = end;
                }
                builder.finish_node();
                black_box(builder.finish());
            }
        })
    });
    group.finish();
}

/// The texts both parsers accept, in a stable order.
fn load_inputs() -> Vec<String> {
    let root = if Path::new(CORPUS).is_dir() {
        CORPUS
    } else {
        eprintln!("{CORPUS} not found, benchmarking the bundled examples instead");
        EXAMPLES
    };
    let mut paths = Vec::new();
    collect_native_files(Path::new(root), &mut paths);
    paths.sort();

    let total = paths.len();
    let texts = paths
        .iter()
        .filter_map(|path| fs::read_to_string(path).ok());
    let accepted: Vec<String> = texts
        .into_iter()
        .filter(|text| both_parsers_accept(text))
        .collect();
    let bytes: usize = accepted.iter().map(String::len).sum();
    eprintln!(
        "benchmarking {} of {total} files, {bytes} bytes",
        accepted.len()
    );
    if accepted.len() < total {
        eprintln!("the others are not UTF-8 or a parser rejects them");
    }
    assert!(!accepted.is_empty(), "no input under {root}");
    accepted
}

fn both_parsers_accept(text: &str) -> bool {
    hcl_edit::parser::parse_body(text).is_ok()
        && tofu_syntax::parse(text, SourceKind::Native)
            .errors()
            .is_empty()
}

fn collect_native_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_native_files(&path, out);
        } else if is_native(&path) {
            out.push(path);
        }
    }
}

fn is_native(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|ext| ext.to_str()),
        Some("tf" | "tofu" | "tfvars")
    )
}

criterion_group!(parse, benches);
criterion_main!(parse);
