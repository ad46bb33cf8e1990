# expect: none
# source: https://github.com/google-deepmind/optax/pull/1730
# mistake: Resembles j11 (an adafactor-style `if` on min_dim_size_to_factor inside a jitted update), but integer/bool hyperparameters are kept static (Python values closed over, as the PR does) and only float hyperparameters live in the traced state, so the Python branch sees concrete ints.
from typing import NamedTuple

import jax
import jax.numpy as jnp

TRACES = {"update": 0}


class InjectState(NamedTuple):
    count: jax.Array
    hyperparams: dict
    inner_state: dict


def factored_adafactor(learning_rate, min_dim_size_to_factor=128, decay_rate=0.8):
    def init(params):
        return {"v": jnp.zeros_like(params)}

    def update(grads, state, params=None):
        shape = grads.shape
        if len(shape) >= 2 and min(shape) >= min_dim_size_to_factor:  # static ints only
            v = decay_rate * state["v"] + (1 - decay_rate) * jnp.mean(grads**2, axis=0, keepdims=True)
        else:
            v = decay_rate * state["v"] + (1 - decay_rate) * grads**2
        return -learning_rate * grads / jnp.sqrt(v + 1e-30), {"v": v}

    return init, update


def inject_hyperparams(inner_factory):
    def wrapped(**hparams):
        static = {k: v for k, v in hparams.items() if isinstance(v, int)}  # bool is an int
        numeric = {k: v for k, v in hparams.items() if k not in static}

        def init(params):
            inner_init, _ = inner_factory(**static, **numeric)
            return InjectState(jnp.asarray(0), {k: jnp.asarray(v) for k, v in numeric.items()},
                               inner_init(params))

        def update(grads, state, params=None):
            TRACES["update"] += 1
            _, inner_update = inner_factory(**static, **state.hyperparams)
            updates, inner = inner_update(grads, state.inner_state, params)
            return updates, InjectState(state.count + 1, state.hyperparams, inner)

        return init, update

    return wrapped


def main():
    init, update = inject_hyperparams(factored_adafactor)(learning_rate=0.1, min_dim_size_to_factor=2)
    params = jnp.ones((4, 4))
    state = init(params)
    step = jax.jit(update)
    for i in range(5):
        state.hyperparams["learning_rate"] = jnp.asarray(0.1 / (i + 1))  # schedule
        updates, state = step(jnp.full((4, 4), 0.5), state, params)
        params = params + updates
    print("params[0]:", params[0])
    print("traces of update over 5 steps:", TRACES["update"])
    assert TRACES["update"] == 1
