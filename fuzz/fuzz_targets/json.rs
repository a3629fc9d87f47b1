//! Any text as a module's `main.tf.json`, beside a native child module
//! it may call: parsed, decoded and checked as `validate` and as a plan.
//! Never a panic, and every diagnostic inside its file. Run with
//! `cargo fuzz run json` from `fuzz/` (seed it with `.tf.json` files).

#![no_main]

use libfuzzer_sys::fuzz_target;

mod support;

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
    support::check_in_both_modes(dir.path());
});
