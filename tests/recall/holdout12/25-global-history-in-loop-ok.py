# expect: none
# source: https://github.com/jax-ml/jax/issues/5233
# mistake: None: the per-step losses are returned as the stacked outputs of `lax.scan` instead of being appended to a global list inside the body.
# kind: 7 side effects in loop body
import jax
import jax.numpy as jnp
from jax import lax


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def fit(w, x, y):
    def body(w, _):
        loss, g = jax.value_and_grad(loss_fn)(w, x, y)
        return w - 0.1 * g, loss

    return lax.scan(body, w, None, length=100)


def main():
    x = jnp.linspace(-1, 1, 40).reshape(20, 2)
    y = x @ jnp.array([1.5, -0.5])
    w, loss_history = fit(jnp.zeros(2), x, y)
    assert loss_history.shape == (100,)
    assert loss_history[-1] < loss_history[0]


if __name__ == "__main__":
    main()
