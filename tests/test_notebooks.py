"""Jupyter notebooks: checked as one module of code cells, located by cell as ruff locates
them, fixed cell by cell with every other byte of the file kept, and computing the same
after the fix.

tests/notebooks/ holds one program saved twice: by Jupyter (nbformat 4.5, cell ids, indent 1,
sorted keys, raw UTF-8, final newline) and in Colab's style (nbformat 4.0, ids in cell
metadata, indent 2, Colab's key order, \\u escapes, no final newline). Both have markdown,
non-ASCII text, outputs, line and cell magics, shell escapes and a `%%bash` cell.
"""

import ast
import difflib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, run_scanlint
from scanlint.core.diagnostic import Diagnostic, Edit, Fix, LineIndex, Position
from scanlint.core.settings import Settings as ScanlintSettings
from scanlint.source.notebook import notebook_code, runnable_text
from scanlint.source.reading import read_source
import process_groups

NOTEBOOKS = ROOT / "tests" / "notebooks"
JUPYTER, COLAB = "jupyter_rollout.ipynb", "colab_rollout.ipynb"
BOTH = pytest.mark.parametrize("name", [JUPYTER, COLAB])
# The two lambda steps of the program: (cell number, line in the cell, the lambda's name).
LAMBDA_STEPS = [(5, 6, "step"), (6, 3, "halve")]


def cells_of(path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def cell_line(cells: list[dict], number: int, line: int) -> str:
    return "".join(cells[number - 1]["source"]).splitlines()[line - 1]


def copy(tmp_path, name: str):
    target = tmp_path / name
    shutil.copyfile(NOTEBOOKS / name, target)
    return target


def fixed(tmp_path, name: str) -> tuple[bytes, bytes]:
    """The notebook's bytes before and after `check --fix`."""
    path = copy(tmp_path, name)
    before = path.read_bytes()
    result = run_scanlint("check", "--no-cache", "--fix", name, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    return before, path.read_bytes()


# -- findings, located by cell ----------------------------------------------------------------
@BOTH
def test_findings_are_located_by_cell_line_and_column(name):
    result = run_scanlint("check", "--no-cache", name, cwd=NOTEBOOKS)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    cells = cells_of(NOTEBOOKS / name)
    reported = []
    for line in result.stdout.splitlines():
        match = re.fullmatch(rf"{re.escape(name)}:cell (\d+):(\d+):(\d+): SCN001 \[\*\] Step "
                             r"function `(\w+)` is a lambda bound to a name; use a `def`", line)
        assert match, line
        number, row, column, step = int(match[1]), int(match[2]), int(match[3]), match[4]
        # the cell's own line, the column of the name (1-based), cells counted with markdown
        assert cell_line(cells, number, row)[column - 1:].startswith(f"{step} = lambda")
        reported.append((number, row, step))
    # `square = lambda` in cell 8 carries `# noqa: SCN001` on its cell line
    assert reported == LAMBDA_STEPS


@BOTH
def test_noqa_on_a_cell_line(tmp_path, name):
    path = copy(tmp_path, name)
    path.write_text(path.read_text(encoding="utf-8").replace("  # noqa: SCN001", ""),
                    encoding="utf-8")
    lines = run_scanlint("check", "--no-cache", name, cwd=tmp_path).stdout.splitlines()
    assert [line.split(": ")[0] for line in lines] == [
        f"{name}:cell 5:6:5", f"{name}:cell 6:3:5", f"{name}:cell 8:4:1"]


RUFF = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")


@pytest.mark.skipif(RUFF is None, reason="needs ruff")
def test_locations_match_ruffs_for_the_same_lambdas():
    """ruff reports its E731 (lambda assignment) at the very places scanlint reports SCN001."""
    ruff = RUFF
    theirs = process_groups.run([ruff, "check", "--no-cache", "--isolated", "--select", "E731",
                             "--output-format", "json", JUPYTER, COLAB], cwd=NOTEBOOKS,
                                capture_output=True, text=True)
    ours = run_scanlint("check", "--no-cache", "--output-format", "json", JUPYTER, COLAB,
                        cwd=NOTEBOOKS)

    def places(items):
        return {(i["filename"], i["cell"], i["location"]["row"], i["location"]["column"])
                for i in items}

    ruff_places = places(json.loads(theirs.stdout))
    our_places = places(json.loads(ours.stdout))
    assert len(our_places) == 4 and our_places < ruff_places  # ruff also sees the noqa'd one


def test_json_has_ruffs_cell_key_and_cell_rows():
    result = run_scanlint("check", "--no-cache", "--output-format", "json", JUPYTER,
                          cwd=NOTEBOOKS)
    items = json.loads(result.stdout)
    cells = cells_of(NOTEBOOKS / JUPYTER)
    assert [(i["cell"], i["location"]["row"]) for i in items] == [
        (cell, line) for cell, line, _ in LAMBDA_STEPS]
    for item, (_, row, step) in zip(items, LAMBDA_STEPS):
        assert item["filename"] == str(NOTEBOOKS / JUPYTER)
        assert item["location"] == {"row": row, "column": 5}
        assert item["noqa_row"] == item["end_location"]["row"] == row
        [edit] = item["fix"]["edits"]  # the whole cell line, replaced by the def
        old_line = cell_line(cells, item["cell"], row)
        assert edit["cell"] == item["cell"]
        assert (edit["location"], edit["end_location"]) == (
            {"row": row, "column": 1}, {"row": row, "column": len(old_line) + 1})
        assert edit["content"].startswith(f"    def {step}(")


def test_full_format_quotes_the_cell_line_and_diffs_the_cell():
    result = run_scanlint("check", "--no-cache", "--output-format", "full", JUPYTER,
                          cwd=NOTEBOOKS)
    blocks = result.stdout.split("\n\n")
    assert blocks[0].splitlines()[:2] == [
        f"{JUPYTER}:cell 5:6:5: SCN001 [*] Step function `step` is a lambda bound to a name; "
        "use a `def`",
        "6 |     step = lambda c, x: (c + k * x, c * σ)  # à corriger"]
    assert "@@ -5,3 +5,4 @@" in blocks[0]  # the cell's line numbers, not the module's
    assert "+    def step(c, x):" in blocks[0]


# -- fixing -------------------------------------------------------------------------------------
def string_line(line: str) -> str | None:
    """The value of a JSON line holding one string of a list (`    "x = 1\\n",`), or None."""
    match = re.fullmatch(r'\s*("(?:[^"\\]|\\.)*"),?', line)
    return json.loads(match[1]) if match else None


@BOTH
def test_fix_rewrites_only_the_fixed_cells_sources(tmp_path, name):
    before, after = fixed(tmp_path, name)
    notebook = nbformat.reads(after.decode("utf-8"), as_version=nbformat.NO_CONVERT)
    nbformat.validate(notebook)
    old, new = json.loads(before), json.loads(after)
    changed = [i for i, (a, b) in enumerate(zip(old["cells"], new["cells"])) if a != b]
    assert [i + 1 for i in changed] == [cell for cell, _, _ in LAMBDA_STEPS]
    assert len(old["cells"]) == len(new["cells"])
    assert {k: v for k, v in old.items() if k != "cells"} == {
        k: v for k, v in new.items() if k != "cells"}
    for i in changed:  # outputs, metadata, ids, execution counts: identical
        assert {k: v for k, v in old["cells"][i].items() if k != "source"} == {
            k: v for k, v in new["cells"][i].items() if k != "source"}
    step_cell, halve_cell = ("".join(new["cells"][i]["source"]) for i in changed)
    assert "    def step(c, x):\n        return (c + k * x, c * σ)  # à corriger\n" in step_cell
    assert halve_cell.startswith("%%time\ndef halve_all(xs):\n    def halve(i, v):\n")
    # the file's layout: every line that differs is one string of a changed cell's source
    old_text, new_text = before.decode("utf-8"), after.decode("utf-8")
    sources = {line for i in changed for cell in (old["cells"][i], new["cells"][i])
               for line in cell["source"]}
    matcher = difflib.SequenceMatcher(None, old_text.splitlines(), new_text.splitlines(),
                                      autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag != "equal":
            for line in old_text.splitlines()[a1:a2] + new_text.splitlines()[b1:b2]:
                assert string_line(line) in sources, line
    assert new_text.endswith("\n") == old_text.endswith("\n")
    assert new_text.isascii() == old_text.isascii()  # \u escapes stay escapes, raw stays raw
    assert ("\\u03c3" in new_text) == ("\\u03c3" in old_text) and "σ" in step_cell
    again = run_scanlint("check", "--no-cache", "--fix", name, cwd=tmp_path)
    assert (tmp_path / name).read_bytes() == after and "All checks passed!" in again.stderr


def test_diff_prints_each_changed_cell_and_writes_nothing(tmp_path):
    path = copy(tmp_path, JUPYTER)
    before = path.read_bytes()
    result = run_scanlint("check", "--no-cache", "--diff", JUPYTER, cwd=tmp_path)
    assert result.returncode == 1 and path.read_bytes() == before
    heads = [line for line in result.stdout.splitlines() if line.startswith(("---", "+++"))]
    assert heads == [f"--- a/{JUPYTER}:cell 5", f"+++ b/{JUPYTER}:cell 5",
                     f"--- a/{JUPYTER}:cell 6", f"+++ b/{JUPYTER}:cell 6"]
    assert "-    halve = lambda i, v: v / 2\n+    def halve(i, v):\n+        return v / 2\n" \
           in result.stdout
    assert "No newline" not in result.stdout


def test_stdin_fix_prints_the_fixed_notebook(tmp_path):
    _, after = fixed(tmp_path, JUPYTER)
    done = process_groups.run(
        [sys.executable, "-m", "scanlint", "check",
         "--no-cache", "--fix", "--stdin-filename", JUPYTER, "-"],
        input=(NOTEBOOKS / JUPYTER).read_bytes(), capture_output=True, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == after


def test_fixed_notebook_computes_bit_identical_outputs():
    """Its code cells (IPython lines dropped) run before and after the fix: every output leaf
    identical (dtype, shape, weak type, bytes), jaxprs equal."""
    result = run_scanlint("verify", "--output-format", "json", str(NOTEBOOKS / JUPYTER))
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)["default"]
    assert {f["name"]: f["status"] for f in report["functions"]} == {
        "rollout": "identical", "halve_all": "identical"}
    assert all(e["status"] == "equal" for e in report["entries"] if e["kind"] != "nested")


def test_colab_copy_runs_the_same_code_before_and_after(tmp_path):
    """The Colab-style file holds the same program, so the run above covers it too."""
    runnable = {}
    for name in (JUPYTER, COLAB):
        _, after = fixed(tmp_path, name)
        runnable[name] = (runnable_text(read_source(str(NOTEBOOKS / name))),
                          runnable_text(read_source(str(tmp_path / name))))
    assert runnable[JUPYTER] == runnable[COLAB]
    before, after = runnable[JUPYTER]
    assert before != after and "def halve(i, v):" in after
    for ipython in ("%%time", "%matplotlib", "!pip", "!ls", "!echo", "lax.scan?"):
        assert ipython not in before and ipython not in after


# -- every JSON layout is kept ---------------------------------------------------------------
def layout_document(lines_as_list: bool) -> dict:
    def source(text):
        return text.splitlines(keepends=True) if lines_as_list else text

    return {"cells": [
        {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": source("# Réglage ✓")},
        {"cell_type": "code", "execution_count": 1, "id": "c1", "metadata": {"tags": ["x"]},
         "outputs": [{"name": "stdout", "output_type": "stream", "text": ["é\n"]}],
         "source": source("%env X=1\nimport jax\nk = 2.0")},
        {"cell_type": "code", "execution_count": None, "id": "c2", "metadata": {},
         "outputs": [], "source": source("step = lambda c, x: (c + k * x, c)  # é")},
        {"cell_type": "code", "execution_count": None, "id": "c3", "metadata": {},
         "outputs": [], "source": source("ys = jax.lax.scan(step, 0.0, jax.numpy.ones(3))")},
    ], "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


LAYOUTS = {  # how tools write notebooks: a function of the document alone
    "nbformat": lambda d: json.dumps(d, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
    "escaped-indent-2": lambda d: json.dumps(d, indent=2, ensure_ascii=True),
    "compact": lambda d: json.dumps(d),
    "tight": lambda d: json.dumps(d, separators=(",", ":"), ensure_ascii=False),
    "crlf-indent-4": lambda d: json.dumps(d, indent=4, ensure_ascii=False).replace(
        "\n", "\r\n") + "\r\n",
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("lines_as_list", [True, False], ids=["source-list", "source-string"])
@pytest.mark.parametrize("bom", [False, True], ids=["", "bom"])
def test_every_layout_is_kept_byte_for_byte(tmp_path, layout, lines_as_list, bom):
    """Written by the same layout, the fixed document is exactly the bytes --fix writes."""
    from scanlint.engine.check import check_file

    render = LAYOUTS[layout]
    document = layout_document(lines_as_list)
    path = tmp_path / "nb.ipynb"
    path.write_bytes(b"\xef\xbb\xbf" * bom + render(document).encode("utf-8"))
    result = check_file(str(path), ScanlintSettings(), fix=True)
    assert result.applied == 1 and not result.diagnostics
    data = result.fixed_source.notebook.data
    expected = json.loads(json.dumps(document))
    new_source = "def step(c, x):\n    return (c + k * x, c)  # é"
    expected["cells"][2]["source"] = (new_source.splitlines(keepends=True) if lines_as_list
                                      else new_source)
    assert data == b"\xef\xbb\xbf" * bom + render(expected).encode("utf-8")
    again = check_file(str(path), ScanlintSettings(), fix=True, data=data)
    assert again.fixed_text is None and not again.diagnostics


# -- IPython syntax -------------------------------------------------------------------------
@pytest.mark.parametrize("source,ipython_lines", [
    ("%matplotlib inline\nimport jax", [1]),
    ("!pip install jax\n!!ls", [1, 2]),
    ("files = !ls\nout, err = %sx ls\nlen(files)", [1, 2]),
    ("jax.lax.scan?\n?jax\njax.numpy.where??", [1, 2, 3]),
    ("%%time\nx = 1", [1]),
    ("%%timeit -n 3 y = 2\nx = 1", [1]),
    ("if True:\n    !echo hi\n    %time x = 1\nelse:\n    pass", [2, 3]),
    ('doc = """\n!not a magic\n%nor this\n"""\nx = (1,\n     2)', []),
    ("%pip install \\\n    jax \\\n    flax\nimport jax", [1, 2, 3]),
    ("pip install jax\nimport jax", [1]),
    ("cd /tmp\nls = 1\npip if ls else cd", []),  # Python: a division, an assignment, a test
    ("/print 1, 2\n,print a b\n;print a b", [1, 2, 3]),
])
def test_ipython_lines_become_placeholders_line_for_line(source, ipython_lines):
    code = notebook_code([("code", source)])
    ast.parse(code.code)  # what the engine parses is Python
    lines, original = code.code.splitlines(), source.splitlines()
    assert len(lines) == len(original)
    assert [n for n, (a, b) in enumerate(zip(lines, original), 1) if a != b] == ipython_lines
    assert code.display == source + "\n" and code.restore(code.code) == code.display
    runnable = code.runnable()
    ast.parse(runnable)
    assert all(original[n - 1] not in runnable for n in ipython_lines)


LINE_PIECES = ["%time f()", "!ls -l", "x = !ls", "x?", "%%time", "pip install jax", '"""',
               "'''", "(", ")", "[", "]", "#", "\\", "!", "%", "?", "x = 1", "    ", "é",
               '"a"', "f(1,", "\r"]


@given(st.lists(st.lists(st.sampled_from(LINE_PIECES), max_size=4).map("".join), max_size=8)
       .map("\n".join), st.sampled_from(["code", "markdown"]))
@settings(max_examples=300, deadline=None)
def test_the_cells_read_back_exactly_whatever_they_hold(source, kind):
    """Whatever a cell holds, Python or not, the code has its lines and gives back its text:
    what is written for an unchanged line is what was there."""
    code = notebook_code([(kind, source), ("code", source)])
    texts = code.cell_texts()
    for cell in code.cells:
        expected = source + "\n" if cell.added_newline else source
        assert texts[cell.number] == expected
        assert len(LineIndex(cell.text).starts) == len(LineIndex(expected).starts)


@pytest.mark.parametrize("magic", ["%%bash", "%%writefile helper.py", "%%html", "%%sh -s x"])
def test_cells_with_other_cell_magics_are_skipped(magic):
    code = notebook_code([("code", f"{magic}\nstep = lambda c, x: (c, x)\n"),
                          ("markdown", "x = lambda: 0"), ("code", "y = 1")])
    assert code.code == "y = 1\n" and [cell.number for cell in code.cells] == [3]


def test_placeholders_never_collide_with_the_notebooks_own_names():
    code = notebook_code([("code", "_scanlint_ipython_0_ = 1\n%time f()")])
    assert code.code.startswith("_scanlint_ipython_0_ = 1\n") and code.prefix != "_scanlint_ipython_"
    assert code.display == "_scanlint_ipython_0_ = 1\n%time f()\n"


# -- edits stay within cells ---------------------------------------------------------------------
def test_a_fix_with_an_edit_across_two_cells_is_not_applied(tmp_path, monkeypatch):
    from scanlint.engine import check

    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("import jax\na = 1"), nbformat.v4.new_code_cell("b = 2")])
    path = tmp_path / "two.ipynb"
    path.write_text(nbformat.writes(notebook), encoding="utf-8")
    source = read_source(str(path))
    across = Fix("safe", "join", (Edit(Position(2, 0), Position(3, 5), "a = b = 2"),))
    within = Fix("safe", "bump", (Edit(Position(3, 4), Position(3, 5), "3"),))
    cells = source.notebook.code.boundaries()
    assert not cells.holds_fix(across) and cells.holds_fix(within)

    def found(text, path, settings):
        at = Position(2, 0)
        return [Diagnostic("SCN001", "m", path, at, at, across, 2, (2, 2))] if "a = 1" in text \
            else []

    monkeypatch.setattr(check, "check_text", found)
    result = check.check_notebook(source, ScanlintSettings(), fix=True)
    assert result.fixed_text is None and [d.fix for d in result.diagnostics] == [None]


# -- bad input ----------------------------------------------------------------------------------
def test_bad_notebooks_get_one_line_each_and_the_others_are_checked(tmp_path):
    def notebook_with(*sources):
        return nbformat.writes(nbformat.v4.new_notebook(
            cells=[nbformat.v4.new_markdown_cell("# title")]
            + [nbformat.v4.new_code_cell(s) for s in sources]))

    bad = {
        "json.ipynb": '{"cells": [',
        "list.ipynb": "[]",
        "v3.ipynb": '{"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": []}',
        "schema.ipynb": '{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, '
                        '"cells": [{"cell_type": "code", "source": 1}]}',
        "syntax.ipynb": notebook_with("import jax\nfrom jax import lax", "def f(:\n    lax.scan"),
    }
    for name, text in bad.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "latin1.ipynb").write_bytes(b'{"nbformat": 4, "x": "\xe9"}')
    (tmp_path / "deep.ipynb").write_text('{"nbformat": 4, "metadata": ' + "[" * 100_000
                                         + "]" * 100_000 + "}")
    shutil.copyfile(NOTEBOOKS / JUPYTER, tmp_path / JUPYTER)
    snapshot = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    result = run_scanlint("check", "--no-cache", "--fix", ".", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    by_file = {}
    for line in result.stdout.splitlines():
        by_file.setdefault(line.split(":")[0], []).append(line)
    messages = {name: " ".join(lines) for name, lines in by_file.items()}
    assert "SCN900 cannot read: not a notebook: invalid JSON" in messages["json.ipynb"]
    assert "SCN900 cannot read: not a notebook: the JSON has no `nbformat`" in messages["list.ipynb"]
    assert "nbformat 3 notebook" in messages["v3.ipynb"]
    assert "SCN900 cannot read: not a valid notebook" in messages["schema.ipynb"]
    assert "SCN900 cannot read: cannot decode" in messages["latin1.ipynb"]
    assert "SCN900 cannot read: not a notebook: JSON nested too deeply" in messages["deep.ipynb"]
    assert messages["syntax.ipynb"].startswith("syntax.ipynb:cell 3:1:7: SCN999 syntax error")
    assert all(len(lines) == 1 for lines in by_file.values())
    assert JUPYTER not in by_file  # fixed, and the bad files left exactly as they were
    for name, data in snapshot.items():
        assert ((tmp_path / name).read_bytes() == data) == (name != JUPYTER), name


# -- the other formats point at the stored JSON ----------------------------------------------------
def test_review_formats_point_at_the_json_lines_and_their_fixes_edit_the_json(tmp_path):
    path = copy(tmp_path, JUPYTER)
    raw = path.read_text(encoding="utf-8")
    raw_lines = raw.splitlines()

    def produce(fmt):
        return run_scanlint("check", "--no-cache", "--output-format", fmt, JUPYTER,
                            cwd=tmp_path).stdout

    results = json.loads(produce("sarif"))["runs"][0]["results"]
    rdjson = json.loads(produce("rdjson"))["diagnostics"]
    github = produce("github").splitlines()
    gitlab = json.loads(produce("gitlab"))
    review = json.loads(produce("github-review"))["comments"]
    edits = []
    for (cell, line, step), sarif, rd, annotation, issue, comment in zip(
            LAMBDA_STEPS, results, rdjson, github, gitlab, review):
        region = sarif["locations"][0]["physicalLocation"]["region"]
        stored = raw_lines[region["startLine"] - 1]
        # the JSON line that holds the cell's line, the column of the name in that JSON text
        assert string_line(stored).startswith(f"    {step} = lambda")
        assert stored[region["startColumn"] - 1:].startswith(f"{step} = lambda")
        assert f"(cell {cell}, line {line})" in sarif["message"]["text"]
        start = rd["location"]["range"]["start"]
        assert start["line"] == region["startLine"]
        assert stored.encode()[:start["column"] - 1].decode() == stored[:region["startColumn"] - 1]
        assert f"line={region['startLine']},col={region['startColumn']}," in annotation
        assert f"(cell {cell}, line {line})" in annotation
        assert issue["location"]["lines"]["begin"] == region["startLine"]
        assert comment["line"] == region["startLine"] and "```suggestion\n" in comment["body"]
        for change in sarif["fixes"][0]["artifactChanges"]:
            edits += change["replacements"]
    index = LineIndex(raw)

    def offset(line, column):
        return index.offset(Position(line, column - 1))

    spans = sorted((offset(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"]),
                    offset(r["deletedRegion"]["endLine"], r["deletedRegion"]["endColumn"]),
                    r["insertedContent"]["text"]) for r in edits)
    patched, cursor = "", 0
    for start, end, text in spans:
        patched, cursor = patched + raw[cursor:start] + text, end
    patched += raw[cursor:]
    _, after = fixed(tmp_path, JUPYTER)
    assert patched == after.decode("utf-8")  # the suggestions, applied, are what --fix writes


# -- discovery, cache, --since -------------------------------------------------------------------
def test_notebooks_are_discovered_and_excluded_like_python_files(tmp_path):
    for folder in ("src", "src/.ipynb_checkpoints", "generated"):
        (tmp_path / folder).mkdir()
        shutil.copyfile(NOTEBOOKS / JUPYTER, tmp_path / folder / "nb.ipynb")
    (tmp_path / "pyproject.toml").write_text('[tool.scanlint]\nexclude = ["generated/"]\n')
    files = {line.split(":")[0] for line in run_scanlint("check", "--no-cache", ".",
                                                          cwd=tmp_path).stdout.splitlines()}
    assert files == {"src/nb.ipynb"}
    forced = run_scanlint("check", "--no-cache", "--force-exclude", "generated/nb.ipynb",
                          cwd=tmp_path)
    assert forced.returncode == 0 and forced.stdout == ""


def test_cached_results_are_located_by_cell_too(tmp_path):
    copy(tmp_path, JUPYTER)
    args = ("check", "--cache-dir", str(tmp_path / "cache"), "--output-format", "full", JUPYTER)
    cold = run_scanlint(*args, cwd=tmp_path)
    warm = run_scanlint(*args, cwd=tmp_path)
    assert any((tmp_path / "cache").rglob("*.json"))
    assert cold.stdout == warm.stdout and f"{JUPYTER}:cell 5:6:5" in warm.stdout


def test_since_keeps_findings_on_changed_cell_lines(tmp_path):
    def git(*args):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                       cwd=tmp_path, check=True, capture_output=True)

    path = copy(tmp_path, JUPYTER)
    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "base")
    path.write_text(path.read_text(encoding="utf-8").replace("v / 2", "v / 3"),
                    encoding="utf-8")
    lines = run_scanlint("check", "--no-cache", "--since", "HEAD", JUPYTER,
                         cwd=tmp_path).stdout.splitlines()
    assert [line.split(": ")[0] for line in lines] == [f"{JUPYTER}:cell 6:3:5"]
