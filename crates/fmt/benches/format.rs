//! Formatting throughput: every native file of the shared corpus (or the
//! bundled examples when it is not there), formatted in one process on
//! one thread. `cargo bench -p tofu-fmt`, or with `-- --quick`.
//!
//! `parse` is the part of it that checks for syntax errors, for scale.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::{
    fs,
    hint::black_box,
    path::{Path, PathBuf},
};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");
const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");

fn benches(c: &mut Criterion) {
    let texts = load_inputs();
    let bytes = texts.iter().map(|text| text.len() as u64).sum();
    let mut group = c.benchmark_group("fmt");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("format", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(tofu_fmt::format(black_box(text)).unwrap());
            }
        })
    });
    group.bench_function("parse", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(tofu_syntax::parse(
                    black_box(text),
                    tofu_syntax::SourceKind::Native,
                ));
            }
        })
    });
    group.finish();
}

fn load_inputs() -> Vec<String> {
    let root = if Path::new(CORPUS).is_dir() {
        CORPUS
    } else {
        eprintln!("{CORPUS} not found, benchmarking the bundled examples instead");
        EXAMPLES
    };
    let mut paths = Vec::new();
    collect(Path::new(root), &mut paths);
    paths.sort();
    let texts: Vec<String> = paths
        .iter()
        .filter_map(|path| fs::read_to_string(path).ok())
        .filter(|text| tofu_fmt::format(text).is_ok())
        .collect();
    let bytes: usize = texts.iter().map(String::len).sum();
    eprintln!("formatting {} files, {bytes} bytes", texts.len());
    assert!(!texts.is_empty(), "no input under {root}");
    texts
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            collect(&path, out);
        } else if tofu_fmt::EXTENSIONS.iter().any(|ext| name.ends_with(ext)) {
            out.push(path);
        }
    }
}

criterion_group!(group, benches);
criterion_main!(group);
