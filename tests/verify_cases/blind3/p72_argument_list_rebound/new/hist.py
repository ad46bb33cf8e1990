import jax.numpy as jnp
from jax import lax


def fit(state, xs):
    def step(w, x):
        return w + 0.5 * (x - w), (x - w) ** 2

    w, losses = lax.scan(step, state["w"], xs)
    state["w"] = w
    state["history"] = state["history"] + [float(losses[-1])]
    return w
