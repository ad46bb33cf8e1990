"""SCN306-SCN309 say JAX traces and compiles again at every call or iteration: run each
rule's cases under JAX (one subprocess, tests/jax_runner.py) and count.

SCN306, SCN307 and SCN308: each case ends with the statement that drives it (a loop, or the
call of a function that loops); it runs once, then again while the backend compiles are
counted: an invalid case compiles at least twice more (at every iteration or call), a valid
one at most once (an object its driver makes anew, at most), or, over a display of two
configurations, once for each. A case of SCN308 whose static
argument is a list raises instead. SCN309, and a case of SCN308 that sweeps a display of
values once ("# A sweep"): after the case ran, its jitted functions' caches hold one entry
per input shape or static value: at least two for an invalid case, one for a valid one.

SCN315 says a loop runs the uncompiled function at every iteration though the file compiled
it: a profile hook counts the Python runs of that function (the one the case's `jax.jit(...)`
compiles) while the case runs: an invalid case runs it at least three times (each iteration's
operations dispatched one by one); a valid case whose loop calls a compiled version (its
comment says "compiled") runs it at most once, when `jit` traces it.
"""

from __future__ import annotations

import ast
import re

import pytest

from jax_runner import run_snippets
from scanlint.rules import rule_by_code

pytest.importorskip("jax")

COUNTING = ("SCN306", "SCN307", "SCN308")
PRELUDE = (
    "import jax.monitoring as _monitoring\n_COMPILES = [0]\n"
    "def _count(name, secs, **kw):\n"
    "    if name == '/jax/core/compile/backend_compile_duration':\n"
    "        _COMPILES[0] += 1\n"
    "_monitoring.register_event_duration_secs_listener(_count)\n")
AGAIN = ("\n_before = _COMPILES[0]\nexec(compile(_DRIVER, '<driver>', 'exec'), globals())\n"
         "_AGAIN = _COMPILES[0] - _before\n")
CACHES = ("\n_CACHES = max([v._cache_size() for v in list(globals().values())\n"
          "               if hasattr(v, '_cache_size')] or [0])\n")


def _driver(code: str) -> str:
    """The source of a case's last top-level statement."""
    last = ast.parse(code).body[-1]
    return ast.get_source_segment(code, last) or ""


def _snippet(code: str, code_name: str) -> str:
    if _measure(code_name, code) == "_CACHES":
        return PRELUDE + code + CACHES
    return PRELUDE + f"_DRIVER = {_driver(code)!r}\n" + code + AGAIN


def _measure(code: str, case: str) -> str:
    """What a case's symptom counts: the jitted functions' cache entries (SCN309, and a
    sweep over a display, whose second run would find every value compiled), else the
    compiles of the second run."""
    return "_CACHES" if code == "SCN309" or case.startswith("# A sweep") else "_AGAIN"


# A valid case whose loop runs over a display of two configurations: one compile for each,
# as the loop asks, at every run of it (SCN306 leaves such loops alone).
PER_CONFIGURATION = "# One compile per listed configuration"
CASES = [(code, kind, i, case if isinstance(case, str) else case.code)
         for code in (*COUNTING, "SCN309")
         for kind, cases in (("invalid", rule_by_code(code).INVALID),
                             ("valid", rule_by_code(code).VALID))
         for i, case in enumerate(cases)]


@pytest.fixture(scope="module")
def counts():
    snippets = [{"id": f"{code}-{kind}-{i}-{n}", "code": _snippet(case, code),
                 "symptom": f"{_measure(code, case)} >= {n}"}
                for code, kind, i, case in CASES
                for n in ((1, 2, 3) if case.startswith(PER_CONFIGURATION) else (1, 2))]
    return run_snippets(snippets)


@pytest.mark.parametrize("code,kind,index,case", CASES,
                         ids=[f"{c}-{k}-{i}" for c, k, i, _ in CASES])
def test_invalid_cases_compile_again_and_valid_ones_do_not(counts, code, kind, index, case):
    at_least_one = counts[f"{code}-{kind}-{index}-1"]
    at_least_two = counts[f"{code}-{kind}-{index}-2"]
    if kind == "invalid" and at_least_two["error"] is not None:
        assert code == "SCN308" and "Non-hashable static arguments" in \
            at_least_two["message"], (at_least_two, case)
        return
    assert at_least_two["error"] is None, (at_least_two, case)
    if kind == "invalid":
        assert at_least_two["symptom"] is True, case
    elif case.startswith(PER_CONFIGURATION):  # its loop lists two: two compiles, no more
        at_least_three = counts[f"{code}-{kind}-{index}-3"]
        assert at_least_two["symptom"] is True and at_least_three["symptom"] is False, case
    elif code == "SCN309":
        assert at_least_one["symptom"] is True and at_least_two["symptom"] is False, case
    else:
        assert at_least_two["symptom"] is False, case


RUNS = ("import sys as _sys\n_RUNS = [0]\n"
        "def _profile(frame, event, arg):\n"
        "    if event == 'call' and frame.f_code.co_filename == '<snippet>' and "
        "frame.f_code.co_name == {name!r}:\n"
        "        _RUNS[0] += 1\n"
        "_sys.setprofile(_profile)\n")
BYPASSED = [(kind, i, case if isinstance(case, str) else case.code)
            for kind, cases in (("invalid", rule_by_code("SCN315").INVALID),
                                ("valid", rule_by_code("SCN315").VALID))
            for i, case in enumerate(cases)
            if kind == "invalid" or "compiled" in case.split("\n", 1)[0]]


def _compiled_name(case: str) -> str:
    """The def the case's `jax.jit(...)` compiles (`kernel.step` -> `step`)."""
    return re.search(r"jax\.jit\(([\w.]+)\)", case).group(1).rsplit(".", 1)[-1]


@pytest.fixture(scope="module")
def python_runs():
    return run_snippets([{"id": f"{kind}-{i}",
                          "code": RUNS.format(name=_compiled_name(case)) + case
                          + "\n_sys.setprofile(None)\n",
                          "symptom": "_RUNS[0] >= 3" if kind == "invalid" else "_RUNS[0] <= 1"}
                         for kind, i, case in BYPASSED])


@pytest.mark.parametrize("kind,index,case", BYPASSED, ids=[f"{k}-{i}" for k, i, _ in BYPASSED])
def test_scn315_loop_runs_the_uncompiled_function(python_runs, kind, index, case):
    outcome = python_runs[f"{kind}-{index}"]
    assert outcome["error"] is None, (outcome, case)
    assert outcome["symptom"] is True, (outcome, case)
