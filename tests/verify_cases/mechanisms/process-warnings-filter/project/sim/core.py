import warnings

import jax.numpy as jnp


def quiet_step(x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return jnp.tanh(x)
