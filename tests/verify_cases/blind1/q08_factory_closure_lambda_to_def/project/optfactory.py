"""SGD with inverse-time decay, built by a factory."""
from typing import NamedTuple
import jax
import jax.numpy as jnp


class SGDConfig(NamedTuple):
    lr: float
    decay: float = 0.0


def make_sgd(cfg):
    def init(params):
        return {"t": jnp.zeros((), jnp.int32)}

    def step(params, grads, state):
        lr = cfg.lr / (1.0 + cfg.decay * state["t"])
        new = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
        return new, {"t": state["t"] + 1}

    return init, step


def train(cfg, params, grad_fn, n):
    init, step = make_sgd(cfg)
    state = init(params)
    for _ in range(n):
        params, state = step(params, grad_fn(params), state)
    return params, state
