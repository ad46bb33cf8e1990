"""`scanlint measure --pytest ARGS [PATH...]`: the test run, the static SCN3xx findings of
PATH, and the diagnostics of both through the report formats."""

from __future__ import annotations

import os
import sys

from scanlint.core.diagnostic import Diagnostic
from scanlint.core.errors import UsageError
from scanlint.measure import findings
from scanlint.measure.run import Measured, measure, save

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def run_measure(args) -> int:
    from scanlint.engine.config import (find_pyproject, load_settings, validate_codes,
                                        with_overrides)
    from scanlint.report import ReportContext, renderer
    from scanlint.verify.loading import project_root

    if args.min_recompiles < 2:
        raise UsageError("--min-recompiles must be at least 2")
    if args.min_equations < 1:
        raise UsageError("--min-equations must be at least 1")
    paths = args.paths or []
    start = paths[0] if paths else os.getcwd()
    if not os.path.exists(start):
        raise UsageError(f"{start}: no such file or folder")
    root = project_root(start)
    settings = load_settings(args.config or find_pyproject(start))
    settings = with_overrides(
        settings,
        select=tuple(validate_codes(list(args.select), "--select")) if args.select else None,
        ignore=tuple(validate_codes(list(args.ignore), "--ignore")) if args.ignore else None,
        preview=True if args.preview else None)
    measured = measurements(args, settings, root)
    if measured.error:
        raise UsageError(measured.error)
    if args.measurements:
        write_measurements(measured, args.measurements)
    diagnostics, sources = measured_diagnostics(measured, paths or [root], settings,
                                                args.min_recompiles, args.min_equations)
    if args.bench_fixes:
        diagnostics = timed_fixes(diagnostics, sources, measured, settings, args)
    ctx = ReportContext(sources=sources, repo_root=root)
    sys.stdout.write(renderer(args.output_format)(diagnostics, ctx))
    if not args.quiet:
        sys.stderr.write(summary(measured, diagnostics))
    return EXIT_FINDINGS if diagnostics and not args.exit_zero else EXIT_CLEAN


def measurements(args, settings, root: str) -> Measured:
    """The test run's, or those of an earlier one (--replay)."""
    from scanlint.measure.run import load
    from scanlint.verify.cli import pytest_line

    if args.replay:
        if args.pytest is not None:
            raise UsageError("--replay reports an earlier run: it takes no --pytest")
        if args.bench_fixes:
            raise UsageError("--bench-fixes runs the tests' calls again: it needs --pytest, "
                             "not --replay")
        try:
            return load(args.replay)
        except ValueError as error:
            raise UsageError(f"--replay {error}") from None
    pytest_args = pytest_line(args.pytest, settings) if args.pytest is not None else None
    if not pytest_args:
        raise UsageError('measure needs --pytest ARGS (pytest\'s arguments: "tests/")')
    return measure(pytest_args, root, args.pytest_timeout, bench=args.bench_fixes)


def timed_fixes(diagnostics: list[Diagnostic], sources: dict[str, str], measured: Measured,
                settings, args) -> list[Diagnostic]:
    """--bench-fixes: the measured static findings' fixes timed on the tests' calls."""
    from scanlint.measure import fix_bench
    from scanlint.verify.cli import pytest_line

    measures = findings.loop_measures(measured.compiles, measured.loops)
    chosen = fix_bench.fixes_to_time(diagnostics, measures, settings.min_unrolled_trips,
                                     args.min_equations)
    timed, warnings = fix_bench.with_fix_timings(
        diagnostics, chosen, sources, pytest_line(args.pytest, settings) or [],
        args.pytest_timeout, settings.verify_max_calls)
    measured.warnings += [f"--bench-fixes: {text}" for text in warnings
                          if f"--bench-fixes: {text}" not in measured.warnings]
    return timed


def write_measurements(measured: Measured, path: str) -> None:
    try:
        save(measured, path)
    except OSError as error:
        raise UsageError(f"--measurements {path}: {error.strerror}") from None


def measured_diagnostics(measured: Measured, paths: list[str], settings, min_recompiles: int,
                         min_equations: int = findings.MIN_EQUATIONS
                         ) -> tuple[list[Diagnostic], dict[str, str]]:
    """SCN304, SCN305 and SCN310-SCN314 from the run, and the static SCN3xx findings of
    ``paths`` with the run's figures; the texts they are reported against."""
    from scanlint.engine.check import is_selected

    static, sources = static_findings(paths, settings)
    measures = findings.loop_measures(measured.compiles, measured.loops)
    minimum = settings.min_unrolled_trips
    out, stood_for = [], set()
    for d in static:
        annotated, key = findings.annotated(d, findings.absolute_keys(measures), measured.compiles,
                                            minimum, min_equations)
        out.append(annotated)
        stood_for.add(key)
    for m in findings.unrolled(measures, minimum, min_equations):
        if f"{m.path}:{m.line}" not in stood_for:
            out.append(measured_at(findings.UNROLLED, findings.loop_message(m), m.path, m.line,
                                   sources))
    for r in findings.recompiles(measured.compiles, min_recompiles):
        out.append(measured_at(findings.RECOMPILED, findings.recompile_message(r), r.path,
                               r.line, sources, on_def=True))
    for g in findings.gradient_memory(measured.compiles):
        out.append(measured_at(findings.GRADIENT_MEMORY, findings.gradient_memory_message(g),
                               g.path, g.line, sources))
    for u in findings.unroll_gains(measured.compiles):
        out.append(measured_at(findings.SCAN_UNROLL, findings.unroll_message(u), u.path, u.line,
                               sources))
    for e in findings.eager_dispatches(measured.eager, min_recompiles):
        out.append(measured_at(findings.EAGER_DISPATCH, findings.eager_message(e), e.path,
                               e.line, sources))
    for r in findings.reversed_whiles(measured.reverse_errors):
        out.append(measured_at(findings.REVERSED_WHILE, findings.reversed_while_message(
            r, line_of(sources, r.path, r.line)), r.path, r.line, sources))
    for c in findings.carry_type_changes(measured.carry_errors):
        line_text = line_of(sources, c.path, c.line)
        out.append(measured_at(findings.CARRY_TYPE, findings.carry_type_message(c, line_text),
                               c.path, c.line, sources))
    kept = [d for d in out if d.code in findings.STATIC_LOOP_CODES
            or is_selected(d.code, settings, d.path) and not silenced(d, sources)]
    return sorted(kept, key=Diagnostic.sort_key), sources


def line_of(sources: dict[str, str], path: str, line: int) -> str:
    if path not in sources:
        sources[path] = source_text(path)
    rows = sources[path].splitlines()
    return rows[line - 1] if 0 < line <= len(rows) else ""


def silenced(d: Diagnostic, sources: dict[str, str]) -> bool:
    """`# noqa: SCN304` on the loop's line (the static findings had theirs applied)."""
    from scanlint.engine.noqa import noqa_comments, suppressed

    return suppressed(d, noqa_comments(sources.get(d.path, "")))


def static_findings(paths: list[str], settings) -> tuple[list[Diagnostic], dict[str, str]]:
    """The SCN3xx findings of ``paths`` (paths made absolute, as the traces name files)."""
    from scanlint.engine.runner import run_files
    from scanlint.source.discovery import discover

    root = os.getcwd()
    found = discover(paths, settings.exclude + settings.extend_exclude,
                     settings.respect_gitignore, root)
    sources: dict[str, str] = {}
    static = []
    for result in run_files(found.files, settings):
        for d in result.diagnostics:
            if d.code in findings.STATIC_LOOP_CODES:
                path = os.path.abspath(d.path)
                static.append(relocated(d, path))
                if result.source is not None:
                    sources[path] = result.source.text
    return static, sources


def relocated(d: Diagnostic, path: str) -> Diagnostic:
    return Diagnostic(d.code, d.message, path, d.start, d.end, d.fix, d.noqa_line,
                      d.statement_lines)


def measured_at(code: str, message: str, path: str, line: int, sources: dict[str, str],
                on_def: bool = False) -> Diagnostic:
    """A finding at ``line``; with ``on_def``, a function's first line, moved from its first
    decorator to its `def`."""
    if path not in sources:
        sources[path] = source_text(path)
    if on_def:
        line = findings.def_line(sources[path], line)
    return findings.at_line(code, message, path, line, sources[path])


def source_text(path: str) -> str:
    from scanlint.source.reading import read_source
    from scanlint.source.source_file import SourceError

    try:
        return read_source(path).text
    except (SourceError, OSError):
        return ""


SLOWEST = 3  # compiles named in the summary


def slowest(compiles: list[dict]) -> list[str]:
    """The compiles that took longest: what a reader looks at first, findings or not."""
    ranked = sorted(compiles, key=lambda c: -(c["trace_s"] + c["lower_s"] + c["compile_s"]))
    return [f"  {c['trace_s'] + c['lower_s'] + c['compile_s']:.2f} s  `{c['function']['name']}` "
            f"({c['equations']:,} equations) in {c['test']}" for c in ranked[:SLOWEST]
            if c["compiled"]]


def summary(measured: Measured, diagnostics: list[Diagnostic]) -> str:
    compiled = sum(1 for c in measured.compiles if c["compiled"])
    seconds = sum(c["trace_s"] + c["lower_s"] + c["compile_s"] for c in measured.compiles)
    own = sum(c.get("measure_s", 0.0) for c in measured.compiles)
    lines = [f"Measured {compiled} compiles in {measured.seconds:.1f} s of tests "
             f"({seconds:.1f} s tracing and compiling, {own:.1f} s reading the jaxprs); "
             f"{len(diagnostics)} finding"
             f"{'s' if len(diagnostics) != 1 else ''}. The slowest (trace, lowering, compile):"]
    lines += slowest(measured.compiles)
    if measured.failed_tests:
        shown = ", ".join(measured.failed_tests[:3])
        extra = len(measured.failed_tests) - 3
        more = f" and {extra} more" if extra > 0 else ""
        lines.append(f"warning: {len(measured.failed_tests)} tests failed: {shown}{more}")
    lines += [f"warning: {text}" for text in measured.warnings]
    lines += [f"warning: {path}: {why}" for path, why in measured.not_instrumented.items()]
    return "\n".join(lines) + "\n"
