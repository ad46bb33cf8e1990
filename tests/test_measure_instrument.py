"""The loop counters `scanlint measure` compiles into the project's modules change nothing a
module computes, and count each loop's trips (tests/measure_projects/instrument/loops.py: its
`# trips: N` comments). No jax here."""

import re

from conftest import ROOT

from scanlint.measure import instrument

CASES = ROOT / "tests" / "measure_projects" / "instrument" / "loops.py"


def run(code) -> dict:
    namespace = {"__name__": "loops", instrument.COUNTER: instrument.counted,
                 instrument.WHILE_COUNTER: instrument.counted_while}
    exec(code, namespace)
    return namespace


def test_counted_loops_compute_what_plain_ones_do_and_are_counted():
    source = CASES.read_bytes()
    plain = run(compile(source, str(CASES), "exec"))
    before = instrument.TRIPS.copy()
    code, spans = instrument.instrumented_code(source, str(CASES))
    counted = run(code)
    assert counted["RESULT"] == plain["RESULT"]
    marked = {number: int(match.group(1))
              for number, line in enumerate(source.decode().splitlines(), 1)
              if (match := re.search(r"# trips: (\d+)", line))}
    for line, trips in marked.items():
        key = f"{CASES}:{line}"
        assert key in spans, line
        assert instrument.TRIPS[key] - before.get(key, 0) == trips, line


def test_only_the_projects_own_modules_are_instrumented(tmp_path):
    finder = instrument.CountingFinder(str(tmp_path), (str(tmp_path / "skipped"),))
    assert finder.wanted(str(tmp_path / "pkg" / "model.py"))
    for path in ("tests/test_model.py", "pkg/model_test.py", "conftest.py",
                 ".venv/lib/python3.11/site-packages/jax/core.py", "skipped/x.py"):
        assert not finder.wanted(str(tmp_path / path)), path
    assert not finder.wanted("/elsewhere/model.py")
