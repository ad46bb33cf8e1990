"""Which lines a change touched in each version, which of them hold code that runs, and which
function holds each: what a replay must have run before it can vouch for the change.

`compile()` and `ast` only; no jax, no user code. Both versions are compiled under the same
file name, so the lines the replay's coverage reports are read against the right version.
"""

from __future__ import annotations

import ast
import difflib
import types
from dataclasses import dataclass

MODULE_LEVEL = "(module level)"


@dataclass(frozen=True)
class Required:
    """A changed line that holds code: it must run in a call that compared equal (a line that
    defines a lambda must run inside the lambda, not only where it is defined)."""

    line: int
    in_lambda: bool = False
    owner: str = MODULE_LEVEL  # the top-level function or method (`Class.method`) holding it
    where: str = ""  # the innermost def holding it (`reset`), for messages


@dataclass(frozen=True)
class Changes:
    """The required lines of both versions of one module."""

    old: tuple[Required, ...]
    new: tuple[Required, ...]

    def owners(self) -> set[str]:
        return {r.owner for r in (*self.old, *self.new)}

    def of(self, owner: str) -> tuple[tuple[Required, ...], tuple[Required, ...]]:
        return (tuple(r for r in self.old if r.owner == owner),
                tuple(r for r in self.new if r.owner == owner))


def changed_line_numbers(old: str, new: str) -> tuple[set[int], set[int]]:
    """The lines of each version that the other does not have as they are (1-based). Where a
    version only lost lines, the line before the gap stands for it (and the one after)."""
    a, b = old.splitlines(), new.splitlines()
    old_lines, new_lines = set(), set()
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        old_lines |= set(range(i1 + 1, i2 + 1)) or {i1, i1 + 1}
        new_lines |= set(range(j1 + 1, j2 + 1)) or {j1, j1 + 1}
    return ({n for n in old_lines if 1 <= n <= len(a)},
            {n for n in new_lines if 1 <= n <= len(b)})


def executable_lines(source: str, path: str) -> dict[int, bool]:
    """Line -> whether a lambda's code is on it, for every line some code object runs."""
    found: dict[int, bool] = {}
    stack = [compile(source, path, "exec", dont_inherit=True)]
    while stack:
        code = stack.pop()
        is_lambda = code.co_name == "<lambda>"
        for _start, _end, line in code.co_lines():
            if line is not None and line > 0:
                found[line] = found.get(line, False) or is_lambda
        stack.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return found


def owners(source: str) -> dict[int, tuple[str, str]]:
    """Line -> (the top-level function or method holding it, the innermost def holding it)."""
    found: dict[int, tuple[str, str]] = {}

    def mark(node: ast.AST, owner: str, where: str) -> None:
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
            found[line] = (owner, where)

    tree = ast.parse(source)
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(statement, statement.name, statement.name)
            _nested_defs(statement, statement.name, mark)
        elif isinstance(statement, ast.ClassDef):
            for member in statement.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    qualname = f"{statement.name}.{member.name}"
                    mark(member, qualname, member.name)
                    _nested_defs(member, qualname, mark)
    return found


def _nested_defs(function: ast.AST, owner: str, mark) -> None:
    """Mark every def inside ``function``, outer ones first, so the innermost wins."""
    inner = [n for n in ast.walk(function) if n is not function
             and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for node in sorted(inner, key=lambda n: (n.lineno, -(n.end_lineno or n.lineno))):
        mark(node, owner, node.name)


def required_lines(source: str, changed: set[int], path: str) -> tuple[Required, ...]:
    runs = executable_lines(source, path)
    holders = owners(source)
    return tuple(Required(line, runs[line], *holders.get(line, (MODULE_LEVEL, "")))
                 for line in sorted(changed) if line in runs)


def changes(old: str, new: str, path: str) -> Changes:
    """The required lines of both versions of the module at ``path``."""
    old_changed, new_changed = changed_line_numbers(old, new)
    return Changes(required_lines(old, old_changed, path), required_lines(new, new_changed, path))


def function_lines(source: str) -> dict[str, set[int]]:
    """Each top-level function's and method's lines (`Class.method`), nested defs included."""
    found: dict[str, set[int]] = {}
    for line, (owner, _where) in owners(source).items():
        found.setdefault(owner, set()).add(line)
    return found


def spans(lines: list[int]) -> str:
    """`12-15, 18` for [12, 13, 14, 15, 18]."""
    parts, start, last = [], None, None
    for line in sorted(set(lines)):
        if start is not None and line == last + 1:
            last = line
            continue
        if start is not None:
            parts.append(f"{start}-{last}" if last != start else f"{start}")
        start = last = line
    if start is not None:
        parts.append(f"{start}-{last}" if last != start else f"{start}")
    return ", ".join(parts)
