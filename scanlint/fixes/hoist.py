"""Hoisting an expression out of the loops around it (SCN306): `name = <expr>` on a new line
before the outermost loop it can leave, the expression replaced by `name`. Written as text
edits on `ast` positions (the rule reads the file's program, not LibCST).

The expression may leave a loop when evaluating it once gives what evaluating it at every
iteration gave: no name it reads is bound in the loop, and no object whose attribute it reads
is changed there (assigned an attribute, or passed to or called a method of by other code of
the loop, which could change it). A function JAX traces reads what it closes over when it is
traced, once for a jitted function hoisted out: the same conditions make that the same.
"""

from __future__ import annotations

import ast

from scanlint.core.diagnostic import Edit, Fix, Position
from scanlint.semantic.program import Program, Scope


def hoisted(program: Program, expr: ast.expr, loops: tuple, scope: Scope,
            name_hint: str) -> Fix | str:
    """The fix moving ``expr`` (inside ``loops`` of ``scope``, outermost first) before the
    outermost loop it may leave, or why there is none."""
    if expr.lineno != expr.end_lineno:  # type: ignore[attr-defined]
        return "the expression spans several lines"
    reads, bases = _reads(expr)
    target = None
    for loop in reversed(loops):
        if not isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
            break
        if _binds_any(loop, reads) or _changes_any(loop, bases, expr):
            break
        target = loop
    if target is None:
        return "it reads names or objects the loop changes"
    lines = program.text.splitlines(keepends=True)
    line = lines[target.lineno - 1]
    indent = line[:len(line) - len(line.lstrip(" \t"))]
    if program.position(target.lineno, target.col_offset).column != len(indent):
        return "the loop does not start its line"
    newline = line[len(line.rstrip("\r\n")):] or "\n"
    name = _fresh_name(program, name_hint)
    source = program.source(expr)
    start, end = program.span(expr)
    at = Position(target.lineno, 0)
    return Fix("safe", f"Hoist `{name}` out of the loop", (
        Edit(at, at, f"{indent}{name} = {source}{newline}"),
        Edit(start, end, name),
    ))


def _reads(expr: ast.expr) -> tuple[set[str], set[str]]:
    """The names ``expr`` reads (not those its lambdas and comprehensions bind), and the
    names whose attributes it reads."""
    bound: set[str] = set()
    for node in ast.walk(expr):
        if isinstance(node, ast.Lambda):
            args = node.args
            bound.update(a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs,
                                         *(x for x in (args.vararg, args.kwarg) if x)))
        elif isinstance(node, ast.comprehension):
            bound.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
    reads = {n.id for n in ast.walk(expr)
             if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound
    bases = {n.value.id for n in ast.walk(expr)
             if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)} - bound
    return reads, bases


def _binds_any(loop: ast.AST, names: set[str]) -> bool:
    """Whether the loop (its target, its body, what it runs) binds one of ``names``."""
    for node in ast.walk(loop):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)) and \
                node.id in names:
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and \
                node.name in names:
            return True
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            if any((a.asname or a.name.split(".")[0]) in names for a in node.names):
                return True
        if isinstance(node, (ast.Global, ast.Nonlocal)) and set(node.names) & names:
            return True
    return False


def _changes_any(loop: ast.AST, bases: set[str], expr: ast.expr) -> bool:
    """Whether code of the loop other than ``expr`` may change an object whose attribute
    ``expr`` reads: assigns one of its attributes or items, calls a method on it, or passes
    it to a call."""
    if not bases:
        return False
    inside = {id(n) for n in ast.walk(expr)}
    for node in ast.walk(loop):
        if id(node) in inside:
            continue
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(
                node.ctx, (ast.Store, ast.Del)) and _base(node) in bases:
            return True
        if isinstance(node, ast.Call) and id(node) not in inside:
            if isinstance(node.func, ast.Attribute) and _base(node.func) in bases:
                return True
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Name) and arg.id in bases:
                    return True
    return False


def _base(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _fresh_name(program: Program, hint: str) -> str:
    """``hint``, or ``hint`` with a number, that the file neither binds nor reads."""
    taken = {n.id for n in ast.walk(program.tree) if isinstance(n, ast.Name)}
    taken |= {n.name for n in ast.walk(program.tree)
              if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    name, number = hint, 2
    while name in taken:
        name, number = f"{hint}_{number}", number + 1
    return name
