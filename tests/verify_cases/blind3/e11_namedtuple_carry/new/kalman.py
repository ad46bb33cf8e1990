from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class _Belief(NamedTuple):
    mean: jnp.ndarray
    var: jnp.ndarray


def kalman_1d(zs, q=0.01, r=0.5):
    def step(b, z):
        p = b.var + q
        k = p / (p + r)
        m = b.mean + k * (z - b.mean)
        p = (1.0 - k) * p
        return _Belief(m, p), m

    b, ms = lax.scan(step, _Belief(jnp.float32(0.0), jnp.float32(1.0)), zs)
    return ms, b.var
