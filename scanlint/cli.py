"""The command line: `scanlint check`, `scanlint rule`, `scanlint verify`, `scanlint measure`,
`scanlint server`.

Diagnostics go to stdout, the summary to stderr. Exit 0: clean; 1: findings left; 2: error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from dataclasses import dataclass, field

from scanlint import __version__
from scanlint.core.diagnostic import Diagnostic
from scanlint.core.errors import UsageError, require
from scanlint.core.settings import PARAM_STYLES, STEP_STYLES, Settings
from scanlint.engine.config import (ConfigError, find_pyproject, load_settings, validate_codes,
                                    with_overrides)

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _codes(value: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in value.split(",") if c.strip())


DESCRIPTION = ("A linter and codemod for JAX's loops: lax.scan, fori_loop, while_loop, "
               "lax.map (and Flax NNX's).")
EXAMPLES = """examples:
  scanlint check src/                        report the loops' findings
  scanlint check --fix src/                  apply the safe fixes
  scanlint check --diff src/                 show the fixes, write nothing
  scanlint check --fix --unsafe-fixes --verify --pytest tests/ src/
                                             write fixes proven bit-identical on the tests' calls
  scanlint rule SCN101                       what a rule checks and why
  scanlint verify --rev HEAD~1 src/sim.py    prove a change computes the same bits
  scanlint measure --pytest tests/ src/      count the loops jit unrolls when the tests run
"""


def build_parser() -> argparse.ArgumentParser:
    from scanlint.report import FORMAT_MODULES

    parser = argparse.ArgumentParser(
        prog="scanlint", description=DESCRIPTION, epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"scanlint {__version__}")
    # prog given: argparse would otherwise format a usage line (importing shutil) to make it
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog="scanlint")

    check = commands.add_parser("check", help="check files and optionally fix them")
    check.add_argument("paths", nargs="*", default=None, metavar="PATH",
                       help="files or folders (default: .); `-` reads standard input")
    check.add_argument("--fix", action="store_true", help="apply safe fixes")
    check.add_argument("--unsafe-fixes", action="store_true", help="also apply unsafe fixes")
    check.add_argument("--diff", action="store_true",
                       help="print the fixes as a unified diff and write nothing")
    check.add_argument("--select", type=_codes, metavar="CODES",
                       help="comma-separated codes or prefixes to check (SCN2,SCN301)")
    check.add_argument("--extend-select", type=_codes, metavar="CODES",
                       help="codes added to the selection")
    check.add_argument("--ignore", type=_codes, metavar="CODES",
                       help="comma-separated codes or prefixes to leave out")
    check.add_argument("--output-format", choices=sorted(FORMAT_MODULES), default="text",
                       metavar="FORMAT",
                       help=f"how findings are printed: {', '.join(sorted(FORMAT_MODULES))} "
                            "(default: text)")
    check.add_argument("--step-style", choices=STEP_STYLES,
                       help="how step functions are written: def (the default: lambdas bound "
                            "to a name are reported), lambda, or any")
    check.add_argument("--param-style", choices=PARAM_STYLES,
                       help="how a step gets its constants: closure (capture them), carry "
                            "(thread them through the carry), consistent (the style most of "
                            "the file uses), or any (the default: no SCN1xx findings)")
    check.add_argument("--preview", action=argparse.BooleanOptionalAction, default=None,
                       help="also run the rules in preview (their precision on real code is "
                            "not yet measured)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    check.add_argument("--cache-dir", metavar="PATH", help="cache folder (default: .scanlint_cache)")
    check.add_argument("--jobs", "-j", type=int, default=None,
                       help="worker processes (default: the number of cores)")
    check.add_argument("--verify", action="store_true",
                       help="with --fix: write a file's fixes only if `scanlint verify` proves "
                            "them bit-identical (runs your code under jax)")
    check.add_argument("--pytest", metavar="ARGS",
                       help="with --verify: run the project's tests once (pytest ARGS) and "
                            "replay the calls they make to the changed functions")
    check.add_argument("--verify-report", metavar="PATH",
                       help="with --verify: write what was proven, per file and function, as "
                            "JSON to PATH")
    check.add_argument("--since", "--diff-base", dest="since", metavar="REV",
                       help="report only findings on lines added or changed since this git "
                            "revision")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    check.add_argument("--statistics", action="store_true", help="print counts per rule")
    check.add_argument("--verbose", "-v", action="store_true",
                       help="also say how many files were passed over unparsed (they hold no "
                            "JAX loop)")
    check.add_argument("--force-exclude", action="store_true",
                       help="apply `exclude` to files named on the command line too "
                            "(for pre-commit)")
    check.add_argument("--stdin-filename", metavar="PATH", help="the file name to report for `-`")
    check.add_argument("--config", metavar="PATH",
                       help="a pyproject.toml to read [tool.scanlint] from")
    check.add_argument("--quiet", "-q", action="store_true", help="no summary on stderr")

    rule = commands.add_parser("rule", help="print a rule's documentation")
    rule.add_argument("code", nargs="?", help="a code (SCN001) or name (lambda-step)")
    rule.add_argument("--all", action="store_true", help="every rule, as docs/rules.md")

    from scanlint.verify.arguments import add_verify_parser

    add_verify_parser(commands)
    from scanlint.measure.arguments import add_measure_parser

    add_measure_parser(commands, _codes, sorted(FORMAT_MODULES))
    commands.add_parser("server", help="run the language server on stdio (needs scanlint[lsp])")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse already printed its message
        return EXIT_ERROR if exit_.code not in (0, None) else EXIT_CLEAN
    try:
        if args.command == "check":
            return run_check(args)
        if args.command == "rule":
            return run_rule(args)
        if args.command == "verify":
            require("jax", "scanlint verify")  # it runs the code under jax
            from scanlint.verify.cli import run_verify

            return run_verify(args)
        if args.command == "measure":
            require("jax", "scanlint measure")
            require("pytest", "scanlint measure")
            from scanlint.measure.cli import run_measure

            return run_measure(args)
        if args.command == "server":
            from scanlint.lsp import serve

            return serve()
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    except (ConfigError, UsageError) as error:
        print(f"scanlint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug in scanlint: one clear line, never a traceback
        print(f"scanlint: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        if os.environ.get("SCANLINT_DEBUG"):
            raise
        return EXIT_ERROR


# -- scanlint rule -------------------------------------------------------------------------
def run_rule(args) -> int:
    from scanlint.report.rule_docs import rule_markdown, rules_markdown
    from scanlint.rules import rule_by_code

    if args.all:
        sys.stdout.write(rules_markdown())
        return EXIT_CLEAN
    if not args.code:
        raise UsageError("name a rule code (`scanlint rule SCN001`) or pass --all")
    rule = rule_by_code(args.code)
    if rule is None:
        raise UsageError(f"unknown rule `{args.code}`")
    sys.stdout.write(rule_markdown(rule))
    return EXIT_CLEAN


# -- scanlint check ------------------------------------------------------------------------
def resolve_settings(args) -> tuple[Settings, str]:
    """The settings and the project root that exclude patterns are relative to."""
    pyproject = args.config or find_pyproject(os.getcwd())
    if args.config and not os.path.isfile(args.config):
        raise ConfigError(f"--config {args.config}: no such file")
    settings = load_settings(pyproject)
    root = os.path.dirname(os.path.abspath(pyproject)) if pyproject else os.getcwd()
    return with_overrides(
        settings,
        select=tuple(validate_codes(list(args.select), "--select")) if args.select else None,
        extend_select=(tuple(validate_codes(list(args.extend_select), "--extend-select"))
                       if args.extend_select else None),
        ignore=tuple(validate_codes(list(args.ignore), "--ignore")) if args.ignore else None,
        step_style=args.step_style,
        param_style=args.param_style,
        preview=args.preview,
    ), root


@dataclass
class RunSummary:
    diagnostics: list[Diagnostic]
    fixed: int
    files_checked: int
    files_failed: int
    diff_text: str
    sources: dict[str, str] = field(default_factory=dict)  # the text the diagnostics are of
    notebooks: dict = field(default_factory=dict)  # path -> NotebookFile, for notebooks
    verified: dict = field(default_factory=dict)  # path -> why its fixes were not written
    unparsed: int = 0  # files with no word of a JAX loop: not parsed, syntax not checked


def repo_root(start: str) -> str | None:
    from scanlint.source.gitdiff import repo_root as find

    return find(start)


def only_changed(diagnostics: list[Diagnostic], rev: str, ctx) -> list[Diagnostic]:
    """The findings that touch a line added or changed since ``rev`` (lines of the stored
    file: a notebook's JSON)."""
    from scanlint.source.gitdiff import GitError, changed_lines, verify_revision

    try:
        verify_revision(rev, os.getcwd())
        cache: dict[str, set[int] | None] = {}
        kept = []
        for d in diagnostics:
            if d.path not in cache:
                cache[d.path] = changed_lines(d.path, rev) if os.path.isfile(d.path) else None
            lines = cache[d.path]
            first, last = (ctx.file_position(d.path, at).line for at in (d.start, d.end))
            if lines is None or any(n in lines for n in range(first, last + 1)):
                kept.append(d)
        return kept
    except GitError as error:
        raise UsageError(f"--since {rev}: {error}") from None


def run_check(args) -> int:
    from scanlint.report import ReportContext, renderer

    settings, root = resolve_settings(args)
    if args.verify and not args.fix:
        raise UsageError("--verify goes with --fix: it decides which fixes are written")
    if args.verify:
        require("jax", "scanlint check --verify")
    if (args.pytest is not None or args.verify_report) and not (args.verify and args.fix):
        raise UsageError(f"{'--pytest' if args.pytest is not None else '--verify-report'} "
                         "goes with --fix --verify")
    paths = args.paths or ["."]
    if "-" in paths:
        if len(paths) > 1:
            raise UsageError("`-` (standard input) cannot be combined with other paths")
        return check_stdin(args, settings)
    summary = check_paths(paths, settings, args, root)
    ctx = ReportContext(unsafe_fixes=args.unsafe_fixes, sources=summary.sources,
                        repo_root=repo_root(os.getcwd()), notebooks=summary.notebooks,
                        verify=summary.verified)
    if args.since:
        summary.diagnostics = only_changed(summary.diagnostics, args.since, ctx)
    if args.diff:
        sys.stdout.write(summary.diff_text)
        if not args.quiet:
            sys.stderr.write(diff_summary(summary, ctx))
        # as ruff: 1 when there is a diff to apply, findings left without one or not
        return EXIT_FINDINGS if summary.fixed and not args.exit_zero else EXIT_CLEAN
    sys.stdout.write(renderer(args.output_format)(summary.diagnostics, ctx))
    if args.statistics:
        sys.stdout.write(statistics(summary.diagnostics, ctx))
    if not args.quiet:
        noted = args.output_format == "text" and (args.statistics or args.verbose)
        sys.stderr.write(summary_text(summary, ctx, args.fix, unparsed=noted))
    return exit_code(summary, args.exit_zero)


def exit_code(summary: RunSummary, exit_zero: bool) -> int:
    if summary.files_checked and summary.files_failed == summary.files_checked:
        return EXIT_ERROR
    if summary.diagnostics and not exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def check_paths(paths: list[str], settings: Settings, args, root: str) -> RunSummary:
    from scanlint.engine.check import READ_ERROR, system_diagnostic
    from scanlint.engine.runner import run_files
    from scanlint.source.discovery import discover

    found = discover(paths, settings.exclude + settings.extend_exclude,
                     settings.respect_gitignore, root, force_exclude=args.force_exclude)
    diagnostics = [system_diagnostic(READ_ERROR, path, "cannot read: No such file or directory")
                   for path in found.missing]
    named = frozenset(p for p in paths if os.path.isfile(p))  # always parsed
    results = run_files(found.files, settings, fix=args.fix or args.diff,
                        unsafe=args.unsafe_fixes, jobs=args.jobs,
                        cache_dir=None if args.no_cache else cache_dir(args), named=named)
    verified = verify_fixes(results, settings, args) if args.verify and not args.diff else {}
    if verified:
        say_what_was_proven(verified, args)
    fixed, diffs, failed = 0, [], len(found.missing)
    sources: dict[str, str] = {}
    notebooks: dict = {}
    for result in results:
        if result.source is not None:
            remember(result.source, sources, notebooks)
        if any(d.code in ("SCN900", "SCN999") for d in result.diagnostics):
            failed += 1
        if result.fixed_text is not None and result.source is not None:
            if args.diff:
                diffs.append(file_diff(result))
            elif args.verify and not verified[result.path].proven:
                diagnostics.extend(unverified(result, settings))
                continue
            elif not write_fixed(result, diagnostics):
                continue
            else:
                remember(fixed_source(result), sources, notebooks)
            fixed += result.applied
        diagnostics.extend(result.diagnostics)
    add_missing_sources(sources, notebooks, diagnostics)
    return RunSummary(sorted(diagnostics, key=Diagnostic.sort_key), fixed,
                      len(found.files) + len(found.missing), failed, "".join(diffs), sources,
                      notebooks, unapplied(verified), sum(not r.parsed for r in results))


def remember(source, sources: dict[str, str], notebooks: dict) -> None:
    """The text a file's diagnostics are reported against: a notebook's code as its cells
    read (IPython lines in place), with the notebook to map positions to cells."""
    if source.notebook is not None:
        sources[source.path] = source.notebook.code.display
        notebooks[source.path] = source.notebook
    else:
        sources[source.path] = source.text
        notebooks.pop(source.path, None)


def fixed_source(result):
    """The fixed file as a SourceFile."""
    from scanlint.source.source_file import SourceFile

    return result.fixed_source or SourceFile(result.path, result.fixed_text,
                                             result.source.encoding)


def add_missing_sources(sources: dict[str, str], notebooks: dict,
                        diagnostics: list[Diagnostic]) -> None:
    """Formats quote lines and count columns in bytes: cached results carry no text."""
    from scanlint.source.reading import read_source
    from scanlint.source.source_file import SourceError

    for path in {d.path for d in diagnostics} - set(sources):
        try:
            remember(read_source(path), sources, notebooks)
        except SourceError:
            pass


def verify_fixes(results, settings: Settings, args) -> dict:
    """Path -> the verify report of its fixes (one test run for all files with --pytest). A
    notebook runs as its code cells."""
    from scanlint.source.notebook import runnable_text
    from scanlint.verify.cli import Subject, verify_fixes as verify

    subjects = [Subject(r.path, runnable_text(r.source), runnable_text(fixed_source(r)))
                for r in results if r.fixed_text is not None and r.source is not None]
    reports = verify(subjects, settings, args.pytest)
    for warning in sorted({w for report in reports.values() for w in report.warnings}):
        print(f"scanlint: warning: {warning}", file=sys.stderr)
    return reports


def say_what_was_proven(reports: dict, args) -> None:
    """Per file and function: the verdict, its calls, which changed lines ran (stderr, and as
    JSON with --verify-report)."""
    from scanlint.verify.cli import proof_json, proof_lines

    if not args.quiet:
        for path, report in reports.items():
            for line in proof_lines(path, report, report.proven):
                print(line, file=sys.stderr)
    if args.verify_report:
        document = {path: proof_json(report, report.proven) for path, report in reports.items()}
        try:
            with open(args.verify_report, "w", encoding="utf-8") as out:
                json.dump(document, out, indent=2)
                out.write("\n")
        except OSError as error:
            raise UsageError(f"--verify-report {args.verify_report}: {error.strerror}") from None


def unapplied(reports: dict) -> dict:
    """Path -> what the JSON formats say of each fix left unapplied: why it was not proven."""
    from scanlint.verify.cli import unverified_reason

    return {path: {"status": "unverified", "reason": unverified_reason(report)}
            for path, report in reports.items() if not report.proven}


def unverified(result, settings: Settings) -> list[Diagnostic]:
    """The file's findings as they stand, its fixes left unapplied."""
    from scanlint.engine.check import check_notebook, check_text

    if result.source.notebook is not None:
        return check_notebook(result.source, settings).diagnostics
    return check_text(result.source.text, result.path, settings)


def cache_dir(args) -> str:
    return args.cache_dir or os.environ.get("SCANLINT_CACHE_DIR") or ".scanlint_cache"


def write_fixed(result, diagnostics: list[Diagnostic]) -> bool:
    """Write a fixed file; a write the file system refuses is the file's problem (SCN900,
    naming the file and why), not an internal error, and the file is left as it was."""
    from scanlint.engine.check import INTERNAL_ERROR, READ_ERROR, system_diagnostic
    from scanlint.source.writing import write_back

    try:
        write_back(result.path, fixed_bytes(result))
    except OSError as error:
        why = error.strerror or str(error)
        diagnostics.append(system_diagnostic(
            READ_ERROR, result.path, f"cannot write the fix: {why}; the file is left as it was"))
        return False
    except UnicodeEncodeError as error:
        diagnostics.append(system_diagnostic(
            INTERNAL_ERROR, result.path, f"internal error: cannot write the fix: {error}"))
        return False
    return True


def fixed_bytes(result) -> bytes:
    """What --fix writes: the fixed text in the file's encoding, or the fixed notebook."""
    from scanlint.source.reading import encode_source

    if result.fixed_source is not None and result.fixed_source.notebook is not None:
        return result.fixed_source.notebook.data
    return encode_source(result.source, result.fixed_text)


def file_diff(result) -> str:
    """What --diff prints for a fixed file: one diff, or one per changed notebook cell."""
    if result.fixed_source is None or result.fixed_source.notebook is None:
        return unified_diff(result.path, result.source.text, result.fixed_text)
    from scanlint.source.notebook import changed_cells

    def whole_lines(source: str) -> str:  # a cell's last line rarely ends with a newline
        return source if source.endswith(("\n", "\r")) or not source else source + "\n"

    return "".join(unified_diff(f"{result.path}:cell {number}", whole_lines(old),
                                whole_lines(new)) for number, old, new
                   in changed_cells(result.source.notebook, result.fixed_source.notebook))


def unified_diff(path: str, old: str, new: str) -> str:
    import difflib

    # git's a/ b/ prefixes on a relative path (`git apply`, `patch -p1`); an absolute path
    # stands as it is, as ruff prints it (`a//tmp/x.py` helps no one).
    if not os.path.isabs(path):
        path = os.path.normpath(path).replace(os.sep, "/")  # `./src/x.py`: git refuses `a/./`
    before, after = (path, path) if os.path.isabs(path) else (f"a/{path}", f"b/{path}")
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                 fromfile=before, tofile=after)
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def check_stdin(args, settings: Settings) -> int:
    from scanlint.engine.check import check_file
    from scanlint.report import ReportContext, renderer

    path = args.stdin_filename or "-"
    result = check_file(path, settings, fix=args.fix or args.diff, unsafe=args.unsafe_fixes,
                        data=sys.stdin.buffer.read(), named=True)
    sources: dict[str, str] = {}
    notebooks: dict = {}
    final = fixed_source(result) if result.fixed_text is not None else result.source
    if final is not None:
        remember(final, sources, notebooks)
    ctx = ReportContext(unsafe_fixes=args.unsafe_fixes, sources=sources,
                        repo_root=repo_root(os.getcwd()), notebooks=notebooks)
    summary = RunSummary(result.diagnostics, result.applied, 1,
                         int(any(d.code in ("SCN900", "SCN999") for d in result.diagnostics)), "")
    if args.diff:
        if result.fixed_text is not None and result.source is not None:
            sys.stdout.write(file_diff(result))
        if not args.quiet:
            sys.stderr.write(diff_summary(summary, ctx))
        return EXIT_FINDINGS if result.applied and not args.exit_zero else EXIT_CLEAN
    if args.fix:  # like ruff: the fixed source on stdout, the findings on stderr
        write_stdout(final)
        sys.stderr.write(renderer(args.output_format)(result.diagnostics, ctx))
    else:
        sys.stdout.write(renderer(args.output_format)(result.diagnostics, ctx))
    if not args.quiet:
        sys.stderr.write(summary_text(summary, ctx, args.fix))
    return exit_code(summary, args.exit_zero)


def write_stdout(source) -> None:
    """The (fixed) file on stdout: its text, or a notebook's bytes exactly as --fix writes."""
    if source is None:
        return
    if source.notebook is None:
        sys.stdout.write(source.text)
        return
    sys.stdout.flush()
    sys.stdout.buffer.write(source.notebook.data)
    sys.stdout.buffer.flush()


NO_FILES = "warning: No Python files found under the given path(s)\n"  # ruff's words


def summary_text(summary: RunSummary, ctx, fixing: bool, unparsed: bool = False) -> str:
    """The summary on stderr; the unparsed files' count only when asked (``unparsed``)."""
    if not summary.files_checked:
        return NO_FILES
    return findings_text(summary, ctx, fixing) + (unparsed_text(summary.unparsed)
                                                   if unparsed else "")


def diff_summary(summary: RunSummary, ctx) -> str:
    """`--diff`'s summary: what `--fix` would fix, and the findings it would leave."""
    if not summary.files_checked:
        return NO_FILES
    plural = lambda n: "error" if n == 1 else "errors"  # noqa: E731
    text = f"Would fix {summary.fixed} {plural(summary.fixed)}."
    left = len(summary.diagnostics)
    if not left:
        return text + "\n"
    hidden = sum(1 for d in summary.diagnostics if d.fix is not None and not ctx.applicable(d))
    text += f" {left} {plural(left)} would be left"
    if hidden == left:
        return text + f" ({hidden} with a fix enabled by the `--unsafe-fixes` option).\n"
    text += f" ({left - hidden} without an automatic fix"
    return text + (f", {hidden} with a fix enabled by the `--unsafe-fixes` option).\n"
                   if hidden else "); `scanlint check` lists them.\n")


def unparsed_text(count: int) -> str:
    """A file with no word of a JAX loop is passed over unparsed: say so, so that "passed"
    is not read as "Python can compile it"."""
    if not count:
        return ""
    files = "1 file holds" if count == 1 else f"{count} files hold"
    return f"{files} no JAX loop and {'was' if count == 1 else 'were'} not parsed " \
           "(a syntax error there is not reported).\n"


def findings_text(summary: RunSummary, ctx, fixing: bool) -> str:
    remaining = len(summary.diagnostics)
    if remaining == 0 and not summary.fixed:
        return "All checks passed!\n"
    plural = lambda n: "error" if n == 1 else "errors"  # noqa: E731
    if fixing:
        total = remaining + summary.fixed
        text = f"Found {total} {plural(total)} ({summary.fixed} fixed, {remaining} remaining).\n"
    else:
        text = f"Found {remaining} {plural(remaining)}.\n"
    fixable = sum(1 for d in summary.diagnostics if ctx.applicable(d))
    hidden = sum(1 for d in summary.diagnostics
                 if d.fix is not None and not ctx.applicable(d))
    if fixable and not fixing:
        text += f"[*] {fixable} fixable with the `--fix` option"
        text += (f" ({hidden} hidden fixes can be enabled with the `--unsafe-fixes` option).\n"
                 if hidden else ".\n")
    elif hidden:
        text += (f"No fixes available ({hidden} hidden fixes can be enabled with the "
                 "`--unsafe-fixes` option).\n")
    return text


def statistics(diagnostics: list[Diagnostic], ctx) -> str:
    from scanlint.rules import rule_by_code

    counts = Counter(d.code for d in diagnostics)
    fixable = {d.code for d in diagnostics if ctx.applicable(d)}
    rows = []
    for code, count in counts.most_common():
        rule = rule_by_code(code)
        rows.append(f"{count:5d}\t{code}\t{'[*]' if code in fixable else '[ ]'} "
                    f"{rule.NAME if rule else ''}\n")
    return "".join(rows)
