# case: e303-nnx-list-of-blocks
# source: https://github.com/google/flax/issues/1771
# kind: mistake
# rules: SCN303
# jax: symptom trace_size(36) > 15 * trace_size(2)
# jax[flax<0.11]: raises module 'flax.nnx' has no attribute 'List'
# note: a Flax NNX model that builds `self.layers = nnx.List([Block(...) for _ in
#   range(n_layers)])` and runs `for layer in self.layers: x = layer(x)` under nnx.jit; the
#   issue's model was a Linen transformer stack built in setup(). flax 0.10 (the last for
#   Python 3.10) has no nnx.List, so the mistake cannot be written this way there.

import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, dim, rngs):
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.lin = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return x + jax.nn.gelu(self.lin(self.norm(x)))


class Stack(nnx.Module):
    def __init__(self, n_layers, dim, rngs):
        self.layers = nnx.List([Block(dim, rngs) for _ in range(n_layers)])

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


@nnx.jit
def run(model, x):
    return model(x)


def trace_size(n_layers):
    model = Stack(n_layers, 16, nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    pure = lambda state, x: nnx.merge(graphdef, state)(x)
    return len(str(jax.make_jaxpr(pure)(state, jnp.ones((4, 16)))))


model = Stack(4, 16, nnx.Rngs(0))
print(run(model, jnp.ones((4, 16))).shape, trace_size(36), trace_size(2))
