"""The engine: text -> prefilter -> parse -> model -> rules -> noqa -> diagnostics (+ fixes).

The CLI, the flake8 plugin and the language server all call `check_text` / `check_file`.
"""

from __future__ import annotations

import fnmatch
import gc
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scanlint.core.diagnostic import Diagnostic, Position
from scanlint.core.settings import Settings
from scanlint.engine.deep_code import may_be_too_deep, on_big_stack, too_deep
from scanlint.engine.noqa import noqa_comments, suppressed
from scanlint.prefilter.text import may_contain_site, may_contain_traced_code
from scanlint.source.reading import decode_source, read_source
from scanlint.source.source_file import SourceError, SourceFile

if TYPE_CHECKING:
    from scanlint.source.notebook import CellBoundaries

READ_ERROR, INTERNAL_ERROR, SYNTAX_ERROR = "SCN900", "SCN990", "SCN999"
SYSTEM_CODES = (READ_ERROR, INTERNAL_ERROR, SYNTAX_ERROR)


def system_diagnostic(code: str, path: str, message: str, line: int = 1,
                      column: int = 0) -> Diagnostic:
    position = Position(line, column)
    return Diagnostic(code, message, path, position, position, None, line, (line, line))


# -- selection --------------------------------------------------------------------------
def is_selected(code: str, settings: Settings, path: str = "") -> bool:
    def matches(prefixes) -> bool:
        return any(p == "ALL" or code.startswith(p) for p in prefixes)

    if code in SYSTEM_CODES:
        return True
    if settings.select and not matches(settings.select) and not matches(settings.extend_select):
        return False
    if matches(settings.ignore):
        return False
    rel = path.replace(os.sep, "/")
    for pattern, codes in settings.per_file_ignores:
        if (fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(os.path.basename(rel), pattern)
                or fnmatch.fnmatch(rel, "*/" + pattern)) and matches(codes):
            return False
    return True


def active_rules(settings: Settings, path: str = ""):
    from scanlint.rules import all_rules

    return [rule for rule in all_rules()
            if not rule.SYSTEM and (settings.preview or not rule.PREVIEW)
            and not (settings.defer_program and rule.PROGRAM)
            and rule.enabled(settings) and is_selected(rule.CODE, settings, path)]


# -- checking ---------------------------------------------------------------------------
def check_text(text: str, path: str, settings: Settings, tree=None,
               trace: CheckTrace | None = None, cancelled=None,
               parser=None) -> list[Diagnostic]:
    """Every unsuppressed diagnostic for one file's text. ``tree``: Python's `ast` of the
    same text, when the caller has it (flake8 does). The text tests run here, before the
    big-stack thread: starting one costs about a millisecond, more than they take.
    ``trace`` (engine/incremental.py) receives what a later edit of the text may reuse;
    ``cancelled`` (a `threading.Event`), when set, stops the check between stages with
    CheckCancelled (the language server's stale checks); ``parser``: see `check_facts`."""
    # Rules (and LibCST, which they import) are loaded only for files that may hold a site.
    if not may_contain_site(text):
        return []
    from scanlint.prefilter.syntax import text_verdict

    verdict = text_verdict(text)
    if (verdict is None or verdict == "iterations" and not iterations_wanted(settings, path)) \
            and not (may_contain_traced_code(text) and program_wanted(settings, path)) \
            and not may_be_too_deep(text):
        return []  # what follows would find no site either, and no depth to report
    iterations = verdict == "iterations" or iterations_wanted(settings, path)
    with rare_collections():
        return on_big_stack(_check_text, text, path, settings, tree, trace, cancelled,
                            iterations, parser)


def program_wanted(settings: Settings, path: str = "") -> bool:
    """Whether an active rule reads the file's program (`Rule.PROGRAM`): else a file the
    site tests turn away is not parsed for them, and no program is built."""
    return any(rule.PROGRAM for rule in active_rules(settings, path))


def iterations_wanted(settings: Settings, path: str = "") -> bool:
    """Whether an active rule reads every Python iteration under jit (`Rule.ITERATIONS`):
    else the prefilters keep only the functions under jit with a loop SCN301 counts."""
    return any(rule.ITERATIONS for rule in active_rules(settings, path))


@contextmanager
def rare_collections():
    """Parsing makes hundreds of thousands of objects per file and none is garbage before
    the file is done (the model then breaks its own cycles); with Python's default
    thresholds the collector walks them again every 700 allocations, about a fifth of the
    time spent checking the jax sources. While checking, collect the young generation every
    50,000 allocations, and the older ones 20 times less often; then as before."""
    thresholds = gc.get_threshold()
    if thresholds[0] >= _RARE_COLLECTIONS[0]:
        yield
        return
    gc.set_threshold(*_RARE_COLLECTIONS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


_RARE_COLLECTIONS = (50_000, 20, 20)


def _check_text(text: str, path: str, settings: Settings, tree=None,
                trace: CheckTrace | None = None, cancelled=None,
                iterations: bool = True, parser=None) -> list[Diagnostic]:
    from scanlint.prefilter.syntax import may_have_site, parse, site_facts

    tree = tree if tree is not None else parse(text)
    deep = too_deep(text, tree)
    if deep is not None:
        if not active_rules(settings, path):
            return []
        return [system_diagnostic(READ_ERROR, path, f"not checked: {deep}")]
    facts = site_facts(text, tree, iterations) if tree is not None else None
    return check_facts(text, path, settings, tree, facts, trace, cancelled,
                       parser if tree is not None else None)


def check_facts(text: str, path: str, settings: Settings, tree, facts,
                trace: CheckTrace | None = None, cancelled=None, parser=None,
                keep: frozenset[int] = frozenset()) -> list[Diagnostic]:
    """The check of a text past its depth test, from its `ast` and site facts. What an edit
    of the last check left (engine/incremental.py): ``parser``, which parses a source with
    LibCST in parts and keeps their scope passes (`statements.Parser`); ``keep``, the ids of
    the statements that check parsed beyond its first selection (asked for by a rule, they
    are parsed at once)."""
    from scanlint.prefilter.syntax import may_have_site

    if not may_have_site(text, tree, facts):
        if trace is not None and tree is not None:
            trace.seen(tree, facts, "siteless")
        return program_findings(text, tree, path, settings)
    rules = active_rules(settings, path)
    if not rules:
        return []
    memo: dict = {}  # what the PROGRAM rules share across the parses below
    from scanlint.prefilter.slicing import OutsideSlice, select

    selection = select(text, tree, facts)
    if trace is not None:
        trace.first_stubs = selection.stubs if selection is not None else {}
    if selection is not None and keep:
        selection = selection.keeping(keep)
    stats = ParseStats(path, text.count("\n") + 1) if PARSE_LOG is not None else None
    while True:
        _stop_if(cancelled)
        sliced = selection.source() if selection is not None else None
        if stats is not None:
            stats.parsed.append(selection.parsed_lines() if selection is not None
                                else stats.lines)
        try:
            found = _check_parsed(text, tree, path, settings, rules, sliced, cancelled, parser,
                                  memo)
            if stats is not None:
                PARSE_LOG.append(stats)
            if trace is not None and tree is not None:
                trace.seen(tree, facts, "sliced" if selection is not None else "whole",
                           selection.stubs if selection is not None else {})
            return found
        except OutsideSlice as need:
            if selection is None or sliced is None:
                raise  # a full parse leaves nothing out: a bug, reported as SCN990
            if trace is not None:
                trace.asked_reading |= need.reading
            selection = selection.widened(need, sliced)
            if stats is not None:
                stats.needs.append(_why(need, selection is None))
        finally:
            if trace is not None and sliced is not None:
                trace.asked_read |= sliced.names_asked()


class CheckCancelled(Exception):
    """The caller no longer wants this check (its text has been edited since)."""


def _stop_if(cancelled) -> None:
    if cancelled is not None and cancelled.is_set():
        raise CheckCancelled


@dataclass
class CheckTrace:
    """What one check of a text decided on, for re-checking it after an edit
    (`engine/incremental.py`): the `ast`, the site facts, how it ended ("siteless": no
    statement may hold a site; "sliced": checked with the final selection's ``stubs``), and
    every name asked of the stubs' text (`read_in_a_stub`, `stubs_reading`). Left empty
    (``outcome`` "") when the check ended otherwise (text tests, whole-file parse, too deep)."""

    tree: object = None
    facts: object = None
    outcome: str = ""
    stubs: dict = field(default_factory=dict)
    asked_read: set = field(default_factory=set)
    asked_reading: set = field(default_factory=set)
    first_stubs: dict = field(default_factory=dict)  # the first selection's, before widening

    def seen(self, tree, facts, outcome: str, stubs: dict | None = None) -> None:
        """``outcome``: "siteless", "sliced" (with the final ``stubs``) or "whole" (the
        whole text parsed)."""
        self.tree, self.facts, self.outcome, self.stubs = tree, facts, outcome, stubs or {}


# -- parse statistics (benchmarks/slice_equivalence.py, tests) ---------------------------------
# When a list, every check that reaches LibCST appends its ParseStats: how many lines each
# parse saw and why each one after the first was needed.
PARSE_LOG: list | None = None


@dataclass
class ParseStats:
    path: str
    lines: int  # the file's lines
    parsed: list[int] = field(default_factory=list)  # lines LibCST saw, per parse (stubs out)
    needs: list[str] = field(default_factory=list)  # why each parse after the first

    @property
    def widenings(self) -> int:
        return len(self.parsed) - 1

    @property
    def full(self) -> bool:
        """Whether the last parse saw the whole file after a narrower one."""
        return len(self.parsed) > 1 and self.parsed[-1] == self.lines


def _why(need, whole: bool) -> str:
    """What asked for more, and where: the scanlint frames between the engine and the raise."""
    asked = ("everything" if need.everything else
             ", ".join(filter(None, [need.defining and f"defining {sorted(need.defining)}",
                                     need.reading and f"reading {sorted(need.reading)}",
                                     need.lines and f"lines {need.lines}"])))
    frames = []
    traceback = need.__traceback__
    while traceback is not None:
        code = traceback.tb_frame.f_code
        module = code.co_filename.replace(os.sep, "/").rsplit("/scanlint/", 1)[-1]
        if code.co_name not in ("_check_parsed", "_check_text"):
            frames.append(f"{module.removesuffix('.py')}.{code.co_name}:{traceback.tb_lineno}")
        traceback = traceback.tb_next
    return f"{asked}{' -> whole file' if whole else ''} <- " + " < ".join(reversed(frames))


def program_findings(text: str, tree, path: str, settings: Settings,
                     memo: dict | None = None, cancelled=None) -> list[Diagnostic]:
    """The findings of the rules that read only the file's program (`Rule.PROGRAM`): what
    a file with no site predicate's statement still gets (and what `engine/incremental.py`
    computes again after any edit: they follow values through the whole file)."""
    from scanlint.prefilter.text import may_contain_traced_code

    if tree is None or not may_contain_traced_code(text):
        return []  # (and neither LibCST nor the rules are imported)
    rules = [rule for rule in active_rules(settings, path) if rule.PROGRAM]
    if not rules:
        return []
    from scanlint.rules import RuleContext

    ctx = RuleContext(None, text, path, settings, tree, memo)
    return _unsuppressed(_run_rules(rules, ctx, path, cancelled), text)


def _run_rules(rules, ctx, path: str, cancelled=None) -> list[Diagnostic]:
    from scanlint.prefilter.slicing import OutsideSlice

    found: list[Diagnostic] = []
    for rule in rules:
        _stop_if(cancelled)
        try:
            found.extend(rule().check(ctx))
        except OutsideSlice:
            raise
        except RecursionError:
            found.append(system_diagnostic(
                INTERNAL_ERROR, path, f"internal error in {rule.CODE}: file nested too deeply"))
        except Exception as error:  # a rule bug must not stop the run
            found.append(system_diagnostic(
                INTERNAL_ERROR, path,
                f"internal error in {rule.CODE}: {type(error).__name__}: {error}"))
    return found


def _check_parsed(text: str, tree, path: str, settings: Settings, rules,
                  sliced, cancelled=None, parser=None,
                  memo: dict | None = None) -> list[Diagnostic]:
    """The diagnostics of ``text``, parsed whole or, with ``sliced``, as the selection's
    text with stubs (any question about what a stub hides raises OutsideSlice)."""
    import libcst as cst

    from scanlint.prefilter.slicing import OutsideSlice
    from scanlint.rules import RuleContext
    from scanlint.semantic.model import FileModel

    try:
        module, scopes = (parser.parse(sliced, text, tree) if parser is not None else
                          (cst.parse_module(sliced.text if sliced is not None else text), None))
    except (cst.ParserSyntaxError, RecursionError, MemoryError, ValueError) as error:
        if sliced is not None:  # reported as a full parse reports it
            raise OutsideSlice(everything=True) from None
        if isinstance(error, cst.ParserSyntaxError):
            return [syntax_error(text, path, error)]
        return [system_diagnostic(SYNTAX_ERROR, path, f"cannot parse: {type(error).__name__}")]
    try:
        model = FileModel(module, text, sliced.tree if sliced is not None else tree, sliced,
                          scopes)
    except RecursionError:
        if sliced is not None:
            raise OutsideSlice(everything=True) from None
        return [system_diagnostic(INTERNAL_ERROR, path, "internal error: file nested too deeply")]
    from scanlint.semantic.jit_functions import jitted_functions

    if not model.sites and not jitted_functions(model):
        model.close()
        return program_findings(text, tree, path, settings, memo)
    ctx = RuleContext(model, text, path, settings, tree, memo)
    try:
        found = _run_rules(rules, ctx, path, cancelled)
    finally:
        model.close()
    return _unsuppressed(found, text)


def _unsuppressed(found: list[Diagnostic], text: str) -> list[Diagnostic]:
    """``found`` without what a `# noqa` comment suppresses, sorted (the comments are
    tokenized only for a file with findings)."""
    if not found:
        return []
    comments = noqa_comments(text)
    kept = [d for d in found if d.code == INTERNAL_ERROR or not suppressed(d, comments)]
    return sorted(kept, key=Diagnostic.sort_key)


def syntax_error(text: str, path: str, error) -> Diagnostic:
    """SCN999 with CPython's own message and position when it rejects the file too (they
    are what users know), else LibCST's."""
    import ast

    try:
        ast.parse(text)
    except SyntaxError as python_error:
        return python_syntax_error(path, python_error)
    except (ValueError, RecursionError, MemoryError):
        pass
    message = getattr(error, "message", None) or str(error).splitlines()[0]
    return system_diagnostic(SYNTAX_ERROR, path, f"syntax error: {message}",
                             error.raw_line, error.raw_column)


def syntax_errors(source: SourceFile) -> list[Diagnostic]:
    """SCN999 for a file the rules pass over (it holds no JAX loop) but that was named
    explicitly: Python's own parser says whether it parses. A notebook's code cells may hold
    IPython syntax Python rejects: they are not checked so."""
    import ast

    if source.notebook is not None:
        return []
    try:
        ast.parse(source.text)
    except SyntaxError as error:
        return [python_syntax_error(source.path, error)]
    except (ValueError, RecursionError, MemoryError) as error:
        return [system_diagnostic(SYNTAX_ERROR, source.path,
                                  f"cannot parse: {type(error).__name__}")]
    return []


def python_syntax_error(path: str, error: SyntaxError) -> Diagnostic:
    """SCN999 with CPython's message and position."""
    line = error.lineno or 1
    column = max((error.offset or 1) - 1, 0)
    return system_diagnostic(SYNTAX_ERROR, path, f"syntax error: {error.msg}", line, column)


def parses(text: str) -> bool:
    import libcst as cst

    def parse() -> bool:
        try:
            cst.parse_module(text)
        except Exception:
            return False
        return True

    return on_big_stack(parse)


@dataclass
class FixOutcome:
    text: str
    applied: int
    diagnostics: list[Diagnostic]
    errors: list[Diagnostic] = field(default_factory=list)


def fix_text(text: str, path: str, settings: Settings, unsafe: bool = False,
             cells: CellBoundaries | None = None) -> FixOutcome:
    """Apply fixes until stable; a fix whose result does not parse is dropped and reported.
    With a notebook's ``cells``, only fixes whose every edit stays within one cell are
    applied, and ``cells`` follows the edits."""
    from scanlint.fixes.apply import apply_fixes_until_stable

    def wanted(d: Diagnostic) -> bool:
        return (d.fix is not None and (unsafe or d.fix.applicability == "safe")
                and (cells is None or cells.holds_fix(d.fix)))

    errors: list[Diagnostic] = []

    def valid(new_text: str) -> bool:
        if parses(new_text):
            return True
        errors.append(system_diagnostic(
            INTERNAL_ERROR, path, "internal error: a fix produced code that does not parse;"
            " the file was left as it was"))
        return False

    def checked(current: str) -> list[Diagnostic]:
        found = check_text(current, path, settings)
        return cells.strip(found) if cells is not None else found

    new_text, applied, diagnostics = apply_fixes_until_stable(
        text, checked, wanted, valid,
        cells.applied if cells is not None else None)
    if errors:
        new_text, applied, diagnostics = text, 0, check_text(text, path, settings)
    return FixOutcome(new_text, applied, diagnostics, errors)


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic]
    source: SourceFile | None = None
    fixed_text: str | None = None  # set when fixing changed the text
    applied: int = 0
    fixed_source: SourceFile | None = None  # a fixed notebook (its bytes are not fixed_text's)
    # False for a file the text prefilter passed over: it holds no word of a JAX loop, and
    # was not parsed, so a syntax error in it is not reported (the summary says so)
    parsed: bool = True


def check_file(path: str, settings: Settings, fix: bool = False, unsafe: bool = False,
               data: bytes | None = None, named: bool = False) -> FileResult:
    """Check (and with ``fix`` compute the fixed text of) one file; never raises for input.
    A ``named`` file (on the command line, or standard input) is always parsed."""
    try:
        source = decode_source(data, path) if data is not None else read_source(path)
    except SourceError as error:
        return FileResult(path, [system_diagnostic(READ_ERROR, path, f"cannot read: {error}")])
    if named and not may_contain_site(source.text):
        return FileResult(path, syntax_errors(source), source)
    if source.notebook is not None:
        return check_notebook(source, settings, fix, unsafe)
    if not fix:
        return FileResult(path, check_text(source.text, path, settings), source)
    outcome = fix_text(source.text, path, settings, unsafe)
    changed = outcome.text if outcome.text != source.text else None
    return FileResult(path, outcome.errors + outcome.diagnostics, source, changed, outcome.applied)


# -- notebooks ----------------------------------------------------------------------------
def check_notebook(source: SourceFile, settings: Settings, fix: bool = False,
                   unsafe: bool = False) -> FileResult:
    """A notebook's code cells checked as one module. Every edit of a fix stays within one
    cell (a fix with an edit spanning cells is not offered); fixed cells are written back."""
    from scanlint.source.notebook import NotebookWriteError

    path, notebook = source.path, source.notebook
    if not fix:
        found = check_text(source.text, path, settings)
        return FileResult(path, notebook.code.boundaries().strip(found), source)
    cells = notebook.code.boundaries()
    outcome = fix_text(source.text, path, settings, unsafe, cells)
    if outcome.text == source.text:
        found = notebook.code.boundaries().strip(outcome.diagnostics)
        return FileResult(path, outcome.errors + found, source)
    try:
        fixed = notebook.with_code(outcome.text, cells)
    except NotebookWriteError as error:
        failure = system_diagnostic(INTERNAL_ERROR, path, f"internal error: {error}; the file "
                                    "was left as it was")
        found = notebook.code.boundaries().strip(check_text(source.text, path, settings))
        return FileResult(path, [failure, *found], source)
    return FileResult(path, outcome.errors + cells.strip(outcome.diagnostics), source,
                      outcome.text, outcome.applied,
                      SourceFile(path, fixed.code.code, source.encoding, fixed))
