//! Synthetic, valid module trees for benchmarks (`cargo xtask gen-tree`,
//! `tofu-analyzer bench --scale`, the criterion benches and the tests).
//!
//! Module 0 is the root, at OUT itself; module `k > 0` lives in
//! `OUT/modules/mKKKK` and is called by module `(k - 1) / BRANCH`, so the
//! calls form a tree about `log(BRANCH, N)` levels deep. Some leaves get a
//! second caller, which makes the graph a DAG while keeping the number of
//! module instances close to N. Every module's text is varied by a generator
//! seeded with its index, so the output depends on N alone.

// Writing the tree its caller asked for is this crate's job.
#![allow(clippy::disallowed_methods)]

use std::{
    fmt::Write as _,
    fs,
    io::{self, Write as _},
    path::{Path, PathBuf},
};

const BRANCH: usize = 3;

/// What [`write_tree`] wrote.
pub struct Written {
    pub files: usize,
    pub bytes: usize,
}

/// Writes the tree of `modules` modules into `out`, which must not exist
/// or be empty.
pub fn write_tree(out: &Path, modules: usize) -> Result<Written, String> {
    ensure_empty(out).map_err(|err| format!("{}: {err}", out.display()))?;
    let files = generate(modules);
    let mut bytes = 0;
    for (path, text) in &files {
        let path = out.join(path);
        write_new(&path, text).map_err(|err| format!("{}: {err}", path.display()))?;
        bytes += text.len();
    }
    Ok(Written {
        files: files.len(),
        bytes,
    })
}

/// Creates `dir` unless it exists with something in it: the tool never
/// writes over or deletes what is already there.
fn ensure_empty(dir: &Path) -> io::Result<()> {
    match fs::read_dir(dir) {
        Ok(mut entries) => match entries.next() {
            None => Ok(()),
            Some(_) => Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "refusing to write into a non-empty directory; remove it or pick another",
            )),
        },
        Err(err) if err.kind() == io::ErrorKind::NotFound => fs::create_dir_all(dir),
        Err(err) => Err(err),
    }
}

fn write_new(path: &Path, text: &str) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(text.as_bytes())
}

/// The files of the tree, as paths relative to OUT and their text.
fn generate(modules: usize) -> Vec<(PathBuf, String)> {
    let calls = call_graph(modules);
    let mut files = Vec::new();
    for (index, callees) in calls.iter().enumerate() {
        let module = Module::new(index, callees);
        let dir = if index == 0 {
            PathBuf::new()
        } else {
            PathBuf::from("modules").join(name(index))
        };
        for (file, text) in module.files() {
            files.push((dir.join(file), text));
        }
    }
    files
}

/// For each module, the modules it calls.
fn call_graph(modules: usize) -> Vec<Vec<usize>> {
    let is_leaf = |index: usize| BRANCH * index + 1 >= modules;
    let mut calls = vec![Vec::new(); modules];
    for index in 1..modules {
        let parent = (index - 1) / BRANCH;
        calls[parent].push(index);
        // Only leaves are shared, so the instance count stays linear.
        if is_leaf(index) && index % 5 == 0 && parent > 0 {
            calls[parent - 1].push(index);
        }
    }
    calls
}

fn name(index: usize) -> String {
    format!("m{index:04}")
}

/// SplitMix64: tiny, deterministic and good enough to vary the text.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `low..=high`.
    fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.next() as usize % items.len()]
    }
}

/// Replaces each `@key@` in `template` by its value.
fn fill(template: &str, values: &[(&str, String)]) -> String {
    let mut text = template.to_owned();
    for (key, value) in values {
        text = text.replace(&format!("@{key}@"), value);
    }
    text
}

struct Module<'a> {
    index: usize,
    callees: &'a [usize],
    rng: Rng,
}

impl<'a> Module<'a> {
    fn new(index: usize, callees: &'a [usize]) -> Self {
        Module {
            index,
            callees,
            rng: Rng(index as u64),
        }
    }

    fn is_root(&self) -> bool {
        self.index == 0
    }

    fn has_template(&self) -> bool {
        self.index.is_multiple_of(3)
    }

    fn files(mut self) -> Vec<(&'static str, String)> {
        let mut files = vec![
            ("variables.tf", self.variables()),
            ("main.tf", self.main()),
            ("outputs.tf", self.outputs()),
        ];
        if self.has_template() {
            files.push(("templates/config.tftpl", TEMPLATE.to_owned()));
        }
        if self.is_root() {
            files.push(("versions.tf", VERSIONS.to_owned()));
            files.push(("terraform.tfvars", TFVARS.to_owned()));
        }
        files
    }

    fn variables(&mut self) -> String {
        let ports = self
            .rng
            .pick(&["[80, 443]", "[8080]", "[22, 80, 443]", "[]"]);
        let replicas = self.rng.range(1, 3).to_string();
        let name_default = if self.is_root() {
            "\n  default     = \"bench\"".to_owned()
        } else {
            String::new()
        };
        fill(
            VARIABLES,
            &[
                ("ports", ports.to_owned()),
                ("replicas", replicas),
                ("name_default", name_default),
            ],
        )
    }

    fn main(&mut self) -> String {
        let mut text = self.locals();
        text.push_str(&fill(
            RESOURCES,
            &[("lifecycle", self.lifecycle().to_owned())],
        ));
        let callees = self.callees;
        for (position, &callee) in callees.iter().enumerate() {
            text.push('\n');
            text.push_str(&self.module_call(position, callee));
        }
        text
    }

    fn locals(&mut self) -> String {
        let mut text = fill(
            LOCALS,
            &[
                ("name", name(self.index)),
                ("depth", depth(self.index).to_string()),
                ("factor", self.rng.range(2, 5).to_string()),
                ("threshold", self.rng.range(0, 4).to_string()),
            ],
        );
        let extras = self.rng.range(2, 6);
        for extra in 0..extras {
            let expr = fill(
                self.rng.pick(EXTRAS),
                &[("n", self.rng.range(1, 200).to_string())],
            );
            // Padded like `terraform fmt` aligns the block's `=`.
            let _ = writeln!(text, "  {:<8} = {expr}", format!("extra_{extra}"));
        }
        if self.has_template() {
            text.push_str(RENDERED);
        }
        text.push_str("}\n");
        text
    }

    fn lifecycle(&mut self) -> &'static str {
        self.rng.pick(&[
            "create_before_destroy = true",
            "ignore_changes = [input]",
            "prevent_destroy = false",
        ])
    }

    fn module_call(&mut self, position: usize, callee: usize) -> String {
        let source = if self.is_root() { "./modules" } else { ".." };
        let count = if is_counted(callee) { COUNT } else { "" };
        let depends_on = if position % 2 == 1 { DEPENDS_ON } else { "" };
        fill(
            MODULE_CALL,
            &[
                ("name", name(callee)),
                ("source", format!("{source}/{}", name(callee))),
                ("count", count.to_owned()),
                ("position", position.to_string()),
                ("replicas", self.rng.range(0, 3).to_string()),
                ("offset", self.rng.range(0, 1000).to_string()),
                ("zone", self.rng.pick(&["a", "b", "c"]).to_owned()),
                ("depends_on", depends_on.to_owned()),
            ],
        )
    }

    fn outputs(&self) -> String {
        let mut text = OUTPUTS.to_owned();
        if self.callees.is_empty() {
            return text;
        }
        text.push_str("\noutput \"children\" {\n  value = {\n");
        for &callee in self.callees {
            // A counted call is a list of instances: splat it.
            let splat = if is_counted(callee) { "[*]" } else { "" };
            let callee = name(callee);
            let _ = writeln!(text, "    {callee} = module.{callee}{splat}.summary");
        }
        text.push_str("  }\n}\n");
        text
    }
}

/// Whether calls of this module have `count`, so some calls are lists.
fn is_counted(index: usize) -> bool {
    index % 4 == 1
}

/// How many calls separate a module from the root along its first caller.
fn depth(mut index: usize) -> usize {
    let mut depth = 0;
    while index > 0 {
        index = (index - 1) / BRANCH;
        depth += 1;
    }
    depth
}

const VERSIONS: &str = r#"terraform {
  required_version = ">= 1.6.0"
}
"#;

const TFVARS: &str = r#"name = "bench"

settings = {
  replicas = 2
  labels   = { env = "bench", tier = "web" }
  ports    = [80, 443]
  owner    = { team = "platform" }
}

items = {
  alpha = { size = 3, zone = "a", tags = ["x", "y"] }
  beta  = { size = 5 }
  gamma = { size = 8, zone = "c" }
}
"#;

const VARIABLES: &str = r#"variable "name" {
  type        = string
  description = "Prefix of every name in this module."@name_default@

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*$", var.name))
    error_message = "The name must be lower-case letters, digits and dashes."
  }
}

variable "settings" {
  type = object({
    enabled  = optional(bool, true)
    replicas = optional(number, @replicas@)
    labels   = optional(map(string), {})
    ports    = optional(list(number), @ports@)
    owner = optional(object({
      team  = string
      email = optional(string)
    }))
  })
  default = {}

  validation {
    condition     = var.settings.replicas >= 0 && var.settings.replicas <= 10
    error_message = "Between 0 and 10 replicas, please."
  }
}

variable "items" {
  type = map(object({
    size = number
    zone = optional(string, "a")
    tags = optional(set(string), [])
  }))
  default = {}
}
"#;

const LOCALS: &str = r#"locals {
  prefix   = lower(format("%s-%s", var.name, "@name@"))
  replicas = var.settings.enabled ? var.settings.replicas : 0
  labels   = merge({ module = "@name@", depth = "@depth@" }, var.settings.labels)
  zones    = distinct([for item in values(var.items) : item.zone])
  sizes    = { for key, item in var.items : key => item.size * @factor@ if item.size > @threshold@ }
  ports    = [for port in var.settings.ports : tostring(port)]
  owner    = try(var.settings.owner.team, "unowned")
  summary  = "${local.prefix}: ${length(var.items)} items, ${local.replicas} replicas, owned by ${local.owner}"
  banner   = <<-EOT
    Module ${local.prefix} at depth @depth@
    %{~for zone in local.zones}
    zone ${zone}
    %{~endfor}
  EOT
"#;

/// Expressions for the `extra_N` locals; `@n@` is a small number.
const EXTRAS: &[&str] = &[
    r#"cidrsubnet("10.0.0.0/8", 8, @n@)"#,
    r#"jsonencode({ name = local.prefix, ports = local.ports })"#,
    r#"try(var.settings.owner.email, "nobody")"#,
    r#"replace(local.prefix, "-", "_")"#,
    r#"max(0, local.replicas - 1, @n@ % 7)"#,
    r#"contains(local.zones, "a") ? "has-a" : "no-a""#,
    r#"sort(keys(local.sizes))"#,
    r#"flatten([for key, item in var.items : [for tag in item.tags : "${key}:${tag}"]])"#,
    r#"zipmap(keys(local.sizes), values(local.sizes))"#,
    r#"sha256(local.summary)"#,
    r#"formatlist("%s-z@n@", local.zones)"#,
    r#"concat(local.ports, ["@n@"])"#,
    r#"length(local.zones) > 0 ? element(local.zones, 0) : "none""#,
    r#"ceil(@n@ / 3) + floor(local.replicas / 2)"#,
    r#"{ for index, port in local.ports : port => index * @n@ }"#,
    r#"lookup(local.labels, "tier", "default")"#,
    r#"join(", ", [for key, size in local.sizes : "${upper(key)}=${size}"])"#,
    r#"coalesce(lookup(var.settings.labels, "env", ""), "dev")"#,
];

const RENDERED: &str = r#"  rendered = templatefile("${path.module}/templates/config.tftpl", { name = local.prefix, ports = local.ports })
"#;

const TEMPLATE: &str = r#"# ${name}
%{ for port in ports ~}
listen ${port}
%{ endfor ~}
"#;

const RESOURCES: &str = r#"
resource "terraform_data" "replica" {
  count = local.replicas

  input = {
    name   = format("%s-%02d", local.prefix, count.index)
    ports  = local.ports
    labels = local.labels
  }

  lifecycle {
    @lifecycle@
  }
}

resource "terraform_data" "item" {
  for_each = var.items

  input = {
    key  = each.key
    size = each.value.size
    zone = upper(each.value.zone)
    tags = join(",", sort(each.value.tags))
  }

  triggers_replace = [lookup(local.sizes, each.key, 0)]

  depends_on = [terraform_data.replica]
}
"#;

const MODULE_CALL: &str = r#"module "@name@" {
  source = "@source@"
@count@
  name = "${local.prefix}-c@position@"
  settings = {
    replicas = @replicas@
    labels   = local.labels
    ports    = [for port in var.settings.ports : port + @offset@]
    owner    = { team = local.owner }
  }
  items = { for key, size in local.sizes : "${key}-x" => { size = size, zone = "@zone@" } }
@depends_on@}
"#;

const COUNT: &str = "  count  = var.settings.enabled ? 1 : 0\n";

const DEPENDS_ON: &str = "\n  depends_on = [terraform_data.replica]\n";

const OUTPUTS: &str = r#"output "summary" {
  description = "One line about this module."
  value       = local.summary
}

output "replica_ids" {
  value = terraform_data.replica[*].id
}

output "first_replica" {
  value = length(terraform_data.replica) > 0 ? terraform_data.replica[0].output.name : null
}

output "items" {
  value = { for key, item in terraform_data.item : key => item.output }
}

output "banner" {
  value = local.banner
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_but_the_root_is_called() {
        let calls = call_graph(40);
        let mut called = [false; 40];
        for (caller, callees) in calls.iter().enumerate() {
            for &callee in callees {
                assert!(
                    caller < callee,
                    "calls go to higher indices, so there is no cycle"
                );
                called[callee] = true;
            }
        }
        assert_eq!(called.iter().filter(|&&called| !called).count(), 1);
    }

    #[test]
    fn output_is_deterministic() {
        assert_eq!(generate(20), generate(20));
    }
}
