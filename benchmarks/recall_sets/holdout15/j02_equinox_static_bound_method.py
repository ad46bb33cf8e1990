# expect: bug
# source: https://github.com/patrick-kidger/equinox/issues/291
# mistake: A Module's bound method (which the Module's __get__ wraps in a fresh partial on every attribute access) is passed as a static jit argument, so its hash changes on every access and `apply` recompiles on every call.
import functools

import jax
import jax.numpy as jnp

TRACES = {"apply": 0}


class _wrap_method:
    """Mimics equinox.module._wrap_method: __get__ builds a new partial each time."""

    def __init__(self, method):
        self.method = method

    def __get__(self, instance, owner):
        if instance is None:
            return self.method
        return functools.partial(self.method, instance)  # hash == id -> differs per access


class Model:
    scale = 2.0

    @_wrap_method
    def f(self, x):
        return self.scale * jnp.sin(x)


@functools.partial(jax.jit, static_argnums=0)
def apply(f, x):
    TRACES["apply"] += 1
    return f(x)


def run(model, xs):
    total = 0.0
    for x in xs:
        total = total + apply(model.f, x)  # model.f is a new object every iteration
    return total


def main():
    model = Model()
    f1, f2 = model.f, model.f
    print("f1 is f2:", f1 is f2, "| hash equal:", hash(f1) == hash(f2))
    xs = [jnp.full((4,), float(i)) for i in range(5)]
    out = run(model, xs)
    print("result:", out)
    print("traces of apply for 5 calls with the same method:", TRACES["apply"])
    assert TRACES["apply"] == 5
