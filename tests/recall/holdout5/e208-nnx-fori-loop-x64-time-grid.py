# case: e208-nnx-fori-loop-x64-time-grid
# source: https://github.com/pnkraemer/probdiffeq/issues/802
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: x64 is switched on for one precision-sensitive part of a model, but the ODE state
#   and an NNX vector-field module are float32; the Euler loop written with nnx.fori_loop
#   takes its step from a default-dtype jnp.linspace time grid, so the state comes back
#   float64. probdiffeq's solver loop hid the same promotion inside its internals.

import jax
import jax.numpy as jnp
from flax import nnx

jax.config.update("jax_enable_x64", True)


class VectorField(nnx.Module):
    def __init__(self, dim, rngs):
        self.lin = nnx.Linear(dim, dim, param_dtype=jnp.float32, dtype=jnp.float32, rngs=rngs)

    def __call__(self, y):
        return 0.5 * (1.0 - y) + 0.1 * jnp.tanh(self.lin(y))


def solve(model, y0, num_steps=10):
    ts = jnp.linspace(0.0, 1.0, num_steps + 1)

    def euler_step(i, carry):
        model, y = carry
        dt = ts[i + 1] - ts[i]
        return model, y + dt * model(y)

    _, y1 = nnx.fori_loop(0, num_steps, euler_step, (model, y0))
    return y1


model = VectorField(2, nnx.Rngs(0))
y1 = solve(model, jnp.asarray([0.1, 0.2], dtype=jnp.float32))
print(y1)
