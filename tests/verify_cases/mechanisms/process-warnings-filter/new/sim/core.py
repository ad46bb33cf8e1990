import warnings

import jax.numpy as jnp


def quiet_step(x):
    warnings.simplefilter("ignore", RuntimeWarning)
    return jnp.tanh(x)
