# case: e209-nnx-scan-fold-in-ok
# source: https://github.com/google/flax/issues/4950
# kind: lookalike
# rules: SCN209
# pair: e209-nnx-scan-captured-key
# jax: symptom bool(jnp.all(noises[0] == noises[1]))
# note: the same NNX cell under nnx.scan, but the captured key is folded in with the
#   scanned step index before drawing, so each time step gets fresh noise.

import jax
import jax.numpy as jnp
from flax import nnx


class NoisyCell(nnx.Module):
    def __init__(self, dim, rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, h, x, noise):
        return jnp.tanh(self.lin(h) + x) + 0.1 * noise


def run(cell, xs, key):
    @nnx.scan(in_axes=(nnx.Carry, None, 0, 0), out_axes=(nnx.Carry, 0))
    def step(h, cell, x, t):
        noise = jax.random.normal(jax.random.fold_in(key, t), h.shape)
        return cell(h, x, noise), noise

    return step(jnp.zeros(xs.shape[-1]), cell, xs, jnp.arange(xs.shape[0]))


cell = NoisyCell(8, nnx.Rngs(0))
h, noises = run(cell, jnp.ones((12, 8)), jax.random.PRNGKey(3))
print(noises[:2])
