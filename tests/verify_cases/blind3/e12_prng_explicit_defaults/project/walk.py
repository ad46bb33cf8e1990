import jax
import jax.numpy as jnp
from jax import lax


def random_walk(key, n):
    def step(c, _):
        x, k = c
        k, sub = jax.random.split(k)
        x = x + jax.random.normal(sub)
        return (x, k), x

    (_, k), xs = lax.scan(step, (jnp.float32(0.0), key), None, length=n)
    return xs, k
