//! Variable values: a tfvars file (native or JSON, by the first byte)
//! and a `-var` option, read for a root module whose variables have
//! assorted types, as a plan reads them. Never a panic, and every
//! diagnostic inside its file. Run with `cargo fuzz run tfvars` from
//! `fuzz/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tofu_ide::check::{CheckOptions, check_tree};
use tofu_ide::variable_inputs::{VariableInputs, VariableOption};

const ROOT: &str = r#"
variable "s" {
  type = string
}
variable "n" {
  type    = number
  default = 1
}
variable "l" {
  type    = list(string)
  default = []
}
variable "m" {
  type    = map(any)
  default = {}
}
variable "o" {
  type = object({ a = optional(number, 1), b = optional(list(bool)) })
  default = null
}
variable "secret" {
  type      = string
  default   = "x"
  sensitive = true
}
variable "untyped" {
  default = null
}
variable "checked" {
  type    = number
  default = 0
  validation {
    condition     = var.checked >= 0
    error_message = "Must not be negative."
  }
}
output "all" {
  value = [var.s, var.n, var.l, var.m, var.o, var.untyped, var.checked]
}
"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (file_text, option) = text.split_once('\u{1}').unwrap_or((text, "s=x"));
    let dir = tempfile::tempdir_in("/dev/shm").expect("a scratch directory");
    std::fs::write(dir.path().join("main.tf"), ROOT).unwrap();
    let name = if file_text.starts_with('{') {
        "terraform.tfvars.json"
    } else {
        "terraform.tfvars"
    };
    std::fs::write(dir.path().join(name), file_text).unwrap();
    let options = [VariableOption::Var(option.to_owned())];
    let inputs = VariableInputs {
        options: &options,
        working_dir: dir.path(),
        environment: &[("TF_VAR_n".to_owned(), file_text.chars().take(40).collect())],
    };
    let options = CheckOptions {
        plan: Some(inputs),
        ..CheckOptions::default()
    };
    let report = check_tree(dir.path(), &options).expect("the tree loads");
    for diagnostic in &report.diagnostics {
        if let Some(location) = diagnostic.location {
            let source = report.source(location.file);
            let end: usize = location.range.end().into();
            assert!(end <= source.text.len(), "{diagnostic:?} is past the end");
        }
    }
});
