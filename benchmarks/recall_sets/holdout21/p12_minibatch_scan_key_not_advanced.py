# expect: bug
# source: https://github.com/thomaspinder/GPJax/pull/99
# mistake: The scanned optimisation step draws minibatch indices from the key in its carry but returns the same key, so every step of the scan trains on the identical minibatch.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.random as jr


class Dataset(NamedTuple):
    X: jnp.ndarray
    y: jnp.ndarray


def fit_batches(objective, params, train_data, n_iters, batch_size, key, lr=0.01):
    n = train_data.X.shape[0]
    x, y = train_data.X, train_data.y

    def loss(params, batch):
        return objective(params, batch)

    def step(carry, _):
        params, prng = carry
        indicies = jr.choice(prng, n, (batch_size,), replace=True)
        batch = Dataset(X=x[indicies], y=y[indicies])
        loss_val, grads = jax.value_and_grad(loss)(params, batch)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return (params, prng), indicies

    (params, _), history = jax.lax.scan(step, (params, key), None, length=n_iters)
    return params, history


def mse(params, batch):
    return jnp.mean((batch.X @ params["w"] - batch.y) ** 2)


def main():
    X = jr.normal(jr.PRNGKey(1), (200, 2))
    data = Dataset(X=X, y=X @ jnp.array([1.0, -1.0]))
    _, history = fit_batches(mse, {"w": jnp.zeros(2)}, data, n_iters=20, batch_size=8, key=jr.PRNGKey(0))
    distinct = len({tuple(map(int, row)) for row in history})
    print(f"iterations=20 distinct minibatches={distinct} first={history[0][:4]}")


if __name__ == "__main__":
    main()
