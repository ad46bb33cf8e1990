"""Checking a text again after an edit, from the last check (the language server checks on
every change). Three ways, tried in turn on the top-level statements the edit touched,
which are parsed again with `ast` (old and new text); anything else is a full check.

**Reused.** A check parses with LibCST only the top-level statements loop sites need; every
other def and class is a stub (`prefilter/slicing.py`), and what it hides reaches the rules
only through guards that raise (`OutsideSlice`). So an edit inside defs and classes that
were stubs changes nothing a rule saw, provided the full check of the new text would make
the same decisions: the same selection, the same widenings, the same answers from the
guards. Each touched statement must give what the full check reads of a stub:

- it stays one def or class of the same kind and name, a stub with the same header
  (`slicing.stub_of`), on lines that only the edit moved;
- it holds no import (imports make the site facts), no possible site call, no `global`,
  no word naming a function that holds a site (`slicing._readers_of` keeps such readers);
  it has the jit signature it had (`syntax.jit_signature`: then the jit facts stay as
  they were) and, judged with those facts, no SCN3xx site;
- for every name the check asked of the stubs (`read_in_a_stub`, `stubs_reading`), it
  answers as it did before;
- no diagnostic or fix touches its lines, it is no deeper than the depth check allows, and
  when the edit moves lines, no finding's message names a line (`Rule.CITES_LINES`).

Then the new text's diagnostics are the old ones, moved by the lines the edit added. In a
file where no statement may hold a site ("siteless"), an edit of any top-level statements
keeps it so under the same conditions (without the stub ones), and the result stays empty.

**Broken.** While the touched statements do not parse (and the text from them to its end
does not either: the statements before them parse as they did), the last findings of the
other statements are kept, moved, with the syntax error CPython reports: no LibCST parse.
The last check that parsed stays the base for the next edit.

**Checked again** (`_Recheck`): the statements the edit did not touch keep their `ast`
nodes (moved to their new lines), the site facts when the touched statements give them the
same (no import, the same jit signature), the statements the last check was asked to parse
beyond its first selection, and their LibCST nodes and scope passes
(`engine/statements.py`); the selection, the model and the rules are made again from those.
The result is a full check's (`check.check_facts` is the same code), which
tests/test_incremental.py compares with `check_text` over random edit sequences on jax's
own files.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace

from scanlint.core.diagnostic import Diagnostic, Edit, Fix, Position
from scanlint.core.settings import Settings
from scanlint.engine.check import CheckTrace, check_text
from scanlint.engine.deep_code import may_be_too_deep, within_depth_limit

FLUFL = "barry_as_FLUFL"  # a `__future__` import that changes how `ast` parses `!=`


@dataclass(frozen=True)
class Reusable:
    """What a check of one text leaves for checking an edit of it."""

    outcome: str  # "sliced", "whole" or "siteless" (CheckTrace.outcome)
    lines: list[str]  # the text's physical lines, with their endings
    spans: list[tuple[int, int]]  # each top-level statement's first and last line
    stubs: frozenset[int]  # the top-level statements that were stubs ("sliced")
    facts: object  # syntax.SiteFacts of the text
    asked_read: frozenset[str]
    asked_reading: frozenset[str]
    site_functions: frozenset[str]  # top-level defs that may hold a site
    deep_possible: bool  # deep_code.may_be_too_deep(text)
    body: list[ast.stmt]  # the top-level statements' `ast` nodes
    # The lines each node still has to move: an edit that reuses the result moves the nodes
    # after it only when a later edit parses again (moving them costs a walk of each).
    moves: list[int]
    parsed: object = None  # statements.Parsed: LibCST's parse of the last source, in parts
    widened: frozenset[int] = frozenset()  # ids of the nodes parsed beyond the first selection
    cites_lines: bool = False  # a diagnostic's message names a line (`Rule.CITES_LINES`)
    # id(statement) -> (statement, its nodes that have lines): found once, moved often
    located: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Checked:
    """A text as checked: its diagnostics, and what an edit of it may reuse."""

    text: str
    path: str
    settings: Settings
    diagnostics: list[Diagnostic]
    reusable: Reusable | None = None
    # How: "full", "reused" (carried over), "broken" (the last findings while a statement
    # does not parse) or "rechecked" (from the statements the edit left).
    how: str = "full"
    # The findings of `Rule.PROGRAM` rules are the last check's, to be found again
    # (`Document.recheck(..., program_later=True)`, `with_program_findings`).
    program_pending: bool = False

    @property
    def reused(self) -> bool:
        return self.how == "reused"


def check(text: str, path: str, settings: Settings, cancelled=None) -> Checked:
    """A full check (`check_text`) that records what an edit may reuse."""
    from scanlint.engine.statements import Parser

    trace, parser = CheckTrace(), Parser(None)
    found = check_text(text, path, settings, trace=trace, cancelled=cancelled, parser=parser)
    return Checked(text, path, settings, found, _reusable(text, trace, parser, found))


def recheck(previous: Checked, text: str, settings: Settings, cancelled=None) -> Checked:
    """``text``'s diagnostics, from ``previous`` where the edit allows, else a full check."""
    updated = update(previous, text, settings)
    return updated if updated is not None else check(text, previous.path, settings, cancelled)


class Document:
    """The checks of one document as it is edited: the last one, and the last one an edit
    may start from (a text that does not parse leaves nothing to start from; the check
    before it serves until the error is gone)."""

    def __init__(self) -> None:
        self.last: Checked | None = None
        self.base: Checked | None = None

    def recheck(self, text: str, settings: Settings,
                program_later: bool = False) -> Checked | None:
        """``text``'s check from the base, or None: it needs a full check. With
        ``program_later``, the findings of the rules that follow values through the whole
        file are the base's (kept where the edit left the lines as they were), marked
        `program_pending`: `with_program_findings` finds them again."""
        base = self.base
        if base is None:
            return None
        codes = _program_codes(settings, base.path) if program_later else frozenset()
        if codes:
            base = replace(base, settings=replace(base.settings, defer_program=True))
            settings = replace(settings, defer_program=True)
        try:
            checked = update(base, text, settings)
        except Exception:
            self.base = None  # a check from it may have moved its nodes half way
            raise
        if checked is None or not codes:
            return checked
        found = checked.diagnostics
        if checked.how == "rechecked" and text.count("\n") == base.text.count("\n"):
            found = sorted([*found, *(d for d in base.diagnostics if d.code in codes)],
                           key=Diagnostic.sort_key)
        return replace(checked, diagnostics=found, program_pending=True,
                       settings=replace(checked.settings, defer_program=False))

    def record(self, checked: Checked) -> None:
        self.last = checked
        if checked.reusable is not None:
            self.base = checked
        elif checked.how == "rechecked":
            self.base = None  # its nodes were moved for a text that left nothing to reuse


def _reusable(text: str, trace: CheckTrace, parser, found: list[Diagnostic],
              known: tuple | None = None) -> Reusable | None:
    """``known``: the text's lines, its statements' spans and whether it may be too deep,
    when the caller has them (an edit's)."""
    if not trace.outcome or "\r" in text or FLUFL in text:
        return None  # lone CRs change how the selection splits lines; FLUFL, how `ast` parses
    from scanlint.prefilter.syntax import statement_lines, statement_may_hold_site

    body = list(trace.tree.body)  # type: ignore[attr-defined]
    lines, spans, deep = known or (_lines(text), [statement_lines(node) for node in body],
                                   may_be_too_deep(text))
    stubs = frozenset(path[0] for path in trace.stubs if len(path) == 1)
    holding = frozenset(
        node.name for index, node in enumerate(body) if index not in stubs
        and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and statement_may_hold_site(node, trace.facts))
    widened = frozenset(id(stub.node) for path, stub in trace.first_stubs.items()
                        if path not in trace.stubs)
    parsed = parser.last if parser is not None and trace.outcome != "siteless" else None
    return Reusable(trace.outcome, lines, spans, stubs, trace.facts,
                    frozenset(trace.asked_read), frozenset(trace.asked_reading), holding, deep,
                    body, [0] * len(body), parsed, widened, _cites_lines(found))


def _cites_lines(found: list[Diagnostic]) -> bool:
    for d in found:
        from scanlint.rules import rule_by_code

        rule = rule_by_code(d.code)
        if rule is not None and rule.CITES_LINES:
            return True
    return False


def _lines(text: str) -> list[str]:
    lines = text.splitlines(True)  # fast, but also splits at \x0c, \x1c, \u2028, ...
    if len(lines) != text.count("\n") + (not text.endswith("\n") and bool(text)):
        from scanlint.prefilter.slicing import physical_lines

        lines = physical_lines(text)
    return lines


# -- from the last check -------------------------------------------------------------------
def update(previous: Checked, text: str, settings: Settings) -> Checked | None:
    """``text``'s check from ``previous``: reused, broken or checked again from the statements
    the edit left (see the module's docstring); None when it needs a full check."""
    kept = previous.reusable
    if kept is None or settings != previous.settings or "\r" in text or FLUFL in text:
        return None
    if not _knows_every_predicate():
        return None
    if text == previous.text:  # an edit undone: the check of this same text
        return previous if previous.how == "reused" else replace(previous, how="reused")
    edits = list(_edits(previous, kept, text))
    parsed = [edit for edit in edits if edit.parse()]
    for edit in parsed:
        if edit.keeps_result():
            return edit.result()
    if parsed:
        return parsed[0].rechecked()
    return _broken(edits[0]) if edits else None


def _edits(previous: Checked, kept: Reusable, text: str):
    """The edit as a change of the statements it may touch (an insertion between two
    statements may belong to either), each run of statements starting and ending lines of
    its own."""
    old = kept.lines
    same_before, same_after, new = _changed_lines(previous.text, text, old)
    delta = len(new) - len(old)
    changed = (same_before + 1, len(old) - same_after)  # old lines; empty for an insertion
    candidates = [changed] if changed[0] <= changed[1] else [(same_before,) * 2,
                                                             (same_before + 1,) * 2]
    for touched in candidates:
        run = _run(kept.spans, touched)
        if run is not None:
            edit = _Edit(previous, kept, old, new, text, run, delta)
            if edit.aligned():
                yield edit


def _knows_every_predicate() -> bool:
    """The conditions above answer for the site predicates there are now; a new kind of site
    (a predicate added to `syntax.SITE_PREDICATES`) turns reuse off until they cover it."""
    from scanlint.prefilter import syntax

    return syntax.SITE_PREDICATES == (syntax.statement_may_hold_site,
                                      syntax.statement_may_hold_jit_loop)


def _changed_lines(old_text: str, text: str, old: list[str]) -> tuple[int, int, list[str]]:
    """How many lines the two texts share at their start and at their end, and the new
    text's lines (the old ones around the change; only the changed ones split again)."""
    limit = min(len(old_text), len(text))
    prefix = _common_prefix(old_text, text, limit)
    suffix = _common_suffix(old_text, text, limit - prefix)
    same_before = old_text.count("\n", 0, prefix)
    # The lines starting after a line break of the common end are whole in it (the lines
    # before the common start and these are apart: the two parts do not overlap).
    same_after = max(0, old_text.count("\n", len(old_text) - suffix) - old_text.endswith("\n"))
    start = text.rfind("\n", 0, prefix) + 1
    end = old_text.find("\n", len(old_text) - suffix) + 1 if same_after else len(old_text)
    end += len(text) - len(old_text)
    middle = _lines(text[start:end])
    return same_before, same_after, old[:same_before] + middle + old[len(old) - same_after:]


_CHUNK = 4096


def _common_prefix(a: str, b: str, limit: int) -> int:
    """The length of the longest common prefix of ``a`` and ``b`` (at most ``limit``),
    compared a chunk at a time in C."""
    at = 0
    while at + _CHUNK <= limit and a.startswith(b[at:at + _CHUNK], at):
        at += _CHUNK
    low, high = at, min(limit, at + _CHUNK)  # the answer lies in low..high
    while low < high:
        middle = (low + high + 1) // 2
        if a.startswith(b[low:middle], low):
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(a: str, b: str, limit: int) -> int:
    """The length of the longest common suffix of ``a`` and ``b`` (at most ``limit``)."""
    length = 0
    while length + _CHUNK <= limit and a.endswith(b[len(b) - length - _CHUNK:len(b) - length],
                                                  0, len(a) - length):
        length += _CHUNK
    low, high = length, min(limit, length + _CHUNK)
    while low < high:
        middle = (low + high + 1) // 2
        if a.endswith(b[len(b) - middle:len(b) - low], 0, len(a) - low):
            low = middle
        else:
            high = middle - 1
    return low


def _run(spans: list[tuple[int, int]], touched: tuple[int, int]) -> tuple[int, int] | None:
    """The consecutive top-level statements (first and last index) whose lines hold the
    touched lines, gaps between them included; None before the first or after the last."""
    import bisect

    first_line, last_line = touched
    if not spans or first_line < 1:
        return None
    start = bisect.bisect_right(spans, first_line, key=lambda span: span[0]) - 1
    end = bisect.bisect_left(spans, last_line, key=lambda span: span[1])
    if start < 0 or end >= len(spans) or start > end:
        return None
    return start, end


def _parse_region(lines: list[str], first: int, last: int) -> list[ast.stmt] | None:
    """The top-level statements of lines first..last, numbered as in the file."""
    try:  # blank lines first: the tokenizer skips them faster than a walk renumbers nodes
        tree = ast.parse("\n" * (first - 1) + "".join(lines[first - 1:last]))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return tree.body


class _Edit:
    """One edit confined to the top-level statements ``run`` of ``previous``'s text."""

    def __init__(self, previous: Checked, kept: Reusable, old: list[str], new: list[str],
                 text: str, run: tuple[int, int], delta: int) -> None:
        self.previous, self.kept, self.old, self.new, self.text = previous, kept, old, new, text
        self.start, self.end = run
        self.first = kept.spans[self.start][0]
        self.last = kept.spans[self.end][1]  # old line; the new region ends at last + delta
        self.delta = delta
        self.old_nodes: list[ast.stmt] = []
        self.nodes: list[ast.stmt] = []
        self.old_summaries: list[_Summary] = []
        self.new_summaries: list[_Summary] = []

    def aligned(self) -> bool:
        """Whether the run starts and ends lines of its own, with no backslash joining it
        to the lines around it."""
        spans, start, end = self.kept.spans, self.start, self.end
        if (start > 0 and spans[start - 1][1] >= self.first) or \
                (end + 1 < len(spans) and spans[end + 1][0] <= self.last):
            return False
        joined = [self.old[self.first - 2]] if self.first > 1 else []
        joined += [self.old[self.last - 1], self.new[self.last + self.delta - 1]]
        return not any(line.rstrip("\n").endswith("\\") for line in joined)

    def parse(self) -> bool:
        """Whether the run parses, old and new (as many old statements as the run holds)."""
        old_nodes = _parse_region(self.old, self.first, self.last)
        new_nodes = _parse_region(self.new, self.first, self.last + self.delta)
        if old_nodes is None or new_nodes is None or len(old_nodes) != self.end - self.start + 1:
            return False
        self.old_nodes, self.nodes = old_nodes, new_nodes
        facts = self.kept.facts
        self.old_summaries = [_Summary(node, facts) for node in old_nodes]
        self.new_summaries = [_Summary(node, facts) for node in new_nodes]
        return True

    # -- reused ----------------------------------------------------------------------------
    def keeps_result(self) -> bool:
        kept = self.kept
        if kept.outcome == "whole" or self._imports():
            return False
        if any(summary.site_call for summary in self.new_summaries):
            return False
        if not self._as_deep(self.nodes) or self._touches_jit(self.old_nodes, self.nodes):
            return False
        if kept.outcome == "siteless":
            return True
        if kept.cites_lines and self.delta:
            return False  # a message names a line the edit may move
        return (all(index in kept.stubs for index in range(self.start, self.end + 1))
                and self._stubs_as_before(self.old_nodes, self.nodes)
                and self._untouched_findings())

    def _imports(self) -> bool:
        return any(summary.imports for summary in (*self.old_summaries, *self.new_summaries))

    def _as_deep(self, nodes: list[ast.stmt]) -> bool:
        """The depth check (`deep_code.too_deep`) passes the new text as it did the old:
        every other statement was within the limit."""
        deep = len(self.new) > 5000 or may_be_too_deep(self.text)  # the cheap test first
        if deep != self.kept.deep_possible:
            return False
        return not deep or all(within_depth_limit(node) for node in nodes)

    def _touches_jit(self, old_nodes: list[ast.stmt], new_nodes: list[ast.stmt]) -> bool:
        """Whether the edit may change what SCN3xx sees: the jit facts (`syntax.jit_facts`,
        made of the defs and calls that name a jit or what one reaches), or a site under
        jit in the new statements. The facts stay when the touched statements give them
        the same (`syntax.jit_signature`, of the old and of the new ones in order; imports are refused
        before); then the new statements are judged with them."""
        from scanlint.prefilter.syntax import (calls_a_jit_on_needed, jit_signature,
                                               may_hold_unrolled_loop)

        jit = self.kept.facts.jit  # type: ignore[attr-defined]
        if jit is None:
            return False
        old_facts = [part for n in old_nodes for part in jit_signature(n, jit)]
        if old_facts != [part for n in new_nodes for part in jit_signature(n, jit)]:
            return True  # (the facts are unions: statements split or joined give the same)
        return any(may_hold_unrolled_loop(n, jit) or calls_a_jit_on_needed(n, jit)
                   for n in new_nodes)

    def _stubs_as_before(self, old_nodes: list[ast.stmt], new_nodes: list[ast.stmt]) -> bool:
        """Each statement is the same stub as before and answers what was asked of stubs."""
        from scanlint.prefilter.slicing import spells_word, stub_of
        from scanlint.prefilter.syntax import statement_lines
        from scanlint.prefilter.words import any_word, first_starting_word

        if len(new_nodes) != len(old_nodes):
            return False
        kept = self.kept
        readers = any_word(kept.site_functions) if kept.site_functions else None
        for k, (before, after) in enumerate(zip(old_nodes, new_nodes)):
            if type(before) is not type(after) or before.name != after.name:  # type: ignore
                return False
            index = self.start + k
            stubs = [stub_of((index,), node, lines, next_first, walrus=True)
                     for node, lines, next_first in (
                         (before, self.old, self._next_first(old_nodes, k, 0)),
                         (after, self.new, self._next_first(new_nodes, k, self.delta)))]
            if None in stubs or (stubs[0].header != stubs[1].header
                                 or stubs[0].indent != stubs[1].indent):
                return False
            old_summary, new_summary = self.old_summaries[k], self.new_summaries[k]
            if new_summary.declares_global:
                return False
            texts = ["".join(lines[stub.first - 1:stub.last])
                     for lines, stub in ((self.old, stubs[0]), (self.new, stubs[1]))]
            if readers is not None and first_starting_word(readers, texts[1]) is not None:
                return False
            # What `SlicedSource.read_in_a_stub` and `stubs_reading` ask of each stub.
            if any((name in old_summary.names and spells_word(texts[0], name))
                   != (name in new_summary.names and spells_word(texts[1], name))
                   for name in kept.asked_read):
                return False
            if any((name in old_summary.names) != (name in new_summary.names)
                   for name in kept.asked_reading):
                return False
        first, _ = statement_lines(new_nodes[0])
        _, last = statement_lines(new_nodes[-1])
        return first == self.first and last == self.last + self.delta

    def _next_first(self, nodes: list[ast.stmt], k: int, delta: int) -> int:
        from scanlint.prefilter.syntax import statement_lines

        if k + 1 < len(nodes):
            return statement_lines(nodes[k + 1])[0]
        if self.end + 1 < len(self.kept.spans):
            return self.kept.spans[self.end + 1][0] + delta
        return len(self.old) + delta + 1

    def _untouched_findings(self) -> bool:
        program = _program_codes(self.previous.settings, self.previous.path)
        return not any(_on_lines(d, self.first, self.last) for d in self.previous.diagnostics
                       if d.code not in program)  # those found again (`result`)

    def result(self) -> Checked:
        kept, delta, last = self.kept, self.delta, self.last
        reusable = replace(kept, lines=self.new, spans=self._spans(), body=self._body(),
                           moves=kept.moves[:self.start] + [0] * len(self.nodes)
                           + [move + delta for move in kept.moves[self.end + 1:]])
        moved = [_moved(d, last, delta) for d in self.previous.diagnostics] if delta else \
            self.previous.diagnostics
        return Checked(self.text, self.previous.path, self.previous.settings,
                       _with_program_findings(moved, self.text, self.previous), reusable,
                       "reused")

    def _spans(self) -> list[tuple[int, int]]:
        from scanlint.prefilter.syntax import statement_lines

        kept, delta = self.kept, self.delta
        return (kept.spans[:self.start] + [statement_lines(node) for node in self.nodes]
                + [(first + delta, end + delta) for first, end in kept.spans[self.end + 1:]])

    def _body(self) -> list[ast.stmt]:
        body = self.kept.body
        return body[:self.start] + self.nodes + body[self.end + 1:]

    # -- checked again ---------------------------------------------------------------------
    def rechecked(self) -> Checked | None:
        """The new text checked from the statements the edit left (`check.check_facts`)."""
        kept = self.kept
        if kept.outcome == "siteless" or kept.parsed is None or not self._as_deep(self.nodes):
            return None
        facts = self._facts()
        body = self._body()
        _move(body, kept.moves[:self.start] + [0] * len(self.nodes)
              + [move + self.delta for move in kept.moves[self.end + 1:]], kept.located)
        tree = ast.Module(body=body, type_ignores=[])
        if facts is None:
            from scanlint.engine.check import iterations_wanted
            from scanlint.prefilter.syntax import site_facts

            previous = self.previous
            facts = site_facts(self.text, tree, iterations_wanted(previous.settings,
                                                                  previous.path))
        known = (self.new, self._spans(), len(self.new) > 5000 or may_be_too_deep(self.text))
        return _checked_from(self.previous, self.text, tree, facts, kept, known)

    def _facts(self):
        """The site facts of the new text, from the old when the touched statements give
        them the same: no import, the same jit signature and no jit call naming a def that
        iterates (`syntax.jit_facts`'s `calling`); None when they must be found again."""
        from scanlint.prefilter.syntax import calls_a_jit_on_needed, jit_signature, token_lines

        facts = self.kept.facts
        if self._imports():
            return None
        jit = facts.jit  # type: ignore[attr-defined]
        if jit is not None:
            if [part for n in self.old_nodes for part in jit_signature(n, jit)] != \
                    [part for n in self.nodes for part in jit_signature(n, jit)]:
                return None
            if any(calls_a_jit_on_needed(n, jit) for n in self.nodes):
                return None
            gone = {id(n) for n in self.kept.body[self.start:self.end + 1]}
            jit = replace(jit, calling=jit.calling - gone)
        lines = token_lines(self.text, facts.imports, facts.functions)  # type: ignore
        # Each statement's possible site calls stay: they depend on the imports alone.
        calls = facts.calls  # type: ignore[attr-defined]
        if len(calls) > 4 * len(self.kept.body):  # statements edited away
            calls = {node: found for node, found in calls.items() if node in self._body()}
        return replace(facts, token_lines=lines, jit=jit, calls=calls)  # type: ignore


def _move(body: list[ast.stmt], moves: list[int], located: dict) -> None:
    """Move each statement's nodes by its lines, in place. The nodes with lines of each
    statement are kept in ``located``: a statement after the edits moves at each one."""
    for statement, lines in zip(body, moves):
        if not lines:
            continue
        found = located.get(id(statement))
        if found is None or found[0] is not statement:
            found = located[id(statement)] = (statement, _with_lines(statement))
        for node in found[1]:
            node.lineno += lines
            node.end_lineno += lines
    if len(located) > 2 * len(body):  # statements edited away
        kept = {id(statement) for statement in body}
        for key in [key for key in located if key not in kept]:
            del located[key]


def _with_lines(statement: ast.stmt) -> list[ast.AST]:
    """The nodes of ``statement`` that have lines (every one of those has an end line: `ast`
    sets both)."""
    from scanlint.prefilter.syntax import walk

    return [node for node in walk(statement) if "lineno" in node._attributes]


def _checked_from(previous: Checked, text: str, tree: ast.Module, facts, kept: Reusable,
                  known: tuple) -> Checked:
    """``text`` checked with its tree and facts, parsing in parts from the last check's."""
    from scanlint.engine.check import check_facts, rare_collections
    from scanlint.engine.deep_code import on_big_stack
    from scanlint.engine.statements import Parser

    trace, parser = CheckTrace(), Parser(kept.parsed)  # type: ignore[arg-type]
    with rare_collections():
        found = on_big_stack(check_facts, text, previous.path, previous.settings, tree, facts,
                             trace, None, parser, kept.widened)
    reusable = _reusable(text, trace, parser, found, known)
    return Checked(text, previous.path, previous.settings, found,
                   replace(reusable, located=kept.located) if reusable is not None else None,
                   "rechecked")


def _broken(edit: _Edit) -> Checked | None:
    """While the touched statements do not parse: the last findings of the others, moved,
    and CPython's syntax error, when the text from the touched statements to its end does
    not parse either (the statements before them end where they ended: the file then
    does not parse, and fails there first); None when it does."""
    from scanlint.engine.check import SYNTAX_ERROR, python_syntax_error

    previous, first, last, delta = edit.previous, edit.first, edit.last, edit.delta
    rest = "\n" * (first - 1) + "".join(edit.new[first - 1:])
    try:
        ast.parse(rest)
    except SyntaxError as error:
        kept = [_moved(d, last, delta) for d in previous.diagnostics
                if d.code != SYNTAX_ERROR and not _on_lines(d, first, last)]
        error_at = python_syntax_error(previous.path, error)
        return Checked(edit.text, previous.path, previous.settings,
                       sorted([*kept, error_at], key=Diagnostic.sort_key), None, "broken")
    except (ValueError, RecursionError, MemoryError):
        return None
    return None


def _on_lines(d: Diagnostic, first: int, last: int) -> bool:
    """Whether a diagnostic (its span, statement, noqa line or a fix's edit) is on a line in
    first..last."""
    lines = [d.start.line, d.end.line, d.noqa_line, *d.statement_lines]
    if d.fix is not None:
        lines += [line for e in d.fix.edits for line in (e.start.line, e.end.line)]
    return any(first <= line <= last for line in lines)


def with_program_findings(checked: Checked, cancelled=None) -> Checked:
    """``checked`` with the findings of `Rule.PROGRAM` rules found again on its text."""
    from scanlint.engine.check import CheckCancelled

    if cancelled is not None and cancelled.is_set():
        raise CheckCancelled
    found = _with_program_findings(checked.diagnostics, checked.text, checked, cancelled)
    return replace(checked, diagnostics=found, program_pending=False)


def _program_codes(settings: Settings, path: str) -> frozenset[str]:
    from scanlint.engine.check import active_rules

    return frozenset(rule.CODE for rule in active_rules(settings, path) if rule.PROGRAM)


def _with_program_findings(kept: list[Diagnostic], text: str, previous: Checked,
                           cancelled=None) -> list[Diagnostic]:
    """The findings carried over, with those of the rules that follow values through the
    whole file (`Rule.PROGRAM`) found again on the new text: an edit anywhere may change
    them, and they cost an `ast` parse, not LibCST's."""
    codes = _program_codes(previous.settings, previous.path)
    if not codes:
        return kept
    from scanlint.engine.check import program_findings
    from scanlint.prefilter.syntax import parse

    found = [d for d in kept if d.code not in codes]
    found += program_findings(text, parse(text), previous.path, previous.settings,
                              cancelled=cancelled)
    return sorted(found, key=Diagnostic.sort_key)


class _Summary:
    """What the conditions read of one statement, in one walk of its nodes."""

    def __init__(self, statement: ast.stmt, facts) -> None:
        from scanlint.prefilter.syntax import possible_site_call, walk

        self.imports = self.declares_global = self.site_call = False
        self.names: set[str] = set()  # the names it reads or binds (`ast.Name` ids)
        for node in walk(statement):
            kind = type(node)
            if kind is ast.Name:
                self.names.add(node.id)  # type: ignore[attr-defined]
            elif kind is ast.Import or kind is ast.ImportFrom:
                self.imports = True
            elif kind is ast.Global:
                self.declares_global = True
            elif kind is ast.Call and not self.site_call:
                self.site_call = possible_site_call(node, facts)


def _moved(d: Diagnostic, after: int, delta: int) -> Diagnostic:
    """``d`` with every line past ``after`` moved by ``delta``."""
    def line(number: int) -> int:
        return number + delta if number > after else number

    def position(at: Position) -> Position:
        return Position(line(at.line), at.column) if at.line > after else at

    fix = d.fix
    if fix is not None:
        fix = Fix(fix.applicability, fix.message, tuple(
            Edit(position(e.start), position(e.end), e.content) for e in fix.edits))
    return replace(d, start=position(d.start), end=position(d.end), fix=fix,
                   noqa_line=line(d.noqa_line) if d.noqa_line else 0,
                   statement_lines=(line(d.statement_lines[0]), line(d.statement_lines[1])))
