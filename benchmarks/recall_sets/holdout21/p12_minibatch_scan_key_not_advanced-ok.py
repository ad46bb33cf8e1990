# expect: none
# source: https://github.com/thomaspinder/GPJax/pull/99
# mistake: get_batch_new_key splits the carried key, draws the batch from one half and returns the other as the next carry, so each scan step sees a fresh minibatch.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.random as jr


class Dataset(NamedTuple):
    X: jnp.ndarray
    y: jnp.ndarray


def get_batch_new_key(train_data, batch_size, key):
    n = train_data.X.shape[0]
    key, new_key = jr.split(key)
    indicies = jr.choice(key, n, (batch_size,), replace=True)
    return Dataset(X=train_data.X[indicies], y=train_data.y[indicies]), new_key, indicies


def fit_batches(objective, params, train_data, n_iters, batch_size, key, lr=0.01):
    def step(carry, _):
        params, current_key = carry
        batch, new_key, indicies = get_batch_new_key(train_data, batch_size, current_key)
        loss_val, grads = jax.value_and_grad(objective)(params, batch)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return (params, new_key), indicies

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
