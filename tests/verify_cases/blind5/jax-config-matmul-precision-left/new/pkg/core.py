import jax
import jax.numpy as jnp


def gram(x):
    jax.config.update("jax_default_matmul_precision", "highest")
    return x @ x.T
