"""Annotated step functions keep true annotations through the closure <-> carry fixes.

Libraries such as gpjax run their tests under a runtime type checker (jaxtyping's import
hook with beartype), which checks every call of every function, nested ones included. A fix
that threads `k` into `def body(i, c: C) -> C` made the body receive `(c, k)` and return it,
so the checker rejected the first call: the rewritten library failed its own tests. Here a
small checker of the same kind (isinstance for classes, tuples element by element, `Any`)
decorates every function of the module, before and after the fix, and each entry runs jitted
and eagerly; the outputs must also be bit-identical.
"""

import ast
import functools
import inspect
import typing

import pytest

from test_param_style_runtime import fixed

from scanlint.core.settings import Settings

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

CARRY = Settings(param_style="carry", select=("SCN1",))
CLOSURE = Settings(param_style="closure", select=("SCN1",))

MODULE = '''from typing import Any, NamedTuple, Tuple

import jax
from jax import Array


class C(NamedTuple):
    a: Array


def nested(x, k, xs):
    def body(i: Array, c: C) -> C:
        return C(c.a * k[:, i])

    return jax.lax.fori_loop(0, 3, body, C(x))


def flat(x, k, xs):
    def body(i, carry: Tuple[Array, Array]) -> Tuple[Array, Array]:
        a, b = carry
        return a * k[:, i], b + k[:, i]

    return jax.lax.fori_loop(0, 3, body, (x, x))


def scan_pair(x, k, xs):
    def step(c: Array, t: Array) -> Tuple[Array, Array]:
        return c * k[:, t], c

    return jax.lax.scan(step, x, xs)


def scan_any(x, k, xs):
    def step(c: Any, t) -> Any:
        return c * k[:, t], c

    return jax.lax.scan(step, x, xs)


def passthrough(x, k, xs):
    def body(i, carry: Tuple[Array, Array]) -> Tuple[Array, Array]:
        a, b = carry
        return a + b, b

    a, b = jax.lax.fori_loop(0, 3, body, (x, x))
    return a


def passthrough_scan(x, k, xs):
    def step(carry: Tuple[Array, Array], t) -> Tuple[Tuple[Array, Array], Array]:
        a, b = carry
        return (a + b * t, b), a

    (a, b), ys = jax.lax.scan(step, (x, x), xs)
    return a, ys


def passthrough_bare(x, k, xs):
    def body(i, carry: tuple) -> tuple:
        a, b = carry
        return a + b, b

    a, b = jax.lax.fori_loop(0, 3, body, (x, x))
    return a
'''
ENTRIES = ["nested", "flat", "scan_pair", "scan_any", "passthrough", "passthrough_scan",
           "passthrough_bare"]


def _fits(value, hint) -> bool:
    if hint is typing.Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    if typing.get_origin(hint) in (tuple, typing.Tuple):
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args))
    return isinstance(value, hint)


def _checked(function):
    """The function, checking its annotated arguments and result on every call."""
    signature = inspect.signature(function)

    @functools.wraps(function)
    def call(*args, **kwargs):
        hints = typing.get_type_hints(function)
        for name, value in signature.bind(*args, **kwargs).arguments.items():
            if name in hints:
                assert _fits(value, hints[name]), f"{function.__name__}: {name}={value!r}"
        result = function(*args, **kwargs)
        if "return" in hints:
            assert _fits(result, hints["return"]), f"{function.__name__} -> {result!r}"
        return result

    return call


def load(source: str) -> dict:
    """``source`` run as a module with `_checked` on every function (nested ones too)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            node.decorator_list.insert(0, ast.Name("_checked", ast.Load()))
    namespace = {"_checked": _checked, "__name__": "annotated"}
    exec(compile(ast.fix_missing_locations(tree), "annotated.py", "exec"), namespace)
    return namespace


def outputs(namespace: dict, name: str, jit: bool):
    x = jnp.arange(2.0) + 1.0
    k = jnp.arange(6.0).reshape(2, 3)
    xs = jnp.arange(3)
    function = jax.jit(namespace[name]) if jit else namespace[name]
    return [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(function(x, k, xs))]


@pytest.mark.parametrize("settings", [CARRY, CLOSURE], ids=["carry", "closure"])
def test_fixed_annotated_steps_pass_a_runtime_type_checker(settings):
    new = fixed(MODULE, settings)
    assert new != MODULE
    before, after = load(MODULE), load(new)
    for name in ENTRIES:
        for jit in (True, False):
            old_out, new_out = outputs(before, name, jit), outputs(after, name, jit)
            assert len(old_out) == len(new_out), name
            for a, b in zip(old_out, new_out):
                assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes(), name
