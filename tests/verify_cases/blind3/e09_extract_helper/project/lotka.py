import jax.numpy as jnp
from jax import lax


def lotka_volterra(s0, n, dt=0.01):
    def step(s, _):
        prey, pred = s
        dprey = 1.1 * prey - 0.4 * prey * pred
        dpred = 0.1 * prey * pred - 0.4 * pred
        s = (prey + dt * dprey, pred + dt * dpred)
        return s, s[0]

    return lax.scan(step, s0, None, length=n)
