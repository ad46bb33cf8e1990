"""Counting how often each Python loop of the project runs (inside the pytest subprocess).

An import hook compiles the project's own modules (not its tests, which pytest rewrites, nor
installed packages) with every `for` loop's and comprehension's iterable wrapped in a counter,
`for x in __scanlint_trips__("path:line", xs)`, and a counter call first in each `while`
body. The wrapper yields the same items in the same order and calls `iter()` at once, as the
loop would, so the module computes what it did; the counts are read around each `jit` trace.
Line numbers are kept, so the equations' source lines still name the user's code.
"""

from __future__ import annotations

import ast
import importlib.abc
import importlib.util
import os
import sys
from collections import Counter

COUNTER = "__scanlint_trips__"
WHILE_COUNTER = "__scanlint_while__"
TRIPS: Counter = Counter()  # "path:line" of a loop -> body runs so far


def counted(key: str, iterable):
    iterator = iter(iterable)  # raises where the loop would, before its first trip
    return _counting(key, iterator)


def _counting(key: str, iterator):
    for item in iterator:
        TRIPS[key] += 1
        yield item


def counted_while(key: str) -> None:
    TRIPS[key] += 1


class LoopCounter(ast.NodeTransformer):
    """Wraps each loop's iterable; the key is the loop's first line (a comprehension's: the
    comprehension's), where static findings point too."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.spans: dict[str, tuple[int, int]] = {}  # key -> the loop's first and last line

    def key(self, node: ast.AST) -> str:
        key = f"{self.path}:{node.lineno}"
        self.spans[key] = (node.lineno, node.end_lineno or node.lineno)
        return key

    def wrap(self, key: str, iterable: ast.expr) -> ast.expr:
        call = ast.Call(ast.Name(COUNTER, ast.Load()), [ast.Constant(key), iterable], [])
        return ast.copy_location(call, iterable)

    def visit_For(self, node: ast.For) -> ast.AST:
        self.generic_visit(node)
        node.iter = self.wrap(self.key(node), node.iter)
        return node

    def visit_While(self, node: ast.While) -> ast.AST:
        self.generic_visit(node)
        call = ast.Expr(ast.Call(ast.Name(WHILE_COUNTER, ast.Load()),
                                 [ast.Constant(self.key(node))], []))
        node.body.insert(0, ast.copy_location(call, node.body[0]))
        return node

    def comprehension(self, node: ast.AST) -> ast.AST:
        self.generic_visit(node)
        if any(g.is_async for g in node.generators):
            return node  # an async iterable: `iter()` would not take it
        key = self.key(node)
        innermost = node.generators[-1]  # its runs: the elements made, over all clauses
        innermost.iter = self.wrap(key, innermost.iter)
        return node

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = comprehension


def instrumented_code(source: bytes, path: str):
    """The module's code with its loops counted, and the loops' spans (key -> lines)."""
    tree = ast.parse(source, path)
    counter = LoopCounter(path)
    tree = ast.fix_missing_locations(counter.visit(tree))
    return compile(tree, path, "exec", dont_inherit=True), counter.spans


def is_test_file(path: str) -> bool:
    """Files pytest rewrites (its assertion hook) are left to it."""
    name = os.path.basename(path)
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def is_installed(path: str) -> bool:
    parts = path.split(os.sep)
    return any(p in ("site-packages", "dist-packages") or p.startswith(".venv") or p == "venv"
               for p in parts)


class CountingFinder(importlib.abc.MetaPathFinder):
    """Ahead of every other finder: asks the others for the spec, and replaces the loader of
    a project source file with one that compiles it counted."""

    def __init__(self, root: str, skip: tuple[str, ...]) -> None:
        self.root = os.path.abspath(root)
        self.skip = skip  # folders never instrumented (scanlint itself)
        self.spans: dict[str, tuple[int, int]] = {}
        self.failed: dict[str, str] = {}  # path -> why it was loaded as it is
        self.busy = False

    def find_spec(self, fullname, path=None, target=None):
        if self.busy:
            return None
        self.busy = True
        try:
            spec = next((s for s in (self.other_spec(f, fullname, path, target)
                                     for f in sys.meta_path if f is not self) if s), None)
        finally:
            self.busy = False
        origin = getattr(spec, "origin", None) if spec else None
        if not origin or not origin.endswith(".py") or not self.wanted(origin):
            return spec
        if not isinstance(spec.loader, importlib.abc.SourceLoader):
            return spec
        spec.loader = CountingLoader(fullname, origin, self)
        return spec

    @staticmethod
    def other_spec(finder, fullname, path, target):
        find = getattr(finder, "find_spec", None)
        if find is None:
            return None
        try:
            return find(fullname, path, target)
        except (ImportError, AttributeError, TypeError, ValueError):
            return None

    def wanted(self, path: str) -> bool:
        path = os.path.abspath(path)
        inside = os.path.commonpath([path, self.root]) == self.root
        return (inside and not is_test_file(path) and not is_installed(path)
                and not any(os.path.commonpath([path, s]) == s for s in self.skip))


class CountingLoader(importlib.abc.SourceLoader):
    """Compiles the counted source each time: no bytecode is read or written, so a later
    plain import never gets the counted code."""

    def __init__(self, fullname: str, path: str, finder: CountingFinder) -> None:
        self.name = fullname
        self.path = path
        self.finder = finder

    def get_filename(self, fullname):
        return self.path

    def get_data(self, path):
        with open(path, "rb") as handle:
            return handle.read()

    def get_code(self, fullname):
        source = self.get_data(self.path)
        try:
            code, spans = instrumented_code(source, self.path)
        except (SyntaxError, ValueError, RecursionError) as error:
            self.finder.failed[self.path] = f"not instrumented: {type(error).__name__}"
            return compile(source, self.path, "exec", dont_inherit=True)
        self.finder.spans.update(spans)
        return code

    def exec_module(self, module) -> None:
        module.__dict__[COUNTER] = counted
        module.__dict__[WHILE_COUNTER] = counted_while
        super().exec_module(module)
