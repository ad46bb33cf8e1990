"""Which functions to run and with what inputs (no jax, no user code: `ast` only)."""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """One run of a changed function: a call evaluated in the module, or the arguments a
    test passed (recorded), or neither (not exercised, ``reason`` says why)."""

    label: str  # the function's name, the call text, or `name [test id]` for a recorded call
    call: str | None = None  # evaluated in the module's namespace
    reason: str = ""  # why it is not exercised
    function: str = ""  # the changed function (qualified name, `Class.method`) it runs
    recorded: str | None = None  # base64 pickle of the (args, kwargs) a test passed
    config: tuple[tuple[str, object], ...] = ()  # jax flags in force at the recorded call
    # For a function defined inside ``function`` (a closure stored on an instance, returned by
    # a factory): the object the tests built that holds it and the path from it (JSON).
    reach: str | None = None

    @property
    def runnable(self) -> bool:
        return self.call is not None or self.recorded is not None

    def request(self) -> dict:
        """What the child needs to run it."""
        if self.call is not None:
            return {"label": self.label, "call": self.call}
        return {"label": self.label, "function": self.function, "recorded": self.recorded,
                "config": dict(self.config), "reach": json.loads(self.reach) if self.reach else None}


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


def names_used(node: ast.AST, classes: set[str]) -> set[str]:
    """The names ``node`` reads; a top-level class read only for an attribute
    (`Grid.render_tile(...)`) as that attribute (`Grid.render_tile`): a change elsewhere in the
    class does not reach it."""
    bases = {id(n.value) for n in ast.walk(node) if isinstance(n, ast.Attribute)
             and isinstance(n.value, ast.Name) and n.value.id in classes}
    found = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and not (n.id in classes and id(n) in bases):
            found.add(n.id)
        elif isinstance(n, ast.Attribute) and id(n.value) in bases:
            found.add(f"{n.value.id}.{n.attr}")
    return found


LOCALS = ".<locals>."  # in the qualified name of a function defined inside another
DESCRIPTORS = {"staticmethod", "classmethod"}  # a method still called, with or without self
PROPERTIES = {"property", "cached_property", "setter", "getter", "deleter"}


def decorator_name(node: ast.expr) -> str:
    """`functools.cached_property` -> `cached_property`; `x.setter` -> `setter`."""
    while isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def methods(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """`Class.method` -> its def, for the top-level classes' methods (properties left out:
    they are read, not called)."""
    found = {}
    for name, node in top_level(tree).items():
        if not isinstance(node, ast.ClassDef):
            continue
        for statement in node.body:
            if isinstance(statement, ast.FunctionDef) and not any(
                    decorator_name(d) in PROPERTIES for d in statement.decorator_list):
                found[f"{name}.{statement.name}"] = statement
    return found


def attributes_read(node: ast.AST, owner: str) -> set[str]:
    """`Class.x` for every `self.x` or `cls.x` a method reads."""
    return {f"{owner}.{n.attr}" for n in ast.walk(node)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
            and n.value.id in ("self", "cls")}


def changed_entries(old_source: str, new_source: str) -> list[str]:
    """Top-level functions and methods of top-level classes (in both versions) whose code
    changed, or that use, directly or through other top-level definitions, a top-level name
    whose definition changed (or, for a method, a `self.` attribute whose method did)."""
    old_tree, new_tree = ast.parse(old_source), ast.parse(new_source)
    old = {**top_level(old_tree), **methods(old_tree)}
    new = {**top_level(new_tree), **methods(new_tree)}
    affected = {name for name in old.keys() | new.keys()
                if _shape(old.get(name)) != _shape(new.get(name))}
    classes = {name for name, node in new.items() if isinstance(node, ast.ClassDef)}
    grew = True
    while grew:
        grew = False
        for name, node in new.items():
            owner = name.split(".")[0]
            uses = names_used(node, classes) | (attributes_read(node, owner) if "." in name
                                                else set())
            if name not in affected and uses & affected:
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


def defines(source: str, call: str) -> bool:
    """Whether the module defines (at top level) the name the call starts from: calls set
    for a project are run in the modules that define them."""
    return call_function(call).split(".")[0] in top_level(ast.parse(source))


def call_function(call: str) -> str:
    expr = ast.parse(call.strip(), mode="eval").body
    if not isinstance(expr, ast.Call):
        raise ValueError(f"--call needs a call such as `run(x, 0.1)`, not {call!r}")
    func = expr.func
    while isinstance(func, ast.Attribute):
        func = func.value
    return func.id if isinstance(func, ast.Name) else ast.unparse(expr.func)


def plan(old_source: str, new_source: str, calls: list[str],
         recorded: dict[str, list[Entry]] | None = None) -> list[Entry]:
    """The entries to run: the user's calls, then for each changed function the calls the
    tests made (``recorded``: function -> entries; one not runnable entry says why there are
    none), else a call from module globals, else the function, not exercised."""
    entries = [Entry(call, call, function=call_function(call)) for call in calls
               if defines(new_source, call)]
    covered = {entry.function for entry in entries}
    for function in changed_entries(old_source, new_source):
        if function in covered:
            continue
        from_tests = (recorded or {}).get(function, [])
        if any(entry.runnable for entry in from_tests):
            entries.extend(from_tests)
            continue
        call = default_call(old_source, function)
        if call is not None and default_call(new_source, function) == call:
            entries.append(Entry(function, call, function=function))
        elif from_tests:
            entries.extend(from_tests)
        else:
            entries.append(Entry(function, reason=NO_INPUTS if recorded is None else NO_TEST,
                                 function=function))
    return entries


NO_INPUTS = "no inputs: pass --call or --pytest, or set [tool.scanlint.verify] calls or pytest"
NO_TEST = "no test called it with concrete values"
