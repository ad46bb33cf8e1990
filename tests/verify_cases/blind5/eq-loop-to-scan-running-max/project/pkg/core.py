import jax.numpy as jnp
from jax import lax


def running_max(xs):
    out = []
    m = xs[0]
    for x in xs:
        m = jnp.maximum(m, x)
        out.append(m)
    return jnp.stack(out)
