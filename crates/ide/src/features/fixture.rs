//! Fixtures for feature tests, in rust-analyzer's style: files given as
//! `//- path` headers followed by their text, one `$0` marking the
//! cursor. The files are written to a directory of their own and loaded
//! as a tree, with a `schemas.json` among them as provider schemas.

#![allow(clippy::disallowed_methods)] // tests write their trees

use std::{
    path::PathBuf,
    sync::atomic::{AtomicUsize, Ordering},
};

use tofu_syntax::TextSize;

use crate::{analysis::Analysis, check::CheckOptions, host::AnalysisHost};

pub(crate) struct Fixture {
    pub host: AnalysisHost,
    /// The file with the cursor, and the cursor's offset in it.
    pub path: String,
    pub offset: TextSize,
    dir: PathBuf,
}

impl Fixture {
    pub fn analysis(&self) -> Analysis {
        self.host.analysis()
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) fn fixture(text: &str) -> Fixture {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tofu-ide-fixture-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut cursor = None;
    let text = if text.trim_start().starts_with("//-") {
        text.to_owned()
    } else {
        format!("//- main.tf\n{text}")
    };
    for chunk in text.split("//- ").skip(1) {
        let (path, body) = chunk.split_once('\n').unwrap();
        let path = path.trim();
        let body = match body.find("$0") {
            Some(at) => {
                cursor = Some((path.to_owned(), TextSize::from(at as u32)));
                body.replacen("$0", "", 1)
            }
            None => body.to_owned(),
        };
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, body).unwrap();
    }
    // A `schemas.json` file is a provider schemas document to load.
    let schemas: Vec<PathBuf> = Some(dir.join("schemas.json"))
        .filter(|path| path.is_file())
        .into_iter()
        .collect();
    let options = CheckOptions {
        provider_schemas: &schemas,
        ..CheckOptions::default()
    };
    let host = AnalysisHost::load(&dir, &options).unwrap();
    let (path, offset) = cursor.unwrap_or_default();
    Fixture {
        host,
        path,
        offset,
        dir,
    }
}

/// The text of `range` in the file at `path`, for readable expectations.
pub(crate) fn snippet(analysis: &Analysis, path: &str, range: tofu_syntax::TextRange) -> String {
    let text = analysis.file_text(path).unwrap();
    text[range].to_owned()
}

/// Two modules: the root calls `./net` as `net`.
pub(crate) const TREE: &str = r#"
//- main.tf
variable "region" {
  type    = string
  default = "eu-west-1"
}

locals {
  zone = "${var.region}a"
}

module "net" {
  source = "./net"
  cidr   = "10.0.0.0/16"
}

output "first" {
  value = module.net.first
}
//- net/main.tf
variable "cidr" {
  type = string
}

output "first" {
  value = cidrsubnet(var.cidr, 8, 0)
}
"#;

/// [`TREE`] with the cursor at `path:text` (the first `text` in
/// the file `path`).
pub(crate) fn with_cursor(at: &str) -> String {
    let (path, needle) = at.split_once(':').unwrap();
    let marker = format!("//- {path}\n");
    let start = TREE.find(&marker).unwrap() + marker.len();
    let offset = start + TREE[start..].find(needle).unwrap();
    format!("{}$0{}", &TREE[..offset], &TREE[offset..])
}
