import warnings
import jax.numpy as jnp


def check_lr(lr):
    if lr > 1.0:
        warnings.warn(f"learning rate {lr} is large", UserWarning)
    return jnp.float32(min(lr, 1.0))
