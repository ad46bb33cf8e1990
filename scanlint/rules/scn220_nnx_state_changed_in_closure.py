from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import ClassInfo, Program, Scope
from scanlint.semantic.tracing import ENTRY_WORDS, LOOPS, loop_functions

_NNX = "import jax\nimport jax.numpy as jnp\nfrom flax import nnx\n"
# NNX's own loops take the body first and lift only what it is given (its arguments).
_NNX_LOOPS = frozenset({"flax.nnx.scan"})
_MODULES = frozenset({"flax.nnx.Module", "flax.nnx.module.Module"})
# Layers whose call changes their state: Dropout advances its Rngs' counter, BatchNorm
# updates its batch statistics unless told to use the running average.
_CHANGING_LAYERS = {"flax.nnx.Dropout": ("deterministic", "an `nnx.Dropout` drawing from its "
                                         "`Rngs`"),
                    "flax.nnx.BatchNorm": ("use_running_average", "an `nnx.BatchNorm` "
                                           "updating its batch statistics")}
_RNGS = frozenset({"flax.nnx.Rngs"})
_VARIABLES = frozenset({"flax.nnx.BatchStat", "flax.nnx.Variable", "flax.nnx.Cache",
                        "flax.nnx.Intermediate"})


class NnxStateChangedInClosure(Rule):
    """
    ## What it does
    Finds a loop body (`jax.lax.scan`, `fori_loop`, `while_loop`, `lax.map`, or
    `nnx.scan`'s function) that calls an NNX module it closes over, not one it is given,
    when calling that module changes the module's state: a layer of it is an `nnx.Dropout`
    with its own `Rngs` (each call advances the stream's counter), an `nnx.BatchNorm` that
    updates its statistics, or its methods write one of its `BatchStat`/`Variable`s. The
    module is a class of the file deriving from `nnx.Module` (its layers followed through
    the file's classes).

    ## Why is this bad?
    The loop traces its body once; the module's `Variable`s belong to the code outside.
    NNX refuses to change them from inside a trace they were not passed into and raises
    `TraceContextError` ("Cannot mutate RngStream from a different trace level"), or, in
    a `jax.lax` loop, the update would be lost. Calling the module once outside the loop
    works, which hides the cause (https://github.com/google/flax/issues/4151,
    https://github.com/google/flax/issues/4722). A test runs the invalid cases below under
    JAX and flax and shows the error.

    ## Example
    ```python
    model = MLP(rngs=nnx.Rngs(0))  # holds an nnx.Dropout

    def body(carry, x):
        return carry, model(x)

    _, ys = jax.lax.scan(body, None, xs)
    ```

    ## Use instead
    ```python
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def body(model, x):
        return model, model(x)

    model, ys = body(model, xs)
    ```
    No fix is offered: the module has to become one of the loop's arguments.
    """

    CODE = "SCN220"
    NAME = "nnx-state-changed-in-closure"
    MESSAGE = ("`{module}` is an NNX module this `{loop}` body closes over, and calling it "
               "changes its state ({why}): NNX cannot change it from inside the loop's "
               "trace; give the module to the loop (`nnx.scan`'s arguments or carry) instead "
               "of closing over it")
    PROGRAM = True
    JAX_ERROR = "from a different trace level"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "nnx" not in ctx.text:
            return
        program = ctx.program
        program.prepare(ENTRY_WORDS)
        program.ensure_all()
        seen: set[int] = set()
        for site in list(program.calls):
            q = program.qualified(site.node.func, site.scope) or ""
            kind = "scan" if q in _NNX_LOOPS else LOOPS.get(q)
            if kind is None:
                continue
            for _, body in loop_functions(site.node, kind):
                for target in program.targets(body, site.scope):
                    for call, name, why in _closed_over_changing(program, target.function):
                        if id(call) in seen:
                            continue
                        seen.add(id(call))
                        message = self.MESSAGE.format(module=name, loop=kind, why=why)
                        yield ctx.diagnostic_at(self, call.func, no_fix_reason(
                            message, "the module has to become one of the loop's arguments"))

    VALID = [
        # The module is the loop's carry, through nnx.scan.
        _NNX + "class Net(nnx.Module):\n    def __init__(self, rngs):\n"
        "        self.drop = nnx.Dropout(0.5, rngs=rngs)\n"
        "    def __call__(self, x):\n        return self.drop(x)\n"
        "model = Net(nnx.Rngs(0))\n"
        "def body(model, x):\n    return model, model(x)\n"
        "model, ys = nnx.scan(body, in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))"
        "(model, jnp.ones((3, 2)))\n",
        # A module whose call changes nothing (its parameters are only read).
        _NNX + "class Affine(nnx.Module):\n    def __init__(self, rngs):\n"
        "        self.linear = nnx.Linear(2, 2, rngs=rngs)\n"
        "    def __call__(self, x):\n        return self.linear(x)\n"
        "model = Affine(nnx.Rngs(0))\n"
        "def body(c, x):\n    return c, model(x)\n"
        "_, ys = jax.lax.scan(body, None, jnp.ones((3, 2)))\n",
        # Dropout told to be deterministic draws nothing.
        _NNX + "class Net(nnx.Module):\n    def __init__(self, rngs):\n"
        "        self.drop = nnx.Dropout(0.5, deterministic=True, rngs=rngs)\n"
        "    def __call__(self, x):\n        return self.drop(x)\n"
        "model = Net(nnx.Rngs(0))\n"
        "def body(c, x):\n    return c, model(x)\n"
        "_, ys = jax.lax.scan(body, None, jnp.ones((3, 2)))\n",
    ]

    INVALID = [
        # https://github.com/google/flax/issues/4151: Dropout's Rngs advanced in a scan body.
        Invalid(_NNX + "class MLP(nnx.Module):\n    def __init__(self, *, rngs: nnx.Rngs):\n"
                "        self.linear = nnx.Linear(2, 4, rngs=rngs)\n"
                "        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)\n"
                "    def __call__(self, x):\n        return self.dropout(self.linear(x))\n"
                "def main():\n    model = MLP(rngs=nnx.Rngs(0))\n"
                "    def step(carry, x):\n        return carry, model(x)\n"
                "    return jax.lax.scan(step, None, jnp.ones((3, 2)))\n"
                "main()\n"),
        # https://github.com/google/flax/issues/4722: a running mean written in nnx.scan's
        # function, which closes over the module.
        Invalid(_NNX + "class RunningNorm(nnx.Module):\n    def __init__(self, dim):\n"
                "        self.mean = nnx.BatchStat(jnp.zeros(dim))\n"
                "    def __call__(self, x):\n"
                "        self.mean[...] = 0.9 * self.mean[...] + 0.1 * x.mean(0)\n"
                "        return x - self.mean[...]\n"
                "def stream(model, batches):\n    def body(total, batch):\n"
                "        out = model(batch)\n        return total + out.sum(), out.mean()\n"
                "    return nnx.scan(body)(jnp.float32(0.0), batches)\n"
                "stream(RunningNorm(4), jnp.ones((6, 8, 4)))\n"),
    ]



def _closed_over_changing(program: Program, body: Scope):
    """(call, module name, why) for each call in ``body`` of an NNX module bound outside it
    whose call changes its state."""
    for node in ast.walk(body.node):
        if not isinstance(node, ast.Call):
            continue
        # The module called itself (`model(x)`): which state another of its methods
        # changes is not followed.
        name = node.func
        if not isinstance(name, ast.Name) or name.id in body.params:
            continue
        site = program.call_at.get(id(node))
        scope = site.scope if site is not None else body
        bindings = program.lookup(scope, name.id)
        if not bindings or any(b.scope.within(body) for b in bindings):
            continue  # bound in the body: its own, or given to it
        owner = program.object_class(name, scope, deep=True)
        if owner is None or not owner[1] or not _is_module(program, owner[0]):
            continue
        why = _changes_state(program, owner[0], 0)
        if why:
            yield node, name.id, why


def _is_module(program: Program, cls: ClassInfo, depth: int = 0) -> bool:
    """Whether the class derives from `nnx.Module` (through the file's classes)."""
    if depth > 4:
        return False
    outer = cls.scope.parent or program.module
    for base in cls.node.bases:
        if program.qualified(base, outer) in _MODULES:
            return True
        made = program.object_class(base, outer)
        if made is not None and not made[1] and _is_module(program, made[0], depth + 1):
            return True
    return False


def _changes_state(program: Program, cls: ClassInfo, depth: int) -> str:
    """What a call of the module changes ("" for nothing the file shows)."""
    if depth > 3:
        return ""
    for attr, assigned in cls.attributes.items():
        for value, method in assigned:
            if not isinstance(value, ast.Call):
                continue
            q = program.qualified(value.func, method) or ""
            if q in _CHANGING_LAYERS:
                off, what = _CHANGING_LAYERS[q]
                if not any(k.arg == off and isinstance(k.value, ast.Constant)
                           and k.value.value is True for k in value.keywords):
                    return f"`self.{attr}`, {what}"
            elif q in _VARIABLES and _written(program, cls, attr):
                return f"`self.{attr}`, a `{q.rsplit('.', 1)[-1]}` its methods write"
            elif q in _RNGS and _read_in_methods(program, cls, attr):
                return f"`self.{attr}`, an `nnx.Rngs` its methods draw from"
            held = program.instance_class(value, method)
            if held is not None and _is_module(program, held):
                inner = _changes_state(program, held, depth + 1)
                if inner:
                    return f"`self.{attr}`: {inner}"
    return ""


def _self_attributes(cls: ClassInfo):
    """(node, the attribute) for each `self.attr` read or written in the class's methods."""
    for node in ast.walk(cls.node):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id == "self":
            yield node


def _written(program: Program, cls: ClassInfo, attr: str) -> bool:
    """`self.attr[...] = ...`, `self.attr.value = ...`, `self.attr.value += ...`."""
    for node in ast.walk(cls.node):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign) else []
        for target in targets:
            inner = target.value if isinstance(target, (ast.Subscript, ast.Attribute)) else None
            if isinstance(inner, ast.Attribute) and inner.attr == attr and isinstance(
                    inner.value, ast.Name) and inner.value.id == "self":
                return True
    return False


def _read_in_methods(program: Program, cls: ClassInfo, attr: str) -> bool:
    return any(node.attr == attr and isinstance(node.ctx, ast.Load)
               for node in _self_attributes(cls))
