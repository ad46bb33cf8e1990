import jax
import jax.numpy as jnp


@jax.jit
def _sgd(w, batch, lr):
    x, y = batch
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - lr * g


def train(w, batches, num_steps, lr=0.1):
    for _, batch in zip(range(num_steps), batches):
        w = _sgd(w, batch, lr)
    return w
