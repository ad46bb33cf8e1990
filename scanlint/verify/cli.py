"""The `scanlint verify` command: plan, run both versions, compare, report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass

from scanlint.verify.compare import Verdict, compare_entry
from scanlint.verify.plan import plan
from scanlint.verify.runner import RunOptions, VersionRun

VARIANTS = ("float16", "bfloat16", "x64")


def add_verify_parser(commands) -> None:
    verify = commands.add_parser(
        "verify", help="run code before and after a change under jax.jit and compare outputs")
    verify.add_argument("files", nargs="+", metavar="FILE",
                        help="OLD.py NEW.py, or one FILE (compared with its --fix result, "
                             "or with --rev)")
    verify.add_argument("--rev", help="compare FILE with its version at this git revision")
    verify.add_argument("--call", action="append", default=[],
                        help='an entry call evaluated in the module, e.g. "run(s0, a, 0.01)"')
    verify.add_argument("--step-style", choices=("def", "lambda", "any"))
    verify.add_argument("--param-style", choices=("closure", "carry", "consistent", "any"))
    verify.add_argument("--unsafe-fixes", action="store_true",
                        help="with one FILE: include unsafe fixes in the version compared")
    verify.add_argument("--bench", action="store_true", help="time cached jitted calls")
    verify.add_argument("--hlo", action="store_true", help="also compare the optimised HLO")
    verify.add_argument("--dtypes", default="",
                        help=f"also run with float inputs cast: comma-separated {VARIANTS}")
    verify.add_argument("--timeout", type=float, default=300.0, help="seconds per version")
    verify.add_argument("--output-format", choices=("text", "json"), default="text")
    verify.add_argument("--config", help="a pyproject.toml with [tool.scanlint]")


@dataclass
class VerifyReport:
    verdicts: list[Verdict]
    error: str | None = None

    @property
    def ok(self) -> bool:
        exercised = [v for v in self.verdicts if v.status != "not exercised"]
        return (self.error is None and bool(exercised)
                and all(v.status == "identical" for v in exercised))

    @property
    def proven(self) -> bool:
        """Every changed entry ran and was identical (what --fix --verify requires)."""
        return self.ok and all(v.status == "identical" for v in self.verdicts)


def verify_sources(old: str, new: str, path: str, calls: list[str],
                   options: RunOptions) -> VerifyReport:
    """Run both versions (in parallel subprocesses) and compare every entry."""
    try:
        entries = plan(old, new, calls)
    except (SyntaxError, ValueError) as error:
        return VerifyReport([], f"cannot plan the run: {error}")
    runnable = [e for e in entries if e.call]
    results = [{}, {}]
    if runnable:
        if options.bench:  # one at a time: on a small machine two would time each other
            results = [VersionRun(source, path, runnable, options).result()
                       for source in (old, new)]
        else:
            runs = [VersionRun(source, path, runnable, options) for source in (old, new)]
            results = [run.result() for run in runs]
        for version, result in zip(("before", "after"), results):
            if result.get("error"):
                return VerifyReport([], f"{version}: {result['error']}")
    verdicts = []
    for entry in entries:
        if entry.call is None:
            verdicts.append(Verdict(entry.label, "not exercised", [entry.reason]))
            continue
        verdicts.append(compare_entry(entry.label, results[0]["entries"].get(entry.label),
                                      results[1]["entries"].get(entry.label)))
    return VerifyReport(verdicts)


def render_text(report: VerifyReport, title: str) -> str:
    lines = [title]
    if report.error:
        lines.append(f"  error: {report.error}")
    for v in report.verdicts:
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
        lines.append(f"  {v.label}: {v.status}{suffix}")
        lines.extend(f"    {d}" for d in v.details if d)
    if not report.verdicts and not report.error:
        lines.append("  nothing changed: no entry point to run")
    return "\n".join(lines) + "\n"


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
    from scanlint.files import decode_source

    return decode_source(done.stdout, path).text


def read_text(path: str) -> str:
    from scanlint.files import SourceError, read_source

    try:
        return read_source(path).text
    except SourceError as error:
        raise ValueError(f"{path}: {error}") from None


def fixed_version(path: str, text: str, args) -> str:
    from scanlint.config import find_pyproject, load_settings, with_overrides
    from scanlint.engine import fix_text

    settings = with_overrides(load_settings(args.config or find_pyproject(path)),
                              step_style=args.step_style, param_style=args.param_style)
    return fix_text(text, path, settings, unsafe=args.unsafe_fixes).text


def configured_calls(path: str, args) -> list[str]:
    from scanlint.config import find_pyproject, load_settings

    if args.call:
        return list(args.call)
    return list(load_settings(args.config or find_pyproject(path)).verify_calls)


def run_verify(args) -> int:
    from scanlint.cli import UsageError

    if len(args.files) > 2 or (args.rev and len(args.files) != 1):
        raise UsageError("verify takes OLD NEW, or one FILE (with or without --rev)")
    variants = [v.strip() for v in args.dtypes.split(",") if v.strip()]
    if any(v not in VARIANTS for v in variants):
        raise UsageError(f"--dtypes takes {', '.join(VARIANTS)}")
    try:
        if len(args.files) == 2:
            path = args.files[1]
            old, new = read_text(args.files[0]), read_text(path)
        else:
            path = args.files[0]
            current = read_text(path)
            old, new = ((git_version(path, args.rev), current) if args.rev
                        else (current, fixed_version(path, current, args)))
        calls = configured_calls(path, args)
    except ValueError as error:
        raise UsageError(str(error)) from None
    reports = []
    for variant in ["", *variants]:
        options = RunOptions(timeout=args.timeout, hlo=args.hlo, bench=args.bench and not variant,
                             variant=variant)
        reports.append((variant or "default", verify_sources(old, new, path, calls, options)))
    if args.output_format == "json":
        sys.stdout.write(json.dumps({name: {"ok": r.ok, "error": r.error,
                                            "entries": [asdict(v) for v in r.verdicts]}
                                     for name, r in reports}, indent=2) + "\n")
    else:
        for name, report in reports:
            title = f"{path}" + (f" [{name} inputs]" if name != "default" else "")
            sys.stdout.write(render_text(report, title))
    return 0 if all(r.ok for _, r in reports) else 1
