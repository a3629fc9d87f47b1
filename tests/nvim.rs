//! A real editor as the client: Neovim, headless, with its built-in LSP
//! client, runs `tests/fixtures/lsp-nvim/session.lua` against
//! `tofu-analyzer lsp` on `tests/fixtures/lsp`. Skips with a message where
//! `nvim` is missing, but fails under CI (`CI=true`), which installs it.

use std::{path::Path, process::Command};

#[path = "support/shared.rs"]
mod shared;

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

fn lua_string(text: &str) -> String {
    format!("{text:?}")
}

#[test]
fn neovim_diagnostics_hover_definition_rename() {
    let available = Command::new("nvim")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !shared::tool_found("nvim", available) {
        return;
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("tests/fixtures/lsp");
    let script = manifest.join("tests/fixtures/lsp-nvim/session.lua");
    let out = std::env::temp_dir().join(format!("tofu-nvim-{}.txt", std::process::id()));
    let setup = format!(
        "lua BIN = {}; ROOT = {}; OUT = {}",
        lua_string(BIN),
        lua_string(&root.display().to_string()),
        lua_string(&out.display().to_string()),
    );
    let status = Command::new("nvim")
        .args(["--headless", "--clean", "-n", "-i", "NONE"])
        .args(["-c", &setup])
        .args(["-c", &format!("luafile {}", script.display())])
        .status()
        .expect("nvim runs");
    #[allow(clippy::disallowed_methods)]
    let results = std::fs::read_to_string(&out).expect("the script wrote its results");
    #[allow(clippy::disallowed_methods)]
    let _ = std::fs::remove_file(&out);
    eprintln!("{results}");
    assert!(status.success(), "nvim failed: {results}");
    let get = |key: &str| {
        results
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("no {key} in:\n{results}"))
            .to_owned()
    };
    assert!(!results.contains("error="), "{results}");
    assert_eq!(get("started"), "true");
    assert_eq!(get("diagnostics"), "1", "{results}");
    assert_eq!(get("diagnostic_line"), "7", "{results}");
    assert_eq!(
        get("diagnostic_message"),
        "Reference to undeclared input variable"
    );
    assert_eq!(get("cleared"), "true", "{results}");
    assert!(get("hover").contains("variable \"region\""), "{results}");
    assert!(get("hover").contains("Where everything runs."), "{results}");
    assert_eq!(get("definition"), "net/main.tf:4", "{results}");
    assert_eq!(get("rename_edits"), "2", "{results}");
    assert_eq!(get("completion"), "region", "{results}");
    assert_eq!(get("workspace_symbols"), "2", "{results}");
    assert_eq!(get("format_edits"), "1", "{results}");
    assert_eq!(
        get("format_text"),
        "  cidr   = \"10.0.0.0/16\"|",
        "{results}"
    );
}
