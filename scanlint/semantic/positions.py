"""Where statements and calls are, without LibCST's PositionProvider.

PositionProvider renders the whole module again to learn positions, which on a 4,000-line
file costs more than the rest of the check. Python's `ast` (in C) knows every statement's
position; walking the `ast` and LibCST statement trees in parallel gives each LibCST statement
its span. A call's span is found by its rendered text inside its statement's span. When the
two trees disagree, or the source is newer than this Python's `ast`, the caller falls back to
PositionProvider.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

import libcst as cst

from scanlint.core.diagnostic import LineIndex


@dataclass(frozen=True)
class Point:
    line: int
    column: int


@dataclass(frozen=True)
class Span:
    """The same shape as LibCST's CodeRange: `.start` and `.end` with `.line`/`.column`."""

    start: Point
    end: Point


class Mismatch(Exception):
    """The ast and LibCST trees do not line up."""


class StatementPositions:
    def __init__(self, module: cst.Module, text: str, index: LineIndex,
                 tree: ast.Module | None = None) -> None:
        self.index = index
        self.spans: dict[int, Span] = {}
        if tree is None:
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
                raise Mismatch(str(error)) from None
        self._block(module.body, tree.body)

    # -- conversion -------------------------------------------------------------------------
    def _column(self, line: int, byte_offset: int) -> int:
        text = self.index.line_text(line)
        if text.isascii():
            return byte_offset
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", "replace"))

    def _span(self, node: ast.AST) -> Span:
        return Span(Point(node.lineno, self._column(node.lineno, node.col_offset)),
                    Point(node.end_lineno, self._column(node.end_lineno, node.end_col_offset)))

    # -- the parallel walk ------------------------------------------------------------------
    def _block(self, statements, nodes: list[ast.stmt]) -> None:
        queue = list(nodes)
        for statement in statements:
            if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
                self._small(statement, queue)
            else:
                if not queue:
                    raise Mismatch("more LibCST statements than ast statements")
                self._compound(statement, queue.pop(0))
        if queue:
            raise Mismatch("more ast statements than LibCST statements")

    def _small(self, line, queue: list[ast.stmt]) -> None:
        if len(queue) < len(line.body):
            raise Mismatch("a statement line has more statements than ast")
        first = None
        for small in line.body:
            node = queue.pop(0)
            self.spans[id(small)] = self._span(node)
            first = first or node
            last = node
        self.spans[id(line)] = Span(self._span(first).start, self._span(last).end)

    def _suite(self, body, nodes: list[ast.stmt]) -> None:
        if isinstance(body, cst.SimpleStatementSuite):
            self._small(body, list(nodes))
        else:
            self._block(body.body, nodes)

    def _compound(self, statement: cst.CSTNode, node: ast.stmt) -> None:
        self.spans[id(statement)] = self._span(node)
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            self._expect(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            self._suite(statement.body, node.body)
        elif isinstance(statement, (cst.If, cst.For, cst.While)):
            self._expect(node, (ast.If, ast.For, ast.AsyncFor, ast.While))
            self._suite(statement.body, node.body)
            orelse = statement.orelse
            if isinstance(orelse, cst.If):
                if len(node.orelse) != 1:
                    raise Mismatch("elif")
                self._compound(orelse, node.orelse[0])
            elif orelse is not None:
                self._suite(orelse.body, node.orelse)
        elif isinstance(statement, cst.With):
            self._expect(node, (ast.With, ast.AsyncWith))
            self._suite(statement.body, node.body)
        elif isinstance(statement, (cst.Try, cst.TryStar)):
            self._expect(node, tuple(t for t in (getattr(ast, "Try", None),
                                                  getattr(ast, "TryStar", None)) if t))
            self._suite(statement.body, node.body)
            if len(statement.handlers) != len(node.handlers):
                raise Mismatch("except clauses")
            for handler, ast_handler in zip(statement.handlers, node.handlers):
                self._suite(handler.body, ast_handler.body)
            if statement.orelse is not None:
                self._suite(statement.orelse.body, node.orelse)
            if statement.finalbody is not None:
                self._suite(statement.finalbody.body, node.finalbody)
        elif isinstance(statement, cst.Match):
            self._expect(node, (getattr(ast, "Match", ()),))
            if len(statement.cases) != len(node.cases):
                raise Mismatch("match cases")
            for case, ast_case in zip(statement.cases, node.cases):
                self._suite(case.body, ast_case.body)
        else:
            raise Mismatch(f"unknown compound statement {type(statement).__name__}")

    @staticmethod
    def _expect(node: ast.AST, kinds: tuple) -> None:
        if not isinstance(node, kinds):
            raise Mismatch(f"{type(node).__name__} where {kinds} was expected")

    # -- lookups ----------------------------------------------------------------------------
    def statement(self, node: cst.CSTNode) -> Span | None:
        return self.spans.get(id(node))

    def within(self, module: cst.Module, node: cst.CSTNode, statement: cst.CSTNode) -> Span | None:
        """The span of ``node`` found by its text inside ``statement``'s span, when that text
        occurs there once; else None (the caller then asks the full position provider).

        An expression renders as its source; a node holding a block renders without the
        block's indentation, so then its first line (occurring once) and its last line are
        looked up separately, and must be as many lines apart as the node has."""
        outer = self.spans.get(id(statement))
        if outer is None:
            return None
        text = self.index.text
        start = self.index.offset(outer.start)  # type: ignore[arg-type]
        end = self.index.offset(outer.end)  # type: ignore[arg-type]
        code = module.code_for_node(node)
        found = text.find(code, start, end) if code else -1
        if found >= 0:
            if text.find(code, found + 1, end) >= 0:
                return None  # the same text twice (two identical calls): which one is unknown
            stop = found + len(code)
        else:
            lines = code.splitlines() or [""]
            found = text.find(lines[0], start, end)
            if found < 0 or len(lines) < 2 or text.find(lines[0], found + 1, end) >= 0:
                return None
            stop = found + len(lines[0])
            last = lines[-1].lstrip()
            tail = text.find(last, stop, end)
            if tail < 0:
                return None
            stop = tail + len(last)
            if self.index.position(stop).line - self.index.position(found).line != len(lines) - 1:
                return None
        a, b = self.index.position(found), self.index.position(stop)
        return Span(Point(a.line, a.column), Point(b.line, b.column))
