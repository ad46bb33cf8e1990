"""The newcomer's walk, from a fresh clone, with the README's own snippets: install and run on
the fixtures (the output the README shows), `verify`, flake8, the review bot's dry run,
pre-commit pointed at the clone, and the language server answering an editor.

The README marks each snippet this test runs with `<!-- readme-test: NAME -->` on the line
before its block. Every install goes to the package index, as a newcomer's does (CI has it);
slow: a few minutes.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

import process_groups
from conftest import ROOT

LAMBDA_STEP = ("import jax\n\n\ndef run(xs, k):\n    step = lambda c, x: (c + k * x, c)\n"
               "    return jax.lax.scan(step, 0.0, xs)\n")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("git") is None, reason="needs git")]


def readme_snippets(text: str) -> dict[str, tuple[str, str]]:
    """NAME -> (the marked block's text, the text of the block after it: its output)."""
    blocks = re.findall(r"```[a-z]*\n(.*?)```", text, re.DOTALL)
    found = {}
    for match in re.finditer(r"<!-- readme-test: ([\w-]+) -->\n```[a-z]*\n(.*?)```", text,
                             re.DOTALL):
        index = blocks.index(match.group(2))
        found[match.group(1)] = (match.group(2), blocks[index + 1] if index + 1 < len(blocks)
                                 else "")
    return found


def shell(command: str, cwd, timeout: int = 900) -> subprocess.CompletedProcess:
    return process_groups.run(["bash", "-c", command], cwd=cwd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=timeout)


def git(*args, cwd) -> str:
    return process_groups.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                              cwd=cwd, capture_output=True, text=True, check=True).stdout


def lsp_message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def lsp_read(stream) -> dict:
    length = 0
    while (line := stream.readline().strip()):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length))


def test_the_newcomers_walk_from_a_fresh_clone(tmp_path, processes):
    clone = tmp_path / "scanlint"
    git("clone", "-q", str(ROOT), str(clone), cwd=tmp_path)
    snippets = readme_snippets((clone / "README.md").read_text(encoding="utf-8"))
    assert set(snippets) == {"install", "verify", "tools", "pre-commit"}

    install, shown = snippets["install"]
    ran = shell(install, clone)
    assert ran.returncode == 1, ran.stdout[-3000:]  # findings left, as the README says
    assert ran.stdout.endswith(shown), ran.stdout[-3000:]

    verify = shell(snippets["verify"][0], clone)
    assert verify.returncode == 0, verify.stdout[-3000:]
    assert "rollout_lambda: identical" in verify.stdout

    (clone / "walk.py").write_text(LAMBDA_STEP)  # a change for the review bot to review
    git("add", "walk.py", cwd=clone)
    git("commit", "-qm", "a lambda step", cwd=clone)
    install_tools, flake8, review = snippets["tools"][0].strip().splitlines()
    assert shell(install_tools, clone).returncode == 0
    linted = shell(flake8, clone)
    assert linted.returncode == 1 and ": SCN001 Step function" in linted.stdout
    reviewed = shell(review, clone)
    assert reviewed.returncode == 0, reviewed.stdout
    assert "comment on walk.py:5 ---" in reviewed.stdout and "```suggestion" in reviewed.stdout

    _pre_commit(tmp_path, clone, snippets["pre-commit"][0])
    _language_server(clone, processes)


def _pre_commit(tmp_path, clone, config: str) -> None:
    """The README's configuration, its placeholders the clone's path and commit."""
    project = tmp_path / "project"
    project.mkdir()
    head = git("rev-parse", "HEAD", cwd=clone).strip()
    config = config.replace("/path/to/your/scanlint/clone", str(clone))
    (project / ".pre-commit-config.yaml").write_text(re.sub(r"rev: [0-9a-f]{40}",
                                                            f"rev: {head}", config))
    (project / "mod.py").write_text(LAMBDA_STEP)
    git("init", "-q", cwd=project)
    git("add", "-A", cwd=project)
    env = f"PRE_COMMIT_HOME={tmp_path / 'pre-commit-home'} "
    first = shell(f"{env}{clone / '.venv/bin/pre-commit'} run --all-files", project)
    assert first.returncode == 1 and "files were modified by this hook" in first.stdout, \
        first.stdout
    assert "def step(c, x):" in (project / "mod.py").read_text()
    again = shell(f"{env}{clone / '.venv/bin/pre-commit'} run --all-files", project)
    assert again.returncode == 0, again.stdout


def _language_server(clone, processes) -> None:
    """An editor's first exchange: initialize, open a file, get its diagnostics."""
    server = processes.start([str(clone / ".venv/bin/scanlint"), "server"], cwd=clone,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    uri = (clone / "walk.py").as_uri()
    for message in (
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"processId": None, "rootUri": clone.as_uri(), "capabilities": {}}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "python", "version": 1, "text": LAMBDA_STEP}}}):
        server.stdin.write(lsp_message(message))
    server.stdin.flush()
    while True:
        received = lsp_read(server.stdout)
        if received.get("method") == "textDocument/publishDiagnostics":
            break
    [diagnostic] = received["params"]["diagnostics"]
    assert diagnostic["code"] == "SCN001" and received["params"]["uri"] == uri
    server.stdin.write(lsp_message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    server.stdin.write(lsp_message({"jsonrpc": "2.0", "method": "exit"}))
    server.stdin.flush()
    assert server.wait(timeout=60) == 0
