"""A parse kept in parts, one per top-level statement, so that a check of an edited text
parses again only what the edit changed (engine/incremental.py).

LibCST's nodes carry no positions, and a top-level statement's node depends only on its own
text (its leading comment lines, the statement, the comment lines its block owns after it)
and on the module's detected indentation and newline. So the parts a new source shares with
the last one (the same `ast` statements, the same text) keep their nodes; each run of
changed parts, with the part after it (whose leading lines the change may give to the part
before, as a block's footer), is parsed alone between sentinel statements: `if 1:` with an
indented `pass` first (the module's indentation is then the detected one) and `pass` after
each end (a block's footer then ends where it ended). The module is assembled from the
nodes; tests/test_incremental.py compares it with LibCST's parse of the whole source.

Each part also keeps its scope pass (`scopes.statement_pass`), valid while its node and the
statement the pass held before it are the same; the model's scopes are merged from them.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

import libcst as cst

from scanlint.prefilter.slicing import physical_lines
from scanlint.prefilter.syntax import statement_lines
from scanlint.semantic.scopes import ScopePass, merged, statement_pass


@dataclass(eq=False)
class Part:
    """One top-level statement of a parsed source (or the statements of one line, `a; b`)."""

    statements: tuple[ast.stmt, ...]  # its `ast` statements, as the text's tree holds them
    text: str  # its lines in the source: leading comments, code, the comments it owns after
    node: cst.BaseStatement
    leading: int  # lines before its code (LibCST's `leading_lines`)
    trailing: int  # lines after its code (its block's footer)
    scopes: ScopePass | None = field(default=None, repr=False)
    incoming: object = None  # the statement the scope pass held before this part's

    def lines(self) -> tuple[int, int]:
        """Its first and last line in the source it is now in."""
        first = statement_lines(self.statements[0])[0]
        return first - self.leading, statement_lines(self.statements[-1])[1] + self.trailing


class _Unparsable(Exception):
    """LibCST rejects a chunk, or its statements are not the `ast` ones: parse it whole."""


@dataclass(eq=False)
class Parsed:
    """A source's module, in parts (None: LibCST and `ast` split it into other statements,
    which no part then stands for)."""

    source: str  # what was parsed
    module: cst.Module
    parts: list[Part] | None
    header: str = ""  # the lines before the first part (the module's header)
    footer: str = ""  # the lines after the last part (its footer)

    def scope_pass(self, call_filter: frozenset[str], stubs: frozenset[int]) -> ScopePass | None:
        """The module's scope pass, merged from the parts' (each made again only where its
        node or the statement held before it changed); None when there are no parts or a
        part's depends on the statements before it (a `nonlocal` reaching the module)."""
        if self.parts is None:
            return None
        incoming = None
        for part in self.parts:
            if part.scopes is None or part.incoming is not incoming:
                part.scopes = statement_pass(part.node, call_filter, stubs, incoming)
                part.incoming = incoming
            if part.scopes.reads_module:
                return None
            incoming = part.scopes.last_statement
        return merged(self.module, [part.scopes for part in self.parts])


def parse(source: str, statements: list[ast.stmt], last: Parsed | None = None) -> Parsed:
    """``source`` (a text, or the sliced text of one, on the same lines) in parts, whose
    `ast` is ``statements`` (the text's top-level statements, on their current lines),
    reusing the nodes of ``last`` where the parts are the same. Raises what
    `cst.parse_module` raises for the whole source."""
    lines = physical_lines(source)
    groups = _groups(statements)
    kept = _kept(last, groups, lines) if last is not None and last.parts and groups else None
    if kept is None:
        return _whole(source, lines, groups)
    try:
        return _assembled(source, last, kept, groups, lines)  # type: ignore[arg-type]
    except _Unparsable:
        return _whole(source, lines, groups)


def _assembled(source: str, last: Parsed, kept: dict[int, Part],
               groups: list[tuple[ast.stmt, ...]], lines: list[str]) -> Parsed:
    """The module from ``kept`` parts and the others parsed in runs."""
    module, parts = last.module, [None] * len(groups)
    for index, part in kept.items():
        parts[index] = part
    runs = _runs([index for index in range(len(groups)) if index not in kept], len(groups))
    footer, trailing_newline = module.footer, module.has_trailing_newline
    for first, end in runs:
        start = parts[first - 1].lines()[1] + 1  # type: ignore[union-attr]
        stop = len(lines) if end == len(groups) - 1 else parts[end].lines()[1]  # type: ignore
        chunk = _chunk(lines, start, stop, module, end < len(groups) - 1)
        made = _parts(chunk.body[2:len(chunk.body) - (end < len(groups) - 1)],
                      groups[first:end + 1], lines, stop)
        parts[first:end + 1] = made
        if end == len(groups) - 1:
            footer, trailing_newline = chunk.footer, chunk.has_trailing_newline
    if _indent_may_change(parts, kept):  # type: ignore[arg-type]
        raise _Unparsable("the module's detected indentation may change")
    whole = module.with_changes(body=[p.node for p in parts], footer=footer,  # type: ignore
                                has_trailing_newline=trailing_newline)
    return Parsed(source, whole, parts, last.header,  # type: ignore[arg-type]
                  "".join(lines[parts[-1].lines()[1]:]))  # type: ignore[union-attr]


def _indent_may_change(parts: list[Part], kept: dict[int, Part]) -> bool:
    """Whether a new part may hold the module's first indented block, which sets its
    detected indentation (each node's own is kept only where it differs): a new compound
    statement before the first block that was there, or that block new."""
    for index, part in enumerate(parts):
        new = index not in kept
        if isinstance(getattr(part.node, "body", None), cst.IndentedBlock):
            return new
        if new and not isinstance(part.node, cst.SimpleStatementLine):
            return True
    return False


def _groups(statements: list[ast.stmt]) -> list[tuple[ast.stmt, ...]]:
    """The statements by LibCST statement: those starting on one line together."""
    groups: list[list[ast.stmt]] = []
    last_line = 0
    for statement in statements:
        first = statement_lines(statement)[0]
        if groups and first == last_line:
            groups[-1].append(statement)
        else:
            groups.append([statement])
        last_line = statement.end_lineno or statement.lineno
    return [tuple(group) for group in groups]


def _whole(source: str, lines: list[str], groups: list[tuple[ast.stmt, ...]]) -> Parsed:
    module = cst.parse_module(source)
    try:
        parts = _parts(module.body, groups, lines, len(lines) - len(module.footer))
    except _Unparsable:
        return Parsed(source, module, None)
    if not parts:
        return Parsed(source, module, parts)
    return Parsed(source, module, parts, "".join(lines[:parts[0].lines()[0] - 1]),
                  "".join(lines[parts[-1].lines()[1]:]))


def _parts(nodes, groups, lines: list[str], stop: int) -> list[Part]:
    """The parts of ``nodes``, parsed from lines that end at ``stop``, with their `ast`
    ``groups`` (the first statement of a module has no leading lines: they are its header)."""
    if len(nodes) != len(groups):
        raise _Unparsable("LibCST and ast see other statements")
    parts = []
    for n, (node, group) in enumerate(zip(nodes, groups)):
        first = statement_lines(group[0])[0]
        last = statement_lines(group[-1])[1]
        following = statement_lines(groups[n + 1][0])[0] - len(nodes[n + 1].leading_lines) \
            if n + 1 < len(nodes) else stop + 1
        begin = first - len(node.leading_lines)
        text = "".join(lines[begin - 1:following - 1])
        parts.append(Part(group, text, node, first - begin, following - 1 - last))
    return parts


def _kept(last: Parsed, groups: list[tuple[ast.stmt, ...]],
          lines: list[str]) -> dict[int, Part] | None:
    """The parts of ``last`` that ``groups`` hold again with the same text, by new index;
    None when the first is not one of them (its first line's ending is the module's detected
    newline, and a run of new parts starts after a kept one)."""
    by_statements = {tuple(map(id, part.statements)): part for part in last.parts}
    found: dict[int, tuple[Part, int, int]] = {}
    for index, group in enumerate(groups):
        part = by_statements.get(tuple(map(id, group)))
        if part is not None:
            first, end = part.lines()
            if "".join(lines[first - 1:end]) == part.text:
                found[index] = (part, first, end)
    kept = {index: part for index, (part, _first, _end) in found.items()}
    for index, (_part, first, _end) in found.items():
        # Lines between two parts: the one before may own them now (a block's footer).
        if index - 1 in found and found[index - 1][2] + 1 != first:
            kept.pop(index, None)
            kept.pop(index - 1, None)
    for index, group in enumerate(groups):
        before = kept.get(index - 1)
        if index not in kept and before is not None and _owns_lines(
                lines[before.lines()[1]:statement_lines(group[0])[0] - 1]):
            del kept[index - 1]  # comment lines a block before may own as its footer
    if 0 not in kept or "".join(lines[:kept[0].lines()[0] - 1]) != last.header:
        return None  # the first line's ending is the module's newline; the header is its own
    last_index = len(groups) - 1
    if last_index in kept and "".join(lines[kept[last_index].lines()[1]:]) != last.footer:
        del kept[last_index]
    return kept


def _owns_lines(lines: list[str]) -> bool:
    """Whether a block before ``lines`` may take some as its footer: LibCST gives a block the
    lines after it up to the last comment indented past the next statement (at column 0)."""
    return any(line[:1] in (" ", "\t", "\x0c") and line.lstrip().startswith("#")
               for line in lines)


def _runs(changed: list[int], count: int) -> list[tuple[int, int]]:
    """Runs of changed parts, each with the part after it (first, last index)."""
    runs: list[tuple[int, int]] = []
    for index in changed:
        end = min(index + 1, count - 1)
        if runs and index <= runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], max(runs[-1][1], end))
        else:
            runs.append((index, end))
    return runs


def _chunk(lines: list[str], start: int, stop: int, module: cst.Module,
           before_the_end: bool) -> cst.Module:
    """Lines start..stop parsed between sentinels (see the module's docstring)."""
    newline, indent = module.default_newline, module.default_indent
    source = (f"if 1:{newline}{indent}pass{newline}pass{newline}" + "".join(lines[start - 1:stop])
              + (f"pass{newline}" if before_the_end else ""))
    try:
        return cst.parse_module(source)
    except (cst.ParserSyntaxError, RecursionError, MemoryError, ValueError) as error:
        raise _Unparsable from error


class Parser:
    """Parses the sources of one text's check (its selection's, then a wider one's), each
    from the parts of the last: what `check.check_facts` asks of a ``parser``."""

    def __init__(self, last: Parsed | None) -> None:
        self.last = last

    def parse(self, sliced, text: str, tree: ast.Module):
        """(the module of ``sliced``'s text, or ``text`` when None; its scope pass)."""
        from scanlint.semantic.model import SCOPE_CALLS

        last, self.last = self.last, None  # nothing to start from if LibCST rejects it
        parsed = parse(sliced.text if sliced is not None else text, tree.body, last)
        self.last = parsed
        stubs = sliced.stub_nodes(parsed.module) if sliced is not None else frozenset()
        return parsed.module, parsed.scope_pass(SCOPE_CALLS, stubs)
