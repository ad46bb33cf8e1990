import jax.numpy as jnp
from jax import lax


def rollout(x0, n, verbose=False):
    _, xs = lax.scan(lambda x, _: (jnp.cos(x), jnp.cos(x)), x0, None, length=n)
    verbose and print(f"rollout: final={float(xs[-1]):.4f}")
    return xs
