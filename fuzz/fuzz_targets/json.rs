//! Any text as a module's `main.tf.json`, beside a native child module
//! it may call: parsed, decoded and checked as `validate` and as a plan.
//! Never a panic, and every diagnostic inside its file. Run with
//! `cargo fuzz run json` from `fuzz/` (seed it with `.tf.json` files).

#![no_main]

use libfuzzer_sys::fuzz_target;
use tofu_ide::check::{CheckOptions, check_tree};
use tofu_ide::variable_inputs::VariableInputs;

const CHILD: &str = r#"
variable "a" {
  type    = string
  default = "x"
}
output "b" {
  value = [var.a]
}
"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let dir = tempfile::tempdir_in("/dev/shm").expect("a scratch directory");
    std::fs::write(dir.path().join("main.tf.json"), text).unwrap();
    std::fs::create_dir(dir.path().join("child")).unwrap();
    std::fs::write(dir.path().join("child/main.tf"), CHILD).unwrap();
    for plan in [false, true] {
        let inputs = VariableInputs {
            options: &[],
            working_dir: dir.path(),
            environment: &[],
        };
        let options = CheckOptions {
            plan: plan.then_some(inputs),
            ..CheckOptions::default()
        };
        let report = check_tree(dir.path(), &options).expect("the tree loads");
        for diagnostic in &report.diagnostics {
            if let Some(location) = diagnostic.location {
                let source = report.source(location.file);
                let end: usize = location.range.end().into();
                assert!(end <= source.text.len(), "{diagnostic:?} is past the end");
                assert!(
                    source.text.is_char_boundary(location.range.start().into())
                        && source.text.is_char_boundary(end),
                    "{diagnostic:?} splits a character"
                );
            }
        }
    }
});
