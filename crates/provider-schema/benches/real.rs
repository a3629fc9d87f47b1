//! What loading each real schema document of `../shared/provider-schemas`
//! costs: `parse` of the whole text, the first access to each of its
//! schemas (resource, data source, ephemeral resource, function), and
//! the costliest first access. Plain timing, no statistics: medians of
//! repeated runs, printed.
//!
//! `cargo bench -p tofu-provider-schema --bench real` (optimised), or
//! with `--profile dev` for an unoptimised build. Nothing is measured
//! where the shared data is absent.

#![allow(clippy::disallowed_methods)] // Benches read their fixtures from the disk.

use std::hint::black_box;
use std::time::{Duration, Instant};

use tofu_provider_schema::{ProviderSchemas, SchemaKind};

const DOCUMENTS: &[&str] = &["docker", "local"];
const RUNS: usize = 51;

fn main() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/provider-schemas"
    );
    for name in DOCUMENTS {
        let path = format!("{dir}/{name}.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("{path} not found: skipped");
            continue;
        };
        let parse = median(|| {
            black_box(ProviderSchemas::parse(black_box(&text)).unwrap());
        });
        let schemas = ProviderSchemas::parse(&text).unwrap();
        let mut count = 0;
        let mut slowest = (Duration::ZERO, String::new());
        let mut total = Duration::ZERO;
        for provider in schemas.providers() {
            let mut names: Vec<(Option<SchemaKind>, &str)> = Vec::new();
            for kind in SchemaKind::ALL {
                names.extend(provider.type_names(kind).map(|n| (Some(kind), n)));
            }
            names.extend(provider.function_names().map(|n| (None, n)));
            for (kind, type_name) in names {
                // Each first access on a freshly parsed document.
                let time = median_with_setup(
                    || ProviderSchemas::parse(&text).unwrap(),
                    |fresh| {
                        let provider = fresh.provider(provider.address()).unwrap();
                        match kind {
                            Some(kind) => {
                                black_box(provider.schema(kind, type_name).unwrap().unwrap());
                            }
                            None => {
                                black_box(provider.function(type_name).unwrap().unwrap());
                            }
                        }
                    },
                );
                count += 1;
                total += time;
                if time > slowest.0 {
                    slowest = (time, type_name.to_owned());
                }
            }
        }
        println!(
            "{name}.json: {} bytes; parse {parse:?}; {count} schemas, first access {total:?} in all, slowest {} {:?}",
            text.len(),
            slowest.1,
            slowest.0
        );
    }
}

fn median(mut f: impl FnMut()) -> Duration {
    median_with_setup(|| (), |()| f())
}

fn median_with_setup<T>(mut setup: impl FnMut() -> T, mut f: impl FnMut(&mut T)) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let mut input = setup();
            let start = Instant::now();
            f(&mut input);
            start.elapsed()
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}
