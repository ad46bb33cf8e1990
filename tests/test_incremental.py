"""Checking after an edit (engine/incremental.py) reports exactly what a full check does:
random edit sequences on jax's own files and on the fixtures placed after many of its defs,
each step compared with `check_text` of the edited text; while a statement does not parse,
the last findings of the others and the syntax error a full check reports. The parts a check
starts from (engine/statements.py) make the module LibCST makes of the whole source."""

import ast
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import jax
import libcst as cst
from scanlint.core.settings import Settings
from scanlint.engine.check import check_text, iterations_wanted
from scanlint.engine.incremental import Document, _changed_lines, check, recheck
from scanlint.prefilter.syntax import site_facts

JAX = Path(jax.__file__).parent / "_src"
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SETTINGS = Settings()


def head(text: str, lines: int) -> str:
    """``text`` up to the first top-level statement ending past ``lines``."""
    for node in ast.parse(text).body:
        if node.end_lineno >= lines:
            return "".join(text.splitlines(True)[:node.end_lineno])
    return text


def composite(fixture: str) -> str:
    """2,000 lines of `lax_numpy.py` (mostly stubs in a check), then a fixture's findings,
    which every edit above them moves."""
    numpy = (JAX / "numpy" / "lax_numpy.py").read_text()
    return head(numpy, 2000) + "\n\n" + (FIXTURES / fixture).read_text()


FILES = {
    "lax_numpy": lambda: (JAX / "numpy" / "lax_numpy.py").read_text(),
    "loops": lambda: (JAX / "lax" / "control_flow" / "loops.py").read_text(),
    "ffi": lambda: (JAX / "ffi.py").read_text(),
    "numpy+rollout_styles": lambda: composite("rollout_styles.py"),
    "numpy+params_carry": lambda: composite("params_carry.py"),
    "numpy+unrolled_loops": lambda: composite("unrolled_loops.py"),
}

# What edits type, with what each condition of reuse looks at: imports, site calls, jit
# calls and range loops, `global`, names of functions holding sites, noqa comments,
# line breaks and indentation, brackets and strings that break the syntax.
SNIPPETS = [
    "x", " ", "\n", "    y = 1\n", "    pass\n", "        return y\n", "# note\n", "  # noqa\n",
    "import os\n", "    import numpy as onp\n", "    from jax import lax\n",
    "    out = jax.lax.scan(f, 0.0, xs)\n", "lax.fori_loop(0, 10, body, x)",
    "    global _counter\n", "jax.jit(gcd)", "jit(", "    for i in range(10):\n        x = x + i\n",
    "@jax.jit\n", "gcd", "lcm", "(", ")", '"""', "'", "\\\n", ":=", "def helper():\n    pass\n",
    "class Box:\n    pass\n", "    lambda c, x: (c, x)\n", "\t", "async ", "run", "step",
]


def edits(text: str):
    """A strategy for one edit of ``text``: (start, end, replacement) offsets."""
    lines = text.splitlines(True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    @st.composite
    def edit(draw):
        line = draw(st.integers(0, max(len(lines) - 1, 0)))
        column = draw(st.integers(0, len(lines[line]) if lines else 0))
        at = starts[line] + column
        kind = draw(st.sampled_from(["insert", "insert", "delete", "line", "drop"]))
        if kind == "insert":
            return at, at, draw(st.sampled_from(SNIPPETS))
        if kind == "delete":
            return at, min(len(text), at + draw(st.integers(1, 40))), ""
        if kind == "line":  # a line typed anew
            return starts[line], starts[line + 1], draw(st.sampled_from(SNIPPETS)) + "\n"
        return starts[line], starts[min(line + draw(st.integers(1, 3)), len(lines))], ""

    return edit()


def as_compared(found):
    return [(d.code, d.message, d.start, d.end, d.noqa_line, d.statement_lines, d.fix)
            for d in found]


def assert_like_a_full_check(checked, text):
    assert checked.text == text
    assert as_compared(checked.diagnostics) == as_compared(check_text(text, "mod.py", SETTINGS))


def assert_broken_as_expected(checked, text, good):
    """While a statement does not parse: the full check's syntax error, and the findings of
    the last check that parsed (``good``) off the touched lines, moved."""
    assert checked.text == text
    errors = [d for d in checked.diagnostics if d.code == "SCN999"]
    full = check_text(text, "mod.py", SETTINGS)
    if [d.code for d in full] == ["SCN999"]:  # unless LibCST takes what CPython rejects
        if sys.version_info >= (3, 11):
            assert as_compared(errors) == as_compared(full)
        else:  # 3.10's tokenizer words an indentation error by what precedes it: parsed from
            # the touched statement on, "unexpected indent" where the whole file says
            # "unindent does not match any outer indentation level", on the same line
            assert [(d.code, d.start.line) for d in errors] == [
                (d.code, d.start.line) for d in full]
    assert len(errors) == 1
    others = [d for d in checked.diagnostics if d.code != "SCN999"]
    assert len(others) <= len([d for d in good.diagnostics if d.code != "SCN999"])
    assert {(d.code, d.message) for d in others} <= {(d.code, d.message) for d in good.diagnostics}


def assert_parts_parse_as_a_whole(checked):
    """The module assembled from parts is LibCST's parse of the same source, and the site
    facts kept are the new text's."""
    kept = checked.reusable
    if kept is None:
        return
    if kept.parsed is not None:
        assert kept.parsed.module.deep_equals(cst.parse_module(kept.parsed.source))
    tree = ast.parse(checked.text)
    if kept.facts is not None and checked.how == "rechecked":
        iterations = iterations_wanted(checked.settings, checked.path)
        assert comparable(kept.facts, kept.body) == comparable(
            site_facts(checked.text, tree, iterations), tree.body)


def comparable(facts, body):
    """Site facts with the statements a jit call makes `calling` as indices."""
    jit = facts.jit
    if jit is not None:
        jit = (jit.roots, jit.jit_names, jit.wrapped, jit.under_jit, jit.needed, jit.readers,
               {n for n, statement in enumerate(body) if id(statement) in jit.calling})
    return facts.imports, facts.functions, facts.nnx_scans, facts.token_lines, jit


@pytest.mark.parametrize("name", sorted(FILES))
@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_recheck_reports_what_a_full_check_reports(name, data):
    text = FILES[name]()
    document = Document()
    document.record(check(text, "mod.py", SETTINGS))
    for _ in range(4):
        start, end, replacement = data.draw(edits(text))
        text = text[:start] + replacement + text[end:]
        good = document.base
        checked = document.recheck(text, SETTINGS) or check(text, "mod.py", SETTINGS)
        document.record(checked)
        if checked.how == "broken":
            assert_broken_as_expected(checked, text, good)
        else:
            assert_like_a_full_check(checked, text)
            assert_parts_parse_as_a_whole(checked)


# -- edits that are reused, and edits that are not ---------------------------------------
def edited(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1
    return text.replace(old, new, 1)


NUMPY_BODY = "  util.check_arraylike(\"copy\", a)\n"  # in `copy`, a stub
HEAD_BODY = '  util.check_arraylike("histogram_bin_edges", a, bins)\n'  # a stub in `composite`


@pytest.mark.parametrize("new, reused", [
    (NUMPY_BODY + "  extra = 1\n", True),  # a line more: everything after moves
    (NUMPY_BODY.replace("copy", "copy_of"), True),
    ("", True),
    (NUMPY_BODY + "  import math\n", False),  # imports make the site facts
    (NUMPY_BODY + "  global _count\n", False),
    # A loop site where the file imports the name from jax (a release's lax_numpy.py imports
    # `control_flow` from `jax._src.lax`, another `lax` from `jax`); `lax` as
    # `jax._src.lax.lax` holds no loop the model resolves.
    (NUMPY_BODY + "  control_flow.fori_loop(0, 3, lambda i, c: c, 0)\n",
     "from jax._src.lax import control_flow\n"),
    (NUMPY_BODY + "  lax.fori_loop(0, 3, lambda i, c: c, 0)\n", "from jax import lax\n"),
    (NUMPY_BODY + "  f = jit(gcd)\n", False),  # names another def after a jit
    (NUMPY_BODY + "  x = gcd(1, 2)\n", False),  # a reader of a function holding a site
    (NUMPY_BODY + "  (\n", False),  # does not parse
])
def test_which_edits_of_a_stub_are_reused(new, reused):
    text = (JAX / "numpy" / "lax_numpy.py").read_text()
    if isinstance(reused, str):  # reused unless the file makes the edit a loop site
        reused = reused not in text
    first = check(text, "mod.py", SETTINGS)
    assert first.reusable is not None and first.reusable.outcome == "sliced"
    changed = edited(text, NUMPY_BODY, new)
    again = recheck(first, changed, SETTINGS)
    assert again.reused is reused
    assert_like_a_full_check(again, changed)


def test_the_check_before_a_syntax_error_serves_once_it_is_gone():
    text = composite("rollout_styles.py")  # findings after the edit, which move
    document = Document()
    document.record(check(text, "mod.py", SETTINGS))
    good = document.last
    assert good.diagnostics
    broken = edited(text, HEAD_BODY, HEAD_BODY + "  x = (\n")
    at_once = document.recheck(broken, SETTINGS)  # no LibCST parse: the findings stay
    assert at_once is not None and at_once.how == "broken"
    assert [d.code for d in check_text(broken, "mod.py", SETTINGS)] == ["SCN999"]
    assert_broken_as_expected(at_once, broken, good)
    assert [d.start.line for d in at_once.diagnostics if d.code != "SCN999"] == [
        d.start.line + 1 for d in good.diagnostics]
    document.record(at_once)
    assert document.base is good
    mended = edited(text, HEAD_BODY, HEAD_BODY + "  x = ()\n")
    again = document.recheck(mended, SETTINGS)
    assert again is not None and again.reused
    assert_like_a_full_check(again, mended)


def test_an_edit_of_a_parsed_statement_is_checked_again_from_the_others():
    text = composite("params_carry.py")
    document = Document()
    document.record(check(text, "mod.py", SETTINGS))
    first = document.last
    assert first.diagnostics and first.reusable.parsed is not None
    call = "    (total, _), ys = lax.scan(step, (s0[0], dtau), a[0])\n"
    assert text.count(call) == 1
    changed = edited(text, call, "    unused = 1\n" + call)  # in a def holding a site
    again = document.recheck(changed, SETTINGS)
    assert again is not None and again.how == "rechecked"
    assert_like_a_full_check(again, changed)
    assert_parts_parse_as_a_whole(again)
    kept = {id(part.node) for part in first.reusable.parsed.parts}
    new = [part for part in again.reusable.parsed.parts if id(part.node) not in kept]
    assert 1 <= len(new) <= 2  # the statement edited, and the one after it


def test_findings_after_an_edit_move_with_it():
    text = composite("rollout_styles.py")
    first = check(text, "mod.py", SETTINGS)
    assert first.diagnostics and first.reusable is not None
    body = '  util.check_arraylike("histogram_bin_edges", a, bins)\n'
    changed = edited(text, body, body + "  a = 1\n  b = 2\n")
    again = recheck(first, changed, SETTINGS)
    assert again.reused
    assert [d.start.line for d in again.diagnostics] == [
        d.start.line + 2 for d in first.diagnostics]
    assert_like_a_full_check(again, changed)


def test_a_file_without_sites_stays_so():
    text = (JAX / "lax" / "control_flow" / "loops.py").read_text()
    first = check(text, "mod.py", SETTINGS)
    assert first.reusable is not None and first.reusable.outcome == "siteless"
    # A statement of its own becomes two, a def's body a line longer: nothing holds a site.
    # (Statements every jax release since 0.6 has; their text differs between releases.)
    changed = edited(text, "\n_map = safe_map\n", "\n_map = safe_map; U = _map\nV = 2\n")
    body = "\n" + _a_functions_last_line(text) + "\n"
    changed = edited(changed, body, "\n  w = 1" + body)
    again = recheck(first, changed, SETTINGS)  # the statements between are parsed again
    assert again.reused and again.diagnostics == []
    assert_like_a_full_check(again, changed)


def _a_functions_last_line(text: str) -> str:
    """The line of the first top-level function whose last statement is a one-line return."""
    for node in ast.parse(text).body:
        last = node.body[-1] if isinstance(node, ast.FunctionDef) else None
        if (isinstance(last, ast.Return) and last.lineno == last.end_lineno
                and last.col_offset == 2):  # the indent the edit below writes
            return text.splitlines()[last.lineno - 1]
    raise AssertionError("no function ends in a one-line return")


@settings(max_examples=300, deadline=None)
@given(st.text("ab\n\x0c\u2028", max_size=30), st.text("ab\n\x0c", max_size=30),
       st.integers(0, 30), st.integers(0, 30))
def test_changed_lines_split_as_the_tokenizer_does(old, replacement, start, length):
    from scanlint.prefilter.slicing import physical_lines

    start = min(start, len(old))
    new = old[:start] + replacement + old[start + length:]
    same_before, same_after, lines = _changed_lines(old, new, physical_lines(old))
    assert lines == physical_lines(new)
    old_lines = physical_lines(old)
    assert old_lines[:same_before] == lines[:same_before]
    assert same_before + same_after <= min(len(old_lines), len(lines))
    assert old_lines[len(old_lines) - same_after:] == lines[len(lines) - same_after:]


def test_a_cancelled_check_stops_before_its_next_stage():
    import threading

    from scanlint.engine.check import CheckCancelled

    cancelled = threading.Event()
    cancelled.set()
    with pytest.raises(CheckCancelled):
        check((JAX / "numpy" / "lax_numpy.py").read_text(), "mod.py", SETTINGS, cancelled)
    assert check("import jax\n", "mod.py", SETTINGS, cancelled).diagnostics == []  # no site
