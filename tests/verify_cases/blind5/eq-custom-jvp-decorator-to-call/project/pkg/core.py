import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-12))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), t / jnp.maximum(x, 1e-12)
