import jax.numpy as jnp
from jax import lax


class Grid:
    def __init__(self, lo, hi, n):
        self.lo, self.hi, self.n = lo, hi, n
        self._points = None

    @property
    def points(self):
        if self._points is None:
            self._points = jnp.linspace(self.lo, self.hi, self.n)
        return self._points

    def integrate(self, fn):
        p = self.points
        h = (self.hi - self.lo) / (self.n - 1)
        f = fn(p)

        def step(acc, i):
            return acc + 0.5 * h * (f[i] + f[i + 1]), None

        return lax.scan(step, jnp.float32(0.0), jnp.arange(self.n - 1))[0]
