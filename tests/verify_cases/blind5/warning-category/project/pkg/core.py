import warnings

import jax.numpy as jnp


def legacy_norm(x):
    warnings.warn("legacy_norm is deprecated; use unit()", DeprecationWarning, stacklevel=2)
    return x / jnp.linalg.norm(x)
