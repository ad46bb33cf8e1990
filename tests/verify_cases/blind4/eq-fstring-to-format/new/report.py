"""A training curve and its summary line."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def curve(w0, lr):
    def step(w, _):
        return w - lr * 2.0 * w, w ** 2
    return lax.scan(step, w0, None, length=10)[1]


def summarize(losses):
    l = np.asarray(losses)
    print("steps={} first={:.4f} last={:.4f} best={:.4f}".format(l.size, l[0], l[-1], l.min()))
    return float(l.min())
