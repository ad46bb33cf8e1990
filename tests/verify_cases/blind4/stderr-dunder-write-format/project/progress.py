"""A simulation that reports progress on the terminal."""
import sys

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def _simulate(x0, ks):
    def step(x, k):
        x = x - 0.1 * k * x
        return x, x
    return lax.scan(step, x0, ks)[1]


def run(x0, n_steps, verbose=True):
    xs = _simulate(x0, jnp.linspace(0.5, 1.5, n_steps))
    if verbose:
        sys.__stderr__.write(f"simulated {n_steps} steps, final norm {float(jnp.linalg.norm(xs[-1])):.4f}\n")
    return xs
