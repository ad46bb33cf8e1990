"""Host-side event sink for training steps."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

EVENTS = []


def _sink(step, loss):
    EVENTS.append((int(step), float(loss)))


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train_step(w, x, y, step, lr=0.1):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    io_callback(_sink, None, step, loss, ordered=True)
    return w - lr * g, loss


def fit(w, x, y, steps, lr=0.1):
    for t in range(steps):
        w, _ = train_step(w, x, y, t, lr)
    return w
