"""Minibatching for a linear model."""
import jax
import jax.numpy as jnp


def batches(x, y, batch_size, key=None):
    """Yield normalised (x, y) minibatches; shuffled when a key is given."""
    n = x.shape[0]
    idx = jnp.arange(n) if key is None else jax.random.permutation(key, n)
    for s in range(0, n - batch_size + 1, batch_size):
        b = idx[s:s + batch_size]
        yield (x[b] - 0.5) / 0.25, y[b]


@jax.jit
def train_step(w, xb, yb, lr=0.05):
    g = jax.grad(lambda w: jnp.mean((xb @ w - yb) ** 2))(w)
    return w - lr * g
