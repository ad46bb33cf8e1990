"""Ridge regression by gradient descent."""
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y, lam):
    r = x @ w - y
    return jnp.mean(r ** 2) + lam * jnp.sum(w ** 2)


@jax.jit
def fit(w, x, y, lam, lr=0.05):
    g = jax.grad(loss)
    return lax.fori_loop(0, 100, lambda i, w: w - lr * g(w, x, y, lam), w)
