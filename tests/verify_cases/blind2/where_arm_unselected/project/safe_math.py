"""Division and logarithm that never produce NaN."""
import jax.numpy as jnp


def safe_div(a, b, fallback=0.0):
    nz = b != 0
    return jnp.where(nz, a / jnp.where(nz, b, 1.0), fallback)


def safe_log(x, floor=-30.0):
    pos = x > 0
    return jnp.where(pos, jnp.log(jnp.where(pos, x, 1.0)), floor)


def ratio_table(num, den):
    return safe_div(num[:, None], den[None, :])
