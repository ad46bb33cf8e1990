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
from scanlint.verify.changes import changes, function_lines
from scanlint.verify.compare import Verdict, compare_entry
from scanlint.verify.loading import locate_module, project_root
from scanlint.verify.plan import Entry, changed_entries, defines, plan
from scanlint.verify.recording import Recording, Target, record
from scanlint.verify.runner import RunOptions, VersionRun
from scanlint.verify.verdicts import PASSING, FunctionVerdict, ImportRun, function_verdicts

EXERCISED = ("identical", "differs", "failed")


@dataclass
class VerifyReport:
    verdicts: list[Verdict]
    error: str | None = None
    functions: list[FunctionVerdict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unchanged: bool = False  # the two versions are the same text: nothing to prove

    @property
    def proven(self) -> bool:
        """Every changed line ran, in both versions, in calls that compared equal, and no call
        differed or failed: what --fix --verify requires before it writes a file."""
        if self.unchanged:
            return self.error is None
        return (self.error is None and bool(self.functions)
                and all(f.status in PASSING for f in self.functions)
                and not any(v.status in ("differs", "failed") for v in self.verdicts))

    @property
    def ok(self) -> bool:
        """What `scanlint verify` exits 0 on: the same as proven."""
        return self.proven


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
    if old == new:
        return VerifyReport([], unchanged=True)
    location = locate_module(path)
    try:
        functions = changed_entries(old, new)
        recorded = recording.entries(location, functions) if recording else None
        entries = plan(old, new, calls, recorded)
        changed = changes(old, new, location.path)
    except (SyntaxError, ValueError) as error:
        return VerifyReport([], f"cannot plan the run: {error}")
    warnings = list(recording.warnings) if recording else []
    if recording and recording.error:
        return VerifyReport([], recording.error, warnings=warnings)
    runnable = [e for e in entries if e.runnable]
    where = dict(cwd=recording.root, sys_path=recording.sys_path) if recording else {}
    results = run_versions(old, new, location, runnable, options, where)
    for version, result in zip(("before", "after"), results):
        if result.get("error"):
            return VerifyReport([], f"{version}: {result['error']}", warnings=warnings)
    verdicts = [compare_entry(e.label, results[0]["entries"].get(e.label),
                              results[1]["entries"].get(e.label), e.function)
                if e.runnable else Verdict(e.label, "not exercised", [e.reason], e.function)
                for e in entries]
    tallies = {f: recording.tallies(location.name, f) for f in functions} if recording else {}
    lines = function_lines(old), function_lines(new)
    spans_of = {f: (lines[0].get(f, set()), lines[1].get(f, set())) for f in functions}
    return VerifyReport(verdicts, functions=function_verdicts(
        functions, verdicts, changed, import_run(results), tallies, spans_of), warnings=warnings)


def import_run(results: list[dict]) -> ImportRun | None:
    """The two imports as a run: equal when the module's data after them compares equal."""
    from scanlint.verify.effects import difference

    runs = [result.get("import") for result in results]
    if not all(runs):
        return None
    ran = tuple(frozenset(tuple(line) for line in run["ran"]) for run in runs)
    if any(run["opaque"] for run in runs):
        return ImportRun(ran, None)
    found = difference(runs[0]["state"], runs[1]["state"], "module data")
    return ImportRun(ran, found is None, found)


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


def render_text(report: VerifyReport, title: str) -> str:
    """Per function its verdict, what it rests on (its calls, the changed lines that ran in
    both versions or did not), then each call's verdict."""
    lines = [title]
    if report.error:
        lines.append(f"  error: {report.error}")
    lines.extend(f"  warning: {w}" for w in report.warnings)
    if report.unchanged:
        lines.append("  nothing to verify: the two versions are the same")
    for function in report.functions:
        own = [v for v in report.verdicts if v.function == function.name]
        alone = len(own) == 1 and own[0].label == function.name
        extras = verdict_extras(own[0]) if alone else ""
        lines.append(f"  {function.name}: {function.status}{extras}")
        lines.extend(f"    {detail}" for detail in (*function.calls, *function.details))
        for verdict in own:
            if not alone:
                lines.extend(verdict_lines(verdict, "    "))
    if not report.functions and not report.error and not report.unchanged:
        lines.append("  nothing changed that runs: no changed line holds code")
    return "\n".join(lines) + "\n"


def proof_lines(path: str, report: VerifyReport, written: bool) -> list[str]:
    """What `check --fix --verify` says of one file: whether its fixes were written, and per
    function the verdict, its calls and which changed lines ran."""
    if report.error or not written:
        lines = [f"{path}: fixes not applied, unverified ({unverified_reason(report)})"]
        if report.error:
            return lines
    else:
        lines = [f"{path}: proven, fixes written"]
    for function in report.functions:
        said = [*function.calls, *function.details]
        lines.append(f"  {function.name}: {function.status}"
                     + (f" ({'; '.join(said)})" if said else ""))
    return lines


def proof_json(report: VerifyReport, written: bool) -> dict:
    """The same as data (`check --verify-report`, and each unapplied fix's `verify` in JSON)."""
    return {"proven": report.proven, "written": written, "error": report.error,
            "warnings": report.warnings, "functions": [asdict(f) for f in report.functions],
            "calls": [{"label": v.label, "function": v.function, "status": v.status,
                       "details": v.details} for v in report.verdicts]}


def unverified_reason(report: VerifyReport) -> str:
    """Why a file's fixes were not written, in one line."""
    if report.error:
        return report.error
    reasons = [f"{f.name}: {f.status}" + (f" ({'; '.join(f.details)})" if f.details else "")
               for f in report.functions if f.status not in PASSING]
    return "; ".join(reasons) or "nothing ran"


def verdict_extras(v: Verdict) -> str:
    """` (jaxprs equal; HLO equal; speed ...)`, or ''."""
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
    return f" ({'; '.join(extras)})" if extras else ""


def verdict_lines(v: Verdict, indent: str) -> list[str]:
    return [f"{indent}{v.label}: {v.status}{verdict_extras(v)}",
            *(f"{indent}  {d}" for d in v.details if d)]


def record_subjects(subjects: list[Subject], pytest_args: list[str], timeout: float,
                    max_calls: int) -> Recording:
    """One test run recording the changed functions of every subject."""
    targets = []
    for subject in subjects:
        location = locate_module(subject.path)
        try:
            functions = changed_entries(subject.old, subject.new)
            found = changes(subject.old, subject.new, location.path)
        except (SyntaxError, ValueError):
            continue  # verify_sources reports it
        on_disk = found.old if disk_text(subject.path) == subject.old else found.new
        targets.append(Target(location, tuple(functions), tuple(r.line for r in on_disk)))
    return record(targets, pytest_args, project_root(subjects[0].path), timeout, max_calls)


def disk_text(path: str) -> str | None:
    try:
        return read_text(path)
    except ValueError:
        return None


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
