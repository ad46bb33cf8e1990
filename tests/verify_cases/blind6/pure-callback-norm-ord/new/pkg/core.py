import jax
import jax.numpy as jnp
import numpy as np


def _host_norm(m):
    return np.asarray(np.linalg.norm(m, 2), dtype=np.float32)


@jax.jit
def spectral_scale(w):
    n = jax.pure_callback(_host_norm, jax.ShapeDtypeStruct((), jnp.float32), w)
    return w / n
