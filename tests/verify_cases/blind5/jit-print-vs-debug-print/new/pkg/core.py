import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    print(f"loss {loss}")
    return w - 0.1 * g
