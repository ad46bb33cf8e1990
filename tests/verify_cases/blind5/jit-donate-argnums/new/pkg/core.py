import jax
import jax.numpy as jnp


def _step(x, lr):
    return x - lr * jnp.tanh(x)


step = jax.jit(_step, donate_argnums=0)
