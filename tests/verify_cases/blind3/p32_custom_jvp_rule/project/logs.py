import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_jvp
def safe_log1p(x):
    return jnp.log1p(x)


@safe_log1p.defjvp
def _safe_log1p_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log1p(x), t / (1.0 + x)


def total(xs):
    return lax.scan(lambda c, x: (c + safe_log1p(x), None), jnp.float32(0.0), xs)[0]
