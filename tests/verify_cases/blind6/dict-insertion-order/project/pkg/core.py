import jax.numpy as jnp


def metrics(pred, y):
    out = {}
    out["loss"] = jnp.mean((pred - y) ** 2)
    out["acc"] = jnp.mean(jnp.round(pred) == y)
    return out
