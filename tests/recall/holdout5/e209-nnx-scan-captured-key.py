# case: e209-nnx-scan-captured-key
# source: https://github.com/google/flax/issues/4950
# kind: mistake
# rules: SCN209
# jax: symptom bool(jnp.all(noises[0] == noises[1]))
# note: an NNX recurrent cell run over time with the nnx.scan decorator, whose body adds
#   noise drawn from a key captured from the enclosing function, so the "dropout-like"
#   noise is frozen across time; the issue hit the same freezing with Linen's nn.scan.

import jax
import jax.numpy as jnp
from flax import nnx


class NoisyCell(nnx.Module):
    def __init__(self, dim, rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, h, x, noise):
        return jnp.tanh(self.lin(h) + x) + 0.1 * noise


def run(cell, xs, key):
    @nnx.scan(in_axes=(nnx.Carry, None, 0), out_axes=(nnx.Carry, 0))
    def step(h, cell, x):
        noise = jax.random.normal(key, h.shape)
        return cell(h, x, noise), noise

    return step(jnp.zeros(xs.shape[-1]), cell, xs)


cell = NoisyCell(8, nnx.Rngs(0))
h, noises = run(cell, jnp.ones((12, 8)), jax.random.PRNGKey(3))
print(noises[:2])
