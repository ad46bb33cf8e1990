# expect: bug
# source: https://github.com/google-deepmind/optax/pull/1730
# mistake: inject_hyperparams turns every numeric hyperparameter, including the structural integer min_dim_size_to_factor, into a traced array in the optimizer state, and adafactor then uses it in a Python `if`, so jitting update raises TracerBoolConversionError.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class InjectState(NamedTuple):
    count: jax.Array
    hyperparams: dict
    inner_state: dict


def factored_adafactor(learning_rate, min_dim_size_to_factor=128, decay_rate=0.8):
    def init(params):
        return {"v": jnp.zeros_like(params)}

    def update(grads, state, params=None):
        shape = grads.shape
        # structural decision made with a Python comparison
        if len(shape) >= 2 and min(shape) >= min_dim_size_to_factor:
            v = decay_rate * state["v"] + (1 - decay_rate) * jnp.mean(grads**2, axis=0, keepdims=True)
        else:
            v = decay_rate * state["v"] + (1 - decay_rate) * grads**2
        return -learning_rate * grads / jnp.sqrt(v + 1e-30), {"v": v}

    return init, update


def inject_hyperparams(inner_factory):
    def wrapped(**hparams):
        def init(params):
            numeric = {k: jnp.asarray(v) for k, v in hparams.items()}
            inner_init, _ = inner_factory(**hparams)
            return InjectState(jnp.asarray(0), numeric, inner_init(params))

        def update(grads, state, params=None):
            # hyperparams come back out of the (traced) state
            _, inner_update = inner_factory(**state.hyperparams)
            updates, inner = inner_update(grads, state.inner_state, params)
            return updates, InjectState(state.count + 1, state.hyperparams, inner)

        return init, update

    return wrapped


def main():
    init, update = inject_hyperparams(factored_adafactor)(learning_rate=0.1, min_dim_size_to_factor=2)
    params = jnp.ones((4, 4))
    state = init(params)
    grads = jnp.full((4, 4), 0.5)
    step = jax.jit(update)
    updates, state = step(grads, state, params)  # raises TracerBoolConversionError
    print("updates:", updates)
