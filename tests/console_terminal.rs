//! `console` at a real terminal: tmux runs it, `send-keys` types and
//! `capture-pane` reads the screen. Skips with a message where tmux is
//! missing, but fails under CI (`CI=true`), which installs it.

use std::{
    path::Path,
    process::Command,
    thread::sleep,
    time::{Duration, Instant},
};

#[path = "support/shared.rs"]
mod shared;

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");

/// A tmux server of this test's own, killed when dropped.
struct Terminal {
    socket: String,
}

impl Terminal {
    /// `name` keeps the tmux servers of tests running at once apart.
    fn start(name: &str, dir: &Path, command: &str) -> Option<Terminal> {
        let available = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !shared::tool_found("tmux", available) {
            return None;
        }
        let terminal = Terminal {
            socket: format!("tofu-analyzer-{name}-{}", std::process::id()),
        };
        let status = terminal
            .tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                "console",
                "-x",
                "100",
                "-y",
                "40",
                "-c",
            ])
            .arg(dir)
            .arg(command)
            .status()
            .unwrap();
        assert!(status.success());
        Some(terminal)
    }

    fn tmux(&self) -> Command {
        let mut command = Command::new("tmux");
        command.args(["-L", &self.socket, "-f", "/dev/null"]);
        command.env_remove("TMUX").env("NO_COLOR", "1");
        command
    }

    fn keys(&self, keys: &[&str]) {
        let status = self
            .tmux()
            .args(["send-keys", "-t", "console"])
            .args(keys)
            .status()
            .unwrap();
        assert!(status.success());
    }

    fn screen(&self) -> String {
        let output = self
            .tmux()
            .args(["capture-pane", "-p", "-t", "console"])
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    }

    /// Waits until the screen's text, trailing blank lines dropped, ends
    /// with `tail`; panics with the screen after ten seconds.
    fn wait_for(&self, tail: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let screen = self.screen();
            let shown = screen.trim_end();
            if shown.ends_with(tail.trim_end()) {
                return shown.to_owned();
            }
            assert!(
                Instant::now() < deadline,
                "waited for {tail:?}, screen:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }

    fn session_ended(&self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            let alive = self.tmux().args(["has-session", "-t", "console"]).output();
            if !alive.is_ok_and(|o| o.status.success()) {
                return true;
            }
            sleep(Duration::from_millis(50));
        }
        false
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.tmux().arg("kill-server").output();
    }
}

#[test]
fn interactive_console_edits_continues_and_survives_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/console");
    let Some(terminal) = Terminal::start("edits", &dir, &format!("{BIN} console .")) else {
        return;
    };
    terminal.wait_for(">");
    terminal.keys(&["1 + 2", "Enter"]);
    terminal.wait_for("3\n>");
    // An open bracket continues the command under a prompt of one dot.
    terminal.keys(&["upper(", "Enter"]);
    terminal.wait_for(".");
    terminal.keys(&["\"a\")", "Enter"]);
    terminal.wait_for("\"A\"\n>");
    // An error is shown and the session goes on.
    terminal.keys(&["nosuch(1)", "Enter"]);
    terminal.wait_for("There is no function named \"nosuch\".\n\n>");
    // Arrow keys move the cursor; the up arrow brings back history.
    terminal.keys(&["1+1", "Left", "Left", "0", "Enter"]);
    terminal.wait_for("11\n>");
    terminal.keys(&["Up", "Enter"]);
    let screen = terminal.wait_for("11\n> 10+1\n11\n>");
    expect_test::expect![[r#"
        > 1 + 2
        3
        > upper(
        . "a")
        "A"
        > nosuch(1)

        Error: Call to unknown function

          on <console-input> line 1:
           1: nosuch(1)
              ^^^^^^

        There is no function named "nosuch".

        > 10+1
        11
        > 10+1
        11
        >"#]]
    .assert_eq(&screen);
    // Ctrl-D ends the session.
    terminal.keys(&["C-d"]);
    assert!(
        terminal.session_ended(),
        "still running:\n{}",
        terminal.screen()
    );
}

#[test]
fn interrupt_drops_a_command_under_way_then_exit_leaves() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/console");
    let Some(terminal) = Terminal::start("interrupt", &dir, &format!("{BIN} console .")) else {
        return;
    };
    terminal.wait_for(">");
    terminal.keys(&["[1,", "Enter"]);
    terminal.wait_for(".");
    terminal.keys(&["C-c"]);
    terminal.wait_for(">");
    terminal.keys(&["2 * 4", "Enter"]);
    terminal.wait_for("8\n>");
    terminal.keys(&["exit", "Enter"]);
    assert!(
        terminal.session_ended(),
        "still running:\n{}",
        terminal.screen()
    );
}
