import numpy as np
import jax.numpy as jnp
from jax import lax

_RNG = np.random.default_rng(0)


def perturb_and_roll(x0, n, noise=0.0):
    x0 = np.asarray(x0, dtype=np.float32)
    x0 = x0 + noise * _RNG.standard_normal(x0.shape).astype(np.float32)

    def step(x, _):
        x = 0.5 * x + 1.0
        return x, x

    _, xs = lax.scan(step, jnp.asarray(x0), None, length=n)
    return xs
