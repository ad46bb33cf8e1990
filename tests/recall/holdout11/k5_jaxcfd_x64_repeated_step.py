# expect: bug
# source: https://github.com/google/jax-cfd/pull/44
# mistake: With x64 enabled, the step function mixes the float32 velocity with float64 NumPy grid constants, so the repeated (scanned) step returns a float64 carry for a float32 input and scan rejects the carry.
# kind: 5 carry structure / dtype mismatch
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


@dataclasses.dataclass
class Grid:
    shape: tuple
    domain: tuple

    @property
    def step(self):
        return tuple(np.float64(hi - lo) / n for (lo, hi), n in zip(self.domain, self.shape))


def repeated(f, steps):
    def f_repeated(x_initial):
        g = lambda x, _: (f(x), None)
        x_final, _ = lax.scan(g, x_initial, xs=None, length=steps)
        return x_final
    return f_repeated


def semi_implicit_navier_stokes(density, viscosity, dt, grid):
    dx, dy = grid.step

    def laplacian(u):
        return ((jnp.roll(u, 1, 0) - 2 * u + jnp.roll(u, -1, 0)) / dx ** 2
                + (jnp.roll(u, 1, 1) - 2 * u + jnp.roll(u, -1, 1)) / dy ** 2)

    def step(v):
        u, w = v
        u = u + dt * viscosity / density * laplacian(u)
        w = w + dt * viscosity / density * laplacian(w)
        return (u, w)

    return step


def main():
    with jax.enable_x64(True):
        size = 32
        grid = Grid((size, size), ((0, 2 * np.pi), (0, 2 * np.pi)))
        key = jax.random.PRNGKey(0)
        v0 = tuple(jax.random.normal(k, (size, size)) for k in jax.random.split(key))
        v0 = tuple(c.astype(jnp.float32) for c in v0)  # run the simulation in single precision
        step_fn = repeated(semi_implicit_navier_stokes(1.0, 1e-3, 0.01, grid), steps=25)
        rollout = jax.jit(repeated(step_fn, 4))
        u, w = rollout(v0)
        print(u.dtype)


if __name__ == "__main__":
    main()
