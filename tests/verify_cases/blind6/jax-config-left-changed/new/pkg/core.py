import jax
import jax.numpy as jnp


def precise_matmul(a, b):
    jax.config.update("jax_default_matmul_precision", "highest")
    return a @ b
