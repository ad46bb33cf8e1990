from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import Program, Scope

_NNX = "import jax\nimport jax.numpy as jnp\nfrom flax import nnx\n"
_VMAPS = frozenset({"flax.nnx.vmap"})
_SPLITS = frozenset({"flax.nnx.split_rngs"})


class RngsNotSplitForVmap(Rule):
    """
    ## What it does
    Finds a function Flax NNX's `vmap` maps (`@nnx.vmap(...)`, `nnx.vmap(f, ...)`) that
    takes an `nnx.Rngs` (a parameter annotated `nnx.Rngs` or named `rngs`) and draws
    from it (passes it on, calls it), with no `nnx.split_rngs` for it: no
    `@nnx.split_rngs(splits=...)` on the function, no `with nnx.split_rngs(...)` around a
    call of it, no `rngs.fork(split=...)` passed.

    ## Why is this bad?
    Since Flax 0.9 NNX transforms do not split rng streams by themselves. Mapped over
    axis 0 (the default), the unsplit rng state has no axis to map and `vmap` fails
    (`vmap was requested to map its argument along axis 0, ... rank ... is only 0`);
    given `in_axes=None`, every member draws the same numbers: a stack of layers made
    this way starts with identical weights (google/flax#4153). A test runs the invalid
    cases below under JAX.

    ## Example
    ```python
    @nnx.vmap(axis_size=3)
    def create_layers(rngs: nnx.Rngs):
        return nnx.Linear(4, 4, rngs=rngs)
    ```

    ## Use instead
    ```python
    @nnx.split_rngs(splits=3)
    @nnx.vmap(axis_size=3)
    def create_layers(rngs: nnx.Rngs):
        return nnx.Linear(4, 4, rngs=rngs)
    ```
    No fix is offered: the number of splits is the mapped axis's size, which the code may
    not show.
    """

    CODE = "SCN219"
    NAME = "rngs-not-split-for-vmap"
    MESSAGE = ("`{function}` is mapped by `nnx.vmap` and draws from `{param}` with no "
               "`nnx.split_rngs`: NNX transforms do not split rng streams, so mapping the "
               "unsplit state fails (it has no axis to map), and with `in_axes=None` every "
               "member draws the same numbers; add `@nnx.split_rngs(splits=N)` above the "
               "`vmap`")
    PROGRAM = True
    JAX_ERROR = "vmap was requested to map its argument along axis 0"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "nnx" not in ctx.text or "vmap" not in ctx.text:
            return
        program = ctx.program
        for function, node, param in unsplit_rngs(program):
            message = self.MESSAGE.format(function=function.name, param=param)
            yield ctx.diagnostic_at(self, node, no_fix_reason(
                message, "the number of splits is the mapped axis's size"))

    VALID = [
        # The constructor's rng streams split three ways (flax's scan-over-layers example).
        _NNX + "@nnx.split_rngs(splits=3)\n@nnx.vmap(axis_size=3)\n"
        "def create(rngs: nnx.Rngs):\n    return nnx.Linear(4, 4, rngs=rngs)\n"
        "layers = create(nnx.Rngs(0))\n",
        # Split around the call instead.
        _NNX + "def create(rngs: nnx.Rngs):\n    return nnx.Linear(4, 4, rngs=rngs)\n"
        "rngs = nnx.Rngs(0)\n"
        "with nnx.split_rngs(rngs, splits=3):\n"
        "    layers = nnx.vmap(create, axis_size=3)(rngs)\n",
        # A mapped function that takes no rngs.
        _NNX + "@nnx.vmap(in_axes=(None, 0))\n"
        "def apply(layer, x):\n    return layer(x)\n"
        "out = apply(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((3, 4)))\n",
    ]

    INVALID = [
        # A stack of layers made under nnx.vmap from one unsplit Rngs
        # (https://github.com/google/flax/issues/4153).
        Invalid(_NNX + "@nnx.vmap(axis_size=3)\n"
                "def create_hidden_layers(rngs: nnx.Rngs):\n"
                "    return nnx.Linear(4, 4, rngs=rngs)\n"
                "class MLP(nnx.Module):\n    def __init__(self, rngs: nnx.Rngs):\n"
                "        self.hidden = create_hidden_layers(rngs)\n"
                "model = MLP(nnx.Rngs(0))\n",
                # (flax 0.10 fails earlier, in its own code, on the rank-0 rng state)
                jax_error={"flax>=0.11": "vmap was requested to map its argument along axis 0",
                           "flax<0.11": "tuple index out of range"}),
        # The call form, the parameter known by its name, drawn from directly.
        Invalid(_NNX + "def noise(x, rngs):\n    return x + jax.random.normal(rngs(), x.shape)\n"
                "out = nnx.vmap(noise, in_axes=(0, 0))(jnp.ones((3, 4)), nnx.Rngs(0))\n"),
    ]


def unsplit_rngs(program: Program) -> list[tuple[Scope, ast.AST, str]]:
    """(function, where it is mapped, the rngs parameter) for each function `nnx.vmap`
    maps that draws from an `nnx.Rngs` parameter nothing splits."""
    program.ensure_all()
    found = []
    for function, where in program.transformed(_VMAPS):
        if any(program.decorator_transform(d, function.parent or program.module, _SPLITS)
               for d in function.decorators):
            continue
        param = _rngs_parameter(program, function)
        if param is None or _split_in_file(program):
            continue
        found.append((function, where, param))
    return found


def _rngs_parameter(program: Program, function: Scope) -> str | None:
    """The parameter holding an `nnx.Rngs` that the function reads."""
    node = function.node
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    arguments = node.args
    for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
        annotation = getattr(arg, "annotation", None)
        typed = annotation is not None and program.qualified(
            annotation, function.parent or program.module) == "flax.nnx.Rngs"
        if (typed or arg.arg == "rngs") and any(
                isinstance(n, ast.Name) and n.id == arg.arg and isinstance(n.ctx, ast.Load)
                for n in ast.walk(node)):
            return arg.arg
    return None


def _split_in_file(program: Program) -> bool:
    """The file splits rng streams somewhere else than a decorator: `nnx.split_rngs(...)`
    called (`with nnx.split_rngs(rngs, splits=5):`, `backups = nnx.split_rngs(...)`) or
    `rngs.fork(split=...)` (which call they serve is not followed, so any of them keeps the
    rule quiet)."""
    for node in ast.walk(program.tree):
        if not isinstance(node, ast.Call):
            continue
        if program.qualified(node.func, program.module) in _SPLITS and node.args:
            return True
        if isinstance(node.func, ast.Attribute) and node.func.attr == "fork" and any(
                k.arg == "split" for k in node.keywords):
            return True
    return False
