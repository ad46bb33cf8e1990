"""Deeply nested code: the big-stack thread the engine parses and checks on, and the depth
check that refuses (SCN900) what no parser should be handed.
"""

from __future__ import annotations

import re
import sys
import threading

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
        # Python's own limit, past _MAX_DEPTH on every version: on the big stack 3.10 and
        # 3.11 build any depth, 3.12 gives up at about 3,000 levels, 3.13 at 10,000.
        return f"expressions nested deeper than Python's parser allows (the limit is {_MAX_DEPTH})"
    except (SyntaxError, ValueError, MemoryError):
        return None  # LibCST reports what is wrong
    if _certainly_shallow(tree, text):
        return None
    depth = _depth([tree])
    if depth > _MAX_DEPTH:
        return f"expressions nested {depth} levels deep (the limit is {_MAX_DEPTH})"
    return None


def within_depth_limit(statement) -> bool:
    """Whether this top-level statement (an `ast` node) keeps a module whose other
    statements are within the limit within it (engine/incremental.py: a statement an edit
    changed)."""
    return _depth([statement]) < _MAX_DEPTH


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
