import jax.numpy as jnp


def reduce_loss(losses, reduction="mean"):
    if reduction == "mean":
        out = jnp.mean(losses)
    else:
        out = jnp.sum(losses)
    return out
