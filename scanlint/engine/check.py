"""The engine: text -> prefilter -> parse -> model -> rules -> noqa -> diagnostics (+ fixes).

The CLI, the flake8 plugin and the language server all call `check_text` / `check_file`.
"""

from __future__ import annotations

import fnmatch
import gc
import io
import os
import re
import sys
import threading
import tokenize
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scanlint.core.diagnostic import Diagnostic, Position
from scanlint.core.settings import Settings
from scanlint.prefilter.text import may_contain_site
from scanlint.source.reading import decode_source, read_source
from scanlint.source.source_file import SourceError, SourceFile

if TYPE_CHECKING:
    from scanlint.source.notebook import CellBoundaries

READ_ERROR, INTERNAL_ERROR, SYNTAX_ERROR = "SCN900", "SCN990", "SCN999"
SYSTEM_CODES = (READ_ERROR, INTERNAL_ERROR, SYNTAX_ERROR)

_NOQA = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_NOQA_CODE = re.compile(r"[A-Z]+[0-9]+", re.IGNORECASE)


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
            if not rule.SYSTEM and rule.enabled(settings) and is_selected(rule.CODE, settings, path)]


# -- noqa -------------------------------------------------------------------------------
def noqa_comments(text: str) -> dict[int, frozenset[str] | None]:
    """Line -> codes named by a `# noqa: ...` comment on it (None: a bare `# noqa`)."""
    if "noqa" not in text.lower():
        return {}
    comments: dict[int, frozenset[str] | None] = {}
    try:
        tokens = [(t.start[0], t.string) for t in
                  tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        tokens = [(n, line[line.index("#"):]) for n, line in
                  enumerate(text.splitlines(), 1) if "#" in line]
    for line, comment in tokens:
        match = _NOQA.search(comment)
        if match:
            codes = match.group("codes")
            comments[line] = (frozenset(c.upper() for c in _NOQA_CODE.findall(codes))
                              if codes else None)
    return comments


def suppressed(diagnostic: Diagnostic, comments: dict[int, frozenset[str] | None]) -> bool:
    first, last = diagnostic.statement_lines
    lines = range(min(first, diagnostic.start.line) or 1,
                  max(last, diagnostic.end.line, diagnostic.start.line) + 1)
    for line in lines:
        if line in comments:
            codes = comments[line]
            if codes is None or diagnostic.code in codes:
                return True
    return False


# -- a big stack for deep code ------------------------------------------------------------
# LibCST's native parser recurses on the calling thread's C stack and crashes the process on
# deeply nested but legal code (a 50,000-term `1 + 1 + ...` does it on the default 8 MiB);
# its visitors recurse in Python. Parsing, modelling and rules run on a thread with a large
# stack and a higher recursion limit, so such files are checked or fail cleanly.
_STACK_BYTES = 1024 * 2**20
_RECURSION_LIMIT = 100_000


def on_big_stack(function, *args):
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = function(*args)
        except BaseException as error:  # re-raised on the calling thread
            outcome["error"] = error

    if threading.current_thread().name == "scanlint-big-stack":
        return function(*args)
    previous_stack = threading.stack_size(_STACK_BYTES)
    previous_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous_limit, _RECURSION_LIMIT))
    try:
        worker = threading.Thread(target=run, name="scanlint-big-stack")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(previous_stack)
        sys.setrecursionlimit(previous_limit)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


# -- code too deep to parse ---------------------------------------------------------------
# LibCST's parse time grows much faster than linearly with expression depth (a 2,000-term
# `1 + 1 + ...` takes 1.4 s, 10,000 terms 80 s) and cannot be interrupted. Such code is
# generated, and CPython itself cannot compile it past about 1,000 levels. It is measured with
# `ast` (fast) only in files that could hold it: a very long line, or very many lines.
_MAX_DEPTH = 1000


def may_be_too_deep(text: str) -> bool:
    lines = text.splitlines()
    return len(lines) > 5000 or max(map(len, lines), default=0) > 5000


def too_deep(text: str, tree=None) -> str | None:
    """Why a file is too deeply nested to check, or None. ``tree``: its `ast`, if parsed."""
    if not may_be_too_deep(text):
        return None
    import ast

    try:
        tree = tree or ast.parse(text)
    except RecursionError:
        return "nested too deeply for Python to compile"
    except (SyntaxError, ValueError, MemoryError):
        return None  # LibCST reports what is wrong
    if _certainly_shallow(tree, text):
        return None
    depth = _depth([tree])
    if depth > _MAX_DEPTH:
        return f"expressions nested {depth} levels deep (the limit is {_MAX_DEPTH})"
    return None


def _certainly_shallow(tree, text: str) -> bool:
    """Whether ``tree`` is proved no deeper than _MAX_DEPTH without walking every node. A
    statement adds at most three levels per enclosing statement (itself, a handler or case,
    a wrapper); an expression at most one level per character of source (`-x`, `a.b`,
    `f()`, `[x]` each take one or more), so a header (or simple statement) on few lines needs
    no walk; the others (long literals, docstrings) have their own parts walked."""
    import ast

    ends = [0, *(m.end() for m in re.finditer(r"\r\n|\r|\n", text)), len(text)]  # as `ast` counts

    def chars(first: int, last: int) -> int:
        return ends[min(last, len(ends) - 1)] - ends[max(first, 1) - 1]

    def shallow(first: int, last: int, nesting: int, parts) -> bool:
        if 3 * nesting + 2 * chars(first, last) + 10 <= _MAX_DEPTH:
            return True
        return 3 * nesting + _depth(list(parts)) + 10 <= _MAX_DEPTH

    stack = [(statement, 1) for statement in tree.body]
    while stack:
        statement, nesting = stack.pop()
        body = getattr(statement, "body", None)
        if isinstance(statement, ast.Match) or not body:
            last = statement.end_lineno or statement.lineno  # a case pattern: the whole span
        else:
            last = _header_last(statement.lineno, body)
        first = min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])
        if not shallow(first, last, nesting, _header_parts(statement)):
            return False
        inner = [*(body or ()), *getattr(statement, "orelse", ()),
                 *getattr(statement, "finalbody", ())]
        for handler in getattr(statement, "handlers", ()):
            last = _header_last(handler.lineno, handler.body)
            if not shallow(handler.lineno, last, nesting, _header_parts(handler)):
                return False
            inner += handler.body
        stack.extend((child, nesting + 1) for child in inner if isinstance(child, ast.stmt))
    return True


_BLOCKS = ("body", "orelse", "finalbody", "handlers")


def _header_parts(node) -> list:
    """A statement's (or handler's) own expressions and parts, its blocks left out; a
    `match` keeps its cases (their patterns are its header)."""
    import ast

    return [child for name in node._fields if name not in _BLOCKS
            for child in _as_list(getattr(node, name, None)) if isinstance(child, ast.AST)]


def _depth(nodes: list) -> int:
    """How many levels ``nodes`` span, one tree level at a time (twice as fast as a walk
    node by node)."""
    import ast

    depth, level = 0, nodes
    while level:
        depth += 1
        level = [child for node in level for name in node._fields
                 for child in _as_list(getattr(node, name, None)) if isinstance(child, ast.AST)]
    return depth


def _header_last(first: int, body: list) -> int:
    """The last line of a compound statement's header: before its body, or the body's own
    line when they share one (`if x: y`)."""
    return max(first, body[0].lineno - 1)


def _as_list(value) -> list:
    return value if isinstance(value, list) else [value]


# -- checking ---------------------------------------------------------------------------
def check_text(text: str, path: str, settings: Settings, tree=None) -> list[Diagnostic]:
    """Every unsuppressed diagnostic for one file's text. ``tree``: Python's `ast` of the
    same text, when the caller has it (flake8 does). The text tests run here, before the
    big-stack thread: starting one costs about a millisecond, more than they take."""
    # Rules (and LibCST, which they import) are loaded only for files that may hold a site.
    if not may_contain_site(text):
        return []
    from scanlint.prefilter.syntax import text_may_hold_site

    if not text_may_hold_site(text) and not may_be_too_deep(text):
        return []  # what follows would find no site either, and no depth to report
    with rare_collections():
        return on_big_stack(_check_text, text, path, settings, tree)


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


def _check_text(text: str, path: str, settings: Settings, tree=None) -> list[Diagnostic]:
    from scanlint.prefilter.syntax import may_have_site, parse, site_facts

    tree = tree if tree is not None else parse(text)
    deep = too_deep(text, tree)
    if deep is not None:
        if not active_rules(settings, path):
            return []
        return [system_diagnostic(READ_ERROR, path, f"not checked: {deep}")]
    facts = site_facts(text, tree) if tree is not None else None
    if not may_have_site(text, tree, facts):
        return []
    rules = active_rules(settings, path)
    if not rules:
        return []
    from scanlint.prefilter.slicing import OutsideSlice, select

    selection = select(text, tree, facts)
    stats = ParseStats(path, text.count("\n") + 1) if PARSE_LOG is not None else None
    while True:
        sliced = selection.source() if selection is not None else None
        if stats is not None:
            stats.parsed.append(selection.parsed_lines() if selection is not None
                                else stats.lines)
        try:
            found = _check_parsed(text, tree, path, settings, rules, sliced)
            if stats is not None:
                PARSE_LOG.append(stats)
            return found
        except OutsideSlice as need:
            if selection is None or sliced is None:
                raise  # a full parse leaves nothing out: a bug, reported as SCN990
            selection = selection.widened(need, sliced)
            if stats is not None:
                stats.needs.append(_why(need, selection is None))


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


def _check_parsed(text: str, tree, path: str, settings: Settings, rules,
                  sliced) -> list[Diagnostic]:
    """The diagnostics of ``text``, parsed whole or, with ``sliced``, as the selection's
    text with stubs (any question about what a stub hides raises OutsideSlice)."""
    import libcst as cst

    from scanlint.prefilter.slicing import OutsideSlice
    from scanlint.rules import RuleContext
    from scanlint.semantic.model import FileModel

    try:
        module = cst.parse_module(sliced.text if sliced is not None else text)
    except (cst.ParserSyntaxError, RecursionError, MemoryError, ValueError) as error:
        if sliced is not None:  # reported as a full parse reports it
            raise OutsideSlice(everything=True) from None
        if isinstance(error, cst.ParserSyntaxError):
            return [syntax_error(text, path, error)]
        return [system_diagnostic(SYNTAX_ERROR, path, f"cannot parse: {type(error).__name__}")]
    try:
        model = FileModel(module, text, sliced.tree if sliced is not None else tree, sliced)
    except RecursionError:
        if sliced is not None:
            raise OutsideSlice(everything=True) from None
        return [system_diagnostic(INTERNAL_ERROR, path, "internal error: file nested too deeply")]
    from scanlint.semantic.jit_loops import jit_comprehensions, jit_loops

    if not model.sites and not jit_loops(model) and not jit_comprehensions(model):
        model.close()
        return []
    ctx = RuleContext(model, text, path, settings)
    found: list[Diagnostic] = []
    try:
        for rule in rules:
            try:
                found.extend(rule().check(ctx))
            except OutsideSlice:
                raise
            except Exception as error:  # a rule bug must not stop the run
                found.append(system_diagnostic(
                    INTERNAL_ERROR, path,
                    f"internal error in {rule.CODE}: {type(error).__name__}: {error}"))
    finally:
        model.close()
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
        line = python_error.lineno or 1
        column = max((python_error.offset or 1) - 1, 0)
        return system_diagnostic(SYNTAX_ERROR, path, f"syntax error: {python_error.msg}",
                                 line, column)
    except (ValueError, RecursionError, MemoryError):
        pass
    message = getattr(error, "message", None) or str(error).splitlines()[0]
    return system_diagnostic(SYNTAX_ERROR, path, f"syntax error: {message}",
                             error.raw_line, error.raw_column)


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
    from scanlint.fixes.edits import apply_fixes_until_stable

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

    new_text, applied, diagnostics = apply_fixes_until_stable(
        text, lambda t: check_text(t, path, settings), wanted, valid,
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


def check_file(path: str, settings: Settings, fix: bool = False, unsafe: bool = False,
               data: bytes | None = None) -> FileResult:
    """Check (and with ``fix`` compute the fixed text of) one file; never raises for input."""
    try:
        source = decode_source(data, path) if data is not None else read_source(path)
    except SourceError as error:
        return FileResult(path, [system_diagnostic(READ_ERROR, path, f"cannot read: {error}")])
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
