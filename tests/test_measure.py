"""`scanlint measure` on the fixture projects of tests/measure_projects/: each runs its own
tests under the plugin, and what it must report (code, line, measured count, equations,
test) is in the project's expected.toml. The loops project is measured once in process
(the plugin runs in its pytest subprocess) and rendered in every output format; the
recompiles project goes through the command line."""

import json
import os
import re
import shutil

import pytest

from conftest import ROOT, run_scanlint

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

pytest.importorskip("jax")

PROJECTS = ROOT / "tests" / "measure_projects"
CPU = {"JAX_PLATFORMS": "cpu"}


def expected(name: str) -> dict:
    return tomllib.loads((PROJECTS / name / "expected.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def loops(tmp_path_factory):
    """The loops project's measurements and its diagnostics at the default settings."""
    from scanlint.core.settings import Settings
    from scanlint.measure.run import measure

    copy = tmp_path_factory.mktemp("measure") / "loops"
    shutil.copytree(PROJECTS / "loops", copy)
    old = {k: os.environ.get(k) for k in CPU}
    os.environ.update(CPU)
    try:
        measured = measure(["-q"], str(copy), timeout=600)
    finally:
        for key, value in old.items():
            os.environ.pop(key) if value is None else os.environ.__setitem__(key, value)
    assert measured.error is None and measured.warnings == [] and not measured.failed_tests
    return copy, measured, diagnose(copy, measured, Settings())


def diagnose(copy, measured, settings, min_equations=50):
    from scanlint.measure.cli import measured_diagnostics

    return measured_diagnostics(measured, [str(copy)], settings, min_recompiles=3,
                                min_equations=min_equations)


def iterates_with_one_unstack() -> bool:
    """Whether this jax iterates over a traced array with one `unstack` equation (0.12) rather
    than a slice and a squeeze per row (0.6 to 0.10)."""
    import jax
    import jax.numpy as jnp

    return "unstack" in str(jax.make_jaxpr(list)(jnp.ones((2, 1))))


def test_each_loop_is_found_with_its_measured_count(loops):
    copy, _, (diagnostics, _) = loops
    equations = "equations_unstacked" if iterates_with_one_unstack() else "equations"
    found = {(os.path.relpath(d.path, copy), d.start.line): d for d in diagnostics}
    for case in expected("loops")["finding"]:
        d = found.get((case.get("path", "loops_pkg/model.py"), case["line"]))
        assert d is not None and d.code == case["code"], case
        if case.get("unmeasured"):
            assert d.message.endswith("measured: no test compiled it"), d.message
        elif case.get("uncounted"):
            assert (f"measured: its lines made {case['uncounted']} of ") in d.message, d.message
            assert f"in {case['test']}, compile " in d.message and "not counted" in d.message
        else:
            assert (f"unrolled {case['unrolled']} times in {case['test']}: "
                    f"{case.get(equations, case['equations'])} of ") in d.message, d.message


def test_nothing_else_is_reported(loops):
    _, _, (diagnostics, _) = loops
    spec = expected("loops")
    assert sorted(d.start.line for d in diagnostics) == sorted(c["line"] for c in spec["finding"])
    assert not set(spec["quiet"]["lines"]) & {d.start.line for d in diagnostics
                                              if d.path.endswith("model.py")}


def test_a_higher_setting_shows_the_static_findings_cheap(loops):
    from scanlint.core.settings import Settings

    copy, measured, _ = loops
    diagnostics, _ = diagnose(copy, measured, Settings(min_unrolled_trips=70))
    assert not [d for d in diagnostics if d.code == "SCN304"]
    fewer = sorted(d.start.line for d in diagnostics if "measured: ran only 16 times" in d.message
                   and "(fewer than min-unrolled-trips = 70)" in d.message)
    assert fewer == expected("loops")["min_unrolled_trips_70"]["fewer"]


def test_a_higher_equation_minimum_shows_the_static_findings_cheap(loops):
    from scanlint.core.settings import Settings

    copy, measured, _ = loops
    diagnostics, _ = diagnose(copy, measured, Settings(), min_equations=1000)
    assert not [d for d in diagnostics if d.code == "SCN304"]
    cheap = sorted(d.start.line for d in diagnostics
                   if "measured: cheap, ran" in d.message and "(fewer than 1000 equations)"
                   in d.message)
    assert cheap == expected("loops")["min_equations_1000"]["cheap"]


def timed_fixes(loops, monkeypatch):
    from scanlint.core.settings import Settings
    from scanlint.measure import findings, fix_bench

    copy, measured, (diagnostics, sources) = loops
    for key, value in CPU.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(copy)
    measures = findings.loop_measures(measured.compiles, measured.loops)
    chosen = fix_bench.fixes_to_time(diagnostics, measures, Settings().min_unrolled_trips, 50)
    timed, warnings = fix_bench.with_fix_timings(diagnostics, chosen, sources, ["-q"],
                                                 timeout=600, max_calls=2)
    return chosen, {d.start.line: d for d in timed if d.path.endswith("model.py")}, warnings


def test_bench_fixes_times_each_measured_fix_on_the_tests_calls(loops, monkeypatch):
    spec = expected("loops")["bench_fixes"]
    chosen, timed, warnings = timed_fixes(loops, monkeypatch)
    assert sorted(d.start.line for d in chosen) == spec["timed"]
    assert warnings == []
    for line, function in zip(spec["timed"], spec["functions"]):
        assert re.search(rf"; its fix, on the tests' call of `{function}`: trace\+compile "
                         r"\d+\.\d\d s -> \d+\.\d\d s, outputs identical$",
                         timed[line].message), timed[line].message
    untimed = [d for line, d in timed.items() if line not in spec["timed"]]
    assert untimed and not any("its fix" in d.message for d in untimed)


def test_bench_fixes_says_when_a_fixed_version_computes_something_else(loops, monkeypatch):
    """A planted change in the fixed text (the step's `* 2.0` made `* 3.0`) must be caught."""
    from scanlint.measure import fix_bench

    real = fix_bench.fixed_text

    def planted(text, diagnostics):
        fixed = real(text, diagnostics)
        assert "x[i] * 2.0" in fixed
        return fixed.replace("x[i] * 2.0", "x[i] * 3.0")

    monkeypatch.setattr(fix_bench, "fixed_text", planted)
    _, timed, _ = timed_fixes(loops, monkeypatch)
    by_rows = timed[expected("loops")["bench_fixes"]["timed"][0]]
    assert re.search(r", outputs differ \(.*values differ.*\)$", by_rows.message), by_rows.message


def test_bench_fixes_needs_a_test_run(tmp_path):
    done = run_scanlint("measure", "--replay", str(tmp_path / "raw.json"), "--bench-fixes")
    assert done.returncode == 2
    assert "--bench-fixes runs the tests' calls again: it needs --pytest" in done.stderr


def test_every_output_format_carries_the_measured_figures(loops):
    from scanlint.report import FORMAT_MODULES, ReportContext, renderer

    copy, _, (diagnostics, sources) = loops
    ctx = ReportContext(sources=sources, repo_root=str(copy), cwd=str(copy))
    for name in sorted(FORMAT_MODULES):
        text = renderer(name)(diagnostics, ctx)
        assert "SCN304" in text and "unrolled 30 times in tests/test_model.py::test_rollout" \
            in text.replace("\\u2026", ""), name


def test_recompiles_through_the_command_line(tmp_path):
    copy = tmp_path / "recompiles"
    shutil.copytree(PROJECTS / "recompiles", copy)
    raw = tmp_path / "measurements.json"
    result = run_scanlint("measure", "--pytest=-q", "--output-format", "json",
                          "--measurements", str(raw), cwd=copy, env=CPU)
    assert result.returncode == 1, result.stderr
    spec = expected("recompiles")
    rows = json.loads(result.stdout)
    assert sorted(r["location"]["row"] for r in rows) == [c["line"] for c in spec["finding"]]
    for case, row in zip(spec["finding"], sorted(rows, key=lambda r: r["location"]["row"])):
        assert row["code"] == "SCN305"
        assert f"compiled {case['compiles']} times in {case['test']}" in row["message"], row
        assert case["differed"] in row["message"], row
        if "called_at" in case:
            assert f"; called at {case['called_at']}" in row["message"], row
    assert not set(spec["quiet"]["lines"]) & {r["location"]["row"] for r in rows}
    for test in spec["quiet"]["failed"]:
        assert test in result.stderr
    saved = json.loads(raw.read_text(encoding="utf-8"))
    assert saved["failed_tests"] == spec["quiet"]["failed"]
    assert any(c["function"]["name"] == "cached" for c in saved["compiles"])
    again = run_scanlint("measure", "--replay", str(raw), cwd=copy)
    assert again.returncode == 1, again.stderr
    assert [line.split(": SCN305 ")[0] for line in again.stdout.splitlines()] == [
        f"recompile_pkg/steps.py:{row['location']['row']}:{row['location']['column']}"
        for row in sorted(rows, key=lambda r: r["location"]["row"])]


def test_a_run_that_cannot_start_is_a_clear_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    result = run_scanlint("measure", "--pytest=--no-such-option", cwd=tmp_path, env=CPU)
    assert result.returncode == 2
    assert result.stderr.startswith("scanlint: error: the test run did not finish")
    assert "Traceback" not in result.stderr


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    """The probes project measured with --bench-fixes's plugin side (long scans timed at
    other unrolls), and its diagnostics."""
    from scanlint.core.settings import Settings
    from scanlint.measure.run import measure

    copy = tmp_path_factory.mktemp("measure") / "probes"
    shutil.copytree(PROJECTS / "probes", copy)
    old = {k: os.environ.get(k) for k in CPU}
    os.environ.update(CPU)
    try:
        measured = measure(["-q"], str(copy), timeout=600, bench=True)
    finally:
        for key, value in old.items():
            os.environ.pop(key) if value is None else os.environ.__setitem__(key, value)
    assert measured.error is None and measured.warnings == [] and not measured.failed_tests
    return copy, measured, diagnose(copy, measured, Settings())


def test_what_only_a_run_shows_is_found(probes):
    copy, _, (diagnostics, _) = probes
    found = {(os.path.relpath(d.path, copy), d.start.line): d for d in diagnostics}
    for case in expected("probes")["finding"]:
        d = found.get((case["path"], case["line"]))
        assert d is not None and d.code == case["code"], (case, sorted(found))
        assert case["says"] in d.message and f" {case['test']}" in d.message, d.message


def test_the_gradient_memory_finding_gives_both_measured_sizes(probes):
    _, measured, (diagnostics, _) = probes
    [d] = [d for d in diagnostics if d.code == "SCN310"]
    assert re.search(r"keeps \d+\.\d MB of per-step values for its reverse pass \(16 steps; the "
                     r"largest f32\[16,32,1024\]\) in `stack_loss`, .*; with its body under "
                     r"`jax.checkpoint` the compiled gradient's temporary memory was "
                     r"[\d.]+ [KM]B instead of [\d.]+ MB \(\d+x less\)", d.message), d.message
    [record] = [c for c in measured.compiles if c.get("residuals")]
    assert record["temp_bytes_checkpointed"] * 2 <= record["temp_bytes"]


def test_look_alikes_are_not_reported(probes):
    copy, _, (diagnostics, _) = probes
    spec = expected("probes")
    for path, lines in spec["quiet"].items():
        assert not [d for d in diagnostics if os.path.relpath(d.path, copy) == path
                    and d.start.line in lines], path
    codes = sorted((d.code, os.path.relpath(d.path, copy), d.start.line) for d in diagnostics)
    wanted = sorted((c["code"], c["path"], c["line"]) for c in spec["finding"])
    assert [c for c in codes if c[0] != "SCN311"] == wanted


def test_a_long_scan_is_timed_at_other_unrolls(probes):
    from scanlint.measure import findings

    copy, measured, (diagnostics, _) = probes
    spec = expected("probes")["unroll"]
    timed = {(os.path.relpath(u["path"], copy), u["line"]): u
             for c in measured.compiles for u in c.get("unrolls", ())}
    assert sorted(timed) == [(spec["path"], spec["timed"])]
    seconds = {int(k): v for k, v in timed[(spec["path"], spec["timed"])]["seconds"].items()}
    assert sorted(seconds) == [1, 2, 4, 8, 16] and all(v > 0 for v in seconds.values())
    best = findings.fastest(seconds)
    reported = [d for d in diagnostics if d.code == "SCN311"]
    if seconds[1] >= seconds[best] * findings.MIN_UNROLL_SPEEDUP:
        [d] = reported
        assert d.start.line == spec["timed"] and f"pass `unroll={best}`" in d.message
    else:
        assert reported == []


def test_unroll_gains_need_a_quarter_faster():
    from scanlint.measure import findings

    def compiled(seconds):
        return {"test": "t", "function": {"name": "f"}, "compiled": True,
                "unrolls": [{"path": "p.py", "line": 3, "length": 4096, "body": 9,
                             "seconds": seconds}]}

    [gain] = findings.unroll_gains([compiled({"1": 2.0, "2": 1.7, "4": 1.0, "8": 1.2})])
    assert findings.unroll_message(gain).endswith("pass `unroll=4`")
    assert "2.0x faster at `unroll=4`" in findings.unroll_message(gain)
    assert findings.unroll_gains([compiled({"1": 1.0, "4": 0.9, "8": 0.85})]) == []
    traced_only = {**compiled({"1": 2.0, "4": 1.0}), "compiled": False}  # make_jaxpr's trace
    assert findings.unroll_gains([traced_only]) == []


def test_cache_miss_explanations_are_condensed_as_each_release_words_them():
    from scanlint.measure.jax_probes import miss_reason

    new = ("TRACING CACHE MISS at m.py:9:8 (<module>):\n  for product defined at m.py:3\n"
           "  all previously seen cache keys differ. For the closest previous key:\n"
           "  Tracing context doesn't match, e.g. due to config or context manager.\n"
           "  * jax_default_matmul_precision differs: now tensorfloat32 and before bfloat16")
    old = ("TRACING CACHE MISS at m.py:9 (<module>) costing 1.274 ms because:\n"
           "  for product defined at m.py:3\n"
           "  all previously seen cache keys are different. Several previous keys are closest:\n"
           "  * key with different input types:\n      types now: x: f32[]\n"
           "      * at x, now f32[]{weak_type=True} and before f32[]{weak_type=False}\n"
           "  where weak_type=True often means a Python builtin numeric value, and \n"
           "  * key with different tracing context, e.g. due to config or context manager.")
    weak = ("TRACING CACHE MISS at m.py:9:8 (<module>):\n  for f defined at m.py:3\n"
            "  all previously seen cache keys differ. For the closest previous key:\n"
            "  different input types:\n  * at x, now f32[]{weak_type=True} and before "
            "f32[]{weak_type=False}https://docs.jax.dev/en/latest/type_promotion.html")
    assert miss_reason([new], "m.py", 3) == (
        "jax: Tracing context doesn't match, e.g. due to config or context manager; "
        "jax_default_matmul_precision differs: now tensorfloat32 and before bfloat16")
    assert miss_reason([old], "m.py", 3) == (
        "jax: different input types; at x, now f32[]{weak_type=True} and before "
        "f32[]{weak_type=False}")
    assert miss_reason([weak], "m.py", 3) == miss_reason([old], "m.py", 3)
    assert miss_reason([new], "other.py", 3) is None
    unseen = "TRACING CACHE MISS at m.py:9:\n  never seen function:\n    f id=1 defined at m.py:3"
    assert miss_reason([unseen], "m.py", 3) is None
