import functools

import numpy as np
import jax
import jax.numpy as jnp


@functools.lru_cache(maxsize=None)
def _nodes(order):
    x, w = np.polynomial.legendre.leggauss(order)
    return tuple(x.tolist()), tuple(w.tolist())


def gauss_legendre(fn, order):
    x, w = _nodes(order)
    fx = jax.vmap(fn)(jnp.asarray(x, jnp.float32))
    return jnp.dot(jnp.asarray(w, jnp.float32), fx)
