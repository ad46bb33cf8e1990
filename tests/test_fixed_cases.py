"""Every rule case's fix, re-checked and run: the fixed code passes scanlint's own SCN2xx
rules (carry structure, scan length, body returns) and, under JAX, runs wherever the
original ran and gives bit-identical outputs (so the carry keeps the structure JAX checks).

All cases run in one subprocess (see fixed_cases_child.py), on generic inputs: float
vectors, matrices, Python scalars or small ints, the first the original accepts.
"""

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import process_groups

from scanlint.core.settings import Settings
from scanlint.engine.check import check_text, fix_text
from scanlint.rules import all_rules

pytest.importorskip("jax")

CHILD = Path(__file__).with_name("fixed_cases_child.py")
# SCN2xx rules that report code JAX rejects (or that returns the wrong shape).
STRUCTURE = ("SCN201", "SCN202", "SCN203")


def fixed_cases() -> list[tuple[str, str, str]]:
    """(id, original, fixed) for every invalid case of every rule that has a fix."""
    cases = []
    for rule in all_rules():
        for number, case in enumerate(rule.INVALID):
            if case.fixed is not None:
                cases.append((f"{rule.CODE}-{number}", case.code, case.fixed))
    return cases


def structure_findings(source: str) -> Counter:
    found = check_text(source, "case.py", Settings(select=("SCN2",)))
    return Counter(d.code for d in found if d.code in STRUCTURE)


def test_every_fix_passes_the_structure_rules():
    cases = fixed_cases()
    assert len(cases) >= 20
    for case_id, before, after in cases:
        new = structure_findings(after) - structure_findings(before)
        assert not new, (case_id, new, after)


def test_the_style_fixes_of_library_shapes_pass_the_structure_rules():
    """The shape that broke on a library (a fori/while body returning `a, b, ...` without
    parentheses, its carry used whole): SCN102's packed carry keeps it one slot."""
    source = ("from jax import lax\n"
              "def run(x, k, lo):\n"
              "    def body(vals):\n"
              "        _, n, theta, *_ = vals\n"
              "        return theta * k.max(), n + 1, theta, theta - k\n"
              "    return lax.while_loop(lambda vals: vals[0] <= lo, body, (x, 0, x, x))\n")
    carry = Settings(param_style="carry", select=("SCN1",))
    after = fix_text(source, "case.py", carry, unsafe=True).text
    assert after != source and "((theta * k.max(), n + 1, theta, theta - k), k)" in after
    assert not structure_findings(after)


def busy_seconds(pid: int) -> float:
    """The CPU seconds a process has used (Linux's /proc), else the wall clock: a loop that
    never ends burns CPU, while a child a loaded machine starves of a core does not."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.monotonic()


def run_cases(tmp_path, cases, stall: float = 20.0) -> dict[str, dict[str, str]]:
    """Verdicts per case and function. A run that makes no progress for ``stall`` seconds of
    its CPU time (a loop that never ends on a generic input) is stopped: in the original the
    input is skipped, in the fixed code it is a failure; the child starts again from the next
    input."""
    request, results = tmp_path / "request.json", tmp_path / "results.jsonl"
    progress = tmp_path / "progress"
    request.write_text(json.dumps([{"id": i, "before": b, "after": a} for i, b, a in cases]))
    results.write_text("")
    start = (0, 0, 0)
    while True:
        progress.write_text("")
        child = process_groups.start([sys.executable, str(CHILD), str(request), str(results),
                                      str(progress), *map(str, start)],
                                     stderr=subprocess.PIPE, text=True)
        last, since = "", busy_seconds(child.pid)
        while child.poll() is None:
            time.sleep(0.5)
            now = progress.read_text()
            if now != last:
                last, since = now, busy_seconds(child.pid)
            elif now and busy_seconds(child.pid) - since > stall:
                child.kill()
                child.wait()
                break
        process_groups.end(child)  # and whatever it started
        if child.returncode == 0:
            break
        assert last, child.stderr.read()[-3000:]
        case, function, candidate, phase = map(str, last.split())
        if phase == "after":  # the original ended on this input, the fixed code did not
            with results.open("a") as out:
                out.write(json.dumps([cases[int(case)][0], f"#{function}",
                                      "fails after: never ends"]) + "\n")
        start = (int(case), int(function), int(candidate) + 1)
    verdicts: dict[str, dict[str, str]] = {}
    for line in results.read_text().splitlines():
        case_id, name, verdict = json.loads(line)
        verdicts.setdefault(case_id, {})[name] = verdict
    return verdicts


def test_every_fixed_case_runs_bit_identical(tmp_path):
    # SCN206's fix is documented to fail where an indexed array is shorter than `length`
    # (the original clamped the index), which generic inputs hit; its own runtime tests
    # (test_param_style_runtime.py) run it on inputs of the right length.
    cases = [case for case in fixed_cases() if not case[0].startswith("SCN206")]
    verdicts = run_cases(tmp_path, cases)
    ran = set()
    for case_id, functions in verdicts.items():
        for name, verdict in functions.items():
            assert verdict in ("identical", "not run"), (case_id, name, verdict)
            if verdict == "identical":
                ran.add(case_id)
    # Every closure <-> carry fix ran (the SCN2xx cases are meant to fail under JAX).
    style_cases = {i for i, _, _ in cases if i.startswith(("SCN101", "SCN102"))}
    assert style_cases <= ran, sorted(style_cases - ran)
    assert len(ran) >= len(style_cases) + 3
