"""`scanlint.semantic.walk` makes the calls LibCST's own `visit` makes and finds the children
`node.children` finds, on every node of real files and of a file written to hold every kind
of statement and expression (match, async, f-strings, star imports, decorators, ...)."""

from __future__ import annotations

import glob
import os
import sysconfig

import libcst as cst
import pytest

from scanlint.semantic import walk

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(HERE)

EVERY_KIND = '''
from __future__ import annotations
import os.path as p, sys
from . import sibling
from ..pkg.mod import (a as b, c,)
from jax.lax import *
x: int = 1
y = z = (1, 2, *rest)
x += 1; del y
lam = lambda a, /, b=1, *c, d, e=2, **f: (a, b, c, d, e, f)
s = f"{x!r:>{width}} {y=} {{}} {f'{z}'}"
t = b"bytes" b"more" rb"\\raw"
sub = a[1:2, ::3, ...][None]
comp = [i for i in range(3) if i for j in range(i)] + {k: v for k, v in d.items()}
gen = (i async for i in aiter() if await i)
walrus = [y := 1, (z := y + 1)]
cmp = 1 < x <= 2 is not None not in (3,) and not x or -x ** ~x @ m // 2 % 3 >> 1 << 1 & 1 | 1 ^ 1
cond = a if b else c
star, *others = [1, 2, 3]

@decorator
@decorator.with_args(1, key=2)
async def function(a: int, *, b: "str" = "s") -> list[int]:
    global g
    async with ctx() as (m, n), other():
        async for item in stream:
            yield item
            await item
            continue
        else:
            pass
    try:
        raise ValueError("x") from None
    except* (TypeError, ValueError) as error:
        pass
    else:
        pass
    finally:
        return [a]

class Klass(Base, metaclass=Meta):
    """Doc."""
    attribute: int
    def method(self):
        nonlocal_free = 1
        def inner():
            nonlocal nonlocal_free
            nonlocal_free += 1
        while self.ok:
            if a:
                break
            elif b:
                continue
            else:
                assert a, "message"
        with open(p) as handle:
            print(*args, sep="", **kwargs)
        return inner

match command.split():
    case [action]:
        pass
    case [Point(x=0, y=0) as origin, *rest] | {"key": value, **more} if origin:
        pass
    case str() | bytes() | None | 1 | -1 | 1 + 2j | "s":
        pass
    case _:
        pass
'''


def _sources() -> list[tuple[str, str]]:
    paths = sorted(glob.glob(os.path.join(ROOT, "fixtures", "*.py")))
    paths += sorted(glob.glob(os.path.join(ROOT, "scanlint", "rules", "scn20*.py")))
    stdlib = sysconfig.get_paths()["stdlib"]
    paths += [os.path.join(stdlib, name) for name in ("dataclasses.py", "typing.py", "ast.py")]
    sources = [("every_kind", EVERY_KIND)]
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            sources.append((os.path.relpath(path, ROOT), handle.read()))
    return sources


SOURCES = _sources()


class Recorder(cst.CSTVisitor):
    """Records every call; skips the children of some nodes, as rule visitors do."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.calls.append(("visit def", id(node)))
        return len(node.params.params) != 1  # skip the children of one-parameter defs

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.calls.append(("leave def", id(node)))

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        self.calls.append(("visit lambda", id(node)))
        return False

    def visit_Name(self, node: cst.Name) -> None:
        self.calls.append(("name " + node.value, id(node)))

    def leave_Call(self, node: cst.Call) -> None:
        self.calls.append(("leave call", id(node)))


class EveryNode(cst.CSTVisitor):
    """Overrides the generic hooks: sees every node, in and out."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.calls.append(("in", type(node).__name__, id(node)))
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.calls.append(("out", type(original_node).__name__, id(original_node)))


@pytest.mark.parametrize("name,source", SOURCES, ids=[name for name, _ in SOURCES])
@pytest.mark.parametrize("visitor_class", [Recorder, EveryNode])
def test_visit_makes_libcsts_calls(name, source, visitor_class):
    module = cst.parse_module(source)
    theirs, ours = visitor_class(), visitor_class()
    module.visit(theirs)
    walk.visit(module, ours)
    assert ours.calls == theirs.calls
    assert len(ours.calls) >= 3  # not equal by being empty


@pytest.mark.parametrize("name,source", SOURCES, ids=[name for name, _ in SOURCES])
def test_children_are_libcsts(name, source):
    module = cst.parse_module(source)
    every = EveryNode()
    module.visit(every)
    nodes = {id(module): module}

    class Collect(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            nodes[id(node)] = node
            return True

    module.visit(Collect())
    for node in nodes.values():
        assert [id(c) for c in walk.children(node)] == [id(c) for c in node.children]


def test_transformers_and_attribute_hooks_go_through_libcst():
    module = cst.parse_module("f(x)\n")

    class Rename(cst.CSTTransformer):
        def leave_Name(self, original_node, updated_node):
            return updated_node.with_changes(value="y")

    class FuncHook(cst.CSTVisitor):
        def __init__(self) -> None:
            self.seen: list[str] = []

        def visit_Call_func(self, node: cst.Call) -> None:
            self.seen.append("func")

    hook = FuncHook()
    walk.visit(module, hook)
    assert hook.seen == ["func"]
    walk.visit(module, Rename())  # runs without error; the tree is not changed in place
    assert module.code == "f(x)\n"
