//! `check -json` on each tree under `tests/fixtures/parity/`, one test per
//! tree, against `tests/expected/parity/TREE.json`: the output `tofu
//! validate -json` gives for it (recorded once from the real tool, never
//! from this one). Ours must be the same byte for byte, snippets and
//! context ranges included.

use std::{path::Path, process::Command};

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

fn parity_case(expected: &Path) -> datatest_stable::Result<()> {
    let name = expected.file_stem().expect("TREE.json");
    let tree = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/parity")
        .join(name);
    let output = Command::new(BIN)
        .args(["check", "-json"])
        .current_dir(&tree)
        .env_remove("NO_COLOR")
        .output()?;
    let want = std::fs::read_to_string(expected)?;
    let got = String::from_utf8(output.stdout)?;
    assert!(
        got == want,
        "differs from {}:\n{}",
        expected.display(),
        tofu_fmt::unified_diff(&want, &got, "validate.json")
    );
    assert_eq!(output.status.code(), Some(1), "the tree has errors");
    Ok(())
}

datatest_stable::harness! {
    { test = parity_case, root = "tests/expected/parity", pattern = r"^[^/]+\.json$" },
}
