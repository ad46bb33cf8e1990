# expect: bug
# source: https://github.com/patrick-kidger/diffrax/issues/531
# mistake: the per-path simulate function builds its Brownian motion from one fixed seed key and is vmapped only over the initial conditions, so every vmapped SDE trajectory is driven by the same Brownian path and the "independent" paths are identical.
import time  # for seeding

import jax as jx
import jax.random as jr
from jax import numpy as jnp

t0, t1 = 0.0, 1.0
dt0 = 0.01
SEED = int(time.time()) % 1000

# we define a simple 2d BM with drift
drift = lambda _, y, args: jnp.array([-y[0], -y[1]])
diffusion = lambda _, y, args: jnp.diag(jnp.array([1.0, 1.0]))


class VirtualBrownianTree:
    """Stand-in for diffrax.VirtualBrownianTree: increments are a deterministic function of (key, step)."""

    def __init__(self, t0, t1, tol, shape, key):
        self.t0, self.t1, self.tol, self.shape, self.key = t0, t1, tol, shape, key

    def increment(self, step, dt):
        return jnp.sqrt(dt) * jr.normal(jr.fold_in(self.key, step), self.shape)


def diffeqsolve(drift, diffusion, brownian_motion, t0, t1, dt0, y0):
    n_steps = int(round((t1 - t0) / dt0))

    def euler_step(y, step):
        t = t0 + step * dt0
        dw = brownian_motion.increment(step, dt0)
        y = y + drift(t, y, None) * dt0 + diffusion(t, y, None) @ dw
        return y, y

    _, ys = jx.lax.scan(euler_step, y0, jnp.arange(n_steps))
    return ys


def simulate(y0):
    brownian_motion = VirtualBrownianTree(t0, t1, tol=1e-3, shape=(2,), key=jr.PRNGKey(SEED))
    return diffeqsolve(drift, diffusion, brownian_motion, t0, t1, dt0, y0)


def main():
    n_paths = 4
    y0s = jnp.ones((n_paths, 2))
    paths = jx.vmap(simulate)(y0s)
    identical = all(bool(jnp.allclose(paths[0], paths[i])) for i in range(n_paths))
    print("paths shape:", paths.shape)
    print("all vmapped SDE paths identical:", identical)
    print("final states:", paths[:, -1].tolist())
