# expect: bug
# source: https://github.com/pmelchior/scarlet2/issues/120
# mistake: Each fit passes its Observation (PSF and data) to the jitted _make_step as a static argument, so fitting a new scene of identical shape is a cache miss and recompiles the step.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
import numpy as np


class Observation:
    """Fixed-format observation; only PSF/data values differ between fits."""

    def __init__(self, data, psf):
        self.data = jnp.asarray(data)
        self.psf = jnp.asarray(psf)

    def render(self, model):
        return jnp.convolve(model, self.psf, mode="same")


@functools.partial(jax.jit, static_argnums=(1,))
def _make_step(params, obs, lr):
    def loss(p):
        return jnp.sum((obs.render(p) - obs.data) ** 2)

    return params - lr * jax.grad(loss)(params)


class Scene:
    def __init__(self, n):
        self.params = jnp.zeros(n)

    def fit(self, obs, max_iter=5):
        p = self.params
        for _ in range(max_iter):
            p = _make_step(p, obs, 0.05)
        self.params = p
        return p


def main():
    rng = np.random.default_rng(0)
    for k in range(4):  # survey processing: same shapes, different PSF per exposure
        psf = np.exp(-0.5 * (np.arange(-3, 4) / (1.0 + 0.1 * k)) ** 2)
        obs = Observation(rng.normal(size=32), psf / psf.sum())
        Scene(32).fit(obs)
    n = _make_step._cache_size()
    if n > 1:
        print(f"SYMPTOM: _make_step compiled {n} times for 4 same-shaped fits")


if __name__ == "__main__":
    main()
