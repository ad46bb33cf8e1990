"""`measure --bench-fixes`: what a static loop finding's fix would save, timed on the calls the
project's tests make.

For each static SCN301-SCN303 finding that has a fix and that the run measured unrolled, the
file's such fixes are applied (in memory: nothing is written), the tests are run once more
comparing their calls of the changed code in each version (`verify --pytest`'s sessions),
and both versions are traced and compiled cold on those calls, one after the other
(`verify --bench`).
The message then says what the fix does to trace+compile and whether the outputs stayed
bit-identical, with the proof's own words (a fix whose changed lines did not all run is not
called identical). Notebooks are left out: their fixes are applied cell by cell.
"""

from __future__ import annotations

from scanlint.core.diagnostic import Diagnostic, apply_edits
from scanlint.fixes.apply import select_non_overlapping
from scanlint.measure import findings

# Cached calls timed after the cold compile: the per-call figure is not reported here, so few.
BENCH_CALLS = 5


def fixes_to_time(diagnostics: list[Diagnostic], measures: dict, minimum: int,
                  min_equations: int) -> list[Diagnostic]:
    """The static loop findings with a fix whose loop the run measured as costly."""
    keyed = findings.absolute_keys(measures)
    return [d for d in diagnostics
            if d.code in findings.STATIC_LOOP_CODES and d.fix is not None
            and not d.path.endswith(".ipynb")
            and (m := keyed.get(f"{d.path}:{d.start.line}")) is not None
            and findings.costly(m, minimum, min_equations)]


def with_fix_timings(diagnostics: list[Diagnostic], chosen: list[Diagnostic],
                     sources: dict[str, str], pytest_args: list[str], timeout: float,
                     max_calls: int) -> tuple[list[Diagnostic], list[str]]:
    """``diagnostics`` with the fix figures added to each of ``chosen``; warnings to show."""
    from scanlint.verify.cli import Subject, verify_subjects
    from scanlint.verify.runs import RunOptions

    if not chosen:
        return diagnostics, []
    subjects = [Subject(path, sources[path], fixed_text(sources[path], of_path))
                for path, of_path in by_path(chosen).items() if path in sources]
    options = RunOptions(timeout=timeout, pytest_timeout=timeout, bench=True,
                         bench_calls=BENCH_CALLS, max_jaxprs=max(max_calls, 1))
    reports = verify_subjects(subjects, [], pytest_args, options)
    timed = {id(d) for d in chosen}
    out = [findings.with_message(d, timing_text(d, reports[d.path], sources[d.path]))
           if id(d) in timed and d.path in reports else d for d in diagnostics]
    return out, list(dict.fromkeys(w for r in reports.values() for w in r.warnings))


def by_path(chosen: list[Diagnostic]) -> dict[str, list[Diagnostic]]:
    grouped: dict[str, list[Diagnostic]] = {}
    for d in chosen:
        grouped.setdefault(d.path, []).append(d)
    return grouped


def fixed_text(text: str, diagnostics: list[Diagnostic]) -> str:
    fixes = select_non_overlapping(text, [d.fix for d in diagnostics if d.fix is not None])
    return apply_edits(text, [edit for fix in fixes for edit in fix.edits])


def timing_text(d: Diagnostic, report, source: str) -> str:
    """`; its fix, on the tests' 2 calls of `by_rows`: trace+compile 0.34 s -> 0.05 s, outputs
    identical` (the costliest call's figures), or why it was not timed."""
    import ast

    from scanlint.verify.probes import owners

    if report.error:
        return f"; its fix was not timed: {report.error}"
    owner = owners(ast.parse(source)).get(d.start.line, ("", ""))[0]
    function = next((f for f in report.functions if f.name == owner), None)
    timed = [v for v in report.calls_of(owner) if v.compile_seconds]
    if function is None or not timed:
        return f"; its fix was not timed: no test call of `{owner or '?'}` ran it"
    before, after = max(v.compile_seconds for v in timed)  # the costliest call
    calls = "call" if len(timed) == 1 else f"{len(timed)} calls"
    outcome = {"identical": "outputs identical", "agrees": "outputs identical",
               "differs": "outputs differ", "failed": "a version failed"}.get(
        function.status, f"outputs {function.status}")
    why = next((detail for v in report.calls_of(owner)
                if v.status == "differs" for detail in v.details if detail), None)
    if function.status in ("differs", "failed") and why:
        outcome += f" ({why})"
    return (f"; its fix, on the tests' {calls} of `{owner}`: trace+compile {before:.2f} s -> "
            f"{after:.2f} s, {outcome}")
