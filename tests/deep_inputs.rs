//! Hostile configurations, written at test time: nested or chained far
//! deeper than any real one, huge, or not text at all. Each must finish
//! within 20 seconds and 2 GiB with a clear result, never a crash, in both
//! `check` and `check --plan`.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::{Duration, Instant},
};

const BIN: &str = env!("CARGO_BIN_EXE_tofu-analyzer");
const DEADLINE: Duration = Duration::from_secs(20);
/// The most resident memory a check may reach, in KiB.
const MEMORY_LIMIT_KIB: u64 = 2 << 20;
const LOCALS: usize = 5_000;
const NESTING: usize = 100_000;

/// A fresh directory under the target directory for `case`.
fn case_dir(case: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("deep_inputs")
        .join(case);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create the case directory");
    dir
}

/// Runs `check` (with `extra` arguments) on `dir` and returns its exit
/// code and both outputs, failing on a signal or on the deadline.
fn check(dir: &Path, extra: &[&str]) -> (i32, String) {
    let out_path = dir.with_extension("out");
    let out = fs::File::create(&out_path).expect("create the output file");
    let err = out.try_clone().expect("share the output file");
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .arg("check")
        .arg(dir)
        .args(extra)
        .arg("-no-color")
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .expect("start the analyzer");
    let mut peak_kib = 0;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the analyzer") {
            break status;
        }
        peak_kib = peak_kib.max(resident_high_water_mark_kib(child.id()));
        let over = if peak_kib > MEMORY_LIMIT_KIB {
            Some(format!("used {peak_kib} KiB"))
        } else if started.elapsed() > DEADLINE {
            Some(format!("took more than {DEADLINE:?}"))
        } else {
            None
        };
        if let Some(over) = over {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{} {extra:?} {over}", dir.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = fs::read_to_string(&out_path).expect("read the output");
    let code = status.code().unwrap_or_else(|| {
        panic!(
            "{} {extra:?} was killed by a signal ({status}):\n{}",
            dir.display(),
            output.lines().take(20).collect::<Vec<_>>().join("\n")
        )
    });
    (code, output)
}

/// The peak resident memory of a running process (`VmHWM`), 0 where
/// `/proc` does not tell. Sampled while the process runs, so it may miss
/// the last moments; the limit is far from what any case needs.
fn resident_high_water_mark_kib(pid: u32) -> u64 {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Both modes end with exit status 1 and report `summary`.
fn reports(dir: &Path, summary: &str) {
    for extra in [&[][..], &["--plan"][..]] {
        let (code, output) = check(dir, extra);
        assert_eq!(
            code,
            1,
            "{} {extra:?}: exit status\n{}",
            dir.display(),
            &output[..output.len().min(2000)]
        );
        assert!(
            output.contains(&format!("]: {summary}")),
            "{} {extra:?}: no \"{summary}\" in\n{}",
            dir.display(),
            &output[..output.len().min(2000)]
        );
    }
}

fn locals(body: impl Fn(usize) -> String, last: Option<&str>) -> String {
    let mut text = String::from("locals {\n");
    for i in 0..LOCALS {
        text.push_str(&format!("  v{i} = {}\n", body(i)));
    }
    if let Some(last) = last {
        text.push_str(&format!("  v{LOCALS} = {last}\n"));
    }
    text.push_str("}\n");
    text
}

#[test]
fn a_ring_of_locals_is_a_cycle() {
    let dir = case_dir("ring");
    let text = locals(|i| format!("local.v{}", (i + 1) % LOCALS), None);
    fs::write(dir.join("main.tf"), text).unwrap();
    reports(&dir, "Cycle: local.v0 (expand)");
}

#[test]
fn a_chain_of_locals_is_cut() {
    let dir = case_dir("chain");
    let text = locals(|i| format!("local.v{}", i + 1), Some("\"end\""));
    fs::write(dir.join("main.tf"), text).unwrap();
    reports(&dir, "Reference chain too deep");
    let (_, output) = check(&dir, &[]);
    // Cut where the chain below holds exactly the limit.
    let cut = LOCALS + 1 - tofu_ide::semantic_db::MAX_REFERENCE_CHAIN as usize - 1;
    assert!(
        output.contains(&format!("local.v{cut} refers to a chain of")),
        "{output}"
    );
}

#[test]
fn a_chain_of_resources_is_cut() {
    let dir = case_dir("resources");
    let mut text = String::new();
    for i in 0..LOCALS {
        text.push_str(&format!(
            "resource \"null_resource\" \"r{i}\" {{\n  triggers = {{ x = null_resource.r{}.id }}\n}}\n",
            i + 1
        ));
    }
    text.push_str(&format!("resource \"null_resource\" \"r{LOCALS}\" {{}}\n"));
    fs::write(dir.join("main.tf"), text).unwrap();
    reports(&dir, "Reference chain too deep");
}

#[test]
fn a_count_at_the_end_of_a_long_chain() {
    let dir = case_dir("count");
    let mut text = String::from(
        "resource \"null_resource\" \"a\" {}\nresource \"null_resource\" \"b\" {\n  count = length(local.v0)\n}\n",
    );
    text.push_str(&locals(
        |i| format!("local.v{}", i + 1),
        Some("null_resource.a.id"),
    ));
    fs::write(dir.join("main.tf"), text).unwrap();
    reports(&dir, "Reference chain too deep");
}

#[test]
fn deeply_nested_native_expressions() {
    for (case, open, close) in [
        ("parens", "(", ")"),
        ("brackets", "[", "]"),
        ("calls", "upper(", ")"),
    ] {
        let dir = case_dir(case);
        let text = format!(
            "locals {{\n  x = {}\"a\"{}\n}}\n",
            open.repeat(NESTING),
            close.repeat(NESTING)
        );
        fs::write(dir.join("main.tf"), text).unwrap();
        reports(&dir, "Expression too deeply nested");
    }
    let dir = case_dir("templates");
    let text = format!(
        "locals {{\n  x = {}1{}\n}}\n",
        "\"${".repeat(NESTING),
        "}\"".repeat(NESTING)
    );
    fs::write(dir.join("main.tf"), text).unwrap();
    reports(&dir, "Expression too deeply nested");
    let dir = case_dir("types");
    let text = format!(
        "variable \"x\" {{\n  type = {}string{}\n}}\n",
        "list(".repeat(NESTING),
        ")".repeat(NESTING)
    );
    fs::write(dir.join("main.tf"), text).unwrap();
    reports(&dir, "Expression too deeply nested");
}

#[test]
fn deeply_nested_json() {
    let dir = case_dir("json_arrays");
    let text = format!(
        "{{\"locals\": {{\"x\": {}1{}}}}}\n",
        "[".repeat(NESTING),
        "]".repeat(NESTING)
    );
    fs::write(dir.join("main.tf.json"), text).unwrap();
    reports(&dir, "Value nested too deeply");
    let dir = case_dir("json_objects");
    let text = format!(
        "{{\"locals\": {{\"x\": {}1{}}}}}\n",
        "{\"a\": ".repeat(NESTING),
        "}".repeat(NESTING)
    );
    fs::write(dir.join("main.tf.json"), text).unwrap();
    reports(&dir, "Value nested too deeply");
    let dir = case_dir("json_template");
    let text = format!(
        "{{\"locals\": {{\"x\": \"${{{}1{}}}\"}}}}\n",
        "(".repeat(NESTING),
        ")".repeat(NESTING)
    );
    fs::write(dir.join("main.tf.json"), text).unwrap();
    reports(&dir, "Expression too deeply nested");
}

#[test]
fn deeply_nested_variable_values() {
    let dir = case_dir("tfvars");
    fs::write(dir.join("main.tf"), "variable \"x\" {}\n").unwrap();
    let text = format!("x = {}1{}\n", "[".repeat(NESTING), "]".repeat(NESTING));
    fs::write(dir.join("terraform.tfvars"), text).unwrap();
    let (code, output) = check(&dir, &["--plan"]);
    assert_eq!(code, 1, "{output}");
    assert!(
        output.contains("Error[expression-too-deeply-nested]: Expression too deeply nested"),
        "{output}"
    );
}

#[test]
fn deeply_nested_modules() {
    let dir = case_dir("modules");
    let depth = 300;
    for i in 0..depth {
        let module = dir.join(format!("m{i}"));
        fs::create_dir_all(&module).unwrap();
        fs::write(
            module.join("main.tf"),
            format!(
                "variable \"x\" {{}}\nmodule \"c\" {{\n  source = \"../m{}\"\n  x      = var.x\n}}\noutput \"o\" {{\n  value = module.c.o\n}}\n",
                i + 1
            ),
        )
        .unwrap();
    }
    let last = dir.join(format!("m{depth}"));
    fs::create_dir_all(&last).unwrap();
    fs::write(
        last.join("main.tf"),
        "variable \"x\" {}\noutput \"o\" {\n  value = upper(var.x)\n}\n",
    )
    .unwrap();
    fs::write(
        dir.join("main.tf"),
        "module \"c\" {\n  source = \"./m0\"\n  x      = [\"not a string\"]\n}\noutput \"o\" {\n  value = module.c.o\n}\n",
    )
    .unwrap();
    // The list reaches `upper` 300 modules down in a plan.
    let (code, output) = check(&dir, &["--plan"]);
    assert_eq!(code, 1, "{output}");
    assert!(
        output.contains("Error[invalid-function-argument]: Invalid function argument"),
        "{output}"
    );
    let (code, output) = check(&dir, &[]);
    assert_eq!(code, 0, "{output}");
}

/// Many declarations in one module, most referring to the one before:
/// looking one up must not walk all of them (which made 20,000 locals take
/// minutes in a debug build), finding an expression's references must not
/// walk the file's, and declaration names must not become attributes of
/// every resource (which made 50,000 resources take minutes and gigabytes
/// in `--plan`).
#[test]
fn many_declarations_in_one_module() {
    const COUNT: usize = 20_000;
    let value = |i: usize, previous: &str| match i % 10 {
        0 => i.to_string(),
        _ => previous.replace('#', &(i - 1).to_string()),
    };
    for (case, text) in [
        (
            "many_locals",
            format!(
                "locals {{\n{}}}\n",
                (0..COUNT)
                    .map(|i| format!("  v{i} = {}\n", value(i, "local.v# + 1")))
                    .collect::<String>()
            ),
        ),
        (
            "many_resources",
            (0..COUNT)
                .map(|i| {
                    format!(
                        "resource \"terraform_data\" \"r{i}\" {{\n  input = {}\n}}\n",
                        value(i, "terraform_data.r#.output")
                    )
                })
                .collect(),
        ),
    ] {
        let dir = case_dir(case);
        fs::write(dir.join("main.tf"), text).expect("write main.tf");
        for extra in [&[][..], &["--plan"][..]] {
            let (code, output) = check(&dir, extra);
            assert_eq!(
                code,
                0,
                "{case} {extra:?}:\n{}",
                &output[..output.len().min(2000)]
            );
        }
    }
}

/// A case's name, its files, and the exit status and an error summary (if
/// any) both modes must give.
type HostileCase = (
    &'static str,
    Vec<(&'static str, Vec<u8>)>,
    i32,
    Option<&'static str>,
);

/// The rest of the hostile set.
#[test]
fn hostile_inputs_end_with_a_clear_result() {
    let doubled = {
        let mut text = String::from("locals {\n  s0 = \"ab\"\n  l0 = [1, 2]\n");
        for i in 1..=30 {
            let p = i - 1;
            text.push_str(&format!(
                "  s{i} = \"${{local.s{p}}}${{local.s{p}}}\"\n  l{i} = concat(local.l{p}, local.l{p})\n"
            ));
        }
        text + "}\noutput \"o\" {\n  value = length(local.s30) + length(local.l30)\n}\n"
    };
    // Bytes that are not text: a fixed pseudo-random sequence.
    let garbage: Vec<u8> = (0u32..100_000)
        .scan(0x2545_f491_u32, |state, _| {
            *state ^= *state << 13;
            *state ^= *state >> 17;
            *state ^= *state << 5;
            Some((*state >> 24) as u8)
        })
        .collect();
    let calls = |count: usize, source: &str| -> String {
        (0..count)
            .map(|i| format!("module \"m{i}\" {{\n  source = \"{source}\"\n}}\n"))
            .collect()
    };
    let cases: Vec<HostileCase> = vec![
        (
            "long_line",
            vec![("main.tf", format!("locals {{\n  a = \"{}\"\n}}\n", "x".repeat(20_000_000)).into_bytes())],
            0,
            None,
        ),
        ("garbage", vec![("main.tf", garbage)], 1, Some("Invalid character encoding")),
        ("nul_bytes", vec![("main.tf", b"a = 1\n\0\0\0locals {}\n".to_vec())], 1, Some("Invalid character")),
        (
            "unterminated_heredoc",
            vec![("main.tf", format!("locals {{\n  a = <<EOT\n{}", "line\n".repeat(200_000)).into_bytes())],
            1,
            Some("Unterminated template string"),
        ),
        (
            "huge_range",
            vec![("main.tf", b"output \"o\" {\n  value = length(range(1e9))\n}\n".to_vec())],
            1,
            Some("Error in function call"),
        ),
        ("doubled_thirty_times", vec![("main.tf", doubled.into_bytes())], 1, Some("Error in function call")),
        (
            "huge_product",
            vec![(
                "main.tf",
                b"locals {\n  a = range(100000)\n  p = [for x in local.a : [for y in local.a : x * y]]\n}\noutput \"o\" {\n  value = length(local.p)\n}\n".to_vec(),
            )],
            1,
            Some("Error in function call"),
        ),
        (
            "huge_format_width",
            vec![("main.tf", b"output \"o\" {\n  value = format(\"%999999999d\", 1)\n}\n".to_vec())],
            0,
            None,
        ),
        ("calls_itself", vec![("main.tf", calls(1, "./").into_bytes())], 1, Some("Recursive module call")),
        (
            "call_each_other",
            vec![
                ("main.tf", calls(1, "./a").into_bytes()),
                ("a/main.tf", calls(1, "../b").into_bytes()),
                ("b/main.tf", calls(1, "../a").into_bytes()),
            ],
            1,
            Some("Recursive module call"),
        ),
        (
            "fan_out",
            vec![
                ("main.tf", calls(10, "./m1").into_bytes()),
                ("m1/main.tf", calls(10, "./m2").into_bytes()),
                ("m1/m2/main.tf", calls(10, "./m3").into_bytes()),
                (
                    "m1/m2/m3/main.tf",
                    b"resource \"terraform_data\" \"r\" {\n  count = 100\n  input = count.index\n}\n".to_vec(),
                ),
            ],
            0,
            None,
        ),
    ];
    for (case, files, code, summary) in cases {
        let dir = case_dir(case);
        for (path, content) in files {
            let path = dir.join(path);
            fs::create_dir_all(path.parent().expect("a parent")).expect("create the directory");
            fs::write(path, content).expect("write the file");
        }
        if case == "fan_out" {
            // A link back up the tree: never followed.
            std::os::unix::fs::symlink("..", dir.join("m1/loop")).expect("make the link");
        }
        for extra in [&[][..], &["--plan"][..]] {
            let (found, output) = check(&dir, extra);
            let head: String = output.chars().take(2000).collect();
            assert_eq!(found, code, "{case} {extra:?}: exit status\n{head}");
            if let Some(summary) = summary {
                assert!(
                    output.contains(&format!("]: {summary}")),
                    "{case} {extra:?}: no \"{summary}\" in\n{head}"
                );
            }
        }
    }
}
