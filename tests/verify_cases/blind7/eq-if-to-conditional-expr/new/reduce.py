import jax.numpy as jnp


def reduce_loss(losses, reduction="mean"):
    out = jnp.mean(losses) if reduction == "mean" else jnp.sum(losses)
    return out
