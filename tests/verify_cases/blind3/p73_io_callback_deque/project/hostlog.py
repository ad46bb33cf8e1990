import collections

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

BUFFER = collections.deque(maxlen=100)


def _push(x):
    BUFFER.append(float(x))
    return np.zeros((), np.float32)


def run(x, n):
    def step(c, _):
        c = 0.5 * c + 1.0
        io_callback(_push, jax.ShapeDtypeStruct((), jnp.float32), c, ordered=True)
        return c, None

    return lax.scan(step, x, None, length=n)[0]
