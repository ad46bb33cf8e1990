"""The second, still sound, prefilter: Python's `ast` (in C, about 15 times faster than
LibCST) answers whether a file has a call that *could* resolve to a scan-family function.

It over-approximates the model (it ignores shadowing and scopes), so a file it rejects cannot
hold a site the model would find; on the installed jax sources it spares LibCST 91 of the
125 files the text prefilter lets through.
"""

from __future__ import annotations

import ast

FAMILY = frozenset({"scan", "fori_loop", "while_loop", "map"})


def _imports(tree: ast.AST) -> tuple[set[str], set[str], bool]:
    """Local names bound to jax things, local names bound to family functions, star import."""
    modules: set[str] = set()
    functions: set[str] = set()
    star = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "jax" or alias.name.startswith("jax."):
                    modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "jax" or node.module.startswith("jax.")):
            for alias in node.names:
                if alias.name == "*":
                    star = True
                    continue
                local = alias.asname or alias.name
                (functions if alias.name in FAMILY else modules).add(local)
    return modules, functions, star


def may_have_site(text: str) -> bool:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # LibCST decides (and reports what is wrong)
    modules, functions, star = _imports(tree)
    if star:
        return True
    if not modules and not functions:
        return False
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in functions:
            return True
        if isinstance(func, ast.Attribute) and func.attr in FAMILY:
            base = func.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in modules:
                return True
    return False
