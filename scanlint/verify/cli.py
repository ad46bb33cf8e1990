"""The `scanlint verify` command: plan, run both versions, compare, report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass, field

from scanlint.core.errors import UsageError
from scanlint.engine.config import ConfigError, find_pyproject, load_settings, pytest_arguments
from scanlint.verify.arguments import PYTEST_TIMEOUT, VARIANTS
from scanlint.verify.compare import Verdict, compare_entry
from scanlint.verify.loading import locate_module, project_root
from scanlint.verify.plan import Entry, changed_entries, defines, plan
from scanlint.verify.recording import Recording, Target, record
from scanlint.verify.runner import RunOptions, VersionRun

EXERCISED = ("identical", "differs", "failed")
PASSING = ("identical", "covered")


@dataclass
class FunctionVerdict:
    name: str
    status: str  # the worst of its entries': differs, failed, identical, covered, not exercised
    details: list[str] = field(default_factory=list)


@dataclass
class VerifyReport:
    verdicts: list[Verdict]
    error: str | None = None
    functions: list[FunctionVerdict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        exercised = [v for v in self.verdicts if v.status in EXERCISED]
        return (self.error is None and bool(exercised)
                and all(v.status == "identical" for v in exercised))

    @property
    def proven(self) -> bool:
        """Every changed function ran (or ran inside recorded calls of the module's other
        functions) and was identical: what --fix --verify requires."""
        return self.ok and all(v.status in PASSING for v in self.verdicts)


@dataclass(frozen=True)
class Subject:
    """One file to verify: its path, the version before and the version after."""

    path: str
    old: str
    new: str


def verify_sources(old: str, new: str, path: str, calls: list[str], options: RunOptions,
                   recording: Recording | None = None) -> VerifyReport:
    """Run both versions (in parallel subprocesses) and compare every entry. With a
    recording, the changed functions are called with the arguments the tests passed."""
    location = locate_module(path)
    try:
        recorded = recording.entries(location, changed_entries(old, new)) if recording else None
        entries = plan(old, new, calls, recorded)
    except (SyntaxError, ValueError) as error:
        return VerifyReport([], f"cannot plan the run: {error}")
    warnings = list(recording.warnings) if recording else []
    if recording and recording.error:
        return VerifyReport([], recording.error, warnings=warnings)
    runnable = [e for e in entries if e.runnable]
    results = [{}, {}]
    if runnable:
        where = dict(cwd=recording.root, sys_path=recording.sys_path) if recording else {}
        results = run_versions(old, new, location, runnable, options, where)
        for version, result in zip(("before", "after"), results):
            if result.get("error"):
                return VerifyReport([], f"{version}: {result['error']}", warnings=warnings)
    verdicts = [compare_entry(e.label, results[0]["entries"].get(e.label),
                              results[1]["entries"].get(e.label), e.function)
                if e.runnable else Verdict(e.label, "not exercised", [e.reason], e.function)
                for e in entries]
    cover(verdicts, entries)
    tallies = {e.function: recording.tally(location.name, e.function)
               for e in entries if recording and e.function}
    return VerifyReport(verdicts, functions=function_verdicts(verdicts, tallies),
                        warnings=warnings)


def run_versions(old: str, new: str, location, entries: list[Entry], options: RunOptions,
                 where: dict) -> list[dict]:
    """Both versions' results: in parallel, or one at a time when timing (on a small machine
    two would time each other)."""
    if options.bench:
        results = []
        for source in (old, new):
            run = VersionRun(source, location, entries, options, **where)
            try:
                results.append(run.result())
            finally:
                run.stop()
        return results
    runs = [VersionRun(source, location, entries, options, **where) for source in (old, new)]
    try:
        return [run.result() for run in runs]
    finally:  # interrupted while waiting for the first: the second must not go on alone
        for run in runs:
            run.stop()


def cover(verdicts: list[Verdict], entries: list[Entry]) -> None:
    """A function the tests only reached inside recorded calls of the module's other
    functions is judged through those calls: covered (never identical on its own)."""
    by_label = {v.label: v for v in verdicts}
    for verdict, entry in zip(verdicts, entries):
        ran = [by_label[label] for label in entry.covered_by
               if label in by_label and by_label[label].status in EXERCISED]
        if verdict.status == "not exercised" and ran:
            verdict.status = "covered"
            verdict.details = [f"no call of its own recorded ({entry.reason.split(': ', 1)[-1]}"
                               "); runs inside: " + ", ".join(f"{v.label} ({v.status})"
                                                             for v in ran)]


def function_verdicts(verdicts: list[Verdict], tallies: dict[str, str]) -> list[FunctionVerdict]:
    grouped: dict[str, list[Verdict]] = {}
    for verdict in verdicts:
        grouped.setdefault(verdict.function or verdict.label, []).append(verdict)
    found = []
    for name, group in grouped.items():
        statuses = {v.status for v in group}
        status = next(s for s in ("differs", "failed", "identical", "covered", "not exercised")
                      if s in statuses)
        details = [tallies[name]] if tallies.get(name) else []
        if status not in PASSING:
            details += [f"{v.label}: {d}" if v.label != name else d
                        for v in group if v.status == status for d in v.details[:1]]
        found.append(FunctionVerdict(name, status, details))
    return found


def render_text(report: VerifyReport, title: str) -> str:
    lines = [title]
    if report.error:
        lines.append(f"  error: {report.error}")
    lines.extend(f"  warning: {w}" for w in report.warnings)
    for function in report.functions:
        group = [v for v in report.verdicts if (v.function or v.label) == function.name]
        if len(group) == 1 and group[0].label == function.name:
            lines.extend(verdict_lines(group[0], "  "))
            continue
        summary = f" ({function.details[0]})" if function.details and function.status in PASSING \
            else ""
        lines.append(f"  {function.name}: {function.status}{summary}")
        for verdict in group:
            lines.extend(verdict_lines(verdict, "    "))
    if not report.verdicts and not report.error:
        lines.append("  nothing changed: no entry point to run")
    return "\n".join(lines) + "\n"


def verdict_lines(v: Verdict, indent: str) -> list[str]:
    extras = []
    if v.jaxpr_equal is not None:
        extras.append("jaxprs equal" if v.jaxpr_equal else "jaxprs differ")
    if v.hlo_equal is not None:
        extras.append("HLO equal" if v.hlo_equal else "HLO differs")
    if v.speed_ratio is not None:
        before, after = v.compile_seconds or (0.0, 0.0)
        extras.append(f"speed after/before {v.speed_ratio:.2f}x per call, "
                      f"{v.compile_ratio:.2f}x trace+compile ({before:.2f} s -> "
                      f"{after:.2f} s)")
    suffix = f" ({'; '.join(extras)})" if extras else ""
    return [f"{indent}{v.label}: {v.status}{suffix}", *(f"{indent}  {d}" for d in v.details if d)]


def record_subjects(subjects: list[Subject], pytest_args: list[str], timeout: float,
                    max_calls: int) -> Recording:
    """One test run recording the changed functions of every subject."""
    targets = []
    for subject in subjects:
        try:
            functions = changed_entries(subject.old, subject.new)
        except (SyntaxError, ValueError):
            continue  # verify_sources reports it
        targets.append(Target(locate_module(subject.path), tuple(functions)))
    return record(targets, pytest_args, project_root(subjects[0].path), timeout, max_calls)


def verify_fixes(subjects: list[Subject], settings, pytest_flag: str | None
                 ) -> dict[str, VerifyReport]:
    """`check --fix --verify`: each file against its fixed text, one test run for all."""
    pytest_args = pytest_line(pytest_flag, settings)
    options = RunOptions()
    recording = (record_subjects(subjects, pytest_args, PYTEST_TIMEOUT,
                                 settings.verify_max_calls)
                 if pytest_args is not None and subjects else None)
    return {s.path: verify_sources(s.old, s.new, s.path, list(settings.verify_calls), options,
                                   recording) for s in subjects}


def pytest_line(flag: str | None, settings) -> list[str] | None:
    """pytest's arguments: the flag's, else the setting's; None when neither asks for it
    (an empty `--pytest ""` turns the setting off)."""
    line = flag if flag is not None else settings.verify_pytest
    if line is None:
        return None
    try:
        return pytest_arguments(line, "--pytest" if flag is not None else "`pytest`") or None
    except ConfigError as error:
        raise UsageError(str(error)) from None


def git_version(path: str, rev: str) -> str:
    folder = os.path.dirname(os.path.abspath(path)) or "."
    name = os.path.basename(path)
    try:
        done = subprocess.run(["git", "-C", folder, "show", f"{rev}:./{name}"],
                              capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ValueError(f"git is not available: {error}") from None
    if done.returncode != 0:
        raise ValueError(done.stderr.decode("utf-8", "replace").strip() or "git show failed")
    from scanlint.source.notebook import runnable_text
    from scanlint.source.reading import decode_source
    from scanlint.source.source_file import SourceError

    try:
        return runnable_text(decode_source(done.stdout, path))
    except SourceError as error:
        raise ValueError(f"{path} at {rev}: {error}") from None


def read_text(path: str) -> str:
    """The code to run: a .py file's text, a notebook's code cells without IPython lines."""
    from scanlint.source.notebook import runnable_text
    from scanlint.source.reading import read_source
    from scanlint.source.source_file import SourceError

    try:
        return runnable_text(read_source(path))
    except SourceError as error:
        raise ValueError(f"{path}: {error}") from None


def fixed_version(path: str, text: str, args) -> str:
    from scanlint.engine.check import check_file, fix_text
    from scanlint.engine.config import with_overrides
    from scanlint.source.notebook import runnable_text
    from scanlint.source.source_file import is_notebook

    settings = with_overrides(load_settings(args.config or find_pyproject(path)),
                              step_style=args.step_style, param_style=args.param_style)
    if is_notebook(path):  # fixed as --fix fixes it: cell by cell
        result = check_file(path, settings, fix=True, unsafe=args.unsafe_fixes)
        return runnable_text(result.fixed_source or result.source)
    return fix_text(text, path, settings, unsafe=args.unsafe_fixes).text


def run_verify(args) -> int:
    if args.rev is None and len(args.files) > 2:
        raise UsageError("verify takes OLD NEW, one FILE, or FILE... with --rev")
    variants = [v.strip() for v in args.dtypes.split(",") if v.strip()]
    if any(v not in VARIANTS for v in variants):
        raise UsageError(f"--dtypes takes {', '.join(VARIANTS)}")
    subjects, unreadable = subjects_of(args)
    if not subjects:
        raise UsageError(next(iter(unreadable.values())))
    settings = load_settings(args.config or find_pyproject(subjects[0].path))
    calls = list(args.call) or list(settings.verify_calls)
    check_calls(args.call, subjects)
    pytest_args = pytest_line(args.pytest, settings)
    recording = None
    if pytest_args is not None:
        recording = record_subjects(subjects, pytest_args, args.pytest_timeout,
                                    settings.verify_max_calls)
    reports = []
    for variant in ["", *variants]:
        options = RunOptions(timeout=args.timeout, hlo=args.hlo, bench=args.bench and not variant,
                             variant=variant)
        verified = {s.path: verify_sources(s.old, s.new, s.path, calls, options, recording)
                    for s in subjects}
        reports.append((variant or "default", [
            (path, verified.get(path) or VerifyReport([], unreadable.get(path)))
            for path in dict.fromkeys(args.files) if path in verified or path in unreadable]))
    write_reports(reports, args.output_format)
    return 0 if all(r.ok for _, files in reports for _, r in files) else 1


def check_calls(calls: list[str], subjects: list[Subject]) -> None:
    for call in calls:
        try:
            defined = any(defines(s.new, call) for s in subjects)
        except (SyntaxError, ValueError) as error:
            raise UsageError(f"--call {call!r}: {error}") from None
        if not defined:
            raise UsageError(f"--call {call!r}: no FILE defines the function it calls")


def write_reports(reports: list[tuple[str, list[tuple[str, VerifyReport]]]], form: str) -> None:
    if form == "json":
        sys.stdout.write(json.dumps({name: json_report(files) for name, files in reports},
                                    indent=2) + "\n")
        return
    for name, files in reports:
        for path, report in files:
            suffix = f" [{name} inputs]" if name != "default" else ""
            sys.stdout.write(render_text(report, path + suffix))


def subjects_of(args) -> tuple[list[Subject], dict[str, str]]:
    """The files to verify, each with its two versions; and those that could not be read
    (path -> why): one bad file does not stop the others."""
    if len(args.files) == 2 and not args.rev:
        try:
            return [Subject(args.files[1], read_text(args.files[0]),
                            read_text(args.files[1]))], {}
        except ValueError as error:
            return [], {args.files[1]: str(error)}
    subjects, unreadable = [], {}
    for path in args.files:
        try:
            current = read_text(path)
            old, new = ((git_version(path, args.rev), current) if args.rev
                        else (current, fixed_version(path, current, args)))
        except ValueError as error:
            unreadable[path] = str(error)
            continue
        subjects.append(Subject(path, old, new))
    return subjects, unreadable


def json_report(files: list[tuple[str, VerifyReport]]) -> dict:
    """One file: today's shape. Several: the same keys, each entry and function with its path."""
    def tagged(items, path):
        return [{**asdict(item), **({"path": path} if len(files) > 1 else {})} for item in items]

    errors = [f"{path}: {r.error}" if len(files) > 1 else r.error for path, r in files if r.error]
    return {"ok": all(r.ok for _, r in files), "error": "; ".join(errors) or None,
            "warnings": sorted({w for _, r in files for w in r.warnings}),
            "entries": [e for path, r in files for e in tagged(r.verdicts, path)],
            "functions": [f for path, r in files for f in tagged(r.functions, path)]}
