# expect: none
# source: https://github.com/google/jax-cfd/pull/44
# mistake: (fixed) grid constants are cast to the input velocity's dtype inside the step, so the scanned carry stays float32 even with x64 enabled.
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
    def laplacian(u):
        dx, dy = (jnp.asarray(h, dtype=u.dtype) for h in grid.step)
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
        v0 = tuple(jax.random.normal(k, (size, size)).astype(jnp.float32) for k in jax.random.split(key))
        step_fn = repeated(semi_implicit_navier_stokes(1.0, 1e-3, 0.01, grid), steps=25)
        u, w = jax.jit(repeated(step_fn, 4))(v0)
        print(u.dtype)


if __name__ == "__main__":
    main()
