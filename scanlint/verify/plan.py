"""Which functions to run and with what inputs (no jax, no user code: `ast` only)."""

from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    label: str  # the function name, or the call text when the user gave one
    call: str | None  # None: not exercised (no inputs known)
    reason: str = ""  # why it is not exercised


def top_level(tree: ast.Module) -> dict[str, ast.AST]:
    """Top-level name -> the last statement that binds it (def, class or assignment)."""
    names: dict[str, ast.AST] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names[statement.name] = statement
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        names[node.id] = statement
    return names


def _shape(node: ast.AST | None) -> str:
    return ast.dump(node, annotate_fields=False, include_attributes=False) if node else ""


def loaded_names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def changed_entries(old_source: str, new_source: str) -> list[str]:
    """Top-level functions (in both versions) whose code changed, or that use, directly or
    through other top-level definitions, a top-level name whose definition changed."""
    old, new = top_level(ast.parse(old_source)), top_level(ast.parse(new_source))
    changed = {name for name in old.keys() | new.keys()
               if _shape(old.get(name)) != _shape(new.get(name))}
    affected = set(changed)
    grew = True
    while grew:
        grew = False
        for name, node in new.items():
            if name not in affected and loaded_names(node) & affected:
                affected.add(name)
                grew = True
    return sorted(name for name in affected
                  if isinstance(old.get(name), ast.FunctionDef)
                  and isinstance(new.get(name), ast.FunctionDef))


def default_call(source: str, function: str) -> str | None:
    """`f(a, b)` when every parameter of ``f`` names a module-level global (as in the
    article's example); parameters with defaults may be left out. None when not callable."""
    tree = ast.parse(source)
    names = top_level(tree)
    node = names.get(function)
    if not isinstance(node, ast.FunctionDef):
        return None
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    first_default = len(positional) - len(args.defaults)
    parts = []
    for i, arg in enumerate(positional):
        if arg.arg in names and not isinstance(names[arg.arg], ast.FunctionDef):
            parts.append(arg.arg)
        elif i >= first_default:
            break
        else:
            return None
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        if arg.arg in names:
            parts.append(f"{arg.arg}={arg.arg}")
        elif default is None:
            return None
    return f"{function}({', '.join(parts)})"


def call_function(call: str) -> str:
    expr = ast.parse(call.strip(), mode="eval").body
    if not isinstance(expr, ast.Call):
        raise ValueError(f"--call needs a call such as `run(x, 0.1)`, not {call!r}")
    func = expr.func
    while isinstance(func, ast.Attribute):
        func = func.value
    return func.id if isinstance(func, ast.Name) else ast.unparse(expr.func)


def plan(old_source: str, new_source: str, calls: list[str]) -> list[Entry]:
    """The entries to run: the user's calls, then each changed function (not exercised
    when no call is known for it)."""
    entries = [Entry(call, call) for call in calls]
    covered = {call_function(call) for call in calls}
    for function in changed_entries(old_source, new_source):
        if function in covered:
            continue
        call = default_call(old_source, function)
        if call is not None and default_call(new_source, function) == call:
            entries.append(Entry(function, call))
        else:
            entries.append(Entry(function, None, "no inputs: pass --call or set "
                                 "[tool.scanlint.verify] calls"))
    return entries
