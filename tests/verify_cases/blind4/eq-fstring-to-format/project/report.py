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
    print(f"steps={l.size} first={l[0]:.4f} last={l[-1]:.4f} best={l.min():.4f}")
    return float(l.min())
