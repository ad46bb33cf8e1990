import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def record(x, sink):
    loss = jnp.mean(x ** 2)
    io_callback(sink, None, loss, ordered=True)
    return loss
