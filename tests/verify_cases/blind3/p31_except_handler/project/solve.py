import jax.numpy as jnp
from jax import lax


def get_tol(cfg):
    try:
        return float(cfg["tol"])
    except KeyError:
        return 1e-6


def fixed_point(x0, cfg):
    tol = get_tol(cfg)

    def cond(c):
        x, prev, i = c
        return (jnp.abs(x - prev) > tol) & (i < 100)

    def body(c):
        x, _, i = c
        return jnp.cos(x), x, i + 1

    x, _, n = lax.while_loop(cond, body, (jnp.cos(x0), x0, 1))
    return x, n
