import jax
import jax.numpy as jnp


def _loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def make_train_step(on_metrics):
    @jax.jit
    def train_step(w, x, y):
        loss, g = jax.value_and_grad(_loss)(w, x, y)
        new_w = w - 0.1 * g
        jax.debug.callback(on_metrics, _loss(new_w, x, y))
        return new_w

    return train_step
