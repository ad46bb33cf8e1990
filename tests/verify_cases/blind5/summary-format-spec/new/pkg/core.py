import jax.numpy as jnp


def summary(losses):
    loss = float(jnp.mean(jnp.asarray(losses)))
    return f"loss={loss:.4g} n={len(losses)}"
