"""What LibCST sees: the top-level statements loop sites may need; every other def and class
as a stub on the same lines.

LibCST parses about 15 times slower than `ast`, and the scope pass costs about as much
again: in a large module, a few loop sites sent every line through both. The selection
keeps every top-level statement that is not a def or class (imports, assignments, `if` and
`try` blocks: cheap, and what rules read at module level), and a def or class when a site
predicate (`syntax.SITE_PREDICATES`) says it may hold a site, when a possible site names
it in its arguments (a step, a `partial` target, a carry class), or when its body declares
`global` or its decorators, defaults or annotations bind a name (`:=`). Any other def or
class with an indented body becomes a stub on the same lines: `def name():` (or
`class Name:`) on its first line, then a body of one string that spans the other lines
(blank inside), opened at the body's indentation. Lines and columns, the module's detected indentation and newline, and the comment
lines each statement owns are what a full parse gives.

The model guards what a stub hides (`OutsideSlice`): reading a stub's node, walking into
its scope, or asking for the references of a name a stub may read raises, and the
engine parses again with the statements that answer it (`Selection.widened`), at worst the
whole file. The contract rule authors follow is in docs/architecture.md.
SCANLINT_FULL_PARSE=1 turns the selection off.
"""

from __future__ import annotations

import ast
import bisect
import copy
import os
import re
import secrets
import unicodedata
from dataclasses import dataclass, field

from scanlint.prefilter.syntax import (SITE_PREDICATES, SiteFacts, _statements,
                                       names_passed_to_sites, site_arguments, site_calls,
                                       site_facts,
                                       statement_lines, statement_may_hold_site, walk)
from scanlint.prefilter.text import match_lines
from scanlint.prefilter.words import any_word, first_starting_word, starting_words

FULL_PARSE_VARIABLE = "SCANLINT_FULL_PARSE"
# Parses with a wider selection before giving up and parsing the whole file.
MAX_WIDENINGS = 4
# A def asked for brings the stubs it names, and those they name, this many steps deep.
REACH_LEVELS = 3

# Physical lines with their endings, split as Python's tokenizer splits them.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
# Marks a stub's last line. The random part makes it a string no source holds. It names no
# line: a stub's node is then the same wherever an edit moves it (engine/incremental.py
# keeps the nodes of the statements an edit left).
_MARK = f"scanlint-stub-{secrets.token_hex(8)}"
_GLOBAL = re.compile(r"\bglobal\b")
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def physical_lines(text: str) -> list[str]:
    """``text``'s lines with their endings, as Python's tokenizer splits them (at CR LF, CR
    and LF: `str.splitlines`, much faster, also splits at form feeds and other breaks, and
    is used when the text has none)."""
    lines = text.splitlines(True)
    if len(lines) == text.count("\n") + text.count("\r") - text.count("\r\n") + (
            bool(text) and not text.endswith(("\n", "\r"))):
        return lines
    return _LINE.findall(text)


def enabled() -> bool:
    return os.environ.get(FULL_PARSE_VARIABLE, "") in ("", "0")


class OutsideSlice(Exception):
    """A question whose answer lies in code the sliced parse left out. The engine catches
    it and parses again with the statements that answer it."""

    def __init__(self, defining=(), reading=(), lines: tuple[int, int] | None = None,
                 everything: bool = False) -> None:
        super().__init__("needs code outside the sliced parse")
        self.defining = frozenset(_nfkc(n) for n in defining)  # defs/classes of these names
        self.reading = frozenset(_nfkc(n) for n in reading)  # stubs that may read these
        self.lines = lines  # stubs on these lines (first, last)
        self.everything = everything


def _nfkc(name: str) -> str:
    """Names as `ast` spells them (LibCST keeps what was written)."""
    return name if name.isascii() else unicodedata.normalize("NFKC", name)


@dataclass(frozen=True)
class Stub:
    """A def or class that may be left out (top-level, or directly in a top-level class),
    and the stub that stands for it."""

    path: tuple[int, ...]  # its position in the module's body (then in its class's body)
    node: ast.stmt = field(compare=False)
    header: str  # `def name():` or `class Name:` at its indentation, the name as written
    first: int  # its first line (its first decorator's), where the header goes
    last: int  # its last line, where the body's string ends
    indent: str  # the body's indentation

    @property
    def name(self) -> str:  # as `ast` spells it
        return self.node.name  # type: ignore[attr-defined]


def _ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


def _blank_or_comment(line: str) -> bool:
    stripped = line.strip(" \t\x0c\r\n")
    return not stripped or stripped.startswith("#")


_DEF_NAME = re.compile(r"(?:async\s+)?def\s+(\w+)|class\s+(\w+)")


def stub_of(path: tuple[int, ...], node: ast.stmt, lines: list[str],
            next_first: int, walrus: bool = True) -> Stub | None:
    """The stub ``node`` may become, or None when it must be parsed whole: not a def or
    class, a body on the header's line, a name bound in its header, or text whose rendering
    or comment ownership a stub could change (tabs or form feeds, a trailing backslash).
    ``next_first``: the first line of the statement after it (or past the end); ``walrus``
    False: the file has no `:=`."""
    if not isinstance(node, _DEFINITIONS) or not node.body or (walrus and
                                                               _binds_in_header(node)):
        return None
    first, last = statement_lines(node)
    body_first, _ = statement_lines(node.body[0])
    header_last = body_first - 1
    while header_last >= node.lineno and _blank_or_comment(lines[header_last - 1]):
        header_last -= 1
    if header_last < node.lineno or lines[header_last - 1].rstrip("\r\n").endswith("\\"):
        return None  # `def f(): ...` on one line, or a header continued onto the body
    first_body_line = lines[body_first - 1]
    indent = first_body_line[:len(first_body_line) - len(first_body_line.lstrip(" "))]
    if not indent or first_body_line[len(indent):len(indent) + 1] in ("\t", "\x0c", "\\"):
        return None
    starts = getattr(node.body[0], "decorator_list", None) or [node.body[0]]
    if not _starts_line(first_body_line, starts[0].col_offset, bool(starts[0] is not node.body[0])):
        return None  # `def f(\n  x): return x`: the body follows the header on its line
    at = lines[node.lineno - 1][:node.col_offset]
    named = _DEF_NAME.match(lines[node.lineno - 1], len(at))
    written = named and (named.group(1) or named.group(2))
    if at.strip(" ") or not written or _nfkc(written) != node.name:
        return None
    region = "".join(lines[first - 1:last])
    # The comment lines after the body belong to its block or to the next statement by their
    # indentation: with tabs, the stub's block could claim other lines than the original's.
    trailing = "".join(lines[last:next_first - 1])
    if ("\t" in region or "\x0c" in region or "\t" in trailing
            or lines[last - 1].rstrip("\r\n").endswith("\\")):
        return None
    header = f"class {written}:" if isinstance(node, ast.ClassDef) else f"def {written}():"
    return Stub(path, node, at + header, first, last, indent)


def _starts_line(line: str, byte_column: int, decorated: bool) -> bool:
    """Whether only the indentation (and a decorator's `@`) comes before ``byte_column``."""
    before = line.encode("utf-8")[:byte_column].strip(b" ")
    return before in (b"@",) if decorated else before == b""


def _binds_in_header(node: ast.stmt) -> bool:
    """Whether a decorator, default, annotation or base binds a name (`:=`) in the module."""
    if isinstance(node, ast.ClassDef):
        parts = [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]
    else:
        args = node.args  # type: ignore[attr-defined]
        parts = [*node.decorator_list, *args.defaults, *(d for d in args.kw_defaults if d),
                 *(a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs,
                                          args.vararg, args.kwarg) if a and a.annotation)]
        if node.returns is not None:  # type: ignore[attr-defined]
            parts.append(node.returns)  # type: ignore[attr-defined]
    return any(isinstance(n, ast.NamedExpr) for part in parts for n in walk(part))


@dataclass
class SlicedSource:
    """The text LibCST parses, the `ast` its positions come from, and what the stubs hide."""

    text: str
    tree: ast.Module  # the kept statements' nodes; each stub's with a body of one string
    stubs: dict[tuple[int, ...], Stub]
    original_lines: list[str]
    _reads: dict[str, bool] = field(default_factory=dict)

    def stub_nodes(self, module) -> frozenset[int]:
        """The ids of the stub statements in ``module`` (LibCST's tree of ``self.text``)."""
        import libcst as cst

        found = set()
        for statement in module.body:
            if not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                continue
            if _is_stub(statement):
                found.add(id(statement))
            elif isinstance(statement, cst.ClassDef) and isinstance(statement.body,
                                                                    cst.IndentedBlock):
                found.update(id(member) for member in statement.body.body
                             if isinstance(member, (cst.FunctionDef, cst.ClassDef))
                             and _is_stub(member))
        return frozenset(found)

    def read_in_a_stub(self, name: str) -> bool:
        """Whether what a stub stands for may read ``name`` (a word match, confirmed by
        `ast`)."""
        name = _nfkc(name)
        if name not in self._reads:
            self._reads[name] = any(
                may_read("".join(self.original_lines[stub.first - 1:stub.last]), stub.node, name)
                for stub in self.stubs.values())
        return self._reads[name]

    def names_asked(self) -> set[str]:
        """The names `read_in_a_stub` was asked about (engine/incremental.py reuses a
        check only for edits that answer them as before)."""
        return set(self._reads)

    def stubs_reading(self, names: frozenset[str]) -> set[tuple[int, ...]]:
        return {stub.path for stub in self.stubs.values()
                if any(reads_name(stub.node, n) for n in names)}


def may_read(text: str, node: ast.stmt, name: str) -> bool:
    """What `SlicedSource.read_in_a_stub` asks of one stub: its ``text`` spells ``name`` (NFKC)
    as a word and its ``node`` reads it."""
    return spells_word(text, name) and reads_name(node, name)


def spells_word(text: str, name: str) -> bool:
    return first_starting_word(re.compile(rf"{re.escape(name)}\b"), text) is not None


def _is_stub(statement) -> bool:
    import libcst as cst

    body = statement.body
    if not (isinstance(body, cst.IndentedBlock) and len(body.body) == 1):
        return False
    comment = getattr(getattr(body.body[0], "trailing_whitespace", None), "comment", None)
    return comment is not None and _MARK in comment.value


def reads_name(node: ast.stmt, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in walk(node))


@dataclass
class Selection:
    """Which defs and classes of one file are stubs."""

    text: str
    tree: ast.Module
    lines: list[str]
    stubs: dict[tuple[int, ...], Stub]
    widenings: int = 0

    def parsed_lines(self) -> int:
        """The lines LibCST sees: the file's, less the stubs' bodies."""
        return self.text.count("\n") + 1 - sum(stub.last - stub.first
                                                 for stub in self.stubs.values())

    def source(self) -> SlicedSource:
        lines = list(self.lines)
        body = list(self.tree.body)
        for path, stub in self.stubs.items():
            for number in range(stub.first, stub.last + 1):
                lines[number - 1] = _ending(lines[number - 1])
            # One string spans the body's lines: the parser makes one node of it, where
            # blank lines would each be one.
            lines[stub.first - 1] = stub.header + lines[stub.first - 1]
            lines[stub.first] = stub.indent + '"""' + lines[stub.first]
            lines[stub.last - 1] = (lines[stub.last - 1].rstrip("\r\n")
                                    + f'"""  # {_MARK}'
                                    + _ending(lines[stub.last - 1]))
            if len(path) == 1:
                body[path[0]] = _stub_node(stub)
            else:  # a member: its class's copy gets the stub
                if body[path[0]] is self.tree.body[path[0]]:
                    body[path[0]] = copy.copy(body[path[0]])
                    body[path[0]].body = list(body[path[0]].body)  # type: ignore[attr-defined]
                body[path[0]].body[path[1]] = _stub_node(stub)  # type: ignore[attr-defined]
        tree = ast.Module(body=body, type_ignores=[])
        return SlicedSource("".join(lines), tree, self.stubs, self.lines)

    def widened(self, need: OutsideSlice, source: SlicedSource) -> "Selection | None":
        """The selection with the statements ``need`` asks for; None: parse the whole file."""
        if need.everything or self.widenings >= MAX_WIDENINGS:
            return None
        defined = {path for path, stub in self.stubs.items() if stub.name in need.defining}
        wanted = defined | {path for path, stub in self.stubs.items() if need.lines
                            and stub.first <= need.lines[1] and need.lines[0] <= stub.last}
        # What a def is asked for, what it calls is asked for next (SCN207 and name_kinds.py
        # follow calls into module-level functions, a level at a time): parse them now.
        wanted |= self._reached(defined)
        if need.reading:
            wanted |= source.stubs_reading(need.reading)
        if not wanted:
            return None
        stubs = {path: stub for path, stub in self.stubs.items() if path not in wanted}
        if not stubs:
            return None
        return Selection(self.text, self.tree, self.lines, stubs, self.widenings + 1)


    def keeping(self, nodes: frozenset[int]) -> "Selection | None":
        """The selection with the defs and classes whose `ast` nodes have these ids parsed
        whole (what the last check of an edited text was asked for); None: every one is."""
        stubs = {path: stub for path, stub in self.stubs.items() if id(stub.node) not in nodes}
        if len(stubs) == len(self.stubs):
            return self
        return Selection(self.text, self.tree, self.lines, stubs, self.widenings) if stubs \
            else None

    def _reached(self, paths: set[tuple[int, ...]],
                 levels: int = REACH_LEVELS) -> set[tuple[int, ...]]:
        """The top-level stubs the defs and classes at ``paths`` name, directly or through
        module-level assignments (`f = jax.jit(g)`, `f = partial(g, W)`), and the stubs
        those name, to ``levels`` steps."""
        if not paths:
            return set()
        by_name: dict[str, list[tuple[int, ...]]] = {}
        for path, stub in self.stubs.items():
            if len(path) == 1:
                by_name.setdefault(stub.name, []).append(path)
        assigned = _Reads(_assigned_values(self.tree))
        found: set[tuple[int, ...]] = set()
        frontier = set(paths)
        for _ in range(levels):
            names: set[str] = set()
            for path in frontier:
                names |= _names_read(self.stubs[path].node)
            names |= {m for n in names for m in assigned.get(n)}
            frontier = {p for n in names for p in by_name.get(n, ())} - found - paths
            if not frontier:
                break
            found |= frontier
        return found


def _module_binding_counts(tree: ast.Module) -> dict[str, int]:
    """How many module-level statements bind each name (a lower bound: enough to tell the
    names bound once)."""
    counts: dict[str, int] = {}
    for node in _statements(tree.body, into_definitions=False):
        names: list[str] = []
        if isinstance(node, _DEFINITIONS):
            names = [node.name]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [(a.asname or a.name).split(".")[0] for a in node.names]
        else:
            for target in [*getattr(node, "targets", ()), getattr(node, "target", None)]:
                if target is not None:
                    names += [n.id for n in walk(target) if isinstance(n, ast.Name)]
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return counts


def _assigned_values(tree: ast.Module) -> dict[str, list[ast.AST]]:
    """Each name a module-level assignment binds -> the values assigned."""
    values: dict[str, list[ast.AST]] = {}
    for statement in tree.body:
        value = getattr(statement, "value", None)
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [
                statement.target]
            for target in targets:
                for node in walk(target):
                    if isinstance(node, ast.Name):
                        values.setdefault(node.id, []).append(value)
    return values


def _names_read(node: ast.AST, facts: SiteFacts | None = None) -> set[str]:
    """The names ``node`` reads (kept in ``facts`` when given: the selection of an edited
    text asks again of the statements it left)."""
    found = facts.reads.get(node) if facts is not None else None
    if found is None:
        found = {n.id for n in walk(node) if isinstance(n, ast.Name)}
        if facts is not None:
            facts.reads[node] = found
    return found


def _stub_node(stub: Stub) -> ast.stmt:
    """The `ast` of the stub, for positions (nothing asks where a stub is)."""
    body = ast.Expr(ast.Constant(""), lineno=stub.first + 1, col_offset=len(stub.indent),
                    end_lineno=stub.last, end_col_offset=3)
    stubbed = copy.copy(stub.node)
    stubbed.body = [body]  # type: ignore[attr-defined]
    stubbed.decorator_list = []  # type: ignore[attr-defined]
    stubbed.lineno = stub.first
    return stubbed


def select(text: str, tree: ast.Module | None,
           facts: SiteFacts | None = None) -> Selection | None:
    """The first selection for ``text``; None when the whole file is to be parsed (the
    selection is off, `ast` rejected the file, a lone CR ends lines, or nothing can go).
    ``facts``: `syntax.site_facts` of the file, when the caller has them."""
    if not enabled() or tree is None or text.count("\r") != text.count("\r\n"):
        return None
    lines = physical_lines(text)
    facts = facts or site_facts(text, tree)
    passed: set[str] = set()
    bodies: set[str] = set()
    needed, loop_classes = set(), set()
    site_functions: set[str] = set()
    others = [p for p in SITE_PREDICATES if p is not statement_may_hold_site]
    for index, node in enumerate(tree.body):
        holds = statement_may_hold_site(node, facts)
        if holds:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                site_functions.add(node.name)
            passed |= names_passed_to_sites(node, facts)
            bodies |= _read_by_bodies(node, facts)
        if holds or any(predicate(node, facts) for predicate in others):
            needed.add(index)
            # Its other members may go when a loop site alone needs a class: the other
            # predicates are only ever asked about top-level statements.
            if holds and isinstance(node, ast.ClassDef) and not any(p(node, facts) for p in others):
                loop_classes.add(index)

    passed |= _module_reach(passed, bodies, tree, facts)
    needed |= _readers_of(site_functions | (facts.jit.readers if facts.jit else set()), tree,
                          text)

    global_lines = [number for number, line in enumerate(lines, 1) if "global" in line] \
        if "global" in text else []

    def may_go(stub: Stub) -> bool:
        if stub.name in passed or _declares_global(stub, lines, global_lines):
            return False
        if len(stub.path) == 1:
            return stub.path[0] not in needed
        return not statement_may_hold_site(stub.node, facts)

    def kept(index: int, node: ast.stmt) -> bool:  # may_go says no, with no members to ask
        return index not in loop_classes and (index in needed
                                              or getattr(node, "name", None) in passed)

    stubs = {path: stub for path, stub in _stubs(tree, lines, loop_classes, kept).items()
             if may_go(stub)}
    return Selection(text, tree, lines, stubs) if stubs else None


def _readers_of(names: set[str], tree: ast.Module, text: str) -> set[int]:
    """The top-level statements whose text holds one of ``names`` as a word: the callers of
    the module-level functions that hold sites. Rules follow a parameter's value to what
    every call passes (`carry.caller_arguments`), which needs every reader parsed; kept up
    front, they cost no widening (a reparse of the whole selection)."""
    if not names:
        return set()
    starts = [min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
              for node in tree.body]
    found: set[int] = set()
    for _match, line in match_lines(text, starting_words(any_word(names), text)):
        index = bisect.bisect_right(starts, line) - 1
        if index >= 0 and line <= (tree.body[index].end_lineno or line):
            found.add(index)
    return found


def _read_by_bodies(statement: ast.stmt, facts: SiteFacts) -> set[str]:
    """What the bodies the possible sites in ``statement`` pass may read: the names an
    inline lambda reads, the names passed (a module-level def, or `partial`'s or a wrapper's
    first argument), and the names read by the defs and lambdas of ``statement`` bound to
    them."""
    named: set[str] = set()
    read: set[str] = set()
    sites = site_calls(statement, facts)
    for node in sites:
        for argument in site_arguments(node):
            while isinstance(argument, ast.Call) and argument.args:
                argument = argument.args[0]
            if isinstance(argument, ast.Name):
                named.add(argument.id)
            elif isinstance(argument, ast.Lambda):
                read |= _names_read(argument)
    for node in _statements([statement]) if named else ():  # defs and assignments
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in named:
            read |= _names_read(node)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in named for t in node.targets):
            read |= _names_read(node.value)  # a lambda, or `partial(_cond, tol)`
    return named | read | _read_by_decorated(statement, sites)


def _read_by_decorated(statement: ast.stmt, sites: list[ast.AST]) -> set[str]:
    """The names read by the defs in ``statement`` that a possible site decorates (`@nnx.scan`,
    `@nnx.scan(...)`, `@partial(nnx.scan, ...)`): each such def is a body."""
    if not sites:
        return set()
    site_ids = {id(node) for node in sites}
    read: set[str] = set()
    for node in _statements([statement]):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                id(part) in site_ids for d in node.decorator_list for part in ast.walk(d)):
            read |= _names_read(node)
    return read


def _module_reach(passed: set[str], bodies: set[str], tree: ast.Module,
                  facts: SiteFacts | None = None, levels: int = REACH_LEVELS) -> set[str]:
    """What the sites need at module level beyond the names they pass: the names read by
    the module-level assignments of ``passed`` (a site passing `step`, bound by
    `step = partial(_step, n=3)`, needs `_step`), and, from the names the bodies read
    (``bodies``), the module-level defs, classes and assignments they name and what those
    read, to ``levels`` steps (SCN207 follows a body's calls three deep)."""
    values = _Reads(_assigned_values(tree), facts)
    bound = _module_binding_counts(tree)
    # Rules follow a name into a function only when one statement binds it (`@overload`s
    # of `where` are not followed).
    definitions = _Reads({statement.name: [statement] for statement in tree.body
                          if isinstance(statement, _DEFINITIONS)
                          and bound.get(statement.name) == 1}, facts)
    found: set[str] = set()
    frontier = set(passed)
    for _ in range(levels):  # through assignments only
        frontier = {m for n in frontier for m in values.get(n)} - found - passed
        found |= frontier
    frontier, expanded = bodies | found, set()
    for _ in range(levels):
        frontier = frontier | {m for n in frontier for m in values.get(n)}
        reached = {n for n in frontier if n in definitions.nodes} - expanded
        found |= reached
        expanded |= reached
        frontier = {m for n in reached for m in definitions.get(n)} - found - bodies
        if not frontier:
            break
    return found


class _Reads:
    """The names read by the nodes bound to each name, computed when first asked."""

    def __init__(self, nodes: dict[str, list[ast.AST]], facts: SiteFacts | None = None) -> None:
        self.nodes = nodes
        self.facts = facts
        self._reads: dict[str, set[str]] = {}

    def get(self, name: str) -> set[str]:
        found = self._reads.get(name)
        if found is None:
            found = self._reads[name] = set().union(
                *(_names_read(node, self.facts) for node in self.nodes.get(name, ())))
        return found


def every_stub(text: str, tree: ast.Module) -> Selection | None:
    """The narrowest selection, whatever the sites: every def and class that can be a stub
    is one, except every other class, whose members are. benchmarks/slice_equivalence.py
    compares what LibCST makes of it with a full parse, statement by statement, on files
    with no site too."""
    if text.count("\r") != text.count("\r\n"):
        return None
    lines = _LINE.findall(text)
    classes = {i for i, node in enumerate(tree.body) if isinstance(node, ast.ClassDef)}
    split = set(sorted(classes)[1::2])
    stubs = {path: stub for path, stub in _stubs(tree, lines, split).items()
             if len(path) == 2 or path[0] not in split}
    return Selection(text, tree, lines, stubs) if stubs else None


def _stubs(tree: ast.Module, lines: list[str], classes: set[int],
           kept=None) -> dict[tuple[int, ...], Stub]:
    """Every top-level def and class that can be a stub, and every member of the top-level
    ``classes`` that can, by path; none of the statements ``kept(index, node)`` says stay
    whole (and are not in ``classes``)."""
    body = tree.body
    stubs = {}
    walrus = any(":=" in line for line in lines)
    for index, node in enumerate(body):
        if kept is not None and kept(index, node):
            continue
        after = statement_lines(body[index + 1])[0] if index + 1 < len(body) else len(lines) + 1
        stub = stub_of((index,), node, lines, after, walrus)
        if stub is not None:
            stubs[stub.path] = stub
        if index in classes:
            members = node.body  # type: ignore[attr-defined]
            for number, member in enumerate(members):
                next_first = (statement_lines(members[number + 1])[0]
                              if number + 1 < len(members) else after)
                stub = stub_of((index, number), member, lines, next_first, walrus)
                if stub is not None:
                    stubs[stub.path] = stub
    return stubs


def _declares_global(stub: Stub, lines: list[str], global_lines: list[int]) -> bool:
    """A `global` statement in the body binds module names: the stub would hide them.
    ``global_lines``: the sorted lines of the file where `global` is spelled."""
    at = bisect.bisect_left(global_lines, stub.first)
    return (at < len(global_lines) and global_lines[at] <= stub.last
            and _GLOBAL.search("".join(lines[stub.first - 1:stub.last])) is not None
            and any(isinstance(n, ast.Global) for n in walk(stub.node)))


def stub_on_lines(code: str, first: int, last: int) -> bool:
    """Whether ``code`` (a sliced parse's rendering, CRLF or LF) has a stub on a line in
    first..last: a stub spans its header's line to its mark's, its string opening on the
    line after the header."""
    if _MARK not in code:
        return False
    line, counted = 1, 0
    for match in re.finditer(re.escape(_MARK), code):
        opening = code.rfind('"""', 0, code.rfind('"""', 0, match.start()))
        line += code.count("\n", counted, opening)
        counted = opening
        stub_last = line + code.count("\n", opening, match.start())
        if line - 1 <= last and first <= stub_last:
            return True
    return False
