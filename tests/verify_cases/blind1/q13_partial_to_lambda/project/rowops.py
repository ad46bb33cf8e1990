"""Row-wise transforms batched with vmap."""
import functools
import jax
import jax.numpy as jnp


def _kernel(x, scale, power):
    return scale * jnp.abs(x) ** power


def transform_rows(xs, scale=1.0, power=2):
    f = functools.partial(_kernel, scale=scale, power=power)
    return jax.vmap(f)(xs)


def row_energy(xs, scale=1.0):
    return jnp.sum(transform_rows(xs, scale, 2), axis=-1)


def normalize_rows(xs):
    e = row_energy(xs)
    return xs / jnp.sqrt(jnp.maximum(e, 1e-12))[:, None]
