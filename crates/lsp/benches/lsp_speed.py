#!/usr/bin/env python3
"""Speed figures of `tofu-analyzer lsp` over stdio, on a generated tree.

    cargo build --release
    cargo xtask gen-tree /tmp/gt1000-lsp --modules 1000
    python3 crates/lsp/benches/lsp_speed.py target/release/tofu-analyzer /tmp/gt1000-lsp

Measures, as an editor would see them:
- first diagnostics: from `initialized` to the first `publishDiagnostics`
  of the root's `main.tf`, opened right after `initialized` with a
  reference to an undeclared variable appended (so that it has some);
- a keystroke: from a `didChange` that breaks or fixes that reference to
  the `publishDiagnostics` that follows (20 changes, median and max; the
  server waits 50 ms for edits to settle, which is included);
- hover, definition and completion (after `var.`): 100 requests each on
  references of `main.tf` (median and 95th percentile);
- resident memory: the server's peak (`VmHWM`) at the end.
"""

import json
import os
import statistics
import subprocess
import sys
import threading
import time
import queue


def main():
    binary, tree = sys.argv[1], os.path.abspath(sys.argv[2])
    main_tf = os.path.join(tree, "main.tf")
    uri = "file://" + main_tf
    with open(main_tf, encoding="utf-8") as f:
        text = f.read()

    server = subprocess.Popen(
        [binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    messages = queue.Queue()

    def read():
        out = server.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.startswith(b"Content-Length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            messages.put((time.perf_counter(), json.loads(body)))

    threading.Thread(target=read, daemon=True).start()
    next_id = [0]

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def notify(method, params):
        send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(method, params):
        next_id[0] += 1
        send({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params})
        return next_id[0]

    def wait(wanted):
        while True:
            at, message = messages.get(timeout=120)
            if "id" in message and "method" in message:
                send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            if wanted(message):
                return at, message

    def response(id):
        return wait(lambda m: m.get("id") == id and "method" not in m)

    def diagnostics():
        return wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
        )

    id = request(
        "initialize",
        {"processId": None, "rootUri": "file://" + tree, "capabilities": {}},
    )
    response(id)
    probe = '\noutput "bench_probe" {\n  value = var.%s\n}\n'
    broken = text + probe % "no_such_variable"
    fixed = text + probe % "name"
    start = time.perf_counter()
    notify("initialized", {})
    notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "opentofu", "version": 1, "text": broken}},
    )
    at, _ = diagnostics()
    first = at - start

    keystrokes = []
    for version in range(2, 22):
        new = fixed if version % 2 == 0 else broken
        time.sleep(0.1)
        sent = time.perf_counter()
        notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": new}]},
        )
        at, _ = diagnostics()
        keystrokes.append(at - sent)

    lines = fixed.split("\n")

    def position_of(needle, skip=0):
        for number, line in enumerate(lines):
            column = line.find(needle)
            if column >= 0:
                return {"line": number, "character": column + skip}
        raise SystemExit(f"{needle!r} not in main.tf")

    def timed(method, position, count=100):
        out = []
        for _ in range(count):
            sent = time.perf_counter()
            at, message = response(
                request(method, {"textDocument": {"uri": uri}, "position": position})
            )
            assert message.get("result") is not None, message
            out.append(at - sent)
        return out

    hovers = timed("textDocument/hover", position_of("var.settings", 5))
    definitions = timed("textDocument/definition", position_of("local.prefix", 7))
    completions = timed("textDocument/completion", position_of("var.settings", 4))

    with open(f"/proc/{server.pid}/status") as f:
        hwm = next(l for l in f if l.startswith("VmHWM")).split()[1]
    response(request("shutdown", None))
    notify("exit", None)
    server.wait(timeout=30)

    def ms(seconds):
        return f"{seconds * 1000:.1f} ms"

    def p95(values):
        return sorted(values)[int(len(values) * 0.95) - 1]

    print(f"first diagnostics after initialized: {ms(first)}")
    print(
        f"didChange -> publishDiagnostics (20): median {ms(statistics.median(keystrokes))},"
        f" max {ms(max(keystrokes))} (50 ms of it the debounce)"
    )
    print(f"hover (100): median {ms(statistics.median(hovers))}, p95 {ms(p95(hovers))}")
    print(
        f"definition (100): median {ms(statistics.median(definitions))},"
        f" p95 {ms(p95(definitions))}"
    )
    print(
        f"completion (100): median {ms(statistics.median(completions))},"
        f" p95 {ms(p95(completions))}"
    )
    print(f"peak resident memory (VmHWM): {int(hwm) / 1024:.0f} MB")


if __name__ == "__main__":
    main()
