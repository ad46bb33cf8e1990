import jax.numpy as jnp
import numpy as np


def scale(x):
    return jnp.asarray(x) * 2.0
