"""Bad input gets one clear line and the run goes on; fixes never damage a file."""

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import run_scanlint
from scanlint.core.settings import Settings
from scanlint.engine.check import check_file, fix_text

SOURCE = ("import jax\n\ndef run(xs, k):\n    step = lambda c, x: (c + k * x, c)  # é\n"
          "    return jax.lax.scan(step, 0.0, xs)\n")
FIXED = ("import jax\n\ndef run(xs, k):\n    def step(c, x):\n        return (c + k * x, c)  # é\n"
         "    return jax.lax.scan(step, 0.0, xs)\n")


def lines(result):
    return result.stdout.splitlines()


# -- bad input ---------------------------------------------------------------------------
def test_syntax_error_is_one_line_and_other_files_are_checked(tmp_path):
    (tmp_path / "bad.py").write_text("import jax\nfrom jax import lax\ndef f(:\n    lax.scan\n")
    (tmp_path / "good.py").write_text(SOURCE)
    result = run_scanlint("check", ".", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert [line.split(": ")[1].split()[0] for line in lines(result)] == ["SCN999", "SCN001"]
    assert lines(result)[0].startswith("bad.py:3:")
    only_bad = run_scanlint("check", "bad.py", cwd=tmp_path)
    assert only_bad.returncode == 2  # nothing else ran


@pytest.mark.parametrize("name,data", [
    ("crlf.py", SOURCE.replace("\n", "\r\n").encode()),
    ("cr.py", SOURCE.replace("\n", "\r").encode()),
    ("tabs.py", SOURCE.replace("    ", "\t").encode()),
    ("formfeed.py", SOURCE.replace("def run", "\x0cdef run").replace("    return", "\x0c    return").encode()),
    ("bom.py", b"\xef\xbb\xbf" + SOURCE.encode()),
    ("latin1.py", ("# -*- coding: latin-1 -*-\n" + SOURCE).encode("latin-1")),
    ("no_newline.py", SOURCE.rstrip("\n").encode()),
])
def test_encodings_and_line_endings_survive_fix(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    assert run_scanlint("check", name, cwd=tmp_path).returncode == 1
    assert run_scanlint("check", "--fix", name, cwd=tmp_path).returncode == 0
    new = path.read_bytes()
    encoding = "latin-1" if name == "latin1.py" else "utf-8"
    text = new.decode(encoding)
    assert "def step(c, x):" in text and "é" in text
    assert new.startswith(b"\xef\xbb\xbf") == data.startswith(b"\xef\xbb\xbf")
    for ending in (b"\r\n", b"\x0c"):
        assert new.count(ending) >= data.count(ending)
    if name == "cr.py":
        assert b"\n" not in new and new.endswith(b"\r")
    assert new.endswith(b"\n") == data.endswith(b"\n")
    assert run_scanlint("check", "--fix", name, cwd=tmp_path).returncode == 0
    assert path.read_bytes() == new


def test_unreadable_inputs_each_get_one_line(tmp_path):
    (tmp_path / "binary.py").write_bytes(b"import jax\x00\x01lax.scan")
    (tmp_path / "undecodable.py").write_bytes(b"import jax  # \xff\xfe lax.scan\n")
    (tmp_path / "empty.py").write_bytes(b"")
    (tmp_path / "folder.py").mkdir()
    (tmp_path / "folder.py" / "inner.py").write_text(SOURCE)
    os.symlink(tmp_path / "nowhere.py", tmp_path / "broken.py")
    os.symlink(tmp_path / "loop_b.py", tmp_path / "loop_a.py")
    os.symlink(tmp_path / "loop_a.py", tmp_path / "loop_b.py")
    (tmp_path / "good.py").write_text(SOURCE)
    given = ["binary.py", "undecodable.py", "empty.py", "folder.py", "broken.py", "loop_a.py",
             "missing.py", "good.py"]
    result = run_scanlint("check", *given, cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    by_file = {line.split(":")[0]: line for line in lines(result)}
    for name in ("binary.py", "undecodable.py", "broken.py", "loop_a.py", "missing.py"):
        assert ": SCN900 cannot read: " in by_file[name], name
    assert "binary" in by_file["binary.py"] and "decode" in by_file["undecodable.py"]
    assert "No such file" in by_file["missing.py"]
    assert "SCN001" in by_file["good.py"] and "SCN001" in by_file["folder.py/inner.py"]
    assert "empty.py" not in by_file


@pytest.mark.parametrize("data", [
    b"# -*- coding: uft-8 -*-\n",                       # one line, misspelled cookie
    b"# -*- coding: uft-8 -*-\nimport jax\n",
    b"#!/usr/bin/env python\n# coding: klingon\nx = 1\n",
    b"x = 'b\xf6se'\n",                                  # latin-1 bytes, no cookie
])
def test_bad_encoding_declarations_are_reported(tmp_path, data):
    path = tmp_path / "enc.py"
    path.write_bytes(data)
    [diagnostic] = check_file(str(path), Settings()).diagnostics
    assert diagnostic.code == "SCN900" and "decode" in diagnostic.message


def test_unreadable_file_and_file_deleted_during_the_run(tmp_path, monkeypatch):
    path = tmp_path / "secret.py"
    path.write_text(SOURCE)
    real_open = open

    def refusing_open(name, *args, **kwargs):
        if str(name) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr("builtins.open", refusing_open)
    [diagnostic] = check_file(str(path), Settings()).diagnostics
    assert diagnostic.code == "SCN900" and "Permission denied" in diagnostic.message
    monkeypatch.undo()
    from scanlint.engine.runner import run_files
    from scanlint.source.discovery import discover

    found = discover([str(tmp_path)]).files
    path.unlink()
    [result] = run_files(found, Settings())
    assert [d.code for d in result.diagnostics] == ["SCN900"]


def test_deep_and_large_files_do_not_crash(tmp_path):
    head = SOURCE
    (tmp_path / "parens.py").write_text(head + "y = " + "(" * 3000 + "1" + ")" * 3000 + "\n")
    (tmp_path / "chain.py").write_text(head + "y = " + " + ".join(["1"] * 20000) + "\n")
    (tmp_path / "legal.py").write_text(head + "y = " + "(" * 190 + "1" + ")" * 190 + "\n")
    result = run_scanlint("check", "parens.py", "chain.py", "legal.py", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    by_file = {line.split(":")[0]: line for line in lines(result)}
    # How deep: measured, or (3.12 and later) past what Python's parser builds.
    assert "SCN900 not checked: expressions nested" in by_file["chain.py"]
    assert by_file["chain.py"].endswith("(the limit is 1000)")
    assert "SCN001" in by_file["legal.py"] and "SCN001" in by_file["parens.py"]


# -- fixes never damage a file -------------------------------------------------------------
def test_fix_keeps_mode_and_leaves_clean_files_untouched(tmp_path):
    dirty, clean = tmp_path / "dirty.py", tmp_path / "clean.py"
    dirty.write_text(SOURCE)
    clean.write_text(FIXED)
    os.chmod(dirty, 0o751)
    before = os.stat(clean)
    time.sleep(0.01)
    assert run_scanlint("check", "--fix", ".", cwd=tmp_path).returncode == 0
    assert dirty.read_text() == FIXED and (os.stat(dirty).st_mode & 0o777) == 0o751
    after = os.stat(clean)
    assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino)
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".scanlint-")]


def test_fix_follows_no_symlink_out_of_the_tree(tmp_path):
    outside = tmp_path / "outside"
    tree = tmp_path / "tree"
    outside.mkdir()
    tree.mkdir()
    (outside / "lib.py").write_text(SOURCE)
    os.symlink(outside / "lib.py", tree / "link.py")
    os.symlink(outside, tree / "linked_dir")
    result = run_scanlint("check", "--fix", "tree", cwd=tmp_path)
    assert result.returncode == 0
    assert (outside / "lib.py").read_text() == SOURCE and os.path.islink(tree / "link.py")


def test_a_fix_that_would_not_parse_is_dropped_and_reported(monkeypatch):
    from scanlint.core.diagnostic import Diagnostic, Edit, Fix, Position
    from scanlint.engine import check

    def broken_check(text, path, settings):
        if "broken" in text:
            return []
        edit = Edit(Position(3, 0), Position(3, 0), "def broken(:\n")
        return [Diagnostic("SCN001", "m", path, Position(3, 0), Position(3, 1),
                           Fix("safe", "break it", (edit,)), 3, (3, 3))]

    monkeypatch.setattr(check, "check_text", broken_check)
    outcome = check.fix_text(SOURCE, "x.py", Settings())
    assert outcome.text == SOURCE and outcome.applied == 0
    assert [d.code for d in outcome.errors] == ["SCN990"]
    assert "does not parse" in outcome.errors[0].message


def test_kill_during_fix_leaves_every_file_whole(tmp_path, processes):
    count = 150
    for i in range(count):
        (tmp_path / f"m{i:03d}.py").write_text(SOURCE)
    process = processes.start([sys.executable, "-m", "scanlint", "check", "--fix", "--no-cache",
                               "--jobs", "1", str(tmp_path)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline:  # wait until some, not all, files are written
        done = sum((tmp_path / f"m{i:03d}.py").read_text() == FIXED for i in range(count))
        if done:
            break
        time.sleep(0.005)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    contents = [(tmp_path / f"m{i:03d}.py").read_text() for i in range(count)]
    assert all(text in (SOURCE, FIXED) for text in contents)
    assert SOURCE in contents or FIXED in contents


def test_second_fix_is_a_fixed_point_for_every_rule():
    for style in ({"param_style": "carry"}, {"param_style": "closure"}, {}):
        settings = Settings(**style)
        once = fix_text(SOURCE, "x.py", settings, unsafe=True)
        twice = fix_text(once.text, "x.py", settings, unsafe=True)
        assert twice.text == once.text and twice.applied == 0


def _exact_depth(tree) -> int:
    import ast

    depth, level = 0, [tree]
    while level:
        depth += 1
        level = [child for node in level for name in node._fields
                 for value in [getattr(node, name, None)]
                 for child in (value if isinstance(value, list) else [value])
                 if isinstance(child, ast.AST)]
    return depth


@pytest.mark.parametrize("make", [
    lambda n: "-" * n + "x",  # one level per character
    lambda n: "x" + ".a" * (n // 2),
    lambda n: "f" + "()" * (n // 2),
    lambda n: "[" * (n // 2) + "]" * (n // 2),
    lambda n: "lambda:" * (n // 7) + "0",
    lambda n: "not " * (n // 4) + "x",
])
@pytest.mark.parametrize("n", [100, 480, 490, 500, 995, 1200])
def test_the_depth_bound_never_passes_a_deep_file(make, n):
    import ast

    from scanlint.engine.deep_code import _MAX_DEPTH, _certainly_shallow

    body = f"y = {make(n)}\n"
    for level in range(40):  # statements nested in statements add levels too
        body = f"if c{level}:\n" + "".join("    " + line + "\n" for line in body.splitlines())
    text = "try:\n    pass\nexcept E:\n" + "".join("    " + l + "\n" for l in body.splitlines())
    try:
        tree = ast.parse(text)
    except (SyntaxError, RecursionError, MemoryError):
        return  # CPython's own parser refuses it: nothing to bound
    if _exact_depth(tree) > _MAX_DEPTH:
        assert not _certainly_shallow(tree, text)
    if n == 100:  # and it spares the walk where it can
        assert _certainly_shallow(tree, text)
