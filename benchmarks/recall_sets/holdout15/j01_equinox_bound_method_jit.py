# expect: bug
# source: https://github.com/patrick-kidger/equinox/issues/268
# mistake: jax.jit is applied to the bound method of each new Module instance (jax.jit(m.foo)), so every instance gets a fresh jit wrapper and the same computation is re-traced for every model built in the loop.
import dataclasses

import jax
import jax.numpy as jnp

TRACES = {"foo": 0}


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class MyModule:
    """Plain-JAX stand-in for the eqx.Module in the report: one array leaf."""

    y: jax.Array

    def foo(self, x):
        TRACES["foo"] += 1  # Python side effect: runs once per trace
        return self.y * x

    def __hash__(self):
        # eqx.Module hashes by leaves; bound methods of two instances hash equal
        return hash(type(self))


def make_models(n):
    return [MyModule(y=jnp.asarray(float(i))) for i in range(n)]


def evaluate(models, x):
    outs = []
    for m in models:
        jitted = jax.jit(m.foo)  # new wrapper per instance -> new cache entry
        outs.append(jitted(x))
    return jnp.stack(outs)


def main():
    models = make_models(6)
    x = jnp.ones(3)
    out = evaluate(models, x)
    out = evaluate(models, x)  # second sweep: still one wrapper per call
    print("outputs shape:", out.shape)
    print("traces of MyModule.foo for 6 models x 2 sweeps:", TRACES["foo"])
    assert TRACES["foo"] > 1
