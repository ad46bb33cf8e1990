"""The `scanlint verify` command: find what changed, run each version in a session, compare
the two call by call, and say per changed function how strong the evidence is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass, field

from scanlint.core.errors import UsageError
from scanlint.engine.config import ConfigError, find_pyproject, load_settings, pytest_arguments
from scanlint.verify.arguments import PYTEST_TIMEOUT, VARIANTS
from scanlint.verify.compare import DIFFERS, Pair, pair_logs
from scanlint.verify.loading import locate_module, project_root
from scanlint.verify.plan import calls_for, reached_by, undefined
from scanlint.verify.probes import MODULE_LEVEL, Changes, find_changes
from scanlint.verify.runs import Log, RunOptions, Version, outcome_warning, run_versions
from scanlint.verify.verdicts import (PASSING, Context, FunctionVerdict, function_verdicts,
                                      touches)


@dataclass
class VerifyReport:
    verdicts: list[Pair]  # the calls that reached the changed code, or that differ
    error: str | None = None
    functions: list[FunctionVerdict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unchanged: bool = False  # nothing changed that runs: nothing to prove
    changes: Changes | None = None

    def calls_of(self, function: str) -> list[Pair]:
        """The compared calls that reached ``function``'s changed code."""
        if self.changes is None:
            return []
        probes = self.changes.of(function)
        return [pair for pair in self.verdicts if touches(pair, probes)]

    @property
    def proven(self) -> bool:
        """Every changed function identical or agreeing, and no call differing: what
        --fix --verify requires before it writes a file."""
        if self.unchanged:
            return self.error is None
        return (self.error is None and bool(self.functions)
                and all(f.status in PASSING for f in self.functions)
                and not any(v.status == DIFFERS for v in self.verdicts))

    @property
    def ok(self) -> bool:
        """What `scanlint verify` exits 0 on: the same as proven."""
        return self.proven

    @property
    def strength(self) -> str:
        """`identical` when every function is, else `agrees` (for a proven report)."""
        return "identical" if all(f.status == "identical" for f in self.functions) \
            else "agrees"


@dataclass(frozen=True)
class Subject:
    """One file to verify: its path, the version before and the version after."""

    path: str
    old: str
    new: str


@dataclass
class Planned:
    subject: Subject
    location: object = None
    changes: Changes | None = None
    calls: list[str] = field(default_factory=list)
    unplanned: set[str] = field(default_factory=set)  # changed functions no call reaches
    error: str | None = None


def verify_subjects(subjects: list[Subject], calls: list[str], pytest_args: list[str] | None,
                    options: RunOptions) -> dict[str, VerifyReport]:
    """Each file against its new version: one session per version for all of them (the tests,
    or the calls), a second run of the old version where a call differs."""
    planned = []
    for subject in subjects:  # probes numbered across the files: one session runs them all
        first = 1 + max((p.id for item in planned if item.changes
                         for p in (*item.changes.old, *item.changes.new)), default=0)
        planned.append(plan_subject(subject, calls, pytest_args is not None, first))
    # Only comments or docstrings changed: run all the same, the program can read them
    # (`f.__doc__`, inspect.getsource); nothing to verify if no call then differs.
    runnable = [p for p in planned if p.error is None and (
        p.changes.old or p.changes.new or p.subject.old != p.subject.new)]
    reports = {p.subject.path: (VerifyReport([], p.error) if p.error else
                                VerifyReport([], unchanged=True)) for p in planned}
    if not runnable:
        return reports
    sessions = [session_of(runnable, version, pytest_args) for version in (0, 1)]
    logs = run_versions(sessions, options)
    failed = next((f"{v}: {log.error}" for v, log in zip(("before", "after"), logs)
                   if log.error), None)
    if failed:
        return {**reports, **{p.subject.path: VerifyReport([], failed) for p in runnable}}
    pairs = pair_logs(logs[0].records, logs[1].records)
    if any(pair.status == DIFFERS for pair in pairs):
        [again] = run_versions([sessions[0]], options)
        if again.error is None:
            pairs = pair_logs(logs[0].records, logs[1].records, again.records)
    warnings = session_warnings(logs, pytest_args is not None)
    for item in runnable:
        report = report_of(item, pairs, logs, warnings, pytest_args is not None)
        report.unchanged = not (item.changes.old or item.changes.new) and not any(
            pair.status == DIFFERS for pair in report.verdicts)
        reports[item.subject.path] = report
    return reports


def plan_subject(subject: Subject, calls: list[str], tests: bool, first: int) -> Planned:
    item = Planned(subject, location=locate_module(subject.path))
    try:
        item.changes = find_changes(subject.old, subject.new, first)
        if not tests:
            owners = item.changes.owners()
            item.calls = calls_for(subject.old, subject.new, owners, calls)
            reached = reached_by(subject.new, item.calls)
            item.unplanned = {owner for owner in owners if owner != MODULE_LEVEL
                              and owner.split(".")[0] not in reached}
    except (SyntaxError, ValueError) as error:
        item.error = f"cannot plan the run: {error}"
    return item


def session_of(planned: list[Planned], version: int, pytest_args: list[str] | None) -> dict:
    versions = [Version(p.location, (p.subject.old, p.subject.new)[version],
                        tuple((p.changes.old, p.changes.new)[version])) for p in planned]
    calls = [{"module": p.location.name, "expr": call} for p in planned for call in p.calls]
    root = project_root(planned[0].subject.path) if pytest_args is not None else \
        os.path.dirname(planned[0].location.path)
    return {"versions": versions, "calls": calls, "pytest_args": pytest_args, "root": root}


def session_warnings(logs: list[Log], tests: bool) -> list[str]:
    warnings = []
    if tests:
        warning = outcome_warning(logs[0].outcome, "the calls it made are compared")
        if warning:
            warnings.append(warning)
    for log in logs:
        warnings += [e for e in log.errors if e not in warnings]
    return warnings


def report_of(item: Planned, pairs: list[Pair], logs: list[Log], warnings: list[str],
              tests: bool) -> VerifyReport:
    changes = item.changes
    ids = ({p.id for p in changes.old}, {p.id for p in changes.new})
    module = item.location.name
    unexplained = unexplained_tests(pairs)
    mine = [pair for pair in pairs if belongs(pair, ids, module, unexplained)]
    context = Context(backend=logs[1].backend, unplanned=frozenset(item.unplanned),
                      module=module, imported=tuple(logs[1].imported))
    return VerifyReport(mine, functions=function_verdicts(changes, mine, context),
                        warnings=list(warnings), changes=changes)


def belongs(pair: Pair, ids: tuple[set, set], module: str, unexplained: set) -> bool:
    """A call concerns a file when it reached the file's changed code (a module's data after
    a test: when the test's calls did), is the file's import and differs, or differs with no
    changed code reached and no call of its test that did to explain it (``unexplained``)."""
    if pair.label in (f"import {module}", f"state of {module}") and pair.status == DIFFERS \
            and not pair.inherited:
        return True
    reached = any(ids[v] & (pair.hits(v)[0] | set(pair.hits(v)[1]) | pair.blame[v])
                  for v in (0, 1))
    return reached or pair.test in unexplained and pair.status == DIFFERS


def unexplained_tests(pairs: list[Pair]) -> set[str]:
    """Tests with a call that differs although it reached no changed code, and no differing
    call that did: a difference nothing explains concerns every file."""
    def reached(pair: Pair) -> bool:
        return any(pair.hits(v)[0] or pair.hits(v)[1] or pair.blame[v] for v in (0, 1))

    differing = [pair for pair in pairs if pair.status == DIFFERS and not pair.inherited]
    explained = {pair.test for pair in differing if reached(pair)}
    return {pair.test for pair in differing if not reached(pair)} - explained


# -- the outputs -----------------------------------------------------------------------------
def render_text(report: VerifyReport, title: str) -> str:
    """Per function its verdict and what it rests on, then the calls that differ."""
    lines = [title]
    if report.error:
        lines.append(f"  error: {report.error}")
    lines.extend(f"  warning: {w}" for w in report.warnings)
    if report.unchanged:
        lines.append("  nothing to verify: no code that runs changed")
    for function in report.functions:
        extras = f" ({function.details[0]})" if function.status in PASSING else ""
        lines.append(f"  {function.name}: {function.status}{extras}")
        rest = function.details[1:] if function.status in PASSING else function.details
        lines.extend(f"    {detail}" for detail in (*rest, *function.calls))
        if function.covers:
            lines.append(f"    covers: {function.covers}")
    for pair in report.verdicts:
        if pair.status == DIFFERS and not pair.inherited:
            lines.append(f"  {pair.name}: differs")
            lines.extend(f"    {detail}" for detail in pair.details)
    if not report.functions and not report.error and not report.unchanged:
        lines.append("  nothing changed that runs")
    return "\n".join(lines) + "\n"


def pair_json(pair: Pair) -> dict:
    return {"label": pair.name, "function": pair.label, "test": pair.test, "kind": pair.kind,
            "status": pair.status, "details": pair.details, "blind": pair.blind,
            "jaxpr_equal": pair.jaxpr_equal, "hlo_equal": pair.hlo_equal,
            "speed_ratio": pair.speed_ratio, "compile_ratio": pair.compile_ratio,
            "compile_seconds": pair.compile_seconds}


def proof_lines(path: str, report: VerifyReport, written: bool) -> list[str]:
    """What `check --fix --verify` says of one file: whether its fixes were written and on
    what evidence, and per function the verdict."""
    if report.error or not written:
        lines = [f"{path}: fixes not applied, unverified ({unverified_reason(report)})"]
        if report.error:
            return lines
    else:
        lines = [f"{path}: proven ({report.strength}), fixes written"]
    for function in report.functions:
        said = [*function.details, *function.calls]
        lines.append(f"  {function.name}: {function.status}"
                     + (f" ({'; '.join(said)})" if said else ""))
    return lines


def proof_json(report: VerifyReport, written: bool) -> dict:
    """The same as data (`check --verify-report`, and each unapplied fix's `verify` in JSON)."""
    return {"proven": report.proven, "strength": report.strength if report.proven else None,
            "written": written, "error": report.error, "warnings": report.warnings,
            "functions": [asdict(f) for f in report.functions],
            "calls": [pair_json(p) for p in report.verdicts]}


def unverified_reason(report: VerifyReport) -> str:
    """Why a file's fixes were not written, in one line."""
    if report.error:
        return report.error
    reasons = [f"{f.name}: {f.status}" + (f" ({'; '.join(f.details)})" if f.details else "")
               for f in report.functions if f.status not in PASSING]
    reasons += [f"{p.name}: differs ({p.details[0]})" for p in report.verdicts
                if p.status == DIFFERS and not any(f.status == "differs"
                                                   for f in report.functions)][:1]
    return "; ".join(reasons) or "nothing ran"


def json_report(files: list[tuple[str, VerifyReport]]) -> dict:
    """One file: the report's keys. Several: the same, each entry and function with its path."""
    def tagged(items, path):
        return [{**item, **({"path": path} if len(files) > 1 else {})} for item in items]

    errors = [f"{path}: {r.error}" if len(files) > 1 else r.error for path, r in files if r.error]
    return {"ok": all(r.ok for _, r in files), "error": "; ".join(errors) or None,
            "warnings": sorted({w for _, r in files for w in r.warnings}),
            "entries": [e for path, r in files
                        for e in tagged([pair_json(p) for p in r.verdicts], path)],
            "functions": [f for path, r in files
                          for f in tagged([asdict(f) for f in r.functions], path)]}


def write_reports(reports: list[tuple[str, list[tuple[str, VerifyReport]]]], form: str) -> None:
    if form == "json":
        sys.stdout.write(json.dumps({name: json_report(files) for name, files in reports},
                                    indent=2) + "\n")
        return
    for name, files in reports:
        for path, report in files:
            suffix = f" [{name} inputs]" if name != "default" else ""
            sys.stdout.write(render_text(report, path + suffix))


# -- the command -----------------------------------------------------------------------------
def verify_fixes(subjects: list[Subject], settings, pytest_flag: str | None
                 ) -> dict[str, VerifyReport]:
    """`check --fix --verify`: each file against its fixed text, one session per version."""
    pytest_args = pytest_line(pytest_flag, settings)
    options = RunOptions(max_jaxprs=settings.verify_max_calls or 1)
    return verify_subjects(subjects, list(settings.verify_calls), pytest_args, options)


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
    if variants and pytest_args is not None:
        raise UsageError("--dtypes casts the inputs of --call entries; the tests' own inputs "
                         "are not cast (drop --pytest, or --dtypes)")
    reports = []
    for variant in ["", *variants]:
        options = RunOptions(timeout=args.timeout, pytest_timeout=args.pytest_timeout,
                             hlo=args.hlo, bench=args.bench and not variant, variant=variant,
                             max_jaxprs=settings.verify_max_calls or 1)
        verified = verify_subjects(subjects, calls, pytest_args, options)
        reports.append((variant or "default", [
            (path, verified.get(path) or VerifyReport([], unreadable.get(path)))
            for path in dict.fromkeys(args.files) if path in verified or path in unreadable]))
    write_reports(reports, args.output_format)
    return 0 if all(r.ok for _, files in reports for _, r in files) else 1


def check_calls(calls: list[str], subjects: list[Subject]) -> None:
    for call in calls:
        try:
            missing = [undefined(s.new, call) for s in subjects]
        except (SyntaxError, ValueError) as error:
            raise UsageError(f"--call {call!r}: {error}") from None
        if all(missing):
            names = ", ".join(sorted(min(missing, key=len)))
            raise UsageError(f"--call {call!r}: no FILE defines {names}")


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


__all__ = ["PYTEST_TIMEOUT", "Subject", "VerifyReport", "verify_fixes", "verify_subjects",
           "run_verify", "proof_lines", "proof_json", "unverified_reason", "pytest_line"]
