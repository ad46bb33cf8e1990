"""Adam-style update driven by a frozen config dataclass."""
import dataclasses
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class AdamConfig:
    lr: float = 1e-3
    b1: float = 0.9
    b2: float = 0.999
    eps: float = 1e-8


def init(params):
    z = jnp.zeros_like(params)
    return z, z, 0


def update(cfg, params, grads, state):
    m, v, t = state
    t = t + 1
    m = cfg.b1 * m + (1 - cfg.b1) * grads
    v = cfg.b2 * v + (1 - cfg.b2) * grads * grads
    mh = m / (1 - cfg.b1 ** t)
    vh = v / (1 - cfg.b2 ** t)
    return params - cfg.lr * mh / (jnp.sqrt(vh) + cfg.eps), (m, v, t)
