"""The second, still sound, prefilter: Python's `ast` (in C, about 15 times faster than
LibCST) answers whether a file has a call that *could* resolve to a scan-family function.

It over-approximates the model (it ignores shadowing and scopes, and looks for attribute
chains in the text), so a file it rejects cannot hold a site the model would find; on the
installed jax sources it spares LibCST more than half of the files the text prefilter lets
through. Only statements are walked (imports are statements), which keeps it cheap.
"""

from __future__ import annotations

import ast
import re

FAMILY = frozenset({"scan", "fori_loop", "while_loop", "map"})


def _statements(body: list[ast.stmt]):
    """Every statement, nested ones included, without entering expressions."""
    stack = list(body)
    while stack:
        node = stack.pop()
        yield node
        for field in ("body", "orelse", "finalbody"):
            stack.extend(getattr(node, field, ()) or ())
        for handler in getattr(node, "handlers", ()) or ():
            stack.extend(handler.body)
        for case in getattr(node, "cases", ()) or ():
            stack.extend(case.body)


def parse(text: str) -> ast.Module | None:
    """Python's tree of ``text``, or None when `ast` rejects it (LibCST then decides, and
    reports what is wrong). The model reuses it for positions."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def may_have_site(text: str, tree: ast.Module | None = None) -> bool:
    """Whether ``text`` (parsed as ``tree``, when the caller has it) may hold a site."""
    tree = tree or parse(text)
    if tree is None:
        return True
    modules: set[str] = set()  # local names bound to jax things
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "jax" or alias.name.startswith("jax."):
                    modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "jax" or node.module.startswith("jax.")):
            for alias in node.names:
                if alias.name == "*" or alias.name in FAMILY:
                    return True  # the function itself is imported: assume it is called
                modules.add(alias.asname or alias.name)
    if not modules:
        return False
    # `name(.attr)*.scan`, with any whitespace around the dots (a superset of the attribute
    # chains the model resolves: it also matches strings and comments, never misses a call).
    names = "|".join(re.escape(m) for m in sorted(modules))
    chain = re.compile(rf"\b(?:{names})(?:\s*\.\s*\w+)*?\s*\.\s*(?:{'|'.join(FAMILY)})\b")
    return chain.search(text) is not None
