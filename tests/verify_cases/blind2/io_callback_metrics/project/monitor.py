"""Training loop that streams per-step losses to the host with io_callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

METRICS = []


def _record(step, value):
    METRICS.append((int(step), float(value)))
    return np.int32(len(METRICS))


def _loss(w, x):
    return jnp.mean((w * x - 1.0) ** 2)


def train(w, xs, lr=0.1):
    def body(w, inp):
        i, x = inp
        loss, g = jax.value_and_grad(_loss)(w, x)
        io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), i, loss, ordered=True)
        return w - lr * g, loss

    return jax.lax.scan(body, w, (jnp.arange(xs.shape[0]), xs))


def reset():
    METRICS.clear()
