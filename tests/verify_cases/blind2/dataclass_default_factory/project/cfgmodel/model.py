"""MLP whose architecture comes from a dataclass config."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@dataclass
class ModelConfig:
    widths: list = field(default_factory=lambda: [64, 64])
    activation: str = "tanh"


def init(key, d_in, cfg):
    sizes = [d_in] + list(cfg.widths) + [1]
    keys = jax.random.split(key, len(sizes) - 1)
    return [jax.random.normal(k, (m, n)) * jnp.sqrt(1.0 / m) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def apply(params, x, cfg):
    act = getattr(jnp, cfg.activation)
    for w in params[:-1]:
        x = act(x @ w)
    return x @ params[-1]
