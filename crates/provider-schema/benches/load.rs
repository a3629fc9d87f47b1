//! Loading a large provider schema document: what `parse` costs, and what
//! the first access to one resource type costs after it.
//!
//! `cargo bench -p tofu-provider-schema --bench load`, or with `-- --quick`.
//! The document is made at setup, about the size of the AWS provider's
//! (~30 MB): the resource schemas of `../shared/provider-schemas/docker.json`
//! copied under generated names until it is that large (a small schema of
//! its own when the shared data is absent).
//!
//! - `load/parse`: the whole document read, every schema kept as text.
//! - `load/parse+decode-all`: the same, then every schema decoded: what
//!   reading everything up front would cost.
//! - `first-access/docker_container`: decoding one resource's schema on
//!   first access (its cost does not depend on the document's size, so it
//!   is measured on a document of that provider alone, parsed at setup).

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use serde_json::Value;
use tofu_provider_schema::{ProviderSchemas, SchemaKind};

const DOCKER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/provider-schemas/docker.json"
);
const DOCKER_ADDRESS: &str = "registry.terraform.io/kreuzwerker/docker";
const SYNTHETIC_ADDRESS: &str = "registry.opentofu.org/synthetic/large";
const TARGET_SIZE: usize = 30 << 20;

/// A stand-in for docker.json where `../shared` is absent.
const FALLBACK: &str = r#"{"format_version":"1.0","provider_schemas":{
  "registry.terraform.io/kreuzwerker/docker":{"resource_schemas":{"docker_container":{"version":2,"block":{
    "attributes":{"name":{"type":"string","required":true},"env":{"type":["set","string"],"optional":true},
      "ports":{"nested_type":{"nesting_mode":"list","attributes":{"internal":{"type":"number","required":true}}},"optional":true}},
    "block_types":{"mounts":{"nesting_mode":"set","block":{"attributes":{"target":{"type":"string","required":true},
      "options":{"type":["object",{"a":"bool","b":["map","string"]},["b"]],"optional":true}}}}}}}}}}}"#;

fn benches(c: &mut Criterion) {
    let docker = std::fs::read_to_string(DOCKER).unwrap_or_else(|_| {
        eprintln!("{DOCKER} not found, replicating a small schema instead");
        FALLBACK.to_owned()
    });
    let large = synthetic_document(&docker, TARGET_SIZE);
    let resource_count = ProviderSchemas::parse(&large)
        .unwrap()
        .provider(SYNTHETIC_ADDRESS)
        .unwrap()
        .resource_types()
        .len();
    eprintln!(
        "synthetic document: {} bytes, {resource_count} resource types",
        large.len()
    );

    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| ProviderSchemas::parse(black_box(&large)).unwrap())
    });
    group.bench_function("parse+decode-all", |b| {
        b.iter(|| {
            let schemas = ProviderSchemas::parse(black_box(&large)).unwrap();
            decode_all(&schemas);
            schemas
        })
    });
    group.finish();

    let mut group = c.benchmark_group("first-access");
    group.bench_function("docker_container", |b| {
        b.iter_batched_ref(
            || ProviderSchemas::parse(&docker).unwrap(),
            |schemas| {
                let provider = schemas.provider(DOCKER_ADDRESS).unwrap();
                let schema = provider.resource("docker_container").unwrap().unwrap();
                black_box(schema.block.attributes.len());
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn decode_all(schemas: &ProviderSchemas) {
    for provider in schemas.providers() {
        for kind in SchemaKind::ALL {
            for name in provider.type_names(kind) {
                black_box(provider.schema(kind, name).unwrap().unwrap());
            }
        }
    }
}

/// One provider whose resource types are docker's, each copied under
/// names `NAME_0`, `NAME_1`... until the document is `size` bytes.
fn synthetic_document(docker: &str, size: usize) -> String {
    let document: Value = serde_json::from_str(docker).unwrap();
    let resources = &document["provider_schemas"][DOCKER_ADDRESS]["resource_schemas"];
    let resources: Vec<(String, String)> = resources
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, schema)| (name.clone(), schema.to_string()))
        .collect();
    let mut out = format!(
        r#"{{"format_version":"1.0","provider_schemas":{{"{SYNTHETIC_ADDRESS}":{{"resource_schemas":{{"#
    );
    let mut copy = 0;
    'fill: loop {
        for (name, schema) in &resources {
            if out.len() >= size {
                break 'fill;
            }
            if !out.ends_with('{') {
                out.push(',');
            }
            write!(out, r#""{name}_{copy}":{schema}"#).unwrap();
        }
        copy += 1;
    }
    out.push_str("}}}}");
    out
}

criterion_group!(group, benches);
criterion_main!(group);
