from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.prefilter.text import match_lines
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import own_nodes_of

_JNP = "import jax\nimport jax.numpy as jnp\n"
# `new_state`, `state_new`, `next_state`, `state_next`, `updated_state`, `state_nxt`,
# `new_opt_state`: a name announcing the next value of another.
_SUCCESSOR = re.compile(r"^(?:new|next|nxt|updated)_(?P<a>\w+)$|^(?P<b>\w+?)_(?:new|next|nxt|"
                        r"updated)$")


class NewStateNotReturned(Rule):
    """
    ## What it does
    Finds a function that computes the next value of one of its states, named as such (a
    name with `state`: `updated_state`, `state_nxt`, `new_opt_state`), never uses it
    (beyond testing it), and
    returns the state it was given instead. A new state the function reads in any other
    way (a field copied into the old one, a method called) is left alone: where the update
    goes is then the author's visible choice.

    ## Why is this bad?
    A step function's result is what the loop carries to the next step. Returning the
    state it was given drops the update: batch statistics stay at their initial values, a
    step counter never advances and the episode never ends; nothing fails
    (https://github.com/google/flax/issues/2467, https://github.com/bold-lab-ai/JaxMARL/
    pull/60). A test runs the invalid cases below under JAX and shows two steps return the
    same state.

    ## Example
    ```python
    def update_step(params, state, x):
        y, updated_state = apply_fn({"params": params, **state}, x, mutable=["batch_stats"])
        return params, state
    ```

    ## Use instead
    ```python
    def update_step(params, state, x):
        y, updated_state = apply_fn({"params": params, **state}, x, mutable=["batch_stats"])
        return params, updated_state
    ```
    No fix is offered: which fields of the new state the step means to keep is the
    author's choice.
    """

    CODE = "SCN224"
    NAME = "new-state-not-returned"
    MESSAGE = ("`{function}` computes `{new}`, the next `{old}`, but returns `{old}`: the "
               "caller gets the state it passed in and the update is lost; return `{new}`")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        lines = {line for _, line in match_lines(ctx.text, _SUCCESSOR_BOUND.finditer(ctx.text))}
        if not lines:
            return
        for function in ctx.program.nodes_on(lines):
            # (the defs holding one of the lines)
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                    function.lineno <= line <= (function.end_lineno or function.lineno)
                    for line in lines):
                for new, old, where in _dropped_updates(function):
                    message = self.MESSAGE.format(function=function.name, new=new, old=old)
                    yield ctx.diagnostic_at(self, where, no_fix_reason(
                        message, "which fields of the new state to keep is the author's "
                        "choice"))

    VALID = [
        # The new state is returned.
        _JNP + "def step(state, x):\n    new_state = state + x\n    return new_state\n"
        "first = step(jnp.zeros(2), 1.0)\nsecond = step(first, 1.0)\n",
        # The candidate is checked, and the old state kept on purpose when it fails.
        _JNP + "def step(state, x):\n    new_state = state + x\n"
        "    if bool(jnp.all(new_state < 10.0)):\n        return new_state\n    return state\n"
        "first = step(jnp.zeros(2), 1.0)\nsecond = step(first, 1.0)\n",
        # One field of the new state copied into the old one (kfac's damping calibration).
        _JNP + "from typing import NamedTuple\n"
        "class State(NamedTuple):\n    pos: jax.Array\n    t: jax.Array\n"
        "def step(state, move):\n    state_nxt = State(state.pos + move, state.t + 1)\n"
        "    state = state._replace(pos=state_nxt.pos)\n    return state\n"
        "first = step(State(jnp.zeros(2), jnp.int32(0)), 1.0).pos\n"
        "second = step(State(first, jnp.int32(0)), 1.0).pos\n",
        # Selected between in the result.
        _JNP + "def step(state, x, accept):\n    new_state = state + x\n"
        "    return jnp.where(accept, new_state, state)\n"
        "first = step(jnp.zeros(2), 1.0, True)\nsecond = step(first, 1.0, True)\n",
    ]

    INVALID = [
        # flax#2467: the mutable apply's updated state dropped.
        Invalid(_JNP + "def apply_fn(state, x):\n    return x * 2.0, state + x.mean()\n"
                "def update_step(params, state, x):\n"
                "    y, updated_state = apply_fn(state, x)\n"
                "    return params - 0.1 * y.mean(), state\n"
                "params, state = jnp.ones(()), jnp.zeros(())\n"
                "_, first = update_step(params, state, jnp.ones(3))\n"
                "_, second = update_step(params, first, jnp.ones(3))\n"),
        # The next state tested and dropped: the old one returned.
        Invalid(_JNP + "def step(state, x):\n    state_next = state + x\n"
                "    if bool(jnp.any(state_next > 100.0)):\n        raise ValueError('overflow')\n"
                "    return state\n"
                "first = step(jnp.zeros(2), 1.0)\nsecond = step(first, 1.0)\n"),
    ]


# A name announcing a state's next value (`updated_state`, `state_nxt`): the lines it is on
# are where the functions to look at are.
_SUCCESSOR_BOUND = re.compile(r"\b(?:new|next|nxt|updated)_\w*state\b|\b\w*state_(?:new|next|"
                              r"nxt|updated)\b")


def _dropped_updates(function: ast.AST):
    """(new name, old name, the `return`) for each return giving back the old state while
    the new one is in no return of the function."""
    own = list(own_nodes_of(function))
    returns = [n for n in own if isinstance(n, ast.Return) and n.value is not None]
    if not returns:
        return
    returned = {n.id for r in returns for n in ast.walk(r.value) if isinstance(n, ast.Name)}
    bound = {t.id for n in own if isinstance(n, (ast.Assign, ast.AnnAssign))
             for target in (n.targets if isinstance(n, ast.Assign) else [n.target])
             for t in ast.walk(target) if isinstance(t, ast.Name)}
    params = {a.arg for a in (*function.args.posonlyargs, *function.args.args,  # type: ignore
                              *function.args.kwonlyargs)}  # type: ignore[attr-defined]
    for new in sorted(bound - returned):
        match = _SUCCESSOR.match(new)
        old = match and (match.group("a") or match.group("b"))
        if not old or old not in params or _used(own, new):
            continue
        for ret in returns:
            if _gives_back(ret.value, old):
                yield new, old, ret
                break


def _used(own: list, name: str) -> bool:
    """Whether the function reads ``name`` other than in a test of it: passed, selected,
    stored, a method of it called, even one field copied (kfac's `state.damping =
    new_state.damping`: the update flows where the author chose)."""
    parents = {id(child): node for node in own for child in ast.iter_child_nodes(node)}
    for node in own:
        if not (isinstance(node, ast.Name) and node.id == name and
                isinstance(node.ctx, ast.Load)):
            continue
        parent = parents.get(id(node))
        if isinstance(parent, (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.If, ast.While,
                               ast.Assert, ast.IfExp)):
            continue  # a test of it (a candidate checked before being dropped)
        return True
    return False


def _gives_back(value: ast.expr, old: str) -> bool:
    """Whether a returned value is the old state itself, or an item of a returned tuple."""
    items = value.elts if isinstance(value, ast.Tuple) else [value]
    return any(isinstance(item, ast.Name) and item.id == old for item in items)
