"""A simulation entry point that reports bad inputs."""
import logging

import jax
import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)


@jax.jit
def _simulate(x):
    return lax.fori_loop(0, 10, lambda i, x: 0.5 * x + 1.0, x)


def run(x):
    n_bad = int(jnp.sum(~jnp.isfinite(x)))
    log.warning("%d non-finite inputs", n_bad)
    print(f"running on {x.size} values")
    return _simulate(jnp.nan_to_num(x))
